#pragma once
// What the served site sees of HTTP: a request (method, path, decoded query
// parameters) and the response it gives. The server library stays behind
// serve/http_server; the site, its tests and `publish` use only these values.
// Also the wire format the server reads and writes (HTTP/1.1 heads), kept
// here so it can be tested without sockets.
#include <cstddef>
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

// What the server accepts of a request, and answers otherwise.
inline constexpr size_t kMostRequestLine = 8 * 1024;  // else 414
inline constexpr size_t kMostHead = 16 * 1024;        // request line and headers, else 431
inline constexpr size_t kMostHeaders = 100;           // else 431
inline constexpr size_t kMostBody = 64 * 1024;        // else 413 (no page takes one)

// A request head as read from a connection: what the server needs of it.
struct Head {
    int refused = 0;  // 0, or the status that answers it (400, 413, 414, 431, 505)
    std::string why;  // what was wrong, for the refusal's page
    std::string method, target;
    bool keep_alive = true;  // HTTP/1.1 unless "Connection: close"
    size_t body = 0;         // Content-Length: bytes to read (and ignore) after the head
};

// Where the head at the start of BYTES ends (just after its empty line), or
// npos while it is incomplete. Lines end with CRLF or a bare LF.
size_t head_end(std::string_view bytes);
// The head BYTES[0, head_end) says: refused when it is no HTTP/1.x request
// speedlab serve can answer. Only a head's syntax is judged; a method any.
Head parse_head(std::string_view head);
// The reason phrase of STATUS ("Not Found").
std::string_view reason(int status);
// The bytes of RESPONSE on the wire: status line, headers, and the body
// unless only the head is asked for (HEAD). Range is never honoured.
std::string wire(const Response& response, bool keep_alive, bool head_only);
// The page (or JSON, when WANTS_JSON) of a request the server refused itself.
Response refusal(int status, const std::string& why, bool wants_json);

}  // namespace speedlab::serve
