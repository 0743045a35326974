// Names a user types for figures (core/metric_pattern): every name the
// registry prints resolves back to its id; families, bare algorithms, key sizes
// and globs select what a user means; an unknown name lists the closest.
#include "core/metric_pattern.h"

#include <gtest/gtest.h>

#include "core/algorithm.h"
#include "core/error.h"

namespace speedlab {
namespace {

TEST(MetricPattern, EveryPrintedNameResolvesToItsId) {
    for (std::string_view id : ordered_ids()) {
        EXPECT_EQ(canonical_algorithm_name(id), id);
        EXPECT_EQ(canonical_algorithm_name(openssl3_row_name(id)), id) << openssl3_row_name(id);
        auto p = parse_metric_pattern(openssl3_row_name(id) + "@8192");
        ASSERT_TRUE(p) << id;
        EXPECT_TRUE(matches(*p, MetricKey{std::string(id), Operation::throughput, 8192})) << id;
    }
}

TEST(MetricPattern, NamesOfEveryEra) {
    struct Case {
        std::string name, typed, want;
    };
    const Case cases[] = {
        {"3.x row", "blowfish", "bf-cbc"},
        {"3.x row", "cast-cbc", "cast5-cbc"},
        {"3.x hmac", "hmac(md5)", "hmac-md5"},
        {"0.9.x row", "des cbc", "des-cbc"},
        {"0.9.x row", "des ede3", "des-ede3"},
        {"0.9.x row", "rc5-32/12 cbc", "rc5-cbc"},
        {"0.9.7 row", "aes-128 cbc", "aes-128-cbc"},
        {"EVP name", "AES-128-CBC", "aes-128-cbc"},
        {"provider name", "SHA2-256", "sha256"},
        {"typed case", "Blowfish", "bf-cbc"},
        {"key size apart", "rsa 2048", "rsa2048"},
        {"key size hyphen", "dsa-1024", "dsa1024"},
        {"speed argument", "ecdsap256", "ecdsa-p256"},
        {"speed argument", "ecdhx25519", "ecdh-x25519"},
        {"canonical curve", "ecdsa-p256", "ecdsa-p256"},
    };
    for (const auto& c : cases)
        EXPECT_EQ(canonical_algorithm_name(c.typed), c.want) << c.name << ": " << c.typed;
}

std::vector<MetricKey> seedlike() {
    return {{"md5", Operation::throughput, 16},
            {"md5", Operation::throughput, 8192},
            {"hmac-md5", Operation::throughput, 8192},
            {"bf-cbc", Operation::throughput, 8192},
            {"aes-128-cbc", Operation::throughput, 8192},
            {"aes-256-cbc", Operation::throughput, 16},
            {"rsa512", Operation::sign, 0},
            {"rsa512", Operation::verify, 0},
            {"rsa4096", Operation::sign, 0},
            {"rsa4096", Operation::verify, 0},
            {"dsa512", Operation::sign, 0}};
}

std::string keys_text(const std::vector<MetricKey>& keys) {
    std::string out;
    for (const auto& k : keys) out += (out.empty() ? "" : " ") + metric_key(k);
    return out;
}

TEST(MetricPattern, SelectsWhatAUserMeans) {
    struct Case {
        std::string typed, want;
    };
    const Case cases[] = {
        {"blowfish@8192", "bf-cbc@8192"},
        {"bf-cbc@8192", "bf-cbc@8192"},
        {"md5", "md5@16 md5@8192"},
        {"hmac(md5)", "hmac-md5@8192"},
        {"rsa4096", "rsa4096.sign rsa4096.verify"},
        {"rsa", "rsa512.sign rsa512.verify rsa4096.sign rsa4096.verify"},
        {"rsa*", "rsa512.sign rsa512.verify rsa4096.sign rsa4096.verify"},
        {"RSA4096.sign", "rsa4096.sign"},
        {"aes-*@8192", "aes-128-cbc@8192"},
        {"aes", "aes-128-cbc@8192 aes-256-cbc@16"},
        {"*.verify", "rsa512.verify rsa4096.verify"},
        {"dsa512.sign,md5@8192", "md5@8192 dsa512.sign"},
    };
    for (const auto& c : cases) {
        EXPECT_EQ(keys_text(select_metrics(c.typed, seedlike(), "--metrics")), c.want) << c.typed;
    }
}

// What select_metrics throws for LIST: a usage error's message, or "" when none.
std::string usage_error(std::string_view list) {
    try {
        select_metrics(list, seedlike(), "--metrics");
    } catch (const Error& e) {
        return e.kind() == ErrorKind::usage ? e.what() : "not a usage error";
    }
    return "";
}

TEST(MetricPattern, UnknownNamesAreUsageErrorsListingTheThreeClosest) {
    EXPECT_EQ(usage_error("blowfsh@8192"),
              "--metrics: 'blowfsh@8192' names no figure of these runs; closest: blowfish@8192, "
              "bf-cbc@8192, md5@8192");
    EXPECT_NE(usage_error("rsa4"), "") << "no family of rsa4096";
    EXPECT_NE(usage_error("md5@x").find("is not a figure"), std::string::npos);
    EXPECT_NE(usage_error("md5,"), "") << "an empty item";
    EXPECT_NE(usage_error("md5@64"), "") << "a size no run has";
}

}  // namespace
}  // namespace speedlab
