// speedlab machines, machine rename|merge|split, --machine patterns and the
// runs edit and delete act on, end to end on the five seeds (issue 20).
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

#include "cli_support.h"

namespace speedlab::testing {

namespace {
// name -> runs, and name -> aliases, from `machines --format json`.
std::map<std::string, int> runs_by_machine(const std::string& json_text) {
    std::map<std::string, int> out;
    for (const auto& m : nlohmann::json::parse(json_text)) out[m.at("name")] = m.at("runs");
    return out;
}

int listed(const Result& r) {
    return r.code == 0 ? static_cast<int>(nlohmann::json::parse(r.out).size()) : -1;
}

const std::map<std::string, int> kSeedMachines{{"abrasd03", 1},    {"AMD Athlon(tm) processor", 1},
                                               {"p-mdk7.home", 2}, {"p-rh62", 2},
                                               {"p-rh73", 3},      {"PCem", 5},
                                               {"tilia", 9}};
}  // namespace

class Machines : public Cli {
  protected:
    void SetUp() override {
        Cli::SetUp();
        // One import of the five: 23 runs (001 and 002 repeat 000's tilia rows and
        // BogoMips table: stored once); 003 is a ratio table (exit 65).
        std::string seeds;
        for (const char* s : {"seed000-redhat73-pcem.txt", "seed001-redhat62-pcem.txt",
                              "seed002-mandrake72-pcem.txt", "seed003-sslcmp-i386-i486.txt",
                              "seed004-athlon-p3.txt"})
            seeds += " " + fixture_path(s);
        auto r = run("import" + seeds);
        ASSERT_EQ(r.code, 65) << r.err;
        ASSERT_NE(r.err.find("5 files: 23 run(s) stored"), std::string::npos) << r.err;
    }
    // Everything a refused command must leave as it was: every run, its machine included.
    std::string everything() const {
        auto r = run("export --all");
        EXPECT_EQ(r.code, 0) << r.err;
        return r.out;
    }
};

TEST_F(Machines, ListsEachSeedMachineWithItsRuns) {
    auto r = run("machines --format json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(runs_by_machine(r.out), kSeedMachines);
    auto pcem = nlohmann::json::parse(r.out)[4];
    EXPECT_EQ(pcem.at("name"), "p-rh73");
    EXPECT_EQ(pcem.at("cpu"), "Pentium 75 - 200");
    EXPECT_EQ(pcem.at("kind"), "emulated");
    EXPECT_EQ(pcem.at("emulator"), "PCem");
    EXPECT_EQ(pcem.at("figures"), 176);
    EXPECT_EQ(pcem.at("aliases"), nlohmann::json::array());
    // First and last are measuring dates: the seeds state none (issue 33).
    EXPECT_EQ(pcem.at("first"), "");
    EXPECT_EQ(pcem.at("last"), "");
    r = run("machines --width 200");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("p-rh73                             Pentium 75 - 200          "
                         "emulated (PCem)     3   176  -               -\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("  first measured  last measured\n"), std::string::npos) << r.out;
    r = run("machines --format csv");
    EXPECT_NE(r.out.find("\nPCem,,,unknown,,5,5,"), std::string::npos) << r.out;
}

TEST_F(Machines, OneMergeMakesThePcemNamesOneMachineAndSplitUndoesIt) {
    std::string before = run("machines --format json").out;
    auto r = run("machine merge PCem p-rh73 p-rh62 p-mdk7.home");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "merged 3 machines (7 runs) into PCem\n");
    r = run("machines --format json");
    auto merged = runs_by_machine(r.out);
    EXPECT_EQ(merged,
              (std::map<std::string, int>{
                  {"abrasd03", 1}, {"AMD Athlon(tm) processor", 1}, {"PCem", 12}, {"tilia", 9}}));
    auto pcem = nlohmann::json::parse(r.out)[2];
    EXPECT_EQ(pcem.at("aliases"), (nlohmann::json{"p-mdk7.home", "p-rh62", "p-rh73"}));
    EXPECT_EQ(pcem.at("figures"), 375);
    EXPECT_EQ(listed(run("list --limit 0 --machine pcem --format json")), 12);
    r = run("machine split pcem");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "split 7 runs of PCem back into p-rh73, p-rh62, p-mdk7.home\n");
    EXPECT_EQ(run("machines --format json").out, before);
    r = run("machine split PCem");  // nothing merged any more
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("nothing was merged into 'PCem'; nothing changed"), std::string::npos)
        << r.err;
}

TEST_F(Machines, SplitGivesBackOneAliasAndRefusesANameNotMerged) {
    ASSERT_EQ(run("machine merge PCem p-rh73 p-rh62 p-mdk7.home").code, 0);
    std::string merged = run("export --all").out;
    auto r = run("machine split PCem tilia");  // not merged into PCem: nothing changes
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("machine split: 'tilia' is not one of PCem's aliases (p-mdk7.home, "
                         "p-rh62, p-rh73); nothing changed"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(run("export --all").out, merged);
    r = run("machine split pcem P-RH62");  // names ignoring case
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "split 2 runs of PCem back into p-rh62\n");
    r = run("machines --format json");
    EXPECT_EQ(runs_by_machine(r.out), (std::map<std::string, int>{{"abrasd03", 1},
                                                                  {"AMD Athlon(tm) processor", 1},
                                                                  {"p-rh62", 2},
                                                                  {"PCem", 10},
                                                                  {"tilia", 9}}));
    EXPECT_EQ(nlohmann::json::parse(r.out)[3].at("aliases"),
              (nlohmann::json{"p-mdk7.home", "p-rh73"}));
    r = run("machine split PCem");  // the rest
    EXPECT_EQ(r.out, "split 5 runs of PCem back into p-rh73, p-mdk7.home\n");
    EXPECT_EQ(runs_by_machine(run("machines --format json").out), kSeedMachines);
    r = run("machine split PCem p-rh73");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("machine split: nothing was merged into 'PCem'; nothing changed"),
              std::string::npos)
        << r.err;
}

TEST_F(Machines, MachineSelectsByCaseGlobAndPartOfAName) {
    EXPECT_EQ(listed(run("list --limit 0 --machine pcem --format json")), 5);
    EXPECT_EQ(listed(run("list --limit 0 --machine rh73 --format json")), 3);
    EXPECT_EQ(listed(run("list --limit 0 --machine 'p-*' --format json")), 7);
    auto r = run("machines --machine 'p-*' --format json");
    EXPECT_EQ(runs_by_machine(r.out),
              (std::map<std::string, int>{{"p-mdk7.home", 2}, {"p-rh62", 2}, {"p-rh73", 3}}));
    r = run("show machine:rh73");  // one run to show: the newest run of the machines meant
    EXPECT_EQ(r.out.rfind("run 3 (p-rh73 rh73 0.9.6b asm)", 0), 0u) << r.out;
    r = run("list --machine nosuch");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("--machine: no machine 'nosuch'; the closest: p-rh62, p-rh73, PCem "
                         "(see speedlab machines)"),
              std::string::npos)
        << r.err;
}

TEST_F(Machines, RefusedMergesAndRenamesChangeNothing) {
    std::string before = everything();
    struct Refusal {
        const char* args;
        const char* says;
    };
    const Refusal refusals[] = {
        {"machine merge PCem pcem", "cannot merge 'PCem' into itself; nothing changed"},
        {"machine merge PCem p-rh73 nosuch", "no machine 'nosuch'; the closest:"},
        {"machine merge nosuch p-rh73", "no machine 'nosuch'"},
        {"machine merge abrasd03 'AMD Athlon(tm) processor'",
         "the CPUs differ: 'abrasd03' has 'Pentium III (Coppermine)', 'AMD Athlon(tm) "
         "processor' has 'AMD Athlon(tm) processor'; nothing changed (--force merges anyway)"},
        {"machine merge PCem abrasd03 'AMD Athlon(tm) processor'",  // PCem states no CPU
         "the CPUs differ: 'abrasd03' has 'Pentium III (Coppermine)', 'AMD Athlon(tm) "
         "processor' has 'AMD Athlon(tm) processor'"},
        {"machine rename tilia pcem",
         "a machine 'PCem' exists; to make them one, use `speedlab machine merge 'PCem' 'tilia'`"},
        {"machine rename nosuch x", "no machine 'nosuch'"},
        {"machine split tilia", "nothing was merged into 'tilia'; nothing changed"},
    };
    for (const auto& f : refusals) {
        auto r = run(f.args);
        EXPECT_EQ(r.code, 2) << f.args;
        EXPECT_EQ(r.out, "") << f.args;
        EXPECT_NE(r.err.find(f.says), std::string::npos) << f.args << ": " << r.err;
    }
    EXPECT_EQ(everything(), before);
    auto r = run("machine merge abrasd03 'AMD Athlon(tm) processor' --force");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(runs_by_machine(run("machines --format json").out).at("abrasd03"), 2);
}

TEST_F(Machines, RenameKeepsWhatAMergeRemembers) {
    ASSERT_EQ(run("machine merge p-rh73 p-rh62").code, 0);
    auto r = run("machine rename P-RH73 pentium");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "renamed 1 machine (5 runs) as pentium\n");
    auto m = runs_by_machine(run("machines --format json").out);
    EXPECT_EQ(m.at("pentium"), 5);
    EXPECT_EQ(m.count("p-rh73"), 0u);
    r = run("machine split pentium");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "split 2 runs of pentium back into p-rh62\n");
    m = runs_by_machine(run("machines --format json").out);
    EXPECT_EQ(m.at("pentium"), 3);
    EXPECT_EQ(m.at("p-rh62"), 2);
}

TEST_F(Machines, EditAndDeleteTakeSeveralRunsRangesAndFilters) {
    auto r = run("edit 5 6 --machine X");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(runs_by_machine(run("machines --format json").out).at("X"), 2);
    EXPECT_EQ(runs_by_machine(run("machines --format json").out).at("tilia"), 7);
    std::string before = everything();
    for (const char* refused :
         {"edit 5 999 --machine Y", "delete -y 100-120", "delete -y 9-5",
          "delete -y 40-45 --machine nosuch", "delete -y 1-3 --machine tilia"}) {
        r = run(refused);
        EXPECT_EQ(r.code, 2) << refused << ": " << r.err;
        EXPECT_NE(r.err.find("speedlab: error: "), std::string::npos) << refused << ": " << r.err;
    }
    EXPECT_EQ(everything(), before);
    r = run("delete -y 5-7");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("deleted 3 run(s)"), std::string::npos) << r.err;
    EXPECT_EQ(listed(run("list --limit 0 --format json")), 20);
    EXPECT_EQ(runs_by_machine(run("machines --format json").out).count("X"), 0u);
    r = run("delete -y 8-17 --machine pcem");  // the range and the filter must both hold
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("deleted 5 run(s)"), std::string::npos) << r.err;
    // PCem's five BogoMips runs are 9, 11, 13, 15 and 17: none is left.
    EXPECT_EQ(runs_by_machine(run("machines --format json").out).count("PCem"), 0u);
    EXPECT_EQ(runs_by_machine(run("machines --format json").out).at("tilia"),
              6);  // 7 went with 5-7
}

// Bundles carry what a merge remembers (machine.merged_from): the store that
// imports one lists the aliases, and `machine split` gives the names back
// there; an older bundle without them still imports (issue 31, bug 16).
TEST_F(Machines, ABundleCarriesWhatAMergeRemembers) {
    ASSERT_EQ(run("machine merge PCem p-rh73 p-rh62 p-mdk7.home").code, 0);
    const auto exported = nlohmann::json::parse(everything());
    using Json = nlohmann::json;
    auto pcem_runs = [](Json& b, const std::function<void(Json&)>& fn) {
        for (auto& r : b["runs"])
            if (r["machine"]["label"] == "PCem" && r["machine"].contains("merged_from"))
                fn(r["machine"]);
    };
    struct Case {
        std::string name;
        std::function<void(Json&)> change;
        int code;
        Json aliases;
    };
    const std::vector<Case> cases{
        {"as exported", [](Json&) {}, 0, Json{"p-mdk7.home", "p-rh62", "p-rh73"}},
        {"an older bundle", [&](Json& b) { pcem_runs(b, [](Json& m) { m.erase("merged_from"); }); },
         0, Json::array()},
        {"a name on two lines",
         [&](Json& b) { pcem_runs(b, [](Json& m) { m["merged_from"] = "p-rh\n73"; }); }, 65,
         nullptr},
        {"not a name", [&](Json& b) { pcem_runs(b, [](Json& m) { m["merged_from"] = 73; }); }, 65,
         nullptr},
    };
    int n = 0;
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        Json bundle = exported;
        c.change(bundle);
        std::string file = (dir / ("bundle-" + std::to_string(n) + ".json")).string();
        std::ofstream(file) << bundle.dump(2);
        std::string other = "--db " + (dir / ("other-" + std::to_string(n++) + ".db")).string();
        auto on_other = [&](const std::string& args) {
            std::string out = (dir / "o.txt").string(), err = (dir / "e.txt").string();
            int status = std::system((std::string(SPEEDLAB_BINARY) + " " + other + " " + args +
                                      " >" + out + " 2>" + err + " </dev/null")
                                         .c_str());
            return Result{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
        };
        auto r = on_other("import " + file);
        ASSERT_EQ(r.code, c.code) << r.err;
        if (c.code != 0) {
            EXPECT_NE(r.err.find("merged_from"), std::string::npos) << r.err;
            continue;
        }
        auto machines = nlohmann::json::parse(on_other("machines --format json").out);
        EXPECT_EQ(machines[2].at("name"), "PCem");
        EXPECT_EQ(machines[2].at("aliases"), c.aliases);
        if (c.aliases.empty()) continue;
        r = on_other("machine split PCem");
        EXPECT_EQ(r.out, "split 7 runs of PCem back into p-rh73, p-rh62, p-mdk7.home\n") << r.err;
        EXPECT_EQ(runs_by_machine(on_other("machines --format json").out), kSeedMachines);
    }
}

}  // namespace speedlab::testing

namespace speedlab::testing {

// list, machines, show and sysinfo take their --format names from one table
// each: the help and the error list them, and the new formats print the same rows.
TEST_F(Machines, EveryListingTakesTheFormatsOfItsTable) {
    struct Case {
        std::string args;
        int code;
        std::string want;  // in stdout, or stderr when refused
    };
    const Case cases[] = {
        {"list --format csv", 0, "id,label,when,measured_at,stored_at,source,"},
        {"list --format markdown", 0, "| id | label | measured | stored |"},
        {"list --format markdown", 0, "\n|---:|---|---|---|---|---:|---|---|\n"},
        {"machines --format markdown", 0,
         "\n| p-rh73 |  | Pentium 75 - 200 | emulated (PCem) | 3 | 176 | - | - |\n"},
        {"machines --format csv", 0, "\nPCem,,,unknown,,5,5,"},
        {"list --help", 0, "text, json, csv or markdown"},
        {"machines --help", 0, "text, json, csv or markdown"},
        {"show --help", 0, "text, json or mr"},
        {"sysinfo --help", 0, "text or json"},
        // algorithm names in help come from the registry
        {"run --help", 0, "openssl speed names (md5 sha1 rc4 des-cbc des-ede3 bf aes "},
        {"run --help", 0, "EVP names (aes-128-gcm)"},
        {"compare --help", 0, "e.g. md5@8192,rsa4096.sign, blowfish@8192, md5 (every size), "},
        {"show 1 --format csv", 2, "--format: csv not in {text,json,mr}"},
        {"sysinfo --format markdown", 2, "--format: markdown not in {text,json}"},
    };
    for (const auto& c : cases) {
        auto r = run(c.args);
        EXPECT_EQ(r.code, c.code) << c.args << "\n" << r.err;
        EXPECT_NE((c.code ? r.err : r.out).find(c.want), std::string::npos) << c.args << "\n"
                                                                            << r.out << r.err;
    }
}

}  // namespace speedlab::testing
