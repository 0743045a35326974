#pragma once
// speedlab's one error type: what went wrong, as a kind that the command line
// turns into an exit code (cli/main.cpp) and serve into an HTTP status
// (serve/site.cpp), each in one place. Modules throw it, or a type derived
// from it that carries more (a 404's closest names, a JSON error's line).
#include <stdexcept>
#include <string>

namespace speedlab {

enum class ErrorKind {
    usage,        // the words given cannot be carried out: exit 2, HTTP 400
    input,        // a file or text that cannot be read as what it should be: exit 65, HTTP 400
    io,           // a file, the store or the network failed: exit 1, HTTP 500
    busy,         // another writer held the store too long: exit 1, HTTP 503
    not_found,    // no such run, machine or page: exit 2, HTTP 404
    failed,       // the work could not be done as asked (no figures in common): exit 1, HTTP 422
    interrupted,  // a signal stopped it, what was finished kept: exit 130, HTTP 503
    internal,     // a bug: exit 1, HTTP 500
};

class Error : public std::runtime_error {
  public:
    Error(ErrorKind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
    ErrorKind kind() const { return kind_; }

  private:
    ErrorKind kind_;
};

// The exit code of a command that failed with KIND (docs/cli.md, EXIT STATUS).
int exit_code(ErrorKind kind);

// The HTTP status of a page that failed with KIND.
int http_status(ErrorKind kind);

}  // namespace speedlab
