#pragma once
// Percent-encoding of query strings (RFC 3986): permalinks hold the whole view.
#include <string>
#include <string_view>

#include "serve/http.h"

namespace speedlab::serve {

// Everything but A-Z a-z 0-9 - . _ ~ as %XX.
std::string url_encode(std::string_view text);
// %XX and (in a query) '+', a space in forms, decoded; a malformed %X stays as it is.
std::string url_decode(std::string_view text, bool plus_is_space = true);
// "a=1&b=x%20y" into its decoded pairs; empty names are dropped.
Params parse_query(std::string_view query);
// "?a=1&b=x%20y" of the pairs whose value is not empty; "" when none is.
std::string query_string(const Params& params);

// The request's own path and query with CHANGES set (each replaces a value of
// its name, or is added): a link to the same view, a little changed.
std::string link_to(const Request& request, const Params& changes);

}  // namespace speedlab::serve
