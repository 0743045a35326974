// The one table of CPU features libcrypto can be told to ignore: the masks
// `run --cpu-mask` and `experiment features` hand to OPENSSL_ia32cap.
#include "core/cpu_features.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace speedlab {
namespace {

TEST(CpuFeatures, MasksClearTheDocumentedBits) {
    // Bits from OpenSSL's OPENSSL_ia32cap page: AES-NI is bit 57 of the first
    // vector, SHA bit 29 and AVX2 bit 5 of the second.
    struct {
        std::vector<std::string> names;
        std::string want;
    } cases[] = {
        {{"aesni"}, "~0x200000000000000:~0"},
        {{"aes"}, "~0x200000000000000:~0"},  // /proc/cpuinfo's spelling
        {{"sha"}, "~0:~0x20000000"},
        {{"sha_ni", "avx2"}, "~0:~0x20000020"},
        {{"aesni", "pclmulqdq", "avx2"}, "~0x200000200000000:~0x20"},
        {{}, "~0:~0"},
    };
    for (const auto& c : cases) EXPECT_EQ(ia32cap_mask(c.names), c.want) << c.want;
}

TEST(CpuFeatures, AnUnknownNameIsAUsageErrorListingTheKnownOnes) {
    try {
        ia32cap_mask({"aesni", "turbo"});
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::usage);
        EXPECT_NE(std::string(e.what()).find("unknown CPU feature 'turbo'; known: aesni "),
                  std::string::npos)
            << e.what();
    }
}

TEST(CpuFeatures, PresentFeaturesAreReadFromCpuinfoFlags) {
    EXPECT_EQ(features_present({"fpu", "sha_ni", "aes", "avx2"}),
              (std::vector<std::string>{"aesni", "avx2", "sha"}));
    EXPECT_TRUE(features_present({"fpu", "tsc"}).empty());
}

}  // namespace
}  // namespace speedlab
