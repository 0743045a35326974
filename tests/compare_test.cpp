// Ratio and side-by-side tables on the seed texts, and every format agreeing.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "compare/interval.h"
#include "compare/ratio.h"
#include "core/statistics.h"
#include "report/comparison.h"
#include "report/units.h"
#include "test_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {
std::vector<speedlab::Run> seed000() {
    auto runs = fixture_runs("seed000-redhat73-pcem.txt");
    for (size_t i = 0; i < runs.size(); ++i) runs[i].id = static_cast<int64_t>(i + 1);
    return runs;
}
const compare::RatioRow& row(const std::vector<compare::RatioRow>& rows, const std::string& id) {
    for (const auto& r : rows)
        if (r.algorithm == id) return r;
    throw std::runtime_error("no row " + id);
}
size_t column(const compare::Comparison& t, int64_t size) {
    return static_cast<size_t>(std::find(t.grid->sizes.begin(), t.grid->sizes.end(), size) -
                               t.grid->sizes.begin());
}
}  // namespace

TEST(RatioTable, I386VersusI486FromSeed000) {
    auto runs = seed000();
    auto t = compare::ratio_table(runs[1], runs[2]);  // packaged NO_ASM i386 -> local asm i486
    EXPECT_EQ(t.grid->sizes, (std::vector<int64_t>{8, 64, 256, 1024, 8192}));
    auto md5 = row(t.grid->symmetric, "md5").cells[column(t, 8192)];
    ASSERT_TRUE(md5.ratio);
    EXPECT_NEAR(*md5.ratio, 13497.69 / 6242.30, 1e-12);
    EXPECT_EQ(fmt::format("{:.3f}", *md5.ratio), "2.162");
    const auto& rsa = row(t.grid->public_key, "rsa4096").cells;
    // Issue 22: "0.0904s" beats "11.1" (smaller relative step): 0.2185 s / 0.0904 s.
    EXPECT_EQ(fmt::format("{:.3f}", *rsa[compare::PublicKeyColumns::verify_rate].ratio), "2.417");
    // Seconds columns are the inverse of the rate columns.
    EXPECT_NEAR(*rsa[compare::PublicKeyColumns::verify_seconds].ratio,
                1 / *rsa[compare::PublicKeyColumns::verify_rate].ratio, 1e-12);
    // Issue 9: "13.2800s" and "5.7950s" beat "0.1" and "0.2" per second.
    EXPECT_EQ(fmt::format("{:.3f}", *rsa[compare::PublicKeyColumns::sign_seconds].ratio), "0.436");
    // mdc2 exists only in the second run: left out, and with --all shown as
    // missing, never as zero.
    EXPECT_THROW(row(t.grid->symmetric, "mdc2"), std::runtime_error);
    EXPECT_GT(t.omitted, 0u);
    auto with_all = compare::ratio_table(runs[1], runs[2], 0.02, true);
    EXPECT_FALSE(row(with_all.grid->symmetric, "mdc2").cells[0].ratio);
    // With the seconds' four digits the rsa4096 sign ratio is as sure as the
    // noise floor allows (2% per figure measured once).
    EXPECT_NEAR(*rsa[compare::PublicKeyColumns::sign_rate].uncertainty, 0.02 * std::sqrt(2.0),
                1e-4);
    EXPECT_NEAR(*md5.uncertainty, 0.02 * std::sqrt(2.0), 1e-4);
    EXPECT_GT(*md5.low, 2.0);  // the 95% interval excludes 1 by far
    EXPECT_EQ(md5.significance, compare::Significance::significant);
    ASSERT_EQ(t.grid->means.size(), 4u);
    EXPECT_EQ(t.grid->means.back().category, "overall");
    EXPECT_EQ(t.grid->means.back().cells, 74u);
    // The caveats name what makes the two builds differ.
    std::string all;
    for (const auto& c : t.caveats) all += c + "\n";
    EXPECT_NE(all.find("NO_ASM"), std::string::npos);
    EXPECT_NE(all.find("-m486"), std::string::npos);
    EXPECT_NE(all.find("-march=i386"), std::string::npos);
}

TEST(RatioTable, EightByteColumnsNeverMeetSixteenByteOnes) {
    auto runs = seed000();
    auto athlon = parse_fixture("seed004-athlon-p3.txt").runs[0];
    athlon.id = 9;
    auto t = compare::ratio_table(runs[2], athlon, 0.02, true);
    EXPECT_EQ(t.grid->sizes, (std::vector<int64_t>{8, 16, 64, 256, 1024, 8192}));
    EXPECT_TRUE(compare::ratio_table(runs[2], athlon).grid->symmetric.empty());
    for (const auto& r : t.grid->symmetric)
        for (const auto& c : r.cells)
            EXPECT_FALSE(c.ratio) << r.algorithm;  // md5 at 8, aes at 16: no pair
    EXPECT_EQ(t.grid->shared_cells, 2u);           // only dsa512 sign/s and verify/s
    bool block_note = false;
    for (const auto& c : t.caveats)
        block_note = block_note || c.find("block sizes differ") != std::string::npos;
    EXPECT_TRUE(block_note);
}

TEST(RatioTable, RepeatedFiguresGetUncertaintyAndSignificance) {
    speedlab::Run a, b;
    a.id = 1;
    b.id = 2;
    Measurement m;
    m.algorithm = "md5";
    m.parameter = 8192;
    m.samples = {100, 101, 99, 100, 100};
    m.value = 100;
    a.measurements.push_back(m);
    m.samples = {100.5, 99.5, 101, 100, 99};
    m.value = 100;
    b.measurements.push_back(m);
    auto same = compare::ratio_table(a, b);
    EXPECT_EQ(same.grid->symmetric[0].cells[0].significance, compare::Significance::within_noise);
    b.measurements[0].samples = {150, 151, 149, 150, 150};
    b.measurements[0].value = 150;
    auto faster = compare::ratio_table(a, b);
    EXPECT_EQ(faster.grid->symmetric[0].cells[0].significance, compare::Significance::significant);
    EXPECT_NEAR(*faster.grid->symmetric[0].cells[0].ratio, 1.5, 1e-12);
}

TEST(SideBySide, AthlonAgainstPentiumIIIFromSeed004) {
    auto runs = fixture_runs("seed004-athlon-p3.txt");
    runs[0].id = 1;
    runs[1].id = 2;
    auto s = compare::side_by_side(
        runs, 0, {*parse_metric_key("dsa512.sign"), *parse_metric_key("aes-128-cbc@8192")});
    ASSERT_EQ(s.rows.size(), 2u);
    EXPECT_NEAR(*s.rows[0].values[0], 731.7, 0.05);
    EXPECT_NEAR(*s.rows[0].values[1], 673.5, 0.05);
    EXPECT_NEAR(*s.rows[1].values[0], 37518040, 10);
    EXPECT_NEAR(*s.rows[1].values[1], 36388860, 10);
    EXPECT_EQ(report::percent(*s.rows[0].vs_baseline[1].ratio), "-7.9%");
    auto text = report::render(s, "text", runs);
    EXPECT_NE(text.find("731.7/s"), std::string::npos);
    // -7.9% is beyond the 95% interval of two single figures at a 2% noise floor.
    EXPECT_NE(text.find("673.5/s (-7.9%*)"), std::string::npos) << text;
    // Count and seconds known: full precision, shown with 4 digits.
    EXPECT_NE(text.find("37.52 MB/s"), std::string::npos) << text;
    report::FormatOptions openssl;
    openssl.units = report::Units::openssl;
    EXPECT_NE(report::render(s, "text", runs, openssl).find("37518.04k"), std::string::npos);
}

TEST(SideBySide, MissingFiguresStayMissing) {
    auto runs = seed000();
    auto s = compare::side_by_side(runs, 0,
                                   {*parse_metric_key("mdc2@8"), *parse_metric_key("md5@8192")});
    EXPECT_FALSE(s.rows[0].values[0]);
    EXPECT_FALSE(s.rows[0].values[1]);
    EXPECT_DOUBLE_EQ(*s.rows[0].values[2], 135050);
    EXPECT_FALSE(s.rows[0].vs_baseline[2].ratio);
}

TEST(Percent, ReadsLikeTheBlogTables) {
    EXPECT_EQ(report::percent(1.03), "+3%");
    EXPECT_EQ(report::percent(0.945), "-5.5%");
    EXPECT_EQ(report::percent(1.0), "+0%");
    EXPECT_EQ(report::percent(1.99), "+99%");
    EXPECT_EQ(report::percent(2.162), "2.16x faster");  // big factors read as factors
    EXPECT_EQ(report::percent(55.82), "55.8x faster");
}

TEST(Formats, CsvAndJsonCarryTheSameFiguresAsTheTable) {
    auto runs = seed000();
    auto t = compare::ratio_table(runs[1], runs[2]);
    std::vector<speedlab::Run> both{runs[1], runs[2]};
    auto json = nlohmann::json::parse(report::render(t, "json", both));
    std::map<std::string, double> from_json, from_csv, from_table;
    for (const char* section : {"symmetric", "public_key"})
        for (const auto& r : json[section])
            for (const auto& c : r["cells"])
                if (!c["ratio"].is_null())
                    from_json[std::string(section) + "/" + r["algorithm"].get<std::string>() + "/" +
                              c["column"].get<std::string>()] = c["ratio"].get<double>();
    std::istringstream csv(report::render(t, "csv", both));
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line, "section,algorithm,column,ratio,uncertainty,significance,low,high");
    while (std::getline(csv, line)) {
        std::vector<std::string> f;
        std::stringstream ls(line);
        for (std::string x; std::getline(ls, x, ',');) f.push_back(x);
        if (f[0] == "mean" || f.size() < 4 || f[3].empty()) continue;
        from_csv[f[0] + "/" + f[1] + "/" + f[2]] = std::stod(f[3]);
    }
    for (const auto& r : t.grid->symmetric)
        for (size_t i = 0; i < r.cells.size(); ++i)
            if (r.cells[i].ratio)
                from_table["symmetric/" + r.algorithm + "/" + std::to_string(t.grid->sizes[i])] =
                    *r.cells[i].ratio;
    const char* pk[] = {"sign", "verify", "sign/s", "verify/s"};
    for (const auto& r : t.grid->public_key)
        for (size_t i = 0; i < r.cells.size(); ++i)
            if (r.cells[i].ratio)
                from_table[std::string("public_key/") + r.algorithm + "/" + pk[i]] =
                    *r.cells[i].ratio;
    ASSERT_EQ(from_json.size(), from_table.size());
    ASSERT_EQ(from_csv.size(), from_table.size());
    for (const auto& [key, value] : from_table) {
        EXPECT_DOUBLE_EQ(from_json.at(key), value) << key;
        EXPECT_NEAR(from_csv.at(key), value, value * 1e-5) << key;
    }
    auto text = report::render(t, "text", both);
    EXPECT_NE(text.find("2.162"), std::string::npos);
    EXPECT_NE(text.find("2.425"), std::string::npos);
    auto md = report::render(t, "markdown", both);
    EXPECT_NE(md.find("| md5@8192 | 6.24230 MB/s | 13.4977 MB/s | 2.162* |"), std::string::npos)
        << md;
    report::FormatOptions ratios;
    ratios.ratios_only = true;
    auto sslcmp = report::render(t, "markdown", both, ratios);
    EXPECT_NE(sslcmp.find("| md5 |"), std::string::npos);
    EXPECT_NE(sslcmp.find("2.162"), std::string::npos);
}

TEST(Formats, SideBySideCsvAndJsonAgree) {
    auto runs = seed000();
    auto s = compare::side_by_side(runs, 1, {});
    auto json = nlohmann::json::parse(report::render(s, "json", runs));
    std::map<std::string, double> from_json, from_csv;
    for (const auto& row : json["rows"])
        for (const auto& v : row["values"])
            if (!v["value"].is_null())
                from_json[row["metric"].get<std::string>() + "|" + v["run"].get<std::string>()] =
                    v["value"].get<double>();
    std::istringstream csv(report::render(s, "csv", runs));
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line,
              "metric,run,value,unit,vs_baseline,vs_baseline_uncertainty,printed_step,cv,"
              "vs_baseline_low,vs_baseline_high,machine");
    while (std::getline(csv, line)) {
        std::vector<std::string> f;
        std::stringstream ls(line);
        for (std::string x; std::getline(ls, x, ',');) f.push_back(x);
        from_csv[f[0] + "|" + f[1]] = std::stod(f[2]);
    }
    size_t values = 0;
    for (const auto& r : s.rows)
        for (auto v : r.values) values += v.has_value();
    EXPECT_EQ(from_json.size(), values);
    ASSERT_EQ(from_csv.size(), from_json.size());
    for (const auto& [key, v] : from_json) EXPECT_NEAR(from_csv.at(key), v, 1e-6) << key;
    EXPECT_DOUBLE_EQ(from_json.at("md5@8192|3"), 13497690);
    auto md = report::render(s, "markdown", runs);
    EXPECT_NE(md.find("13.4977 MB/s (2.16x faster"), std::string::npos) << md;
}

TEST(Formats, HtmlIsSelfContained) {
    auto runs = seed000();
    std::vector<speedlab::Run> both{runs[1], runs[2]};
    auto html = report::render(compare::ratio_table(runs[1], runs[2]), "html", both);
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_NE(html.find("<svg"), std::string::npos);
    EXPECT_NE(html.find("2.162"), std::string::npos);
    EXPECT_NE(html.find("Pentium 75 - 200"), std::string::npos);
    EXPECT_EQ(html.find("http://"),
              html.find("http://www.w3.org/2000/svg"));  // only the SVG namespace
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("<link"), std::string::npos);
}

// Issue 10: intervals that count run-to-run noise.
TEST(Intervals, SameBuildRunsAreWithinNoiseAndLocalAgainstPackagedIsNot) {
    auto runs = seed000();
    auto same = compare::ratio_table(runs[0], runs[1]);  // packaged md5 run, packaged full run
    ASSERT_FALSE(same.grid->symmetric.empty());
    for (const auto& r : same.grid->symmetric)
        for (const auto& c : r.cells)
            if (c.ratio) {
                EXPECT_EQ(c.significance, compare::Significance::within_noise) << r.algorithm;
                EXPECT_LT(*c.low, 1.0);
                EXPECT_GT(*c.high, 1.0);
            }
    auto local = compare::ratio_table(runs[1], runs[2]);
    auto md5 = row(local.grid->symmetric, "md5").cells[column(local, 8192)];
    EXPECT_EQ(fmt::format("{:.3f}", *md5.ratio), "2.162");
    EXPECT_EQ(md5.significance, compare::Significance::significant);
    // A wider noise floor can make the same difference unsure.
    auto wide = compare::ratio_table(runs[0], runs[1], 0.5);
    EXPECT_GT(*row(wide.grid->symmetric, "md5").cells[0].high, 2.0);
}

TEST(Intervals, MannWhitneyAndTheIntervalMaths) {
    // U = 0 for two separated samples of 5: normal approximation with continuity
    // correction, z = (12.5 - 0.5) / sqrt(25 * 11 / 12).
    double p = compare::mann_whitney_p({1, 2, 3, 4, 5}, {6, 7, 8, 9, 10});
    EXPECT_NEAR(p, 2 * (1 - 0.5 * std::erfc(-2.5068 / std::sqrt(2.0))), 1e-3);
    EXPECT_NEAR(compare::mann_whitney_p({1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}), 1.0, 1e-9);
    Measurement a, b;
    a.value = 100;
    b.value = 110;
    auto r = compare::ratio_stats(a, b, false, 0.02);
    EXPECT_DOUBLE_EQ(r.ratio, 1.1);
    EXPECT_NEAR(r.uncertainty, 0.02 * std::sqrt(2.0), 1e-12);
    EXPECT_NEAR(r.low, 1.1 * std::exp(-1.959964 * 0.02 * std::sqrt(2.0)), 1e-9);
    EXPECT_TRUE(r.significant);  // +10% against +-5.7%
    a.samples = {100, 101, 99, 100, 100};
    b.samples = {110, 111, 109, 110, 110};
    auto rep = compare::ratio_stats(a, b, false, 0.02);
    ASSERT_TRUE(rep.p_value);
    EXPECT_LT(*rep.p_value, 0.05);
    EXPECT_LT(rep.uncertainty, 0.01);  // repetitions replace the floor
    // Three samples: the median's standard error widened by t(2) / z = 4.303 / 1.96.
    Measurement three;
    three.value = 100;
    three.samples = {99, 100, 101};
    EXPECT_NEAR(compare::figure_uncertainty(three, 0.02),
                1.2533 * 0.01 / std::sqrt(3.0) * 4.303 / 1.959964, 1e-9);
}

TEST(Intervals, NoisyFiguresAreThoseBeyondTheLimit) {
    speedlab::Run run;
    Measurement quiet, busy, once;
    quiet.algorithm = "md5", quiet.parameter = 16, quiet.samples = {100, 101, 100, 99};
    busy.algorithm = "md5", busy.parameter = 64, busy.samples = {100, 90, 110, 100};
    once.algorithm = "sha1", once.parameter = 16, once.value = 5;
    run.measurements = {quiet, busy, once};
    auto noisy = compare::noisy_figures(run, 0.03);
    ASSERT_EQ(noisy.size(), 1u);
    EXPECT_EQ(noisy[0].first, "md5@64");
    EXPECT_NEAR(noisy[0].second, summarize(busy.samples).cv(), 1e-12);
}

TEST(Report, PlusMinusKeepsItsWidthWhenNoiseIsHuge) {
    EXPECT_EQ(speedlab::report::plus_minus_percent(0.09), "±9%");
    EXPECT_EQ(speedlab::report::plus_minus_percent(2.35), "±235%");
    EXPECT_EQ(speedlab::report::plus_minus_percent(12.3), "±>999%");
}

// history, rank and the pages print a series' value from its metric's name
// alone: in the metric's unit, a name that is no metric as a plain number.
TEST(FigureText, AValueReadsInTheUnitOfTheMetricItsNameSays) {
    struct Case {
        const char *name, *metric;
        double value;
        std::string want;
    } cases[] = {{"throughput", "md5@8192", 6242300, "6.242 MB/s"},
                 {"operations", "rsa1024.sign", 731.71, "731.7/s"},
                 {"slow operations", "rsa4096.sign", 0.075312, "0.0753/s"},
                 {"no metric", "classic", 1234567.0, "1.23457e+06"}};
    for (const auto& c : cases) EXPECT_EQ(report::figure_text(c.metric, c.value), c.want) << c.name;
}
