#pragma once
// The served pages as static files (`speedlab publish`): the run list in
// pages, each run, the machines and each machine, with relative links, so
// any web server or a project's pages site can hold them.
#include <functional>
#include <string>
#include <vector>

#include "serve/reference_page.h"
#include "store/database.h"

namespace speedlab::serve {

// Called once per file: its path relative to the site's root ("run/5.html")
// and its content. `done` and `total` count the files, for progress. False
// stops publishing after this file (Ctrl-C).
using PublishSink = std::function<bool(const std::string& path, const std::string& content,
                                       size_t done, size_t total)>;

// Every page of the store, handed to SINK one by one; returns how many.
// With a reference set, also reference.html.
size_t publish(const store::Database& db, const PublishSink& sink,
               const ReferenceSource& reference = {});

// The path of every page publish() hands over, in its order, none rendered:
// what a publish will write, known before it writes anything.
std::vector<std::string> page_paths(const store::Database& db,
                                    const ReferenceSource& reference = {});

}  // namespace speedlab::serve
