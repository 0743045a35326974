#pragma once
// Where an imported run was read from: a file, the sha256 of its text and the
// lines. A run found in several texts (the same mail saved as text and as a
// web page, a table repeated in several posts) is stored once with each.
#include <cstdint>
#include <string>

namespace speedlab {

struct RunSource {
    std::string file;                       // the file's name ("seed000.txt", "<stdin>")
    std::string sha256;                     // of the file's text
    int64_t first_line = 0, last_line = 0;  // the lines the run was read from; 0: unknown

    bool operator==(const RunSource&) const = default;
};

// "seed000.txt lines 16-40": the file and, where known, the lines.
inline std::string to_string(const RunSource& s) {
    std::string out = s.file.empty() ? "(no file name)" : s.file;
    if (s.first_line > 0)
        out += " lines " + std::to_string(s.first_line) + "-" + std::to_string(s.last_line);
    return out;
}

}  // namespace speedlab
