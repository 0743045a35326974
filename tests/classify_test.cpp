// Stage 2 (classify) and stage 4 (resolve) of import on single lines, as
// tables of {name, input, want}: each line's kind from its own text alone.
#include "parse/classify.h"

#include <gtest/gtest.h>

#include <cmath>

#include "parse/run_builder.h"
#include "parse/speed_parser.h"

namespace speedlab::parse {
namespace {

TEST(Classify, KindsOfLines) {
    struct Case {
        std::string name, input;
        LineKind want;
    };
    const Case cases[] = {
        {"blank", "   \t", LineKind::blank},
        {"prompt", "root@tilia:~# openssl speed md5 rsa", LineKind::prompt},
        {"prompt with 'at'", "didier at abrasd03:~$ openssl speed", LineKind::prompt},
        {"bracketed prompt", "[root@AnolisOS-163 BabaSSL.bak]# openssl speed sm3",
         LineKind::prompt},
        {"command without prompt", "$ openssl speed md5", LineKind::other},
        {"progress 0.9", "Doing md5 for 3s on 8 size blocks: 174967 md5's in 2.98s",
         LineKind::progress},
        {"progress cut", "Doing md5 for 3s on 8 size blocks: ", LineKind::progress},
        {"mr record", "+F:4:md5:469710.00:2433450.00", LineKind::mr_record},
        {"mr behind %%", "%% +DT:md5:3:16", LineKind::mr_record},
        {"mr behind timestamp", "12:01:33 +H:16:64:256", LineKind::mr_record},
        {"plus in prose", "C++:17 is not a record", LineKind::other},
        {"version 0.9", "OpenSSL 0.9.6b [engine] 9 Jul 2001", LineKind::version},
        {"version 3.x", "version: 3.0.19", LineKind::version},
        {"version in prose", "OpenSSL is a library", LineKind::other},
        {"version number in prose", "OpenSSL 3.0 is faster than 1.1.1 here", LineKind::other},
        {"FIPS build", "OpenSSL 1.1.1k  FIPS 25 Mar 2021", LineKind::version},
        {"development build", "OpenSSL 1.1.1j-dev  xx XXX xxxx", LineKind::version},
        {"LibreSSL alone", "LibreSSL 3.8.2", LineKind::version},
        {"a typed table's row label", "OpenSSL 1.1.1-pre2|3706.6|127548.8", LineKind::other},
        {"a typed header of sizes", "block size     16   64   256   1024   8192",
         LineKind::throughput_header},
        {"sizes with bytes", "bytes 16 bytes 64 bytes 256 bytes", LineKind::throughput_header},
        {"prose with numbers", "we ran 16 64 and 100 threads", LineKind::other},
        {"sizes that fall", "block size 1024 256 16", LineKind::other},
        {"SSLeay", "SSLeay 0.6.6 14-Jan-1997", LineKind::version},
        {"built on", "built on: Thu Apr 4 12:18:55 EST 2002", LineKind::built_on},
        {"options", "options:bn(64,32) md2(int) rc4(idx,int)", LineKind::options},
        {"compiler", "compiler: gcc -O3", LineKind::compiler},
        {"C flags", "C flags: cc -O", LineKind::compiler},
        {"elapsed", "You have chosen to measure elapsed time instead of user CPU time.",
         LineKind::elapsed_notice},
        {"timing", "timing function used: getrusage", LineKind::timing_note},
        {"cpuinfo", "CPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x40069c219c97a9",
         LineKind::cpuinfo},
        {"forked", "Forked child 1", LineKind::forked_child},
        {"numbers", "The 'numbers' are in 1000s of bytes per second processed.",
         LineKind::numbers_note},
        {"type header", "type 16 bytes 64 bytes 256 bytes", LineKind::throughput_header},
        {"pk header", "sign verify sign/s verify/s", LineKind::public_key_header},
        {"kem header", "keygen encaps decaps keygens/s encaps/s decaps/s",
         LineKind::public_key_header},
        {"rsa row", "rsa 512 bits 0.0486s 0.0044s 20.6 228.3", LineKind::public_key_row},
        {"ecdsa row", " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  37563.2  12269.5",
         LineKind::public_key_row},
        {"ecdh row", " 253 bits ecdh (X25519)   0.0000s  24523.5", LineKind::public_key_row},
        {"ffdh row", "2048 bits ffdh   0.0014s    713.4", LineKind::public_key_row},
        {"ecdsa without curve", " 256 bits ecdsa 0.0001s 0.0002s", LineKind::other},
        {"kem row", "ML-KEM-512 0.000015s 0.000012s 0.000016s 66666.7 83333.3 62500.0",
         LineKind::kem_row},
        {"md5 row", "md5 469.71k 2433.45k 4516.95k 5745.32k 6242.30k", LineKind::throughput_row},
        {"long name", "des ede3 1234.56k 1300.00k", LineKind::throughput_row},
        {"inf row", "aes-128-gcm inf inf inf inf inf", LineKind::throughput_row},
        {"ratio row", "md5 1.027 1.031 1.029", LineKind::other},
        {"prose", "Let's seen how MD5 and RSA do:", LineKind::other},
    };
    for (const auto& c : cases)
        EXPECT_EQ(to_string(classify(c.input).kind()), to_string(c.want)) << c.name;
}

TEST(Classify, WhatEachKindCarries) {
    auto version = classify("version: 3.0.19");
    EXPECT_EQ(version.as<Version>().version, "OpenSSL 3.0.19");
    auto built = classify("built on: built on: Tue Jan  1 2019");
    EXPECT_EQ(built.as<BuiltOn>().date, "Tue Jan  1 2019");
    EXPECT_EQ(classify("type 8 bytes 64 bytes 256 bytes").as<ThroughputHeader>().sizes,
              (std::vector<int64_t>{8, 64, 256}));
    EXPECT_TRUE(classify("type 8 bytes 64 bits").as<ThroughputHeader>().sizes.empty());
    // "%7d bytes": a size of seven digits touches the "bytes" before it.
    EXPECT_EQ(classify("type          51200 bytes 102400 bytes1048576 bytes2097152 bytes")
                  .as<ThroughputHeader>()
                  .sizes,
              (std::vector<int64_t>{51200, 102400, 1048576, 2097152}));
    EXPECT_TRUE(classify("type 16 bytesx64 bytes").as<ThroughputHeader>().sizes.empty());
    EXPECT_EQ(classify("Forked child 3").as<ForkedChild>().child, 3);
    EXPECT_EQ(
        classify("keygen encaps decaps keygens/s encaps/s decaps/s").as<PublicKeyHeader>().table,
        TableKind::kem);
    EXPECT_EQ(classify("keygen signs verify keygens/s sign/s verify/s").as<PublicKeyHeader>().table,
              TableKind::signature);
    auto host = classify("root@tilia:~# openssl speed md5");
    EXPECT_EQ(host.as<Prompt>().host, "tilia");
    EXPECT_TRUE(host.names_command);
    // Fedora's "[user@host dir]#": the host ends at the space before the directory.
    EXPECT_EQ(classify("[root@AnolisOS-163 BabaSSL.bak]# openssl speed sm3").as<Prompt>().host,
              "AnolisOS-163");
    EXPECT_EQ(classify("[me@pi ~]$ openssl speed md5").as<Prompt>().host, "pi");
    // openSUSE's root prompt: the host, then the directory, no user; macOS's likewise.
    EXPECT_EQ(
        classify("linux-rmw4:/usr/local/bin # ./openssl speed -elapsed rsa2048").as<Prompt>().host,
        "linux-rmw4");
    EXPECT_EQ(classify("franks-mbp:~ frankw$ openssl speed sha256").as<Prompt>().host,
              "franks-mbp");
    EXPECT_NE(classify("C:/tools> openssl speed md5").kind(), LineKind::prompt);

    auto child = classify("Got: +F:4:md5:100.00:200.00 from 1");
    EXPECT_TRUE(child.as<MrLine>().from_child);
    EXPECT_EQ(child.as<MrLine>().record, "+F:4:md5:100.00:200.00 from 1");

    auto row = classify("rsa 4096 bits 13.2700s 0.2185s 0.1 4.6");
    EXPECT_EQ(row.as<PublicKeyRow>().id, "rsa4096");
    EXPECT_EQ(row.as<PublicKeyRow>().seconds,
              (std::vector<std::string_view>{"13.2700s", "0.2185s"}));
    EXPECT_EQ(row.as<PublicKeyRow>().rates, (std::vector<std::string_view>{"0.1", "4.6"}));
    // Issue 22: a label after a row's figures names its run; a bare time stays a time.
    auto labelled = classify("rsa 512 bits 0.001720s 0.000140s 581.4 7149.7\thardware VIA SDK");
    EXPECT_EQ(labelled.as<PublicKeyRow>().label, "hardware VIA SDK");
    EXPECT_EQ(labelled.as<PublicKeyRow>().rates.size(), 2u);
    EXPECT_TRUE(
        classify("rsa 512 bits 0.1s 0.2s 10.0 5.0 (turbo)").as<PublicKeyRow>().label.empty());
    // speedlab's show text: "-" where a run has no such figure keeps its place.
    auto sign_only = classify("rsa 2048 bits 0.000667s         -   1500.0        -");
    EXPECT_EQ(sign_only.as<PublicKeyRow>().seconds,
              (std::vector<std::string_view>{"0.000667s", "-"}));
    EXPECT_EQ(sign_only.as<PublicKeyRow>().rates, (std::vector<std::string_view>{"1500.0", "-"}));
    auto verify_only = classify("rsa 2048 bits n/a 0.000020s N/A 50000.0");
    EXPECT_EQ(verify_only.as<PublicKeyRow>().rates,
              (std::vector<std::string_view>{"N/A", "50000.0"}));
    EXPECT_NE(classify("rsa 2048 bits - -").kind(), LineKind::public_key_row);
    // A document's full stop after the row's last rate.
    EXPECT_EQ(
        classify("rsa 2048 bits 0.001384s 0.000035s   724.1  28365.8.").as<PublicKeyRow>().rates,
        (std::vector<std::string_view>{"724.1", "28365.8"}));
    auto bare = classify("rsa 4096 bits   0.577s   0.011");
    EXPECT_EQ(bare.as<PublicKeyRow>().seconds, (std::vector<std::string_view>{"0.577s", "0.011"}));
    EXPECT_TRUE(bare.as<PublicKeyRow>().rates.empty());
    EXPECT_EQ(classify("block size 16 64 256 1024 8192 16384").as<ThroughputHeader>().sizes,
              (std::vector<int64_t>{16, 64, 256, 1024, 8192, 16384}));
    auto curve = classify(" 253 bits EdDSA (Ed25519)   0.0000s   0.0001s  24000.1   8000.2");
    EXPECT_EQ(curve.as<PublicKeyRow>().id, "ed25519");
    EXPECT_EQ(curve.as<PublicKeyRow>().family, "eddsa");
    EXPECT_EQ(curve.as<PublicKeyRow>().bits, 253);

    auto md5 = classify("md5 469.71k 1e308k xk 5745.32k");
    EXPECT_EQ(md5.as<ThroughputRow>().name, "md5");
    EXPECT_EQ(md5.as<ThroughputRow>().cells.size(), 4u);  // every place kept, figure or not
}

TEST(Classify, ProgressLines) {
    struct Case {
        std::string name, input;
        Progress::Kind kind;
        std::string id;
        Operation op;
        int64_t bytes, count;
    };
    const Case cases[] = {
        {"0.9 md5", "Doing md5 for 3s on 8 size blocks: 174967 md5's in 2.98s",
         Progress::Kind::figure, "md5", Operation::throughput, 8, 174967},
        {"3.x ops", "Doing AES-128-CBC ops for 3s on 16 size blocks: 1000 AES-128-CBC ops in 3.00s",
         Progress::Kind::figure, "aes-128-cbc", Operation::throughput, 16, 1000},
        {"count mode", "Doing md5 10000 times on 16 size blocks: 10000 md5's in 0.50s",
         Progress::Kind::figure, "md5", Operation::throughput, 16, 10000},
        {"rsa private", "Doing 512 bit private rsa's for 10s: 206 512 bit private RSA's in 10.01s",
         Progress::Kind::figure, "rsa512", Operation::sign, 0, 206},
        {"rsa public", "Doing 512 bit public rsa's for 10s: 2276 512 bit public RSA's in 9.97s",
         Progress::Kind::figure, "rsa512", Operation::verify, 0, 2276},
        {"dsa verify", "Doing 1024 bit verify dsa's for 10s: 500 1024 bit DSA verify in 10.00s",
         Progress::Kind::figure, "dsa1024", Operation::verify, 0, 500},
        {"3.2 named ops", "Doing rsa2048 verify ops for 10s: 3486014 rsa2048 verify ops in 10.00s",
         Progress::Kind::figure, "sig-rsa2048", Operation::verify, 0, 3486014},
        {"kem encaps", "Doing ML-KEM-768 encaps ops for 10s: 100 ML-KEM-768 encaps ops in 10.00s",
         Progress::Kind::figure, "ml-kem-768", Operation::encaps, 0, 100},
        {"ecdsa curve", "Doing 256 bits sign ecdsa's for 10s: 1000 256 bits ECDSA signs in 10.00s",
         Progress::Kind::curve, "", Operation::sign, 0, 1000},
        {"cut off", "Doing md5 for 3s on 16 size blocks:", Progress::Kind::started, "",
         Operation::throughput, 0, 0},
        {"zero", "Doing md5 for 3s on 16 size blocks: 0 md5's in 0.00s", Progress::Kind::empty, "",
         Operation::throughput, 0, 0},
        // Found by the fuzzer: from_chars reads "-nan" and "inf", which time nothing.
        {"not a number of seconds", "Doing md5 for 3s on 64 size blocks: 60000 md5's in -nans",
         Progress::Kind::empty, "", Operation::throughput, 0, 0},
        {"infinite seconds", "Doing md5 for 3s on 64 size blocks: 60000 md5's in infs",
         Progress::Kind::empty, "", Operation::throughput, 0, 0},
    };
    for (const auto& c : cases) {
        Token t = classify(c.input);
        ASSERT_EQ(t.kind(), LineKind::progress) << c.name;
        const Progress& p = t.as<Progress>();
        EXPECT_EQ(static_cast<int>(p.kind), static_cast<int>(c.kind)) << c.name;
        EXPECT_EQ(p.id, c.id) << c.name;
        EXPECT_EQ(p.op, c.op) << c.name;
        EXPECT_EQ(p.bytes, c.bytes) << c.name;
        EXPECT_EQ(p.count, c.count) << c.name;
    }
}

TEST(Resolve, MoreSignificantDigitsWin) {
    // Seed 000: "rsa 4096 bits 13.2700s 0.2185s 0.1 4.6": 1/13.27 for sign, 4.6 for verify.
    auto sign = public_key_figure("rsa4096", Operation::sign, Number{0.1, 0.1},
                                  Number{13.27, 0.0001}, "rsa 4096 bits");
    ASSERT_TRUE(sign);
    EXPECT_DOUBLE_EQ(sign->value, 1 / 13.27);
    EXPECT_EQ(sign->printed.per_second.value(), 0.1);
    EXPECT_EQ(sign->printed.seconds_per_op.value(), 13.27);
    auto verify = public_key_figure("rsa4096", Operation::verify, Number{4.6, 0.1},
                                    Number{0.2185, 0.0001}, "rsa 4096 bits");
    ASSERT_TRUE(verify);
    EXPECT_DOUBLE_EQ(verify->value, 1 / 0.2185);  // 4 digits beat 2
    EXPECT_FALSE(public_key_figure("rsa512", Operation::sign, Number{NAN, 0}, std::nullopt, ""));
}

TEST(Resolve, TableKeptWhereProgressDisagrees) {
    RunBuilder b;
    Progress p;
    p.kind = Progress::Kind::figure;
    p.id = "rsa4096";
    p.op = Operation::verify;
    p.count = 106;
    p.seconds = 10.70;  // 9.91/s: seed 001
    b.add_progress(p);
    Token row = classify("rsa 4096 bits 0.0952s 10.5");
    ASSERT_EQ(row.kind(), LineKind::public_key_row);
    // Only the verify column is read here: rows give sign first.
    PublicKeyRow verify = row.as<PublicKeyRow>();
    verify.ops = {Operation::verify};
    EXPECT_FALSE(b.add_public_key_row(verify));
    auto runs = b.finish();
    ASSERT_EQ(runs.size(), 1u);
    const auto* m = runs[0].find("rsa4096", Operation::verify, 0);
    ASSERT_TRUE(m);
    // "0.0952s" (0.0001 on 0.0952) beats "10.5" (0.1 on 10.5): the table's seconds are kept.
    EXPECT_DOUBLE_EQ(m->value, 1 / 0.0952);
    EXPECT_EQ(m->count, 106);
    ASSERT_FALSE(runs[0].notes.empty());
    EXPECT_NE(runs[0].notes[0].find("the table is kept"), std::string::npos);
}

TEST(Resolve, ChildRecordsAreSamplesAndSumWithoutTheParentTable) {
    RunBuilder b;
    b.set_multi();
    b.from_child(true);
    for (double v : {100.0, 120.0}) {
        Measurement m;
        m.algorithm = "md5";
        m.parameter = 16;
        m.value = v;
        b.add_table(m);
    }
    b.from_child(false);
    auto runs = b.finish();
    ASSERT_EQ(runs.size(), 1u);
    const auto* m = runs[0].find("md5", Operation::throughput, 16);
    ASSERT_TRUE(m);
    EXPECT_DOUBLE_EQ(m->value, 220.0);
    EXPECT_EQ(m->samples, (std::vector<double>{100.0, 120.0}));
    EXPECT_NE(runs[0].notes.back().find("sum of the processes"), std::string::npos);
}

}  // namespace
}  // namespace speedlab::parse

namespace speedlab::parse {
namespace {

TEST(Diagnostics, EveryFigureSkippedAndLineNotUsedAtItsLine) {
    const std::string text =
        "OpenSSL 1.1.1w  11 Sep 2023\n"
        "a stray remark in the middle\n"
        "The 'numbers' are in 1000s of bytes per second processed.\n"
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
        "md5              1e308k       2433.45k    4516.95k    5745.32k     6242.30k\n"
        "sha1             inf          2000.00k    3000.00k    4000.00k     5000.00k\n";
    auto parsed = parse_speed_text(text, "t.txt");
    ASSERT_EQ(parsed.runs.size(), 1u);
    const std::vector<Diagnostic> want = {
        {2, Severity::warning, true, "not used"},
        {5, Severity::warning, false, "md5 at 16 bytes: '1e308k' is not a figure; skipped"},
        {6, Severity::warning, false, "sha1 at 16 bytes: printed as inf, not stored"},
    };
    EXPECT_EQ(parsed.diagnostics, want);
    // The line not used is quoted from the input, not kept in the result.
    EXPECT_EQ(diagnostic_messages(parsed.diagnostics, text),
              (std::vector<std::string>{"not used: a stray remark in the middle",
                                        "md5 at 16 bytes: '1e308k' is not a figure; skipped",
                                        "sha1 at 16 bytes: printed as inf, not stored"}));
    // The cells after the bad one keep their block sizes.
    EXPECT_TRUE(parsed.runs[0].find("md5", Operation::throughput, 64));
    EXPECT_FALSE(parsed.runs[0].find("md5", Operation::throughput, 16));
}

TEST(Diagnostics, ClosestMissOfATextWithoutRuns) {
    struct Case {
        std::string name, input;
        size_t line;
        std::string what;
    };
    const Case cases[] = {
        {"a row outside any run", "notes\n\nmd5 469.71 2433.45 4516.95\n", 3,
         "throughput_row 'md5 469.71 2433.45 4516.95' outside any run"},
        {"prose naming OpenSSL", "intro\nI ran OpenSSL on it.\n", 2,
         "it names OpenSSL, but no openssl speed output follows"},
        {"nothing at all", "hello\nworld\n", 0, ""},
    };
    for (const auto& c : cases) {
        auto parsed = parse_speed_text(c.input, "t.txt");
        EXPECT_TRUE(parsed.runs.empty()) << c.name;
        EXPECT_EQ(parsed.closest_line, c.line) << c.name;
        EXPECT_EQ(parsed.closest_what, c.what) << c.name;
    }
}

}  // namespace
}  // namespace speedlab::parse
