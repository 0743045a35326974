#pragma once
// A self-contained HTML page (inline CSS and SVG, no network) built piece by piece.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/run.h"

namespace speedlab::report {

// The report's style sheet (tables, charts, legends), for pages that embed its parts.
std::string report_css();

class HtmlReport {
  public:
    explicit HtmlReport(std::string title);
    void paragraph(const std::string& text);
    void raw(const std::string& html);  // trusted markup made by speedlab itself
    void list(const std::string& heading, const std::vector<std::string>& items);
    // A table whose cells are coloured by a ratio (green above 1, red below).
    void heat_table(const std::string& title, const std::vector<std::string>& header,
                    const std::vector<std::vector<std::string>>& rows,
                    const std::vector<std::vector<std::optional<double>>>& ratios);
    // The machines and provenance of the runs.
    void machines(const std::vector<Run>& runs);
    std::string str() const;
    std::string body() const;  // the parts without the document around them

  private:
    std::string title_, body_;
};

}  // namespace speedlab::report
