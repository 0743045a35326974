#pragma once
// Reading small system files (/proc, /sys) for the live capture: what cannot
// be read is empty, never an error.
#include <filesystem>
#include <string>

namespace speedlab::sysinfo {

// Up to `limit` bytes of the file; empty when it cannot be opened.
std::string read_file(const std::filesystem::path& path, size_t limit = 1 << 20);

// The text up to its first newline.
std::string first_line(const std::string& s);

}  // namespace speedlab::sysinfo
