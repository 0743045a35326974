#include "parse/stated_date.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <vector>

#include "core/clock.h"
#include "core/text.h"

namespace speedlab::parse {

namespace {
struct Stamp {
    int year = 0, month = 0, day = 0;
    int hour = -1, minute = 0, second = 0;  // hour -1: no time stated
    int offset_minutes = 0;                 // east of UTC
};

// A number of 1..max_digits digits at `at`; advances past it.
std::optional<int> number(std::string_view s, size_t& at, size_t max_digits) {
    size_t start = at;
    while (at < s.size() && ascii_digit(s[at]) && at - start < max_digits) ++at;
    if (at == start || (at < s.size() && ascii_digit(s[at]))) return std::nullopt;
    int n = 0;  // at most 4 digits: summed in place, no string to atoi per number
    for (size_t k = start; k < at; ++k) n = n * 10 + (s[k] - '0');
    return n;
}

void skip_spaces(std::string_view s, size_t& at) {
    while (at < s.size() && (s[at] == ' ' || s[at] == '\t' || s[at] == ',')) ++at;
}

// "Jan", "january", "Sept." as 1..12; 0 when not a month.
int month_named(std::string_view s, size_t& at) {
    static constexpr std::array<std::string_view, 12> kMonths{
        "january", "february", "march",     "april",   "may",      "june",
        "july",    "august",   "september", "october", "november", "december"};
    size_t start = at;
    while (at < s.size() && ascii_alpha(s[at])) ++at;
    std::string_view word = s.substr(start, at - start);
    auto prefix_of = [&](std::string_view month) {  // compared in place: no copy per word
        if (word.size() > month.size()) return false;
        for (size_t k = 0; k < word.size(); ++k)
            if ((word[k] | 0x20) != month[k]) return false;
        return true;
    };
    if (word.size() >= 3)
        for (size_t m = 0; m < kMonths.size(); ++m)
            if (prefix_of(kMonths[m])) {
                if (at < s.size() && s[at] == '.') ++at;
                return static_cast<int>(m + 1);
            }
    at = start;
    return 0;
}

// "10:31" or "10:31:07" (fractions of a second ignored).
bool time_of_day(std::string_view s, size_t& at, Stamp& st) {
    size_t p = at;
    auto h = number(s, p, 2);
    if (!h || p >= s.size() || s[p] != ':') return false;
    ++p;
    auto m = number(s, p, 2);
    if (!m) return false;
    int sec = 0;
    if (p < s.size() && s[p] == ':') {
        ++p;
        auto x = number(s, p, 2);
        if (!x) return false;
        sec = *x;
        if (p < s.size() && (s[p] == '.' || s[p] == ','))
            for (++p; p < s.size() && ascii_digit(s[p]);) ++p;
    }
    if (*h > 23 || *m > 59 || sec > 60) return false;
    st.hour = *h, st.minute = *m, st.second = sec;
    at = p;
    return true;
}

// "+0200", "-05:00", "Z", "UTC", "GMT", "EST" ...; unknown names count as UTC.
void zone(std::string_view s, size_t& at, Stamp& st) {
    skip_spaces(s, at);
    if (at < s.size() && (s[at] == '+' || s[at] == '-')) {
        int sign = s[at] == '-' ? -1 : 1;
        size_t p = at + 1, start = p;
        while (p < s.size() && (ascii_digit(s[p]) || s[p] == ':') && p - start < 5) ++p;
        std::string d;
        for (char c : s.substr(start, p - start))
            if (ascii_digit(c)) d += c;
        if (d.size() != 4 && d.size() != 2) return;  // "+0200", "+02:00", "+02"
        int hh = std::atoi(d.substr(0, 2).c_str()),
            mm = d.size() == 4 ? std::atoi(d.substr(2).c_str()) : 0;
        st.offset_minutes = sign * (hh * 60 + mm);
        at = p;
        return;
    }
    static constexpr std::pair<std::string_view, int> kZones[] = {
        {"EST", -300}, {"EDT", -240}, {"CST", -360}, {"CDT", -300}, {"MST", -420},
        {"MDT", -360}, {"PST", -480}, {"PDT", -420}, {"CET", 60},   {"CEST", 120}};
    for (const auto& [name, minutes] : kZones)
        if (s.substr(at, name.size()) == name) st.offset_minutes = minutes;
}

bool plausible(const Stamp& st) {
    if (st.year < 1980 || st.year > 2100) return false;
    return valid_day(fmt::format("{:04}-{:02}-{:02}", st.year, st.month, st.day));
}

std::string iso(Stamp st) {
    if (st.hour < 0) return fmt::format("{:04}-{:02}-{:02}", st.year, st.month, st.day);
    using namespace std::chrono;
    sys_days day = year_month_day{year(st.year), month(static_cast<unsigned>(st.month)),
                                  std::chrono::day(static_cast<unsigned>(st.day))};
    sys_seconds t =
        day + hours(st.hour) + minutes(st.minute) + seconds(st.second) - minutes(st.offset_minutes);
    auto d = floor<days>(t);
    year_month_day ymd{d};
    hh_mm_ss hms{t - d};
    return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", static_cast<int>(ymd.year()),
                       static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                       hms.hours().count(), hms.minutes().count(), hms.seconds().count());
}

// "2002-05-14", then optionally "T10:31:07Z" or " 10:31 +0200".
std::optional<Stamp> iso_date(std::string_view s, size_t& at) {
    Stamp st;
    size_t p = at;
    auto y = number(s, p, 4);
    if (!y || p - at != 4 || p >= s.size() || (s[p] != '-' && s[p] != '/')) return std::nullopt;
    char sep = s[p++];
    auto m = number(s, p, 2);
    if (!m || p >= s.size() || s[p] != sep) return std::nullopt;
    ++p;
    auto d = number(s, p, 2);
    if (!d) return std::nullopt;
    st.year = *y, st.month = *m, st.day = *d;
    if (p < s.size() && (s[p] == 'T' || s[p] == ' ')) {
        size_t q = p + 1;
        if (time_of_day(s, q, st)) {
            p = q;
            if (p < s.size() && s[p] == 'Z')
                ++p;
            else
                zone(s, p, st);
        }
    }
    at = p;
    return st;
}

// "Tue, 14 May 2002 10:31:07 +0200", "14 May 2002", "May 14, 2002", "May 14 2002 10:31".
std::optional<Stamp> written_date(std::string_view s, size_t& at) {
    size_t p = at;
    size_t word = p;
    while (p < s.size() && ascii_alpha(s[p])) ++p;
    if (p > word && p < s.size() && s[p] == ',')
        skip_spaces(s, p);  // a weekday
    else
        p = word;
    Stamp st;
    if (int m = month_named(s, p)) {
        skip_spaces(s, p);
        auto d = number(s, p, 2);
        if (!d) return std::nullopt;
        if (p + 1 < s.size() && std::string_view("snrt").find(s[p]) != std::string_view::npos &&
            ascii_alpha(s[p + 1]))
            p += 2;  // "May 14th"
        skip_spaces(s, p);
        st.month = m, st.day = *d;
    } else {
        auto d = number(s, p, 2);
        if (!d) return std::nullopt;
        skip_spaces(s, p);
        int m2 = month_named(s, p);
        if (!m2) return std::nullopt;
        skip_spaces(s, p);
        st.month = m2, st.day = *d;
    }
    size_t y_at = p;
    auto y = number(s, p, 4);
    if (!y || p - y_at != 4) return std::nullopt;
    st.year = *y;
    size_t q = p;
    skip_spaces(s, q);
    if (time_of_day(s, q, st)) {
        p = q;
        zone(s, p, st);
    }
    at = p;
    return st;
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '>'))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

bool starts_with_word(std::string_view s, std::string_view word) {
    if (s.size() < word.size()) return false;
    for (size_t i = 0; i < word.size(); ++i)  // ASCII only: no locale call per byte
        if ((s[i] >= 'A' && s[i] <= 'Z' ? s[i] | 0x20 : s[i]) != word[i]) return false;
    return true;
}
}  // namespace

std::string stated_date(std::string_view line) {
    std::string_view s = trimmed(line);
    if (s.empty()) return "";
    size_t at = 0;
    // A header or a post's caption: "Date: ...", "Posted on ...", "Published: ...".
    bool headed = false;
    for (std::string_view head : {"date:", "posted on", "posted:", "published:", "published on"})
        if (starts_with_word(s, head)) {
            at = head.size();
            headed = true;
            break;
        }
    if (!headed && s[0] == '[') at = 1;  // a log's "[2024-03-01 12:00:00]"
    skip_spaces(s, at);
    size_t start = at;
    auto st = iso_date(s, at);
    if (!st) st = written_date(s, at = start);
    if (!st || !plausible(*st)) return "";
    // A bare date is a post's date only on a line of its own; a time stamp
    // that starts a line is a log's, whatever follows.
    bool log_stamp = st->hour >= 0 && start <= 1 && !headed;
    std::string_view rest = trimmed(s.substr(at));
    if (!rest.empty() && rest.front() == ']') rest.remove_prefix(1);
    if (!headed && !log_stamp && !rest.empty()) return "";
    return iso(*st);
}

namespace {
// Whether a line that starts with a letter (at `s`'s first byte) may be one
// stated_date reads: its head ("Date:", "Posted", "Published"), a weekday and
// a comma, or a month's first three letters. Most lines of prose are none.
bool may_be_written_date(std::string_view s) {
    if (starts_with_word(s, "date:") || starts_with_word(s, "posted") ||
        starts_with_word(s, "published"))
        return true;
    size_t end = 0;
    while (end < s.size() && ascii_alpha(s[end])) ++end;
    if (end < s.size() && s[end] == ',') return true;
    if (end < 3) return false;
    static constexpr std::string_view kMonths = "janfebmaraprmayjunjulaugsepoctnovdec";
    for (size_t m = 0; m < kMonths.size(); m += 3)
        if (starts_with_word(s, kMonths.substr(m, 3))) return true;
    return false;
}
}  // namespace

void date_runs(std::string_view text, std::deque<Run>& runs) {
    std::vector<std::pair<int64_t, std::string>> dates;  // (line, date), in line order
    int64_t line = 0;
    for (size_t pos = 0; pos < text.size();) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        ++line;
        std::string_view l = text.substr(pos, end - pos);
        // Cheap first: a date line starts with a digit, a month or weekday,
        // "Date:", "Posted", "Published" or "[" (quote marks and spaces aside).
        // A plain loop: find_first_not_of calls memchr per byte of an indent.
        size_t first = 0;
        while (first < l.size() && (l[first] == ' ' || l[first] == '\t' || l[first] == '>'))
            ++first;
        if (first < l.size() && l.size() - first >= 8 &&
            (ascii_digit(l[first]) || l[first] == '[' ||
             (ascii_alpha(l[first]) && may_be_written_date(l.substr(first)))))
            if (auto d = stated_date(l); !d.empty()) dates.emplace_back(line, std::move(d));
        pos = end + 1;
    }
    if (dates.empty()) return;
    for (auto& run : runs) {
        if (!run.measured_at.empty() || run.sources.empty() || run.sources[0].first_line <= 0)
            continue;
        int64_t at = run.sources[0].first_line;
        auto it = std::upper_bound(dates.begin(), dates.end(), at,
                                   [](int64_t l, const auto& d) { return l < d.first; });
        if (it != dates.begin()) run.measured_at = std::prev(it)->second;
    }
}

}  // namespace speedlab::parse
