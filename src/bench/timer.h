#pragma once
// The openssl speed timing loop: an alarm ends the loop after a fixed wall
// time, and the time charged is the process's user CPU time (or wall time).
#include <cstdint>

#include "core/run.h"

namespace speedlab::bench {

struct Timed {
    int64_t count = 0;
    double seconds = 0;
    bool failed = false;       // the operation reported an error
    bool interrupted = false;  // Ctrl-C arrived during the loop
};

// Seconds on the chosen clock: user CPU time of this process, or monotonic wall time.
double clock_now(Timing timing);

// Arms a one-shot alarm; alarm_fired() turns true when it goes off.
void start_alarm(double seconds);
void stop_alarm();
bool alarm_fired();

// SIGINT sets a flag the loops check, so a run stops cleanly on Ctrl-C.
void install_interrupt_handler();
bool interrupt_requested();

template <class Op>
Timed time_operation(double seconds, Timing timing, Op&& op) {
    Timed t;
    start_alarm(seconds);
    double start = clock_now(timing);
    while (!alarm_fired()) {
        if (!op()) {
            t.failed = true;
            break;
        }
        ++t.count;
    }
    t.seconds = clock_now(timing) - start;
    stop_alarm();
    t.interrupted = interrupt_requested();
    return t;
}

}  // namespace speedlab::bench
