// Regression tests of issue 11: no input or fault loses data, damages an
// output target or the system. One test per reproduction, numbered as there.
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "bench/timer.h"
#include "cli_support.h"
#include "compare/check.h"
#include "report/units.h"
#include "store/database.h"

using namespace speedlab::testing;

namespace {
class Robustness : public Cli {
  protected:
    void import_seed(const std::string& name, const std::string& extra = "") {
        auto r = run("import " + fixture_path(name) + " " + extra);
        ASSERT_EQ(r.code, 0) << r.err;
    }
    std::string path(const std::string& name) const { return (dir / name).string(); }
};

std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
    std::vector<std::vector<std::string>> rows(1, std::vector<std::string>(1));
    bool quoted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"')
                rows.back().back() += '"', ++i;
            else if (c == '"')
                quoted = false;
            else
                rows.back().back() += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            rows.back().emplace_back();
        } else if (c == '\n') {
            rows.emplace_back(1);
        } else {
            rows.back().back() += c;
        }
    }
    if (rows.back().size() == 1 && rows.back()[0].empty()) rows.pop_back();
    return rows;
}
}  // namespace

// 1. -o onto a device or FIFO writes into it and leaves it what it was.
TEST_F(Robustness, OutputOntoAFifoOrDeviceIsWrittenInPlace) {
    import_seed("seed004-athlon-p3.txt");
    std::string fifo = path("fifo");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    std::string got;
    std::thread reader([&] {
        std::ifstream in(fifo);
        got.assign(std::istreambuf_iterator<char>(in), {});
    });
    auto r = run("compare 1 2 -o " + fifo);
    reader.join();
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(got.find("dsa512.sign"), std::string::npos) << got;
    struct stat st {};
    ASSERT_EQ(lstat(fifo.c_str(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));
    if (mknod(path("null").c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0) {
        EXPECT_EQ(run("compare 1 2 -o " + path("null")).code, 0);
        ASSERT_EQ(lstat(path("null").c_str(), &st), 0);
        EXPECT_TRUE(S_ISCHR(st.st_mode)) << "the device node was replaced";
    }
}

// 2. A full disk (a file-size limit): exit 1, no "wrote", the old file intact.
TEST_F(Robustness, FullDiskFailsAndKeepsTheOldFile) {
    for (auto seed :
         {"seed000-redhat73-pcem.txt", "seed001-redhat62-pcem.txt", "seed002-mandrake72-pcem.txt"})
        import_seed(seed);
    { std::ofstream(path("report.html")) << "old"; }
    if (run("compare 1 2 3 4 5 --format html").out.size() < 40000)
        GTEST_SKIP() << "the report is smaller than the file-size limit";
    auto r =
        run("compare 1 2 3 4 5 --format html -o " + path("report.html"), "prlimit --fsize=40000");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_EQ(r.err.find("wrote"), std::string::npos);
    EXPECT_NE(r.err.find("File too large"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(path("report.html")), "old");
    for (const auto& e : std::filesystem::directory_iterator(dir))
        EXPECT_EQ(e.path().filename().string().find(".speedlab-"), std::string::npos)
            << "temporary left behind: " << e.path();
}

// 3. The temporary is fresh: a planted symlink is not followed; a directory
// target is refused with nothing left behind; a symlink target stays a symlink.
TEST_F(Robustness, TemporaryNeverFollowsASymlinkAndNothingIsLeftBehind) {
    import_seed("seed004-athlon-p3.txt");
    std::filesystem::create_symlink(path("victim"), path("out.csv.tmp"));
    EXPECT_EQ(run("compare 1 2 --format csv -o " + path("out.csv")).code, 0);
    EXPECT_FALSE(std::filesystem::exists(path("victim")));
    EXPECT_TRUE(std::filesystem::is_symlink(path("out.csv.tmp")));
    std::filesystem::create_directory(path("adir"));
    auto r = run("compare 1 2 -o " + path("adir"));
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("is a directory"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(path("adir.tmp")));
    std::filesystem::create_symlink(path("real.txt"), path("link.txt"));
    { std::ofstream(path("real.txt")) << "old"; }
    EXPECT_EQ(run("compare 1 2 -o " + path("link.txt")).code, 0);
    EXPECT_TRUE(std::filesystem::is_symlink(path("link.txt")));
    EXPECT_NE(slurp(path("real.txt")).find("dsa512.sign"), std::string::npos);
}

// 4. Invalid UTF-8 in the text and in names: every output format still works.
TEST_F(Robustness, InvalidUtf8IsStoredAsValidTextAndTheRawBytesKept) {
    std::string text = read_fixture("seed004-athlon-p3.txt");
    text.insert(text.find("AMD Athlon(tm)"), "\xff\xfe ");
    text.insert(text.find("Thu Oct  4"), "\xff\xfe AMD ");
    { std::ofstream(path("bad.txt"), std::ios::binary) << text; }
    auto imp = run("import --format json " + path("bad.txt"));
    ASSERT_EQ(imp.code, 0) << imp.err;
    EXPECT_NO_THROW(nlohmann::json::parse(imp.out));
    ASSERT_EQ(run("import --again --machine \"$(printf '\\377')\" " +
                  fixture_path("seed004-athlon-p3.txt"))
                  .code,
              0);
    auto list = run("list --format json");
    ASSERT_EQ(list.code, 0) << list.err;
    EXPECT_NO_THROW(nlohmann::json::parse(list.out));
    auto show = run("show 1 --format json");
    ASSERT_EQ(show.code, 0) << show.err;
    auto j = nlohmann::json::parse(show.out);
    EXPECT_NE(j.dump().find("\xEF\xBF\xBD"), std::string::npos);
    EXPECT_NE(run("show 1 --raw").out.find("\xff\xfe AMD"), std::string::npos)
        << "the raw text is kept byte-exact";
}

// 5. CSV: RFC 4180 quoting, formulas neutralised, as many fields as the header.
TEST_F(Robustness, CsvIsQuotedNeutralisedAndRectangular) {
    import_seed("seed004-athlon-p3.txt", "--label '=HYPERLINK(x)' --machine '@x, \"y\"'");
    for (const auto& args : {std::string("compare 1 2 --format csv"),
                             std::string("compare 1 2 --side-by-side --format csv")}) {
        auto r = run(args);
        ASSERT_EQ(r.code, 0) << r.err;
        auto rows = parse_csv(r.out);
        ASSERT_GT(rows.size(), 2u);
        for (const auto& row : rows) EXPECT_EQ(row.size(), rows[0].size()) << args;
        for (const auto& row : rows)
            for (const auto& f : row)
                EXPECT_TRUE(f.empty() || std::string("=+@").find(f[0]) == std::string::npos) << f;
    }
    auto side = parse_csv(run("compare 1 2 --side-by-side --format csv").out);
    EXPECT_EQ(side[0][7], "cv");
    bool kept = false;
    for (const auto& row : side)
        kept = kept ||
               (row[1].find("=HYPERLINK(x)") != std::string::npos && row.back() == "'@x, \"y\"");
    EXPECT_TRUE(kept) << "the label and the machine are kept whole, commas and quotes included";
}

// 6. A NaN in an -mr record never fails the whole import.
TEST_F(Robustness, NanInMachineReadableRecordsKeepsTheGoodFigures) {
    {
        std::ofstream(path("mr.txt"))
            << "+DT:md5:3:16\n+R:19000000:md5:3.00\n+F:3:md5:101333.33:405333.33\n"
               "+F:6:sha256:NaN:1000.00\n";
    }
    auto r = run("import --format json " + path("mr.txt"));
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    bool md5 = false;
    for (const auto& m : j[0]["measurements"]) md5 = md5 || m["algorithm"] == "md5";
    EXPECT_TRUE(md5) << r.out;
}

// 7. Ctrl-C during a child run (--cpu-mask): exit 130, the figures measured stored as partial.
// Sent 1.5 s after the parent says it starts the child, never on a clock alone: a
// busy machine (or the sanitizers) can take longer than any fixed pause to get there.
TEST_F(Robustness, InterruptDuringAChildRunStoresThePartialRun) {
    int status =
        interrupted_at({"run", "md5", "sha1", "sha256", "--cpu-mask", "aesni", "--seconds", "0.3"},
                       "running with OPENSSL_ia32cap=", 1500);
    if (status == kNoTerminal) GTEST_SKIP() << "no pseudo-terminal here to watch the progress on";
    ASSERT_NE(status, -1) << "the parent never said it started the child run";
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 130);
    auto shown = run("show 1 --format json");
    if (shown.code == 0) {
        EXPECT_FALSE(nlohmann::json::parse(shown.out)["complete"].get<bool>()) << shown.out;
    } else {
        EXPECT_EQ(run("list --format json").out.find("\"id\""), std::string::npos)
            << "an interrupted child run that measured nothing stores nothing";
    }
}

// 8. Many processes creating one new database at once all succeed.
TEST_F(Robustness, ConcurrentCreationOfANewDatabase) {
    for (int trial = 0; trial < 3; ++trial) {
        std::string db_path = path("new" + std::to_string(trial) + ".db");
        std::string cmd;
        for (int i = 0; i < 10; ++i)
            cmd += std::string(SPEEDLAB_BINARY) + " --db " + db_path + " list >/dev/null 2>>" +
                   path("errs") + " || echo fail >>" + path("fails") + " & ";
        cmd += "wait";
        std::system(cmd.c_str());
    }
    EXPECT_FALSE(std::filesystem::exists(path("fails"))) << slurp(path("errs"));
}

// 9. A block size given twice is measured once.
TEST_F(Robustness, RepeatedBlockSizesAreMeasuredOnce) {
    auto r = run("run md5 --bytes 1,1,1 --seconds 0.05 --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["measurements"].size(), 1u);
}

// 10. A cell that is not a number is skipped and never shifts the others.
TEST_F(Robustness, CellThatIsNotANumberDoesNotShiftTheRow) {
    {
        std::ofstream(path("t.txt"))
            << "OpenSSL 1.1.1k  25 Mar 2021\n"
               "The 'numbers' are in 1000s of bytes per second processed.\n"
               "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  "
               "16384 bytes\n"
               "md5             1e308k    248304.78k   493737.81k   615661.13k   719876.21k   "
               "728870.17k\n";
    }
    auto r = run("import --dry-run --format json " + path("t.txt"));
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    std::map<int64_t, double> md5;
    for (const auto& m : j[0]["measurements"])
        if (m["algorithm"] == "md5") md5[m["parameter"].get<int64_t>()] = m["value"].get<double>();
    EXPECT_EQ(md5.count(16), 0u);
    EXPECT_DOUBLE_EQ(md5[64], 248304780);
    EXPECT_DOUBLE_EQ(md5[16384], 728870170);
}

// 11. The smaller ones.
TEST_F(Robustness, ControlCharactersFromImportedTextAreNotPrintedRaw) {
    import_seed("seed004-athlon-p3.txt");
    // A label no option takes any more (core/display_name.h), as an older store holds it.
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db().c_str(), &h), SQLITE_OK);
    sqlite3_exec(h, "UPDATE runs SET label = 'evil' || char(27) || '[31mred' WHERE id = 1", nullptr,
                 nullptr, nullptr);
    sqlite3_close(h);
    auto r = run("list");
    EXPECT_EQ(r.out.find('\033'), std::string::npos);
    EXPECT_NE(r.out.find("evil?[31mred"), std::string::npos) << r.out;
    EXPECT_EQ(run("show 1").out.find('\033'), std::string::npos);
}

TEST_F(Robustness, WriteErrorsOnStdoutExitOne) {
    import_seed("seed004-athlon-p3.txt");
    for (auto args : {"list", "show 1", "list --format json", "compare 1 2"}) {
        std::string cmd =
            std::string(SPEEDLAB_BINARY) + " --db " + db() + " " + args + " >/dev/full 2>/dev/null";
        int status = std::system(cmd.c_str());
        EXPECT_EQ(WEXITSTATUS(status), 1) << args;
    }
}

TEST_F(Robustness, NewerSchemaAndForeignDatabasesAreRefusedUntouched) {
    for (auto [name, sql] :
         {std::pair{"newer.db", "PRAGMA user_version = 99; CREATE TABLE runs(x);"},
          std::pair{"foreign.db", "CREATE TABLE customers(name TEXT);"}}) {
        sqlite3* h = nullptr;
        ASSERT_EQ(sqlite3_open(path(name).c_str(), &h), SQLITE_OK);
        sqlite3_exec(h, sql, nullptr, nullptr, nullptr);
        sqlite3_close(h);
        std::string before = slurp(path(name));
        std::string cmd =
            std::string(SPEEDLAB_BINARY) + " --db " + path(name) + " list 2>" + path("err");
        EXPECT_EQ(WEXITSTATUS(std::system(cmd.c_str())), 1) << name;
        EXPECT_EQ(slurp(path(name)), before) << name << " was modified";
        EXPECT_FALSE(std::filesystem::exists(path(name) + "-wal")) << name;
    }
    EXPECT_NE(slurp(path("err")).find("not a speedlab database"), std::string::npos);
}

TEST_F(Robustness, ClosestNameOfAHugeArgumentIsQuick) {
    import_seed("seed004-athlon-p3.txt");
    auto r = run("compare 1 $(head -c 100000 /dev/zero | tr '\\0' x)");
    EXPECT_EQ(r.code, 2);
    // Nothing is spelled near it: no suggestion, but where to look (issue 33).
    EXPECT_NE(r.err.find("see speedlab list and speedlab machines"), std::string::npos) << r.err;
}

TEST_F(Robustness, LabelThatLooksLikeANumberCanBeLookedUp) {
    import_seed("seed004-athlon-p3.txt", "--label 12");
    auto r = run("show label:12-2 --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["label"], "12-2");
    EXPECT_EQ(run("show id:12").code, 2);
}

// docs/cli.md's "Error cases" table: every documented case gives its exit code.
TEST_F(Robustness, ErrorCasesOfTheDocs) {
    std::ifstream in(std::string(SPEEDLAB_TEST_DATA) + "/../../docs/cli.md");
    std::string line;
    bool inside = false;
    int cases = 0;
    while (std::getline(in, line)) {
        if (line.rfind("## ", 0) == 0) inside = line == "## Error cases";
        if (!inside || line.rfind("| `speedlab ", 0) != 0) continue;
        auto end = line.find("` |", 3);
        std::string command = line.substr(3, end - 3);
        auto rest = line.substr(end + 3);
        int code = std::stoi(rest);
        std::string message = rest.substr(rest.find('|') + 2);
        message = message.substr(0, message.rfind(" |"));
        std::string args = command.substr(std::string("speedlab ").size());
        std::string cmd = std::string(SPEEDLAB_BINARY) +
                          (args.find("--db") == std::string::npos ? " --db " + db() : "") + " " +
                          args + " >/dev/null 2>" + path("err") + " </dev/null";
        int status = std::system(cmd.c_str());
        EXPECT_EQ(WEXITSTATUS(status), code) << command;
        EXPECT_NE(slurp(path("err")).find(message), std::string::npos)
            << command << " said: " << slurp(path("err"));
        ++cases;
    }
    EXPECT_GE(cases, 15);
}

// Inputs the fuzzer once crashed on (tests/data/fuzz): every figure stored is
// a finite positive number, whatever the text says ("in -nans", "nan" cells).
TEST(FuzzerFinds, EveryFigureIsFinitePositive) {
    size_t files = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(SPEEDLAB_TEST_DATA) + "/fuzz")) {
        ++files;
        auto parsed = speedlab::parse::parse_speed_text(
            read_fixture("fuzz/" + entry.path().filename().string()), "fuzz");
        for (const auto& run : parsed.runs)
            for (const auto& m : run.measurements)
                EXPECT_TRUE(std::isfinite(m.value) && m.value > 0)
                    << entry.path() << ": " << speedlab::metric_key(m) << " = " << m.value;
    }
    EXPECT_GE(files, 1u);
    auto mr = speedlab::parse::parse_speed_text(
        "+H:16:64:256:1024:8192\n+F:5:md5:nan:-nan:inf:1000.00:2000.00\n", "mr");
    ASSERT_EQ(mr.runs.size(), 1u);
    EXPECT_EQ(mr.runs[0].measurements.size(), 2u);  // 1024 and 8192 bytes only
}

// ---- Issue 23: no accepted value makes speedlab lie, crash or lose the store.
namespace {
class Round3 : public Robustness {
  protected:
    // A shell command run as is (no --db added), its output captured.
    Result sh(const std::string& command) const {
        std::string out = path("sh.out"), err = path("sh.err");
        int status = std::system((command + " >" + out + " 2>" + err + " </dev/null").c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
    }
    std::string bin() const { return SPEEDLAB_BINARY; }
    size_t stored() const {
        auto r = run("list --format json");
        return r.code == 0 ? nlohmann::json::parse(r.out).size() : 0;
    }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(path(name), std::ios::binary) << text;
        return path(name);
    }
    // One run as a bundle, from a seed, with `change` applied to its JSON.
    nlohmann::json seed_run(const std::string& seed = "seed004-athlon-p3.txt") {
        EXPECT_EQ(run("import " + fixture_path(seed) + " --dry-run --format json").code, 0);
        return nlohmann::json::parse(
            run("import " + fixture_path(seed) + " --dry-run --format json").out)[0];
    }
};
}  // namespace

// 1. JSON nested 150,000 deep (300 KB) is refused (65), not a SIGSEGV; the
// single-run form too.
TEST_F(Round3, DeeplyNestedJsonIsRefusedNotACrash) {
    const int d = 150000;
    std::string deep = std::string(d, '[') + std::string(d, ']');
    std::string bundle = write(
        "deep.json", R"({"format":"speedlab-bundle","version":1,"runs":[{"label":)" + deep + "}]}");
    auto r = run("import " + bundle);
    EXPECT_EQ(r.code, 65) << r.err;
    EXPECT_NE(r.err.find("nested at most 64 deep"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nothing imported"), std::string::npos) << r.err;
    std::string objects;
    for (int i = 0; i < d; ++i) objects += "{\"a\":";
    objects += "1" + std::string(d, '}');
    r = run("import " +
            write("one.json", R"({"id":1,"source":"measured","machine":)" + objects + "}"));
    EXPECT_EQ(r.code, 65) << r.err;
    EXPECT_NE(r.err.find("nested at most"), std::string::npos) << r.err;
    EXPECT_EQ(stored(), 0u);
}

// 1b. A number no double holds ("2e62145", found by fuzz_bundle) is refused
// (65) with the file and line, not an uncaught library error.
TEST_F(Round3, ANumberBeyondADoubleIsRefusedWithItsLine) {
    auto one = seed_run();
    std::string text = nlohmann::json::array({one}).dump(1);
    const std::string key = "\"value\": ";
    size_t at = text.find(key);
    ASSERT_NE(at, std::string::npos);
    size_t end = text.find_first_of(",\n}", at + key.size());
    text.replace(at + key.size(), end - at - key.size(), "2e62145");
    auto r = run("import " + write("overflow.json", text));
    EXPECT_EQ(r.code, 65) << r.err;
    size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + at, '\n'));
    EXPECT_NE(r.err.find("overflow.json:" + std::to_string(line) + ":"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("number overflow parsing '2e62145'"), std::string::npos) << r.err;
    EXPECT_EQ(stored(), 0u);
}

// 2. -o onto the open store, its -wal, through a symlink or ./NAME is refused
// and the store still works.
TEST_F(Round3, OutputOntoTheStoreIsRefused) {
    import_seed("seed004-athlon-p3.txt");
    std::filesystem::create_symlink(db(), path("link.db"));
    for (std::string target :
         {db(), db() + "-wal", db() + "-shm", path("link.db"), dir.string() + "/./results.db"}) {
        auto r = run("compare 1 2 --format html -o " + target);
        EXPECT_EQ(r.code, 1) << target;
        EXPECT_NE(r.err.find("is the store speedlab uses"), std::string::npos) << r.err;
        EXPECT_EQ(r.out.find("wrote"), std::string::npos);
    }
    auto r =
        sh("cd " + dir.string() + " && " + bin() + " --db results.db export --all -o ./results.db");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_EQ(stored(), 2u) << "the store was damaged";
    EXPECT_EQ(run("compare 1 2 -o " + path("fine.txt")).code, 0);  // other files still written
}

// 3. A bundle over 64 MiB (two runs of 40 MB raw text each) is read whole, as a stream.
TEST_F(Round3, BundleLargerThanSixtyFourMebibytesIsImported) {
    auto one = seed_run();
    one["raw_text"] = std::string(40u << 20, 'x');
    nlohmann::json bundle{{"format", "speedlab-bundle"}, {"version", 1}, {"runs", {one, one}}};
    bundle["runs"][1]["label"] = "second";  // and another figure: a relabelled copy is skipped
    auto& value = bundle["runs"][1]["measurements"][0]["value"];
    value = value.get<double>() * 2;
    std::string file = write("big.json", bundle.dump());
    bundle = {};
    ASSERT_GT(std::filesystem::file_size(file), 64u << 20);
    auto r = run("import " + file);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(stored(), 2u);
    EXPECT_EQ(run("show 2 --raw").out.size(), 40u << 20);
}

// 4. Duplicates within one import are stored once.
TEST_F(Round3, DuplicatesWithinOneImportAreStoredOnce) {
    std::string seed = fixture_path("seed004-athlon-p3.txt");
    auto r = run("import " + seed + " " + seed);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("skipped"), std::string::npos) << r.err;
    EXPECT_EQ(stored(), 2u);  // the text has two runs
    std::string bundle = write("b.json", run("export 1 1 id:1").out);
    std::string other = path("other.db");
    r = sh(bin() + " --db " + other + " import " + bundle + " " + bundle);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(
        nlohmann::json::parse(sh(bin() + " --db " + other + " list --format json").out).size(), 1u);
}

// 6. nan and inf are not a threshold or a noise floor.
TEST_F(Round3, NanThresholdOrNoiseIsAUsageError) {
    import_seed("seed004-athlon-p3.txt");
    for (std::string args :
         {"check 1 2 --threshold nan", "check 1 2 --noise nan", "check 1 2 --threshold inf",
          "compare 1 2 --noise nan", "compare 1 2 --noise -inf"}) {
        auto r = run(args);
        EXPECT_EQ(r.code, 2) << args << ": " << r.out;
        EXPECT_NE(r.err.find("expected a percentage"), std::string::npos) << args << r.err;
        EXPECT_EQ(r.out.find("PASS"), std::string::npos) << args;
    }
}

// 7. Figures no machine gives are not stored; a ratio that is not finite
// cannot be judged, and fails the gate.
TEST_F(Round3, AbsurdFiguresAreRefusedAndCannotPassTheGate) {
    auto run1 = seed_run();
    auto& ms = run1["measurements"];
    size_t before = ms.size();
    ms[0]["value"] = 1e308;
    ms[1]["value"] = 1e-300;
    ms[2]["value"] = 1e-320;
    auto r = run("import " + write("absurd.json", nlohmann::json::array({run1}).dump()));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("not a figure a machine gives"), std::string::npos) << r.err;
    auto shown = nlohmann::json::parse(run("show 1 --format json").out);
    EXPECT_EQ(shown["measurements"].size(), before - 3);
    r = run("import " + write("mr.txt", "+H:16:64\n+F:4:md5:1e308:1462.38\n"));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(run("show 2 --format json").out)["measurements"].size(), 1u);
    // A run left with no figure at all is not stored, and the import does not count it.
    auto absurd = seed_run();
    absurd["label"] = "absurd";
    absurd["measurements"] = nlohmann::json::array({absurd["measurements"][0]});
    absurd["measurements"][0]["value"] = 1e308;
    r = run("import " + write("all-absurd.json", nlohmann::json::array({absurd}).dump()));
    EXPECT_EQ(r.err.find("stored 1 run"), std::string::npos) << r.err;
    EXPECT_EQ(nlohmann::json::parse(run("list --format json").out).size(), 2u);
    EXPECT_NE(run("show absurd").code, 0);

    speedlab::Run base, cand;
    base.machine = cand.machine;
    speedlab::Measurement m;
    m.algorithm = "rsa512";
    m.operation = speedlab::Operation::sign;
    m.value = 14476;
    base.measurements.push_back(m);
    m.value = 1e-320;  // a store of an older speedlab may hold it
    cand.measurements.push_back(m);
    auto result = speedlab::compare::check(base, cand, 0.03);
    ASSERT_EQ(result.rows.size(), 1u);
    EXPECT_EQ(result.rows[0].verdict, speedlab::compare::Verdict::cannot_say);
    EXPECT_FALSE(result.passed());
}

// A figure's printed step far below it (a bundle's 1e-5 under 1e14, or 1e-300):
// two such figures are two runs, not one (the key's count of steps overflowed
// a long), and the run shows with 17 digits at most, not an infinite log's.
TEST_F(Round3, StepsFarBelowTheFigureKeepRunsApartAndShow) {
    auto one = [](const std::string& label, double value, double step) {
        return nlohmann::json{{"source", "imported"},
                              {"label", label},
                              {"measurements",
                               {{{"algorithm", "md5"},
                                 {"operation", "throughput"},
                                 {"parameter", 16},
                                 {"value", value},
                                 {"printed_step", step}}}}};
    };
    auto runs =
        nlohmann::json::array({one("a", 1e14, 1e-5), one("b", 2e14, 1e-5), one("c", 1e14, 1e-300)});
    runs[2]["measurements"].push_back({{"algorithm", "rsa2048"},
                                       {"operation", "sign"},
                                       {"value", 1e4},
                                       {"printed_step", 1e-300}});
    auto r = run("import " + write("steps.json", runs.dump()));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(stored(), 3u) << r.out << r.err;
    for (const char* label : {"a", "b", "c"}) EXPECT_EQ(run(std::string("show ") + label).code, 0);
    r = run("compare a c --units si");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(speedlab::report::significant_digits(1e14, 1e-300), 17);
    EXPECT_EQ(speedlab::report::significant_digits(1e14, 1e-5), 17);
    EXPECT_EQ(speedlab::report::significant_digits(20.6, 0.1), 3);
    EXPECT_EQ(speedlab::report::significant_digits(0.5, 1), 1);
}

// 8. HOME unset or relative, XDG_DATA_HOME relative: the store is under the
// real home, never ./speedlab; and `list` creates no store.
TEST_F(Round3, StoreFollowsTheRealHomeAndListCreatesNothing) {
    std::string env = "cd " + dir.string() + " && env -u SPEEDLAB_DB ";
    auto r = sh(env + "-u HOME -u XDG_DATA_HOME " + bin() + " list");
    EXPECT_EQ(r.code, 0) << r.err;
    r = sh(env + "HOME=rel XDG_DATA_HOME=data " + bin() + " list");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "speedlab")) << "a store in the current directory";
    EXPECT_FALSE(std::filesystem::exists(dir / "data"));
    EXPECT_FALSE(std::filesystem::exists(dir / "rel"));
    std::string home = path("home");
    r = sh(env + "HOME=" + home + " XDG_DATA_HOME=data " + bin() + " list");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_FALSE(std::filesystem::exists(home)) << "list created the store";
    r = sh(env + "HOME=" + home + " XDG_DATA_HOME=data " + bin() + " import " +
           fixture_path("seed004-athlon-p3.txt"));
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(std::filesystem::exists(home + "/.local/share/speedlab/results.db")) << r.err;
}

// 9. A mistyped or miscased PostgreSQL URL never becomes an SQLite file.
TEST_F(Round3, UrlSchemesMatchInAnyCaseAndUnknownOnesAreRefused) {
    std::string cd = "cd " + dir.string() + " && " + bin();
    auto r = sh(cd + " --db 'POSTGRESQL://lab@/speedlab?host=/nonexistent' list");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("cannot connect"), std::string::npos) << r.err;
    for (auto [url, said] : {std::pair{"postgresql:/x", "expected '://' after 'postgresql'"},
                             {"postgresq://u@h/db", "which speedlab does not know"},
                             {"mysql://u@h/db", "which speedlab does not know"}}) {
        r = sh(cd + " --db '" + url + "' import " + fixture_path("seed004-athlon-p3.txt"));
        EXPECT_EQ(r.code, 1) << url;
        EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
    }
    size_t entries = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++entries;
    EXPECT_EQ(entries, 2u) << "only sh.out and sh.err";
}

// 10. A store on a read-only filesystem is read (list, show, compare, export).
TEST_F(Round3, StoreOnAReadOnlyFilesystemCanBeRead) {
    import_seed("seed004-athlon-p3.txt");
    std::string commands;
    for (std::string c : {"list", "show 1", "compare 1 2", "export --all"})
        commands += bin() + " --db " + db() + " " + c + " >/dev/null || exit 7; ";
    std::string d = dir.string();
    auto r =
        sh("unshare -rm sh -c 'mount --bind " + d + " " + d + " && mount -o remount,bind,ro " + d +
           " " + d + " || exit 99; touch " + d + "/x 2>/dev/null && exit 98; " + commands + "'");
    if (r.code == 99 || r.code == 98)
        GTEST_SKIP() << "this machine cannot mount a read-only filesystem here: " << r.err;
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err.find("unable to open"), std::string::npos) << r.err;
}

// The CI gate: figures the candidate lacks fail it unless --allow-missing;
// machine:NAME names the baseline.
TEST_F(Round3, MissingFiguresFailTheGateAndMachineNamesTheBaseline) {
    import_seed("seed004-athlon-p3.txt", "--machine 1=athlon,2=p3");
    auto whole = seed_run();
    auto part = whole;
    part["measurements"] = nlohmann::json::array({whole["measurements"][0]});
    part["label"] = "part";
    part["machine"]["label"] = "ci";
    ASSERT_EQ(run("import " + write("part.json", nlohmann::json::array({part}).dump())).code, 0);
    auto r = run("check 1 part");
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("FAIL:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("missing"), std::string::npos) << r.out;
    r = run("check 1 part --allow-missing --format json");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_TRUE(nlohmann::json::parse(r.out)["passed"].get<bool>());
    r = run("check machine:athlon machine:ci --allow-missing --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["baseline"]["id"], 1);
    EXPECT_EQ(nlohmann::json::parse(r.out)["candidate"]["id"], 3);
    EXPECT_EQ(run("check machine:nosuch 1").code, 2);
}

// 5. Ctrl-C in the second round of --repeat 2: each figure's first repetition
// is stored, the run partial and each figure noted with its count.
TEST_F(Round3, InterruptedRepetitionsKeepTheCompletedOnes) {
    int status = interrupted_at(
        {"run", "md5", "--bytes", "16,64", "--seconds", "0.3", "--repeat", "2"}, "[  3/4]", 100);
    if (status == kNoTerminal) GTEST_SKIP() << "no pseudo-terminal here to watch the progress on";
    ASSERT_NE(status, -1) << "the progress line never showed the second round";
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 130);
    auto shown = run("show 1 --format json");
    ASSERT_EQ(shown.code, 0) << shown.err;
    auto j = nlohmann::json::parse(shown.out);
    EXPECT_FALSE(j["complete"].get<bool>());
    EXPECT_EQ(j["measurements"].size(), 2u);
    EXPECT_NE(j["notes"].dump().find("md5@64: 1 of 2 repetition(s), interrupted"),
              std::string::npos)
        << j["notes"];
}

// 11. Ctrl-C in the second round of an experiment: exit 130, both variants
// stored as partial with the one repetition they completed.
TEST_F(Round3, InterruptedExperimentStoresWhatCompletedWithItsTrueCount) {
    int status = interrupted_at(
        {"experiment", "emulator", "--under", "env", "md5", "--seconds", "0.3", "--repeat", "3"},
        "round 2/3: native", 100);
    if (status == kNoTerminal) GTEST_SKIP() << "no pseudo-terminal here to watch the progress on";
    ASSERT_NE(status, -1) << "the progress never showed the second round";
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 130);
    auto list = nlohmann::json::parse(run("list --format json").out);
    ASSERT_EQ(list.size(), 2u);
    for (int id : {1, 2}) {
        auto j = nlohmann::json::parse(run("show " + std::to_string(id) + " --format json").out);
        EXPECT_FALSE(j["complete"].get<bool>()) << id;
        EXPECT_EQ(j["measurements"].size(), 1u) << id;
        EXPECT_NE(j["notes"].dump().find("1 repetition interleaved"), std::string::npos)
            << j["notes"];
    }
}

// 13. A name with a newline, a tab or nothing is refused by edit and in bundles.
TEST_F(Round3, NamesOfControlCharactersOrNothingAreRefused) {
    import_seed("seed004-athlon-p3.txt");
    for (std::string args :
         {"edit 1 --label $'a\\nb'", "edit 1 --machine $'a\\tb'", "edit 1 --label ''"}) {
        auto r = sh("bash -c \"" + bin() + " --db " + db() + " " + args + "\"");
        EXPECT_EQ(r.code, 2) << args << ": " << r.err;
        EXPECT_NE(r.err.find("printable characters on one line"), std::string::npos) << r.err;
    }
    auto one = seed_run();
    one["label"] = "two\nlines";
    auto r = run("import " + write("nl.json", nlohmann::json::array({one}).dump()));
    EXPECT_EQ(r.code, 65) << r.err;
    EXPECT_NE(r.err.find("printable characters on one line"), std::string::npos) << r.err;
    EXPECT_EQ(stored(), 2u);
}

// 14. SIGHUP (a dropped ssh session) ends a run as Ctrl-C does: exit 130, not killed.
TEST_F(Round3, HangupEndsTheRunAsAnInterruption) {
    int status =
        interrupted_at({"run", "md5", "--elapsed", "--seconds", "1", "--bytes", "64,256,1024"},
                       "[  2/3]", 300, SIGHUP);
    if (status == kNoTerminal) GTEST_SKIP() << "no pseudo-terminal here to watch the progress on";
    ASSERT_NE(status, -1) << "the progress line never showed the second figure";
    ASSERT_TRUE(WIFEXITED(status)) << "killed by the hangup instead of ending the run";
    EXPECT_EQ(WEXITSTATUS(status), 130);
    auto j = nlohmann::json::parse(run("show 1 --format json").out);
    EXPECT_FALSE(j["complete"].get<bool>());
    EXPECT_EQ(j["measurements"].size(), 1u) << "md5@64 finished before the hangup";
}

// 16. export reads one snapshot: a run deleted meanwhile is still whole in it.
TEST_F(Round3, ExportReadsOneSnapshot) {
    import_seed("seed004-athlon-p3.txt");
    speedlab::store::Database reader(db(), speedlab::store::Access::read);
    reader.hold_snapshot();
    ASSERT_EQ(reader.list().size(), 2u);
    {
        speedlab::store::Database writer(db());
        writer.remove({2});
    }
    EXPECT_EQ(reader.list().size(), 2u);
    auto run2 = reader.load(2);
    ASSERT_TRUE(run2.has_value());
    EXPECT_EQ(run2->measurements.size(), 7u);
    EXPECT_EQ(stored(), 1u);
}

// 17. list --since takes real days only; a filter that matches nothing says so.
TEST_F(Round3, SinceTakesRealDaysAndAnEmptyFilterSaysSo) {
    import_seed("seed004-athlon-p3.txt");
    for (std::string day : {"2026-13-45", "2026-02-30", "2026-01-01junk", "2026-1-1"})
        EXPECT_EQ(run("list --since " + day).code, 2) << day;
    auto r = run("list --since 2999-01-01");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.out.find("no run matches the filter"), std::string::npos) << r.out;
    EXPECT_EQ(run("list --since 2000-02-29").out.find("no run"), std::string::npos);
}

// 18 and 19. Values of the right type but no run's: bad data (65), nothing stored.
TEST_F(Round3, BundleValuesNoRunHasAreBadData) {
    auto base = seed_run();
    struct Case {
        std::string name, field;
        nlohmann::json value;
        std::string want;
    } cases[] = {
        {"processes 0", "processes", 0, "\"processes\" of 1 or more"},
        {"processes -3", "processes", -3, "\"processes\" of 1 or more"},
        {"when", "when", "not a date", "\"when\" as a date"},
    };
    for (const auto& c : cases) {
        auto one = base;
        one[c.field] = c.value;
        auto r = run("import " + write("c.json", nlohmann::json::array({one}).dump()));
        EXPECT_EQ(r.code, 65) << c.name << ": " << r.err;
        EXPECT_NE(r.err.find(c.want), std::string::npos) << c.name << ": " << r.err;
    }
    auto twice = base;
    twice["measurements"].push_back(base["measurements"][0]);
    auto r = run("import " + write("t.json", nlohmann::json::array({twice}).dump()));
    EXPECT_EQ(r.code, 65) << r.err;
    EXPECT_NE(r.err.find("twice"), std::string::npos) << r.err;
    auto negative = base;
    negative["measurements"][0]["parameter"] = -16;
    r = run("import " + write("n.json", nlohmann::json::array({negative}).dump()));
    EXPECT_EQ(r.code, 65) << r.err;
    auto cpus = base;
    cpus["machine"]["cpu_count"] = -2;
    r = run("import " + write("p.json", nlohmann::json::array({cpus}).dump()));
    EXPECT_EQ(r.code, 65) << r.err;
    auto zero = base;
    zero["measurements"][0]["value"] = 0;
    r = run("import " + write("z.json", nlohmann::json::array({zero}).dump()));
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("not stored"), std::string::npos) << "dropped without a note: " << r.err;
    EXPECT_EQ(stored(), 1u);
}

// 21. delete 2 2 deletes run 2; --machine naming a run the text lacks, or one twice, is refused.
TEST_F(Round3, RepeatedOrMissingRunNumbersAreHandled) {
    import_seed("seed004-athlon-p3.txt");
    EXPECT_EQ(run("delete --yes 2 2").code, 0);
    EXPECT_EQ(stored(), 1u);
    auto r = run("import --again --machine 99=x " + fixture_path("seed004-athlon-p3.txt"));
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find("no run 99"), std::string::npos) << r.err;
    r = run("import --again --machine 1=a,1=b " + fixture_path("seed004-athlon-p3.txt"));
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find("named twice"), std::string::npos) << r.err;
    EXPECT_EQ(stored(), 1u);
}

// 22. Invalid UTF-8 and control bytes never reach the terminal from the import summary.
TEST_F(Round3, ImportSummaryPrintsOnlyValidText) {
    std::string text = slurp(fixture_path("openssl-3.0-mixed.txt"));
    auto at = text.find("version: 3.0.19");
    ASSERT_NE(at, std::string::npos);
    text.insert(at + 15, " \xff\x1b[31m");
    auto r = run("import " + write("bad.txt", text));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find('\xff'), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("3.0.19"), std::string::npos) << r.out;
}

// 22 (sysinfo). A file sysinfo --decode cannot read, with invalid UTF-8 and
// an escape sequence in its first line and its name: the error says what it
// found without either reaching the terminal (the name's escape shown as '?').
TEST_F(Round3, SysinfoDecodeErrorPrintsOnlyValidText) {
    auto r =
        run("sysinfo --decode '" + write("bad\xff\x1b[31m.txt", "nothing \xff\x1b[31mred\n") + "'");
    EXPECT_EQ(r.code, 65) << r.err;
    EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\xff'), std::string::npos) << r.err;
    // The escape sequence in the text is dropped as import drops it; the byte replaced.
    EXPECT_NE(r.err.find("found 'nothing \xEF\xBF\xBDred'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("bad\xEF\xBF\xBD?[31m.txt:1: expected"), std::string::npos) << r.err;
}

// 26. speedlab's own show text and -mr records, imported again, keep the
// processes summed and the partial flag: a run measured with --multi 2, and a
// bundle's run of 2 processes, partial, without per-process figures.
TEST_F(Round3, ShowTextAndMrRecordsKeepProcessesAndPartial) {
    auto measured = run("run md5 --bytes 16 --seconds 0.1 --multi 2");
    ASSERT_EQ(measured.code, 0) << measured.err;
    auto bundled = seed_run();
    bundled["processes"] = 2;
    bundled["complete"] = false;
    bundled["label"] = "bundled";
    ASSERT_EQ(run("import " + write("b.json", nlohmann::json::array({bundled}).dump())).code, 0);
    for (const std::string id : {"1", "bundled"}) {
        auto want = nlohmann::json::parse(run("show " + id + " --format json").out);
        ASSERT_EQ(want["processes"], 2) << id;
        for (const std::string format : {"text", "mr"}) {
            auto shown = run("show " + id + " --format " + format);
            ASSERT_EQ(shown.code, 0) << shown.err;
            auto r = run("import --again --dry-run --format json " + write("again.txt", shown.out));
            ASSERT_EQ(r.code, 0) << id << " " << format << ": " << r.err;
            auto back = nlohmann::json::parse(r.out);
            ASSERT_EQ(back.size(), 1u) << r.out;
            EXPECT_EQ(back[0]["processes"], 2) << id << " " << format << ":\n" << shown.out;
            EXPECT_EQ(back[0]["complete"], want["complete"]) << id << " " << format;
            EXPECT_EQ(back[0]["measurements"].size(), want["measurements"].size())
                << id << " " << format << ":\n"
                << shown.out;
        }
    }
}

// 23. A process stopped (SIGSTOP, then SIGCONT) past the end of a repetition
// timed on the wall clock: the repetition is timed again, never stored 8-fold
// low, and the run's notes say so. The rule itself, on given times: a loop
// that ran past its alarm by more than one operation and a busy machine's
// scheduling stood still.
TEST_F(Round3, StallPastTheTimingOfAnElapsedRepetitionIsTimedAgain) {
    using speedlab::bench::stalled;
    EXPECT_FALSE(stalled(3.0, 3.001, 2.9, 1000000));  // on time
    EXPECT_FALSE(stalled(3.0, 4.4, 1.0, 1000));       // a busy machine's 1.4 s
    EXPECT_FALSE(stalled(3.0, 12.0, 3.0, 1));         // one slow operation of 3 s CPU
    EXPECT_TRUE(stalled(3.0, 24.0, 3.0, 1000000));    // stopped for 21 s
    EXPECT_TRUE(stalled(0.3, 0.6, 0.3, 1000));        // 0.3 s past a 0.3 s alarm

    int status = stopped_at({"run", "md5", "--bytes", "16,64", "--seconds", "2", "--elapsed"},
                            "[  1/2]", 500, 4000);
    if (status == kNoTerminal) GTEST_SKIP() << "no pseudo-terminal here to watch the progress on";
    ASSERT_NE(status, -1) << "the progress line never showed the first figure";
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    auto shown = run("show 1 --format json");
    ASSERT_EQ(shown.code, 0) << shown.err;
    auto j = nlohmann::json::parse(shown.out);
    EXPECT_TRUE(j["complete"].get<bool>());
    ASSERT_EQ(j["measurements"].size(), 2u) << shown.out;
    std::string notes = j["notes"].dump();
    EXPECT_NE(notes.find("md5@16: the process stood still past its timing (stopped or "
                         "suspended); timed again"),
              std::string::npos)
        << notes;
    EXPECT_EQ(notes.find("md5@64: the process stood still"), std::string::npos) << notes;
    for (const auto& m : j["measurements"])  // the 4 s stopped are no figure's
        EXPECT_LT(m["seconds"].get<double>(), 4.0) << m;
}

// 12. A page flattened onto one line, its newlines made single or double
// spaces: every figure and the version line come back as from the page itself
// (3.x's aligned "type      16 bytes" and "op      op/s" headers, and an error
// glued behind a progress line's result, still start lines of their own).
TEST_F(Round3, FlattenedPageKeepsItsVersionAndEveryRow) {
    std::string text = slurp(fixture_path("openssl-3.0-mixed.txt"));
    auto figures = [&](const std::string& file) {
        auto r = run("import --dry-run --format json " + file);
        EXPECT_EQ(r.code, 0) << r.err;
        auto j = nlohmann::json::parse(r.out);
        EXPECT_EQ(j.size(), 1u) << file << ":\n" << r.out;
        std::map<std::string, double> out;
        for (const auto& m : j[0]["measurements"])
            out[m["algorithm"].get<std::string>() + " " + m["operation"].get<std::string>() + " " +
                std::to_string(m["parameter"].get<int>())] = m["value"].get<double>();
        out["version " + j[0]["version"].get<std::string>()] = 0;
        return out;
    };
    auto want = figures(fixture_path("openssl-3.0-mixed.txt"));
    ASSERT_EQ(want.size(), 9u);  // 8 figures and the version
    EXPECT_EQ(want.count("version OpenSSL 3.0.19"), 1u);
    EXPECT_EQ(want["sha256 throughput 16"], 128871552.0);
    EXPECT_EQ(want["ecdh-x25519 derive 0"], 36623.0);
    for (const std::string gap : {" ", "  "}) {
        std::string flat = text;
        for (size_t at = flat.find('\n'); at != std::string::npos; at = flat.find('\n', at))
            flat.replace(at, 1, gap);
        EXPECT_EQ(figures(write("flat.txt", flat)), want) << "newlines made '" << gap << "'";
    }
}
