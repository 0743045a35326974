#pragma once
// Measuring on this machine, as `run` and `check` do: a progress line on a
// terminal, Ctrl-C ends cleanly, the machine recorded with the run.
#include <algorithm>
#include <vector>

#include "bench/runner.h"

namespace speedlab::cli {

// The values of `v` without repeats, in their first order (run's --bytes and
// algorithm names, check's figures of a baseline).
template <class T>
std::vector<T> unique_in_order(const std::vector<T>& v) {
    std::vector<T> out;
    for (const auto& x : v)
        if (std::find(out.begin(), out.end(), x) == out.end()) out.push_back(x);
    return out;
}

// processes > 1: openssl speed -multi (timed on the wall clock).
bench::RunOutcome measure_here(bench::RunOptions options, int processes);

// Warnings on stderr about repetitions that spread or stand apart, and the
// disturbances of the machine's conditions (cmd_run.cpp).
void warn_about_spread(const Run& run);

}  // namespace speedlab::cli
