// publish and export against what a hostile folder, a long name, Ctrl-C or a
// big store does to them (issue 31: bugs 2, 12, 13, 14, 15 and 32), each
// through the real binary on a database of its own.
#include <fmt/format.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <algorithm>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "core/json.h"
#include "serve/links.h"
#include "store/bundle.h"

namespace fs = std::filesystem;
using namespace speedlab;
using namespace speedlab::testing;

namespace {
bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// Every entry under DIR (symlinks not followed) with its content or link target.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
    std::map<std::string, std::string> out;
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(dir, ec))) return out;
    for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator();
         ++it) {
        std::string rel = fs::relative(it->path(), dir).string();
        if (it->is_symlink())
            out[rel] = "-> " + fs::read_symlink(it->path()).string();
        else if (it->is_regular_file())
            out[rel] = slurp(it->path().string());
        else
            out[rel] = "<dir>";
    }
    return out;
}

// Adds N copies of run 2 (figures varied, 50 machine names) to a store holding
// seed 000, as bench/lib/fill-store.sh does: a big store in a second.
void grow(const std::string& db, int n) {
    std::string range =
        "(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " +
        std::to_string(n) + ") SELECT i FROM n)";
    std::string sql =
        "BEGIN;"
        "CREATE TEMP TABLE was AS SELECT (SELECT MAX(id) FROM machines) AS machine, "
        "(SELECT MAX(id) FROM runs) AS run;"
        "INSERT INTO machines (label, kind, emulator, cpu_vendor, cpu_family, cpu_model, "
        "cpu_stepping, cpu_name, cpu_mhz, memory_kb, kernel_release, distribution, bogomips, "
        "facts_json) SELECT 'machine-' || (i % 50), kind, emulator, cpu_vendor, cpu_family, "
        "cpu_model, cpu_stepping, cpu_name, cpu_mhz, memory_kb, kernel_release, distribution, "
        "bogomips, facts_json FROM machines, " +
        range +
        " WHERE machines.id = 2 ORDER BY i;"
        "INSERT INTO runs (label, created_at, source, source_file, source_sha256, raw_text, "
        "program, version, built_on, options, compiler, cpuinfo, timing, platform, cpu_mask, "
        "complete, notes_json, machine_id, processes, content_sha256) SELECT 'bench-' || i, "
        "created_at, source, source_file, source_sha256, raw_text, program, version, built_on, "
        "options, compiler, cpuinfo, timing, platform, cpu_mask, complete, notes_json, "
        "(SELECT machine FROM was) + i, "
        "processes, '' FROM runs, " +
        range +
        " WHERE runs.id = 2 ORDER BY i;"
        "INSERT INTO measurements (run_id, algorithm, operation, parameter, value, printed_step, "
        "count, seconds, samples_json, source_name, printed_json) SELECT r.id, t.algorithm, "
        "t.operation, t.parameter, t.value * (1 + (r.id % 97) / 1000.0), t.printed_step, "
        "t.count, t.seconds, t.samples_json, t.source_name, t.printed_json FROM runs r, "
        "measurements t WHERE t.run_id = 2 AND r.id > (SELECT run FROM was) ORDER BY r.id, t.id;"
        "COMMIT;";
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
    char* error = nullptr;
    int rc = sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &error);
    std::string why = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(h);
    ASSERT_EQ(rc, SQLITE_OK) << why;
}

void sql(const std::string& db, const std::string& statement) {
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(h, statement.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
        << sqlite3_errmsg(h);
    sqlite3_close(h);
}

class Publish : public Cli {
  protected:
    void SetUp() override {
        Cli::SetUp();
        auto r = run("import " + fixture_path("seed004-athlon-p3.txt"));  // runs 1, 2
        ASSERT_EQ(r.code, 0) << r.err;
    }
    fs::path site() const { return dir / "site"; }
    fs::path outside() const { return dir / "outside"; }
    Result publish(const std::string& extra = "") const {
        return run("publish " + extra + site().string());
    }
};
}  // namespace

// Bug 2: a symlink planted in DIR never leads publish outside it. A symlinked
// sub-folder or manifest is refused before anything is written; a page that
// is a symlink is replaced by a file, and what it pointed at stays as it was.
TEST_F(Publish, NeverWritesOrDeletesThroughASymlinkInsideDir) {
    struct Case {
        std::string name;
        std::function<void(const fs::path& site, const fs::path& outside)> plant;
        int code;
        std::string err;
    };
    auto link_folder = [](const std::string& sub) {
        return [sub](const fs::path& s, const fs::path& o) {
            fs::rename(s / sub, o / "moved-away");
            fs::create_directory_symlink(o, s / sub);
        };
    };
    const std::vector<Case> cases{
        {"run/ a symlink to a folder with a stale page's name in it", link_folder("run"), 1,
         "run is a symbolic link: publish never writes through one"},
        {"machine/ a symlink to another folder", link_folder("machine"), 1,
         "machine is a symbolic link"},
        {"the manifest a symlink to a file",
         [](const fs::path& s, const fs::path& o) {
             fs::remove(s / ".speedlab-published");
             fs::create_symlink(o / "2.html", s / ".speedlab-published");
         },
         1, ".speedlab-published is not a regular file"},
        {"a page a symlink to a file",
         [](const fs::path& s, const fs::path& o) {
             fs::remove(s / "machines.html");
             fs::create_symlink(o / "2.html", s / "machines.html");
         },
         0, ""},
        {"a stale page a symlink to a file",
         [](const fs::path& s, const fs::path& o) {
             fs::remove(s / "run" / "2.html");
             fs::create_symlink(o / "2.html", s / "run" / "2.html");
         },
         0, ""},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        fs::remove_all(site()), fs::remove_all(outside()), fs::remove(db());
        ASSERT_EQ(run("import " + fixture_path("seed004-athlon-p3.txt")).code, 0);
        ASSERT_EQ(publish().code, 0);
        ASSERT_EQ(run("delete -y 2").code, 0);  // run/2.html is stale now
        fs::create_directories(outside());
        std::ofstream(outside() / "2.html") << "not a page: a file of someone else's";
        c.plant(site(), outside());
        auto outside_before = snapshot(outside()), site_before = snapshot(site());
        auto r = publish();
        EXPECT_EQ(r.code, c.code) << r.err;
        EXPECT_TRUE(has(r.err, c.err)) << r.err;
        EXPECT_EQ(snapshot(outside()), outside_before);
        if (c.code != 0) {
            EXPECT_EQ(snapshot(site()), site_before) << "nothing written";
        } else {
            EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(site() / "machines.html")));
            EXPECT_TRUE(has(slurp((site() / "index.html").string()), "run/1.html"));
        }
    }
}

// Bug 32: --force writes into a folder publish did not write, but replaces
// none of its files; one in a page's place is refused before anything is written.
TEST_F(Publish, ForceNeverReplacesAFileItDidNotWrite) {
    struct Case {
        std::string name, file;
        int code;
    };
    const std::vector<Case> cases{
        {"a file of the user's beside the pages", "notes.txt", 0},
        {"the user's own index.html", "index.html", 2},
        {"the user's own page of a run", "run/1.html", 2},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        fs::remove_all(site());
        fs::create_directories(site() / "run");
        std::ofstream(site() / c.file) << "mine";
        EXPECT_EQ(publish().code, 2) << "not empty and not publish's";
        auto r = publish("--force ");
        EXPECT_EQ(r.code, c.code) << r.err;
        EXPECT_EQ(slurp((site() / c.file).string()), "mine");
        if (c.code == 0) continue;
        EXPECT_TRUE(has(r.err, c.file + " is in the way: publish did not write it")) << r.err;
        EXPECT_FALSE(fs::exists(site() / ".speedlab-published")) << "nothing written";
        EXPECT_FALSE(fs::exists(site() / "machines.html"));
    }
}

// Bug 12: names of any length give file names far under NAME_MAX (255 bytes),
// one per name; names that fit keep the file they had.
TEST(PublishNames, AnyNameGivesAShortFileOfItsOwn) {
    std::string cjk;
    for (int i = 0; i < 30; ++i) cjk += "\xE6\xA9\x9F";  // 機, 3 bytes, 9 written
    struct Case {
        std::string name, file;
    };
    const std::vector<Case> cases{
        {"tilia", "tilia.html"},
        {"AMD Athlon(tm) processor", "AMD_20Athlon_28tm_29_20processor.html"},
        {std::string(100, 'a'), std::string(100, 'a') + ".html"},
        {std::string(101, 'a'), std::string(80, 'a') + "~"},
        {std::string(250, 'a'), std::string(80, 'a') + "~"},
        {cjk, "_E6_A9_9F_E6_A9_9F_E6_A9_9F_E6_A9_9F_E6_A9_9F_E6_A9_9F_E6_A9_9F_E6_A9_9F_E6"},
        {std::string(300, '/'), "_2F_2F"},
        {"." + std::string(200, '.'), "_....."},
    };
    std::set<std::string> files;
    for (const auto& c : cases) {
        std::string file = serve::machine_file(c.name);
        EXPECT_EQ(file.rfind(c.file, 0), 0u) << c.name.substr(0, 20) << " gave " << file;
        EXPECT_LE(file.size(), 106u) << file;
        EXPECT_EQ(file.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789._-~"),
                  std::string::npos)
            << file;
        EXPECT_TRUE(files.insert(file).second) << "two names, one file: " << file;
    }
    EXPECT_NE(serve::machine_file(std::string(250, 'a')),
              serve::machine_file(std::string(249, 'a') + "b"));
    // A name written with '~' is never one a shorter name gives.
    EXPECT_EQ(serve::machine_file("a~b"), "a_7Eb.html");
}

TEST_F(Publish, LongMachineNamesArePublished) {
    std::string cjk;
    for (int i = 0; i < 30; ++i) cjk += "\xE6\xA9\x9F";
    ASSERT_EQ(run("edit 1 --machine " + cjk).code, 0);
    // Longer than any name rule lets in: the store may hold one from before.
    sql(db(), "UPDATE machines SET label = '" + std::string(250, 'x') +
                  "' WHERE id = (SELECT machine_id FROM runs WHERE id = 2)");
    auto r = publish();
    ASSERT_EQ(r.code, 0) << r.err;
    std::string index = slurp((site() / "index.html").string());
    for (const auto& name : {cjk, std::string(250, 'x')}) {
        std::string file = serve::machine_file(name);
        EXPECT_TRUE(fs::is_regular_file(site() / "machine" / file)) << file;
        EXPECT_TRUE(has(index, "href=\"machine/" + file + "\"")) << file;
    }
}

namespace {
// A store of seed 000 and 1,500 copies: long enough to export or publish
// that Ctrl-C lands midway, big enough that a bundle in memory shows.
class BigStore : public Cli {
  protected:
    void SetUp() override {
        Cli::SetUp();
        auto r = run("import " + fixture_path("seed000-redhat73-pcem.txt"));
        ASSERT_EQ(r.code, 0) << r.err;
        grow(db(), 1500);
        auto r2 = run("list --limit 1 --format json");
        ASSERT_EQ(r2.code, 0) << r2.err;
        last = nlohmann::json::parse(r2.out).at(0).at("id").get<int64_t>();
        runs = nlohmann::json::parse(run("list --limit 0 --format json").out).size();
    }
    int64_t last = 0;  // the id of the last run
    size_t runs = 0;
    // Peak resident memory (KiB) of speedlab ARGS, from wait4.
    long peak_kib(const std::string& args) const {
        std::string cmd =
            std::string(SPEEDLAB_BINARY) + " --db " + db() + " " + args + " >/dev/null 2>/dev/null";
        pid_t pid = fork();
        if (pid == 0) {
            execl("/bin/sh", "sh", "-c", ("exec " + cmd).c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        int status = 0;
        rusage usage{};
        wait4(pid, &status, 0, &usage);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << args;
        return usage.ru_maxrss;
    }
};
}  // namespace

// Bugs 13 and 14: Ctrl-C stops publish after the current page with exit 130,
// the manifest naming every page, so the next publish takes the folder and
// finishes the site.
TEST_F(BigStore, PublishStopsOnCtrlCAndTheNextOneFinishes) {
    std::string site = (dir / "site").string();
    int status = interrupted_at({"publish", site}, "publish: 3/", 0);
    if (status == kNoTerminal) GTEST_SKIP() << "no pseudo-terminal here";
    ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
    EXPECT_EQ(WEXITSTATUS(status), 130);
    std::string last_page = "run/" + std::to_string(last) + ".html";
    EXPECT_FALSE(fs::exists(fs::path(site) / last_page)) << "it went on to the end";
    std::string manifest = slurp(site + "/.speedlab-published");
    EXPECT_TRUE(has(manifest, last_page + "\n")) << "the manifest names every page";
    auto pages = std::count(manifest.begin(), manifest.end(), '\n');
    auto r = run("publish " + site);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(has(r.out, fmt::format("published {} pages", pages))) << r.out;
    EXPECT_TRUE(fs::exists(fs::path(site) / last_page));
}

// Bug 15: Ctrl-C during export -o leaves the target as it was and no temporary.
TEST_F(BigStore, ExportStopsOnCtrlCAndWritesNothing) {
    std::string bundle = (dir / "bundle.json").string();
    std::ofstream(bundle) << "the bundle of yesterday";
    int status = interrupted_at({"export", "--all", "-o", bundle}, "export: 1/", 0);
    if (status == kNoTerminal) GTEST_SKIP() << "no pseudo-terminal here";
    ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
    EXPECT_EQ(WEXITSTATUS(status), 130);
    EXPECT_EQ(slurp(bundle), "the bundle of yesterday");
    for (const auto& e : fs::directory_iterator(dir))
        EXPECT_FALSE(has(e.path().filename().string(), ".speedlab-")) << e.path();
}

// Bug 15: export holds a run at a time: its peak memory for 1,500 runs and more is
// that for one run plus far less than the bundle it writes.
TEST_F(BigStore, ExportMemoryDoesNotGrowWithTheBundle) {
    if (SPEEDLAB_SANITIZE_BUILD) GTEST_SKIP() << "the sanitizers' memory is not the program's";
    std::string bundle = (dir / "bundle.json").string();
    long one = peak_kib("export 1 -o " + bundle);
    long all = peak_kib("export --all -o " + bundle);
    auto size_kib = static_cast<long>(fs::file_size(bundle) / 1024);
    ASSERT_GT(size_kib, 20 * 1024) << "too small a bundle to tell";
    EXPECT_LT(all - one, size_kib / 4)
        << "one run: " << one << " KiB, all: " << all << " KiB, bundle: " << size_kib << " KiB";
    auto parsed = nlohmann::json::parse(slurp(bundle));
    EXPECT_EQ(parsed.at("runs").size(), runs);
}

// The bundle written a run at a time is, byte for byte, the document it was
// when built whole: exported again, a bundle is the same.
TEST(BundleStream, IsTheWholeDocumentByteForByte) {
    auto runs = fixture_runs("seed000-redhat73-pcem.txt");
    ASSERT_GE(runs.size(), 2u);
    runs[1].raw_text = std::string("not UTF-8: \xff\xfe\n");
    for (size_t n : {size_t{0}, size_t{1}, runs.size()}) {
        std::vector<speedlab::Run> some(runs.begin(), runs.begin() + static_cast<long>(n));
        nlohmann::json list = nlohmann::json::array();
        for (const auto& run : some) {
            auto j = to_json(run, true);
            if (run.raw_text.view().find('\xff') != std::string_view::npos) {
                j.erase("raw_text");
                j["raw_text_base64"] = "bm90IFVURi04OiD//go=";
            }
            list.push_back(j);
        }
        nlohmann::json whole{{"format", "speedlab-bundle"},
                             {"version", store::kBundleVersion},
                             {"exported_by", "speedlab test"},
                             {"runs", list}};
        std::string streamed = store::bundle_head("speedlab test");
        for (size_t i = 0; i < some.size(); ++i) streamed += store::bundle_run(some[i], i == 0);
        streamed += store::bundle_tail(!some.empty());
        EXPECT_EQ(streamed, json_text(whole)) << n << " runs";
    }
}
