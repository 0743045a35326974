#pragma once
// Where a page's links point: the live server's routes with query strings
// (`speedlab serve`), or the relative files `speedlab publish` writes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "serve/http.h"

namespace speedlab::serve {

class Links {
  public:
    static Links live();
    // A published page DEPTH directories below the site's root (run/5.html: 1).
    static Links published(int depth);

    bool is_published() const { return published_; }
    // The run list with this view (live), or its page PAGE (published: 1-based).
    std::string runs(const Params& view = {}, int64_t page = 1) const;
    std::string run(int64_t id) const;
    std::string machines() const;
    std::string reference() const;  // the reference machines (reference_page)
    std::string machine(const std::string& name) const;
    // Live only: published sites hold no comparisons (empty then).
    std::string compare(const std::vector<int64_t>& ids, int64_t base) const;
    std::string favicon() const;

  private:
    bool published_ = false;
    std::string root_;  // "/" live, "", "../" published
};

// The file of a machine's published page: letters, digits, '.', '-' kept,
// every other byte as _XX, so any name is one safe file name. A name longer
// than kMachineFileWhole so written keeps its first kMachineFilePrefix bytes
// (whole _XX) and "~" with 16 hex digits of its sha256: at most 106 bytes
// with ".html", whatever the name (NAME_MAX is 255); no short name has '~'.
inline constexpr size_t kMachineFileWhole = 100, kMachineFilePrefix = 80;
std::string machine_file(const std::string& name);

}  // namespace speedlab::serve
