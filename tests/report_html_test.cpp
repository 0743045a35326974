// Issue 21: the HTML report read as a browser would, element by element: log
// axes where runs differ by orders of magnitude, a distinct look for every
// run, and a verdict at the top that does not reverse the facts.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "cli_support.h"
#include "compare/check.h"
#include "compare/ratio.h"
#include "report/comparison.h"
#include "report/year_chart.h"
#include "test_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

// Each element `<tag ...>...</tag>` (or its start tag alone when `whole` is
// false) whose start tag contains `attribute`: a small reader of the markup
// speedlab writes (no comments, attributes always quoted).
std::vector<std::string> elements(const std::string& html, const std::string& tag,
                                  const std::string& attribute, bool whole = true) {
    std::vector<std::string> out;
    size_t at = 0;
    while ((at = html.find("<" + tag, at)) != std::string::npos) {
        size_t end_start = html.find('>', at);
        std::string start = html.substr(at, end_start - at + 1);
        char next = html[at + tag.size() + 1];
        if ((next == ' ' || next == '>') && start.find(attribute) != std::string::npos) {
            if (!whole) {
                out.push_back(start);
            } else {
                // Nested elements of the same tag: count depth.
                size_t depth = 1, pos = end_start;
                while (depth > 0) {
                    size_t open = html.find("<" + tag, pos),
                           close = html.find("</" + tag + ">", pos);
                    if (close == std::string::npos) break;
                    if (open != std::string::npos && open < close) {
                        ++depth, pos = open + 1;
                    } else {
                        --depth, pos = close + tag.size() + 3;
                    }
                }
                out.push_back(html.substr(at, pos - at));
            }
        }
        at = end_start;
    }
    return out;
}

// The y axis label of a chart: the rotated text.
std::string y_label(const std::string& chart) {
    std::smatch m;
    std::regex label("rotate\\(-90\\)\"[^>]*>([^<]*)</text>");
    return std::regex_search(chart, m, label) ? std::string(m[1]) : std::string();
}

std::vector<speedlab::Run> seed000() {
    auto runs = fixture_runs("seed000-redhat73-pcem.txt");
    for (size_t i = 0; i < runs.size(); ++i) runs[i].id = static_cast<int64_t>(i + 1);
    return runs;
}

}  // namespace

TEST_F(Cli, LocalRunAgainstPcemHasLogAxesOnEveryThroughputChart) {
    ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt")).code, 0);
    auto local =
        run("run md5 sha1 des-cbc rsa512 --seconds 0.05 --bytes 64,1024,8192 --label local");
    ASSERT_EQ(local.code, 0) << local.err;
    auto r = run("compare 2 local -o " + (dir / "r.html").string());
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("(html)"), std::string::npos) << "the format came from .html: " << r.err;
    std::string page = slurp((dir / "r.html").string());
    size_t throughput = 0;
    for (const auto& chart : elements(page, "figure", "class=\"chart\"")) {
        std::string y = y_label(chart);
        if (chart.find("block size (bytes, log scale)") != std::string::npos) {
            ++throughput;
            // PCem's MB/s and today's hundreds of MB/s: a log axis, one unit.
            EXPECT_NE(y.find("(log scale)"), std::string::npos) << y;
            EXPECT_NE(y.find("B/s"), std::string::npos) << y;
        }
    }
    EXPECT_EQ(throughput, 3u) << "md5, sha1, des-cbc";
    // The geometric means: ratios on a log scale centred at 1.
    auto ratio = elements(page, "svg", "aria-label=\"geometric mean of B/A per category\"");
    ASSERT_EQ(ratio.size(), 1u);
    EXPECT_NE(ratio[0].find("ratio to the baseline (log scale)"), std::string::npos);
    EXPECT_NE(ratio[0].find("class=\"one\""), std::string::npos) << "the line at 1";
    // Every axis label has at most 4 significant digits (0.00005 has one).
    for (const auto& tick : elements(page, "text", "class=\"tick\"")) {
        std::string text = tick.substr(tick.find('>') + 1);
        text = text.substr(0, text.find('<'));
        if (std::regex_match(text, std::regex("[0-9.]+"))) {
            std::string digits = std::regex_replace(text, std::regex("^0?\\.?0*|\\."), "");
            EXPECT_LE(digits.size(), 4u) << text;
        }
    }
    // Points carry their value on hover.
    EXPECT_NE(page.find("<title>2 p-rh73 rh73 0.9.6b engine #2: "), std::string::npos);
}

TEST(ReportHtml, TwelveRunsHaveTwelveDistinctLooks) {
    auto base = seed000();
    std::vector<speedlab::Run> runs;
    for (int i = 0; i < 12; ++i) {
        speedlab::Run r =
            base[static_cast<size_t>(1 + i % 2)];  // the two full PCem tables, alternating
        r.id = i + 1;
        r.machine.edit().label = "machine" + std::to_string(i + 1);
        runs.push_back(std::move(r));
    }
    auto html = report::render(compare::side_by_side(runs, 0, {}), "html", runs);
    // The key of runs, shared by all charts: one swatch per run.
    auto key = elements(html, "div", "class=\"legend key-runs\"");
    ASSERT_EQ(key.size(), 1u);
    std::set<std::pair<std::string, std::string>> looks;
    std::regex mk("fill=\"(#[0-9A-Fa-f]{6})\" class=\"mk\" data-marker=\"([a-z]+)\"");
    for (auto it = std::sregex_iterator(key[0].begin(), key[0].end(), mk);
         it != std::sregex_iterator(); ++it)
        looks.insert({(*it)[1], (*it)[2]});
    EXPECT_EQ(looks.size(), 12u);
    // The charts use the same looks, and no others.
    std::set<std::pair<std::string, std::string>> in_charts;
    for (const auto& chart : elements(html, "figure", "class=\"chart\""))
        for (auto it = std::sregex_iterator(chart.begin(), chart.end(), mk);
             it != std::sregex_iterator(); ++it)
            in_charts.insert({(*it)[1], (*it)[2]});
    EXPECT_EQ(in_charts, looks);
    // Runs table: one line per run, details on demand.
    EXPECT_EQ(elements(html, "details", "").size(), 12u);
    // The heat map comes right after the summary, before any chart.
    size_t summary = html.find("class=\"summary\""), heat = html.find("colour key"),
           chart = html.find("<figure class=\"chart\"");
    EXPECT_LT(summary, heat);
    EXPECT_LT(heat, chart);
}

TEST(ReportHtml, TiliaAgainstPcemSaysWithinNoiseAndLeavesOutOneDigitFigures) {
    auto runs = seed000();
    const speedlab::Run& tilia = runs[6];  // tilia's row for RedHat 7.3: 6,075.73k, 0.1, 4.5
    const speedlab::Run& pcem = runs[1];   // PCem's packaged openssl speed md5 rsa
    ASSERT_EQ(tilia.machine->label, "tilia");
    auto t = compare::ratio_table(tilia, pcem);
    std::vector<speedlab::Run> both{tilia, pcem};
    auto html = report::render(t, "html", both);
    auto summary = elements(html, "section", "class=\"summary\"");
    ASSERT_EQ(summary.size(), 1u);
    EXPECT_NE(
        summary[0].find("faster than 7 tilia in md5@8192, within noise (95%: -2.8% to +8.6%)"),
        std::string::npos)
        << summary[0];
    EXPECT_NE(summary[0].find("<b>3</b> within noise"), std::string::npos);
    // The typed "0.1" and "4.5" per second stay out of the mean, and it says so.
    EXPECT_NE(summary[0].find("2 figures left out of the mean, printed with fewer than 3 "
                              "significant digits"),
              std::string::npos)
        << summary[0];
    EXPECT_NE(summary[0].find("rsa4096.sign, rsa4096.verify"), std::string::npos);
    // The verdict no longer reverses: the mean is md5's +2.7%, within noise.
    EXPECT_NE(summary[0].find("geometric mean +2.7% (95%: -2.8% to +8.6%, within noise) over 1 "
                              "figure"),
              std::string::npos)
        << summary[0];
    // The same rule in JSON and in check.
    auto j = nlohmann::json::parse(report::render(t, "json", both));
    EXPECT_EQ(j["summary"]["mean"]["left_out"], 2);
    EXPECT_EQ(j["summary"]["mean"]["figures"], 1);
    EXPECT_NEAR(j["summary"]["mean"]["geometric_mean"].get<double>(), 6242.30 / 6075.73, 1e-9);
    auto c = compare::check(tilia, pcem, 0.03);
    EXPECT_EQ(c.mean.left_out, 2u);
    EXPECT_NEAR(c.mean.ratio, 6242.30 / 6075.73, 1e-9);
    EXPECT_TRUE(c.mean.within_noise());
}

// /reference's chart: a run whose date is not known is drawn in a band of its
// own right of the years, once labelled, never at the day it was imported.
TEST(YearChart, UndatedRunsGoInABandOfTheirOwn) {
    std::vector<report::YearPoint> points = {{1996.5, 1, "ref 1996", false, false},
                                             {2020.5, 1000, "ref 2020", false, false},
                                             {2001.5, 5, "mine, 2001", true, false},
                                             {0, 3, "mine, undated", true, true}};
    auto svg = report::year_chart("t", "MB/s", points);
    auto x_of = [&](const std::string& title) {
        auto at = svg.rfind("<circle cx=\"", svg.find("<title>" + title + "</title>"));
        return std::stod(svg.substr(at + 12));
    };
    std::smatch band;
    ASSERT_TRUE(
        std::regex_search(svg, band, std::regex("<line x1=\"([0-9.]+)\"[^>]*class=\"one\"")));
    double edge = std::stod(band[1]);
    EXPECT_LT(x_of("ref 1996"), x_of("mine, 2001"));
    EXPECT_LT(x_of("ref 2020"), edge);
    EXPECT_GT(x_of("mine, undated"), edge);
    size_t labels = 0;
    for (size_t at = 0; (at = svg.find(">undated</text>", at)) != std::string::npos; ++at) ++labels;
    EXPECT_EQ(labels, 1u);
    points.pop_back();  // every run dated: no band
    EXPECT_EQ(report::year_chart("t", "MB/s", points).find("undated"), std::string::npos);
}
