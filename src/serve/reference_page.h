#pragma once
// "/reference": the reference machines' chosen figure against the year, the
// store's own runs over them, and a table filtered by a GET form.
#include <memory>
#include <string>

#include "reference/set.h"
#include "serve/http.h"
#include "serve/links.h"
#include "store/database.h"

namespace speedlab::serve {

// The set the site shows, or why there is none (the page then says so).
struct ReferenceSource {
    std::shared_ptr<const reference::ReferenceSet> set;
    std::string missing;  // why there is none, shown on the page
};

Response reference_page(const store::Database& db, const ReferenceSource& source,
                        const Request& request, const Links& links);

}  // namespace speedlab::serve
