// A run is stored once (issue 20): duplicates are found by content, not by
// file, and a run met again gains a source. End to end on the seeds.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli_support.h"

namespace speedlab::testing {

namespace {
// The text as a web page saves it: in <pre> with its markup escaped, or line
// by line with <br> and no <pre>.
std::string as_html(const std::string& text, bool pre) {
    std::string escaped;
    for (char c : text) {
        if (c == '&')
            escaped += "&amp;";
        else if (c == '<')
            escaped += "&lt;";
        else if (c == '>')
            escaped += "&gt;";
        else if (c == '\n' && !pre)
            escaped += "<br>\n";
        else
            escaped += c;
    }
    return pre ? "<html><body><pre>" + escaped + "</pre></body></html>\n"
               : "<html><body>\n" + escaped + "</body></html>\n";
}

size_t runs_stored(const Result& list) {
    return list.code == 0 ? nlohmann::json::parse(list.out).size() : 0;
}
}  // namespace

class Duplicates : public Cli {
  protected:
    std::string seed000() const { return fixture_path("seed000-redhat73-pcem.txt"); }
    std::string html_copy(bool pre) const {
        std::string path = (dir / (pre ? "seed000.html" : "seed000-br.html")).string();
        std::ofstream(path) << as_html(slurp(seed000()), pre);
        return path;
    }
    size_t stored() const { return runs_stored(run("list --limit 0 --format json")); }
};

// The acceptance of issue 20: a second import of the five seeds stores
// nothing, says so per file, and leaves every run and source as it was.
TEST_F(Duplicates, ImportingTheSeedsASecondTimeStoresNothing) {
    std::string seeds = seed_paths();
    auto r = run("import" + seeds);
    ASSERT_EQ(r.code, 65) << r.err;
    ASSERT_EQ(stored(), 23u);
    std::string before = run("export --all").out;
    r = run("import" + seeds);
    EXPECT_EQ(r.code, 65) << r.err;  // 003 is still a ratio table
    EXPECT_NE(r.err.find("5 files: 0 run(s) stored; 4 file(s) skipped, 1 refused"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(stored(), 23u);
    EXPECT_EQ(run("export --all").out, before);
}

// Seed 000 saved as a web page, in <pre> with entities, or with <br> line
// breaks: no run is new; each run gains the page as a source, with its lines.
TEST_F(Duplicates, AnHtmlCopyOfSeed000StoresNothingAndAddsASource) {
    ASSERT_EQ(run("import " + seed000()).code, 0);
    ASSERT_EQ(stored(), 17u);
    auto r = run("import " + html_copy(true));
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("skipped " + (dir / "seed000.html").string() +
                         ": its 17 runs stored already (same content: run 1 and others); added "
                         "as another source; nothing stored (--again stores a copy)"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(stored(), 17u);
    r = run("import " + html_copy(false));
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_EQ(stored(), 17u);
    r = run("show 1");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("\nsource: seed000-redhat73-pcem.txt lines 236-260 (sha256 e62145d14c5e)\n"
                         "source: seed000.html lines 236-260 (sha256 "),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\nsource: seed000-br.html lines 237-261 (sha256 "), std::string::npos)
        << r.out;
    for (int id = 1; id <= 17; ++id) {  // every run, as JSON and in a bundle
        auto j = nlohmann::json::parse(run("show " + std::to_string(id) + " --format json").out);
        ASSERT_EQ(j.at("sources").size(), 3u) << id;
        EXPECT_EQ(j.at("sources")[1].at("file"), "seed000.html") << id;
        EXPECT_EQ(j.at("sources")[1].at("first_line"), j.at("sources")[0].at("first_line")) << id;
        EXPECT_EQ(j.at("source_file"), "seed000-redhat73-pcem.txt") << id;
    }
    auto bundle = nlohmann::json::parse(run("export --all").out);
    EXPECT_EQ(bundle.at("runs")[0].at("sources").size(), 3u);
    r = run("import " + html_copy(true));  // the same page again: its sha256 is known
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("was imported before (run 1; same sha256)"), std::string::npos) << r.err;
    r = run("import --again " + html_copy(true));  // --again stores a copy
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(stored(), 34u);
    auto copy = nlohmann::json::parse(run("show 18 --format json").out);
    ASSERT_EQ(copy.at("sources").size(), 1u);
    EXPECT_EQ(copy.at("sources")[0].at("file"), "seed000.html");
}

// 001 and 002 repeat 000's BogoMips table: one run per machine and kernel,
// with the three places it was read from.
TEST_F(Duplicates, ATableRepeatedInSeveralPostsIsOneRunWithEachSource) {
    auto r = run("import " + seed000() + " " + fixture_path("seed001-redhat62-pcem.txt") + " " +
                 fixture_path("seed002-mandrake72-pcem.txt"));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("3 files: 21 run(s) stored"), std::string::npos) << r.err;
    auto j = nlohmann::json::parse(run("show 'tilia linux-1.2.13 bogomips' --format json").out);
    std::vector<std::string> where;
    for (const auto& s : j.at("sources"))
        where.push_back(fmt::format("{}:{}-{}", s.at("file").get<std::string>(),
                                    s.at("first_line").get<int>(), s.at("last_line").get<int>()));
    EXPECT_EQ(where, (std::vector<std::string>{"seed000-redhat73-pcem.txt:220-227",
                                               "seed001-redhat62-pcem.txt:176-183",
                                               "seed002-mandrake72-pcem.txt:194-201"}));
    EXPECT_EQ(stored(), 21u);
}

// A text that holds seed 004 twice (a post quoting an earlier one): each run is
// stored once, with both places as its sources.
TEST_F(Duplicates, ARunATextRepeatsIsStoredOnceWithBothPlaces) {
    std::string seed = slurp(fixture_path("seed004-athlon-p3.txt"));  // 159 lines
    std::string twice = (dir / "twice.txt").string();
    std::ofstream(twice) << seed << seed;
    auto r = run("import " + twice);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("twice.txt: stored 2 run(s), 2 repeated in the text (stored once, with "
                         "each place as a source)"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(stored(), 2u);
    r = run("show 1");
    EXPECT_NE(r.out.find("\nsource: twice.txt lines 31-95 (sha256 "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nsource: twice.txt lines 190-254 (sha256 "), std::string::npos) << r.out;
    r = run("import --again " + twice);  // a copy of each, still one per run the text holds
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(stored(), 4u);
}

// A bundle's run that is stored already by content, though its label was
// edited here since, is not stored again.
TEST_F(Duplicates, ABundleRunStoredAlreadyUnderAnotherLabelIsNotStoredAgain) {
    ASSERT_EQ(run("import " + seed000()).code, 0);
    std::string bundle = (dir / "seed000.json").string();
    ASSERT_EQ(run("export --all -o " + bundle).code, 0);
    ASSERT_EQ(run("edit 1 --label renamed").code, 0);
    auto r = run("import " + bundle);
    EXPECT_EQ(r.code, 1) << r.err;  // nothing stored: as a text imported before (issue 31, 25)
    EXPECT_NE(r.err.find("skipped 'p-rh73 rh73 0.9.6b engine': already stored as run 1 (same "
                         "content: machine, build and figures)"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("skipped 'tilia rh73 0.9.6b': already stored as run 7 (same content)\n"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(stored(), 17u);
    r = run("import --again " + bundle);  // --again stores the copies
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(stored(), 34u);
}

// A bundle's run stored already from another copy of its text is not stored
// again, but the texts the bundle says it was read from become its sources.
TEST_F(Duplicates, ABundleRunStoredFromAnotherCopyAddsTheBundlesSources) {
    ASSERT_EQ(run("import " + seed000()).code, 0);
    std::string bundle = (dir / "seed000.json").string();
    ASSERT_EQ(run("export --all -o " + bundle).code, 0);
    ASSERT_EQ(run("delete -y 1-17").code, 0);
    ASSERT_EQ(run("import " + html_copy(true)).code, 0);
    auto sources = [&] {
        auto shown = nlohmann::json::parse(run("show 18 --format json").out);
        std::vector<std::string> files;
        for (const auto& s : shown.at("sources")) files.push_back(s.at("file"));
        return files;
    };
    ASSERT_EQ(sources().size(), 1u);
    auto r = run("import " + bundle);
    EXPECT_EQ(r.code, 1) << r.err;  // sources added, no run stored: as a text copy
    EXPECT_NE(r.err.find("already stored as run 18 (same content: machine, build and figures)"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(stored(), 17u);
    auto files = sources();
    ASSERT_EQ(files.size(), 2u);
    EXPECT_NE(files[0].find("seed000.html"), std::string::npos) << files[0];
    EXPECT_NE(files[1].find("seed000-redhat73-pcem.txt"), std::string::npos) << files[1];
    ASSERT_EQ(run("import " + bundle).code, 1);  // again: no source twice
    EXPECT_EQ(sources().size(), 2u);
}

// Issue 31, items 8 and 30: one bundle holding a run twice (relabelled) stores
// it once; a run's notes name the file it was read from, never its folders.
TEST_F(Duplicates, ABundleHoldingARunTwiceStoresItOnceAndNotesNameNoFolder) {
    ASSERT_EQ(run("import " + seed000()).code, 0);
    auto shown = nlohmann::json::parse(run("show 1 --format json").out);
    for (const auto& note : shown.at("notes")) {
        std::string n = note;
        EXPECT_EQ(n.find(dir.string()), std::string::npos) << n;
        EXPECT_EQ(n.find(std::string(SPEEDLAB_TEST_DATA)), std::string::npos) << n;
    }
    auto bundle = nlohmann::json::parse(run("export 1").out);
    auto copy = bundle.at("runs").at(0);
    copy["label"] = "the same run again";
    bundle["runs"].push_back(copy);
    std::string twice = (dir / "twice.json").string();
    std::ofstream(twice) << bundle.dump();
    ASSERT_EQ(run("delete -y 1-17").code, 0);
    auto r = run("import " + twice);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("skipped 'the same run again': given twice in this import"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(stored(), 1u);
    EXPECT_EQ(run("import " + twice).code, 1);  // every run stored already
    EXPECT_EQ(stored(), 1u);
}

// Issue 32: a run is final when parse hands it on, so its key is that of the
// stored run. A text with one figure no machine gives (sha1@16 printed as
// 99999999999999.99k), imported and then quoted with "> ", was stored twice.
TEST_F(Duplicates, ATextWithAnImpossibleFigureQuotedAgainIsRecognisedAsStored) {
    const std::string text =
        "OpenSSL 1.1.1w  11 Sep 2023\n"
        "built on: Mon Sep 11 14:08:30 2023 UTC\n"
        "The 'numbers' are in 1000s of bytes per second processed.\n"
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
        "bytes\n"
        "md5             145499.49k   333045.76k   610494.55k   764410.20k   826880.68k   "
        "829524.65k\n"
        "sha1          99999999999999.99k   433045.76k   810494.55k   964410.20k  1026880.68k  "
        "1029524.65k\n";
    std::string quoted;
    for (size_t at = 0; at < text.size();) {
        size_t end = text.find('\n', at) + 1;
        quoted += "> " + text.substr(at, end - at);
        at = end;
    }
    std::string plain_file = (dir / "plain.txt").string(),
                quoted_file = (dir / "quoted.txt").string();
    std::ofstream(plain_file) << text;
    std::ofstream(quoted_file) << quoted;
    auto r = run("import " + plain_file);
    ASSERT_EQ(r.code, 0) << r.err;
    auto shown = nlohmann::json::parse(run("show 1 --format json").out);
    EXPECT_EQ(shown.at("measurements").size(), 11u);  // sha1@16 left out
    bool noted = false;
    for (const auto& n : shown.at("notes"))
        noted |= n.get<std::string>().starts_with("not stored: sha1@16 is 1e+17/s");
    EXPECT_TRUE(noted) << shown.at("notes");
    r = run("import " + quoted_file);
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(
        r.err.find("skipped " + quoted_file + ": its 1 run stored already (same content: run 1)"),
        std::string::npos)
        << r.err;
    EXPECT_EQ(stored(), 1u);
}

// Issue 31 item 8: one bundle holding the same run twice (another id and
// label) stores it once and reports the second as given twice.
TEST_F(Duplicates, ABundleHoldingARunTwiceStoresItOnce) {
    ASSERT_EQ(run("import " + seed000()).code, 0);
    auto bundle = nlohmann::json::parse(run("export 1 7").out);
    ASSERT_EQ(bundle.at("runs").size(), 2u);
    for (size_t k = 0; k < 2; ++k) {
        auto copy = bundle.at("runs").at(k);
        copy["id"] = 100 + k;
        copy["label"] = copy.at("label").get<std::string>() + " copy";
        bundle["runs"].push_back(copy);
    }
    std::string path = (dir / "twice.json").string();
    std::ofstream(path) << bundle.dump(2);
    ASSERT_EQ(run("delete -y 1-17").code, 0);
    auto r = run("import " + path);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("skipped 'p-rh73 rh73 0.9.6b engine copy': given twice in this import "
                         "(same content)"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("twice.json: stored 2 run(s), 2 given twice (stored once)"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(stored(), 2u);
}

// Issue 31 item 25: one rule for a bundle and a text: when nothing is stored
// because every run given was stored before, the import exits 1.
TEST_F(Duplicates, NothingNewExitsOneForABundleAsForAText) {
    ASSERT_EQ(run("import " + seed000()).code, 0);
    std::string bundle = (dir / "all.json").string();
    ASSERT_EQ(run("export --all -o " + bundle).code, 0);
    struct Case {
        std::string name, file;
        std::string said;
    };
    for (const Case& c : std::vector<Case>{
             {"text imported before", seed000(), "was imported before (run 1; same sha256)"},
             {"bundle stored before", bundle,
              "its 17 runs stored already (same content: run 1 "
              "and others); nothing stored"}}) {
        auto r = run("import " + c.file);
        EXPECT_EQ(r.code, 1) << c.name << ": " << r.err;
        EXPECT_NE(r.err.find(c.said), std::string::npos) << c.name << ": " << r.err;
    }
    EXPECT_EQ(stored(), 17u);
}

// Issue 31 item 30: the importer's directories are kept nowhere: not in a
// run's notes, its sources, nor a bundle made of it.
TEST_F(Duplicates, OnlyTheFilesNameIsKept) {
    std::filesystem::create_directories(dir / "private" / "home");
    std::string path = (dir / "private" / "home" / "seed000.txt").string();
    std::ofstream(path) << slurp(seed000());
    ASSERT_EQ(run("import " + path).code, 0);
    std::string bundle = run("export --all").out;
    EXPECT_EQ(bundle.find("private/home"), std::string::npos);
    EXPECT_NE(bundle.find("of seed000.txt"), std::string::npos);
    auto shown = run("show 1");
    EXPECT_EQ(shown.out.find("private/home"), std::string::npos) << shown.out;
    // A bundle of an older speedlab that kept the path loses it on import.
    std::string old = (dir / "old.json").string();
    std::string with_path = bundle;
    for (size_t at = with_path.find("of seed000.txt"); at != std::string::npos;
         at = with_path.find("of seed000.txt", at + 30))
        with_path.replace(at, 14, "of /home/someone/seed000.txt");
    ASSERT_NE(with_path.find("/home/someone/"), std::string::npos);
    std::ofstream(old) << with_path;
    ASSERT_EQ(run("delete -y 1-17").code, 0);
    ASSERT_EQ(run("import " + old).code, 0);
    EXPECT_EQ(run("export --all").out.find("/home/someone/"), std::string::npos);
}

}  // namespace speedlab::testing
