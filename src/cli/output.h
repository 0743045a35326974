#pragma once
// Where results go: stdout, or an output file written so that a failure never
// leaves a half-written or replaced target (docs/cli.md, "Output files").
#include <string>

namespace speedlab::cli {

// Writes to stdout and flushes; false with `error` set when the write fails.
bool write_stdout(const std::string& text, std::string& error);

// Writes `text` to PATH ("" or "-": stdout). A regular file (or a new one) is
// replaced atomically; a device, FIFO or terminal is written in place; a
// directory or a dangling symlink is refused. False with `error` on failure.
bool write_file(const std::string& path, const std::string& text, std::string& error);

// Files no output may replace: the SQLite store in use (and its -wal, -shm and
// -journal files), found by device and inode, or by path while they do not exist.
void protect_from_output(const std::string& database_file);

}  // namespace speedlab::cli
