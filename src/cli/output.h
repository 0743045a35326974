#pragma once
// Where results go: stdout, or an output file written so that a failure never
// leaves a half-written or replaced target (docs/cli.md, "Output files").
#include <string>
#include <string_view>

namespace speedlab::cli {

// Writes all of TEXT to FD (again after EINTR); false with `error` (strerror).
bool write_all(int fd, std::string_view text, std::string& error);

// Writes to stdout and flushes; false with `error` set when the write fails.
bool write_stdout(const std::string& text, std::string& error);

// Writes `text` to PATH ("" or "-": stdout). A regular file (or a new one) is
// replaced atomically; a device, FIFO or terminal is written in place; a
// directory or a dangling symlink is refused. False with `error` on failure.
bool write_file(const std::string& path, const std::string& text, std::string& error);

// An output written piece by piece (export's bundle, a run at a time), by the
// rules of write_file: a regular file is replaced at commit() by a temporary
// written beside it, which is removed if commit() never comes (an error,
// Ctrl-C); stdout, a device or a FIFO is written as the pieces come.
class OutputFile {
  public:
    OutputFile() = default;
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    ~OutputFile();
    // Opens PATH ("" or "-": stdout); false with `error` when it may not be written.
    bool open(const std::string& path, std::string& error);
    bool write(std::string_view text, std::string& error);
    // The file complete: fsynced, closed and renamed over its target.
    bool commit(std::string& error);

  private:
    int fd_ = -1;
    bool stdout_ = false;
    std::string path_, target_, tmp_;  // tmp_ empty: written in place
};

// Files no output may replace: the SQLite store in use (and its -wal, -shm and
// -journal files), found by device and inode, or by path while they do not exist.
void protect_from_output(const std::string& database_file);

}  // namespace speedlab::cli
