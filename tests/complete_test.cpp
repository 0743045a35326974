// The hidden `speedlab complete` (shell completion's questions to the database)
// and `--version`: what an installed speedlab tells a shell and a user.
#include <gtest/gtest.h>
#include <openssl/crypto.h>
#include <sqlite3.h>

#include <filesystem>

#include "cli_support.h"

using namespace speedlab::testing;
namespace fs = std::filesystem;

class Complete : public Cli {
  protected:
    // speedlab with ARGS alone (they name the database), stdout and stderr together.
    Result run_alone(const std::string& args, const std::string& env = "") const {
        std::string out = (dir / "alone.txt").string();
        int status = std::system(
            (env + " " + SPEEDLAB_BINARY + " " + args + " >" + out + " 2>&1 </dev/null").c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), ""};
    }
    // Two imported texts, each named: the labels and machines completion offers.
    void import_two() {
        ASSERT_EQ(run("import " + fixture_path("seed000-redhat73-pcem.txt") +
                      " --label pcem --machine pcem-p166")
                      .code,
                  0);
        ASSERT_EQ(run("import " + fixture_path("seed004-athlon-p3.txt") +
                      " --label athlon --machine 'athlon xp'")
                      .code,
                  0);
    }
};

TEST_F(Complete, RunLabelsAndMachinesNewestFirstWithoutWriting) {
    import_two();
    ASSERT_FALSE(fs::exists(db() + "-wal"));  // speedlab's last connection removed it
    std::string before = slurp(db());
    auto runs = run("complete runs");
    EXPECT_EQ(runs.code, 0);
    EXPECT_EQ(runs.err, "");
    // The athlon text holds several runs, labelled athlon-1, athlon-2, ...; pcem's come after.
    EXPECT_EQ(runs.out.rfind("athlon-", 0), 0u) << runs.out;
    EXPECT_NE(runs.out.find("\npcem-1\n"), std::string::npos) << runs.out;
    EXPECT_LT(runs.out.find("athlon-1\n"), runs.out.find("pcem-1\n"));
    auto machines = run("complete machines");
    EXPECT_EQ(machines.code, 0);
    EXPECT_EQ(machines.out, "athlon xp\npcem-p166\n");
    // Read only: the file is byte for byte the same and nothing was created beside it.
    EXPECT_EQ(slurp(db()), before);
    EXPECT_FALSE(fs::exists(db() + "-wal"));
    EXPECT_FALSE(fs::exists(db() + "-shm"));
}

TEST_F(Complete, MissingDatabaseAnswersNothingAndIsNotCreated) {
    auto r = run("complete runs");
    EXPECT_EQ(r.code, 0);
    EXPECT_EQ(r.out + r.err, "");
    EXPECT_FALSE(fs::exists(db()));
    auto in_dir = run_alone("--db " + (dir / "no" / "such.db").string() + " complete machines");
    EXPECT_EQ(in_dir.code, 0);
    EXPECT_EQ(in_dir.out + in_dir.err, "");
    EXPECT_FALSE(fs::exists(dir / "no"));
    // Nor through SPEEDLAB_DB, the default a shell's completion uses most.
    auto env = run_alone("complete runs", "SPEEDLAB_DB=" + (dir / "env" / "r.db").string());
    EXPECT_EQ(env.code, 0);
    EXPECT_EQ(env.out, "");
    EXPECT_FALSE(fs::exists(dir / "env"));
}

TEST_F(Complete, LockedDatabaseAnswersNothingAtOnce) {
    import_two();
    sqlite3* holder = nullptr;
    ASSERT_EQ(sqlite3_open(db().c_str(), &holder), SQLITE_OK);
    // An exclusive writer: readers of a WAL database are locked out too.
    ASSERT_EQ(sqlite3_exec(holder,
                           "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; "
                           "UPDATE runs SET label = label || '-x';",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    auto r = run("complete runs");
    sqlite3_exec(holder, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(holder);
    EXPECT_EQ(r.code, 0);
    EXPECT_EQ(r.out + r.err, "");
}

TEST_F(Complete, AnythingElseAnswersNothing) {
    import_two();
    for (const char* args : {"complete", "complete labels", "complete runs extra words"}) {
        auto r = run(args);
        EXPECT_EQ(r.code, 0) << args;
        EXPECT_EQ(r.out + r.err, "") << args;
    }
    // Not a file of speedlab's: no error into a command line either.
    std::ofstream(dir / "text.db") << "not a database\n";
    auto r = run_alone("--db " + (dir / "text.db").string() + " complete runs");
    EXPECT_EQ(r.code, 0);
    EXPECT_EQ(r.out + r.err, "");
}

TEST_F(Complete, HiddenCommandsStayOutOfHelpAndErrors) {
    auto help = run("--help");
    EXPECT_EQ(help.out.find("complete"), std::string::npos);
    EXPECT_EQ(help.out.find("help-man"), std::string::npos);
    auto unknown = run("frobnicate");
    EXPECT_EQ(unknown.code, 2);
    EXPECT_NE(unknown.err.find("compare"), std::string::npos);
    EXPECT_EQ(unknown.err.find("help-completion"), std::string::npos);
    auto shell = run("help-completion tcsh");
    EXPECT_EQ(shell.code, 2);
    EXPECT_NE(shell.err.find("bash, zsh or fish"), std::string::npos);
}

TEST_F(Complete, VersionSaysBuildLibcryptoAndBackEnds) {
    auto r = run("--version");
    EXPECT_EQ(r.code, 0);
    EXPECT_EQ(r.out.rfind("speedlab 0.", 0), 0u) << r.out;
    EXPECT_NE(r.out.find(std::string("libcrypto: ") + OpenSSL_version(OPENSSL_VERSION) + "\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find(std::string("sqlite ") + sqlite3_libversion()), std::string::npos);
    EXPECT_NE(r.out.find("postgresql through libpq "), std::string::npos);
    EXPECT_NE(r.out.find("git revision: "), std::string::npos);
}
