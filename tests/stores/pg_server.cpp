#include "pg_server.h"

#include <fcntl.h>
#include <glob.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <vector>

namespace speedlab::testing {

namespace {
std::unique_ptr<PgServer> g_server;
std::string g_why;
bool g_tried = false;

// The newest Debian server's bin directory, or $SPEEDLAB_PG_BINDIR.
std::string find_bindir() {
    if (const char* d = std::getenv("SPEEDLAB_PG_BINDIR"); d && *d) return d;
    glob_t g{};
    std::vector<std::string> dirs;
    if (::glob("/usr/lib/postgresql/*/bin/initdb", 0, nullptr, &g) == 0)
        for (size_t i = 0; i < g.gl_pathc; ++i)
            dirs.push_back(std::filesystem::path(g.gl_pathv[i]).parent_path().string());
    ::globfree(&g);
    std::sort(dirs.begin(), dirs.end(), [](const std::string& a, const std::string& b) {
        return std::atoi(a.c_str() + 20) < std::atoi(b.c_str() + 20);  // after /usr/lib/postgresql/
    });
    return dirs.empty() ? "" : dirs.back();
}

// Runs argv (as uid/gid when they are not ours), output to log; its exit status.
int run_program(const std::vector<std::string>& argv, uid_t uid, gid_t gid,
                const std::string& log) {
    pid_t pid = ::fork();
    if (pid == 0) {
        int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd >= 0) {
            ::dup2(fd, 1);
            ::dup2(fd, 2);
        }
        if (::getuid() == 0 && uid != 0 && (::setgid(gid) != 0 || ::setuid(uid) != 0)) _exit(126);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        ::execv(args[0], args.data());
        _exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_all(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}
}  // namespace

bool PgServer::start(std::string& error) {
    bin_ = find_bindir();
    if (bin_.empty()) {
        error = "PostgreSQL server binaries not found (apt-get install postgresql)";
        return false;
    }
    char tmpl[] = "/tmp/speedlab-pg-XXXXXX";
    if (!::mkdtemp(tmpl)) {
        error = "cannot create a temporary directory";
        return false;
    }
    dir_ = tmpl;
    if (::getuid() == 0) {  // initdb refuses root
        const passwd* pw = ::getpwnam("postgres");
        if (!pw) pw = ::getpwnam("nobody");
        if (!pw) {
            error = "running as root and no 'postgres' or 'nobody' user to run the server as";
            return false;
        }
        uid_ = pw->pw_uid;
        gid_ = pw->pw_gid;
        if (::chown(dir_.c_str(), uid_, gid_) != 0) {
            error = "cannot give " + dir_ + " to the server's user";
            return false;
        }
    }
    std::string log = dir_ + "/server.log";
    if (run_program({bin_ + "/initdb", "-D", dir_ + "/data", "-U", "speedlab", "--auth=trust", "-E",
                     "UTF8", "--locale=C", "--no-sync"},
                    uid_, gid_, log) != 0 ||
        run_program(
            {bin_ + "/pg_ctl", "-D", dir_ + "/data", "-l", dir_ + "/postgres.log", "-w", "-t", "60",
             "-o", "-k " + dir_ + " -c listen_addresses= -c fsync=off -c max_connections=200",
             "start"},
            uid_, gid_, log) != 0) {
        error =
            "the test server did not start: " + read_all(log) + read_all(dir_ + "/postgres.log");
        return false;
    }
    return true;
}

PgServer* PgServer::get() {
    if (!g_tried) {
        g_tried = true;
        auto server = std::make_unique<PgServer>();
        if (server->start(g_why))
            g_server = std::move(server);
        else if (!server->dir_.empty())
            std::filesystem::remove_all(server->dir_);
    }
    return g_server.get();
}

const std::string& PgServer::why() {
    return g_why;
}

void PgServer::stop() {
    if (!g_server) return;
    run_program({g_server->bin_ + "/pg_ctl", "-D", g_server->dir_ + "/data", "-m", "immediate",
                 "-w", "stop"},
                g_server->uid_, g_server->gid_, "/dev/null");
    std::error_code ec;
    std::filesystem::remove_all(g_server->dir_, ec);
    g_server.reset();
}

std::string PgServer::fresh_database(const std::string& hint) {
    std::string name = "t" + std::to_string(++databases_) + "_";
    for (char c : hint) name += std::isalnum(static_cast<unsigned char>(c)) ? std::tolower(c) : '_';
    name = name.substr(0, 60);
    std::string admin = "postgresql://speedlab@/postgres?host=" + dir_;
    PGconn* c = PQconnectdb(admin.c_str());
    PGresult* r = PQexec(c, ("CREATE DATABASE " + name).c_str());
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    std::string msg = PQerrorMessage(c);
    PQclear(r);
    PQfinish(c);
    if (!ok) throw std::runtime_error("CREATE DATABASE " + name + ": " + msg);
    return "postgresql://speedlab@/" + name + "?host=" + dir_;
}

}  // namespace speedlab::testing
