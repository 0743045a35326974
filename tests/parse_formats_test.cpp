// Every variation of openssl speed output: fixtures made on this machine with
// OpenSSL 3.0.19 and fixtures written from the formats of other versions.
#include <gtest/gtest.h>

#include "test_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {
speedlab::Run only_run(const parse::ParsedText& p) {
    if (p.runs.size() != 1)
        throw std::runtime_error("expected one run, found " + std::to_string(p.runs.size()));
    return p.runs[0];
}
}  // namespace

TEST(Openssl30, StderrAndStdoutTogether) {
    const speedlab::Run run = only_run(parse_fixture("openssl-3.0-mixed.txt"));
    EXPECT_EQ(run.version, "OpenSSL 3.0.19");
    EXPECT_EQ(run.options, "bn(64,64)");
    EXPECT_EQ(run.cpuinfo, "CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab");
    EXPECT_DOUBLE_EQ(throughput(run, "md5", 16), 6212478.0 * 16 / 1.00);
    EXPECT_DOUBLE_EQ(figure(run, "ecdsa-p256", Operation::sign).value,
                     63388.9);  // EC prompts name no curve: table
    EXPECT_DOUBLE_EQ(figure(run, "ecdh-x25519", Operation::derive).value, 36623.0);
    EXPECT_DOUBLE_EQ(figure(run, "ed25519", Operation::verify).value, 13519.0);
    EXPECT_DOUBLE_EQ(figure(run, "ffdh2048", Operation::derive).value, 4063.0);
    // "RSA sign setup failure" lines: no RSA figures, and nothing invented.
    EXPECT_EQ(run.find("rsa2048", Operation::sign, 0), nullptr);
}

TEST(Openssl30, MachineReadable) {
    const speedlab::Run run = only_run(parse_fixture("openssl-3.0-mr.txt"));
    EXPECT_DOUBLE_EQ(throughput(run, "sha256", 64), 6403879.0 * 64 / 1.0);
    EXPECT_EQ(figure(run, "rsa1024", Operation::sign).count, 13987);
    EXPECT_DOUBLE_EQ(figure(run, "rsa1024", Operation::verify).value, 237180.0);
    EXPECT_DOUBLE_EQ(figure(run, "dsa1024", Operation::sign).value, 13577.0);
    EXPECT_DOUBLE_EQ(figure(run, "ecdsa-p256", Operation::sign).value, 58342.424242);
    EXPECT_DOUBLE_EQ(figure(run, "ecdh-x25519", Operation::derive).value, 34599.0);
    EXPECT_DOUBLE_EQ(figure(run, "ed25519", Operation::sign).value, 38447.0);
}

TEST(Openssl30, MultiTakesTheParentsSum) {
    const speedlab::Run run = only_run(parse_fixture("openssl-3.0-multi.txt"));
    EXPECT_EQ(run.timing, Timing::wall);
    EXPECT_DOUBLE_EQ(throughput(run, "sha256", 16), 280619330);
    EXPECT_DOUBLE_EQ(throughput(run, "sha256", 16384), 3635249150);
    EXPECT_EQ(run.measurements.size(), 6u);
}

TEST(Openssl30, EvpAndElapsed) {
    const speedlab::Run run = only_run(parse_fixture("openssl-3.0-evp-elapsed.txt"));
    EXPECT_EQ(run.timing, Timing::wall);
    EXPECT_DOUBLE_EQ(throughput(run, "aes-128-gcm", 16), 2853696.0 * 16);
    EXPECT_EQ(figure(run, "aes-128-gcm", Operation::throughput, 16).source_name, "AES-128-GCM");
}

TEST(Openssl30, LegacyProviderAndUnavailable) {
    const speedlab::Run legacy = only_run(parse_fixture("openssl-3.0-legacy.txt"));
    EXPECT_GT(throughput(legacy, "md4", 16), 0);
    EXPECT_GT(throughput(legacy, "des-cbc", 8192), 0);
    EXPECT_GT(throughput(legacy, "rc4", 1024), 0);
    const speedlab::Run missing = only_run(parse_fixture("openssl-3.0-unavailable.txt"));
    EXPECT_EQ(missing.find("md4", Operation::throughput, 16), nullptr);
    EXPECT_DOUBLE_EQ(throughput(missing, "md5", 16), 6351256.0 * 16);
    bool noted = false;
    for (const auto& n : missing.notes)
        noted = noted || n.find("md4: printed as 0.00") != std::string::npos;
    EXPECT_TRUE(noted);
}

TEST(Openssl111, QuotedMailWithWrappedRowsAndHeader) {
    const speedlab::Run run = only_run(parse_fixture("openssl-1.1.1-mail.txt"));
    EXPECT_EQ(run.version, "OpenSSL 1.1.1w  11 Sep 2023");
    EXPECT_EQ(run.options, "bn(64,64) rc4(16x,int) des(int) aes(partial) idea(int) blowfish(ptr)");
    EXPECT_NE(run.compiler.find("-DVPAES_ASM"), std::string::npos);
    EXPECT_DOUBLE_EQ(throughput(run, "md5", 16384),
                     151898.0 * 16384 / 3.00);  // result wrapped to next line
    EXPECT_DOUBLE_EQ(throughput(run, "md5", 8192), 302813.0 * 8192 / 3.00);
    EXPECT_DOUBLE_EQ(figure(run, "rsa2048", Operation::sign).value, 14735 / 9.99);
    EXPECT_DOUBLE_EQ(figure(run, "ecdsa-p256", Operation::verify).value, 13025.5);
    EXPECT_DOUBLE_EQ(figure(run, "ecdh-x25519", Operation::derive).value, 22532.5);
    EXPECT_EQ(run.measurements.size(), 11u);
}

TEST(Openssl32, OpsWordingRsaFourColumnsKemAndSignatureTables) {
    const speedlab::Run run = only_run(parse_fixture("openssl-3.2-ops.txt"));
    EXPECT_EQ(run.version, "OpenSSL 3.5.0");
    EXPECT_EQ(run.cpu_mask, "~0x200000000000000:~0");
    EXPECT_DOUBLE_EQ(throughput(run, "sha256", 16), 25180634.0 * 16 / 2.99);
    EXPECT_DOUBLE_EQ(figure(run, "rsa2048", Operation::sign).value, 16270 / 9.98);
    EXPECT_DOUBLE_EQ(figure(run, "rsa2048", Operation::encrypt).value, 51200.0);
    EXPECT_DOUBLE_EQ(figure(run, "rsa2048", Operation::decrypt).value, 1600.0);
    EXPECT_DOUBLE_EQ(figure(run, "dsa2048", Operation::verify).value, 5201.0);
    EXPECT_DOUBLE_EQ(figure(run, "ml-kem-768", Operation::encaps).value, 52631.6);
    EXPECT_DOUBLE_EQ(figure(run, "ml-dsa-65", Operation::sign).value, 4000.0);
}

TEST(LibreSsl, PluralFreeWordingAndSpacedNames) {
    const speedlab::Run run = only_run(parse_fixture("libressl-3.8.txt"));
    EXPECT_EQ(run.version, "LibreSSL 3.8.2");
    EXPECT_EQ(run.built_on, "date not available");
    EXPECT_DOUBLE_EQ(throughput(run, "md5", 16), 12000000.0 * 16 / 3.00);
    EXPECT_DOUBLE_EQ(throughput(run, "aes-128-gcm", 8192), 4400000000.0);
    EXPECT_DOUBLE_EQ(figure(run, "rsa2048", Operation::sign).value, 900.0);
}

TEST(Ssleay, OldestHeaderAndRawBytesCells) {
    const speedlab::Run run = only_run(parse_fixture("openssl-0.9.1c-web.txt"));
    EXPECT_EQ(run.version, "SSLeay 0.9.1b 29-Jun-1998");
    EXPECT_EQ(run.built_on, "Tue Jan 12 11:02:10 GMT 1999");   // "built on" without a colon
    EXPECT_NE(run.compiler.find("-m486"), std::string::npos);  // "C flags:"
    EXPECT_DOUBLE_EQ(throughput(run, "md2", 8), 9310);
    // A cell below 10000 bytes/s is printed without k, in bytes per second.
    EXPECT_DOUBLE_EQ(throughput(run, "bf-cbc", 8), 9876.54);
    EXPECT_DOUBLE_EQ(figure(run, "bf-cbc", Operation::throughput, 8).printed_step, 0.01);
    EXPECT_DOUBLE_EQ(figure(run, "rsa1024", Operation::verify).value, 32.2);
}

TEST(Openssl097, MachineReadableSecondsPerOp) {
    const speedlab::Run run = only_run(parse_fixture("openssl-0.9.7-mr.txt"));
    EXPECT_DOUBLE_EQ(throughput(run, "md5", 16), 1000000.0 * 16 / 3.0);
    EXPECT_EQ(run.find("md5", Operation::throughput, 256), nullptr);  // 0.00: not run
    EXPECT_DOUBLE_EQ(figure(run, "rsa1024", Operation::sign).value, 120.0);
    EXPECT_DOUBLE_EQ(figure(run, "rsa1024", Operation::verify).value, 2400.0);
}

TEST(FlattenedPage, OneLineCpuinfoAndProgress) {
    const speedlab::Run run = only_run(parse_fixture("flattened-web-page.txt"));
    EXPECT_EQ(run.version, "OpenSSL 0.9.4 09 Aug 1999");
    EXPECT_DOUBLE_EQ(throughput(run, "md5", 8192), 780.0 * 8192 / 3.00);
    EXPECT_EQ(figure(run, "md5", Operation::throughput, 8).count, 120000);
    EXPECT_EQ(run.machine->cpu_vendor, "CyrixInstead");
    EXPECT_EQ(run.machine->cpu_name, "MediaGX");
    EXPECT_DOUBLE_EQ(*run.machine->bogomips, 46.69);
    EXPECT_EQ(run.machine->kernel_release, "2.0.36");
    EXPECT_EQ(run.machine->hostname, "cyrix");
}

TEST(Openssl110, InfiniteFiguresAreNotStored) {
    const speedlab::Run run = only_run(parse_fixture("openssl-1.1.0-inf.txt"));
    EXPECT_EQ(run.find("md5", Operation::throughput, 16), nullptr);
    EXPECT_DOUBLE_EQ(throughput(run, "md5", 64), 90000000);
    EXPECT_EQ(run.find("ecdsa-x25519", Operation::sign, 0), nullptr);
    EXPECT_DOUBLE_EQ(figure(run, "ecdh-x25519", Operation::derive).value, 5000 / 10.0);
}

TEST(CutOff, StoresWhatIsCompleteAndMarksPartial) {
    const speedlab::Run run = only_run(parse_fixture("cut-off.txt"));
    EXPECT_FALSE(run.complete);
    EXPECT_EQ(run.measurements.size(), 2u);
    EXPECT_DOUBLE_EQ(throughput(run, "md5", 64), 2400000.0 * 64 / 3.0);
}

TEST(BadInput, BinaryAndHugeInputAreRefusedWithALine) {
    std::string binary = "Doing md5\nsome\0thing", name = "blob.bin";
    binary.assign("Doing md5\nsome\0thing", 20);
    try {
        parse::parse_speed_text(binary, name);
        FAIL() << "binary input accepted";
    } catch (const parse::InputError& e) {
        EXPECT_STREQ(e.what(), "blob.bin:2: binary data (a NUL byte); expected text");
    }
    std::string huge(parse::kMaxInputBytes + 1, 'a');
    EXPECT_THROW(parse::parse_speed_text(huge, "huge.txt"), parse::InputError);
}

TEST(BadInput, ProseHasNoRuns) {
    auto p = parse::parse_speed_text("Dear list,\nmy machine is fast.\ntype 1 2 3\nrsa is nice\n",
                                     "prose.txt");
    EXPECT_TRUE(p.runs.empty());
}

TEST(Import, KeepsTheRawTextOfEachRun) {
    auto parsed = parse_fixture("seed000-redhat73-pcem.txt");
    const speedlab::Run& run = parsed.runs[1];
    EXPECT_EQ(run.raw_text.view().rfind("OpenSSL 0.9.6b [engine] 9 Jul 2001", 0), 0u);
    EXPECT_NE(run.raw_text.view().find("dsa 2048 bits 0.5583s 0.7013s 1.8 1.4"), std::string::npos);
    // Re-parsing the kept text gives the same figures.
    auto again = parse::parse_speed_text(run.raw_text, "raw");
    ASSERT_EQ(again.runs.size(), 1u);
    EXPECT_EQ(again.runs[0].measurements.size(), run.measurements.size());
}

TEST(Openssl32, AeadSizesAndSm2) {
    const speedlab::Run run = only_run(parse_fixture("openssl-3.0-aead-sm2.txt"));
    EXPECT_EQ(run.version, "OpenSSL 3.2.1");
    // -aead sizes come from the header: 2, 31, 136 ...; a cell below 10000 bytes/s has no k.
    EXPECT_DOUBLE_EQ(throughput(run, "aes-128-gcm", 2), 9000.0 * 2 / 3.00);
    EXPECT_DOUBLE_EQ(throughput(run, "aes-128-gcm", 31), 104166670);
    EXPECT_DOUBLE_EQ(throughput(run, "aes-128-gcm", 136), 612345680);
    EXPECT_DOUBLE_EQ(figure(run, "sm2", Operation::sign).value, 12345.6);
    EXPECT_DOUBLE_EQ(figure(run, "sm2", Operation::verify).value, 4567.8);
}

TEST(OwnOutput, SpeedlabsTableImportsWithItsVersion) {
    auto p = parse::parse_speed_text(
        "speedlab 0.1.0 (GNU 12.2.0)\nversion: libcrypto OpenSSL 3.0.19 27 Jan 2026\ntiming: user "
        "CPU time\n"
        "The 'numbers' are in 1000s of bytes per second processed.\ntype             16 bytes\nmd5 "
        "             99399.65k\n",
        "own");
    ASSERT_EQ(p.runs.size(), 1u);
    EXPECT_EQ(p.runs[0].version, "libcrypto OpenSSL 3.0.19 27 Jan 2026");
    EXPECT_DOUBLE_EQ(throughput(p.runs[0], "md5", 16), 99399650);
}
