#include "cli/width.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

namespace speedlab::cli {

void add_width_option(CLI::App& app, size_t& width) {
    app.add_option("--width", width,
                   "columns the tables may use (default: the terminal's, else $COLUMNS, else "
                   "100); wider tables are split into blocks of columns")
        ->check(CLI::Range(size_t{40}, size_t{10000}));
}

size_t output_width(size_t given) {
    if (given) return given;
    winsize w{};
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col >= 40)
        return w.ws_col;
    if (const char* c = std::getenv("COLUMNS"); c && *c) {
        char* end = nullptr;
        long n = std::strtol(c, &end, 10);
        if (*end == '\0' && n >= 40 && n <= 10000) return static_cast<size_t>(n);
    }
    return 100;
}

}  // namespace speedlab::cli
