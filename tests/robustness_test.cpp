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

#include "cli_support.h"

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
    import_seed("seed004-athlon-p3.txt", "--label '=HYPERLINK(\"x\"),a'");
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
        kept = kept || row[1].find("=HYPERLINK(\"x\"),a") != std::string::npos;
    EXPECT_TRUE(kept) << "the label is kept whole, commas and quotes included";
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
TEST_F(Robustness, InterruptDuringAChildRunStoresThePartialRun) {
    std::string cmd = std::string(SPEEDLAB_BINARY) + " --db " + db() +
                      " run md5 sha1 sha256 --cpu-mask aesni --seconds 0.3 >" + path("o") + " 2>" +
                      path("e") + " </dev/null & pid=$!; sleep 3; kill -INT $pid; wait $pid";
    int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 130) << slurp(path("e"));
    std::string err = slurp(path("e"));
    if (err.find("stored as run") != std::string::npos) {
        EXPECT_NE(err.find("marked partial"), std::string::npos) << err;
        auto j = nlohmann::json::parse(run("show 1 --format json").out);
        EXPECT_FALSE(j["complete"].get<bool>());
    } else {
        EXPECT_NE(err.find("nothing stored"), std::string::npos) << err;
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
    import_seed("seed004-athlon-p3.txt", "--label \"$(printf 'evil\\033[31mred')\"");
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
    EXPECT_NE(r.err.find("closest: "), std::string::npos);
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
