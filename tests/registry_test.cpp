// The algorithm registry (core/curve, core/algorithm): one place for what
// parse, bench and report must agree on.
#include <gtest/gtest.h>

#include <set>

#include "core/algorithm.h"
#include "core/curve.h"

namespace speedlab {
namespace {

TEST(Registry, CurvesByRecordIndex) {
    struct Case {
        std::string name;
        int index, bits;
        std::string want;  // printed name, empty: none
    };
    const Case cases[] = {
        {"3.x nistp256", 3, 256, "nistp256"},
        {"3.x X25519", 22, 253, "X25519"},
        {"3.x X448", 23, 448, "X448"},
        {"3.x brainpool", 20, 512, "brainpoolP512r1"},
        {"1.1.0 X25519 at 16 (bits disagree)", 16, 253, "X25519"},
        {"1.0.2 nistk163", 6, 163, "nistk163"},
        {"unknown index, prime size", 99, 384, "nistp384"},
        {"no curve of that size", 2, 999, ""},
    };
    for (const auto& c : cases) {
        const Curve* got = curve_by_mr_index(c.index, c.bits);
        EXPECT_EQ(got ? std::string(got->printed) : std::string(), c.want) << c.name;
    }
}

TEST(Registry, CurveBitsAsRowsPrintThem) {
    const std::pair<std::string, int> cases[] = {
        {"ecdsa-p256", 256}, {"ecdh-x25519", 253},           {"ed25519", 253},   {"ed448", 456},
        {"sm2", 256},        {"ecdsa-brainpoolp384r1", 384}, {"ecdh-p999", 999}, {"md5", 0},
    };
    for (const auto& [id, bits] : cases) EXPECT_EQ(curve_bits(id), bits) << id;
}

TEST(Registry, RowLabelsReadBackToTheSameId) {
    // What report prints, the parser's canonical_curve_id must turn back into the id.
    for (const Curve& c : curves()) {
        for (std::string family : {"ecdsa", "ecdh"}) {
            if (family == "ecdsa" && !c.signs) continue;
            std::string id = family + "-" + std::string(c.suffix);
            std::string label = curve_row_label(id);
            auto open = label.find('('), close = label.find(')');
            ASSERT_NE(open, std::string::npos) << label;
            EXPECT_EQ(canonical_curve_id(family, label.substr(open + 1, close - open - 1)), id);
            EXPECT_EQ(std::stoi(label), c.bits) << label;
        }
    }
}

TEST(Registry, RecordIndexesAreUniqueAndInOrder) {
    std::set<int> seen;
    int expected = 0;
    for (const Curve& c : curves()) {
        EXPECT_EQ(c.mr_index, expected++) << c.printed;
        EXPECT_TRUE(seen.insert(c.mr_index).second);
        EXPECT_EQ(curve_by_printed(c.printed), &c);
        EXPECT_EQ(curve_by_suffix(c.suffix), &c);
    }
    EXPECT_EQ(curve_by_printed("NISTP256"), curve_by_suffix("p256"));
}

}  // namespace
}  // namespace speedlab
