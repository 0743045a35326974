// The algorithm registry (core/curve, core/algorithm): one place for what
// parse, bench and report must agree on.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "bench/public_key.h"
#include "bench/selection.h"
#include "bench/symmetric.h"
#include "bench/test_keys.h"
#include "core/algorithm.h"
#include "core/algorithm_families.h"
#include "core/algorithm_registry.h"
#include "core/curve.h"
#include "core/mr_tags.h"
#include "parse/hand_table.h"
#include "parse/speed_parser.h"
#include "report/speed_table.h"

namespace speedlab {
namespace {

bool symmetric(const AlgorithmInfo& a) {
    return a.kind == AlgorithmKind::digest || a.kind == AlgorithmKind::cipher;
}

TEST(Registry, EveryIdOnceAndEveryPrintedNameBackToIt) {
    std::set<std::string_view> ids;
    for (const AlgorithmInfo& a : algorithm_table()) {
        EXPECT_TRUE(ids.insert(a.id).second) << a.id;
        EXPECT_TRUE(looks_like_algorithm(a.id) || a.id == kBogomipsId) << a.id;
        if (!symmetric(a)) continue;
        EXPECT_EQ(kind_of(a.id), a.kind) << a.id;
        for (std::string_view name : {a.row_1x, a.row_3x}) {
            if (name.empty()) continue;
            EXPECT_EQ(canonical_symmetric_id(name), a.id) << name;
        }
        for (auto name : word_list(a.spellings)) EXPECT_EQ(canonical_symmetric_id(name), a.id);
        if (a.mr_index >= 0) {
            EXPECT_EQ(openssl3_index(a.id), a.mr_index) << a.id;
        }
    }
}

TEST(Registry, FamiliesOfKeyIds) {
    struct Case {
        std::string id, key_family, report;
    };
    const Case cases[] = {
        {"rsa2048", "rsa", "rsa"}, {"dsa1024", "dsa", "dsa"},    {"rsa16384", "rsa", "rsa"},
        {"rsa-pss", "", "rsa"},    {"ecdsa-p256", "", "ecdsa"},  {"ecdh-x25519", "", "ecdh"},
        {"ed25519", "", "eddsa"},  {"ffdh2048", "", "ffdh2048"}, {"aes-128-cbc", "", "aes"},
    };
    for (const auto& c : cases) {
        EXPECT_EQ(key_size_family(c.id), c.key_family) << c.id;
        EXPECT_EQ(report_family(c.id), c.report) << c.id;
    }
    EXPECT_EQ(key_size_id("dsa", 2048), "dsa2048");
    EXPECT_EQ(key_size_id("ecdsa", 256), "");
    for (std::string_view f : {"rsa", "dsa", "ecdsa", "ecdh"}) EXPECT_TRUE(named_with_key_bits(f));
    for (std::string_view f : {"md5", "rsa2048", "ed"}) EXPECT_FALSE(named_with_key_bits(f));
}

// Every id `speedlab run all` times is selected by its own name, and its
// kernel passes its known answer (the two largest RSA keys: rsa4096's code, slow).
TEST(Registry, EveryIdOfAllRunsWithAKnownAnswer) {
    for (const std::string& id : ids_with(kAll)) {
        const AlgorithmInfo* a = algorithm_info(id);
        for (auto arg : word_list(a->arguments)) {
            auto ids = bench::select_algorithms({std::string(arg)});
            EXPECT_NE(std::find(ids.begin(), ids.end(), id), ids.end()) << arg;
        }
        if (a->kind == AlgorithmKind::public_key) {
            if (a->bits > 4096) continue;
            auto setup = bench::make_public_key_kernel(id);
            EXPECT_TRUE(setup.kernel && setup.check.passed) << id << ": " << setup.check.detail;
        } else {
            auto setup = bench::make_symmetric_kernel(id);
            EXPECT_TRUE(setup.kernel && setup.check.passed) << id << ": " << setup.check.detail;
        }
    }
    EXPECT_EQ(bench::select_algorithms({}), ids_with(kClassic));
}

// Bench and report branch on the registry's families, not on spelled names:
// every RSA and DSA size has its fixed key, a curve id its family and curve.
TEST(Registry, FamiliesAndCurvesComeFromTheTable) {
    for (const std::string& id : ids_with(kKeySizes))
        EXPECT_NE(bench::test_key_pem(id), nullptr) << id;
    EXPECT_EQ(bench::test_key_pem("ed25519"), nullptr);
    EXPECT_EQ(bench::test_key_pem("rsa"), nullptr) << "a family, no key size";
    const struct {
        std::string_view id, family, curve;
    } cases[] = {
        {"ecdsa-p256", kEcdsaFamily, "P-256"},
        {"ecdh-x25519", kEcdhFamily, "X25519"},
        {"ecdsa-k163", kEcdsaFamily, "K-163"},  // a curve no row of the table names
        {"ecdsa-nosuch", kEcdsaFamily, ""},
        {"ed25519", "", ""},
        {"ecdsa", "", ""},
    };
    for (const auto& c : cases) {
        EXPECT_EQ(curve_family(c.id), c.family) << c.id;
        const Curve* curve = curve_of(c.id);
        EXPECT_EQ(curve ? curve->group : "", c.curve) << c.id;
    }
    EXPECT_TRUE(is_eddsa("ed448"));
    EXPECT_FALSE(is_eddsa("ecdh-x448"));
    EXPECT_FALSE(is_eddsa("ed")) << "the family's row, no curve";
    EXPECT_EQ(curve_bits("ed448"), 456);
}

// A published answer for every symmetric id `speedlab run all` times, each of an id of the table.
TEST(Registry, KnownAnswersOnFile) {
    for (const AlgorithmInfo& a : algorithm_table()) {
        if (!a.has(kAll) || !symmetric(a)) continue;
        EXPECT_NE(known_answer_vector(a.id), nullptr) << a.id;
    }
    for (std::string_view id : {"sha224", "sha3-256", "aes-128-gcm", "hmac-sha256"}) {
        ASSERT_NE(known_answer_vector(id), nullptr) << id;
        EXPECT_NE(algorithm_info(id), nullptr) << id;
    }
    EXPECT_EQ(known_answer_vector("rsa2048"), nullptr);
}

// One row of an openssl table, in the era's words, reads back as the id.
TEST(Registry, EveryPrintedRowImportsAsItsId) {
    const std::string header =
        "The 'numbers' are in 1000s of bytes per second processed.\n"
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
        "bytes\n";
    for (const AlgorithmInfo& a : algorithm_table()) {
        if (!symmetric(a)) continue;
        const std::pair<std::string_view, std::string_view> eras[] = {
            {"OpenSSL 1.1.1w  11 Sep 2023\n", a.row_1x}, {"OpenSSL 3.0.2 15 Mar 2022\n", a.row_3x}};
        for (const auto& [version, row] : eras) {
            if (row.empty()) continue;
            std::string text = std::string(version) + header + std::string(row) +
                               "  1234.56k 2345.67k 3456.78k 4567.89k 5678.90k 6789.01k\n";
            auto parsed = parse::parse_speed_text(text, "row.txt");
            ASSERT_EQ(parsed.runs.size(), 1u) << text;
            const Measurement* got =
                parsed.runs[0].find(std::string(a.id), Operation::throughput, 16);
            ASSERT_NE(got, nullptr) << text;
            EXPECT_DOUBLE_EQ(got->value, 1234560) << text;
        }
    }
}

// Every other name a row prints or libcrypto gives it (spellings, the EVP
// name), as a 3.x table's row, imports as the row's id.
TEST(Registry, EverySpellingImportsAsItsId) {
    const std::string head =
        "OpenSSL 3.0.2 15 Mar 2022\nThe 'numbers' are in 1000s of bytes per second processed.\n"
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
        "bytes\n";
    for (const AlgorithmInfo& a : algorithm_table()) {
        if (!symmetric(a)) continue;
        std::vector<std::string_view> names = word_list(a.spellings);
        if (!a.evp.empty()) names.push_back(a.evp);
        for (auto name : names) {
            std::string text = head + std::string(name) +
                               "  1234.56k 2345.67k 3456.78k 4567.89k 5678.90k 6789.01k\n";
            auto parsed = parse::parse_speed_text(text, "spelling.txt");
            ASSERT_EQ(parsed.runs.size(), 1u) << name;
            EXPECT_NE(parsed.runs[0].find(std::string(a.id), Operation::throughput, 16), nullptr)
                << a.id << " as " << name;
        }
    }
}

// Every row with a published answer that bench can time reproduces it.
TEST(Registry, EveryKnownAnswerOnFileIsReproduced) {
    for (const AlgorithmInfo& a : algorithm_table()) {
        if (!symmetric(a) || !known_answer_vector(a.id)) continue;
        if (!bench::symmetric_name_known(std::string(a.id))) continue;  // this libcrypto lacks it
        auto setup = bench::make_symmetric_kernel(std::string(a.id));
        EXPECT_TRUE(setup.kernel && setup.check.passed) << a.id << ": " << setup.check.detail;
        EXPECT_NE(setup.check.detail.find(known_answer_vector(a.id)->source), std::string::npos)
            << a.id << ": " << setup.check.detail;
    }
}

// Every name of a kInTables row, as a person types it in a table, reads as its id.
TEST(Registry, EveryTypedNameReadsAsItsIdInPeoplesTables) {
    for (const AlgorithmInfo& a : algorithm_table()) {
        if (!a.has(kInTables)) {
            if (symmetric(a)) {
                EXPECT_EQ(parse::hand_algorithm_word(a.id), "") << a.id;
            }
            continue;
        }
        std::vector<std::string_view> names{a.id};
        for (auto list : {a.spellings, a.typed})
            for (auto w : word_list(list)) names.push_back(w);
        for (auto row : {a.row_1x, a.row_3x}) {
            if (!row.empty() && row.find(' ') == std::string_view::npos) names.push_back(row);
        }
        for (auto name : names) EXPECT_EQ(parse::hand_algorithm_word(name), a.id) << name;
    }
}

// What report prints for an id, the importer reads back as the same id and
// figure: every id `run all` times and every other cipher or digest row.
TEST(Registry, EveryIdRoundTripsThroughTheReport) {
    std::vector<std::string> ids = ids_with(kAll);
    for (const AlgorithmInfo& a : algorithm_table())
        if (symmetric(a) && !a.has(kAll)) ids.emplace_back(a.id);
    for (const std::string& id : ids) {
        const AlgorithmInfo* a = algorithm_info(id);
        speedlab::Run run;
        run.program = "openssl speed";
        run.version = "OpenSSL 3.0.2 15 Mar 2022";
        std::vector<Operation> ops{Operation::throughput};
        if (a->kind == AlgorithmKind::public_key)
            ops = a->family == "ecdh" ? std::vector{Operation::derive}
                                      : std::vector{Operation::sign, Operation::verify};
        for (Operation op : ops) {
            Measurement m;
            m.algorithm = id;
            m.operation = op;
            m.parameter = op == Operation::throughput ? 16 : 0;
            m.value = op == Operation::throughput ? 1234560 : 2345.6;
            run.measurements.push_back(m);
        }
        std::string table = report::speed_table(run);
        auto parsed = parse::parse_speed_text(table, "speedlab.txt");
        ASSERT_EQ(parsed.runs.size(), 1u) << table;
        for (const auto& m : run.measurements) {
            const Measurement* got = parsed.runs[0].find(id, m.operation, m.parameter);
            ASSERT_NE(got, nullptr) << id << "\n" << table;
            EXPECT_NEAR(got->value, m.value, m.value * 1e-3) << id;
        }
    }
}

TEST(Registry, CurvesByRecordIndex) {
    struct Case {
        std::string name;
        int64_t index, bits;
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
        {"bits past an int are no 256 wrapped", 3, (int64_t{1} << 32) + 256, ""},
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

TEST(MrTags, EveryTagNamesOneRecordBothWays) {
    std::set<std::string_view> tags;
    for (const auto& e : kMrTags) {
        EXPECT_TRUE(tags.insert(e.tag).second) << e.tag;
        EXPECT_EQ(mr_record(e.tag), e.record) << e.tag;
        EXPECT_EQ(mr_tag(e.record), e.tag) << e.tag;
    }
    EXPECT_EQ(mr_record("+R12"), MrRecord::numbered_result);
    EXPECT_EQ(mr_record("+F12"), MrRecord::numbered_summary);
    for (std::string_view bad : {"+X", "+R7a", "+", "R1", "+Fx"})
        EXPECT_FALSE(mr_record(bad).has_value()) << bad;
}

TEST(MrTags, ResultNumbersOfBothErasAreUniqueAndMoveByTwoIn32) {
    for (const auto& r : kMrResults) {
        EXPECT_EQ(mr_result(r.n, false), &r);
        const MrResult* later = mr_result(r.n <= 2 ? r.n : r.n + 2, true);
        ASSERT_NE(later, nullptr) << r.n;
        EXPECT_EQ(later->family, r.family) << r.n;
        EXPECT_EQ(later->op, r.op) << r.n;
    }
    EXPECT_EQ(mr_result(15, false)->family, "kem");  // only 3.2+ has 15..20
    EXPECT_EQ(mr_result(13, false), nullptr);
    EXPECT_EQ(mr_result(21, true), nullptr);
}

// What report writes as -mr records, the importer reads back through the same table.
TEST(MrTags, RecordsSpeedlabWroteAreReadBackAsWritten) {
    speedlab::Run run;
    run.program = "openssl speed";
    run.version = "OpenSSL 3.0.2 15 Mar 2022";
    auto add = [&](std::string id, Operation op, int64_t size, double value) {
        Measurement m;
        m.algorithm = std::move(id);
        m.operation = op;
        m.parameter = size;
        m.value = value;
        run.measurements.push_back(m);
    };
    add("md5", Operation::throughput, 16, 145499490);
    add("md5", Operation::throughput, 8192, 826880680);
    add("rsa2048", Operation::sign, 0, 1862.5);
    add("rsa2048", Operation::verify, 0, 63958.1);
    add("dsa1024", Operation::sign, 0, 10245.7);
    add("dsa1024", Operation::verify, 0, 9071.3);
    add("ecdsa-p256", Operation::sign, 0, 35171.2);
    add("ecdsa-p256", Operation::verify, 0, 11340.4);
    add("ecdh-x25519", Operation::derive, 0, 25601.9);
    add("ed25519", Operation::sign, 0, 27125.3);
    add("ed448", Operation::verify, 0, 3010.6);
    // 3.0 writes operations per second, 1.0.2 seconds per operation (six
    // decimals: 1.5e-5 s is two digits); a fragment without a version is read
    // by which operation is the slower.
    for (std::string version : {"OpenSSL 3.0.2 15 Mar 2022", "OpenSSL 1.0.2u  20 Dec 2019", ""}) {
        run.version = version;
        std::string records = report::machine_readable(run);
        std::string text = version.empty() ? records : version + "\n" + records;
        auto parsed = parse::parse_speed_text(text, "speedlab-mr.txt");
        ASSERT_EQ(parsed.runs.size(), 1u) << records;
        bool seconds = version.find("1.0.2") != std::string::npos;
        for (const auto& m : run.measurements) {
            const Measurement* got = parsed.runs[0].find(m.algorithm, m.operation, m.parameter);
            ASSERT_NE(got, nullptr) << version << " " << m.algorithm.str() << "\n" << records;
            double tolerance = seconds && m.operation != Operation::throughput
                                   ? m.value * m.value * 0.5e-6  // s/op to 6 decimals
                                   : m.value * 1e-6;
            EXPECT_NEAR(got->value, m.value, tolerance) << version << " " << m.algorithm.str();
        }
    }
}

// Each era's +Rn numbers, read from a record alone: {name, input, want}.
TEST(MrTags, NumberedResultsByEra) {
    struct Case {
        std::string name, input, id;
        Operation op;
    };
    const Case cases[] = {
        {"1.1.1 R1 rsa sign", "OpenSSL 1.1.1w\n+R1:100:2048:10.00\n", "rsa2048", Operation::sign},
        {"1.1.1 R3 dsa sign", "OpenSSL 1.1.1w\n+R3:100:1024:10.00\n", "dsa1024", Operation::sign},
        {"1.1.1 R12 ffdh", "OpenSSL 1.1.1w\n+R12:100:2048:10.00\n", "ffdh2048", Operation::derive},
        {"1.1.1 R8 eddsa sign", "OpenSSL 1.1.1w\n+R8:100:253:Ed25519:10.00\n", "ed25519",
         Operation::sign},
        {"3.2 R3 rsa encrypt", "OpenSSL 3.2.1\n+R3:100:2048:10.00\n", "rsa2048",
         Operation::encrypt},
        {"3.2 R5 dsa sign", "OpenSSL 3.2.1\n+R5:100:1024:10.00\n", "dsa1024", Operation::sign},
        {"3.2 R14 ffdh", "OpenSSL 3.2.1\n+R14:100:2048:10.00\n", "ffdh2048", Operation::derive},
        {"3.2 R16 kem encaps", "OpenSSL 3.2.1\n+R16:100:ML-KEM-768:10.00\n", "ml-kem-768",
         Operation::encaps},
        {"3.2 by its +DTP alone", "+DTP:2048:public:rsa encrypt:10\n+R3:100:2048:10.00\n",
         "rsa2048", Operation::encrypt},
    };
    for (const auto& c : cases) {
        auto parsed = parse::parse_speed_text(c.input, c.name);
        ASSERT_EQ(parsed.runs.size(), 1u) << c.name;
        const Measurement* got = parsed.runs[0].find(c.id, c.op, 0);
        ASSERT_NE(got, nullptr) << c.name;
        EXPECT_DOUBLE_EQ(got->value, 10.0) << c.name;
    }
}

// +F2/+F3/+F4 hold seconds per operation up to 1.1.0, operations per second
// later; without a version, by which is the slower (RSA) or by size (DSA, ECDSA).
TEST(MrTags, KeySummaryRecordsInEachEraForm) {
    struct Case {
        std::string name, input, id;
        Operation op;
        double want;
    };
    const Case cases[] = {
        {"1.0.2 dsa in seconds, sign faster", "OpenSSL 1.0.2u\n+F3:1:1024:0.000098:0.000110\n",
         "dsa1024", Operation::sign, 1 / 0.000098},
        {"3.0 dsa per second, sign slower", "OpenSSL 3.0.2\n+F3:1:1024:13577.000000:16326.000000\n",
         "dsa1024", Operation::sign, 13577},
        {"fragment dsa in seconds", "+F3:1:1024:0.000098:0.000110\n", "dsa1024", Operation::verify,
         1 / 0.000110},
        {"fragment dsa per second", "+F3:1:1024:13577.000000:16326.000000\n", "dsa1024",
         Operation::verify, 16326},
        {"fragment slow rsa in seconds", "+F2:4:4096:10.000000:0.158000\n", "rsa4096",
         Operation::sign, 0.1},
        {"1.1.1 rsa per second below one", "OpenSSL 1.1.1w\n+F2:4:4096:0.600000:40.000000\n",
         "rsa4096", Operation::sign, 0.6},
        {"1.0.2 ecdsa in seconds", "OpenSSL 1.0.2u\n+F4:7:256:0.000050:0.000200\n", "ecdsa-p256",
         Operation::verify, 5000},
    };
    for (const auto& c : cases) {
        auto parsed = parse::parse_speed_text(c.input, c.name);
        ASSERT_EQ(parsed.runs.size(), 1u) << c.name;
        const Measurement* got = parsed.runs[0].find(c.id, c.op, 0);
        ASSERT_NE(got, nullptr) << c.name;
        EXPECT_NEAR(got->value, c.want, c.want * 1e-9) << c.name;
    }
}

}  // namespace
}  // namespace speedlab

// Which versions print -mr key records as seconds: 0.9.x and 1.0.x, 1.1.0;
// a version number too long for an int is read without overflow (UBSan).
TEST(MrTags, KeyRecordsInSecondsByVersion) {
    using speedlab::key_records_in_seconds;
    EXPECT_EQ(key_records_in_seconds("OpenSSL 0.9.8k"), true);
    EXPECT_EQ(key_records_in_seconds("OpenSSL 1.1.0l"), true);
    EXPECT_EQ(key_records_in_seconds("OpenSSL 1.1.1w"), false);
    EXPECT_EQ(key_records_in_seconds("OpenSSL 3.0.2"), false);
    EXPECT_EQ(key_records_in_seconds("SSLeay 0.9.0b"), true);
    EXPECT_EQ(key_records_in_seconds("LibreSSL 3.8.2"), std::nullopt);
    EXPECT_EQ(key_records_in_seconds("OpenSSL 99999999999999999999.1"), false);
}

// The public-key family words parse reads are the registry's data: a progress
// line's family by its words, the 3.2+ tables' prefixed ids.
TEST(Registry, KeyFamilyWordsAndTableIds) {
    using namespace speedlab;
    const struct {
        std::string_view text, family;
    } words[] = {{"256 bit sign ecdsa's", "ecdsa"}, {"253 bit ed25519 signs", "eddsa"},
                 {"2048 bit ffdh's", "ffdh"},       {"256 bit sm2 verify", "sm2"},
                 {"256 bit ecdh's", "ecdh"},        {"512 bit private rsa's", ""}};
    for (const auto& w : words) EXPECT_EQ(key_family_in(w.text), w.family) << w.text;
    EXPECT_TRUE(derives_only(kEcdhFamily));
    EXPECT_FALSE(derives_only(kSm2Family));
    EXPECT_EQ(table_row_id(true, "rsa2048"), "sig-rsa2048");
    EXPECT_EQ(table_row_id(false, "rsa2048"), "kem-rsa2048");
    EXPECT_EQ(table_row_id(false, "ecp-256"), "kem-ecp-256");
    EXPECT_EQ(table_row_id(true, "ml-dsa-65"), "ml-dsa-65");
}

// openssl 3.5's KEM table's rows as table_row_id names them, which typed KEM
// tables are read at (hand_kem_columns.cpp); a signature's row or a curve that
// signs is none.
TEST(Registry, KemTableIds) {
    using namespace speedlab;
    const struct {
        const char *name, *input;
        bool want;
    } cases[] = {
        {"ML-KEM", "ml-kem-768", true},
        {"a hybrid", "x25519mlkem768", true},
        {"a hybrid on a prime curve", "secp256r1mlkem768", true},
        {"X25519", "x25519", true},
        {"X448", "x448", true},
        {"an RSA key's KEM", "kem-rsa2048", true},
        {"an EC key's KEM", "kem-ecp-256", true},
        {"the family alone", "ml-kem", true},
        {"a signature", "ml-dsa-44", false},
        {"a signature table's key", "sig-rsa2048", false},
        {"a classic key", "rsa2048", false},
        {"a curve that signs", "p256", false},
        {"ECDH's id", "ecdh-x25519", false},
        {"EdDSA", "ed25519", false},
        {"empty", "", false},
    };
    for (const auto& c : cases) EXPECT_EQ(kem_table_id(c.input), c.want) << c.name;
}
