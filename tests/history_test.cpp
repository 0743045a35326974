// Builds, histories per build, `speedlab history` and `check --against history`.
#include "compare/history.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "compare/check_history.h"
#include "core/build.h"
#include "history_nights.h"

using namespace speedlab;
using namespace speedlab::testing;

TEST(Build, NamesWhatPeopleCallABuild) {
    struct Case {
        std::string name, version, options, compiler, want;
    } cases[] = {
        {"release date dropped", "OpenSSL 0.9.6b 9 Jul 2001", "", "gcc -O3", "OpenSSL 0.9.6b"},
        {"bracketed tag kept", "OpenSSL 0.9.6b [engine] 9 Jul 2001", "", "",
         "OpenSSL 0.9.6b engine"},
        {"NO_ASM said", "OpenSSL 0.9.6b [engine] 9 Jul 2001", "",
         "gcc -DNO_ASM -DNO_IDEA -O2 -march=i386", "OpenSSL 0.9.6b engine no-asm"},
        {"no-asm option said", "OpenSSL 3.0.2 15 Mar 2022", "no-asm", "", "OpenSSL 3.0.2 no-asm"},
        {"double spaces", "OpenSSL 1.1.1w  11 Sep 2023", "", "", "OpenSSL 1.1.1w"},
        {"measured", "libcrypto 3.0.19", "", "", "libcrypto 3.0.19"},
        {"no version", "", "", "", "openssl speed"},
    };
    for (const auto& c : cases) {
        speedlab::Run r;
        r.program = "openssl speed";
        r.version = c.version, r.options = c.options, r.compiler = c.compiler;
        EXPECT_EQ(build_name(r), c.want) << c.name;
    }
    EXPECT_EQ(unique_build_names({"a", "b", "a", "c"}, {"X", "X", "X", "Y"}),
              (std::vector<std::string>{"X", "X (build 2)", "X", "Y"}));
}

TEST(History, OneSeriesPerFigureAndBuildInTheOrderMeasured) {
    auto runs = lab_nights();
    std::erase_if(runs, [](const speedlab::Run& r) { return r.machine->label != "lab-upgrade"; });
    for (size_t i = 0; i < runs.size(); ++i)
        runs[i].id = static_cast<int64_t>(60 - i);  // ids out of order
    auto h = compare::history(runs);
    EXPECT_TRUE(h.dated);
    ASSERT_EQ(h.builds.size(), 2u);
    EXPECT_EQ(h.builds[0].name, "libcrypto 3.0.13");
    EXPECT_EQ(h.builds[1].name, "libcrypto 3.5.0");
    ASSERT_EQ(h.series.size(), 2u);
    EXPECT_EQ(h.series[0].points.size(), 45u);
    EXPECT_EQ(h.series[1].points.size(), 15u);
    EXPECT_TRUE(h.series[0].changes.empty());  // the 15% across builds is no change
    EXPECT_TRUE(h.series[1].changes.empty());
    EXPECT_EQ(runs.front().label, "lab-upgrade night 1");  // by date, not by id
}

TEST(History, UndatedRunsGoInVersionOrder) {
    std::vector<speedlab::Run> runs(3);
    runs[0].version = "OpenSSL 3.0.10", runs[1].version = "OpenSSL 0.9.8k",
    runs[2].version = "OpenSSL 3.0.2";
    for (size_t i = 0; i < 3; ++i)
        runs[i].id = static_cast<int64_t>(i + 1), runs[i].source = "imported";
    compare::sort_runs(runs);
    EXPECT_EQ(runs[0].version, "OpenSSL 0.9.8k");
    EXPECT_EQ(runs[2].version, "OpenSSL 3.0.10");
}

TEST(History, CheckAgainstHistoryJudgesByTheRecentLevelOfTheBuild) {
    auto runs = lab_nights();
    std::erase_if(runs, [](const speedlab::Run& r) { return r.machine->label != "lab-quiet"; });
    for (size_t i = 0; i < runs.size(); ++i) runs[i].id = static_cast<int64_t>(i + 1);
    struct Case {
        std::string name;
        double factor;
        compare::Verdict want;
    } cases[] = {
        {"a 10% fall", 0.90, compare::Verdict::regression},
        {"a 10% rise", 1.10, compare::Verdict::improvement},
        {"a 2% fall is noise", 0.98, compare::Verdict::unchanged},
    };
    for (const auto& c : cases) {
        speedlab::Run candidate = runs.back();
        candidate.id = 99;
        candidate.measurements[0].value = 600e6 * c.factor;
        auto checked = compare::check_against_history(runs, candidate, 0.03, 0.02, false);
        ASSERT_TRUE(checked) << c.name;
        ASSERT_EQ(checked->result.rows.size(), 1u) << c.name;
        EXPECT_EQ(checked->result.rows[0].verdict, c.want) << c.name;
        EXPECT_EQ(checked->runs, 30u);
        EXPECT_NEAR(checked->result.rows[0].baseline, 600e6, 12e6) << c.name;
    }
    speedlab::Run other = runs.back();
    other.version = "libcrypto 3.5.0";
    EXPECT_FALSE(compare::check_against_history(runs, other, 0.03, 0.02, false));
}

class HistoryCli : public Cli {
  protected:
    void import_lab() {
        std::ofstream(dir / "lab.json") << lab_bundle();
        auto imported = run("import " + (dir / "lab.json").string());
        ASSERT_EQ(imported.code, 0) << imported.err;
    }
};

// Issue 35's "done": one change at index 30, none, and two series without one.
TEST_F(HistoryCli, TheLabsThreeMachinesGiveTheirKnownChanges) {
    import_lab();
    struct Case {
        std::string machine;
        std::vector<std::string> builds;
        std::vector<std::vector<int>> changes;  // per series: the indexes
    } cases[] = {
        {"lab-drop", {"libcrypto 3.0.13"}, {{30}}},
        {"lab-quiet", {"libcrypto 3.0.13"}, {{}}},
        {"lab-upgrade", {"libcrypto 3.0.13", "libcrypto 3.5.0"}, {{}, {}}},
    };
    for (const auto& c : cases) {
        auto out = run("history " + c.machine + " --format json");
        ASSERT_EQ(out.code, 0) << out.err;
        auto j = nlohmann::json::parse(out.out);
        EXPECT_EQ(j.at("machine"), c.machine);
        ASSERT_EQ(j.at("series").size(), c.builds.size()) << c.machine;
        for (size_t s = 0; s < c.builds.size(); ++s) {
            const auto& series = j.at("series")[s];
            EXPECT_EQ(series.at("metric"), "md5@8192");
            EXPECT_EQ(series.at("build"), c.builds[s]);
            std::vector<int> got;
            for (const auto& ch : series.at("changes")) got.push_back(ch.at("index").get<int>());
            EXPECT_EQ(got, c.changes[s]) << c.machine;
        }
    }
    auto drop = nlohmann::json::parse(run("history lab-drop --format json").out);
    const auto& change = drop.at("series")[0].at("changes")[0];
    for (const char* key : {"index", "run", "before", "after", "ratio", "low", "high", "p"})
        EXPECT_TRUE(change.contains(key)) << key;
    EXPECT_EQ(change.size(), 8u);
    const auto& point = drop.at("series")[0].at("points")[30];
    EXPECT_EQ(change.at("run"), point.at("run"));
    EXPECT_EQ(point.at("measured_at"), "2026-10-01T03:00:00Z");
    EXPECT_NEAR(change.at("ratio").get<double>(), 0.9, 0.02);
    EXPECT_LT(change.at("high").get<double>(), 1);
    EXPECT_LE(change.at("p").get<double>(), 0.01);
}

TEST_F(HistoryCli, TextCsvFiltersAndErrors) {
    import_lab();
    auto text = run("history LAB-DROP");
    ASSERT_EQ(text.code, 0) << text.err;
    EXPECT_NE(text.out.find("lab-drop: 60 runs, 1 build, 1 figure series, 1 change"),
              std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find("md5@8192 [libcrypto 3.0.13]: from point 30"), std::string::npos)
        << text.out;
    auto csv = run("history lab-upgrade --format csv");
    EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 61) << csv.out;
    auto since = nlohmann::json::parse(
        run("history lab-drop --since 2026-10-01 --until 2026-10-10 --format json").out);
    EXPECT_EQ(since.at("series")[0].at("points").size(), 10u);
    auto metrics = run("history lab-drop --metrics sha256");
    EXPECT_EQ(metrics.code, 2);
    EXPECT_NE(metrics.err.find("--metrics"), std::string::npos) << metrics.err;
    auto none = run("history lab-nothing");
    EXPECT_EQ(none.code, 2);
    auto many = run("history lab");
    EXPECT_EQ(many.code, 2);
    EXPECT_NE(many.err.find("3 machines"), std::string::npos) << many.err;
    EXPECT_EQ(run("history lab-drop --since 2026-13-01").code, 2);
}

TEST_F(HistoryCli, CheckAgainstHistoryFailsTheDropAndPassesTheNoise) {
    import_lab();
    auto quiet = run("check --against history machine:lab-quiet");
    EXPECT_EQ(quiet.code, 0) << quiet.out << quiet.err;
    EXPECT_NE(quiet.out.find("the level of the last 30 run(s) of libcrypto 3.0.13"),
              std::string::npos)
        << quiet.out;
    // Night 31 of lab-drop, the first after the fall, against the 30 before it.
    auto night31 = run("check --against history 'lab-drop night 31' --format json");
    EXPECT_EQ(night31.code, 1) << night31.out << night31.err;
    auto upgraded = run("check --against history 'lab-upgrade night 46'");
    EXPECT_EQ(upgraded.code, 0) << upgraded.err;
    EXPECT_NE(upgraded.err.find("no earlier run of build libcrypto 3.5.0"), std::string::npos)
        << upgraded.err;
    EXPECT_EQ(run("check --against history 1 2").code, 2);
}
