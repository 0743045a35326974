#pragma once
// Where results go: stdout, or an output file written so that a failure never
// leaves a half-written or replaced target (docs/cli.md, "Output files").
#include <string>
#include <string_view>

namespace speedlab::cli {

// Every function here throws speedlab::Error (io) naming the file and why.

// Writes all of TEXT to FD (again after EINTR); WHERE names FD in the error.
void write_all(int fd, std::string_view text, const std::string& where);

// Writes `text` to PATH ("" or "-": stdout). A regular file (or a new one) is
// replaced atomically; a device, FIFO or terminal is written in place; a
// directory or a dangling symlink is refused.
void write_file(const std::string& path, const std::string& text);

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
    // Opens PATH ("" or "-": stdout), refused when it may not be written.
    void open(const std::string& path);
    void write(std::string_view text);
    // The file complete: fsynced, closed and renamed over its target.
    void commit();

  private:
    int fd_ = -1;
    bool stdout_ = false;
    std::string path_, target_, tmp_;  // tmp_ empty: written in place
};

// Files no output may replace: the SQLite store in use (and its -wal, -shm and
// -journal files), found by device and inode, or by path while they do not exist.
void protect_from_output(const std::string& database_file);

}  // namespace speedlab::cli
