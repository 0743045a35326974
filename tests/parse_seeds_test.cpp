// The seed texts import with the exact figures they print.
#include <gtest/gtest.h>

#include "report/speed_table.h"
#include "test_support.h"

using namespace speedlab;
using namespace speedlab::testing;

TEST(Seed000, FindsThreePcemRunsAndTiliasFour) {
    auto parsed = parse_fixture("seed000-redhat73-pcem.txt");
    // 3 measured in PCem, 4 rows of tilia's table, then the BogoMips table's 10
    // facts as runs of one figure each (tilia and PCem under five kernels).
    ASSERT_EQ(parsed.runs.size(), 17u);
    for (size_t k = 3; k < 7; ++k) EXPECT_EQ(parsed.runs[k].machine->label, "tilia");
    EXPECT_EQ(parsed.runs[0].version, "OpenSSL 0.9.6b [engine] 9 Jul 2001");
    EXPECT_EQ(parsed.runs[1].version, "OpenSSL 0.9.6b [engine] 9 Jul 2001");
    EXPECT_EQ(parsed.runs[2].version, "OpenSSL 0.9.6b 9 Jul 2001");
    for (const auto& r : parsed.runs) {
        EXPECT_EQ(r.source, "imported");
        EXPECT_TRUE(r.complete);
        // A person's table does not say how its figures were timed.
        EXPECT_EQ(r.timing, r.program == "hand-made table" ? Timing::unknown : Timing::user_cpu);
    }
}

TEST(Seed000, BogoMipsTableGivesFactsOfTiliaAndPcem) {
    auto parsed = parse_fixture("seed000-redhat73-pcem.txt");
    // tilia's openssl rows take the BogoMips of the same kernel.
    const double tilia[] = {29.80, 29.80, 148.68, 148.68};  // 2.0.36, 2.2.14, 2.2.17, 2.4.18
    const char* kernels[] = {"2.0.36", "2.2.14", "2.2.17", "2.4.18"};
    for (size_t k = 0; k < 4; ++k) {
        const Machine& m = parsed.runs[3 + k].machine;
        ASSERT_TRUE(m.bogomips) << k;
        EXPECT_DOUBLE_EQ(*m.bogomips, tilia[k]);
        EXPECT_EQ(m.kernel_release, kernels[k]);
    }
    // The PCem run measured under 2.4.18 keeps its own cpuinfo figure.
    EXPECT_DOUBLE_EQ(*parsed.runs[0].machine->bogomips, 149.50);
    struct Fact {
        std::string label, kernel;
        double bogomips;
    };
    const Fact facts[] = {{"tilia", "1.2.13", 29.80},  {"PCem", "1.2.13", 74.98},
                          {"tilia", "2.0.36", 29.80},  {"PCem", "2.0.36", 74.75},
                          {"tilia", "2.2.14", 29.80},  {"PCem", "2.2.14", 74.75},
                          {"tilia", "2.2.17", 148.68}, {"PCem", "2.2.17", 149.50},
                          {"tilia", "2.4.18", 148.68}, {"PCem", "2.4.18", 149.50}};
    for (size_t k = 0; k < 10; ++k) {
        const speedlab::Run& r = parsed.runs[7 + k];
        ASSERT_EQ(r.measurements.size(), 1u) << k;
        EXPECT_EQ(r.measurements[0].algorithm, "bogomips");
        EXPECT_EQ(r.measurements[0].operation, Operation::score);
        EXPECT_DOUBLE_EQ(r.measurements[0].value, facts[k].bogomips);
        EXPECT_DOUBLE_EQ(r.measurements[0].printed_step, 0.01);
        EXPECT_EQ(r.program, "hand-made table");
        EXPECT_EQ(r.machine->label, facts[k].label);
        EXPECT_EQ(r.machine->kernel_release, facts[k].kernel);
        EXPECT_DOUBLE_EQ(*r.machine->bogomips, facts[k].bogomips);
        EXPECT_EQ(r.machine->emulator, facts[k].label == "PCem" ? "PCem" : "");
    }
    EXPECT_EQ(parsed.runs[8].machine->distribution, "Slackware Linux 3.0");
}

TEST(Seed000, ProgressLinesAreTheMorePreciseSource) {
    const speedlab::Run run = parse_fixture("seed000-redhat73-pcem.txt").runs[0];
    const auto& md5_8 = figure(run, "md5", Operation::throughput, 8);
    EXPECT_EQ(md5_8.count, 174967);
    EXPECT_DOUBLE_EQ(*md5_8.seconds, 2.98);
    EXPECT_DOUBLE_EQ(md5_8.value, 174967.0 * 8 / 2.98);  // the table printed 469.71k
    EXPECT_DOUBLE_EQ(throughput(run, "md5", 8192), 2286.0 * 8192 / 3.00);
    const auto& sign = figure(run, "rsa4096", Operation::sign);
    EXPECT_EQ(sign.count, 1);
    EXPECT_DOUBLE_EQ(sign.value, 1 / 13.27);
    EXPECT_DOUBLE_EQ(figure(run, "rsa4096", Operation::verify).value, 46 / 10.05);
    EXPECT_EQ(run.measurements.size(), 13u);  // 5 md5 sizes + 4 rsa sizes x 2
}

TEST(Seed000, PackagedFullRunPrintsExactFigures) {
    const speedlab::Run run = parse_fixture("seed000-redhat73-pcem.txt").runs[1];
    EXPECT_DOUBLE_EQ(throughput(run, "md5", 8192), 6242300);  // 6242.30k
    EXPECT_DOUBLE_EQ(figure(run, "md5", Operation::throughput, 8192).printed_step, 10);
    EXPECT_DOUBLE_EQ(throughput(run, "md2", 8), 64810);
    EXPECT_DOUBLE_EQ(throughput(run, "hmac-md5", 8192), 6130350);
    EXPECT_DOUBLE_EQ(throughput(run, "des-cbc", 1024), 559450);
    EXPECT_DOUBLE_EQ(throughput(run, "bf-cbc", 8192), 1283410);
    EXPECT_DOUBLE_EQ(throughput(run, "cast5-cbc", 64), 781910);
    EXPECT_DOUBLE_EQ(throughput(run, "rc2-cbc", 256), 448940);
    // Both printed forms are kept; the value is the more precise one: "0.2185s"
    // (4 digits) beats "4.6" per second, "13.2800s" beats "0.1".
    const auto& verify = figure(run, "rsa4096", Operation::verify);
    EXPECT_DOUBLE_EQ(verify.printed.per_second.value(), 4.6);
    EXPECT_DOUBLE_EQ(verify.printed.seconds_per_op.value(), 0.2185);
    EXPECT_DOUBLE_EQ(verify.value, 1 / 0.2185);
    EXPECT_NEAR(verify.printed_step, 0.0001 / (0.2185 * 0.2185), 1e-12);
    EXPECT_DOUBLE_EQ(figure(run, "rsa4096", Operation::sign).value, 1 / 13.28);
    EXPECT_DOUBLE_EQ(figure(run, "rsa4096", Operation::sign).printed.per_second.value(), 0.1);
    EXPECT_DOUBLE_EQ(figure(run, "dsa2048", Operation::verify).printed.per_second.value(), 1.4);
    // Rows printed as 0.00 (compiled out) are missing, never zero.
    EXPECT_EQ(run.find("mdc2", Operation::throughput, 8), nullptr);
    EXPECT_EQ(run.find("idea-cbc", Operation::throughput, 8192), nullptr);
    EXPECT_EQ(run.find("rc5-cbc", Operation::throughput, 64), nullptr);
    EXPECT_EQ(run.measurements.size(), 12u * 5 + 7 * 2);
    EXPECT_NE(run.compiler.find("-DNO_ASM"), std::string::npos);
    EXPECT_NE(run.compiler.find("-march=i386"), std::string::npos);
    EXPECT_EQ(run.built_on, "Thu Apr 4 12:18:55 EST 2002");
    EXPECT_EQ(run.options, "bn(64,32) md2(int) rc4(idx,int) des(ptr,risc1,16,long) blowfish(idx)");
}

TEST(Seed000, LocallyBuiltRunHasAsmFlags) {
    const speedlab::Run run = parse_fixture("seed000-redhat73-pcem.txt").runs[2];
    EXPECT_DOUBLE_EQ(throughput(run, "md5", 8192), 13497690);
    EXPECT_DOUBLE_EQ(throughput(run, "mdc2", 8), 135050);
    EXPECT_DOUBLE_EQ(throughput(run, "rc5-cbc", 8192), 5292030);
    EXPECT_DOUBLE_EQ(throughput(run, "idea-cbc", 1024), 522240);
    // "0.0904s" has the smaller relative step than "11.1" (the reference's precision rule).
    EXPECT_DOUBLE_EQ(figure(run, "rsa4096", Operation::verify).value, 1 / 0.0904);
    EXPECT_DOUBLE_EQ(figure(run, "dsa512", Operation::sign).value, 42.1);
    EXPECT_NE(run.compiler.find("-m486"), std::string::npos);
    EXPECT_NE(run.compiler.find("-DMD5_ASM"), std::string::npos);
    EXPECT_EQ(run.built_on, "Sat Apr 16 21:12:50 BST 2022");
}

TEST(Seed000, MachineFromTheSystemText) {
    const speedlab::Machine m = parse_fixture("seed000-redhat73-pcem.txt").runs[0].machine;
    EXPECT_EQ(m.cpu_vendor, "GenuineIntel");
    EXPECT_EQ(m.cpu_family, 5);
    EXPECT_EQ(m.cpu_model, 2);
    EXPECT_EQ(m.cpu_stepping, 4);
    EXPECT_EQ(m.cpu_name, "Pentium 75 - 200");
    EXPECT_EQ(m.cpu_core, "P54C Pentium");
    EXPECT_DOUBLE_EQ(*m.cpu_mhz, 75.005);
    EXPECT_DOUBLE_EQ(*m.bogomips, 149.50);
    EXPECT_EQ(m.cpu_flags, (std::vector<std::string>{"fpu", "vme", "pse", "tsc", "msr", "cx8"}));
    EXPECT_EQ(m.cpu_bugs, std::vector<std::string>{"f00f_bug"});
    EXPECT_EQ(m.kernel_release, "2.4.18-3");
    EXPECT_EQ(m.hostname, "p-rh73");
    EXPECT_EQ(m.architecture, "i586");
    EXPECT_EQ(m.memory_kb, 70192);
    EXPECT_EQ(m.kind, MachineKind::emulated);
    EXPECT_EQ(m.emulator, "PCem");
    ASSERT_EQ(m.pci.size(), 4u);
    EXPECT_EQ(m.pci[2].slot, "00:07.1");
    EXPECT_EQ(m.pci[2].vendor_id, 0x8086u);
    EXPECT_EQ(m.pci[2].device_id, 0x1230u);
    EXPECT_EQ(m.pci[2].class_name, "IDE interface");
    EXPECT_EQ(m.pci[3].slot, "00:0d.0");
    EXPECT_EQ(m.pci[3].irq, 11);
    EXPECT_EQ(m.pci[3].device_id, 0x8811u);
}

TEST(Seed001, EmulatorBogoMipsAndProgressFigures) {
    auto parsed = parse_fixture("seed001-redhat62-pcem.txt");
    // 2 in PCem, 3 rows of tilia's table, 8 BogoMips runs: tilia under five
    // kernels, PCem under three (the '?' cells are no figures).
    ASSERT_EQ(parsed.runs.size(), 13u);
    EXPECT_EQ(parsed.runs[5].machine->label, "tilia");
    EXPECT_EQ(parsed.runs[5].machine->kernel_release, "1.2.13");
    const speedlab::Run& quick = parsed.runs[0];
    EXPECT_DOUBLE_EQ(*quick.machine->cpu_mhz, 75.005420);
    EXPECT_DOUBLE_EQ(*quick.machine->bogomips, 74.75);
    EXPECT_EQ(quick.version, "OpenSSL 0.9.5a 1 Apr 2000");
    EXPECT_DOUBLE_EQ(throughput(quick, "md5", 8192), 4950.0 * 8192 / 3.00);
    EXPECT_DOUBLE_EQ(figure(quick, "rsa4096", Operation::sign).value, 2 / 11.72);
    EXPECT_DOUBLE_EQ(figure(parsed.runs[1], "rsa1024", Operation::verify).value, 127.7);
    EXPECT_DOUBLE_EQ(figure(parsed.runs[1], "dsa1024", Operation::sign).value, 1 / 0.0734);
}

TEST(Seed002, PciDevicesWithNamesAndIrqs) {
    auto parsed = parse_fixture("seed002-mandrake72-pcem.txt");
    // 2 in PCem, 4 rows of tilia's table, 9 BogoMips runs (tilia under five
    // kernels, PCem under four; PCem's 2.4.18 cell is a '?').
    ASSERT_EQ(parsed.runs.size(), 15u);
    const speedlab::Machine& m = parsed.runs[0].machine;
    ASSERT_EQ(m.pci.size(), 6u);
    const PciDevice& nic = m.pci[4];
    EXPECT_EQ(nic.slot, "00:0e.0");
    EXPECT_EQ(nic.vendor_id, 0x10ecu);
    EXPECT_EQ(nic.device_id, 0x8029u);
    EXPECT_EQ(nic.irq, 9);
    EXPECT_EQ(nic.bars, std::vector<unsigned long long>{0xff81});
    const PciDevice& sound = m.pci[5];
    EXPECT_EQ(sound.vendor_id, 0x1274u);
    EXPECT_EQ(sound.device_id, 0x1371u);
    EXPECT_EQ(sound.irq, 10);
    if (std::ifstream("/usr/share/misc/pci.ids")) {
        EXPECT_NE(nic.device_name.find("RTL-8029"), std::string::npos) << nic.device_name;
        EXPECT_NE(sound.vendor_name.find("Ensoniq"), std::string::npos) << sound.vendor_name;
    }
    EXPECT_EQ(m.memory_kb, 73312);
    EXPECT_DOUBLE_EQ(throughput(parsed.runs[0], "md5", 8192), 4942.0 * 8192 / 3.00);
}

TEST(Seed003, RatioTablesAreNotRuns) {
    // The sslcmp output prints ratios (three decimals), not openssl speed figures.
    EXPECT_TRUE(parse_fixture("seed003-sslcmp-i386-i486.txt").runs.empty());
}

TEST(Seed004, TwoMachinesEachWithOneMergedRun) {
    auto parsed = parse_fixture("seed004-athlon-p3.txt");
    ASSERT_EQ(parsed.runs.size(), 2u);
    const speedlab::Run& athlon = parsed.runs[0];
    const speedlab::Run& p3 = parsed.runs[1];
    EXPECT_EQ(athlon.machine->cpu_vendor, "AuthenticAMD");
    EXPECT_EQ(athlon.machine->cpu_family, 6);
    EXPECT_EQ(athlon.machine->cpu_model, 4);
    EXPECT_DOUBLE_EQ(*athlon.machine->cpu_mhz, 799.658);
    EXPECT_DOUBLE_EQ(*athlon.machine->bogomips, 1601.24);
    // The flags line was wrapped after "cmov": its continuation belongs to it.
    ASSERT_FALSE(athlon.machine->cpu_flags.empty());
    EXPECT_EQ(athlon.machine->cpu_flags.back(), "up");
    EXPECT_EQ(athlon.machine->cpu_flags.size(), 23u);
    EXPECT_EQ(p3.machine->cpu_name, "Pentium III (Coppermine)");
    EXPECT_DOUBLE_EQ(*p3.machine->bogomips, 1728.90);
    EXPECT_EQ(p3.machine->cpu_core, "Coppermine Pentium III");

    EXPECT_DOUBLE_EQ(figure(athlon, "dsa512", Operation::sign).value,
                     7302 / 9.98);  // printed 731.7
    EXPECT_NEAR(figure(athlon, "dsa512", Operation::sign).value, 731.7, 0.05);
    EXPECT_NEAR(figure(p3, "dsa512", Operation::sign).value, 673.5, 0.05);
    EXPECT_NEAR(figure(p3, "dsa512", Operation::verify).value, 553.5, 0.05);
    EXPECT_NEAR(throughput(athlon, "aes-128-cbc", 8192) / 1000, 37518.04, 0.005);
    EXPECT_NEAR(throughput(p3, "aes-128-cbc", 8192) / 1000, 36388.86, 0.005);
    // Quoted with "> " and wrapped: "104513 aes-128-cbc's in" / "3.00s".
    EXPECT_DOUBLE_EQ(throughput(p3, "aes-128-cbc", 1024), 104513.0 * 1024 / 3.00);
    EXPECT_NE(p3.compiler.find("-DAES_ASM"), std::string::npos);     // wrapped compiler line
    EXPECT_NE(p3.options.find("blowfish(idx)"), std::string::npos);  // wrapped options line
    EXPECT_EQ(p3.built_on, "Mon Oct 22 13:17:36 UTC 2007");
    EXPECT_EQ(athlon.measurements.size(), 7u);
}

TEST(Seed004, InvocationsCanBeKeptApart) {
    auto parsed = parse::parse_speed_text(read_fixture("seed004-athlon-p3.txt"), "seed004",
                                          {.merge_invocations = false});
    ASSERT_EQ(parsed.runs.size(), 4u);
    EXPECT_EQ(parsed.runs[0].measurements.size(), 2u);  // openssl speed dsa512
    EXPECT_EQ(parsed.runs[1].measurements.size(), 5u);  // openssl speed -evp aes-128-cbc
}

TEST(CleanLines, UnquotesAndJoinsWrappedLines) {
    auto clean = parse::clean_lines(
        "> Doing md5 for 3s on 16 size blocks: 10 md5's in\n> 3.00s\n>> type 16 bytes 8192\n>> "
        "bytes\n```\nplain\n");
    const auto& lines = clean.lines;
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0].text(), "Doing md5 for 3s on 16 size blocks: 10 md5's in 3.00s");
    EXPECT_EQ(lines[0].line, 1u);
    EXPECT_EQ(lines[1].text(), "type 16 bytes 8192 bytes");
    EXPECT_EQ(lines[2].text(), "plain");
    EXPECT_EQ(lines[2].line, 6u);
}

// show prints a figure in the form and with the digits its source printed.
TEST(Seed000, ShowPrintsFiguresAsPrinted) {
    auto parsed = parse_fixture("seed000-redhat73-pcem.txt");
    std::string packaged = report::speed_table(parsed.runs[1]);
    EXPECT_NE(packaged.find("rsa  512 bits   0.0485s   0.0044s     20.6    227.9"),
              std::string::npos)
        << packaged;
    EXPECT_NE(packaged.find("rsa 4096 bits  13.2800s   0.2185s      0.1      4.6"),
              std::string::npos)
        << packaged;
    // tilia's figures were typed per second (0.1, 4.5): no invented digits.
    const speedlab::Run* typed = nullptr;
    for (const auto& run : parsed.runs)
        if (const auto* m = run.find("rsa4096", Operation::sign, 0);
            m && m->printed_step > 0 && !m->printed.seconds_per_op)
            typed = &run;
    ASSERT_NE(typed, nullptr);
    std::string table = report::speed_table(*typed);
    EXPECT_EQ(table.find("10.000000s"), std::string::npos) << table;
    EXPECT_NE(table.find("rsa 4096 bits       10s"), std::string::npos) << table;
}
