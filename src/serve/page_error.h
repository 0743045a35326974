#pragma once
// What a page can answer instead of itself: a bad query value (400) or an
// unknown run or machine (404). The site turns each into its page.
#include <stdexcept>
#include <string>
#include <vector>

namespace speedlab::serve {

struct BadRequest : std::runtime_error {
    // "runs: expected run ids such as 3,7, found 'x'"
    BadRequest(const std::string& parameter, const std::string& expected, const std::string& found)
        : std::runtime_error(parameter + ": expected " + expected + ", found '" + found + "'"),
          parameter(parameter) {}
    // "metrics: 'x' names no figure of these runs; closest: ..."
    BadRequest(const std::string& parameter, const std::string& message)
        : std::runtime_error(parameter + ": " + message), parameter(parameter) {}
    std::string parameter;
};

struct NotFound : std::runtime_error {
    struct Suggestion {
        std::string text, href;
    };
    NotFound(const std::string& what, std::vector<Suggestion> closest)
        : std::runtime_error(what), closest(std::move(closest)) {}
    std::vector<Suggestion> closest;
};

}  // namespace speedlab::serve
