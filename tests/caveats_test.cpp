// Issue 21: every caveat said when it is true, and only then; the geometric
// mean's inclusion rule.
#include "compare/caveats.h"

#include <gtest/gtest.h>

#include "compare/mean.h"
#include "test_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

speedlab::Run run_with(int64_t id, const std::string& machine) {
    speedlab::Run r;
    r.id = id;
    r.machine.edit().label = machine;
    Measurement m;
    m.algorithm = "md5";
    m.parameter = 8192;
    m.value = 6e6;
    r.measurements.push_back(m);
    return r;
}

std::string caveats(const speedlab::Run& a, const speedlab::Run& b) {
    std::string all;
    for (const auto& c : compare::comparability_caveats({&a, &b})) all += c + "\n";
    return all;
}

struct CaveatCase {
    std::string name;
    void (*a)(speedlab::Run&);
    void (*b)(speedlab::Run&);
    std::string want;  // empty: no caveat at all
};

}  // namespace

TEST(Caveats, SaidWhenTrueAndOnlyThen) {
    const CaveatCase cases[] = {
        {"versions differ", [](speedlab::Run& r) { r.version = "OpenSSL 0.9.6b 9 Jul 2001"; },
         [](speedlab::Run& r) { r.version = "OpenSSL 3.0.2 15 Mar 2022"; },
         "benchmark versions differ: OpenSSL 0.9.6b 9 Jul 2001 (1 a); OpenSSL 3.0.2 15 Mar 2022 "
         "(2 b)"},
        {"an unknown version is no difference",
         [](speedlab::Run& r) { r.version = "OpenSSL 0.9.6b"; }, [](speedlab::Run&) {}, ""},
        {"NO_ASM against asm",
         [](speedlab::Run& r) { r.version = "OpenSSL 0.9.6b", r.compiler = "gcc -DNO_ASM -O2"; },
         [](speedlab::Run& r) { r.version = "OpenSSL 0.9.6b", r.compiler = "gcc -DMD5_ASM -O2"; },
         "assembler use differs: NO_ASM (C only) (1 a); assembler (2 b)"},
        {"1.1.1 prints asm flags: their absence says something",
         [](speedlab::Run& r) { r.version = "OpenSSL 1.1.1w", r.compiler = "gcc -O3"; },
         [](speedlab::Run& r) { r.version = "OpenSSL 1.1.1w", r.compiler = "gcc -DAES_ASM -O3"; },
         "assembler use differs: no asm flags printed (1 a); assembler (2 b)"},
        {"3.0 prints none: nothing to say against an asm build",
         [](speedlab::Run& r) { r.version = "OpenSSL 3.0.2", r.compiler = "gcc -O3"; },
         [](speedlab::Run& r) { r.version = "OpenSSL 3.0.2", r.compiler = "gcc -DAES_ASM -O3"; },
         ""},
        {"compiler flags differ", [](speedlab::Run& r) { r.compiler = "gcc -O2 -march=i386"; },
         [](speedlab::Run& r) { r.compiler = "gcc -O3 -march=i486"; },
         "compiler flags differ: -O2 -march=i386 (1 a); -O3 -march=i486 (2 b)"},
        {"an unprinted compiler line is no difference",
         [](speedlab::Run& r) { r.compiler = "gcc -O2"; }, [](speedlab::Run&) {}, ""},
        {"timing differs when both are known",
         [](speedlab::Run& r) { r.timing = Timing::user_cpu; },
         [](speedlab::Run& r) { r.timing = Timing::wall; }, "timing differs"},
        {"timing unknown on one side", [](speedlab::Run& r) { r.timing = Timing::user_cpu; },
         [](speedlab::Run&) {}, ""},
        {"processes differ", [](speedlab::Run&) {}, [](speedlab::Run& r) { r.processes = 4; },
         "processes differ (a -multi run's figures are sums over its processes): 1 process (1 a); "
         "4 processes (2 b)"},
        {"platforms differ",
         [](speedlab::Run& r) { r.machine.edit().kind = MachineKind::physical; },
         [](speedlab::Run& r) {
             r.machine.edit().kind = MachineKind::emulated;
             r.machine.edit().emulator = "PCem";
         },
         "platforms differ: physical (1 a); emulated by PCem (2 b)"},
        {"CPU masks differ", [](speedlab::Run&) {},
         [](speedlab::Run& r) { r.cpu_mask = "~0x200000000000000:~0"; },
         "CPU feature masks differ"},
        {"AES-NI from CPUINFO",
         [](speedlab::Run& r) { r.cpuinfo = "OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x0"; },
         [](speedlab::Run& r) { r.cpuinfo = "OPENSSL_ia32cap=0x7dfaf3bfffebffff:0x0"; },
         "CPU features differ: AES-NI (1 a); no AES-NI (2 b) (AES-NI speeds aes-* ciphers, GCM)"},
        {"same features",
         [](speedlab::Run& r) {
             r.machine.edit().cpu_flags = {"fpu", "aes", "avx2"};
         },
         [](speedlab::Run& r) {
             r.machine.edit().cpu_flags = {"fpu", "aes", "avx2"};
         },
         ""},
        {"features known on one side only",
         [](speedlab::Run& r) { r.machine.edit().cpu_flags = {"aes"}; }, [](speedlab::Run&) {}, ""},
        {"partial run", [](speedlab::Run&) {}, [](speedlab::Run& r) { r.complete = false; },
         "2 b is a partial run"},
    };
    for (const auto& c : cases) {
        speedlab::Run a = run_with(1, "a"), b = run_with(2, "b");
        c.a(a);
        c.b(b);
        std::string got = caveats(a, b);
        if (c.want.empty())
            EXPECT_EQ(got, "") << c.name;
        else
            EXPECT_NE(got.find(c.want), std::string::npos) << c.name << "\n" << got;
    }
}

TEST(Caveats, AMaskClearingAesNiMeansNoAesNi) {
    speedlab::Run r = run_with(1, "a");
    r.machine.edit().cpu_flags = {"aes", "sha_ni"};
    EXPECT_EQ(compare::has_cpu_feature(r, "aesni"), true);
    r.cpu_mask = "~0x200000000000000:~0";
    EXPECT_EQ(compare::has_cpu_feature(r, "aesni"), false);
    EXPECT_EQ(compare::has_cpu_feature(r, "sha"), true);
    EXPECT_EQ(compare::has_cpu_feature(r, "avx2"), false);  // the flags list it not
    EXPECT_FALSE(compare::has_cpu_feature(run_with(2, "b"), "avx2"));
    // The same CPU with AES-NI masked: the masks differ, the CPUs do not.
    speedlab::Run plain = run_with(2, "b");
    plain.machine.edit().cpu_flags = {"aes", "sha_ni"};
    std::string both = caveats(plain, r);
    EXPECT_NE(both.find("CPU feature masks differ"), std::string::npos) << both;
    EXPECT_EQ(both.find("CPU features differ"), std::string::npos) << both;
}

TEST(Caveats, BlockSizesOnlyWhereTheLaddersDiffer) {
    auto pcem = fixture_runs("seed000-redhat73-pcem.txt");
    for (size_t i = 0; i < pcem.size(); ++i) pcem[i].id = static_cast<int64_t>(i + 1);
    auto athlon = fixture_runs("seed004-athlon-p3.txt");
    athlon[0].id = 20;
    // A hand-made table of md5@8192 against a full 8..8192 run: nothing lost.
    EXPECT_EQ(caveats(pcem[6], pcem[1]).find("block sizes"), std::string::npos)
        << caveats(pcem[6], pcem[1]);
    // 8..8192 against 16-byte columns: the ladders differ.
    std::string differ = caveats(pcem[2], athlon[0]);
    EXPECT_NE(differ.find("block sizes differ: 8,64,256,1024,8192 (3); 16,64,256,1024,8192 (20)"),
              std::string::npos)
        << differ;
    EXPECT_EQ(differ.find("p-rh73"), std::string::npos)
        << "fixtures have no machine names" << differ;
}

TEST(Caveats, ShortLabelsNameRuns) {
    speedlab::Run r = run_with(12, "tilia");
    EXPECT_EQ(compare::short_label(r), "12 tilia");
    r.machine.edit().label = "";
    r.label = "an imported run with a very long label indeed";
    EXPECT_EQ(compare::short_label(r), "12 an imported run with a very l...");
    r.machine.edit().label = "tilia";  // a label names the run, not its machine (issue 33)
    r.label = "tilia rh73 asm";
    EXPECT_EQ(compare::short_label(r), "12 tilia rh73 asm");
}

TEST(GeometricMean, FiguresPrintedTooCoarselyStayOut) {
    struct {
        const char* name;
        double value, step;
        bool want;
    } cases[] = {
        {"measured: full precision", 20.6, 0, true},
        {"20.6 per second: 3 digits", 20.6, 0.1, true},
        {"0.1 per second: 1 digit", 0.1, 0.1, false},
        {"4.5 per second: 2 digits", 4.5, 0.1, false},
        {"100 per second: 3 digits", 100, 1, true},
        {"6242.30k", 6242300, 10, true},
    };
    for (const auto& c : cases) {
        Measurement m;
        m.value = c.value;
        m.printed_step = c.step;
        EXPECT_EQ(compare::fit_for_mean(m, 0.02), c.want) << c.name;
    }
    // Rounding beyond a tight noise floor: 100 printed in steps of 1 is 0.29%.
    Measurement m;
    m.value = 100;
    m.printed_step = 1;
    EXPECT_FALSE(compare::fit_for_mean(m, 0.002));
}
