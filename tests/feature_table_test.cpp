// The layout of `experiment features`: however wide a noisy machine's cells
// grow, every line fits 120 columns and every feature keeps its column.
#include "report/feature_table.h"

#include <gtest/gtest.h>

#include <sstream>

namespace speedlab {
namespace {

// A table of one figure, native first, then one run per feature; each masked
// run's ratio is `ratio` with the interval [low, high].
compare::Comparison table_of(size_t features, double ratio, double low, double high) {
    compare::Comparison t;
    compare::FigureRow row;
    row.metric.algorithm = "md5";
    row.metric.parameter = 16;
    row.vs_baseline.resize(features + 1);
    for (size_t k = 1; k <= features; ++k) {
        row.vs_baseline[k].ratio = ratio;
        row.vs_baseline[k].low = low;
        row.vs_baseline[k].high = high;
        row.vs_baseline[k].significance = compare::Significance::within_noise;
    }
    t.rows.push_back(row);
    return t;
}

std::vector<std::string> feature_names(size_t n) {
    std::vector<std::string> all{"aesni", "pclmulqdq", "ssse3", "movbe", "avx",
                                 "avx2",  "bmi1",      "bmi2",  "adx",   "sha"};
    return {all.begin(), all.begin() + n};
}

struct Layout {
    size_t widest = 0, header_lines = 0;
    std::string text;
};

Layout layout_of(const compare::Comparison& t, size_t features) {
    Layout out;
    out.text = report::feature_table(t, feature_names(features));
    std::istringstream lines(out.text);
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("* ")) continue;  // the legend is prose
        out.widest = std::max(out.widest, report::display_columns(line));
        if (line.starts_with("figure")) ++out.header_lines;
    }
    return out;
}

TEST(FeatureTable, EveryLineFitsOneHundredTwentyColumns) {
    struct Case {
        std::string name;
        double ratio, low, high;
        size_t features, want_blocks;
    } cases[] = {
        // 0.998~: six columns a cell, ten features in one block.
        {"quiet", 1.002, 1.0, 1.004, 10, 1},
        // 1.280±>999%~: twelve columns a cell (the CI run that overflowed at 121).
        {"noisy beyond 999%", 0.78, 0.05, 20.0, 9, 2},
        {"noisy two digits", 0.78, 0.70, 0.86, 10, 2},
    };
    for (const auto& c : cases) {
        Layout l = layout_of(table_of(c.features, c.ratio, c.low, c.high), c.features);
        EXPECT_LE(l.widest, 120u) << c.name << "\n" << l.text;
        EXPECT_EQ(l.header_lines, c.want_blocks) << c.name << "\n" << l.text;
        for (const auto& f : feature_names(c.features))
            EXPECT_NE(l.text.find(" " + f), std::string::npos) << c.name << ": " << f;
    }
}

TEST(FeatureTable, CellsReadNativeOverMasked) {
    // masked / native = 0.5: the feature doubles the speed.
    Layout l = layout_of(table_of(1, 0.5, 0.49, 0.51), 1);
    EXPECT_NE(l.text.find("md5@16"), std::string::npos) << l.text;
    EXPECT_NE(l.text.find("2.000"), std::string::npos) << l.text;
}

TEST(FeatureTable, DisplayColumnsCountCharactersNotBytes) {
    EXPECT_EQ(report::display_columns("1.280±>999%~"), 12u);
    EXPECT_EQ(report::display_columns(""), 0u);
}

}  // namespace
}  // namespace speedlab
