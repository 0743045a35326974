#include "serve/http.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

#include "report/html_builder.h"
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

namespace {
// RFC 9110's tchar: what a method or a header name is made of.
bool token(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) {
        return std::isalnum(c) ||
               std::string_view("!#$%&'*+-.^_`|~").find(char(c)) != std::string_view::npos;
    });
}

bool same(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// The head's lines, without their CR LF; the empty last line dropped.
std::vector<std::string_view> lines_of(std::string_view head) {
    std::vector<std::string_view> out;
    while (!head.empty()) {
        auto nl = head.find('\n');
        std::string_view line = head.substr(0, nl);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) break;
        out.push_back(line);
        head.remove_prefix(nl == std::string_view::npos ? head.size() : nl + 1);
    }
    return out;
}

Head refuse(int status, std::string why) {
    Head h;
    h.refused = status;
    h.why = std::move(why);
    h.keep_alive = false;
    return h;
}

// "GET /run/1 HTTP/1.1" into HEAD; false (HEAD refused) when it is not one.
bool request_line(std::string_view line, Head& head) {
    if (line.size() > kMostRequestLine)
        return head = refuse(414, "its request line is longer than 8 KiB"), false;
    auto sp1 = line.find(' '), sp2 = line.rfind(' ');
    if (sp1 == std::string_view::npos || sp1 == sp2)
        return head = refuse(400, "its request line is not METHOD TARGET HTTP/1.1"), false;
    std::string_view method = line.substr(0, sp1), target = line.substr(sp1 + 1, sp2 - sp1 - 1),
                     version = line.substr(sp2 + 1);
    bool clean = !target.empty() && std::none_of(target.begin(), target.end(), [](char c) {
        return static_cast<unsigned char>(c) <= ' ' || c == 127;
    });
    if (!token(method) || method.size() > 32 || !clean)
        return head = refuse(400, "its request line is not METHOD TARGET HTTP/1.1"), false;
    if (version != "HTTP/1.1" && version != "HTTP/1.0")
        return head = refuse(version.starts_with("HTTP/") ? 505 : 400,
                             "only HTTP/1.0 and HTTP/1.1 are spoken here"),
               false;
    head.method = method, head.target = target;
    head.keep_alive = version == "HTTP/1.1";
    return true;
}

// One "Name: value" line into HEAD; false (HEAD refused) when it cannot be read.
bool header_line(std::string_view line, Head& head, bool& has_length) {
    auto colon = line.find(':');
    if (colon == std::string_view::npos || !token(line.substr(0, colon)))
        return head = refuse(400, "a header line is not Name: value"), false;
    std::string_view name = line.substr(0, colon), value = trim(line.substr(colon + 1));
    if (same(name, "transfer-encoding"))
        return head = refuse(411, "a body must come with a Content-Length"), false;
    if (same(name, "content-length")) {
        if (value.empty() || value.size() > 18 ||
            value.find_first_not_of("0123456789") != std::string_view::npos)
            return head = refuse(400, "its Content-Length is not a number"), false;
        size_t n = std::stoull(std::string(value));
        if (has_length && n != head.body)
            return head = refuse(400, "it has two Content-Lengths"), false;
        if (n > kMostBody) return head = refuse(413, "its body is larger than 64 KiB"), false;
        head.body = n, has_length = true;
    }
    if (same(name, "connection")) {
        std::string lower(value);
        for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
        if (lower.find("close") != std::string::npos) head.keep_alive = false;
    }
    return true;
}
}  // namespace

size_t head_end(std::string_view bytes) {
    for (size_t i = bytes.find('\n'); i != std::string_view::npos; i = bytes.find('\n', i + 1)) {
        if (i + 1 < bytes.size() && bytes[i + 1] == '\n') return i + 2;
        if (i + 2 < bytes.size() && bytes[i + 1] == '\r' && bytes[i + 2] == '\n') return i + 3;
    }
    return std::string_view::npos;
}

Head parse_head(std::string_view text) {
    if (text.size() > kMostHead) return refuse(431, "its head is longer than 16 KiB");
    auto lines = lines_of(text);
    Head head;
    if (lines.empty() || !request_line(lines[0], head))
        return lines.empty() ? refuse(400, "it is empty") : head;
    if (lines.size() - 1 > kMostHeaders) return refuse(431, "it has more than 100 header lines");
    bool has_length = false;
    for (size_t i = 1; i < lines.size(); ++i) {
        if (lines[i].front() == ' ' || lines[i].front() == '\t')
            return refuse(400, "a header line is folded");
        if (!header_line(lines[i], head, has_length)) return head;
    }
    return head;
}

std::string_view reason(int status) {
    switch (status) {
        case 200:
            return "OK";
        case 400:
            return "Bad Request";
        case 404:
            return "Not Found";
        case 405:
            return "Method Not Allowed";
        case 408:
            return "Request Timeout";
        case 411:
            return "Length Required";
        case 413:
            return "Content Too Large";
        case 414:
            return "URI Too Long";
        case 431:
            return "Request Header Fields Too Large";
        case 500:
            return "Internal Server Error";
        case 503:
            return "Service Unavailable";
        case 505:
            return "HTTP Version Not Supported";
        default:
            return status < 400 ? "OK" : status < 500 ? "Bad Request" : "Server Error";
    }
}

std::string wire(const Response& r, bool keep_alive, bool head_only) {
    // Pages need no script, frame or font: only their own inline style,
    // the icon, and forms that ask this server.
    std::string out = fmt::format(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: {}\r\n"
        "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; "
        "form-action 'self'; base-uri 'none'; frame-ancestors 'none'\r\n"
        "X-Frame-Options: DENY\r\nX-Content-Type-Options: nosniff\r\n"
        "Referrer-Policy: no-referrer\r\n",
        r.status, reason(r.status), r.content_type, r.body.size(),
        keep_alive ? "keep-alive" : "close");
    for (const auto& [name, value] : r.headers)
        if (token(name) && value.find_first_of("\r\n") == std::string::npos)
            out += name + ": " + value + "\r\n";
    out += "\r\n";
    if (!head_only) out += r.body;
    return out;
}

Response refusal(int status, const std::string& why, bool wants_json) {
    std::string text = "speedlab serve could not read this request: " + why + ".";
    if (wants_json) return {status, "application/json", nlohmann::json{{"error", text}}.dump(), {}};
    std::string title = fmt::format("{} {}", status, reason(status));
    auto page = report::Html::trusted("<!DOCTYPE html>\n");
    page.open("html", {{"lang", "en"}}).text("\n").open("meta", {{"charset", "utf-8"}}).text("\n");
    page.element("title", title + " · speedlab").text("\n").element("h1", title).text("\n");
    page.element("p", text).text("\n").close("html").text("\n");
    return {status, "text/html; charset=utf-8", page.str(), {}};
}

}  // namespace speedlab::serve
