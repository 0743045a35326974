// The conditions of a run, read from /proc texts saved as fixtures.
#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "core/statistics.h"
#include "sysinfo/conditions_probe.h"

using namespace speedlab;
using namespace speedlab::testing;

TEST(Conditions, StealTimeIsTheStolenShareOfElapsedCpuTime) {
    auto start = sysinfo::parse_proc_stat(read_fixture("proc/stat-start.txt"));
    auto end = sysinfo::parse_proc_stat(read_fixture("proc/stat-end.txt"));
    ASSERT_TRUE(start && end);
    EXPECT_EQ(start->steal, 883u);
    EXPECT_EQ(start->idle, 839271u);
    // Elapsed: 200 user + 40 system + 100 idle + 50 steal = 390 ticks, 50 stolen.
    EXPECT_EQ(end->total() - start->total(), 390u);
    EXPECT_NEAR(sysinfo::steal_share(*start, *end), 50.0 / 390, 1e-12);
    EXPECT_EQ(sysinfo::steal_share(*end, *start), 0);  // a counter that went back: nothing
}

TEST(Conditions, OldKernelsWithoutStealReadAsNoSteal) {
    auto t = sysinfo::parse_proc_stat(read_fixture("proc/stat-2.4.txt"));
    ASSERT_TRUE(t);
    EXPECT_EQ(t->user, 1139u);
    EXPECT_EQ(t->steal, 0u);
    EXPECT_FALSE(sysinfo::parse_proc_stat("cpu0 1 2 3 4\n"));  // no aggregate line
    EXPECT_FALSE(sysinfo::parse_proc_stat("cpu  1 2\n"));      // cut short
}

TEST(Conditions, LoadAverageAndBusyProcessesWithAwkwardNames) {
    EXPECT_EQ(sysinfo::parse_loadavg(read_fixture("proc/loadavg.txt")), 1.10);
    EXPECT_FALSE(sysinfo::parse_loadavg("garbage"));
    auto before = sysinfo::parse_pid_stat(read_fixture("proc/pid-stat-before.txt"));
    auto after = sysinfo::parse_pid_stat(read_fixture("proc/pid-stat-after.txt"));
    ASSERT_TRUE(before && after);
    EXPECT_EQ(before->pid, 4242);
    EXPECT_EQ(before->name, "tmux: server (x)");
    EXPECT_EQ(before->ticks, 1750u);
    // 100 ticks in 1 s at 100 Hz: a whole CPU.
    auto busy = sysinfo::busiest({*before}, {*after}, 1.0, 100);
    ASSERT_EQ(busy.size(), 1u);
    EXPECT_DOUBLE_EQ(busy[0].cpu_share, 1.0);
    EXPECT_TRUE(sysinfo::busiest({*before}, {*after}, 10.0, 100, 0.2).empty());  // 10%: quiet
}

TEST(Conditions, DisturbancesAreSaidInPlainWords) {
    Conditions quiet;
    quiet.load1 = 1.4;  // a build that just ended: the load average lags
    quiet.steal = 0.001;
    quiet.other_busy = 0.02;
    quiet.governor = "performance";
    EXPECT_TRUE(sysinfo::disturbances(quiet).empty());
    Conditions busy = quiet;
    busy.steal = 0.07;
    busy.governor = "powersave";
    busy.busy = {{77, "stress-ng", 0.98}};
    auto said = sysinfo::disturbances(busy);
    ASSERT_EQ(said.size(), 3u);
    EXPECT_EQ(said[0],
              "steal time 7% during the run: the hypervisor gave CPU time to others; "
              "figures may read low");
    EXPECT_NE(said[1].find("stress-ng (pid 77) 98% of a CPU"), std::string::npos) << said[1];
    EXPECT_NE(said[2].find("governor 'powersave'"), std::string::npos);
}

TEST(Statistics, OutliersByModifiedZScore) {
    // Median 100, MAD 1: 110 has z = 0.6745 * 10 = 6.7 > 3.5; 102 has 1.3.
    std::vector<double> x{99, 100, 101, 100, 110, 102, 98};
    EXPECT_EQ(outliers(x), (std::vector<size_t>{4}));
    EXPECT_TRUE(outliers(std::vector<double>{5, 5, 5, 5}).empty());  // MAD 0: nothing stands out
    EXPECT_TRUE(outliers(std::vector<double>{1, 2}).empty());        // too few to tell
}

TEST_F(Cli, AMeasuredRunKeepsItsConditionsAndShowSaysThem) {
    ASSERT_EQ(run("run md5 --bytes 64 --seconds 0.05 --repeat 3 --label c").code, 0);
    auto j = nlohmann::json::parse(run("show c --format json").out);
    ASSERT_TRUE(j.contains("conditions")) << j.dump();
    EXPECT_GE(j["conditions"]["cpus"].get<int>(), 1);
    EXPECT_TRUE(j["conditions"]["steal"].is_number());  // every Linux since 2.6.11 has it
    auto shown = run("show c");
    EXPECT_NE(shown.out.find("conditions: load "), std::string::npos) << shown.out;
    EXPECT_NE(shown.out.find("outliers"), std::string::npos) << shown.out;
}

TEST(Statistics, StudentsTAndTheMediansIntervalAgainstKnownValues) {
    EXPECT_DOUBLE_EQ(t95(1), 12.706);
    EXPECT_DOUBLE_EQ(t95(2), 4.303);
    EXPECT_DOUBLE_EQ(t95(10), 2.228);
    EXPECT_NEAR(t95(60), 2.000, 0.001);   // tables: 2.000
    EXPECT_NEAR(t95(120), 1.980, 0.001);  // tables: 1.980
    // Mean 100, sd 1, n 3: 4.303 x 1.2533 x 0.01 / sqrt(3).
    std::vector<double> three{99, 100, 101};
    EXPECT_NEAR(median_half_width(three), 0.031137, 1e-6);
    EXPECT_EQ(median_half_width(std::vector<double>{5}), 0);
}
