// Issue 31, items 9, 10, 11, 12, 17, 23: one rule for machine names and run
// labels wherever they enter (import, --machine, rename, edit, run, bundles),
// outputs that never print a name's escapes raw, and machine commands that
// check inside their write.
#include <sqlite3.h>

#include <nlohmann/json.hpp>

#include "cli_support.h"

using namespace speedlab::testing;

namespace {
class Names : public Cli {
  protected:
    void SetUp() override {
        Cli::SetUp();
        auto r = run("import " + fixture_path("seed000-redhat73-pcem.txt") + " " +
                     fixture_path("seed004-athlon-p3.txt"));
        ASSERT_EQ(r.code, 0) << r.err;
    }
    // A shell command line run by bash (for $'...' words), --db added.
    Result bash(const std::string& args) const {
        std::string script = (dir / "cmd.sh").string();
        std::ofstream(script) << SPEEDLAB_BINARY << " --db " << db() << " " << args << "\n";
        return run_script(script);
    }
    Result run_script(const std::string& script) const {
        std::string out = (dir / "out.txt").string(), err = (dir / "err.txt").string();
        int status =
            std::system(("bash " + script + " >" + out + " 2>" + err + " </dev/null").c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
    }
    std::string json(const std::string& args) const {
        auto r = run(args);
        EXPECT_EQ(r.code, 0) << args << ": " << r.err;
        return r.out;
    }
    // Writes SQL into the store as an older speedlab (or another tool) might have.
    void sql(const std::string& statement) const {
        sqlite3* h = nullptr;
        ASSERT_EQ(sqlite3_open(db().c_str(), &h), SQLITE_OK);
        EXPECT_EQ(sqlite3_exec(h, statement.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
            << sqlite3_errmsg(h);
        sqlite3_close(h);
    }
};

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}
}  // namespace

// Every way a name or label enters refuses what the rule refuses, exit 2,
// saying what is wrong, and changes nothing.
TEST_F(Names, EveryEntryRefusesWhatTheRuleRefuses) {
    std::string seed = fixture_path("seed004-athlon-p3.txt");
    std::string before = json("list --format json");
    struct Case {
        std::string name, args, want;
    } cases[] = {
        {"import: newline", "import --again " + seed + " --machine $'a\\nb'",
         "control character U+000A"},
        {"import: tab", "import --again " + seed + " --machine $'a\\tb'", "U+0009"},
        {"import: escape and bell", "import --again " + seed + " --machine $'ev\\e]0;x\\ail'",
         "U+001B"},
        {"import: nothing", "import --again " + seed + " --machine ''", "found nothing"},
        {"import: blank", "import --again " + seed + " --machine '   '", "found nothing"},
        {"import: one run's name", "import --again " + seed + " --machine $'1=a\\tb'",
         "run 1: expected a name"},
        {"import: too long", "import --again " + seed + " --machine " + std::string(101, 'x'),
         "at most 100 characters, found 101"},
        {"import: label $(...)", "import --again " + seed + " --label '$(touch x)'", "found '$'"},
        {"import: label ;", "import --again " + seed + " --label 'x;id'", "found ';'"},
        {"import: label <", "import --again " + seed + " --label '<script>'", "found '<'"},
        {"import: label ,", "import --again " + seed + " --label 'a,b'", "found ','"},
        {"rename: blank", "machine rename tilia '  '", "found nothing"},
        {"rename: U+0085", "machine rename tilia $'x\\u0085'", "control character U+0085"},
        {"rename: U+202E", "machine rename tilia $'\\u202ex'", "invisible character U+202E"},
        {"rename: U+200B", "machine rename tilia $'x\\u200b'", "invisible character U+200B"},
        {"rename: too long", "machine rename tilia " + std::string(250, 'x'),
         "at most 100 characters"},
        {"edit: label $(...)", "edit 1 --label '$(touch x)'", "found '$'"},
        {"edit: label ;", "edit 1 --label 'x;id'", "found ';'"},
        {"edit: label <script>", "edit 1 --label '<script>'", "found '<'"},
        {"edit: label ,", "edit 1 --label 'a,b'", "found ','"},
        {"edit: machine bidi", "edit 1 --machine $'a\\u2066b'", "U+2066"},
        {"edit: machine too long", "edit 1 --machine " + std::string(101, 'y'), "at most 100"},
        {"run: label", "run md5 --seconds 0.01 --bytes 16 --label 'a,b'", "found ','"},
        {"run: machine", "run md5 --seconds 0.01 --bytes 16 --machine $'a\\nb'", "U+000A"},
        {"check: label", "check 1 --label 'x;id'", "found ';'"},
        {"experiment: label", "experiment features md5 --label '<b>'", "found '<'"},
    };
    for (const auto& c : cases) {
        auto r = bash(c.args);
        EXPECT_EQ(r.code, 2) << c.name << ": " << r.err;
        EXPECT_TRUE(has(r.err, c.want)) << c.name << ": " << r.err;
        EXPECT_FALSE(has(r.err, "\x1b")) << c.name;
    }
    EXPECT_EQ(json("list --format json"), before);
    EXPECT_FALSE(std::filesystem::exists("x"));
}

// What import refuses, edit refuses, and what one takes the other takes.
TEST_F(Names, EditTakesExactlyTheLabelsImportTakes) {
    std::string seed = fixture_path("seed004-athlon-p3.txt");
    for (std::string label :
         {"=HYPERLINK(x)", "tilia rh73 0.9.6b #2", "p/q: r+s (t)", "\xe6\xb5\x8b\xe8\xaf\x95"}) {
        auto imported = run("import --again --label '" + label + "' " + seed);
        EXPECT_EQ(imported.code, 0) << label << ": " << imported.err;
        auto edited = run("edit 1 --label '" + label + "'");
        EXPECT_EQ(edited.code, 0) << label << ": " << edited.err;
    }
}

// Names are stored trimmed; a rename to a padded name takes the name inside.
TEST_F(Names, PaddedNamesAreStoredTrimmed) {
    auto r = run("machine rename tilia '  linden  '");
    ASSERT_EQ(r.code, 0) << r.err;
    auto machines = nlohmann::json::parse(json("machines --format json"));
    bool found = false;
    for (const auto& m : machines) found |= m["name"] == "linden";
    EXPECT_TRUE(found) << machines.dump();
    ASSERT_EQ(run("edit 1 --label ' spaced ' --machine ' box '").code, 0);
    auto one = nlohmann::json::parse(json("show 1 --format json"));
    EXPECT_EQ(one["label"], "spaced");
    EXPECT_EQ(one["machine"]["label"], "box");
}

// A shell prompt carrying a terminal title escape names no machine with escapes.
TEST_F(Names, NamesFromImportedTextHoldNoEscapes) {
    std::string text =
        "root@ev\x1b]0;pwn\ail:~# openssl speed md5\n"
        "Doing md5 for 3s on 16 size blocks: 1000000 md5's in 3.00s\n"
        "OpenSSL 1.1.1 11 Sep 2018\n"
        "type 16 bytes\n"
        "md5 5333.33k\n";
    std::string file = (dir / "prompt.txt").string();
    std::ofstream(file, std::ios::binary) << text;
    auto r = run("import " + file);
    ASSERT_EQ(r.code, 0) << r.err;
    for (const auto& m : nlohmann::json::parse(json("machines --format json"))) {
        std::string name = m["name"];
        for (char c : name) EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20 || c == 0x7f) << name;
        EXPECT_LE(name.size(), 100u);
    }
    EXPECT_FALSE(has(json("list --format json"), "\\u001b"));
}

// A store written before the rule (or by hand) still prints no escape on a
// terminal: list, show, machines, compare text and markdown, check, errors.
TEST_F(Names, OutputsPrintNoEscapesOfStoredNames) {
    sql("UPDATE machines SET label = 'ev' || char(27) || '[31mil' || char(8238) || 'x', "
        "facts_json = json_set(facts_json, '$.label', 'ev' || char(27) || '[31mil' || "
        "char(8238) || 'x')");
    sql("UPDATE runs SET label = 'lab' || char(27) || ']0;t' || char(7) || 'el' WHERE id = 1");
    for (std::string args :
         {"list", "show 1", "machines", "compare 1 2", "compare 1 2 --format markdown",
          "compare 1 2 --format html", "compare 1 2 --side-by-side", "check 1 2",
          "compare 1 nosuchrun", "machine rename nosuch x", "machines --format csv",
          "bogomips --explain 10"}) {
        auto r = run(args);
        EXPECT_FALSE(has(r.out, "\x1b") || has(r.err, "\x1b")) << args;
        EXPECT_FALSE(has(r.out, "\xe2\x80\xae") || has(r.err, "\xe2\x80\xae")) << args;
    }
    // compare names runs by their labels (issue 33): the label, made safe.
    EXPECT_TRUE(has(run("compare 1 2").out, "lab?]0;t?el")) << run("compare 1 2").out;
}

// A bundle's label or machine name passes the same rule (65: input refused whole).
TEST_F(Names, BundlesFollowTheRule) {
    std::string seed = fixture_path("seed004-athlon-p3.txt");
    auto runs = nlohmann::json::parse(json("import --dry-run --format json " + seed));
    struct Case {
        std::string name, field, value, want;
    } cases[] = {
        {"label with a comma", "label", "a,b", "\"label\": expected a label without"},
        {"label of spaces", "label", "  ", "found nothing"},
        {"padded label", "label", " x ", "without spaces around it"},
        {"machine with a bidi control", "machine",
         "a\xe2\x80\xae"
         "b",
         "U+202E"},
        {"machine too long", "machine", std::string(101, 'm'), "at most 100"},
    };
    for (const auto& c : cases) {
        auto bundle = nlohmann::json::array({runs[0]});
        if (c.field == "label")
            bundle[0]["label"] = c.value;
        else
            bundle[0]["machine"]["label"] = c.value;
        std::string file = (dir / "bundle.json").string();
        std::ofstream(file) << bundle.dump();
        auto r = run("import --again " + file);
        EXPECT_EQ(r.code, 65) << c.name << ": " << r.err;
        EXPECT_TRUE(has(r.err, c.want)) << c.name << ": " << r.err;
    }
}

// Labels made unique with " #N" stay within 100 characters.
TEST_F(Names, UniqueLabelsStayWithinTheLimit) {
    std::string seed = fixture_path("seed004-athlon-p3.txt");
    std::string label(100, 'l');
    ASSERT_EQ(run("import --again --label " + label + " " + seed).code, 0);
    ASSERT_EQ(run("import --again --label " + label + " " + seed).code, 0);
    for (const auto& r : nlohmann::json::parse(json("list --format json"))) {
        std::string l = r["label"];
        EXPECT_LE(l.size(), 100u) << l;
    }
}

// 9. An empty alias is not one of the machine's aliases.
TEST_F(Names, SplitRefusesAnEmptyAlias) {
    ASSERT_EQ(run("machine merge PCem p-rh73").code, 0);
    std::string before = json("machines --format json");
    auto r = run("machine split PCem ''");
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_TRUE(has(r.err, "'' is not one of PCem's aliases (p-rh73)")) << r.err;
    EXPECT_EQ(json("machines --format json"), before);
}

// 10. Of ten renames of one machine at once, one renames it; the others find
// it gone (exit 2), none reports work it did not do.
TEST_F(Names, ConcurrentRenamesCheckInsideTheWrite) {
    std::string script = (dir / "renames.sh").string();
    {
        std::ofstream s(script);
        for (int k = 0; k < 10; ++k)
            s << "(" << SPEEDLAB_BINARY << " --db " << db() << " machine rename tilia t" << k
              << " >" << (dir / ("o" + std::to_string(k))).string() << " 2>"
              << (dir / ("e" + std::to_string(k))).string() << "; echo $? >"
              << (dir / ("c" + std::to_string(k))).string() << ") &\n";
        s << "wait\n";
    }
    run_script(script);
    int renamed = 0, refused = 0;
    for (int k = 0; k < 10; ++k) {
        std::string code = slurp((dir / ("c" + std::to_string(k))).string());
        std::string err = slurp((dir / ("e" + std::to_string(k))).string());
        if (code == "0\n") {
            ++renamed;
            EXPECT_TRUE(
                has(slurp((dir / ("o" + std::to_string(k))).string()), "renamed 1 machine"));
        } else {
            EXPECT_EQ(code, "2\n") << err;
            EXPECT_TRUE(has(err, "no machine 'tilia'")) << err;
            ++refused;
        }
    }
    EXPECT_EQ(renamed, 1);
    EXPECT_EQ(refused, 9);
}
