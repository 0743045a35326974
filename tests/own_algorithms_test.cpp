// The hand-written algorithms against their published test vectors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bench/own/own.h"
#include "bench/providers.h"

using namespace speedlab;

namespace {
std::string hex(const own::Digest16& d) {
    return bench::to_hex(d.data(), d.size());
}
std::span<const uint8_t> bytes(const std::string& s) {
    return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}
std::vector<uint8_t> unhex(const std::string& h) {
    std::vector<uint8_t> v;
    for (size_t i = 0; i < h.size(); i += 2)
        v.push_back(static_cast<uint8_t>(std::stoi(h.substr(i, 2), nullptr, 16)));
    return v;
}
}  // namespace

TEST(Md2, Rfc1319TestSuite) {
    EXPECT_EQ(hex(own::md2(bytes(""))), "8350e5a3e24c153df2275c9f80692773");
    EXPECT_EQ(hex(own::md2(bytes("a"))), "32ec01ec4a6dac72c0ab96fb34c0b5d1");
    EXPECT_EQ(hex(own::md2(bytes("abc"))), "da853b0d3f88d99b30283a69e6ded6bb");
    EXPECT_EQ(hex(own::md2(bytes("message digest"))), "ab4f496bfb2a530b219ff33031fe06b0");
    EXPECT_EQ(hex(own::md2(bytes("abcdefghijklmnopqrstuvwxyz"))),
              "4e8ddff3650292ab5a4108c3aa47940b");
    EXPECT_EQ(
        hex(own::md2(bytes("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"))),
        "da33def2a42df13975352846c30338cd");
    EXPECT_EQ(
        hex(own::md2(bytes("1234567890123456789012345678901234567890123456789012345678901234567890"
                           "1234567890"))),
        "d5976f79d83d3a0dc9806c3c66f3efd8");
}

TEST(Mdc2, IsoExample) {
    EXPECT_EQ(hex(own::mdc2(bytes("Now is the time for all "))),
              "42e50cd224baceba760bdd2bd409281a");
    // The empty message leaves the two initial values untouched.
    EXPECT_EQ(hex(own::mdc2(bytes(""))), "52525252525252522525252525252525");
}

TEST(Rc5, RivestPaperVectors) {
    struct V {
        const char *key, *plain, *cipher;
    };
    const V vectors[] = {
        {"00000000000000000000000000000000", "0000000000000000", "21a5dbee154b8f6d"},
        {"915f4619be41b2516355a50110a9ce91", "21a5dbee154b8f6d", "f7c013ac5b2b8952"},
        {"783348e75aeb0f2fd7b169bb8dc16787", "f7c013ac5b2b8952", "2f42b3b70369fc92"},
        {"dc49db1375a5584f6485b413b5f12baf", "2f42b3b70369fc92", "65c178b284d197cc"},
        {"5269f149d41ba0152497574d7f153125", "65c178b284d197cc", "eb44e415da319824"},
    };
    for (const auto& v : vectors) {
        auto key = unhex(v.key);
        own::Rc5 rc5(std::span<const uint8_t, 16>(key.data(), 16));
        auto in = unhex(v.plain);
        uint8_t out[8];
        rc5.encrypt_block(in.data(), out);
        EXPECT_EQ(bench::to_hex(out, 8), v.cipher) << "key " << v.key;
    }
}

TEST(Idea, ReferenceVector) {
    auto key = unhex("00010002000300040005000600070008");
    own::Idea idea(std::span<const uint8_t, 16>(key.data(), 16));
    auto in = unhex("0000000100020003");
    uint8_t out[8];
    idea.encrypt_block(in.data(), out);
    EXPECT_EQ(bench::to_hex(out, 8), "11fbed2b01986de5");
}

TEST(Idea, CbcChainsBlocks) {
    auto key = unhex("00010002000300040005000600070008");
    own::Idea idea(std::span<const uint8_t, 16>(key.data(), 16));
    uint8_t data[16] = {0, 0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 1, 0, 2, 0, 3};
    uint8_t iv[8] = {};
    idea.cbc_encrypt(data, 16, iv);
    EXPECT_EQ(bench::to_hex(data, 8), "11fbed2b01986de5");
    // Same plaintext block, different ciphertext: the chain is applied.
    EXPECT_NE(bench::to_hex(data + 8, 8), "11fbed2b01986de5");
    EXPECT_EQ(bench::to_hex(iv, 8), bench::to_hex(data + 8, 8));
}
