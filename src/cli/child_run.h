#pragma once
// `speedlab run` in a child process: under a wrapper or emulator command,
// and/or with OPENSSL_ia32cap set (libcrypto reads it only at start-up).
#include <optional>
#include <string>
#include <vector>

#include "core/run.h"

namespace speedlab::cli {

struct ChildRun {
    std::vector<std::string> wrapper;   // e.g. {"qemu-x86_64", "-cpu", "Westmere"}; empty: none
    std::string ia32cap;                // OPENSSL_ia32cap value; empty: inherit
    std::vector<std::string> run_args;  // arguments after `run` (algorithms and options)
};

struct ChildResult {
    std::optional<Run> run;
    std::string why;           // no run: the command's stderr and exit status, as data
    bool interrupted = false;  // Ctrl-C: `run` holds the figures measured before it
};

ChildResult run_child(const ChildRun& child);

// In a child run (SPEEDLAB_PARENT_PID set by run_child): dies with its parent,
// so a parent killed with SIGKILL leaves no measuring process behind.
void follow_parent_death();

struct ProgramOutput {
    int status = -1;  // as from waitpid
    std::string out, err;
    bool started = false;
    bool exited_ok() const;
};

// Runs a program (PATH searched) with stdin from /dev/null; stdout and stderr
// captured. Ctrl-C (SIGINT, SIGTERM, SIGHUP, SIGQUIT) meanwhile is sent on to
// the program and sets `interrupted` (which stays set for later calls).
ProgramOutput run_interruptible(const std::vector<std::string>& argv, bool& interrupted);

// First line of `PROGRAM --version`, for the record of an emulator.
std::string program_version(const std::string& program);

std::vector<std::string> split_command(const std::string& command);

// Records on a run that it was measured under `under`: the platform always;
// the machine as emulated, with the emulator's --version line, when the
// wrapper is an emulator (qemu-*, bochs, box64, valgrind, ...).
void record_wrapper(Run& run, const std::string& under);

}  // namespace speedlab::cli
