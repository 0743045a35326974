#!/usr/bin/env bash
# Installation tests, run by ctest: install_test.sh CASE BUILD_DIR SOURCE_DIR.
# Each case installs into a DESTDIR of its own and checks what a user gets.
# Exit 77 (ctest: skipped) with the reason when a tool the case needs is missing.
set -euo pipefail
case_name=$1 build=$2 src=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/speedlab-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
root=$tmp/root
usr=$root/usr

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIPPED: $*"; exit 77; }

install_into() {
    [[ -f $build/man/speedlab.1.gz && -f $build/completions/speedlab ]] ||
        fail "$build has no man page or completions: build the default target (cmake --build $build)"
    DESTDIR=$root cmake --install "$build" --prefix /usr >"$tmp/install.log" 2>&1 ||
        { cat "$tmp/install.log"; fail "cmake --install into DESTDIR $root failed"; }
}

# Every file in its standard place, and nothing else.
case_files() {
    install_into
    local want=(
        usr/bin/speedlab
        usr/share/man/man1/speedlab.1.gz
        usr/share/bash-completion/completions/speedlab
        usr/share/zsh/vendor-completions/_speedlab
        usr/share/fish/vendor_completions.d/speedlab.fish
        usr/share/doc/speedlab/README.md
        usr/share/doc/speedlab/architecture.md
        usr/share/doc/speedlab/cli.md
        usr/share/doc/speedlab/deploy.md
        usr/share/doc/speedlab/history.md
        usr/share/doc/speedlab/json.md
        usr/share/doc/speedlab/copyright
        usr/share/doc/speedlab/changelog.gz
        usr/lib/systemd/system/speedlab-nightly.service
        usr/lib/systemd/system/speedlab-nightly.timer
    )
    local f
    while IFS= read -r f; do want+=("usr/share/speedlab/reference/$f"); done < <(
        cd "$src/data/reference" && find reference.json README.md excluded.md sources -type f)
    local k
    for k in "$build"/isa/speedlab-kernels-x86-64*; do
        [[ -e $k ]] && want+=("usr/libexec/speedlab/${k##*/}")
    done
    diff <(printf '%s\n' "${want[@]}" | sort) <(cd "$root" && find . -type f | sed 's|^\./||' | sort) ||
        fail "installed files differ from the list (< wanted, > installed)"
    for f in "${want[@]}"; do [[ -s $root/$f ]] || fail "$f is empty"; done
    [[ -x $usr/bin/speedlab ]] || fail "usr/bin/speedlab is not executable"
    "$usr/bin/speedlab" --version >"$tmp/version" || fail "installed speedlab --version failed"
    grep -q "^speedlab [0-9]" "$tmp/version" || fail "--version: no version line: $(cat "$tmp/version")"
    grep -q "^libcrypto: OpenSSL [0-9]" "$tmp/version" || fail "--version: no libcrypto line"
    grep -q "^git revision: ." "$tmp/version" || fail "--version: no git revision line"
    grep -q "^database back ends: sqlite 3\..*postgresql" "$tmp/version" || fail "--version: no back ends"
    gzip -t "$usr/share/man/man1/speedlab.1.gz" || fail "man page is not valid gzip"
    echo "ok: ${#want[@]} files installed; $(head -1 "$tmp/version")"
}

# man renders the page, and groff -ww finds nothing to warn about.
case_man() {
    command -v groff >/dev/null || skip "groff is not installed (apt-get install groff-base)"
    command -v man >/dev/null || skip "man is not installed (apt-get install man-db)"
    install_into
    local page=$usr/share/man/man1/speedlab.1.gz
    zcat "$page" | groff -ww -man -Tutf8 -z 2>"$tmp/groff.err" || fail "groff failed"
    [[ ! -s $tmp/groff.err ]] || { cat "$tmp/groff.err"; fail "groff -ww warned"; }
    MANWIDTH=80 man --warnings=w -l "$page" >"$tmp/man.txt" 2>"$tmp/man.err" || fail "man -l failed"
    [[ ! -s $tmp/man.err ]] || { cat "$tmp/man.err"; fail "man -l warned"; }
    for section in NAME SYNOPSIS COMMANDS "EXIT STATUS" ENVIRONMENT FILES; do
        grep -q "^$section" "$tmp/man.txt" || fail "man page has no $section section"
    done
    for word in SPEEDLAB_DB XDG_DATA_HOME 130 65 "speedlab experiment isa"; do
        grep -q -- "$word" "$tmp/man.txt" || fail "man page does not mention $word"
    done
    echo "ok: man -l renders $(wc -l <"$tmp/man.txt") lines, no warnings"
}

# The commands --help lists, recursively: "run", "experiment isa", ...
commands_of() {
    local path=$1
    "$usr/bin/speedlab" $path --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && /^  [a-z]/ {print $1}' |
        while read -r sub; do
            echo "${path:+$path }$sub"
            commands_of "${path:+$path }$sub"
        done
}

# Every option `speedlab COMMAND --help` lists is in that command's man section.
case_man_options() {
    install_into
    zcat "$usr/share/man/man1/speedlab.1.gz" | sed 's/\\-/-/g; s/\\f[BIR]//g' >"$tmp/speedlab.1"
    local cmd checked=0
    while read -r cmd; do
        # The section of this command: from its .SS line to the next .SS or .SH.
        awk -v head=".SS \"speedlab $cmd [" 'index($0, head) == 1 {on = 1; next} /^\.S[SH]/ {on = 0} on' \
            "$tmp/speedlab.1" >"$tmp/section"
        [[ -s $tmp/section ]] || fail "no man section for 'speedlab $cmd'"
        "$usr/bin/speedlab" $cmd --help | sed -n '/^Options:/,/^$/p' |
            grep -oE '^  (-[a-zA-Z],)?--?[a-z][-a-z0-9]*' | tr ',' '\n' | tr -d ' ' >"$tmp/options"
        [[ -s $tmp/options ]] || fail "no options read from 'speedlab $cmd --help'"
        while read -r opt; do
            grep -qE -- "(^|[ ,])$opt([ ,]|$)" "$tmp/section" || fail "'speedlab $cmd --help' lists $opt; the man page does not"
            checked=$((checked + 1))
        done <"$tmp/options"
    done < <(commands_of "")
    "$usr/bin/speedlab" --help | sed -n '/^Options:/,/^$/p' | grep -oE -- '--[a-z][-a-z0-9]*' |
        while read -r opt; do grep -q -- "$opt" "$tmp/speedlab.1" || fail "global $opt missing"; done
    ((checked > 50)) || fail "only $checked options checked"
    echo "ok: $checked options of $(commands_of "" | wc -l) commands are all in the man page"
}

# bash completes a command, an option, an algorithm and a run label of a test database.
case_bash() {
    install_into
    local db=$tmp/results.db
    "$usr/bin/speedlab" --db "$db" import "$src/tests/data/seed000-redhat73-pcem.txt" \
        --label pcem-p166-run --machine pcem-p166 >/dev/null 2>&1 || fail "import into the test database failed"
    "$usr/bin/speedlab" --db "$db" import "$src/tests/data/seed004-athlon-p3.txt" \
        --machine "AMD Athlon(tm) XP" >/dev/null 2>&1 || fail "import into the test database failed"
    local loader=/usr/share/bash-completion/bash_completion
    [[ -f $loader ]] || skip "bash-completion is not installed (apt-get install bash-completion)"
    PATH=$usr/bin:$PATH XDG_DATA_DIRS=$usr/share bash --norc --noprofile -c '
        set -u
        source '"$loader"'
        __load_completion speedlab || { echo "bash-completion did not find speedlab'"'"'s completion"; exit 1; }
        spec=$(complete -p speedlab) && [[ $spec == *"-F _speedlab_bash speedlab" ]] || { echo "complete -p: $spec"; exit 1; }
        check() {  # WANT WORDS...: WANT among what TAB offers after WORDS
            local want=$1; shift
            COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
            COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            _speedlab_bash
            printf "%s -> %s\n" "$*" "${COMPREPLY[*]}"
            local w; for w in "${COMPREPLY[@]}"; do [[ $w == "$want" ]] && return 0; done
            echo "FAIL: \"$*\" should offer $want"; exit 1
        }
        check compare speedlab comp
        check --seconds speedlab run --sec
        check aes-128-cbc speedlab run aes-128-c
        check pcem-p166-run-2 speedlab --db '"$db"' show pcem
        check pcem-p166-run-1 speedlab compare --db '"$db"' pcem-p166-run-2 pcem-p166-run-
        check pcem-p166 speedlab --db '"$db"' list --machine pcem
        check "AMD\\ Athlon\\(tm\\)\\ XP" speedlab --db '"$db"' list --machine AMD
        check pcem-p166 speedlab --db '"$db"' machine merge pcem
        check pcem-p166 speedlab --db '"$db"' machine merge pcem-p166 pcem
        check pcem-p166 speedlab --db '"$db"' delete --machine pc
        check csv speedlab compare --format c
        check isa speedlab experiment i
        COMP_WORDS=(speedlab c); COMP_CWORD=1; _speedlab_bash
        [[ " ${COMPREPLY[*]} " != *" complete "* ]] || { echo "FAIL: hidden command offered"; exit 1; }
        # compgen, as bash runs it for TAB
        [[ $(compgen -W "$(_speedlab_commands "")" -- imp) == import ]] || exit 1
    ' || fail "bash completion"
    echo "ok: bash completes commands, options, algorithms and run labels"
}

# `speedlab complete` never writes: a missing database stays missing, prints nothing.
case_complete_missing() {
    install_into
    local out
    out=$("$usr/bin/speedlab" --db "$tmp/none/results.db" complete runs 2>&1) || fail "exit $? on a missing database"
    [[ -z $out ]] || fail "printed '$out' on a missing database"
    [[ ! -e $tmp/none ]] || fail "created $tmp/none"
    out=$(SPEEDLAB_DB=$tmp/missing.db "$usr/bin/speedlab" complete machines 2>&1) || fail "exit $?"
    [[ -z $out && ! -e $tmp/missing.db ]] || fail "SPEEDLAB_DB missing: '$out'"
    echo "ok: nothing printed, nothing created, exit 0"
}

# Types LINE and TAB into an interactive zsh (zpty) with the installed
# completion; what zsh shows must hold WANT. It reads until WANT shows or 30 s
# pass: a loaded machine's compinit can take longer than any fixed sleep.
zsh_tab() {
    local line=$1 want=$2
    cat >"$tmp/tab.zsh" <<EOF
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PS1='> '; fpath=($usr/share/zsh/vendor-completions \\\$fpath); PATH=$usr/bin:\\\$PATH; autoload -U compinit; compinit -u -D; echo RE''ADY"
zpty -r z line '*READY*'
sleep 1
while zpty -r -t z chunk; do :; done
zpty -w -n z \$'$line\t'
out=""
for i in {1..60}; do
  while zpty -r -t z chunk; do out+=\$chunk; done
  [[ \$out == *'$want'* ]] && break
  sleep 0.5
done
print -r -- "\$out"
zpty -d z
EOF
    timeout 60 zsh -f "$tmp/tab.zsh" >"$tmp/tab.out" 2>&1 || true
    grep -q -- "$want" "$tmp/tab.out" ||
        fail "zsh: '$line' TAB does not show $want: $(tr -d '\r' <"$tmp/tab.out" | cat -v | tail -3)"
}

# zsh and fish read their generated scripts; zsh completes through its line editor.
case_shells() {
    install_into
    local ran=0 db=$tmp/shells.db
    "$usr/bin/speedlab" --db "$db" import "$src/tests/data/seed000-redhat73-pcem.txt" --label zsh-run \
        >/dev/null 2>&1 || fail "import into the test database failed"
    if command -v zsh >/dev/null; then
        zsh -n "$usr/share/zsh/vendor-completions/_speedlab" || fail "zsh -n"
        zsh_tab "speedlab run --sec" "--seconds"
        zsh_tab "speedlab --db $db show zsh-run-1" "zsh-run-10"
        ran=$((ran + 1))
    else echo "zsh is not installed: zsh completion not checked"; fi
    if command -v fish >/dev/null; then
        fish -n "$usr/share/fish/vendor_completions.d/speedlab.fish" || fail "fish -n"
        out=$(XDG_DATA_DIRS=$usr/share PATH=$usr/bin:$PATH fish --no-config -c \
            "source $usr/share/fish/vendor_completions.d/speedlab.fish; complete -C 'speedlab run --sec'")
        [[ $out == *--seconds* ]] || fail "fish does not complete --seconds: $out"
        out=$(PATH=$usr/bin:$PATH fish --no-config -c \
            "source $usr/share/fish/vendor_completions.d/speedlab.fish; complete -C 'speedlab --db $db show zsh-run-1'")
        [[ $out == *zsh-run-10* ]] || fail "fish does not complete a run label: $out"
        ran=$((ran + 1))
    else echo "fish is not installed: fish completion not checked"; fi
    ((ran > 0)) || skip "neither zsh nor fish is installed (apt-get install zsh fish)"
    echo "ok: $ran shells complete an option and a run label"
}

# An install into a prefix it cannot write fails and names the path.
case_readonly() {
    command -v setpriv >/dev/null || skip "setpriv is missing (util-linux)"
    mkdir -p "$root" && chmod 555 "$root" && chmod 755 "$tmp"
    local run=()
    [[ $(id -u) == 0 ]] && run=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    if "${run[@]}" env DESTDIR=$root cmake --install "$build" --prefix /usr >"$tmp/ro.log" 2>&1; then
        fail "install into read-only $root succeeded"
    fi
    grep -q "$root/usr" "$tmp/ro.log" || { cat "$tmp/ro.log"; fail "the error does not name the path"; }
    echo "ok: $(grep -m1 "$root/usr" "$tmp/ro.log" | sed "s/^ *//")"
}

# The nightly units name the installed binary and pass systemd-analyze verify
# (with ExecStart pointed into the DESTDIR, where the binary is).
case_systemd() {
    install_into
    local units=$usr/lib/systemd/system
    grep -q "^ExecStart=/usr/bin/speedlab run --quick --machine" "$units/speedlab-nightly.service" ||
        fail "the service does not run /usr/bin/speedlab run --quick"
    grep -q "^ExecStart=/usr/bin/speedlab check --against history machine:" "$units/speedlab-nightly.service" ||
        fail "the service does not check against the history"
    grep -q "^OnCalendar=" "$units/speedlab-nightly.timer" || fail "the timer has no OnCalendar"
    command -v systemd-analyze >/dev/null || skip "systemd-analyze is not installed (apt-get install systemd)"
    mkdir -p "$tmp/units"
    sed "s|=/usr/bin/speedlab|=$usr/bin/speedlab|" "$units/speedlab-nightly.service" >"$tmp/units/speedlab-nightly.service"
    cp "$units/speedlab-nightly.timer" "$tmp/units/"
    SYSTEMD_LOG_LEVEL=warning systemd-analyze verify --man=no "$tmp/units/speedlab-nightly.service" \
        "$tmp/units/speedlab-nightly.timer" >"$tmp/verify.log" 2>&1 ||
        { cat "$tmp/verify.log"; fail "systemd-analyze verify"; }
    ! grep -v "^$" "$tmp/verify.log" | grep -qi "speedlab-nightly" ||
        { cat "$tmp/verify.log"; fail "systemd-analyze verify warned about the units"; }
    echo "ok: speedlab-nightly.service and .timer installed; systemd-analyze verify finds nothing"
}

# make install puts the files under PREFIX in DESTDIR; make uninstall removes exactly those.
case_make_uninstall() {
    mkdir -p "$root/usr/local/share/man/man1"
    echo keep >"$root/usr/local/share/man/man1/other.1"  # not speedlab's: stays
    # The record goes to $tmp: a user's own `make install` record in $build stays.
    make -s -C "$src" BUILD="$build" INSTALLED="$tmp/installed" PREFIX=/usr/local DESTDIR="$root" install \
        >"$tmp/make.log" 2>&1 ||
        { tail -20 "$tmp/make.log"; fail "make install"; }
    local n
    n=$(find "$root" -type f | wc -l)
    [[ -x $root/usr/local/bin/speedlab && -f $root/usr/local/share/zsh/site-functions/_speedlab ]] ||
        fail "make install did not put speedlab under $root/usr/local"
    make -s -C "$src" BUILD="$build" INSTALLED="$tmp/installed" uninstall >"$tmp/make.log" 2>&1 || { cat "$tmp/make.log"; fail "make uninstall"; }
    [[ $(find "$root" -type f) == "$root/usr/local/share/man/man1/other.1" ]] ||
        fail "after make uninstall: $(find "$root" -type f)"
    echo "ok: make install put $((n - 1)) files under $root/usr/local; make uninstall removed them all, and only them"
}

case_"$case_name"
