#include "report/html_builder.h"

namespace speedlab::report {

namespace {
// The one escape of every text and attribute value a page shows.
std::string html_escape(std::string_view text) {
    std::string o;
    o.reserve(text.size());
    for (const char& c : text)
        o += c == '&'   ? "&amp;"
             : c == '<' ? "&lt;"
             : c == '>' ? "&gt;"
             : c == '"' ? "&quot;"
                        : std::string_view(&c, 1);
    return o;
}
}  // namespace

Html Html::trusted(std::string markup) {
    Html h;
    h.out_ = std::move(markup);
    return h;
}

Html& Html::text(std::string_view text) {
    out_ += html_escape(text);
    return *this;
}

Html& Html::add(const Html& markup) {
    out_ += markup.out_;
    return *this;
}

Html& Html::open(std::string_view tag, const Attributes& attributes) {
    out_ += '<';
    out_ += tag;
    for (const auto& [name, value] : attributes) {
        out_ += ' ';
        out_ += name;
        out_ += "=\"" + html_escape(value) + '"';
    }
    out_ += '>';
    return *this;
}

Html& Html::open(std::string_view tag, const Attributes& attributes, std::string_view flag) {
    open(tag, attributes);
    if (!flag.empty()) out_.insert(out_.size() - 1, " " + std::string(flag));
    return *this;
}

Html& Html::empty(std::string_view tag, const Attributes& attributes) {
    open(tag, attributes);
    out_.insert(out_.size() - 1, "/");
    return *this;
}

Html& Html::close(std::string_view tag) {
    out_ += "</";
    out_ += tag;
    out_ += '>';
    return *this;
}

Html& Html::element(std::string_view tag, std::string_view text, const Attributes& attributes) {
    return open(tag, attributes).text(text).close(tag);
}

Html& Html::element(std::string_view tag, const Html& inner, const Attributes& attributes) {
    return open(tag, attributes).add(inner).close(tag);
}

Html link_to(std::string_view href, std::string_view text) {
    return Html().element("a", text, {{"href", std::string(href)}});
}

}  // namespace speedlab::report
