#pragma once
// The one table of `openssl speed -mr` records: their tags, what each +Rn
// result measured in each era's numbering, and the key indexes of +F2/+F3/+F6.
// The importer reads records by it (classify, parse/mr_records) and the report
// writes its -mr lines with it, so what speedlab writes is read back as written.
#include <array>
#include <optional>
#include <string_view>

#include "core/algorithm_families.h"
#include "core/algorithm_registry.h"
#include "core/measurement.h"

namespace speedlab {

enum class MrRecord {
    header,              // +H:16:64:...: the block sizes of the +F records
    throughput,          // +F:index:name:bytes/s...
    rsa,                 // +F2:index:bits:sign:verify[:encrypt:decrypt]
    dsa,                 // +F3:index:bits:sign:verify
    ecdsa,               // +F4:index:bits:sign:verify
    ecdh,                // +F5:index:bits:op/s:s/op (order flipped in 1.1.1)
    eddsa,               // +F6:index:bits:name:sign:verify
    sm2,                 // +F7:index:bits:name:sign:verify
    ffdh,                // +F8:index:bits:op/s
    announce,            // +DT:name:seconds:length: a throughput test starts
    announce_count,      // +DN:name:count:length: the same, by count
    announce_key,        // +DTP:bits:private|public:algorithm:seconds
    announce_key_count,  // +DNP: the same, by count
    result,              // +R:count:name:seconds: a throughput test's result
    numbered_result,     // +Rn:count:bits[:name]:seconds: a key test's result
    numbered_summary,    // +Fn of a kind no version above prints
};

struct MrTag {
    MrRecord record;
    std::string_view tag;
};

inline constexpr MrTag kMrTags[] = {
    {MrRecord::header, "+H"},
    {MrRecord::throughput, "+F"},
    {MrRecord::rsa, "+F2"},
    {MrRecord::dsa, "+F3"},
    {MrRecord::ecdsa, "+F4"},
    {MrRecord::ecdh, "+F5"},
    {MrRecord::eddsa, "+F6"},
    {MrRecord::sm2, "+F7"},
    {MrRecord::ffdh, "+F8"},
    {MrRecord::announce, "+DT"},
    {MrRecord::announce_count, "+DN"},
    {MrRecord::announce_key, "+DTP"},
    {MrRecord::announce_key_count, "+DNP"},
    {MrRecord::result, "+R"},
};

constexpr std::string_view mr_tag(MrRecord r) {
    for (const auto& e : kMrTags)
        if (e.record == r) return e.tag;
    return {};
}

// The record a tag names; "+R7" is a numbered result, "+F12" a summary of an
// unknown kind; nullopt for anything else ("+X", "+R7a").
constexpr std::optional<MrRecord> mr_record(std::string_view tag) {
    for (const auto& e : kMrTags)
        if (e.tag == tag) return e.record;
    if (tag.size() < 3 || (tag.substr(0, 2) != "+R" && tag.substr(0, 2) != "+F"))
        return std::nullopt;
    for (char c : tag.substr(2))
        if (c < '0' || c > '9') return std::nullopt;
    return tag[1] == 'R' ? MrRecord::numbered_result : MrRecord::numbered_summary;
}

// +H and the +F records are the summary table; the others are progress.
constexpr bool is_summary(MrRecord r) {
    using R = MrRecord;
    return r != R::announce && r != R::announce_count && r != R::announce_key &&
           r != R::announce_key_count && r != R::result && r != R::numbered_result;
}

// What a "+Rn" result measured: the tag says it, so records of -multi
// processes that interleave are told apart.
struct MrResult {
    int n;
    std::string_view family;  // rsa dsa ecdsa ecdh eddsa sm2 ffdh kem signature
    Operation op;
};

// 0.9.7 to 3.1.
inline constexpr MrResult kMrResults[] = {
    {1, kRsaFamily, Operation::sign},     {2, kRsaFamily, Operation::verify},
    {3, kDsaFamily, Operation::sign},     {4, kDsaFamily, Operation::verify},
    {5, kEcdsaFamily, Operation::sign},   {6, kEcdsaFamily, Operation::verify},
    {7, kEcdhFamily, Operation::derive},  {8, kEddsaFamily, Operation::sign},
    {9, kEddsaFamily, Operation::verify}, {10, kSm2Family, Operation::sign},
    {11, kSm2Family, Operation::verify},  {12, kFfdhFamily, Operation::derive},
};

// 3.2+: RSA encrypt and decrypt are R3 and R4, the rest two later, then the
// KEM and signature tests of the providers.
inline constexpr MrResult kMrResults32[] = {
    {1, kRsaFamily, Operation::sign},      {2, kRsaFamily, Operation::verify},
    {3, kRsaFamily, Operation::encrypt},   {4, kRsaFamily, Operation::decrypt},
    {5, kDsaFamily, Operation::sign},      {6, kDsaFamily, Operation::verify},
    {7, kEcdsaFamily, Operation::sign},    {8, kEcdsaFamily, Operation::verify},
    {9, kEcdhFamily, Operation::derive},   {10, kEddsaFamily, Operation::sign},
    {11, kEddsaFamily, Operation::verify}, {12, kSm2Family, Operation::sign},
    {13, kSm2Family, Operation::verify},   {14, kFfdhFamily, Operation::derive},
    {15, "kem", Operation::keygen},        {16, "kem", Operation::encaps},
    {17, "kem", Operation::decaps},        {18, "signature", Operation::keygen},
    {19, "signature", Operation::sign},    {20, "signature", Operation::verify},
};

// What +Rn measured in the numbering of 3.2+ or of the versions before;
// n 15 to 20 exist only in 3.2+, so they are read so whatever the version.
constexpr const MrResult* mr_result(int n, bool numbers_of_32) {
    if (numbers_of_32 || n >= 15) {
        for (const auto& r : kMrResults32)
            if (r.n == n) return &r;
        return nullptr;
    }
    for (const auto& r : kMrResults)
        if (r.n == n) return &r;
    return nullptr;
}

// Up to 1.1.0 the +F2..+F5 records hold seconds per operation, from 1.1.1
// operations per second; nullopt when the version does not say.
constexpr std::optional<bool> key_records_in_seconds(std::string_view version) {
    if (version.substr(0, 6) == "SSLeay") return true;
    if (version.substr(0, 8) != "OpenSSL ") return std::nullopt;
    int part[3] = {-1, -1, -1};
    size_t k = 8;
    for (int& n : part) {
        if (k >= version.size() || version[k] < '0' || version[k] > '9') break;
        for (n = 0; k < version.size() && version[k] >= '0' && version[k] <= '9'; ++k)
            n = n < 100000 ? n * 10 + (version[k] - '0') : n;  // "OpenSSL 99999999999" stays an int
        if (k < version.size() && version[k] == '.') ++k;
    }
    if (part[0] < 0 || part[1] < 0) return std::nullopt;
    if (part[0] != 1) return part[0] == 0;
    return part[1] == 0 || (part[1] == 1 && part[2] == 0);
}

// The key sizes of the +F2 (RSA) and +F3 (DSA) records, by index.
inline constexpr std::array<int, 7> kMrRsaBits{512, 1024, 2048, 3072, 4096, 7680, 15360};
inline constexpr std::array<int, 3> kMrDsaBits{512, 1024, 2048};

// The family whose keys +F2 and +F3 records list; empty for other records.
constexpr std::string_view mr_key_family(MrRecord r) {
    return r == MrRecord::rsa ? kRsaFamily : r == MrRecord::dsa ? kDsaFamily : std::string_view();
}

// A key size's index in one of the lists above; -1 when it has none.
template <size_t N>
constexpr int mr_index_of(const std::array<int, N>& bits, int b) {
    for (size_t i = 0; i < N; ++i)
        if (bits[i] == b) return static_cast<int>(i);
    return -1;
}

}  // namespace speedlab
