#pragma once
// The figure a Phoronix Test Suite OpenSSL result names by its description
// and scale (`RSA 4096-bit Performance` in `Signs Per Second`, `Algorithm:
// SHA256` in `byte/s`): one naming for the suite's text, console and XML.
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "import/figure_name.h"

namespace speedlab::import {

struct PtsFigure {
    FigureName name;
    std::string printed;  // "RSA 4096-bit Performance (Signs Per Second)"
};

// The figure DESCRIPTION and SCALE name, counted in signs or verifies per
// second, or in byte/s at SIZE (the test profile's column; 0: not known);
// else why not.
std::variant<PtsFigure, std::string> pts_figure(std::string_view description,
                                                std::string_view scale, int64_t size = 0);

}  // namespace speedlab::import
