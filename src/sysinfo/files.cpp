#include "sysinfo/files.h"

#include <fstream>

namespace speedlab::sysinfo {

std::string read_file(const std::filesystem::path& path, size_t limit) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    std::string s(limit, '\0');
    in.read(s.data(), static_cast<std::streamsize>(limit));
    s.resize(static_cast<size_t>(in.gcount()));
    return s;
}

std::string first_line(const std::string& s) {
    return s.substr(0, s.find('\n'));
}

}  // namespace speedlab::sysinfo
