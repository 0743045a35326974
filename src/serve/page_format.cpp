#include <algorithm>
#include <charconv>

#include "serve/page_error.h"
#include "serve/pages.h"

namespace speedlab::serve {

std::string page_format(const Request& request, const std::vector<std::string>& names) {
    auto f = request.param("format").value_or("");
    if (f.empty() || f == "html") return "";
    if (std::find(names.begin(), names.end(), f) != names.end()) return f;
    std::vector<std::string> all{"html"};
    for (const auto& n : names)
        if (n != "html") all.push_back(n);
    throw BadRequest("format", report::names_text(all), f);
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

Response formatted_response(std::string_view format, std::string body) {
    const char* type = format == "json"       ? "application/json"
                       : format == "csv"      ? "text/csv; charset=utf-8"
                       : format == "markdown" ? "text/markdown; charset=utf-8"
                                              : "text/plain; charset=utf-8";
    return {200, type, std::move(body), {}};
}

}  // namespace speedlab::serve
