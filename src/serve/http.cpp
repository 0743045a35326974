#include "serve/http.h"

#include "serve/url.h"

namespace speedlab::serve {

std::optional<std::string> Request::param(std::string_view name) const {
    for (const auto& [n, v] : query)
        if (n == name) return v;
    return std::nullopt;
}

std::vector<std::string> Request::params(std::string_view name) const {
    std::vector<std::string> out;
    for (const auto& [n, v] : query)
        if (n == name) out.push_back(v);
    return out;
}

Request request_for(std::string_view target) {
    Request r;
    auto q = target.find('?');
    r.path = url_decode(target.substr(0, q), false);
    if (q != std::string_view::npos) r.query = parse_query(target.substr(q + 1));
    return r;
}

}  // namespace speedlab::serve
