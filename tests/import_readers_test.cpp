// The import pipeline's table of readers (src/import/reader.h), each on a
// real file of its kind from tests/data/corpus (README.md there cites each):
// which reader takes the file, and hand-checked figures at their algorithm
// and size; files that are not openssl speed results give nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>

#include "import/labels.h"
#include "import/pipeline.h"
#include "import/reader.h"
#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

struct Want {
    const char* name;
    const char* file;
    const char* reader;
    size_t run;
    const char* algorithm;
    int64_t size;
    double value;  // bytes/s
};

}  // namespace

TEST(ImportReaders, EachReaderGivesItsFilesFiguresAtTheirAlgorithmAndSize) {
    const Want wants[] = {
        // sc-inspector's raw `openssl speed -mr -multi 2` output: the parent's +F sums.
        {"raw -mr -multi, first sum", "060-sc-inspector-mr-multi2-e2-medium-stdout.txt",
         "openssl -mr sections", 0, "blake2b512", 16, 33909072.00},
        {"raw -mr -multi, an -evp cipher", "060-sc-inspector-mr-multi2-e2-medium-stdout.txt",
         "openssl -mr sections", 0, "aes-256-cbc", 16384, 695003818.66},
        {"raw -mr -multi, last section", "060-sc-inspector-mr-multi2-e2-medium-stdout.txt",
         "openssl -mr sections", 0, "sm4-cbc", 8192, 77324288.00},
        // Its parsed JSON: algo, block_size, speed in bytes/s.
        {"parsed JSON, a digest", "061-sc-inspector-parsed-e2-medium.json", "columns", 0,
         "blake2b512", 64, 82972484.21},
        {"parsed JSON, upper-case EVP name", "061-sc-inspector-parsed-e2-medium.json", "columns", 0,
         "aes-256-cbc", 16, 268854122.67},
        {"parsed JSON, last row", "061-sc-inspector-parsed-e2-medium.json", "columns", 0, "sm4-cbc",
         16384, 77261482.67},
        // VirtualClient's metrics: the average, KB/sec as openssl's k.
        {"metrics, first rows' cipher at 16",
         "062-virtualclient-openssl-metrics-kb-sec-min-max-avg.md", "metrics", 0, "aes-128-cbc", 16,
         603386.664074074e3},
        {"metrics, a digest at 16384", "062-virtualclient-openssl-metrics-kb-sec-min-max-avg.md",
         "metrics", 0, "sha512", 16384, 643126.89e3},
        {"metrics, des-ede3", "062-virtualclient-openssl-metrics-kb-sec-min-max-avg.md", "metrics",
         0, "des-ede3", 64, 28784.202222222222e3},
        // A harness's wide CSV: a column per block size (16b ... 16384b), no
        // unit written, so openssl's own k; one run per os and version.
        {"wide CSV, first cell", "120-openssl-fips-harness-results-csv-wide-size-columns-k.csv",
         "columns", 0, "aes-256-gcm", 16, 41585.44e3},
        {"wide CSV, second run", "120-openssl-fips-harness-results-csv-wide-size-columns-k.csv",
         "columns", 1, "sha256", 16, 54451.26e3},
        {"wide CSV, a middle column",
         "120-openssl-fips-harness-results-csv-wide-size-columns-k.csv", "columns", 2, "sha512",
         1024, 645293.51e3},
        {"wide CSV, last cell", "120-openssl-fips-harness-results-csv-wide-size-columns-k.csv",
         "columns", 3, "sha3-256", 16384, 511123.46e3},
    };
    for (const auto& w : wants) {
        SCOPED_TRACE(w.name);
        auto found = read_corpus(w.file);
        EXPECT_EQ(found.reader, w.reader);
        ASSERT_TRUE(found.read.refused.empty()) << found.read.refused;
        ASSERT_GT(found.read.runs.size(), w.run);
        const speedlab::Run& run = found.read.runs[w.run];
        const Measurement* m = run.find(w.algorithm, Operation::throughput, w.size);
        ASSERT_NE(m, nullptr) << w.algorithm << "@" << w.size;
        EXPECT_NEAR(m->value, w.value, std::max(w.value * 1e-9, 0.01));
    }
}

TEST(ImportReaders, TheFilesKeepWhatTheySayOfTheRun) {
    auto multi = read_corpus("060-sc-inspector-mr-multi2-e2-medium-stdout.txt").read.runs.at(0);
    EXPECT_EQ(multi.processes, 2);
    EXPECT_EQ(multi.measurements.size(), 66u);  // 11 sections of 6 sizes, one run
    EXPECT_EQ(multi.sources.at(0).first_line, 2);
    const Measurement* sha256 = multi.find("sha256", Operation::throughput, 16);
    ASSERT_NE(sha256, nullptr);
    EXPECT_EQ(sha256->samples, (std::vector<double>{9418981.33, 9256794.67}));  // per child

    auto metrics = read_corpus("062-virtualclient-openssl-metrics-kb-sec-min-max-avg.md").read.runs;
    ASSERT_EQ(metrics.size(), 1u);
    EXPECT_EQ(metrics[0].measurements.size(), 66u);  // 11 algorithms x 6 sizes
    bool said = false;
    for (const auto& n : metrics[0].notes)
        said |=
            n == "aes-128-cbc@16: min 4.80032e+08, max 6.26317e+08, average 6.03387e+08 (stored)";
    EXPECT_TRUE(said);

    auto parsed = read_corpus("061-sc-inspector-parsed-e2-medium.json").read.runs;
    ASSERT_EQ(parsed.size(), 1u);
    EXPECT_EQ(parsed[0].measurements.size(), 66u);
}

// A wide table's block-size columns as harnesses name them; a unit named in
// them counts, and columns of years or counts are no sizes.
TEST(ImportReaders, WideColumnsAreBlockSizesByTheirNames) {
    struct Case {
        const char* name;
        const char* text;
        const char* reader;
        double md5_at_64;  // bytes/s; 0: nothing read
    };
    const Case cases[] = {
        {"sizes with b", "algorithm,16b,64b\nmd5,100.50,200.25\n", "columns", 200.25e3},
        {"sizes in bytes, unit in the header",
         "cipher;16 bytes (MB/s);64 bytes (MB/s)\nmd5;1.5;2.5\n", "columns", 2.5e6},
        {"openssl's k in the cells", "algo\t16-byte\t64-byte\nmd5\t100.00k\t300.00k\n", "columns",
         300e3},
        {"years are no sizes", "algorithm,2019,2020\nmd5,1,2\n", "openssl speed text", 0},
        {"one size column is no wide table", "algorithm,64b\nmd5,5\n", "openssl speed text", 0},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        auto found = read_text("t.csv", c.text);
        EXPECT_EQ(found.reader, c.reader);
        if (c.md5_at_64 == 0) {
            EXPECT_TRUE(found.read.runs.empty());
            continue;
        }
        ASSERT_EQ(found.read.runs.size(), 1u);
        const Measurement* m = found.read.runs[0].find("md5", Operation::throughput, 64);
        ASSERT_NE(m, nullptr);
        EXPECT_DOUBLE_EQ(m->value, c.md5_at_64);
    }
    auto fips =
        read_corpus("120-openssl-fips-harness-results-csv-wide-size-columns-k.csv").read.runs;
    ASSERT_EQ(fips.size(), 4u);
    EXPECT_EQ(fips[1].machine->distribution, "debian");
    EXPECT_EQ(fips[1].version, "3.0.18");
    EXPECT_EQ(fips[1].measurements.size(), 24u);
    std::deque<speedlab::Run> named(fips.begin(), fips.end());
    import::readable_labels(named);
    std::vector<std::string> labels;
    for (const auto& r : named) labels.push_back(r.label);
    EXPECT_EQ(labels, (std::vector<std::string>{"fips 3.5.5", "debian 3.0.18", "alpine 3.5.5",
                                                "ubuntu 3.0.13"}))
        << "an os column's one-word names label the runs";
}

// Files that are not openssl speed results: nothing is imported from them,
// whichever reader they reach.
TEST(ImportReaders, FilesOfOtherBenchmarksGiveNothing) {
    struct Case {
        const char* name;
        const char* file;
        const char* reader;
    };
    for (const Case& c : {
             Case{"openssl s_time", "065-NEGATIVE-virtualclient-openssl-s_time.txt",
                  "openssl speed text"},
             Case{"Geekbench JSON", "066-NEGATIVE-sc-inspector-geekbench-results.json", "bundle"},
             Case{"stress-ng CSV", "067-NEGATIVE-sc-inspector-stressng-parsed-first-30-lines.csv",
                  "openssl speed text"},
         }) {
        SCOPED_TRACE(c.name);
        auto found = read_corpus(c.file);
        EXPECT_EQ(found.reader, c.reader);
        EXPECT_TRUE(found.read.runs.empty());
        EXPECT_FALSE(found.read.refused.empty());
    }
}

// Sniffing: {name, input, want} for the first bytes of each kind.
TEST(ImportReaders, EachKindIsToldByItsFirstBytes) {
    struct Case {
        const char* name;
        std::string input;
        const char* want;
    };
    const Case cases[] = {
        {"CSV with a unit in the rate's name", "algorithm,block_size,kB/s\nmd5,16,1000\n",
         "columns"},
        {"TSV", "algo\tbytes\tMB/s\nsha1\t64\t12.5\n", "columns"},
        {"CSV of operations per second", "algorithm,operation,ops/s\nrsa2048,sign,1475.0\n",
         "columns"},
        {"CSV without a rate column", "algorithm,block_size,note\nmd5,16,fast\n",
         "openssl speed text"},
        {"CSV of bits per second is no rate here", "algo,size,throughput_bps\nmd5,16,1\n",
         "openssl speed text"},
        {"a bare speed without sizes", "algo,speed\nmd5,1000\n", "openssl speed text"},
        {"JSON rows", "[{\"algorithm\": \"md5\", \"size\": 16, \"bytes_per_s\": 1.0}]", "columns"},
        {"JSON rows under a key",
         "{\"results\": [{\"algo\": \"md5\", \"block_size\": 16, "
         "\"speed\": 1.0}]}",
         "columns"},
        {"a bundle", "{\"format\": \"speedlab-bundle\", \"version\": 1, \"runs\": []}", "bundle"},
        {"runs as JSON", "[{\"id\": 1, \"label\": \"x\", \"measurements\": []}]", "bundle"},
        {"metrics rows",
         "| md5 16-byte | 1 | 2 | 1.5 | KB/sec |\n| md5 64-byte | 1 | 2 | 1.5 | "
         "KB/sec |\n",
         "metrics"},
        {"one metrics row is not a file of them", "| md5 16-byte | 1 | 2 | 1.5 | KB/sec |\n",
         "openssl speed text"},
        {"openssl's table", "type 16 bytes\nmd5 1.00k\n", "openssl speed text"},
        {"JSON keyed by figure",
         "[{\"version\": \"3.0.15\", \"metrics\": {\"md5_16_kbs\": 1.5, "
         "\"rsa_2048_sign_per_sec\": 8100}}]",
         "metric keys"},
        {"JSON with one figure key is a bundle's", "{\"md5_16_kbs\": 1.5, \"runs\": []}", "bundle"},
        {"result lines", "rsa2048-sign pass 8715.5 sign/s\nmd5-16 pass 1234 bytes/s\n",
         "result lines"},
        {"a failed result gives none", "rsa2048-sign fail 8715.5 sign/s\nmd5-16 fail 1 bytes/s\n",
         "openssl speed text"},
        {"the unit must fit the figure", "rsa2048-sign pass 1 bytes/s\nmd5-16 pass 1 sign/s\n",
         "openssl speed text"},
    };
    for (const auto& c : cases) EXPECT_EQ(import::reader_for(c.input).name, c.want) << c.name;
}

// A CSV header longer than the bytes sniffed: its first kSniffBytes name
// columns ("alg"), the whole line does not ("algorithm_x"); refused at its
// line, not read through columns that were never found.
TEST(ImportReaders, AHeaderCutByTheSniffIsReadWhole) {
    std::string header = "speed,size,";
    header.append(import::kSniffBytes - 4 - header.size(), 'x');
    header += ",algorithm_x";
    ASSERT_TRUE(header.substr(0, import::kSniffBytes).ends_with(",alg"));
    auto found = read_text("t.csv", header + "\nmd5,16,1000\n");
    EXPECT_EQ(found.reader, "columns");
    EXPECT_TRUE(found.read.runs.empty());
    EXPECT_EQ(found.read.refused,
              "t.csv:1: expected a header naming an algorithm and a rate column");
}

// A metrics row whose average is no rate (a sign, a zero) is a warning at its
// line; the other rows are read (found by the fuzz target).
TEST(ImportReaders, AMetricsRowAveragingNoRateIsLeftOutWithItsLine) {
    const std::string text =
        "| md5 16-byte | 1 | 2 | 1.5 | KB/sec |\n"
        "| md5 64-byte | 1 | 2 |-648852.69 | KB/sec |\n"
        "| md5 256-byte | 1 | 2 | 0 | KB/sec |\n";
    auto found = read_text("m.md", text);
    ASSERT_EQ(found.reader, "metrics");
    const import::Read& read = found.read;
    ASSERT_EQ(read.runs.size(), 1u);
    ASSERT_EQ(read.runs[0].measurements.size(), 1u);
    EXPECT_EQ(read.runs[0].measurements[0].algorithm, "md5");
    EXPECT_EQ(read.runs[0].measurements[0].parameter, 16);
    EXPECT_DOUBLE_EQ(read.runs[0].measurements[0].value, 1500);
    ASSERT_EQ(read.unused_lines, 2u);
    EXPECT_NE(read.diagnostics.at(0).find(
                  "m.md:2: warning: not used: 'md5' at 64 bytes averages -648852.69"),
              std::string::npos)
        << read.diagnostics.at(0);
}

// Rows of a columns file that give no figure are warnings at their line;
// the figures of the others are read at their operation.
TEST(ImportReaders, ColumnsRowsAtTheirOperation) {
    struct Case {
        const char* name;
        std::string input;
        const char* algorithm;
        Operation op;
        int64_t size;
        double want;
    };
    const Case cases[] = {
        {"kB/s is 1000 bytes", "algorithm,block_size,kB/s\nmd5,16,1000.5\n", "md5",
         Operation::throughput, 16, 1000500},
        {"MB/s, TSV", "algo\tbytes\tMB/s\nsha1\t64\t12.5\n", "sha1", Operation::throughput, 64,
         12.5e6},
        {"ops/s of a public key with its operation",
         "algorithm,operation,ops/s\nrsa2048,sign,1475.0\n", "rsa2048", Operation::sign, 0, 1475},
        {"verify/s names the operation", "algorithm,verify/s\nrsa2048,49326.0\n", "rsa2048",
         Operation::verify, 0, 49326},
        {"ops/s of a block size are bytes", "algorithm,block_size,ops/s\nmd5,64,1000\n", "md5",
         Operation::throughput, 64, 64000},
        {"a row of prose is left out", "algo,size,bytes/s\nhello world,16,1\nmd5,16,2\n", "md5",
         Operation::throughput, 16, 2},
    };
    import::Options options;
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        import::Input input{
            .name = "t.csv", .text = std::make_shared<std::string>(c.input), .options = &options};
        auto read = import::read_columns(input);
        ASSERT_TRUE(read.refused.empty()) << read.refused;
        ASSERT_EQ(read.runs.size(), 1u);
        const Measurement* m = read.runs[0].find(c.algorithm, c.op, c.size);
        ASSERT_NE(m, nullptr);
        EXPECT_DOUBLE_EQ(m->value, c.want);
    }
}

// A harness's public-key table: one column per operation ("sign/s",
// "verify/s", "keygens/s", "encaps/s"), the key in words or beside a bits
// column; every column a figure of its own operation, none left out.
TEST(ImportReaders, ColumnsOfSeveralOperationsGiveAFigureEach) {
    struct Figure {
        const char* algorithm;
        Operation op;
        double value;
    };
    struct Case {
        const char* name;
        std::string input;
        std::vector<Figure> want;
    };
    const Case cases[] = {
        {"sign and verify of a key's own id",
         "algorithm,sign/s,verify/s\nrsa2048,1234.5,45678.9\n",
         {{"rsa2048", Operation::sign, 1234.5}, {"rsa2048", Operation::verify, 45678.9}}},
        {"a bits column beside the family",
         "algorithm,bits,sign/s,verify/s,keygens/s\nrsa,2048,1234.5,45678.9,12.3\ndsa,2048,100.5,"
         "90.1,\n",
         {{"rsa2048", Operation::sign, 1234.5},
          {"rsa2048", Operation::verify, 45678.9},
          {"rsa2048", Operation::keygen, 12.3},
          {"dsa2048", Operation::sign, 100.5},
          {"dsa2048", Operation::verify, 90.1}}},
        {"curves by name or by bits",
         "alg,sign/s,verify/s\nECDSA P-256,23456.1,7890.2\necdsa (nistp384),123.4,567.8\n",
         {{"ecdsa-p256", Operation::sign, 23456.1},
          {"ecdsa-p256", Operation::verify, 7890.2},
          {"ecdsa-p384", Operation::sign, 123.4},
          {"ecdsa-p384", Operation::verify, 567.8}}},
        {"plural words as a report types them",
         "algorithm,signs/s,verifies/s\nrsa2048,1234.5,45678.9\n",
         {{"rsa2048", Operation::sign, 1234.5}, {"rsa2048", Operation::verify, 45678.9}}},
        {"a KEM's three operations",
         "algorithm,keygens/s,encaps/s,decaps/s\nML-KEM-768,45678.1,40000.2,35000.3\n",
         {{"ml-kem-768", Operation::keygen, 45678.1},
          {"ml-kem-768", Operation::encaps, 40000.2},
          {"ml-kem-768", Operation::decaps, 35000.3}}},
    };
    import::Options options;
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        import::Input input{
            .name = "t.csv", .text = std::make_shared<std::string>(c.input), .options = &options};
        auto read = import::read_columns(input);
        ASSERT_TRUE(read.refused.empty()) << read.refused;
        ASSERT_EQ(read.runs.size(), 1u);
        EXPECT_EQ(read.runs[0].measurements.size(), c.want.size());
        for (const auto& f : c.want) {
            const Measurement* m = read.runs[0].find(f.algorithm, f.op, 0);
            ASSERT_NE(m, nullptr) << f.algorithm << " " << to_string(f.op);
            EXPECT_DOUBLE_EQ(m->value, f.value);
        }
    }
}

// Runs of one machine and version are told apart by the mark their reader
// gave them, where they were "run" and "run #2": rows marked SW and AF, a
// harness CSV's program column.
TEST(ImportReaders, RunsOfOneBaseLabelKeepTheirReadersMark) {
    struct Case {
        const char* file;
        std::vector<std::string> want;
    };
    const Case cases[] = {
        {"012-af-alg-engine-sw-vs-af-prefixed-rows.txt", {"run SW", "run AF"}},
        {"154-other-program-in-openssl-layout-under-its-prompt-fenced-harness-csv.md",
         {"run openssl-no-ext", "run openssl"}},
        {"120-openssl-fips-harness-results-csv-wide-size-columns-k.csv",
         {"fips 3.5.5", "debian 3.0.18", "alpine 3.5.5", "ubuntu 3.0.13"}},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.file);
        auto runs = read_corpus(c.file).read.runs;
        std::deque<speedlab::Run> named(runs.begin(), runs.end());
        import::readable_labels(named);
        std::vector<std::string> labels;
        for (const auto& r : named) labels.push_back(r.label);
        EXPECT_EQ(labels, c.want);
    }
}

// Found by fuzzing (issue 34): 50,000 runs of one base label (a Phoronix bar
// each) are labelled from one count per base, not compared pair by pair.
TEST(ImportReaders, ManyRunsOfOneBaseAreLabelledWithoutComparingEachPair) {
    std::deque<speedlab::Run> runs(50000);
    for (size_t k = 0; k < runs.size(); ++k) runs[k].label = "m" + std::to_string(k);
    runs[1].compiler = "gcc -DOPENSSL_BN_ASM_MONT";
    import::readable_labels(runs);
    EXPECT_EQ(runs[0].label, "run m0");
    EXPECT_EQ(runs[1].label, "run asm m1") << "its build tells it from the others";
    EXPECT_EQ(runs.back().label, "run m49999");
}
