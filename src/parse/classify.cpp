#include "parse/classify.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>

#include "core/algorithm.h"
#include "core/algorithm_families.h"
#include "core/mr_tags.h"
#include "core/speed_markers.h"
#include "core/text.h"
#include "parse/cells.h"
#include "parse/line_facts.h"
#include "parse/shell_command.h"

namespace speedlab::parse {

namespace {

bool words_are(std::string_view s, std::initializer_list<std::string_view> want) {
    auto ws = words(s);
    return ws.size() == want.size() && std::equal(ws.begin(), ws.end(), want.begin());
}

// The -mr record in a line, behind any prefix ("Got: ", "# ", "// ", "%% ",
// a timestamp); empty when the line holds none. A record's second field is a number.
std::string_view mr_record_in(std::string_view t) {
    for (size_t p = t.find('+'); p != std::string_view::npos && p < 64; p = t.find('+', p + 1)) {
        if (p > 0 && ascii_alnum(t[p - 1])) continue;
        std::string_view rec = t.substr(p);
        auto f = fields(rec, ':');
        if (f.size() < 2 || !mr_record(f[0])) continue;
        auto record = *mr_record(f[0]);
        bool named = record == MrRecord::announce || record == MrRecord::announce_count;
        if (named ? f.size() < 4 || !integer(f.back())  // +DT:md5:3:16
                  : record != MrRecord::header && !integer(f[1]) && !number(f[1]))
            continue;
        return rec;
    }
    return {};
}

}  // namespace

std::string_view to_string(LineKind kind) {
    static const std::vector<std::string_view> names = word_list(  // in LineKind's order
        "blank prompt progress mr_record version elapsed_notice built_on options compiler "
        "timing_note cpuinfo run_timing partial_run forked_child numbers_note throughput_header "
        "public_key_header public_key_row kem_row throughput_row other");
    return names.at(static_cast<size_t>(kind));
}

bool row_in_kilobytes(std::string_view line) {
    auto ws = words(line);
    size_t k = static_cast<size_t>(std::count_if(ws.begin(), ws.end(), [](auto w) {
        return w.back() == 'k' && throughput_cell(w).has_value();
    }));
    return k > 0 && k < ws.size() && ascii_alpha(ws[0][0]);
}

bool row_of_ratios(std::string_view line) {
    auto ws = words(line);
    size_t k = 0;
    while (k < ws.size()) {
        std::string_view w = ws[ws.size() - 1 - k];
        if (w.size() <= 4 || w[w.size() - 4] != '.' || !number(w)) break;
        ++k;
    }
    return k >= 2 && k < ws.size();
}

bool row_with_seconds(const Token& tok) {
    std::string_view line = tok.text;
    auto ws = words(line);
    if (!std::any_of(ws.begin(), ws.end(), seconds_cell)) return false;
    if (contains(line, "bits") || contains(line, "bit ")) return true;
    // A KEM or signature row (3.2+, oqs-provider): a name, three times, three rates.
    return ws.size() == 7 && seconds_cell(ws[1]) && seconds_cell(ws[2]) && seconds_cell(ws[3]) &&
           tok.kind() == LineKind::kem_row;
}

namespace {

// Gives the token its record: what each reader below returns once it knows its line.
bool recognised(Token& tok, Line line) {
    tok.line = std::move(line);
    return true;
}

// "OpenSSL 1.1.1w  11 Sep 2023", "OpenSSL 0.9.6b [engine] ...", "LibreSSL 3.8.2",
// "OpenSSL 1.1.1k  FIPS ...", "OpenSSL 1.1.1j-dev  xx XXX xxxx" (a development
// build's date), "OpenSSL 1.1.1w, built on 11 Sep 2023" (sbc-bench's
// line of the version and its date): after the version comes
// nothing, a date, a bracket, a capital or ", built on"; another lower-case
// word makes it prose ("OpenSSL 3.0 is ...").
bool version_at_start(std::string_view t, std::string_view prefix) {
    if (!starts_with(t, prefix) || t.size() <= prefix.size() || !ascii_digit(t[prefix.size()]))
        return false;
    if (t.find('|') != std::string_view::npos) return false;  // a typed table's row label
    size_t end = t.find_first_of(" \t", prefix.size());
    if (end == std::string_view::npos) return true;
    std::string_view rest = trim(t.substr(end));
    if (rest.empty()) return true;
    char c = rest.front();
    bool built_on = t[end - 1] == ',' && starts_with(rest, "built on ");
    return ascii_digit(c) || c == '[' || c == '(' || ascii_upper(c) || starts_with(rest, "xx ") ||
           built_on;
}

constexpr std::string_view kVersion = marker_text(SpeedMarker::version);
constexpr std::string_view kBuiltOn = marker_text(SpeedMarker::built_on);
constexpr std::string_view kOptions = marker_text(SpeedMarker::options);

// Version, build and timing lines of openssl's header (words of the one
// marker table the report writes with too).
bool header_line(std::string_view t, Token& tok) {
    if (version_at_start(t, "OpenSSL ") || version_at_start(t, "SSLeay ") ||
        version_at_start(t, "LibreSSL ") || starts_with(t, kVersion)) {
        // 3.x prints "version: 3.0.19"; speedlab's own table "version: libcrypto OpenSSL ...".
        std::string_view v = trim(t.substr(std::min(kVersion.size(), t.size())));
        bool bare = !v.empty() && ascii_digit(v.front());
        return recognised(
            tok, Version{starts_with(t, kVersion) ? (bare ? "OpenSSL " : "") + std::string(v)
                                                  : std::string(t)});
    }
    if (starts_with(t, "You have chosen to measure elapsed time"))
        return recognised(tok, ElapsedNotice{});
    if (starts_with(t, kBuiltOn)) {
        std::string_view v = t;
        while (starts_with(v, kBuiltOn)) {  // "built on: built on: ..." (3.0 alphas)
            v.remove_prefix(kBuiltOn.size());
            if (!v.empty() && v[0] == ':') v.remove_prefix(1);
            v = trim(v);
        }
        return recognised(tok, BuiltOn{std::string(v)});
    }
    if (starts_with(t, kOptions))
        return recognised(tok, Options{std::string(trim(t.substr(kOptions.size())))});
    if (starts_with(t, marker_text(SpeedMarker::compiler)) ||
        starts_with(t, marker_text(SpeedMarker::c_flags)))
        return recognised(tok, Compiler{std::string(trim(t.substr(t.find(':') + 1)))});
    if (starts_with(t, marker_text(SpeedMarker::timing_options)) ||
        starts_with(t, marker_text(SpeedMarker::timing_used)))
        return recognised(tok, TimingNote{});
    if (starts_with(t, marker_text(SpeedMarker::cpuinfo))) {
        CpuInfo info;
        if (auto env = t.find(" env:"); env != std::string_view::npos)
            info.mask = std::string(trim(t.substr(env + 5)));
        return recognised(tok, std::move(info));
    }
    return false;
}

// speedlab's own lines of what openssl's do not say (report/speed_table
// writes them): the clock and processes of a run, and that it is partial.
bool speedlab_line(std::string_view t, Token& tok) {
    if (starts_with(t, marker_text(SpeedMarker::partial_run))) return recognised(tok, PartialRun{});
    std::string_view timing = marker_text(SpeedMarker::run_timing);
    if (!starts_with(t, timing)) return false;
    std::string_view rest = trim(t.substr(timing.size()));
    RunTiming run;
    if (starts_with(rest, "wall clock"))
        run.clock = Timing::wall;
    else if (starts_with(rest, "user CPU time"))
        run.clock = Timing::user_cpu;
    else if (!starts_with(rest, "not stated"))
        return false;
    if (size_t at = rest.find(kProcessesAtOnce); at != std::string_view::npos) {
        size_t start = rest.rfind(' ', at - 1) + 1;  // npos + 1 = 0
        std::from_chars(rest.data() + start, rest.data() + at, run.processes);
    }
    return recognised(tok, std::move(run));
}

// The sizes of "type 16 bytes 64 bytes ..."; empty when the header is not that.
// openssl prints each size as "%7d bytes", so one of seven digits or more
// touches the "bytes" before it ("102400 bytes1048576 bytes"): split there.
std::vector<int64_t> header_sizes(std::string_view t) {
    std::vector<std::string_view> ws;
    for (std::string_view w : words(t)) {
        bool glued = w.size() > 5 && starts_with(w, "bytes") && ascii_digit(w[5]);
        if (glued) ws.push_back(w.substr(0, 5));
        ws.push_back(glued ? w.substr(5) : w);
    }
    std::vector<int64_t> sizes;
    for (size_t k = 1; k + 1 < ws.size(); k += 2) {
        auto n = integer(ws[k]);
        if (!n || ws[k + 1] != "bytes") return {};
        sizes.push_back(*n);
    }
    if (ws.size() % 2 == 0) return {};
    return sizes;
}

// A header a person typed over openssl's rows: "block size 16 64 256 1024
// 8192 16384", "bytes 16 64 ...": a few words, then three or more block
// sizes (powers of two from 8, rising, maybe each with "bytes").
std::vector<int64_t> typed_header_sizes(std::string_view t) {
    if (t.empty() || !ascii_alpha(t[0])) return {};
    // Most lines are prose: letters and spaces only may come before the first digit.
    size_t first = 0;
    while (first < t.size() && !ascii_digit(t[first])) {
        if (!ascii_alpha(t[first]) && t[first] != ' ' && t[first] != '\t') return {};
        ++first;
    }
    if (first == t.size()) return {};
    // The first figure of a row ("6296.04k") is no size: spared the split into words.
    for (size_t p = first; p < t.size() && t[p] != ' ' && t[p] != '\t'; ++p)
        if (!ascii_digit(t[p])) return {};
    auto ws = words(t);
    size_t k = 0;
    while (k < ws.size() && k < 3 && !ascii_digit(ws[k][0])) ++k;
    if (k == 0 || k == 3) return {};
    std::vector<int64_t> sizes;
    for (; k < ws.size(); ++k) {
        if (!sizes.empty() && (ws[k] == "bytes" || ws[k] == "B")) continue;
        auto n = integer(ws[k]);
        if (!n || *n < 8 || *n > (1 << 20) || (*n & (*n - 1)) != 0 ||
            (!sizes.empty() && *n <= sizes.back()))
            return {};
        sizes.push_back(*n);
    }
    return sizes.size() >= 3 ? sizes : std::vector<int64_t>{};
}

// openssl's own public-key headers start with their first column's name.
bool public_key_header(std::string_view t, Token& tok) {
    bool first = (starts_with_word(t, "sign") && t.size() > 4) ||
                 (starts_with_word(t, "keygen") && t.size() > 6) ||
                 (starts_with_word(t, "op") && t.size() > 2);
    if (!first || !(contains(t, "sign/s") || contains(t, "op/s") || contains(t, "keygens/s") ||
                    words_are(t, {"sign", "verify"})))
        return false;
    return recognised(tok, PublicKeyHeader{contains(t, "encaps/s")    ? TableKind::kem
                                           : contains(t, "keygens/s") ? TableKind::signature
                                                                      : TableKind::public_key});
}

}  // namespace

std::string table_algorithm(TableKind table, std::string_view printed) {
    std::string name = lower_ascii(printed);
    return table == TableKind::public_key ? name
                                          : table_row_id(table == TableKind::signature, name);
}

namespace {

// "Doing md5 for 3s on 8 size blocks": the name and block size.
bool block_progress(std::string_view prompt, Progress& p) {
    auto blocks = prompt.rfind(" size blocks");
    if (blocks == std::string_view::npos) return false;
    std::string_view head = prompt.substr(0, blocks);
    auto on = head.rfind(" on ");
    if (on == std::string_view::npos) return true;
    auto len = integer(head.substr(on + 4));
    std::string_view name = head.substr(0, on);
    if (auto f = name.rfind(" for "); f != std::string_view::npos) {
        name = name.substr(0, f);
    } else if (auto times = name.rfind(" times"); times != std::string_view::npos) {
        name = name.substr(0, times);
        name = name.substr(0, name.rfind(' '));
    }
    if (name.size() > 4 && name.substr(name.size() - 4) == " ops") name.remove_suffix(4);
    if (!len || *len <= 0 || name.empty()) return true;
    p.kind = Progress::Kind::figure;
    p.id = canonical_symmetric_id(name);
    p.bytes = *len;
    p.source = std::string(name);
    return true;
}

// 3.2+: "Doing rsa2048 verify ops for 10s: 3486014 rsa2048 signature verify ops in 10.00s".
bool named_ops_progress(const std::vector<std::string_view>& pw, std::string_view result,
                        Progress& p) {
    if (pw.size() < 3 || pw[2] != "ops") return false;
    std::string op_name = lower_ascii(pw[1]);
    auto op = parse_operation(op_name);
    if (!op || (*op != Operation::keygen && *op != Operation::encaps && *op != Operation::decaps &&
                *op != Operation::sign && *op != Operation::verify))
        return false;
    bool signature =
        *op == Operation::sign || *op == Operation::verify || mentions(result, "signature");
    p.kind = Progress::Kind::figure;
    p.id = table_algorithm(signature ? TableKind::signature : TableKind::kem, pw[0]);
    p.op = *op;
    p.source = std::string(pw[0]) + " " + op_name;
    return true;
}

// EC, EdDSA, SM2 and FFDH prompts name no curve: their table rows do.
void curve_progress(const std::string& text, int64_t bits, Progress& p) {
    std::string_view family = key_family_in(text);
    if (family.empty()) return;
    p.kind = Progress::Kind::curve;
    p.op = derives_only(family)       ? Operation::derive
           : contains(text, "verify") ? Operation::verify
                                      : Operation::sign;
    p.family = std::string(family);
    p.bits = bits;
}

// "Doing 512 bit private rsa's for 10s: 206 512 bit private RSA's in 10.01s".
void key_progress(std::string_view prompt, std::string_view result, Progress& p) {
    auto pw = words(prompt);
    if (named_ops_progress(pw, result, p)) return;
    if (pw.size() < 3 || !integer(pw[0]) || !starts_with(pw[1], "bit")) return;
    std::string rest;
    for (size_t k = 2; k < pw.size() && pw[k] != "for"; ++k) rest += " " + lower_ascii(pw[k]);
    if (contains(rest, kRsaFamily)) {
        p.id = std::string(kRsaFamily) + std::string(pw[0]);
        p.op = contains(rest, "decrypt")   ? Operation::decrypt
               : contains(rest, "encrypt") ? Operation::encrypt
               : contains(rest, "private") ? Operation::sign
                                           : Operation::verify;
    } else if (contains(rest, " " + std::string(kDsaFamily)) && !contains(rest, kEcdsaFamily)) {
        p.id = std::string(kDsaFamily) + std::string(pw[0]);
        p.op = contains(rest, "verify") ? Operation::verify : Operation::sign;
    } else {
        return curve_progress(rest + " " + lower_ascii(result), *integer(pw[0]), p);
    }
    p.kind = Progress::Kind::figure;
    p.source = std::string(trim(prompt));
}

Progress read_progress(std::string_view t) {
    Progress p;
    auto colon = t.find(": ");
    if (colon == std::string_view::npos) return p;  // a prompt whose result never came
    std::string_view prompt = t.substr(6, colon - 6), result = trim(t.substr(colon + 2));
    // "in 3.00s  ....": a person's elision after the result is no part of it.
    if (result.size() > 3 && result.back() == '.' && result.ends_with(".."))
        result = trim(result.substr(0, result.find_last_not_of('.') + 1));
    auto rw = words(result);
    auto in = result.rfind(" in ");
    if (rw.empty() || in == std::string_view::npos || result.back() != 's') return p;
    auto count = integer(rw[0]);
    auto secs = number(result.substr(in + 4, result.size() - in - 5));
    if (!count || !secs) return p;
    if (!(secs->value > 0) || !std::isfinite(secs->value) || *count <= 0) {  // "in -nans"
        p.kind = Progress::Kind::empty;
        return p;
    }
    p.count = *count;
    p.seconds = secs->value;
    if (!block_progress(prompt, p)) key_progress(prompt, result, p);
    return p;
}

}  // namespace

namespace {

// The algorithm of a public-key row and where its cells start; false when the
// row is not one. "rsa 2048 bits ...", " 256 bits ecdsa (nistp256) ...".
bool public_key_name(std::string_view t, const std::vector<std::string_view>& ws, PublicKeyRow& row,
                     size_t& values_from) {
    if (joins_key_bits(ws[0]) && integer(ws[1]) && starts_with(ws[2], "bit")) {
        row.id = std::string(ws[0]) + std::string(ws[1]);
        row.ops = {Operation::sign, Operation::verify, Operation::encrypt, Operation::decrypt};
        values_from = 3;
        row.source = std::string(ws[0]) + " " + std::string(ws[1]) + " bits";
        return true;
    }
    if (!integer(ws[0]) || !starts_with(ws[1], "bit") || ws.size() < 5) return false;
    std::string family = lower_ascii(ws[2]);
    std::string curve;
    values_from = 3;
    if (ws[3].size() > 2 && ws[3].front() == '(' && ws[3].back() == ')') {
        curve = std::string(ws[3].substr(1, ws[3].size() - 2));
        values_from = 4;
    }
    if (curve_row_family(family)) {
        if (curve.empty()) return false;
        row.ops = derives_only(family) ? std::vector{Operation::derive}
                                       : std::vector{Operation::sign, Operation::verify};
        row.id = canonical_curve_id(family, curve);
    } else if (family == kFfdhFamily) {
        row.ops = {Operation::derive};
        row.id = family + std::string(ws[0]);
    } else {
        return false;
    }
    row.family = family;
    row.bits = *integer(ws[0]);
    std::string_view last = ws[values_from - 1];
    row.source = std::string(trim(t.substr(0, t.find(last) + last.size())));
    return true;
}

// "-", "n/a", "?": a cell a person or page left without a figure.
bool placeholder(std::string_view w) {
    return w.size() <= 3 && std::none_of(w.begin(), w.end(), [](char c) { return ascii_digit(c); });
}

// Seconds-per-op columns, then as many per-second columns. Split by place
// where the row has both halves, so a placeholder keeps its column; else by
// the seconds' 's' (SSLeay prints seconds only; a row may be cut short).
void key_columns(const std::vector<std::string_view>& cells, PublicKeyRow& row) {
    auto seconds_cell = [](std::string_view w) { return w.back() == 's' && w != "nans"; };
    size_t half = cells.size() / 2;
    bool by_place = cells.size() % 2 == 0 && half > 0;
    for (size_t k = 0; k < cells.size() && by_place; ++k) {
        bool seconds = seconds_cell(cells[k]);
        if ((k < half && !seconds && !placeholder(cells[k])) || (k >= half && seconds))
            by_place = false;
    }
    // "0.577s  0.011" (SSLeay 0.7, a verify time printed without its 's'): a
    // rate that is not the seconds' reciprocal is the next column's seconds.
    if (by_place && half == 1) {
        auto sec = number(cells[0].substr(0, cells[0].size() - 1)), r = number(cells[1]);
        if (sec && r && sec->value > 0 && r->value < 1 &&
            (r->value * sec->value < 0.5 || r->value * sec->value > 2)) {
            row.seconds.assign(cells.begin(), cells.end());
            return;
        }
    }
    for (size_t k = 0; k < cells.size(); ++k) {
        bool seconds = by_place ? k < half : seconds_cell(cells[k]);
        (seconds ? row.seconds : row.rates).push_back(cells[k]);
    }
}

bool public_key_row(std::string_view t, Token& tok) {
    if (t.find("bit") == std::string_view::npos) return false;  // every such row says bits
    auto ws = words(t);
    if (ws.size() < 4) return false;
    PublicKeyRow row;
    size_t values_from = 0;
    if (!public_key_name(t, ws, row, values_from)) return false;
    std::vector<std::string_view> cells(ws.begin() + static_cast<long>(values_from), ws.end());
    // "0.0011s | 0.0009s | 924.7": a person's pipes between openssl's columns hold no place.
    std::erase_if(cells, [](std::string_view w) { return w.find_first_not_of('|') == w.npos; });
    if (std::any_of(cells.begin(), cells.end(), signed_figure)) return false;  // a % difference
    // "(turbo)" after the figures goes; "0.577s 0.011" keeps its second time.
    auto bare_time = [&] {
        return cells.size() == 2 && seconds_cell(cells[0]) && number(cells[1]);
    };
    // A sentence's full stop after the last rate ("28365.8.") is no part of it.
    if (!cells.empty() && cells.back().size() > 3 && cells.back().back() == '.' &&
        rate(cells.back().substr(0, cells.back().size() - 1)))
        cells.back().remove_suffix(1);
    // An empty cell at the end keeps its place: "0.0007s  -  1500.0  -" is a sign alone.
    while (!cells.empty() && !key_figure(cells.back()) && !empty_cell(cells.back()) && !bare_time())
        cells.pop_back();
    if (std::none_of(cells.begin(), cells.end(), key_figure)) return false;
    if (!cells.empty() && values_from + cells.size() < ws.size()) {
        std::string_view after = ws[values_from + cells.size()];
        if (ascii_alpha(after[0]))
            row.label = trim(t.substr(static_cast<size_t>(after.data() - t.data())));
    }
    key_columns(cells, row);
    if (row.seconds.empty() && row.rates.empty()) return false;
    size_t columns = std::min(row.ops.size(), std::max(row.rates.size(), row.seconds.size()));
    for (size_t k = 0; k < columns && k < row.rates.size(); ++k)
        if (!rate(row.rates[k]) && !placeholder(row.rates[k])) return false;
    return recognised(tok, std::move(row));
}

// 3.2+ KEM and signature tables: "name  kg s  enc s  dec s  kg/s enc/s dec/s".
bool kem_row(const std::vector<std::string_view>& ws, Token& tok) {
    if (ws.size() != 7) return false;
    for (size_t k = 4; k < 7; ++k)
        if (!rate(ws[k])) return false;
    return recognised(tok, KemRow{std::string(ws[0]), {ws.begin() + 4, ws.end()}});
}

// The name runs up to the first word that starts like a number or is an
// empty cell ("n/a", "---"); every word after it holds one block size's
// place, figure or not.
bool throughput_row(const std::vector<std::string_view>& ws, Token& tok) {
    size_t name_words = row_name_end(ws);
    if (name_words == 0 || name_words == ws.size()) return false;
    std::string name;
    for (size_t k = 0; k < name_words; ++k) {
        if (!name.empty()) name += ' ';
        name += ws[k];
    }
    if (!ascii_alpha(name[0]) || name.size() > 40) return false;
    size_t cells = ws.size() - name_words;
    size_t good =
        static_cast<size_t>(std::count_if(ws.begin() + static_cast<long>(name_words), ws.end(),
                                          [](auto w) { return throughput_cell(w).has_value(); }));
    if (good == 0 || good < cells - good) return false;
    return recognised(
        tok, ThroughputRow{
                 std::move(name), {ws.begin() + static_cast<long>(name_words), ws.end()}, good});
}

bool row(std::string_view t, uint8_t hints, Token& tok) {
    if (!(hints & kMayHoldFigure)) return false;  // a digit, or openssl's "inf" or "nan"
    if ((hints & kMayHoldBits) && public_key_row(t, tok)) return true;
    // Every row kind below has a decimal figure ("12.34", "0.0001s") or
    // inf/nan; other lines are prose, spared the split into words.
    bool figure = false;  // "12.34"; "12,34" in a locale's decimal comma; inf, nan
    // One loop, not find_first_of and two finds: those call memchr per byte or
    // per letter. A byte that can be no figure's middle costs one load.
    static constexpr auto middle = [] {
        std::array<bool, 256> m{};
        m['.'] = m[','] = m['n'] = m['a'] = true;
        return m;
    }();
    for (size_t p = 1; p < t.size() && !figure; ++p) {
        if (!middle[static_cast<unsigned char>(t[p])]) continue;
        char before = t[p - 1], after = p + 1 < t.size() ? t[p + 1] : ' ';
        figure = ((t[p] == '.' || t[p] == ',') && ascii_digit(before) && ascii_digit(after)) ||
                 (t[p] == 'n' && before == 'i' && after == 'f') ||
                 (t[p] == 'a' && before == 'n' && after == 'n');
    }
    if (!figure) return false;
    thread_local std::vector<std::string_view> ws;  // most lines are rows: one buffer for all
    words_into(t, ws);
    return kem_row(ws, tok) || throughput_row(ws, tok);
}

// The first bytes of the lines header_line, speedlab_line and the markers
// after them in classify know: most lines (rows, prose) start with none and
// are spared their dozen compares.
constexpr std::array<bool, 256> kMarkerFirstBytes = [] {
    std::array<bool, 256> first{};
    for (const auto& m : kSpeedMarkers) first[static_cast<unsigned char>(m.text[0])] = true;
    for (std::string_view w :
         {"OpenSSL ", "SSLeay ", "LibreSSL ", "You have chosen", "Forked child"})
        first[static_cast<unsigned char>(w[0])] = true;
    return first;
}();

bool marker_line(std::string_view t, Token& tok) {
    if (!kMarkerFirstBytes[static_cast<unsigned char>(t[0])]) return false;
    if (header_line(t, tok) || speedlab_line(t, tok)) return true;
    if (starts_with(t, "Forked child")) {
        ForkedChild child;
        std::string_view rest = trim(t.substr(12));
        std::from_chars(rest.data(), rest.data() + rest.size(), child.child);
        return recognised(tok, child);
    }
    if (starts_with(t, marker_text(SpeedMarker::numbers_note)))
        return recognised(tok, NumbersNote{});
    if (starts_with_word(t, marker_text(SpeedMarker::type_header)))
        return recognised(tok, ThroughputHeader{header_sizes(t)});
    return false;
}

}  // namespace

bool elision_line(std::string_view t) {
    if (t.empty()) return false;
    auto c = static_cast<unsigned char>(t.front());
    if (c != '.' && c != '-' && c != '[' && c != '(' && c != '<' && c != 0xE2) return false;
    std::string rest;
    for (size_t k = 0; k < t.size(); ++k) {
        std::string_view at = t.substr(k);
        if (at.starts_with("\xE2\x80\x94") || at.starts_with("\xE2\x80\x93")) {  // em, en dash
            k += 2;
            continue;
        }
        if (at.starts_with("\xE2\x80\xA6")) {  // "…"
            rest += "...";
            k += 2;
            continue;
        }
        if (std::string_view(" \t-[]()<>").find(t[k]) == std::string_view::npos)
            rest += static_cast<char>(std::tolower(static_cast<unsigned char>(t[k])));
        // Longer than "snipped" and not dots alone: no elision (a log's "[...] text").
        if (rest.size() > 7 && rest.back() != '.') return false;
    }
    return rest == "snip" || rest == "snipped" ||
           (rest.size() >= 2 && rest.find_first_not_of('.') == std::string::npos);
}

Token classify(std::string_view line) {
    return classify(line, line_hints(LineFacts(line)));
}

Token classify(std::string_view line, uint8_t hints) {
    Token tok;
    std::string_view t = trim(line);
    tok.text = t;
    if (t.empty() || elision_line(t)) {
        tok.line = Blank{};
        return tok;
    }
    tok.names_command = (hints & kMayNameCommand) && mentions(t, "openssl speed");
    if (tok.names_command) {
        if (auto host = prompt_host(t); !host.empty()) {
            tok.line = Prompt{std::move(host)};
            return tok;
        }
    }
    if (starts_with(t, "Doing ")) {
        tok.line = read_progress(t);
        return tok;
    }
    if (auto record = (hints & kMayHoldPlus) ? mr_record_in(t) : ""; !record.empty()) {
        std::string_view prefix = trim(t.substr(0, t.size() - record.size()));
        tok.line = MrLine{record, prefix.size() >= 4 && prefix.substr(prefix.size() - 4) == "Got:"};
        return tok;
    }
    if (marker_line(t, tok)) return tok;
    if (public_key_header(t, tok) || row(t, hints, tok)) return tok;
    if (!(hints & kMayHoldDigit)) return tok;  // a typed header's sizes are figures
    if (auto sizes = typed_header_sizes(t); !sizes.empty()) tok.line = ThroughputHeader{sizes};
    return tok;
}

}  // namespace speedlab::parse
