#pragma once
// What a page can answer instead of itself: a bad query value (400) or an
// unknown run or machine (404), speedlab::Errors that carry what their page
// shows. The site turns each into its page.
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.h"

namespace speedlab::serve {

struct BadRequest : Error {
    // "runs: expected run ids such as 3,7, found 'x'"
    BadRequest(const std::string& parameter, const std::string& expected, const std::string& found)
        : Error(ErrorKind::usage, parameter + ": expected " + expected + ", found '" + found + "'"),
          parameter(parameter) {}
    // "metrics: 'x' names no figure of these runs; closest: ..."
    BadRequest(const std::string& parameter, const std::string& message)
        : Error(ErrorKind::usage, parameter + ": " + message), parameter(parameter) {}
    std::string parameter;
};

struct NotFound : Error {
    struct Suggestion {
        std::string text, href;
    };
    NotFound(const std::string& what, std::vector<Suggestion> closest)
        : Error(ErrorKind::not_found, what), closest(std::move(closest)) {}
    std::vector<Suggestion> closest;
};

}  // namespace speedlab::serve
