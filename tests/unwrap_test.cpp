// Stage 1 of import, unwrap: what mail, pages and terminals did to a text,
// undone line by line. {name, input, want} with want the clean lines.
#include <gtest/gtest.h>

#include "parse/speed_parser.h"

namespace speedlab {
namespace {

std::vector<std::string> clean(const std::string& text) {
    std::vector<std::string> out;
    for (const auto& l : parse::clean_lines(text).lines) out.emplace_back(l.text());
    return out;
}

TEST(Unwrap, UndoesWhatTransportDid) {
    using Lines = std::vector<std::string>;
    struct Case {
        std::string name, input;
        Lines want;
    } cases[] = {
        {"html pre and entities",
         "<pre>2048 bits private RSA&#x27;s in 9.97s</pre>",
         {"2048 bits private RSA's in 9.97s"}},
        {"br inside a line", "md5 1.00k<br>sha1 2.00k<br />", {"md5 1.00k", "sha1 2.00k"}},
        {"other angle brackets stay", "read from <stdin> at 1 < 2", {"read from <stdin> at 1 < 2"}},
        {"an entity decoded once", "&amp;lt;br&amp;gt;", {"&lt;br&gt;"}},
        {"no-break spaces", "md5\xC2\xA0 1.00k", {"md5  1.00k"}},
        {"indented Doing line broken after its colon",
         "    Doing 2048 bits private rsa's for 10s:\n    10364 2048 bits private RSA's in 9.97s",
         {"    Doing 2048 bits private rsa's for 10s: 10364 2048 bits private RSA's in 9.97s"}},
        {"a header of sizes broken before 'bytes'",
         "mode  16 bytes  8192\nbytes",
         {"mode  16 bytes  8192 bytes"}},
        {"a key header wrapped", "sign verify sign/s\nverify/s", {"sign verify sign/s verify/s"}},
        {"a Got record broken twice",
         "Got:\n+F:6:sha256:1.00:2.00\nfrom 0",
         {"Got: +F:6:sha256:1.00:2.00 from 0"}},
        {"a record broken in its name",
         "+F:16:aes-128\ncbc:1.00:2.00",
         {"+F:16:aes-128 cbc:1.00:2.00"}},
        {"a figure after a record is not its rest",
         "+F:16:aes-128 cbc:1.00\n2.00:3.00",
         {"+F:16:aes-128 cbc:1.00", "2.00:3.00"}},
        {"a typed row wrapped after a pipe",
         "| tilia | 0.9.6b |\n6,075.73k | 0.1 |",
         {"| tilia | 0.9.6b | 6,075.73k | 0.1 |"}},
        {"rows without outer pipes stay apart", "a | b\nc | d", {"a | b", "c | d"}},
        {"an ISO time stamp", "2024-05-01T12:34:56.7890123Z md5 1.00k", {"md5 1.00k"}},
        {"a time stamp with a zone", "2024-05-01 12:34:56,789+02:00 md5 1.00k", {"md5 1.00k"}},
        {"a clock time and a tag", "[build] 12:34:56 md5 1.00k", {"md5 1.00k"}},
        {"a stamp keeps the indentation after it", "12:34:56     sign verify", {"    sign verify"}},
        {"a date alone is text", "2024-05-01 was a Wednesday", {"2024-05-01 was a Wednesday"}},
        {"a wiki link is text", "[[Benchmarks]] md5", {"[[Benchmarks]] md5"}},
        {"openssl's output flattened by a page",
         "Seen: OpenSSL 1.0.2k  26 Jan 2017 built on: reproducible options:bn(64,64) type 16 bytes "
         "64 bytes md5 1.00k 2.00k sign verify sign/s verify/s rsa 2048 bits 0.1s 0.2s 10.0 5.0 "
         "256 bits ecdsa (nistp256) 0.1s 0.2s 10.0 5.0",
         {"Seen:", "OpenSSL 1.0.2k  26 Jan 2017", "built on: reproducible", "options:bn(64,64)",
          "type 16 bytes 64 bytes", "md5 1.00k 2.00k", "sign verify sign/s verify/s",
          "rsa 2048 bits 0.1s 0.2s 10.0 5.0", "256 bits ecdsa (nistp256) 0.1s 0.2s 10.0 5.0"}},
        // Issue 23 item 12: 3.x's aligned headers and an error after a result.
        {"3.x's aligned headers and an error glued after a progress result",
         "Doing md5 for 1s on 16 size blocks: 6212478 md5's in 1.00s RSA sign setup failure.  "
         "version: 3.0.19 type             16 bytes md5              99399.65k "
         "                   sign    verify    sign/s verify/s  256 bits ecdsa (nistp256)   "
         "0.0000s   0.0000s  63388.9  21461.0                    op      op/s  "
         "253 bits ecdh (X25519)   0.0000s  36623.0",
         {"Doing md5 for 1s on 16 size blocks: 6212478 md5's in 1.00s", "RSA sign setup failure.",
          "version: 3.0.19", "type             16 bytes", "md5              99399.65k",
          "sign    verify    sign/s verify/s",
          "256 bits ecdsa (nistp256)   0.0000s   0.0000s  63388.9  21461.0", "op      op/s",
          "253 bits ecdh (X25519)   0.0000s  36623.0"}},
        {"a short line with two markers stays whole",
         "OpenSSL 1.1.1 and OpenSSL 3.0 compared",
         {"OpenSSL 1.1.1 and OpenSSL 3.0 compared"}},
        // Issue 22: a marker every line of a block shares is the wrapping.
        {"a Perl comment block",
         "#\tOpenSSL 0.9.6c\n#rsa 512 bits\n#",
         {"OpenSSL 0.9.6c", "rsa 512 bits", ""}},
        {"a C block comment",
         "/*\n * md5 1.00k\n *\n * sha1 2.00k\n */",
         {"/*", "md5 1.00k", "", "sha1 2.00k", " */"}},
        {"two '#' lines are no block",
         "# openssl speed md5\n# cat x",
         {"# openssl speed md5", "# cat x"}},
        {"'//' and a tab", "//\tmd5 1.00k\n//\tsha1 2.00k\n//", {"md5 1.00k", "sha1 2.00k", ""}},
        {"list bullets", "- md5 1.00k\n- sha1 2.00k\n- x", {"md5 1.00k", "sha1 2.00k", "x"}},
        // Round eleven (MISSES.md 42, 44, 45): what a page copy puts on every line.
        {"a paste site's numbered lines",
         "  9. Model name: Cortex-A8\n  10. OpenSSL 1.1.1c 28 May 2019\n  11. md5 1.00k\n  12. ",
         {"Model name: Cortex-A8", "OpenSSL 1.1.1c 28 May 2019", "md5 1.00k", ""}},
        {"two numbered lines are no block",
         "1. md5 1.00k\n2. sha1 2.00k",
         {"1. md5 1.00k", "2. sha1 2.00k"}},
        {"numbers not counting up stay",
         "5. md5\n7. sha1\n9. sha256",
         {"5. md5", "7. sha1", "9. sha256"}},
        {"a version is no line number", "1.1.1c x\n2.0 y\n3.0 z", {"1.1.1c x", "2.0 y", "3.0 z"}},
        {"a numbered copy of a list",
         "  1. - md5 1.00k\n  2. - sha1 2.00k\n  3. - x",
         {"md5 1.00k", "sha1 2.00k", "x"}},
        {"a quoted list", "> - md5 1.00k\n> - sha1 2.00k\n> - x", {"md5 1.00k", "sha1 2.00k", "x"}},
        {"a logged list",
         "12:34:56 - md5 1.00k\n12:34:57 - sha1 2.00k\n12:34:58 - x",
         {"md5 1.00k", "sha1 2.00k", "x"}},
        {"a code page's line ends",
         "openssl speed md5 | |\nOpenSSL 1.1.1l | |\nmd5 1.00k | |",
         {"openssl speed md5", "OpenSSL 1.1.1l", "md5 1.00k"}},
        {"a table's empty last cells stay",
         "| a | b | |\n| c | d | |\n| e | f | |",
         {"| a | b | |", "| c | d | |", "| e | f | |"}},
        {"two line ends are no block",
         "md5 1.00k | |\nsha1 2.00k | |",
         {"md5 1.00k | |", "sha1 2.00k | |"}},
        {"'**bold**' is no bullet", "**a**\n**b**\n**c**", {"**a**", "**b**", "**c**"}},
        {"a prompt glued to the version line (050)",
         "    $ OpenSSL 1.0.0e 6 Sep 2011",
         {"OpenSSL 1.0.0e 6 Sep 2011"}},
        {"a prompt before a command stays", "$ openssl speed md5", {"$ openssl speed md5"}},
        {"a prompt glued to a header after rows",
         "    md5  1.00k  2.00k\n\n    $ type  16 bytes  64 bytes\n    md5  3.00k  4.00k",
         {"    md5  1.00k  2.00k", "", "type  16 bytes  64 bytes", "    md5  3.00k  4.00k"}},
        {"inline code, a long line broken with ``",
         "`compiler: gcc -``DNDEBUG`",
         {"compiler: gcc -DNDEBUG"}},
        {"CPUINFO broken at its spaces",
         "CPUINFO:\nOPENSSL_ia32cap=0x1:0x2\nenv:~0x2:~0",
         {"CPUINFO: OPENSSL_ia32cap=0x1:0x2 env:~0x2:~0"}},
        // A poster's Markdown emphasis inside openssl's rows (corpus 270).
        {"bold cells of a key row",
         "384 bit ecdsa (nistp384) **0.0002s** 0.0008s **5045.4** 1204.9",
         {"384 bit ecdsa (nistp384) 0.0002s 0.0008s 5045.4 1204.9"}},
        {"italic and underscored cells",
         "rsa 2048 bits *0.000725s* 0.000021s __1378.8__ *47765.0*",
         {"rsa 2048 bits 0.000725s 0.000021s 1378.8 47765.0"}},
        {"a bold row name", "**md5** 1.00k 2.00k", {"md5 1.00k 2.00k"}},
        {"emphasis in prose stays", "the **fastest** run: 5045.4", {"the **fastest** run: 5045.4"}},
        {"a lone star stays",
         "rsa 2048 bits 0.000725s * 1378.8 47765.0",
         {"rsa 2048 bits 0.000725s * 1378.8 47765.0"}},
    };
    for (const auto& c : cases) EXPECT_EQ(clean(c.input), c.want) << c.name;
}

// A blank line after every line is a line break; two are a blank line.
TEST(Unwrap, DoubleSpacedTextLosesItsSingleBlankLines) {
    std::string text;
    for (int k = 0; k < 9; ++k) text += "line " + std::to_string(k) + "\n\n";
    text += "\n\nafter a paragraph break\n";
    auto lines = clean(text);
    ASSERT_EQ(lines.size(), 11u);
    EXPECT_EQ(lines[8], "line 8");
    EXPECT_EQ(lines[9], "");
    EXPECT_EQ(lines[10], "after a paragraph break");
    // Ordinary text with a few blank lines keeps them all.
    EXPECT_EQ(clean("a\nb\n\nc\nd\ne\nf\ng\nh\ni\n").size(), 10u);
}

}  // namespace
}  // namespace speedlab
