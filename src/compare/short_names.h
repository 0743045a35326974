#pragma once
// Names people read in one comparison: each run's label without the words
// every run's label shares ("tilia rh73 0.9.6b" and "PCem rh73 0.9.6b" read
// "tilia" and "PCem"), so headers and legends stay short and tell runs apart.
#include <string>
#include <vector>

#include "core/run.h"

namespace speedlab::compare {

// One name per run, in order: the words of its label that not every label
// has, in their order; the whole label where that leaves nothing or makes two
// names equal that were not; the machine's name for a run without a label.
std::vector<std::string> short_names(const std::vector<Run>& runs);

// The runs with those names as labels (ids kept): what a report prints.
std::vector<Run> with_short_names(std::vector<Run> runs);

}  // namespace speedlab::compare
