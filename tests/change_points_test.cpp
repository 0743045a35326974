// compare/change_points: changes found where the level moved, and not where
// one night was noisy; each piece on series whose truth is known.
#include "compare/change_points.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace speedlab::compare;

namespace {
// N values around 1000 with relative noise NOISE, times (1 + STEP) from AT on.
std::vector<double> nights(size_t n, double noise, size_t at, double step, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> z(0, 1);
    std::vector<double> out;
    for (size_t i = 0; i < n; ++i)
        out.push_back(1000 * (i >= at ? 1 + step : 1) * std::exp(noise * z(rng)));
    return out;
}

std::vector<size_t> indexes(const std::vector<ChangePoint>& cs) {
    std::vector<size_t> out;
    for (const auto& c : cs) out.push_back(c.index);
    return out;
}
}  // namespace

TEST(ChangePoints, FindsWhereTheLevelMovedAndNothingInNoise) {
    struct Case {
        std::string name;
        std::vector<double> values;
        std::vector<size_t> want;
    } cases[] = {
        {"a 10% drop at night 31 of 60, 2% noise", nights(60, 0.02, 30, -0.10, 1), {30}},
        {"a 20% rise at point 100 of 400, 3% noise", nights(400, 0.03, 100, 0.20, 2), {100}},
        {"60 nights of 2% noise", nights(60, 0.02, 60, 0, 3), {}},
        {"500 points of 5% noise", nights(500, 0.05, 500, 0, 4), {}},
        {"constant", std::vector<double>(40, 5.0), {}},
        {"too short to tell", {100, 100, 80}, {}},
        {"one wild night is no change",
         [] {
             auto v = nights(60, 0.02, 60, 0, 5);
             v[20] *= 1.5;
             v[40] /= 1.5;
             return v;
         }(),
         {}},
        {"two steps, either way",
         [] {
             auto v = nights(90, 0.01, 30, -0.08, 6);
             for (size_t i = 60; i < 90; ++i) v[i] *= 1.15;
             return v;
         }(),
         {30, 60}},
    };
    for (const auto& c : cases) EXPECT_EQ(indexes(change_points(c.values)), c.want) << c.name;
}

TEST(ChangePoints, SaysHowMuchAndHowSure) {
    auto v = nights(60, 0.02, 30, -0.10, 1);
    auto cs = change_points(v);
    ASSERT_EQ(cs.size(), 1u);
    const auto& c = cs[0];
    EXPECT_NEAR(c.ratio, 0.90, 0.02);
    EXPECT_LT(c.low, c.ratio);
    EXPECT_GT(c.high, c.ratio);
    EXPECT_LT(c.high, 1.0);  // the interval excludes no change
    EXPECT_NEAR(c.before, 1000, 20);
    EXPECT_NEAR(c.after, 900, 20);
    EXPECT_LE(c.p, 0.01);
    // The same series gives the same answer: the permutations are seeded by the data's shape.
    EXPECT_EQ(change_points(v)[0].p, c.p);
}

TEST(ChangePoints, NoiseEstimateIgnoresStepsAndOutliers) {
    auto v = nights(200, 0.02, 100, 0.5, 7);
    v[50] *= 3;
    std::vector<double> logs;
    for (double x : v) logs.push_back(std::log(x));
    EXPECT_NEAR(series_noise(logs), 0.02, 0.004);
    EXPECT_EQ(series_noise(std::vector<double>{1, 2}), 0);
}

TEST(ChangePoints, HampelReplacesOutliersAndKeepsSteps) {
    std::vector<double> y{0, 0, 0, 0, 5, 0, 0, 0, 1, 1, 1, 1};
    auto out = hampel(y, 0.1);
    y[4] = 0;  // the outlier: its neighbours' median; the step from 0 to 1 stays
    EXPECT_EQ(out, y);
}

// Series longer than one PELT block: steps anywhere, also where two blocks
// overlap, found once each; none in thousands of nights of noise.
TEST(ChangePoints, LongSeriesAreReadInBlocksFindingEachStepOnce) {
    size_t step = kPeltBlock - 2 * kPeltOverlap;
    auto steps = [](size_t n, std::vector<size_t> at, uint64_t seed) {
        auto v = nights(n, 0.02, n, 0, seed);
        double level = 1;
        for (size_t i = 0, k = 0; i < n; ++i) {
            if (k < at.size() && i == at[k]) level *= k % 2 ? 1.12 : 0.9, ++k;
            v[i] *= level;
        }
        return v;
    };
    struct Case {
        std::string name;
        std::vector<double> values;
        std::vector<size_t> want;
    } cases[] = {
        {"10,000 nights of 2% noise", nights(10000, 0.02, 10000, 0, 11), {}},
        {"a 10% drop at night 5,000 of 10,000", nights(10000, 0.02, 5000, -0.10, 12), {5000}},
        {"steps in the overlaps of blocks",
         steps(3000, {step + kPeltOverlap - 1, 2 * step + kPeltOverlap, 2 * step + 2 * kPeltOverlap},
               13),
         {step + kPeltOverlap - 1, 2 * step + kPeltOverlap, 2 * step + 2 * kPeltOverlap}},
        {"a step in the last block", steps(2000, {1990 - 40}, 14), {1990 - 40}},
    };
    for (const auto& c : cases) EXPECT_EQ(indexes(change_points(c.values)), c.want) << c.name;
}

TEST(ChangePoints, PeltIsTheExactPenalisedFit) {
    std::vector<double> y{0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0};
    EXPECT_EQ(pelt(y, 0.1, 10, 2), (std::vector<size_t>{5, 10}));
    // A penalty larger than what a change saves: no change.
    EXPECT_EQ(pelt(y, 0.1, 1000, 2), std::vector<size_t>{});
    // No segment is shorter than the minimum, even where a blip would pay for one.
    std::vector<double> blip{0, 0, 0, 0, 1, 0, 0, 0, 0};
    auto starts = pelt(blip, 0.01, 1, 2);
    ASSERT_FALSE(starts.empty());
    size_t from = 0;
    for (size_t s : starts) EXPECT_GE(s - from, 2u), from = s;
    EXPECT_GE(blip.size() - from, 2u);
}

TEST(ChangePoints, PermutationTestTellsAStepFromShuffledNoise) {
    std::vector<double> step, flat;
    for (int i = 0; i < 40; ++i) {
        step.push_back((i < 20 ? 0 : 1) + 0.01 * (i % 3));
        flat.push_back(0.01 * ((i * 7) % 5));
    }
    EXPECT_LE(permutation_p(step, 2, 199, 1), 0.01);
    EXPECT_GT(permutation_p(flat, 2, 199, 1), 0.05);
    EXPECT_EQ(permutation_p(std::vector<double>{1, 2, 3}, 2, 199, 1), 1);
}
