#pragma once
// A shell prompt's command line ("$ ./target/release/tiber-bench",
// "root@box:~# taskset -c 0 openssl speed md5"): which program it runs, and
// the host that names a run of openssl's (classify's Prompt token). A
// table printed under a prompt that runs another program is that program's,
// even when it copies openssl's layout (issue 34, MISSES.md section 16).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "parse/classify.h"

namespace speedlab::parse {

struct ShellCommand {
    enum class Runs {
        openssl,  // openssl itself, a fork, or through a wrapper (sudo, taskset, env X=Y ...)
        neutral,  // prints a file or drives the shell (cat, cd, while): its output may be openssl's
        other,    // another program: what it prints is its own
    } runs = Runs::neutral;
    std::string_view program;  // as typed: "./target/release/tiber-bench"
};

// The command of LINE (trimmed) when it is a shell prompt: "$ cmd" or a
// prompt naming a user, host or path before its "$" or "#" ("user@host:~$",
// "[root@box dir]#", openSUSE's "box:/usr/bin # ", "sh#"). A Markdown
// heading ("# Results") is none.
std::optional<ShellCommand> shell_command(std::string_view line);

// The host of a prompt that runs openssl speed: "didier at abrasd03:~$",
// "root@box:~#", Fedora's "[root@box dir]#", and a host before a path
// without a user (openSUSE's root "box:/usr/local/bin # ", macOS's "box:~ me$").
std::string prompt_host(std::string_view line);

// Whether LINE is openssl speed's command without a prompt, maybe behind
// wrappers ("taskset -c 0 openssl speed rsa2048 > out.txt"), not prose.
bool bare_speed_command(std::string_view line);

// The host of a prompt whatever it runs (`user@box:~$ cat speed.txt`: box),
// else empty: a prompt without a host ("bash-4.2#", "$") names none.
std::string any_prompt_host(std::string_view line);

// The last prompt that ran another program and the lines since it: a run
// starting under it is that program's output, counted as a host's prompt
// names the run below it (no other command between, at most three stray
// lines). A prompt of openssl's, a fence or a heading ends it.
class OtherProgram {
  public:
    // A line no run took, AT its index: a prompt of another program, a line
    // that ends the last one's output, or neither.
    enum class Seen { other, prompt, end };
    Seen see(const Token& tok, size_t at);
    void clear() { program_.clear(); }
    bool active() const { return !program_.empty(); }
    // The program whose output a run starting now is; empty: openssl's.
    std::string_view printer() const {
        return strays_ <= 3 ? std::string_view(program_) : std::string_view();
    }
    size_t line() const { return line_; }  // the prompt's index

  private:
    std::string program_;
    size_t line_ = 0, strays_ = 0;
};

}  // namespace speedlab::parse
