// Phoronix Test Suite's result file (issue 34, round ten's kind 39): the
// `composite.xml` of tests/data/corpus 271 (README.md there cites it with its
// hand-checked figure), and the byte/s sizes the pts/openssl profiles read.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "import_support.h"

using namespace speedlab;
using namespace speedlab::testing;

namespace {

constexpr const char* kComposite =
    "271-phoronix-composite-xml-pts-openssl-rsa-4096-signs-per-second-rawstring-samples-among-"
    "other-tests.xml";

// One <Result> of PROFILE in the shape of corpus 290's (its system, entry and
// trials), with the description and scale the profile's test-definition.xml
// and results-definition.xml give.
std::string one_result(const std::string& profile, const std::string& description,
                       const std::string& scale, const std::string& value) {
    return "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n  <System>\n"
           "    <Identifier>ARMv7 rev 3</Identifier>\n  </System>\n  <Result>\n"
           "    <Identifier>" +
           profile + "</Identifier>\n    <Title>OpenSSL</Title>\n    <Description>" + description +
           "</Description>\n    <Scale>" + scale +
           "</Scale>\n    <Data>\n      <Entry>\n        <Identifier>ARMv7 rev 3</Identifier>\n"
           "        <Value>" +
           value + "</Value>\n        <RawString>" + value + ":" + value +
           "</RawString>\n      </Entry>\n    </Data>\n  </Result>\n</PhoronixTestSuite>\n";
}

struct SizeWant {
    const char* name;
    const char* profile;
    const char* description;
    const char* scale;
    const char* algorithm;  // empty: no figure, a warning at the result's line
    Operation op;
    int64_t size;
};

}  // namespace

// The one pts/openssl result among Rodinia, 7-Zip, kernel build and Sysbench
// results: rsa4096 signs per second, the mean stored, the three trials as samples.
TEST(ImportResultXml, CompositeXmlGivesItsOpensslResultWithItsTrials) {
    auto found = read_corpus(kComposite);
    EXPECT_EQ(found.reader, "phoronix result xml");
    ASSERT_EQ(found.read.runs.size(), 1u);
    const auto& run = found.read.runs[0];
    ASSERT_EQ(run.measurements.size(), 1u);
    const Measurement* m = expect_figure(found.read, 0, "rsa4096", Operation::sign, 0, 97.27);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->samples, (std::vector<double>{97.1, 97.4, 97.3}));
    EXPECT_DOUBLE_EQ(m->printed_step, 0.01);
    EXPECT_EQ(run.version, "OpenSSL 1.1.1");
    EXPECT_EQ(run.label, "ARMv7 rev 3");
    EXPECT_EQ(run.machine->label, "ARMv7 rev 3");
    EXPECT_EQ(run.machine->cpu_name, "ARMv7 rev 3 @ 1.50GHz (4 Cores)");
    EXPECT_EQ(run.machine->distribution, "Raspbian 10");
    EXPECT_EQ(run.machine->kernel_release, "5.4.72-v7l+");
    EXPECT_EQ(run.machine->architecture, "armv7l");
    ASSERT_EQ(run.sources.size(), 1u);
    EXPECT_EQ(run.sources[0].first_line, 93);  // the result's <Result>
    EXPECT_EQ(run.sources[0].last_line, 106);  // its entry's <RawString>
    // pts/openssl runs `openssl speed -multi $NUM_CPU_CORES`: 4 processes' sum.
    EXPECT_EQ(run.processes, 4);
    EXPECT_EQ(run.timing, Timing::wall);
    EXPECT_EQ(run.machine->cpu_count, 4);
}

// A system whose processor string states no core count: the figure is still
// one process per core summed, and the run says the count is not known.
TEST(ImportResultXml, ACoreCountNotStatedIsSaid) {
    auto found = read_text("pts.xml",
                           one_result("pts/openssl-3.0.1", "Algorithm: RSA4096", "sign/s", "5000"));
    ASSERT_EQ(found.read.runs.size(), 1u);
    const auto& run = found.read.runs[0];
    EXPECT_EQ(run.processes, 1);
    EXPECT_EQ(run.timing, Timing::wall);
    EXPECT_TRUE(std::any_of(run.notes.begin(), run.notes.end(), [](const std::string& n) {
        return n.find("how many processes were summed is not known") != std::string::npos;
    }));
}

// The same student's earlier result file, Rodinia and 7-Zip only (corpus
// 273): read by this reader, nothing imported, and a line saying why.
TEST(ImportResultXml, AResultFileWithoutAnOpensslResultGivesNothing) {
    auto found =
        read_corpus("273-NEGATIVE-phoronix-active-xml-rodinia-7zip-results-no-openssl-result.xml");
    EXPECT_EQ(found.reader, "phoronix result xml");
    EXPECT_TRUE(found.read.runs.empty());
    EXPECT_NE(found.read.refused.find(":1: a Phoronix Test Suite result file, but no pts/openssl"),
              std::string::npos)
        << found.read.refused;
}

// A byte/s result at the column its profile's results-definition.xml reads;
// refused where the file names no profile whose column is known.
TEST(ImportResultXml, ByteRatesAtTheirProfilesColumnOrRefused) {
    using enum Operation;
    const SizeWant wants[] = {
        {"3.0.1 sha256: the third column", "pts/openssl-3.0.1", "Algorithm: SHA256", "byte/s",
         "sha256", throughput, 256},
        {"3.1.0 sha512", "pts/openssl-3.1.0", "Algorithm: SHA512", "byte/s", "sha512", throughput,
         256},
        {"3.3.0 AES-256-GCM: the fifth column", "pts/openssl-3.3.0", "Algorithm: AES-256-GCM",
         "byte/s", "aes-256-gcm", throughput, 8192},
        {"3.6.0 ChaCha20-Poly1305", "pts/openssl-3.6.0", "Algorithm: ChaCha20-Poly1305", "byte/s",
         "chacha20-poly1305", throughput, 8192},
        {"3.0.1 RSA4096 verify/s", "pts/openssl-3.0.1", "Algorithm: RSA4096", "verify/s", "rsa4096",
         verify, 0},
        {"3.0.0: its column not known", "pts/openssl-3.0.0", "Algorithm: SHA256", "byte/s", "",
         throughput, 0},
        {"no profile version", "pts/openssl", "Algorithm: SHA256", "byte/s", "", throughput, 0},
        {"3.0.1 offers no AES", "pts/openssl-3.0.1", "Algorithm: AES-128-GCM", "byte/s", "",
         throughput, 0},
        {"another test", "pts/sysbench-1.0.0", "Test: CPU", "Events Per Second", "", throughput, 0},
    };
    for (const auto& w : wants) {
        SCOPED_TRACE(w.name);
        auto found = read_text("pts.xml", one_result(w.profile, w.description, w.scale, "5000"));
        EXPECT_EQ(found.reader, "phoronix result xml");
        if (*w.algorithm == 0) {
            EXPECT_TRUE(found.read.runs.empty());
            EXPECT_TRUE(found.read.refused.starts_with("pts.xml:1: ")) << found.read.refused;
            continue;
        }
        expect_figure(found.read, 0, w.algorithm, w.op, w.size, 5000);
    }
    auto old =
        read_text("pts.xml", one_result("pts/openssl-3.0.0", "Algorithm: SHA256", "byte/s", "1"));
    ASSERT_EQ(old.read.diagnostics.size(), 1u);
    EXPECT_TRUE(old.read.diagnostics[0].starts_with("pts.xml:6: warning: not used:"))
        << old.read.diagnostics[0];
}

namespace {
class ResultXmlCli : public Cli {};
}  // namespace

// A result file cut inside a tag, or with a tag misspelt: an error at the
// line pugixml stopped at, exit 65, nothing stored.
TEST_F(ResultXmlCli, BadXmlIsRefusedAtItsLineAndNothingImported) {
    std::string text =
        one_result("pts/openssl-1.11.0", "RSA 4096-bit Performance", "Signs Per Second", "97.27");
    text.replace(text.find("</Entry>"), 8, "</Entyr>");
    std::string path = (dir / "composite.xml").string();
    std::ofstream(path) << text;
    auto r = run("import " + path);
    EXPECT_EQ(r.code, 65) << r.err;
    EXPECT_NE(r.err.find(path + ":16: not well-formed XML"), std::string::npos) << r.err;
    auto list = run("list --limit 0 --format json");
    ASSERT_EQ(list.code, 0) << list.err;
    EXPECT_EQ(nlohmann::json::parse(list.out).size(), 0u);
}
