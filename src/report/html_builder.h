#pragma once
// Markup built where it is escaped: text and attribute values always go through
// html_escape here, and only markup that is already an Html value goes in as it is.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace speedlab::report {

using Attributes = std::vector<std::pair<std::string_view, std::string>>;

class Html {
  public:
    Html() = default;
    // Markup speedlab wrote itself (a chart, a page part made elsewhere).
    static Html trusted(std::string markup);

    Html& text(std::string_view text);  // escaped
    Html& add(const Html& markup);
    Html& open(std::string_view tag, const Attributes& attributes = {});
    // The same with a bare boolean attribute last (selected), none when flag is empty.
    Html& open(std::string_view tag, const Attributes& attributes, std::string_view flag);
    Html& close(std::string_view tag);
    // <tag attributes/>, as SVG writes an element without content.
    Html& empty(std::string_view tag, const Attributes& attributes = {});
    // <tag attributes>text</tag>, the text escaped.
    Html& element(std::string_view tag, std::string_view text, const Attributes& attributes = {});
    Html& element(std::string_view tag, const Html& inner, const Attributes& attributes = {});

    const std::string& str() const { return out_; }
    bool empty() const { return out_.empty(); }

  private:
    std::string out_;
};

// <a href="…">text</a>, both escaped.
Html link_to(std::string_view href, std::string_view text);

}  // namespace speedlab::report
