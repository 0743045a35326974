// Every command that prints runs, machines or their figures takes its --format
// names from one table (report/formats.h): it accepts exactly those, refuses
// another with exit 2 listing them, and each format prints the real figures
// (issue 32, item 5), end to end on the five seeds and the reference set.
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "history_nights.h"
#include "reference/listing.h"
#include "reference/rank.h"
#include "report/check_report.h"
#include "report/history_report.h"
#include "report/imported_runs.h"
#include "report/machine_text.h"
#include "report/run_text.h"
#include "report/summary_formats.h"

namespace speedlab::testing {

class FormatTables : public Cli {
  protected:
    void SetUp() override {
        Cli::SetUp();
        std::string seeds;
        for (const char* s : {"seed000-redhat73-pcem.txt", "seed001-redhat62-pcem.txt",
                              "seed002-mandrake72-pcem.txt", "seed004-athlon-p3.txt"})
            seeds += " " + fixture_path(s);
        auto r = run("import" + seeds);
        ASSERT_EQ(r.code, 0) << r.err;
    }
};

TEST_F(FormatTables, EveryCommandTakesExactlyTheNamesOfItsTable) {
    struct Case {
        std::string command;
        std::vector<std::string> table, want;
    };
    const std::vector<std::string> four{"text", "json", "csv", "markdown"};
    const Case cases[] = {
        {"list", report::run_list_formats().names(), four},
        {"machines", report::machine_list_formats().names(), four},
        {"show 1", report::run_formats().names(), {"text", "json", "mr"}},
        {"sysinfo", report::system_formats().names(), {"text", "json"}},
        {"history tilia", report::history_formats().names(), four},
        {"rank 'p-rh73 rh73 0.9.6b asm'", reference::rank_formats().names(), four},
        {"reference list --cpu 'Pentium 100'", reference::list_formats().names(), four},
        {"reference show 14", reference::show_formats().names(), {"text", "json"}},
        {"check 3 3", report::check_formats().names(), four},
        {"import --dry-run " + fixture_path("seed000-redhat73-pcem.txt"),
         report::imported_formats().names(),
         {"text", "json"}},
    };
    for (const auto& c : cases) {
        EXPECT_EQ(c.table, c.want) << c.command;
        std::string listed = "{";
        for (const auto& name : c.table) {
            auto r = run(c.command + " --format " + name);
            EXPECT_EQ(r.code, 0) << c.command << " --format " << name << "\n" << r.err;
            EXPECT_FALSE(r.out.empty()) << c.command << " --format " << name;
            listed += (listed.size() > 1 ? "," : "") + name;
        }
        auto refused = run(c.command + " --format yaml");
        EXPECT_EQ(refused.code, 2) << c.command;
        EXPECT_NE(refused.err.find("--format: yaml not in " + listed + "}"), std::string::npos)
            << c.command << "\n"
            << refused.err;
        auto help = run(c.command + " --help");
        EXPECT_NE(help.out.find(report::names_text(c.table)), std::string::npos)
            << c.command << "\n"
            << help.out;
    }
    // run measures with any name it takes: its table and its refusal only.
    EXPECT_EQ(report::measured_run_formats().names(),
              (std::vector<std::string>{"text", "json", "mr"}));
    auto refused = run("run md5 --format csv --no-store");
    EXPECT_EQ(refused.code, 2);
    EXPECT_NE(refused.err.find("--format: csv not in {text,json,mr}"), std::string::npos)
        << refused.err;
    EXPECT_NE(run("run --help").out.find("--format TEXT:{text,json,mr}"), std::string::npos);
}

TEST_F(FormatTables, TheNewFormatsPrintTheRealFigures) {
    std::ofstream(dir / "lab.json") << lab_bundle();  // lab-drop: md5 falls 10% at point 30
    ASSERT_EQ(run("import " + (dir / "lab.json").string()).code, 0);
    struct Case {
        std::string name, input, want;
    };
    const std::string rank = "rank 'p-rh73 rh73 0.9.6b asm' ";
    const Case cases[] = {
        {"history csv: a seed's BogoMIPS per point", "history tilia --format csv",
         "\nbogomips.score,hand-made table,3,14,,148.68,,,,,,\n"},
        {"history markdown: the builds", "history tilia --format markdown",
         "tilia: 9 runs, 4 builds, 4 figure series, 0 changes (in version order)\n\n"
         "| build | runs |\n|---|---:|\n| hand-made table | 5 |\n| OpenSSL 0.9.2b | 1 |\n"},
        {"history markdown: a change", "history lab-drop --format markdown",
         "| figure | build | point | run | measured | before | after | change | p |\n"
         "|---|---|---:|---:|---|---:|---:|---:|---:|\n| md5@8192 | libcrypto 3.0.13 | 30 | "},
        {"rank markdown: the closest machine", rank + "--format markdown",
         "| 1.032x | 0.977-1.091 | Intel Pentium 100 MHz (openssl-times/586-1002.lnx, id 15) | 62 "
         "| version differs (SSLeay 0.8.3e) |\n"},
        {"rank markdown: a figure and its neighbours", rank + "--format markdown",
         "\n| md5@8192 | 13.50 MB/s | 61% [61-65%] | 46 | 12.40 MB/s UltraSPARC 167 MHz | "
         "13.77 MB/s UltraSPARC 167 MHz |\n"},
        {"rank markdown: the sources' terms", rank + "--format markdown",
         "\nsources and their terms:\n"},
        {"rank csv: a figure and its neighbours", rank + "--format csv",
         "\nmd5@8192,13497690,46,60.869565217391305,60.869565217391305,65.21739130434783,322,"
         "12397230,https://github.com/barryc-ro/RiscOS_2003,\"SSLeay licence "},
        {"reference list markdown", "reference list --cpu 'Pentium 100' --format markdown",
         "\n| 14 | 1997 | physical | 100 | 1 | 69 | openssl-times/586-100.ln4 | SSLeay 0.8.3aa | "
         "Intel Pentium |\n"},
        {"list markdown: how many the newest are of", "list --format markdown --limit 3",
         "|\n\n(the newest 3 of 203 runs; --limit 0 lists all)\n"},
        {"list text: the same", "list --limit 3",
         "\n(the newest 3 of 203 runs; --limit 0 lists all)\n"},
    };
    for (const auto& c : cases) {
        auto r = run(c.input);
        EXPECT_EQ(r.code, 0) << c.name << "\n" << r.err;
        EXPECT_NE(r.out.find(c.want), std::string::npos) << c.name << "\n" << r.out;
    }
    // check's new formats carry its verdicts, and its exit code stays the verdict's.
    const Case failed[] = {
        {"check markdown", "check 3 4 --format markdown",
         "\n| md5@8192 | 13497.69k | 12391.77k | -8.2% | -13.1% to -3.0% | regression |\n"},
        {"check csv", "check 3 4 --format csv",
         "\nmd5@8192,13497690,12391770,0.9180659801788306,0.868556908394425,0.9703971447533152,,"
         "regression\n"},
    };
    for (const auto& c : failed) {
        auto r = run(c.input);
        EXPECT_EQ(r.code, 1) << c.name << "\n" << r.err;
        EXPECT_NE(r.out.find(c.want), std::string::npos) << c.name << "\n" << r.out;
    }
}

}  // namespace speedlab::testing
