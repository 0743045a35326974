// speedlab publish DIR: the pages of `speedlab serve` as static files. A file
// whose content has not changed is left alone; pages of deleted runs go.
// Inside DIR nothing is followed: see publish_folder.h.
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <set>
#include <sstream>

#include "bench/timer.h"
#include "cli/commands.h"
#include "cli/publish_folder.h"
#include "cli/reference_source.h"
#include "serve/publish.h"
#include "store/database.h"

namespace speedlab::cli {

namespace fs = std::filesystem;

namespace {
// The pages a publish may write: what the next one may replace or remove.
// Written before any page (every page it is about to write added), so a
// publish stopped midway leaves a folder the next one recognises.
constexpr const char* kManifest = ".speedlab-published";

// A manifest line publish could have written: "index.html", "run/5.html".
bool page_path(const std::string& line) {
    auto slash = line.find('/');
    std::string leaf = slash == std::string::npos ? line : line.substr(slash + 1);
    if (slash != std::string::npos && line.compare(0, slash, "run") != 0 &&
        line.compare(0, slash, "machine") != 0)
        return false;
    return !leaf.empty() && leaf[0] != '.' && leaf.find('/') == std::string::npos;
}

std::set<std::string> read_manifest(const PublishFolder& folder) {
    std::set<std::string> out;
    auto kind = folder.kind(kManifest);
    if (kind == PublishFolder::Kind::none) return out;
    auto text = folder.read(kManifest, 256 << 20);
    if (kind != PublishFolder::Kind::file || !text)
        throw Error(ErrorKind::io, folder.name() + "/" + kManifest +
                                       " is not a regular file: publish never reads or writes "
                                       "through a symbolic link");
    std::istringstream in(*text);
    for (std::string line; std::getline(in, line);)
        if (page_path(line)) out.insert(line);
    return out;
}

void write_manifest(PublishFolder& folder, const std::set<std::string>& pages) {
    std::string text;
    for (const auto& p : pages) text += p + "\n";
    folder.replace(kManifest, text);
}

// Refuses a path that is no directory, and one that holds files publish did not write.
std::string refusal(const fs::path& dir, bool force) {
    std::error_code ec;
    if (!fs::exists(dir, ec)) return {};
    if (!fs::is_directory(dir, ec)) return dir.string() + " exists and is not a directory";
    if (force || fs::exists(dir / kManifest, ec) || fs::is_symlink(dir / kManifest, ec) ||
        fs::is_empty(dir, ec))
        return {};
    return dir.string() +
           " is not empty and speedlab publish did not write it; give an empty or new "
           "directory, or --force to write into it anyway (its own files stay untouched)";
}

// What keeps publish from writing PAGES, found before it writes anything: a
// symlinked or non-directory sub-folder (io, exit 1), or a file in a page's place
// that is not one publish wrote, which even --force never replaces (usage, exit 2).
void refuse_obstacles(const PublishFolder& folder, const std::vector<std::string>& pages,
                      const std::set<std::string>& ours) {
    using Kind = PublishFolder::Kind;
    for (const char* sub : {"run", "machine"}) {
        auto kind = folder.kind(sub);
        std::string where = folder.name() + "/" + sub;
        if (kind == Kind::link)
            throw Error(ErrorKind::io, where +
                                           " is a symbolic link: publish never writes through "
                                           "one (remove it, or publish into another directory)");
        if (kind != Kind::none && kind != Kind::folder)
            throw Error(ErrorKind::io, where + " is not a directory");
    }
    std::vector<std::string> theirs;
    for (const auto& p : pages) {
        auto kind = folder.kind(p);
        if (kind != Kind::none && (!ours.count(p) || kind == Kind::folder || kind == Kind::other))
            theirs.push_back(p);
    }
    if (!theirs.empty())
        throw Error(
            ErrorKind::usage,
            fmt::format("{}/{}{} in the way: publish did not write {}, and replaces only "
                        "files it wrote; move {} away",
                        folder.name(), theirs[0],
                        theirs.size() > 1 ? fmt::format(" and {} more", theirs.size() - 1)
                                          : std::string(" is"),
                        theirs.size() > 1 ? "them" : "it", theirs.size() > 1 ? "them" : "it"));
}

struct Counts {
    size_t written = 0, unchanged = 0, removed = 0, done = 0, total = 0;
};

void progress(size_t done, size_t total) {
    if (isatty(STDERR_FILENO)) {
        fmt::print(stderr, "\r\033[Kpublish: {}/{} pages", done, total);
        if (done == total) fmt::print(stderr, "\r\033[K");
    } else if (total >= 10 && (done * 10 / total != (done - 1) * 10 / total)) {
        fmt::print(stderr, "publish: {}/{} pages\n", done, total);
    }
}

// Each page written unless it holds its content already; stops after the
// current page on Ctrl-C (SIGINT, SIGTERM, SIGHUP) or on the first error.
void write_pages(const store::Database& db, const serve::ReferenceSource& reference,
                 PublishFolder& folder, Counts& counts) {
    bench::install_interrupt_handler();
    serve::publish(
        db,
        [&](const std::string& path, const std::string& content, size_t done, size_t total) {
            progress(done, total);
            counts.done = done, counts.total = total;
            auto old = folder.read(path, content.size());
            if (old && *old == content) {
                ++counts.unchanged;
            } else {
                folder.replace(path, content);
                ++counts.written;
            }
            return !bench::interrupt_requested();
        },
        reference);
}

int publish_into(const store::Database& db, const std::string& dir,
                 const serve::ReferenceSource& reference) {
    auto folder = PublishFolder::open(dir);
    auto before = read_manifest(folder);
    auto pages = serve::page_paths(db, reference);
    refuse_obstacles(folder, pages, before);
    std::set<std::string> now(pages.begin(), pages.end()), mine = before;
    mine.insert(now.begin(), now.end());
    write_manifest(folder, mine);
    folder.make_folder("run");
    folder.make_folder("machine");
    Counts counts;
    write_pages(db, reference, folder, counts);
    if (bench::interrupt_requested()) {
        if (isatty(STDERR_FILENO)) fmt::print(stderr, "\n");  // below the progress line
        throw Error(ErrorKind::interrupted,
                    fmt::format("publish: interrupted after {} of {} pages; {}/{} lists them, so "
                                "publish {} again finishes the site",
                                counts.done, counts.total, dir, kManifest, dir));
    }
    for (const auto& old : before)
        if (!now.count(old) && folder.remove_file(old)) ++counts.removed;
    write_manifest(folder, now);
    fmt::print("published {} pages in {} ({} written, {} unchanged, {} removed); open {}\n",
               now.size(), dir, counts.written, counts.unchanged, counts.removed,
               (fs::path(dir) / "index.html").string());
    return Exit::ok;
}
}  // namespace

Command add_publish(CLI::App& app, Global& global) {
    struct Args {
        std::string dir;
        bool force = false;
        std::string reference;
    };
    auto a = std::make_shared<Args>();
    app.add_option("dir", a->dir, "directory to write the site into (created if needed)")
        ->required();
    app.add_flag("--force", a->force,
                 "write into a non-empty directory publish did not write (its files stay)");
    add_reference_option(app, a->reference);
    return [a, &global]() -> int {
        if (auto why = refusal(a->dir, a->force); !why.empty()) throw Error(ErrorKind::usage, why);
        store::Database db(global.database_path(), store::Access::read);
        db.hold_snapshot();  // one consistent state of the store, whatever others write
        return publish_into(db, a->dir, site_reference(a->reference));
    };
}

}  // namespace speedlab::cli
