#pragma once
// The SVG pieces every chart writes (its frame, its words, a rotated axis
// label), built with Html so that a title, name or hover text is escaped in
// one place.
#include <fmt/format.h>

#include <string>
#include <string_view>

#include "report/html_builder.h"

namespace speedlab::report {

// A coordinate as fmt's "{}" prints it ("60", "236.5"), or with one decimal.
template <class T>
std::string plain(T v) {
    return fmt::format("{}", v);
}
std::string at1(double v);

// <text x y class text-anchor>words</text>
std::string svg_text(const std::string& x, const std::string& y, const std::string& css,
                     const std::string& anchor, std::string_view words);

// The figure and its svg of WIDTH x HEIGHT, titled at the top left from LEFT.
std::string svg_open(const Attributes& figure, double width, double height,
                     const std::string& title, double left);

// The y axis's name, turned to read upwards at the left edge, centred on Y.
std::string y_axis_name(double y, std::string_view words);

}  // namespace speedlab::report
