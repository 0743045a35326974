// The benchmark runner: selection, known-answer checks, timing, agreement with openssl speed.
#include "bench/runner.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

#include "bench/public_key.h"
#include "bench/selection.h"
#include "bench/symmetric.h"
#include "bench/timer.h"
#include "cli_support.h"
#include "core/algorithm.h"
#include "core/error.h"

using namespace speedlab;
using namespace speedlab::testing;

TEST(Selection, OpensslNamesMapToCanonicalIds) {
    EXPECT_EQ(bench::select_algorithms({"des"}), (std::vector<std::string>{"des-cbc", "des-ede3"}));
    EXPECT_EQ(bench::select_algorithms({"blowfish", "bf"}), std::vector<std::string>{"bf-cbc"});
    EXPECT_EQ(bench::select_algorithms({"hmac"}), std::vector<std::string>{"hmac-md5"});
    EXPECT_EQ(bench::select_algorithms({"ecdhx25519"}), std::vector<std::string>{"ecdh-x25519"});
    EXPECT_EQ(bench::select_algorithms({"AES-128-GCM"}), std::vector<std::string>{"aes-128-gcm"});
    EXPECT_EQ(bench::select_algorithms({}), bench::classic_suite());
    EXPECT_EQ(bench::select_algorithms({"rsa"}).size(), 7u);
    try {
        bench::select_algorithms({"md5", "nosuch"});
        ADD_FAILURE() << "an unknown name selected something";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::usage);
        EXPECT_EQ(std::string(e.what()).substr(0, 36), "unknown algorithm 'nosuch'\nvalid nam");
    }
}

TEST(KnownAnswers, EveryAlgorithmOfTheSuitePassesBeforeItIsTimed) {
    // Everything the 0.9.x tables of the seeds name, and the modern families.
    for (const auto& id : bench::select_algorithms({"all"})) {
        if (kind_of(id) == AlgorithmKind::public_key) {
            if (id == "rsa15360" || id == "rsa7680")
                continue;  // same code path as rsa4096, slow to sign
            auto setup = bench::make_public_key_kernel(id);
            EXPECT_TRUE(setup.kernel.has_value()) << id << ": " << setup.check.detail;
            EXPECT_TRUE(setup.check.passed) << id << ": " << setup.check.detail;
        } else {
            auto setup = bench::make_symmetric_kernel(id);
            ASSERT_TRUE(setup.kernel.has_value()) << id << ": " << setup.check.detail;
            EXPECT_TRUE(setup.check.passed) << id;
            EXPECT_EQ(setup.check.detail.rfind("matches ", 0), 0u)
                << id << ": " << setup.check.detail;
        }
    }
}

TEST(KnownAnswers, OwnCodeOnlyWhereLibcryptoLacksIt) {
    EXPECT_EQ(bench::make_symmetric_kernel("md2").kernel->backend, "speedlab");
    EXPECT_EQ(bench::make_symmetric_kernel("rc5-cbc").kernel->backend, "speedlab");
    EXPECT_EQ(bench::make_symmetric_kernel("md5").kernel->backend, "libcrypto default");
    EXPECT_EQ(bench::make_symmetric_kernel("bf-cbc").kernel->backend, "libcrypto legacy");
    EXPECT_EQ(bench::make_public_key_kernel("ed25519").check.detail, "matches RFC 8032 test 1");
}

// What cannot be measured is an Error of kind failed: a name libcrypto lacks,
// and an operation that reports an error inside the timing loop.
TEST(KnownAnswers, WhatCannotBeMeasuredIsAFailedError) {
    auto kind_of_throw = [](auto&& f) -> std::string {
        try {
            f();
        } catch (const Error& e) {
            return e.kind() == ErrorKind::failed ? "failed: " + std::string(e.what()) : "other";
        }
        return "nothing thrown";
    };
    EXPECT_EQ(kind_of_throw([] { bench::make_symmetric_kernel("nosuch-cbc"); }),
              "failed: libcrypto has no cipher or digest named nosuch-cbc");
    int calls = 0;
    EXPECT_EQ(kind_of_throw(
                  [&] { bench::time_operation(5, Timing::user_cpu, [&] { return ++calls < 3; }); }),
              "failed: the library reported an error");
    EXPECT_EQ(calls, 3) << "the loop ends at the first failure";
    EXPECT_FALSE(bench::alarm_fired()) << "and leaves no alarm armed";
}

TEST(Runner, RepeatsGiveSamplesAndTheMedian) {
    bench::RunOptions opt;
    opt.ids = {"md5", "rsa512"};
    opt.seconds = opt.public_key_seconds = 0.05;
    opt.sizes = {64};
    opt.repeat = 3;
    size_t progress_calls = 0;
    opt.on_progress = [&](const bench::Progress& p) {
        ++progress_calls;
        EXPECT_EQ(p.total, 9u);
    };
    auto out = bench::run_benchmarks(opt);
    EXPECT_TRUE(out.failures.empty());
    EXPECT_TRUE(out.run.complete);
    EXPECT_EQ(progress_calls, 9u);
    ASSERT_EQ(out.run.measurements.size(), 3u);
    const auto& md5 = figure(out.run, "md5", Operation::throughput, 64);
    ASSERT_EQ(md5.samples.size(), 3u);
    auto sorted = md5.samples;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_DOUBLE_EQ(md5.value, sorted[1]);
    EXPECT_GT(*md5.count, 0);
    EXPECT_GT(figure(out.run, "rsa512", Operation::verify).value,
              figure(out.run, "rsa512", Operation::sign).value);
    EXPECT_EQ(out.run.timing, Timing::user_cpu);
    EXPECT_NE(out.run.version.find("OpenSSL 3"), std::string::npos);
    EXPECT_FALSE(out.run.compiler.empty());
}

namespace {
std::string capture(const std::string& command) {
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    std::string out;
    char buf[4096];
    while (pipe && fgets(buf, sizeof buf, pipe.get())) out += buf;
    return out;
}
}  // namespace

TEST(Runner, FiguresAgreeWithOpensslSpeed) {
    // A loose check that both measure the same thing; the 3% bar is in bench/vs-openssl.
    std::string text = capture("openssl speed -seconds 1 -bytes 8192 md5 2>&1");
    auto parsed = parse::parse_speed_text(text, "openssl speed");
    ASSERT_EQ(parsed.runs.size(), 1u) << text;
    double theirs = throughput(parsed.runs[0], "md5", 8192);
    bench::RunOptions opt;
    opt.ids = {"md5"};
    opt.seconds = 1;
    opt.sizes = {8192};
    auto ours = bench::run_benchmarks(opt);
    double ratio = throughput(ours.run, "md5", 8192) / theirs;
    EXPECT_GT(ratio, 0.5);
    EXPECT_LT(ratio, 2.0);
}

TEST_F(Cli, PrecisionStopsWhenReachedOrWhenTheBudgetIsSpent) {
    // 50% is reached within a few rounds (three at least), long before the budget.
    // Repetitions of 0.1 s: user CPU time is counted in ticks, and a busy machine
    // gives a 0.02 s repetition only a tick or two of it (190 rounds were seen).
    auto r =
        run("run md5 --bytes 64 --precision 50% --max-seconds 60 --seconds 0.1 --no-store "
            "--format json");
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_GE(j["measurements"][0]["samples"].size(), 3u);
    EXPECT_LT(j["measurements"][0]["samples"].size(), 30u);
    EXPECT_NE(j["notes"].back().get<std::string>().find("0 of 1 figure(s) did not get there"),
              std::string::npos);
    // 0.001% is never reached: the 1 s budget ends it, and the user is told.
    r =
        run("run md5 --bytes 64,256 --precision 0.001% --max-seconds 1 --seconds 0.05 --no-store "
            "--format json");
    ASSERT_EQ(r.code, 0) << r.err;
    j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["measurements"].size(), 2u);
    EXPECT_LT(j["measurements"][0]["samples"].size(), 40u);  // the budget held: about 20
    EXPECT_NE(r.err.find("2 figure(s) did not reach +-0.001% in the time allowed"),
              std::string::npos)
        << r.err;
    EXPECT_NE(j["notes"].back().get<std::string>().find("2 of 2 figure(s) did not get there"),
              std::string::npos);
    for (const char* bad : {"0", "abc", "60%"})
        EXPECT_EQ(run(std::string("run md5 --no-store --precision ") + bad).code, 2) << bad;
}
