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
#include <vector>

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

bool write_all(int fd, const std::string& text, std::string& error) {
    size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error = std::strerror(n < 0 ? errno : ENOSPC);
            return false;
        }
        done += static_cast<size_t>(n);
    }
    return true;
}

// A device, FIFO or terminal is written in place: renaming over it would destroy it.
bool write_in_place(const std::string& path, const std::string& text, std::string& error) {
    int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        error = path + ": " + std::strerror(errno);
        return false;
    }
    bool ok = write_all(fd, text, error);
    if (::close(fd) != 0 && ok) {
        error = std::strerror(errno);
        ok = false;
    }
    if (!ok) error = path + ": " + error;
    return ok;
}

// The replaced file keeps its mode; a new one gets 0666 less the umask.
mode_t new_file_mode(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) return st.st_mode & 07777;
    mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

// A fresh temporary (mkstemp: O_CREAT|O_EXCL, never follows a symlink) in the
// target's directory, written, fsynced and closed with every error checked, then renamed.
bool replace_atomically(const std::string& path, const std::string& text, std::string& error) {
    std::filesystem::path target(path);
    std::string dir = target.has_parent_path() ? target.parent_path().string() : ".";
    std::string tmp = dir + "/." + target.filename().string() + ".speedlab-XXXXXX";
    int fd = ::mkstemp(tmp.data());
    if (fd < 0) {
        error = dir + ": cannot create a temporary file: " + std::strerror(errno);
        return false;
    }
    bool ok = write_all(fd, text, error);
    if (ok && ::fsync(fd) != 0) ok = (error = std::strerror(errno), false);
    if (::close(fd) != 0 && ok) {
        error = std::strerror(errno);
        ok = false;
    }
    if (ok && ::chmod(tmp.c_str(), new_file_mode(path)) != 0)
        ok = (error = std::strerror(errno), false);
    if (ok && ::rename(tmp.c_str(), path.c_str()) != 0) ok = (error = std::strerror(errno), false);
    if (!ok) {
        ::unlink(tmp.c_str());
        error = path + ": " + error;
        return false;
    }
    int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return true;
}
}  // namespace

bool write_stdout(const std::string& text, std::string& error) {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
        std::fflush(stdout) != 0) {
        error = std::string("cannot write to standard output: ") + std::strerror(errno);
        std::clearerr(stdout);
        return false;
    }
    return true;
}

void protect_from_output(const std::string& database_file) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        protected_files().push_back(database_file + suffix);
}

bool write_file(const std::string& path, const std::string& text, std::string& error) {
    if (path.empty() || path == "-") return write_stdout(text, error);
    if (auto store = protected_target(path)) {
        error = path + ": is the store speedlab uses (" + *store +
                "); nothing written, give another file";
        return false;
    }
    std::string target = path;
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
        // A symlink stays a symlink: what it points at is written.
        char* real = ::realpath(path.c_str(), nullptr);
        if (!real) {
            error = path + ": a symbolic link to nothing (" + std::strerror(errno) + ")";
            return false;
        }
        target = real;
        std::free(real);
    }
    if (::stat(target.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            error = path + ": is a directory";
            return false;
        }
        if (!S_ISREG(st.st_mode)) return write_in_place(target, text, error);
    }
    return replace_atomically(target, text, error);
}

}  // namespace speedlab::cli
