#include "report/svg.h"

namespace speedlab::report {

std::string at1(double v) {
    return fmt::format("{:.1f}", v);
}

std::string svg_text(const std::string& x, const std::string& y, const std::string& css,
                     const std::string& anchor, std::string_view words) {
    return Html()
        .element("text", words, {{"x", x}, {"y", y}, {"class", css}, {"text-anchor", anchor}})
        .str();
}

std::string svg_open(const Attributes& figure, double width, double height,
                     const std::string& title, double left) {
    return Html()
               .open("figure", figure)
               .open("svg", {{"viewBox", fmt::format("0 0 {} {:.0f}", width, height)},
                             {"role", "img"},
                             {"aria-label", title}})
               .element("text", title, {{"x", plain(left)}, {"y", "18"}, {"class", "title"}})
               .str() +
           "\n";
}

std::string y_axis_name(double y, std::string_view words) {
    Attributes rotated{{"transform", fmt::format("translate(14,{}) rotate(-90)", y)},
                       {"class", "axis"},
                       {"text-anchor", "middle"}};
    return Html().element("text", words, rotated).str() + "\n";
}

}  // namespace speedlab::report
