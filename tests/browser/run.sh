#!/usr/bin/env bash
# Browser tests, run by ctest: run.sh SPEEDLAB_BINARY SOURCE_DIR BUILD_DIR [NAME]
# (NAME: tests/browser/NAME.test.mjs only; every one without).
# Unpacks the vendored playwright-core into the build directory and runs
# `node --test` on tests/browser/*.test.mjs against Debian's chromium.
# Exit 77 (ctest: skipped) with the reason when node or chromium is missing.
set -euo pipefail
speedlab=$1 src=$2 build=$3 only=${4:-*}
skip() { echo "SKIPPED: $*"; exit 77; }

command -v node >/dev/null || skip "node is not installed (apt-get install nodejs)"
major=$(node -p 'process.versions.node.split(".")[0]')
((major >= 18)) || skip "node $(node --version) is older than 18, which playwright-core and node --test need"
chromium=${CHROMIUM:-/usr/bin/chromium}
[[ -x $chromium ]] || skip "$chromium is not installed (apt-get install chromium)"

# The package is unpacked, never installed: no npm, no network, no browser download.
tgz=$(echo "$src"/tests/browser/vendor/playwright-core-*.tgz)
[[ -f $tgz ]] || { echo "FAIL: no vendored playwright-core in $src/tests/browser/vendor" >&2; exit 1; }
modules=$build/browser-node_modules
stamp=$modules/playwright-core/.from
# Two tests may start at once: one unpacks, under a lock, the other waits.
exec 9>"$build/browser-node_modules.lock"
flock 9
if [[ ! -f $stamp || $(cat "$stamp") != "${tgz##*/}" ]]; then
    rm -rf "$modules" && mkdir -p "$modules"
    tar -xzf "$tgz" -C "$modules"
    mv "$modules/package" "$modules/playwright-core"
    echo "${tgz##*/}" >"$stamp"
fi
flock -u 9

export SPEEDLAB_BINARY=$speedlab SPEEDLAB_TEST_DATA=$src/tests/data CHROMIUM=$chromium
export PLAYWRIGHT_CORE=$modules/playwright-core SCREENSHOT_DIR=$build/browser-screenshots
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
mkdir -p "$SCREENSHOT_DIR"
# node before 21 does not expand globs itself.
exec node --test "$src"/tests/browser/$only.test.mjs
