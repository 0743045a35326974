#include <charconv>

#include "serve/page_error.h"
#include "serve/pages.h"

namespace speedlab::serve {

PageFormat page_format(const Request& request, bool csv_too) {
    auto f = request.param("format").value_or("");
    if (f.empty() || f == "html") return PageFormat::html;
    if (f == "json") return PageFormat::json;
    if (f == "csv" && csv_too) return PageFormat::csv;
    throw BadRequest("format", csv_too ? "html, json or csv" : "html or json", f);
}

double percent_param(const Request& request, const char* name, double fallback) {
    auto text = request.param(name).value_or("");
    if (text.empty()) return fallback;
    double v = -1;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || !(v >= 0 && v <= 50))
        throw BadRequest(name, "a percentage from 0 to 50", text);
    return v / 100;
}

Response json_response(const std::string& text) {
    return {200, "application/json", text, {}};
}

Response csv_response(const std::string& text) {
    return {200, "text/csv; charset=utf-8", text, {}};
}

}  // namespace speedlab::serve
