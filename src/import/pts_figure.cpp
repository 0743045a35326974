#include "import/pts_figure.h"

#include <fmt/format.h>

#include "core/text.h"

namespace speedlab::import {

namespace {

// The operation a scale counts ("Signs Per Second", "verify/s"); empty for
// byte/s or another test's unit.
std::string scale_operation(std::string_view scale) {
    std::string s = lower_ascii(scale);
    if (s.starts_with("sign")) return "sign";
    if (s.starts_with("verif")) return "verify";
    return {};
}

}  // namespace

std::variant<PtsFigure, std::string> pts_figure(std::string_view description,
                                                std::string_view scale, int64_t size) {
    std::string printed = fmt::format("{} ({})", description, scale);
    std::string op = scale_operation(scale);
    bool bytes = lower_ascii(trimmed_view(scale)) == "byte/s";
    if (op.empty() && !(bytes && size > 0))
        return "'" + printed + "' states no block size or operation of openssl speed's";
    std::string d(trimmed_view(description));
    if (d.starts_with("Algorithm:")) d = trimmed(d.substr(10));
    if (d.ends_with(" Performance")) d.resize(d.size() - 12);
    std::string name;
    for (char c : d) name += c == ' ' ? '_' : c;
    if (size_t bit = name.find("-bit"); bit != std::string::npos) name.erase(bit, 4);
    auto f = figure_name(name + "_" + (op.empty() ? std::to_string(size) : op));
    if (!f || (f->operation == Operation::throughput) != op.empty())
        return "'" + printed + "' names no key or cipher openssl speed measures";
    return PtsFigure{*f, printed};
}

}  // namespace speedlab::import
