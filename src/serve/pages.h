#pragma once
// The served pages, one file each. A page reads the store, checks its query
// (BadRequest, NotFound: serve/page_error.h) and answers HTML, or JSON or CSV
// when ?format= asks (the CLI's JSON for the same question).
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

// "html" (the default), "json" or "csv"; anything else is a BadRequest.
enum class PageFormat { html, json, csv };
PageFormat page_format(const Request& request, bool csv_too = true);
// A percentage parameter from 0 to 50 as a fraction (5 -> 0.05); FALLBACK when
// not given; anything else (nan, inf, 60, "5%") is a BadRequest.
double percent_param(const Request& request, const char* name, double fallback);
Response json_response(const std::string& text);
Response csv_response(const std::string& text);

}  // namespace speedlab::serve
