#pragma once
// The served pages, one file each. A page reads the store, checks its query
// (BadRequest, NotFound: serve/page_error.h) and answers HTML, or JSON or CSV
// when ?format= asks (what the CLI prints for the same question, from its table).
#include "report/formats.h"
#include "serve/http.h"
#include "serve/links.h"
#include "store/database.h"
#include "store/run_resolver.h"

namespace speedlab::serve {

// Rows per page of the run list.
inline constexpr int64_t kRunsPerPage = 100;

Response runs_page(const store::Database& db, const Request& request, const Links& links);
Response run_page(const store::Database& db, int64_t id, const Request& request,
                  const Links& links);
// `runs=` as the command line reads it; OUTSIDE answers `ref:` words.
Response compare_page(const store::Database& db, const Request& request, const Links& links,
                      const store::OutsideLookup& outside = {});
Response machines_page(const store::Database& db, const Request& request, const Links& links);
Response machine_page(const store::Database& db, const std::string& name, const Request& request,
                      const Links& links);

// The runs as a table linking to their pages; live, a form to compare those ticked.
std::string runs_table(const std::vector<store::RunSummary>& runs, const Links& links);

// What ?format= asks for: "" for the page itself (no format, or "html"), else
// one of NAMES, the format table the CLI prints the same data with
// (report/formats.h); anything else is a BadRequest listing them.
std::string page_format(const Request& request, const std::vector<std::string>& names);
template <class T>
std::string page_format(const Request& request, const report::Formats<T>& formats) {
    return page_format(request, formats.names());
}
// A percentage parameter from 0 to 50 as a fraction (5 -> 0.05); FALLBACK when
// not given; anything else (nan, inf, 60, "5%") is a BadRequest.
double percent_param(const Request& request, const char* name, double fallback);
// BODY in the format named FORMAT, with its content type (json, csv, markdown,
// else plain text).
Response formatted_response(std::string_view format, std::string body);
// DATA as the CLI prints it in FORMAT, one of FORMATS' names.
template <class T>
Response formatted(const report::Formats<T>& formats, std::string_view format, const T& data) {
    return formatted_response(format, formats.render(format, data));
}

}  // namespace speedlab::serve
