#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "cli/output.h"
#include "core/error.h"
#include "core/text.h"
#include "import/reader.h"
#include "store/database.h"

namespace speedlab::cli {

std::string name_problem(const std::string& option, std::string& name, NameKind kind) {
    std::string normal = normal_name(name);
    std::string problem = speedlab::name_problem(normal, kind);
    if (!problem.empty())
        return fmt::format(
            "{}{}{}", option.empty() ? "" : option + ": ", problem,
            name.empty()
                ? ""
                : fmt::format(" in '{}{}'",
                              terminal_safe(valid_utf8(std::string_view(name).substr(0, 120))),
                              name.size() > 120 ? "..." : ""));
    name = std::move(normal);
    return {};
}

CLI::Validator name_rule(NameKind kind) {
    return CLI::Validator(
        [kind](std::string& text) -> std::string {
            return name_problem("", text, kind);  // CLI11 names the option
        },
        kind == NameKind::label ? "LABEL" : "NAME");
}

std::string Global::database_path() const {
    return db.empty() ? store::default_database_path() : db;
}

void protect_store(const Global& global) {
    try {
        std::string path = global.database_path();
        if (!store::is_postgres_url(path)) protect_from_output(path);
    } catch (const std::exception&) {  // no store to protect: the command says why
    }
}

void print_error(const std::string& message) {
    // Errors quote names and text from files: shown as `list` shows them.
    fmt::print(stderr, "speedlab: error: {}\n", terminal_safe(valid_utf8(message)));
}

std::istream* open_input(const std::string& path, std::ifstream& file) {
    if (path == "-") return &std::cin;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw Error(ErrorKind::input, path + ": is a directory, not a text file");
    file.open(path, std::ios::binary);
    if (!file) throw Error(ErrorKind::input, path + ": cannot open: " + std::strerror(errno));
    return &file;
}

// Reads up to `limit` + 1 bytes in chunks, so memory follows the input, not the
// limit; without spare capacity, as the text is kept while it is parsed.
std::string read_input(const std::string& path, size_t limit) {
    std::ifstream file;
    std::istream* in = open_input(path, file);
    std::string text;
    std::error_code ec;
    if (auto size = std::filesystem::file_size(path, ec); !ec && path != "-")
        text.reserve(std::min(size, limit) + 1);
    import::read_chunks(*in, limit, text);
    if (in->bad()) throw Error(ErrorKind::input, path + ": cannot read: " + std::strerror(errno));
    return text;
}

int write_output(const std::string& text, const std::string& path) {
    write_file(path, text);
    return Exit::ok;
}

}  // namespace speedlab::cli
