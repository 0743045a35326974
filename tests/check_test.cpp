// speedlab check: the regression gate.
#include "compare/check.h"

#include <nlohmann/json.hpp>
#include <regex>

#include "cli_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {
speedlab::Run run_of(std::vector<std::pair<std::string, double>> figures,
                     std::vector<double> spread = {}) {
    speedlab::Run r;
    for (const auto& [metric, value] : figures) {
        auto key = parse_metric_key(metric);
        Measurement m;
        m.algorithm = key->algorithm;
        m.operation = key->operation;
        m.parameter = key->parameter;
        m.value = value;
        for (double s : spread) m.samples.push_back(value * s);
        r.measurements.push_back(m);
    }
    return r;
}
}  // namespace

TEST(Check, JudgesEachFigureByThresholdAndNoise) {
    struct Case {
        std::string name;
        double candidate;
        compare::Verdict want;
    } cases[] = {
        {"a 20% fall is a regression", 80, compare::Verdict::regression},
        {"a 20% rise is an improvement", 120, compare::Verdict::improvement},
        {"2% is under the 3% threshold", 98, compare::Verdict::unchanged},
        // Beyond 3% but within the noise of two single figures (interval ±5.7%).
        {"a 4% fall once measured is noise", 96, compare::Verdict::unchanged},
    };
    for (const auto& c : cases) {
        auto result =
            compare::check(run_of({{"md5@8192", 100}}), run_of({{"md5@8192", c.candidate}}), 0.03);
        ASSERT_EQ(result.rows.size(), 1u) << c.name;
        EXPECT_EQ(result.rows[0].verdict, c.want) << c.name;
    }
}

TEST(Check, RepetitionsNarrowTheIntervalSoSmallFallsCount) {
    std::vector<double> tight{0.999, 1.0, 1.001, 1.0, 1.0005};
    auto result =
        compare::check(run_of({{"md5@8192", 100}}, tight), run_of({{"md5@8192", 96}}, tight), 0.03);
    EXPECT_EQ(result.rows[0].verdict, compare::Verdict::regression);
    EXPECT_EQ(result.regressions(), 1u);
}

TEST(Check, FiguresTheCandidateLacksAreListedNotJudged) {
    auto result = compare::check(run_of({{"md5@8192", 100}, {"rsa2048.sign", 50}}),
                                 run_of({{"md5@8192", 100}}), 0.03);
    EXPECT_EQ(result.rows.size(), 1u);
    EXPECT_EQ(result.missing, std::vector<std::string>{"rsa2048.sign"});
}

TEST_F(Cli, CheckFailsWithoutAesNiAndPassesAgainstItself) {
    if (slurp("/proc/cpuinfo").find(" aes ") == std::string::npos)
        GTEST_SKIP() << "this CPU has no AES-NI, so masking it changes nothing to detect";
    ASSERT_EQ(run("run aes-128-cbc --bytes 8192 --seconds 0.2 --repeat 3 --label native").code, 0);
    auto masked =
        run("run aes-128-cbc --bytes 8192 --seconds 0.2 --repeat 3 --cpu-mask aesni --label soft");
    ASSERT_EQ(masked.code, 0) << masked.err;
    auto r = run("check native soft");
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("aes-128-cbc@8192"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("FAIL: 1 regression(s)"), std::string::npos) << r.out;
    r = run("check native native --format json");
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j.at("passed").get<bool>());
    EXPECT_EQ(j.at("figures")[0].at("verdict"), "unchanged");
}

TEST_F(Cli, CheckMeasuresTheBaselinesFiguresWhenNoCandidateIsGiven) {
    ASSERT_EQ(run("import " + fixture_path("seed004-athlon-p3.txt")).code, 0);
    // The Athlon 800 of 2001 against this machine: every shared figure is far faster here.
    auto r = run("check 1 --seconds 0.05 --repeat 1 --no-store --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_GT(j.at("improvements").get<int>(), 0) << r.out;
    // Named by the machine and the day, as list shows it later, not "measured now".
    EXPECT_TRUE(std::regex_match(j.at("candidate").at("label").get<std::string>(),
                                 std::regex(".+ [0-9]{4}-[0-9]{2}-[0-9]{2}")))
        << j.at("candidate");
    EXPECT_EQ(nlohmann::json::parse(run("list --format json").out).size(), 2u);  // --no-store
}
