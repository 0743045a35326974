// speedlab publish DIR: the pages of `speedlab serve` as static files. A file
// whose content has not changed is left alone; pages of deleted runs go.
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "cli/commands.h"
#include "cli/output.h"
#include "serve/publish.h"
#include "store/database.h"

namespace speedlab::cli {

namespace fs = std::filesystem;

namespace {
// The list of files a publish wrote: what the next one may replace or remove.
constexpr const char* kManifest = ".speedlab-published";

std::set<std::string> read_manifest(const fs::path& dir) {
    std::set<std::string> out;
    std::ifstream in(dir / kManifest);
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line.find("..") == std::string::npos && line[0] != '/')
            out.insert(line);
    return out;
}

// Whether PATH holds exactly CONTENT (read no further than one byte past it).
bool holds(const fs::path& path, const std::string& content) {
    std::error_code ec;
    std::string error;
    if (!fs::is_regular_file(path, ec)) return false;
    auto text = read_input(path.string(), content.size(), error);
    return text && *text == content;
}

// Refuses a directory that holds files publish did not write, unless forced.
std::string refusal(const fs::path& dir, bool force) {
    std::error_code ec;
    if (!fs::exists(dir, ec)) return {};
    if (!fs::is_directory(dir, ec)) return dir.string() + " exists and is not a directory";
    if (force || fs::exists(dir / kManifest, ec) || fs::is_empty(dir, ec)) return {};
    return dir.string() +
           " is not empty and speedlab publish did not write it; give an empty or new "
           "directory, or --force to write into it anyway";
}

struct Counts {
    size_t written = 0, unchanged = 0, removed = 0;
};

void progress(size_t done, size_t total) {
    if (isatty(STDERR_FILENO)) {
        fmt::print(stderr, "\r\033[Kpublish: {}/{} pages", done, total);
        if (done == total) fmt::print(stderr, "\r\033[K");
    } else if (total >= 10 && (done * 10 / total != (done - 1) * 10 / total)) {
        fmt::print(stderr, "publish: {}/{} pages\n", done, total);
    }
}
}  // namespace

Command add_publish(CLI::App& app, Global& global) {
    struct Args {
        std::string dir;
        bool force = false;
    };
    auto a = std::make_shared<Args>();
    app.add_option("dir", a->dir, "directory to write the site into (created if needed)")
        ->required();
    app.add_flag("--force", a->force, "write into a non-empty directory publish did not write");
    return [a, &global]() -> int {
        fs::path dir(a->dir);
        if (auto why = refusal(dir, a->force); !why.empty()) return fail(Exit::usage, why);
        store::Database db(global.database_path(), store::Access::read);
        db.hold_snapshot();  // one consistent state of the store, whatever others write
        std::error_code ec;
        for (const char* sub : {"run", "machine"}) fs::create_directories(dir / sub, ec);
        if (ec) return fail(Exit::failure, "cannot create " + dir.string() + ": " + ec.message());
        auto before = read_manifest(dir);
        std::set<std::string> now;
        Counts counts;
        std::string error;
        bool failed = false;
        serve::publish(db, [&](const std::string& path, const std::string& content, size_t done,
                               size_t total) {
            progress(done, total);
            now.insert(path);
            if (failed) return;
            fs::path target = dir / path;
            if (holds(target, content)) {
                ++counts.unchanged;
                return;
            }
            if (!write_file(target.string(), content, error))
                failed = true;
            else
                ++counts.written;
        });
        if (failed) return fail(Exit::failure, error);
        for (const auto& old : before)
            if (!now.count(old) && fs::remove(dir / old, ec)) ++counts.removed;
        std::string manifest;
        for (const auto& p : now) manifest += p + "\n";
        if (!write_file((dir / kManifest).string(), manifest, error))
            return fail(Exit::failure, error);
        fmt::print("published {} pages in {} ({} written, {} unchanged, {} removed); open {}\n",
                   now.size(), dir.string(), counts.written, counts.unchanged, counts.removed,
                   (dir / "index.html").string());
        return Exit::ok;
    };
}

}  // namespace speedlab::cli
