// Hidden commands for the installation: `complete` answers shell completion
// from the database in use; `help-man` and `help-completion` write the man page
// and completion scripts at build time from the same definitions as --help.
#include <fmt/format.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <memory>

#include "cli/cli_tree.h"
#include "cli/commands.h"
#include "cli/completion.h"
#include "cli/manpage.h"
#include "core/build_info.h"
#include "store/connection.h"

namespace speedlab::cli {

namespace {
// A read-only URI for the file. With no -wal beside it no connection is open
// (speedlab's last one removes it), and SQLite would create -wal and -shm
// files for a reader: read it as immutable instead. With a -wal, a writer may
// be at work: read through its -shm, never waiting for a lock.
std::string sqlite_uri(const std::string& path) {
    std::string uri = "file:";
    for (unsigned char c : path)
        uri += (c == '%' || c == '?' || c == '#' || c < 0x20) ? fmt::format("%{:02X}", c)
                                                              : std::string(1, char(c));
    std::error_code ec;
    return uri + (std::filesystem::exists(path + "-wal", ec) ? "?mode=ro" : "?immutable=1");
}

// Read-only: a missing file is not created, a locked one is not waited for.
std::vector<std::string> sqlite_names(const std::string& path, const char* sql) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return {};
    std::vector<std::string> out;
    sqlite3* db = nullptr;
    sqlite3_stmt* statement = nullptr;
    int rc = sqlite3_open_v2(sqlite_uri(path).c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
                             nullptr);
    if (rc == SQLITE_OK) rc = sqlite3_prepare_v2(db, sql, -1, &statement, nullptr);
    while (rc == SQLITE_OK && (rc = sqlite3_step(statement)) == SQLITE_ROW) {
        rc = SQLITE_OK;
        if (const auto* text = sqlite3_column_text(statement, 0))
            out.emplace_back(reinterpret_cast<const char*>(text));
    }
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return rc == SQLITE_DONE ? out : std::vector<std::string>{};
}

// A read-only session that gives up after libpq's shortest connect timeout.
std::vector<std::string> postgres_names(const std::string& url, const char* sql) {
    const char* keys[] = {"dbname", "connect_timeout", "options", nullptr};
    const char* values[] = {url.c_str(), "2", "-c default_transaction_read_only=on", nullptr};
    std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdbParams(keys, values, 1), PQfinish);
    std::vector<std::string> out;
    if (!conn || PQstatus(conn.get()) != CONNECTION_OK) return out;
    PQsetNoticeProcessor(
        conn.get(), [](void*, const char*) {}, nullptr);
    std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(conn.get(), sql), PQclear);
    if (PQresultStatus(result.get()) != PGRES_TUPLES_OK) return out;
    for (int row = 0; row < PQntuples(result.get()); ++row)
        out.emplace_back(PQgetvalue(result.get(), row, 0));
    return out;
}

// Labels of runs or machines, newest first; nothing for anything else.
int print_names(const Global& global, const std::vector<std::string>& what) {
    const char* sql = nullptr;
    if (what.size() == 1 && what[0] == "runs")
        sql = "SELECT label FROM runs WHERE label <> '' GROUP BY label ORDER BY MAX(id) DESC";
    if (what.size() == 1 && what[0] == "machines")
        sql = "SELECT label FROM machines WHERE label <> '' GROUP BY label ORDER BY MAX(id) DESC";
    if (!sql) return Exit::ok;
    std::string location = global.database_path();
    auto names = store::is_postgres_url(location) ? postgres_names(location, sql)
                                                  : sqlite_names(location, sql);
    for (const auto& name : names)
        if (std::none_of(name.begin(), name.end(), [](unsigned char c) { return c < 0x20; }))
            fmt::print("{}\n", name);
    return Exit::ok;
}
}  // namespace

Command add_complete(CLI::App& app, Global& global) {
    auto what = std::make_shared<std::vector<std::string>>();
    app.add_option("what", *what, "runs or machines");
    app.allow_extras();
    return [&global, what] { return print_names(global, *what); };
}

Command add_help_man(CLI::App& app, Global&) {
    auto output = std::make_shared<std::string>();
    app.add_option("-o,--output", *output, "write to this file instead of stdout");
    const CLI::App* root = app.get_parent();
    return [root, output]() -> int {
        std::string page = man_page(command_tree(*root), SPEEDLAB_VERSION);
        return write_output(page, *output);
    };
}

Command add_help_completion(CLI::App& app, Global&) {
    auto shell = std::make_shared<std::string>();
    auto output = std::make_shared<std::string>();
    app.add_option("shell", *shell, "bash, zsh or fish")->required();
    app.add_option("-o,--output", *output, "write to this file instead of stdout");
    const CLI::App* root = app.get_parent();
    return [root, shell, output]() -> int {
        auto script = completion_script(command_tree(*root), *shell);
        if (!script)
            throw Error(ErrorKind::usage,
                        "no completion for shell '" + *shell + "': bash, zsh or fish");
        return write_output(*script, *output);
    };
}

}  // namespace speedlab::cli
