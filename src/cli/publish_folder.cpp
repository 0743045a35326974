#include "cli/publish_folder.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>
#include <utility>

#include "cli/output.h"
#include "core/error.h"

namespace speedlab::cli {

namespace {
// Six letters or digits for a temporary's name (mkstemp has no *at form).
std::string random_tag() {
    static std::mt19937_64 rng{std::random_device{}()};
    static constexpr char kChars[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::string out;
    for (int i = 0; i < 6; ++i) out += kChars[rng() % (sizeof kChars - 1)];
    return out;
}

bool plain_name(const std::string& leaf) {
    return !leaf.empty() && leaf != "." && leaf != ".." && leaf.find('/') == std::string::npos;
}

PublishFolder::Kind kind_of(int dir, const std::string& leaf) {
    struct stat st {};
    if (::fstatat(dir, leaf.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
        return PublishFolder::Kind::none;
    if (S_ISREG(st.st_mode)) return PublishFolder::Kind::file;
    if (S_ISDIR(st.st_mode)) return PublishFolder::Kind::folder;
    if (S_ISLNK(st.st_mode)) return PublishFolder::Kind::link;
    return PublishFolder::Kind::other;
}

// A file created in DIR under a name nobody has (O_EXCL), never through a link.
int fresh_file(int dir, const std::string& leaf, std::string& tmp) {
    for (int attempt = 0; attempt < 100; ++attempt) {
        tmp = "." + leaf + ".speedlab-" + random_tag();
        int fd =
            ::openat(dir, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    return -1;
}

[[noreturn]] void io_error(const std::string& message) {
    throw Error(ErrorKind::io, message);
}
}  // namespace

PublishFolder PublishFolder::open(const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        io_error("cannot open " + dir + ": " + std::strerror(errno) +
                 (ec ? " (creating it: " + ec.message() + ")" : ""));
    return PublishFolder(dir, fd);
}

PublishFolder::PublishFolder(PublishFolder&& other) noexcept
    : name_(std::move(other.name_)), fd_(other.fd_), folders_(std::move(other.folders_)) {
    other.fd_ = -1;
    other.folders_.clear();
}

PublishFolder::~PublishFolder() {
    for (const auto& [name, fd] : folders_) ::close(fd);
    if (fd_ >= 0) ::close(fd_);
}

int PublishFolder::parent(const std::string& path, std::string& leaf) const {
    auto slash = path.find('/');
    leaf = slash == std::string::npos ? path : path.substr(slash + 1);
    if (!plain_name(leaf)) return -1;
    if (slash == std::string::npos) return fd_;
    std::string sub = path.substr(0, slash);
    if (!plain_name(sub)) return -1;
    if (auto it = folders_.find(sub); it != folders_.end()) return it->second;
    // O_NOFOLLOW: a symlink in place of the sub-folder is not entered.
    int fd = ::openat(fd_, sub.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) folders_[sub] = fd;
    return fd;
}

PublishFolder::Kind PublishFolder::kind(const std::string& path) const {
    std::string leaf;
    int dir = parent(path, leaf);
    return dir < 0 ? Kind::none : kind_of(dir, leaf);
}

bool PublishFolder::empty() const {
    DIR* d = ::fdopendir(::dup(fd_));
    if (!d) return false;
    ::rewinddir(d);
    bool none = true;
    while (dirent* e = ::readdir(d))
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) none = false;
    ::closedir(d);
    return none;
}

void PublishFolder::make_folder(const std::string& name) {
    std::string where = name_ + "/" + name;
    switch (kind_of(fd_, name)) {
        case Kind::link:
            io_error(where +
                     " is a symbolic link: publish never writes through one (remove it, or "
                     "publish into another directory)");
        case Kind::file:
        case Kind::other:
            io_error(where + " is not a directory");
        case Kind::none:
            if (::mkdirat(fd_, name.c_str(), 0777) != 0 && errno != EEXIST)
                io_error("cannot create " + where + ": " + std::strerror(errno));
            break;
        case Kind::folder:
            break;
    }
    std::string leaf;
    if (parent(name + "/x", leaf) < 0)
        io_error("cannot open " + where + ": " + std::strerror(errno));
}

std::optional<std::string> PublishFolder::read(const std::string& path, size_t limit) const {
    std::string leaf;
    int dir = parent(path, leaf);
    if (dir < 0) return std::nullopt;
    // O_NONBLOCK: a FIFO planted there is not waited on (fstat then refuses it).
    int fd = ::openat(dir, leaf.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    struct stat st {};
    std::optional<std::string> out;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        out.emplace();
        char buf[65536];
        while (out->size() <= limit) {
            ssize_t n = ::read(fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            out->append(buf, static_cast<size_t>(n));
        }
    }
    ::close(fd);
    return out;
}

void PublishFolder::replace(const std::string& path, const std::string& content) {
    std::string leaf, tmp;
    int dir = parent(path, leaf);
    if (dir < 0) io_error("cannot reach " + name_ + "/" + path + ": " + std::strerror(errno));
    std::string where =
        path.find('/') == std::string::npos ? name_ : name_ + "/" + path.substr(0, path.find('/'));
    int fd = fresh_file(dir, leaf, tmp);
    if (fd < 0) io_error("cannot write into " + where + ": " + std::strerror(errno));
    struct stat old {};  // a page replaced keeps its mode
    bool keep_mode =
        ::fstatat(dir, leaf.c_str(), &old, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(old.st_mode);
    try {
        write_all(fd, content, name_ + "/" + path);
        if ((keep_mode && ::fchmod(fd, old.st_mode & 07777) != 0) || ::fsync(fd) != 0 ||
            ::close(std::exchange(fd, -1)) != 0 ||
            // rename replaces a symlink at LEAF by the file; what it pointed at is untouched.
            ::renameat(dir, tmp.c_str(), dir, leaf.c_str()) != 0)
            io_error(name_ + "/" + path + ": " + std::strerror(errno));
    } catch (const Error&) {
        if (fd >= 0) ::close(fd);
        ::unlinkat(dir, tmp.c_str(), 0);
        throw;
    }
}

bool PublishFolder::remove_file(const std::string& path) {
    std::string leaf;
    int dir = parent(path, leaf);
    if (dir < 0 || kind_of(dir, leaf) != Kind::file) return false;
    // Swapped for a symlink since: unlinkat removes the link, never its target.
    return ::unlinkat(dir, leaf.c_str(), 0) == 0;
}

}  // namespace speedlab::cli
