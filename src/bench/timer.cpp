#include "bench/timer.h"

#include <sys/resource.h>
#include <sys/time.h>

#include <algorithm>
#include <csignal>
#include <ctime>

namespace speedlab::bench {

namespace {
volatile std::sig_atomic_t g_alarm = 0;
volatile std::sig_atomic_t g_interrupt = 0;

void on_alarm(int) {
    g_alarm = 1;
}
void on_interrupt(int) {
    g_interrupt = 1;
    g_alarm = 1;  // end the loop in progress at once
}
}  // namespace

double clock_now(Timing timing) {
    if (timing == Timing::wall) {
        timespec ts{};
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
    }
    // User time only, as openssl speed's times() does, but at microsecond resolution.
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return static_cast<double>(ru.ru_utime.tv_sec) +
           static_cast<double>(ru.ru_utime.tv_usec) * 1e-6;
}

double cpu_now() {
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    auto secs = [](const timeval& tv) {
        return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) * 1e-6;
    };
    return secs(ru.ru_utime) + secs(ru.ru_stime);
}

// The alarm ends the loop after the operation in progress: the loop may run
// past it by that operation (four times its CPU time, for processes sharing a
// CPU) and by a busy machine's scheduling (half the time asked, at least
// 0.25 s). Anything later is a stall the figure must not be charged with.
bool stalled(double asked, double wall, double cpu, int64_t count) {
    double per_operation = count > 0 ? cpu / static_cast<double>(count) : cpu;
    return wall - asked > std::max(0.5 * asked, 0.25) + 4 * per_operation;
}

void start_alarm(double seconds) {
    struct sigaction sa {};
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, nullptr);
    g_alarm = g_interrupt ? 1 : 0;
    itimerval it{};
    // Bounded before the conversion: a NaN or huge duration is no alarm.
    double bounded = seconds > 1e-6 ? std::min(seconds, 1e7) : 1e-6;
    auto usec = static_cast<long long>(bounded * 1e6);
    it.it_value.tv_sec = static_cast<time_t>(usec / 1000000);
    it.it_value.tv_usec = static_cast<suseconds_t>(usec % 1000000);
    setitimer(ITIMER_REAL, &it, nullptr);
}

void stop_alarm() {
    itimerval it{};
    setitimer(ITIMER_REAL, &it, nullptr);
}

bool alarm_fired() {
    return g_alarm != 0;
}

void install_interrupt_handler() {
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGHUP, &sa, nullptr);   // a dropped ssh session: store what was measured
    sigaction(SIGQUIT, &sa, nullptr);  // Ctrl-\ means stop too, not a core dump
}

bool interrupt_requested() {
    return g_interrupt != 0;
}

}  // namespace speedlab::bench
