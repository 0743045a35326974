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

}  // namespace speedlab::cli
