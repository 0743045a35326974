// The precision each figure reached: the 95% interval of its median, in the
// JSON of a run, beside its repetitions in the text, and in --precision's list.
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "cli_support.h"
#include "core/statistics.h"
#include "report/speed_table.h"
#include "store/database.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {
struct IntervalCase {
    const char* name;
    std::vector<double> samples;
    double half_width, low, high;
};
}  // namespace

// h = t95(n-1) x 1.2533 x cv / sqrt(n), with Student's t from the published
// table: 12.706 (1 df), 4.303 (2), 2.776 (4), 2.262 (9).
TEST(Precision, MedianIntervalOfKnownSamples) {
    const IntervalCase cases[] = {
        // mean 100, sd 2: 4.303 x 1.2533 x 0.02 / sqrt(3)
        {"three", {98, 100, 102}, 0.0622724, 93.772758, 106.227242},
        // mean 100, sd 0.7071: 2.776 x 1.2533 x 0.007071 / sqrt(5)
        {"five", {99, 100, 100, 101, 100}, 0.0110021, 98.899793, 101.100207},
        // 95..104: mean 99.5, sd 3.028: 2.262 x 1.2533 x 0.03043 / sqrt(10)
        {"ten", {95, 96, 97, 98, 99, 100, 101, 102, 103, 104}, 0.0272791, 96.785728, 102.214272},
        // mean 10, sd 1.414: 12.706 x 1.2533 x 0.1414 / sqrt(2) is above 1; low stops at 0
        {"two far apart", {9, 11}, 1.592443, 0, 25.924430},
        {"all equal", {7, 7, 7}, 0, 7, 7},
    };
    for (const auto& c : cases) {
        auto i = median_interval(c.samples);
        ASSERT_TRUE(i) << c.name;
        EXPECT_NEAR(i->half_width, c.half_width, 1e-6) << c.name;
        EXPECT_NEAR(i->half_width, median_half_width(c.samples), 1e-15) << c.name;
        EXPECT_NEAR(i->low, c.low, 1e-5) << c.name;
        EXPECT_NEAR(i->high, c.high, 1e-5) << c.name;
    }
}

TEST(Precision, NoIntervalBelowTwoSamples) {
    EXPECT_FALSE(median_interval(std::vector<double>{}));
    EXPECT_FALSE(median_interval(std::vector<double>{5}));
}

// Per-process samples of a -multi run are shares of the figure, not its
// repetitions: they get no interval.
TEST(Precision, MultiRunTableHasNoIntervalColumn) {
    speedlab::Run run;
    run.processes = 2;
    Measurement m;
    m.algorithm = std::string("md5");
    m.parameter = 64;
    m.value = 200e6;
    m.samples = {98e6, 102e6};
    run.measurements.push_back(m);
    std::string text = report::speed_table(run);
    EXPECT_NE(text.find("Per process"), std::string::npos) << text;
    EXPECT_EQ(text.find("\u00b1"), std::string::npos) << text;
    run.processes = 1;
    run.measurements[0].value = 100e6;
    text = report::speed_table(run);
    EXPECT_NE(text.find("\u00b131.85%"), std::string::npos)
        << text;  // 12.706 x 1.2533 x 0.02828 / sqrt(2)
}

namespace {
const std::string kBundle = "bundles/repeated-figures.json";
// The content hash of its run as stored by speedlab before the interval existed.
const std::string kRepeatedFiguresHash =
    "86fb505afd4a188ebeb8dc206ae73e057dc8732bd9950aee015dd978e34b42d3";

// The measurement of `metric` in a run's JSON.
nlohmann::json measurement(const nlohmann::json& run, const std::string& metric) {
    for (const auto& m : run["measurements"])
        if (m["metric"] == metric) return m;
    return nullptr;
}
}  // namespace

TEST_F(Cli, PrecisionJsonGivesEachRepeatedFigureItsInterval) {
    ASSERT_EQ(run("import " + fixture_path(kBundle)).code, 0);
    auto j = nlohmann::json::parse(run("show 1 --format json").out);
    auto md5 = measurement(j, "md5@64");  // 98, 100, 102 MB/s
    EXPECT_NEAR(md5["precision_reached"].get<double>(), 0.0622724, 1e-6);
    EXPECT_NEAR(md5["low"].get<double>(), 93.772758e6, 1);
    EXPECT_NEAR(md5["high"].get<double>(), 106.227242e6, 1);
    auto five = measurement(j, "md5@1024");
    EXPECT_NEAR(five["precision_reached"].get<double>(), 0.0110021, 1e-6);
    auto once = measurement(j, "rsa2048.sign");  // measured once: no interval, and said so
    ASSERT_TRUE(once.contains("precision_reached")) << once.dump();
    EXPECT_TRUE(once["precision_reached"].is_null());
    EXPECT_TRUE(once["low"].is_null());
    EXPECT_TRUE(once["high"].is_null());
}

// The interval is derived: an exported bundle carries it, import ignores it,
// and the run comes back as it was (the same content, so not stored twice).
TEST_F(Cli, PrecisionBundleWithTheIntervalRoundTrips) {
    ASSERT_EQ(run("import " + fixture_path(kBundle)).code, 0);
    std::string bundle = (dir / "out.json").string();
    ASSERT_EQ(run("export 1 -o " + bundle).code, 0);
    auto exported = nlohmann::json::parse(slurp(bundle));
    EXPECT_TRUE(exported["runs"][0]["measurements"][0].contains("precision_reached"));
    auto first = nlohmann::json::parse(run("show 1 --format json").out);
    auto again = run("import " + bundle);
    EXPECT_EQ(again.code, 1) << again.err;  // stored already: nothing stored
    EXPECT_EQ(nlohmann::json::parse(run("list --format json").out).size(), 1u);
    std::filesystem::remove(db());
    ASSERT_EQ(run("import " + bundle).code, 0);
    auto second = nlohmann::json::parse(run("show 1 --format json").out);
    EXPECT_EQ(first["measurements"], second["measurements"]);
}

// Content hashes were stored before the interval existed: the hash of a run
// with repetitions is the one speedlab stored then.
TEST_F(Cli, PrecisionLeavesTheContentHashAsItWas) {
    ASSERT_EQ(run("import " + fixture_path(kBundle)).code, 0);
    store::Database database(db());
    EXPECT_EQ(database.with_content(kRepeatedFiguresHash), std::vector<int64_t>{1});
}

TEST_F(Cli, PrecisionTextPrintsTheIntervalBesideRepeatedFigures) {
    ASSERT_EQ(run("import " + fixture_path(kBundle)).code, 0);
    auto shown = run("show 1");
    ASSERT_EQ(shown.code, 0) << shown.err;
    std::smatch found;
    ASSERT_TRUE(std::regex_search(shown.out, found, std::regex("md5@64 [^\n]*")));
    EXPECT_NE(found.str().find("\u00b16.23%"), std::string::npos) << shown.out;
    ASSERT_TRUE(std::regex_search(shown.out, found, std::regex("md5@1024 [^\n]*")));
    EXPECT_NE(found.str().find("\u00b11.10%"), std::string::npos) << shown.out;
    EXPECT_EQ(shown.out.find("rsa2048.sign"), std::string::npos) << shown.out;  // once: no row
    // The text imports as the same figures as the text without the column.
    auto figures = [&](const std::string& shown_text) {
        std::string text = (dir / "shown.txt").string();
        std::ofstream(text) << shown_text;
        auto again = run("import --format json --dry-run " + text);
        EXPECT_EQ(again.code, 0) << again.err;
        std::map<std::string, double> out;
        auto runs = nlohmann::json::parse(again.out);
        for (const auto& m : runs[0]["measurements"])
            out[m["metric"].get<std::string>()] = m["value"].get<double>();
        return out;
    };
    auto with = figures(shown.out);
    EXPECT_EQ(with, figures(std::regex_replace(shown.out, std::regex(" +\u00b1[0-9.]+%"), "")));
    EXPECT_EQ(with["md5@64"], 100e6);
    EXPECT_EQ(with["md5@1024"], 500e6);
}

// --precision lists the figures that did not get there with the numbers of
// the JSON. 0.001% is never reached; which precision each figure did reach is
// the machine's business, only the agreement is asserted.
TEST_F(Cli, PrecisionListsWhatWasNotReachedWithTheJsonNumbers) {
    auto r =
        run("run md5 --bytes 64,256 --precision 0.001% --max-seconds 0.5 --seconds 0.05 "
            "--no-store --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    for (const char* metric : {"md5@64", "md5@256"}) {
        auto m = measurement(j, metric);
        ASSERT_TRUE(m["precision_reached"].is_number()) << m.dump();
        char want[64];
        std::snprintf(want, sizeof want, "%s \u00b1%.2f%%", metric,
                      100 * m["precision_reached"].get<double>());
        EXPECT_NE(r.err.find(want), std::string::npos) << want << "\n" << r.err;
    }
}
