#pragma once
// The frame of every served page: title, navigation, the report's style sheet
// and the site's own. Pages are whole without script.
#include <string>
#include <string_view>

#include "serve/links.h"

namespace speedlab::serve {

enum class Section { runs, machines, compare, reference, none };

// A whole HTML document around BODY (already escaped markup).
std::string layout(const Links& links, std::string_view title, Section current,
                   const std::string& body);

}  // namespace speedlab::serve
