// What mail, code blocks and web pages do to a text never changes its
// figures: each fixture, quoted, indented, fenced, with CRLF line ends,
// trailing blanks or tabs, wrapped at 72 columns, in a page's <pre>, with
// <br /> line ends, no-break spaces, double-spaced, behind a CI log's time
// stamps, or saved as UTF-16, with a byte order mark or with classic Mac line
// ends gives the same figures at the same metrics.
#include <gtest/gtest.h>
#include <iconv.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>

#include "test_support.h"

namespace speedlab {
namespace {

using testing::figure;
using testing::read_fixture;

// Every figure of a text: metric and run -> value.
std::map<std::string, double> figures_of(const std::string& text) {
    std::map<std::string, double> out;
    auto parsed = parse::parse_speed_text(text, "t");
    for (size_t r = 0; r < parsed.runs.size(); ++r)
        for (const auto& m : parsed.runs[r].measurements)
            out[std::to_string(r) + " " + metric_key(m)] = m.value;
    return out;
}

std::string each_line(const std::string& text, const std::function<std::string(std::string)>& f) {
    std::string out;
    for (size_t pos = 0; pos < text.size();) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        out += f(text.substr(pos, end - pos)) + "\n";
        pos = end + 1;
    }
    return out;
}

// What a mail client does at 72 columns: each long line broken at the last
// space before the margin (a word longer than the margin stays whole).
std::string wrapped_at_72(const std::string& line) {
    constexpr size_t kWidth = 72;
    std::string out;
    std::string_view rest = line;
    size_t indent = rest.find_first_not_of(' ');
    while (rest.size() > kWidth && indent != std::string_view::npos) {
        size_t p = rest.rfind(' ', kWidth);
        if (p == std::string_view::npos || p <= indent) p = rest.find(' ', kWidth);
        if (p == std::string_view::npos) break;
        std::string_view piece = rest.substr(0, p);
        while (!piece.empty() && piece.back() == ' ') piece.remove_suffix(1);
        out += std::string(piece) + "\n";
        rest = rest.substr(p);
        while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
        indent = 0;
    }
    return out + std::string(rest);
}

// A web page's source: the text escaped inside <pre>.
std::string in_html_pre(const std::string& text) {
    std::string out = "<html><body><pre>";
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '\'':
                out += "&#x27;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out + "</pre></body></html>\n";
}

// A browser's copy of a page: runs of spaces kept as no-break space + space.
std::string no_break_spaces(std::string t) {
    for (size_t p = 0; (p = t.find("  ", p)) != std::string::npos; p += 3)
        t.replace(p, 1, "\xC2\xA0");
    return t;
}

// What PowerShell 5 writes for "openssl speed > out.txt": UTF-16LE with its mark.
std::string as_utf16le(const std::string& text) {
    iconv_t cd = iconv_open("UTF-16LE", "UTF-8");
    std::string out(text.size() * 4 + 2, '\0');
    char* in = const_cast<char*>(text.data());
    char* dst = out.data() + 2;
    size_t in_left = text.size(), out_left = out.size() - 2;
    iconv(cd, &in, &in_left, &dst, &out_left);
    iconv_close(cd);
    out.resize(static_cast<size_t>(dst - out.data()));
    out[0] = '\xFF';
    out[1] = '\xFE';
    return out;
}

std::string tabs_for_four_spaces(std::string t) {
    for (size_t p; (p = t.find("    ")) != std::string::npos;) t.replace(p, 4, "\t");
    return t;
}

const std::map<std::string, std::function<std::string(const std::string&)>>& transports() {
    static const std::map<std::string, std::function<std::string(const std::string&)>> all{
        {"CRLF",
         [](const std::string& t) { return each_line(t, [](auto l) { return l + "\r"; }); }},
        {"mail quoting",
         [](const std::string& t) { return each_line(t, [](auto l) { return "> " + l; }); }},
        {"code block indent",
         [](const std::string& t) { return each_line(t, [](auto l) { return "    " + l; }); }},
        {"fenced", [](const std::string& t) { return "```\n" + t + "\n```\n"; }},
        {"trailing blanks",
         [](const std::string& t) { return each_line(t, [](auto l) { return l + "   "; }); }},
        {"tabs", [](const std::string& t) { return tabs_for_four_spaces(t); }},
        {"mail wrap at 72", [](const std::string& t) { return each_line(t, wrapped_at_72); }},
        {"web page <pre>", in_html_pre},
        {"<br /> line ends",
         [](const std::string& t) { return each_line(t, [](auto l) { return l + "<br />"; }); }},
        {"no-break spaces", no_break_spaces},
        {"CI log time stamps",
         [](const std::string& t) {
             return each_line(t, [](auto l) { return "2024-05-01T12:34:56.7890123Z " + l; });
         }},
        {"bracketed log tags",
         [](const std::string& t) {
             return each_line(t, [](auto l) { return "[job 12] [12:34:56] " + l; });
         }},
        {"UTF-16 from PowerShell", as_utf16le},
        {"UTF-8 byte order mark", [](const std::string& t) { return "\xEF\xBB\xBF" + t; }},
        {"classic Mac line ends",
         [](std::string t) {
             std::replace(t.begin(), t.end(), '\n', '\r');
             return t;
         }},
        {"numbered lines of a paste site's raw page",
         [](const std::string& t) {
             int n = 0;
             return each_line(t, [&n](auto l) { return "  " + std::to_string(++n) + ". " + l; });
         }},
        {"a code page's rendered line table",
         [](const std::string& t) { return each_line(t, [](auto l) { return l + " | |"; }); }},
        {"double-spaced",
         [](const std::string& t) { return each_line(t, [](auto l) { return l + "\n"; }); }},
    };
    return all;
}

TEST(Transport, NeverChangesAFigure) {
    size_t texts = 0;
    for (const auto& dir :
         {std::string(SPEEDLAB_TEST_DATA), std::string(SPEEDLAB_TEST_DATA) + "/corpus"})
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            if (!entry.is_regular_file() || entry.path().extension() != ".txt") continue;
            std::string name = std::filesystem::relative(entry.path(), SPEEDLAB_TEST_DATA).string();
            std::string text = read_fixture(name);
            auto want = figures_of(text);
            if (want.empty()) continue;
            ++texts;
            for (const auto& [how, transport] : transports()) {
                // A PDF's table flattened onto one line: wrapped, its header and
                // figures are a stream of words, no longer a table (left alone).
                if (how == "mail wrap at 72" && name.find("011-thesis-pdf") != std::string::npos)
                    continue;
                // A row without its header wrapped before its last figures (and in
                // 090 the command that names its cipher wrapped too; in 248 the
                // record of the same figures too, inside a number): nothing places them.
                if (how == "mail wrap at 72" &&
                    (name.find("090-forlinx") != std::string::npos ||
                     name.find("109-rows-without-header") != std::string::npos ||
                     name.find("248-openssl-issue-31772") != std::string::npos ||
                     name.find("247-pkb-openssl-speed") != std::string::npos))
                    continue;
                // sbc-bench's rows end in their core cluster (`... (Cortex-A53)`):
                // wrapped, the suffix and the last figures start the next line.
                if (how == "mail wrap at 72" && name.find("265-sbc-bench-log") != std::string::npos)
                    continue;
                // Round eleven: 294's rows have no header (as 109's), and 291's
                // garbled line holds its figure after a second Doing line's
                // words: wrapped, nothing places them.
                if (how == "mail wrap at 72" &&
                    (name.find("291-openssl-pr-3487") != std::string::npos ||
                     name.find("294-gist-commands") != std::string::npos))
                    continue;
                // A line end " | |" is a page's only where the line holds no
                // other bar: a table's rows keep theirs, and the transport with them.
                if (how == "a code page's rendered line table" &&
                    text.find('|') != std::string::npos)
                    continue;
                // 293's every line is behind a list's `- `: wrapped, the
                // continuation lines have none, and nothing is read.
                if (name.find("293-pastebin-page-copy") != std::string::npos &&
                    how == "mail wrap at 72")
                    continue;
                EXPECT_EQ(figures_of(transport(text)), want) << name << ", " << how;
            }
        }
    EXPECT_GE(texts, 25u);
}

// The cases that once lost figures, at their metrics.
TEST(Transport, IndentedDoingLinesBrokenAfterTheColonStillJoin) {
    std::string text =
        each_line(read_fixture("corpus/014-intel-qat-engine-wrapped-doing-lines.txt"),
                  [](auto l) { return "    " + l; });
    auto parsed = parse::parse_speed_text(text, "t");
    ASSERT_EQ(parsed.runs.size(), 2u);
    const auto& sign = figure(parsed.runs[0], "rsa2048", Operation::sign);
    EXPECT_DOUBLE_EQ(sign.value, 10364 / 9.97);  // the progress line's count, not 1039.5
    EXPECT_EQ(sign.count, 10364);
    EXPECT_DOUBLE_EQ(figure(parsed.runs[1], "rsa2048", Operation::verify).value, 797952 / 9.14);
}

TEST(Transport, TabSeparatedHeadersAreHeaders) {
    auto parsed = parse::parse_speed_text(
        tabs_for_four_spaces(read_fixture("openssl-3.0-aead-sm2.txt")), "t");
    ASSERT_EQ(parsed.runs.size(), 1u);
    EXPECT_DOUBLE_EQ(testing::throughput(parsed.runs[0], "aes-128-gcm", 136), 612345680);
    EXPECT_DOUBLE_EQ(testing::throughput(parsed.runs[0], "aes-128-gcm", 31), 104166670);
    EXPECT_DOUBLE_EQ(figure(parsed.runs[0], "sm2", Operation::sign).value, 123456 / 10.0);
}

// A mail client breaks "Got: +F:6:sha256:... from 0" before the record and
// before "from": the pieces join, each child's figures stay its samples.
TEST(Transport, MultiRecordsBrokenByAMailClientJoin) {
    std::string text = read_fixture("openssl-3.0-multi.txt");
    for (std::string from : {" from 0", " from 1"})
        for (size_t p = 0; (p = text.find(from, p)) != std::string::npos; p += from.size())
            text.replace(p, 1, "\n");
    for (size_t p = 0; (p = text.find("Got: +F", p)) != std::string::npos; p += 5)
        text.replace(p + 4, 1, "\n");
    auto parsed = parse::parse_speed_text(text, "t");
    ASSERT_EQ(parsed.runs.size(), 1u);
    const speedlab::Run& run = parsed.runs[0];
    EXPECT_EQ(run.processes, 2);
    EXPECT_EQ(run.version, "OpenSSL 3.0.19");
    const auto& sha = figure(run, "sha256", Operation::throughput, 16);
    EXPECT_DOUBLE_EQ(sha.value, 280619330);  // the parent's table: 280619.33k
    ASSERT_EQ(sha.samples.size(), 2u);
    EXPECT_DOUBLE_EQ(sha.samples[0] + sha.samples[1], 149395840.0 + 131223488.0);
}

// Tables a mail client wrapped: typed Markdown rows, MoinMoin rows over many
// lines, a page's double-spaced table, openssl's 3.2+ tables; at their metrics.
TEST(Transport, WrappedTablesKeepTheirFiguresAtTheirMetrics) {
    auto wrap = [](const std::string& name) {
        return parse::parse_speed_text(each_line(read_fixture(name), wrapped_at_72), name);
    };
    // The seed blog's table of tilia: "| Linux 2.4.18 ... | 0.9.6b [engine] 9 Jul 2001 |" /
    // "6,075.73k | 0.1 | 4.5 |".
    auto seed = wrap("seed000-redhat73-pcem.txt");
    const speedlab::Run* tilia = nullptr;
    for (const auto& r : seed.runs)
        if (r.program == "hand-made table" && r.version.find("0.9.6b") != std::string::npos)
            tilia = &r;
    ASSERT_TRUE(tilia);
    EXPECT_DOUBLE_EQ(testing::throughput(*tilia, "md5", 8192), 6075730);
    EXPECT_DOUBLE_EQ(figure(*tilia, "rsa4096", Operation::verify).value, 4.5);

    auto moin = wrap("corpus/004-openwrt-oldwiki-moinmoin-table.txt");
    ASSERT_GE(moin.runs.size(), 13u);
    EXPECT_EQ(moin.runs[0].machine->label, "Linksys WAG354G v2");
    EXPECT_DOUBLE_EQ(testing::throughput(moin.runs[0], "md5", 1024), 7082610);
    EXPECT_DOUBLE_EQ(figure(moin.runs[0], "dsa2048", Operation::verify).value, 7.0);

    auto page = wrap("corpus/010-highgo-aes-modes-handmade-html-table-hyphens-lost.txt");
    ASSERT_EQ(page.runs.size(), 2u);
    EXPECT_DOUBLE_EQ(testing::throughput(page.runs[0], "aes-128-cbc", 8192), 1514831870);

    auto ops = wrap("openssl-3.2-ops.txt");
    ASSERT_EQ(ops.runs.size(), 1u);
    EXPECT_TRUE(ops.runs[0].complete);
    EXPECT_DOUBLE_EQ(figure(ops.runs[0], "rsa2048", Operation::decrypt).value, 1600.0);
    EXPECT_DOUBLE_EQ(figure(ops.runs[0], "ml-kem-768", Operation::decaps).value, 41666.7);
    EXPECT_DOUBLE_EQ(figure(ops.runs[0], "ml-dsa-65", Operation::verify).value, 11111.1);
    EXPECT_EQ(ops.runs[0].cpu_mask, "~0x200000000000000:~0");
}

// A page that lost the line break between two rows: each figure stays its
// own row's (they were once read as md5's, silently).
TEST(Transport, RowsJoinedOnOneLineStayApart) {
    auto parsed = parse::parse_speed_text(
        "OpenSSL 1.1.1w  11 Sep 2023\n"
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
        "bytes\n"
        "md5  1.00k 2.00k 3.00k 4.00k 5.00k 6.00k sha1 11.00k 12.00k 13.00k 14.00k 15.00k 16.00k\n"
        "sha256 21.00k 22.00k 23.00k 24.00k 25.00k 26.00k x\n",
        "t");
    ASSERT_EQ(parsed.runs.size(), 1u);
    const speedlab::Run& run = parsed.runs[0];
    EXPECT_DOUBLE_EQ(testing::throughput(run, "md5", 16384), 6000);
    EXPECT_DOUBLE_EQ(testing::throughput(run, "sha1", 16), 11000);
    EXPECT_DOUBLE_EQ(testing::throughput(run, "sha1", 16384), 16000);
    EXPECT_DOUBLE_EQ(testing::throughput(run, "sha256", 16), 21000);  // "x" names no row
}

// A line of thousands of joined rows (a fuzzer's, no page's) is read in a loop:
// a recursion per row overflowed the stack. Past 64 rows the line is said and
// dropped, as each row classifies the rest of the line.
TEST(Transport, ThousandsOfRowsJoinedOnOneLineAreReadUpToABound) {
    std::string line = "md5 1.00k";
    for (int k = 1; k <= 10000; ++k) line += " aes-256 " + std::to_string(k) + ".00k";
    auto parsed =
        parse::parse_speed_text("OpenSSL 1.1.1w  11 Sep 2023\ntype 16 bytes\n" + line + "\n", "t");
    // md5 and aes-256's first row, then a run per aes-256 row (a repeated row
    // starts the next run) up to the 64th row of the line.
    ASSERT_EQ(parsed.runs.size(), 63u);
    EXPECT_DOUBLE_EQ(testing::throughput(parsed.runs[0], "md5", 16), 1000);
    EXPECT_DOUBLE_EQ(testing::throughput(parsed.runs[0], "aes-256-cbc", 16), 1000);
    EXPECT_DOUBLE_EQ(testing::throughput(parsed.runs.back(), "aes-256-cbc", 16), 63000);
    auto said = std::count_if(
        parsed.diagnostics.begin(), parsed.diagnostics.end(), [](const parse::Diagnostic& d) {
            return d.message->find("more than 64 rows on one line") != std::string::npos;
        });
    EXPECT_EQ(said, 1);
}

// Rows a person or a page damaged: a placeholder keeps its column, a word
// after the figures is no figure, and nothing shifts.
TEST(Transport, DamagedRowsKeepEachFigureInItsColumn) {
    auto parse = [](const std::string& rows) {
        auto parsed = parse::parse_speed_text(
            "OpenSSL 1.1.1w  11 Sep 2023\n"
            "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
            "bytes\n"
            "md5  1.00k n/a 3.00k 4.00k 5.00k 6.00k (approx)\n"
            "                  sign    verify    sign/s verify/s\n" +
                rows,
            "t");
        return parsed.runs.at(0);
    };
    auto run = parse("rsa 2048 bits 0.000300s -   3333.3 100000.0 (turbo)\n");
    EXPECT_FALSE(run.find("md5", Operation::throughput, 64));
    EXPECT_DOUBLE_EQ(testing::throughput(run, "md5", 256), 3000);
    EXPECT_DOUBLE_EQ(testing::throughput(run, "md5", 16384), 6000);
    EXPECT_DOUBLE_EQ(figure(run, "rsa2048", Operation::sign).value, 3333.3);  // 5 digits beat 3
    EXPECT_DOUBLE_EQ(figure(run, "rsa2048", Operation::verify).value, 100000.0);
    auto cut = parse("rsa 2048 bits 0.000300s 0.000010s   3333.3 -\n");
    EXPECT_DOUBLE_EQ(figure(cut, "rsa2048", Operation::verify).value, 1 / 0.000010);
}

// A page that lost every line break of openssl's output: split where its
// lines began (version, header fields, "type" and its sizes, rows).
TEST(Transport, FlattenedOutputSplitsWhereItsLinesBegan) {
    auto page = parse::parse_speed_text(
        "Results: OpenSSL 1.1.1w  11 Sep 2023 built on: Mon Sep 11 14:08:30 2023 UTC "
        "options:bn(64,64) rc4(16x,int) compiler: gcc -O3 The 'numbers' are in 1000s of bytes per "
        "second processed. type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes 16384 bytes md5 "
        "145499.49k 333045.76k 610494.55k 764410.20k 826880.68k 829524.65k sha1 1.00k 2.00k 3.00k "
        "4.00k 5.00k 6.00k sign verify sign/s verify/s rsa 2048 bits 0.000678s 0.000020s 1474.9 "
        "49326.0 rsa 4096 bits 0.005000s 0.000080s 200.0 12500.0\n",
        "t");
    ASSERT_EQ(page.runs.size(), 1u);
    const speedlab::Run& run = page.runs[0];
    EXPECT_EQ(run.version, "OpenSSL 1.1.1w  11 Sep 2023");
    EXPECT_EQ(run.compiler, "gcc -O3");
    EXPECT_DOUBLE_EQ(testing::throughput(run, "md5", 16384), 829524650);
    EXPECT_DOUBLE_EQ(testing::throughput(run, "sha1", 16), 1000);
    EXPECT_DOUBLE_EQ(figure(run, "rsa2048", Operation::verify).value, 49326.0);
    EXPECT_DOUBLE_EQ(figure(run, "rsa4096", Operation::sign).value, 200.0);

    std::string text = read_fixture("openssl-3.0-legacy.txt");
    auto want = figures_of(text);
    std::replace(text.begin(), text.end(), '\n', ' ');
    auto got = figures_of(text);
    size_t kept = 0;
    for (const auto& [metric, value] : want) kept += got.count(metric) && got[metric] == value;
    EXPECT_GE(kept, want.size() - 1)
        << "of " << want.size();  // the last cell meets the prose after it
}

}  // namespace
}  // namespace speedlab
