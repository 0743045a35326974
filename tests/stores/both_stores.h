#pragma once
// A test that runs once on an SQLite file and once on a fresh PostgreSQL
// database; the PostgreSQL case is skipped, saying why, without the server.
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include <filesystem>
#include <string>

#include "../cli_support.h"
#include "pg_server.h"

namespace speedlab::testing {

enum class Backend { sqlite, postgresql };

class BothStores : public ::testing::TestWithParam<Backend> {
  protected:
    std::filesystem::path dir;
    std::string location;  // the --db value

    void SetUp() override {
        std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        for (char& c : name)
            if (c == '/') c = '_';
        dir = std::filesystem::temp_directory_path() /
              ("speedlab-both-" + std::to_string(getpid()) + "-" + name);
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        if (GetParam() == Backend::sqlite) {
            location = (dir / "results.db").string();
            return;
        }
        PgServer* server = PgServer::get();
        if (!server) GTEST_SKIP() << "no PostgreSQL server for this test: " << PgServer::why();
        location = server->fresh_database(name);
    }
    void TearDown() override { std::filesystem::remove_all(dir); }

    // Another empty store of the same kind.
    std::string another_store(const std::string& hint) const {
        if (GetParam() == Backend::sqlite) return (dir / (hint + ".db")).string();
        return PgServer::get()->fresh_database(hint);
    }

    // speedlab ARGS on this test's store (shell words), stdin from /dev/null.
    Result run(const std::string& args, const std::string& prefix = "") const {
        return run_at(location, args, prefix);
    }
    Result run_at(const std::string& where, const std::string& args,
                  const std::string& prefix = "") const {
        std::string out = (dir / "out.txt").string(), err = (dir / "err.txt").string();
        std::string cmd = prefix + " " + std::string(SPEEDLAB_BINARY) + " --db '" + where + "' " +
                          args + " >" + out + " 2>" + err + " </dev/null";
        int status = std::system(cmd.c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
    }

    // Runs SQL on the store behind speedlab's back (to plant a newer schema, say).
    void raw_sql(const std::string& sql) const {
        if (GetParam() == Backend::sqlite) {
            sqlite3* db = nullptr;
            sqlite3_open(location.c_str(), &db);
            char* err = nullptr;
            int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
            std::string msg = err ? err : "";
            sqlite3_free(err);
            sqlite3_close(db);
            ASSERT_EQ(rc, SQLITE_OK) << msg;
            return;
        }
        PGconn* c = PQconnectdb(location.c_str());
        PGresult* r = PQexec(c, sql.c_str());
        auto status = PQresultStatus(r);
        std::string msg = PQerrorMessage(c);
        PQclear(r);
        PQfinish(c);
        ASSERT_TRUE(status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) << msg;
    }
};

inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) {
    return info.param == Backend::sqlite ? "sqlite" : "postgresql";
}

#define SPEEDLAB_ON_BOTH_STORES(suite)                                                  \
    INSTANTIATE_TEST_SUITE_P(Backends, suite,                                           \
                             ::testing::Values(speedlab::testing::Backend::sqlite,      \
                                               speedlab::testing::Backend::postgresql), \
                             speedlab::testing::backend_name)

}  // namespace speedlab::testing
