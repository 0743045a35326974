#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "store/database.h"

namespace speedlab::cli {

std::string Global::database_path() const {
    return db.empty() ? store::default_database_path() : db;
}

int fail(int code, const std::string& message) {
    fmt::print(stderr, "speedlab: error: {}\n", message);
    return code;
}

std::optional<std::string> read_input(const std::string& path, size_t limit, std::string& error) {
    std::string text(limit + 1, '\0');
    size_t got = 0;
    if (path == "-") {
        std::cin.read(text.data(), static_cast<std::streamsize>(text.size()));
        got = static_cast<size_t>(std::cin.gcount());
    } else {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            error = path + ": cannot open: " + std::strerror(errno);
            return std::nullopt;
        }
        in.read(text.data(), static_cast<std::streamsize>(text.size()));
        got = static_cast<size_t>(in.gcount());
    }
    text.resize(got);
    return text;
}

bool write_output(const std::string& text, const std::string& path) {
    if (path.empty() || path == "-") {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return std::fflush(stdout) == 0;
    }
    // Write beside the target and rename, so a failure leaves no half file.
    std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary);
        if (!out || !out.write(text.data(), static_cast<std::streamsize>(text.size()))) {
            std::filesystem::remove(tmp);
            return false;
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    return !ec;
}

}  // namespace speedlab::cli
