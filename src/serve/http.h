#pragma once
// What the served site sees of HTTP: a request (method, path, decoded query
// parameters) and the response it gives. The server library stays behind
// serve/http_server; the site, its tests and `publish` use only these values.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace speedlab::serve {

using Params = std::vector<std::pair<std::string, std::string>>;

struct Request {
    std::string method = "GET";
    std::string path = "/";
    Params query;  // decoded, in the order given

    // The first value of NAME, if given.
    std::optional<std::string> param(std::string_view name) const;
    // Every value of NAME (a form's checkboxes give one each).
    std::vector<std::string> params(std::string_view name) const;
};

struct Response {
    int status = 200;
    std::string content_type = "text/html; charset=utf-8";
    std::string body;
    Params headers;  // besides Content-Type and Content-Length
};

// A request for PATH with its query string ("?a=1&b=2" or "a=1&b=2") decoded.
Request request_for(std::string_view target);

}  // namespace speedlab::serve
