// Issue 31, items 7, 24, 26 and 28: mistyped store locations never become
// SQLite files and every refusal says what is wrong; one number parser for
// percentages, seconds and counts; `check` against another machine, an
// ambiguous machine:PATTERN and a BogoMips-only baseline.
#include <map>
#include <nlohmann/json.hpp>

#include "cli_support.h"

using namespace speedlab::testing;

namespace {
bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string fmt_ids(int64_t baseline, int64_t candidate) {
    return "check " + std::to_string(baseline) + " " + std::to_string(candidate);
}

class Inputs : public Cli {
  protected:
    // speedlab run from the test's directory with its own --db (a shell word).
    Result in_dir(const std::string& db_word, const std::string& args) const {
        std::string out = (dir / "out.txt").string(), err = (dir / "err.txt").string();
        std::string cmd = "cd " + dir.string() + " && " + SPEEDLAB_BINARY + " --db " + db_word +
                          " " + args + " >" + out + " 2>" + err + " </dev/null";
        int status = std::system(cmd.c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
    }
    size_t entries() const {
        size_t n = 0;
        for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
            n += e.path().filename() != "out.txt" && e.path().filename() != "err.txt";
        return n;
    }
};
}  // namespace

// 7, 28. What starts with postgres and is no URL, a file: URI, a directory:
// exit 1 (2 for file:), what is wrong, and no file made.
TEST_F(Inputs, MistypedStoreLocationsSayWhatIsWrongAndCreateNothing) {
    struct Case {
        std::string name, db;
        int code;
        std::string want;
    } cases[] = {
        {"no colon", "'postgresql//h/db'", 1,
         "expected '://' after 'postgresql' (postgresql://USER@HOST/DB), found '//h'"},
        {"leading space", "' postgresql://u@/d?host=/x'", 1, "with white space around it"},
        {"space before the colon", "'postgresql ://x'", 1, "found ' :/'"},
        {"percent-encoded colon", "'postgresql%3A//x'", 1, "found '%3A'"},
        {"one slash", "'postgres:/x'", 1, "expected '://' after 'postgres'"},
        {"any case", "'POSTGRESQL:x'", 1, "expected '://' after 'POSTGRESQL'"},
        {"nothing after", "postgresql", 1, "expected '://' after 'postgresql'"},
        {"space inside", "'postgresql://u@h/d b'", 1, "no white space or control character"},
        {"file URI", "'file://x.db'", 2, "a file: URI, which speedlab does not read"},
        {"a directory", ".", 1, "it is a directory; give a file (./results.db)"},
    };
    size_t before = entries();
    for (const auto& c : cases) {
        auto r = in_dir(c.db, "machine rename a b");
        EXPECT_EQ(r.code, c.code) << c.name << ": " << r.err;
        EXPECT_TRUE(has(r.err, c.want)) << c.name << ": " << r.err;
        EXPECT_EQ(entries(), before) << c.name << ": a file was created";
    }
    // Names that only begin like it are files.
    for (std::string name : {"postgres.db", "postgresql-lab.db", "postgres_1.db"}) {
        auto r = in_dir(name, "machine rename a b");
        EXPECT_EQ(r.code, 2) << name << ": " << r.err;
        EXPECT_TRUE(has(r.err, "no machine 'a'")) << name << ": " << r.err;
        EXPECT_TRUE(std::filesystem::exists(dir / name)) << name;
    }
}

// 28. --listen to a host that has no address says so, not "Invalid argument".
TEST_F(Inputs, ListenToAnUnresolvableHostSaysSo) {
    auto r = run("serve --listen nosuch.invalid:8080");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_TRUE(has(r.err,
                    "cannot listen on nosuch.invalid:8080: the host 'nosuch.invalid' has "
                    "no address here"))
        << r.err;
    EXPECT_FALSE(has(r.err, "Invalid argument")) << r.err;
}

// 24. One parser: plain decimals, a percentage with or without '%', counts;
// no hexadecimal, exponent or empty value.
TEST_F(Inputs, NumbersAreReadOneWay) {
    ASSERT_EQ(run("import " + fixture_path("seed004-athlon-p3.txt")).code, 0);
    struct Case {
        std::string name, args;
        bool refused;
        std::string want;
    } cases[] = {
        {"hex threshold", "check 1 2 --threshold 0x10", true, "--threshold: expected a percentage"},
        {"hex float noise", "compare 1 2 --noise 0x1p3", true, "--noise: expected a percentage"},
        {"exponent noise", "compare 1 2 --noise 1e1", true, "--noise"},
        {"signed threshold", "check 1 2 --threshold +3", true, "--threshold"},
        {"empty threshold", "check 1 2 --threshold ''", true, "--threshold"},
        {"empty precision", "run md5 --precision ''", true, "--precision: expected a percentage"},
        {"hex precision", "run md5 --precision 0x1", true, "--precision"},
        {"empty multi", "run md5 --multi ''", true, "--multi: expected 1 to 1024 processes"},
        {"hex multi", "run md5 --multi 0x2", true, "--multi"},
        {"hex seconds", "run md5 --seconds 0x1", true,
         "seconds must be from 0.01 to 3600, not '0x1'"},
        {"threshold in percent", "check 1 2 --threshold 3%", false, ""},
        {"threshold plain", "check 1 2 --threshold 3", false, ""},
        {"noise in percent", "compare 1 2 --noise 5%", false, ""},
        {"noise with a point", "compare 1 2 --noise .5", false, ""},
    };
    for (const auto& c : cases) {
        auto r = run(c.args);
        if (c.refused) {
            EXPECT_EQ(r.code, 2) << c.name << ": " << r.err;
            EXPECT_TRUE(has(r.err, c.want)) << c.name << ": " << r.err;
        } else {
            EXPECT_NE(r.code, 2) << c.name << ": " << r.err;
        }
    }
    EXPECT_EQ(nlohmann::json::parse(run("list --format json").out).size(), 2u)
        << "nothing was measured";
}

// 26. check: another machine's baseline is a caveat; machine:PATTERN of several
// machines is refused with their names; a BogoMips-only baseline is refused
// before anything is measured.
TEST_F(Inputs, CheckSaysWhatItCompares) {
    auto r = run("import" + seed_paths());
    ASSERT_NE(r.code, 2) << r.err;
    auto runs = nlohmann::json::parse(run("list --format json --limit 0").out);
    std::map<std::string, int64_t> id_of_machine;
    int64_t bogomips = 0;
    for (const auto& j : runs) {
        if (j["measurements"] == 1 && has(j["label"], "bogomips"))
            bogomips = j["id"];
        else
            id_of_machine[j["machine"]] = j["id"];
    }
    ASSERT_TRUE(id_of_machine.count("tilia") && id_of_machine.count("p-rh73"));

    auto other = run(fmt_ids(id_of_machine["p-rh73"], id_of_machine["tilia"]));
    EXPECT_NE(other.code, 2) << other.err;
    EXPECT_TRUE(has(other.out,
                    "caveat: machines differ: the baseline is of p-rh73, the "
                    "candidate of tilia"))
        << other.out;
    auto json = run(fmt_ids(id_of_machine["p-rh73"], id_of_machine["tilia"]) + " --format json");
    EXPECT_TRUE(has(json.out, "machines differ")) << json.out;
    auto same = run(fmt_ids(id_of_machine["tilia"], id_of_machine["tilia"]));
    EXPECT_FALSE(has(same.out, "machines differ")) << same.out;

    auto ambiguous = run("check 'machine:p-*'");
    EXPECT_EQ(ambiguous.code, 2) << ambiguous.err;
    EXPECT_TRUE(has(ambiguous.err,
                    "'machine:p-*' matches 3 machines (p-mdk7.home, p-rh62, p-rh73); give one"))
        << ambiguous.err;

    ASSERT_NE(bogomips, 0);
    size_t stored = runs.size();
    auto only = run("check " + std::to_string(bogomips) + " --seconds 3");
    EXPECT_EQ(only.code, 2) << only.err;
    EXPECT_TRUE(has(only.err, "holds only BogoMips figures")) << only.err;
    EXPECT_EQ(nlohmann::json::parse(run("list --format json --limit 0").out).size(), stored)
        << "nothing measured, nothing stored";
}
