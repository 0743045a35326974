#pragma once
// The openssl speed timing loop: an alarm ends the loop after a fixed wall
// time, and the time charged is the process's user CPU time (or wall time).
#include <cstdint>

#include "core/error.h"
#include "core/run.h"

namespace speedlab::bench {

struct Timed {
    int64_t count = 0;
    double seconds = 0;
    bool interrupted = false;  // Ctrl-C arrived during the loop
    bool stalled = false;      // wall time: the process stood still past the alarm
};

// Seconds of CPU time (user and system) this process has used.
double cpu_now();

// Whether a loop timed on the wall clock stood still (SIGSTOP, a suspended
// virtual machine) for longer than the loop was asked to run: it ended later
// after the alarm than one operation and a busy machine's scheduling explain.
// `asked`: the alarm's seconds; `wall`, `cpu`: what the loop took of each.
bool stalled(double asked, double wall, double cpu, int64_t count);

// Seconds on the chosen clock: user CPU time of this process, or monotonic wall time.
double clock_now(Timing timing);

// Arms a one-shot alarm; alarm_fired() turns true when it goes off.
void start_alarm(double seconds);
void stop_alarm();
bool alarm_fired();

// SIGINT sets a flag the loops check, so a run stops cleanly on Ctrl-C.
void install_interrupt_handler();
bool interrupt_requested();

// An operation that reports an error (returns false) ends the loop with
// Error(failed): its count would time a broken call, not the algorithm.
template <class Op>
Timed time_operation(double seconds, Timing timing, Op&& op) {
    Timed t;
    start_alarm(seconds);
    double cpu = timing == Timing::wall ? cpu_now() : 0;
    double start = clock_now(timing);
    while (!alarm_fired()) {
        if (!op()) {
            stop_alarm();
            throw Error(ErrorKind::failed, "the library reported an error");
        }
        ++t.count;
    }
    t.seconds = clock_now(timing) - start;
    stop_alarm();
    if (timing == Timing::wall) t.stalled = stalled(seconds, t.seconds, cpu_now() - cpu, t.count);
    t.interrupted = interrupt_requested();
    return t;
}

}  // namespace speedlab::bench
