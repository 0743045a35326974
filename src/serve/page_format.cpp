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

Response json_response(const std::string& text) {
    return {200, "application/json", text, {}};
}

Response csv_response(const std::string& text) {
    return {200, "text/csv; charset=utf-8", text, {}};
}

}  // namespace speedlab::serve
