// Output files: atomic replacement of regular files, direct writes to anything
// else (devices, FIFOs, /dev/stdout), every error checked.
#include "cli/output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"

namespace speedlab::cli {

namespace {
std::vector<std::string>& protected_files() {
    static std::vector<std::string> files;
    return files;
}

// The store in use: the same file (device and inode) through any name, or the
// same path once symlinks, "." and ".." are resolved while it does not exist yet.
std::optional<std::string> protected_target(const std::string& path) {
    struct stat target {};
    bool exists = ::stat(path.c_str(), &target) == 0;
    std::error_code ec;
    auto canonical = std::filesystem::weakly_canonical(path, ec);
    for (const auto& file : protected_files()) {
        struct stat st {};
        if (exists && ::stat(file.c_str(), &st) == 0 && st.st_dev == target.st_dev &&
            st.st_ino == target.st_ino)
            return file;
        std::error_code ec2;
        if (!ec && canonical == std::filesystem::weakly_canonical(file, ec2) && !ec2) return file;
    }
    return std::nullopt;
}

// The replaced file keeps its mode; a new one gets 0666 less the umask.
mode_t new_file_mode(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) return st.st_mode & 07777;
    mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

std::string parent_of(const std::string& path) {
    std::filesystem::path p(path);
    return p.has_parent_path() ? p.parent_path().string() : ".";
}

[[noreturn]] void io_error(const std::string& message) {
    throw Error(ErrorKind::io, message);
}

// The file PATH writes to: a symlink's target (it stays a symlink); the store,
// a dangling symlink or a directory is refused.
std::string output_target(const std::string& path) {
    if (auto store = protected_target(path))
        io_error(path + ": is the store speedlab uses (" + *store +
                 "); nothing written, give another file");
    std::string target = path;
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
        char* real = ::realpath(path.c_str(), nullptr);
        if (!real) io_error(path + ": a symbolic link to nothing (" + std::strerror(errno) + ")");
        target = real;
        std::free(real);
    }
    if (::stat(target.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        io_error(path + ": is a directory");
    return target;
}

void write_stdout(std::string_view text) {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
        std::fflush(stdout) != 0) {
        std::string why = std::strerror(errno);
        std::clearerr(stdout);
        io_error("cannot write to standard output: " + why);
    }
}
}  // namespace

void write_all(int fd, std::string_view text, const std::string& where) {
    size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) io_error(where + ": " + std::strerror(n < 0 ? errno : ENOSPC));
        done += static_cast<size_t>(n);
    }
}

void protect_from_output(const std::string& database_file) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        protected_files().push_back(database_file + suffix);
}

OutputFile::~OutputFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!tmp_.empty()) ::unlink(tmp_.c_str());  // never committed: nothing half-written stays
}

// A device, FIFO or terminal is opened in place: renaming over it would
// destroy it. Anything else gets a fresh temporary beside it (mkstemp:
// O_CREAT|O_EXCL, never follows a symlink).
void OutputFile::open(const std::string& path) {
    path_ = path;
    if (path.empty() || path == "-") {
        stdout_ = true;
        return;
    }
    target_ = output_target(path);
    struct stat st {};
    if (::stat(target_.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        fd_ = ::open(target_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (fd_ < 0) io_error(target_ + ": " + std::strerror(errno));
        return;
    }
    std::string dir = parent_of(target_);
    tmp_ = dir + "/." + std::filesystem::path(target_).filename().string() + ".speedlab-XXXXXX";
    fd_ = ::mkstemp(tmp_.data());
    if (fd_ < 0) {
        tmp_.clear();
        io_error(dir + ": cannot create a temporary file: " + std::strerror(errno));
    }
}

void OutputFile::write(std::string_view text) {
    if (stdout_)
        write_stdout(text);
    else
        write_all(fd_, text, target_);
}

// Fsynced and closed with every error checked, then renamed over the target,
// which keeps its mode; on failure the destructor removes the temporary.
void OutputFile::commit() {
    if (stdout_) return;
    int fd = std::exchange(fd_, -1);
    if ((!tmp_.empty() && ::fsync(fd) != 0) | (::close(fd) != 0) ||
        (!tmp_.empty() && (::chmod(tmp_.c_str(), new_file_mode(target_)) != 0 ||
                           ::rename(tmp_.c_str(), target_.c_str()) != 0)))
        io_error(target_ + ": " + std::strerror(errno));
    if (tmp_.empty()) return;
    tmp_.clear();
    int dfd = ::open(parent_of(target_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
}

void write_file(const std::string& path, const std::string& text) {
    OutputFile out;
    out.open(path);
    out.write(text);
    out.commit();
}

}  // namespace speedlab::cli
