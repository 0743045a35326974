#!/usr/bin/env python3
"""The shipped reference set (data/reference, issue 36), checked by ctest.

reference_test.py CASE SPEEDLAB DATA_DIR, CASE one of:
  rebuild   rebuild a sample of runs from their excerpts with this speedlab;
            each must equal the shipped run of the same label;
  figures   every figure of a sample of shipped runs is printed on its cited lines;
  citations every shipped run has its machine facts, citation and terms, its
            cited file exists and holds its cited lines; the set's size holds
            (the counts below: issue 36 asks 300 runs and 100 CPU models, the
            set holds fewer since only excerpts re-read through the stored
            text index are shipped, data/reference/README.md);
  import    speedlab imports the shipped bundle: every run is stored;
  refuse    the build refuses (exit 1, naming the run, writing nothing) a
            run cited at lines that hold none of it, and an unknown kind.
"""
import importlib.machinery
import importlib.util
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

SAMPLE = 12
# The set's true size (data/reference/README.md): issue 36's targets are 300
# runs, 100 CPU models and 40 runs measured before 2005.
MIN_RUNS, MIN_MODELS, MIN_EARLY = 323, 160, 47


def load_build(data):
    loader = importlib.machinery.SourceFileLoader("reference_build", os.path.join(data, "build"))
    spec = importlib.util.spec_from_loader("reference_build", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def shipped(data):
    with open(os.path.join(data, "reference.json")) as f:
        return json.load(f)["runs"]


def sample(runs):
    """Every source's first run, then a fixed-seed draw: the same sample each time."""
    first = {}
    for run in runs:
        first.setdefault(run["reference"]["citation"]["folder"], run)
    rest = [r for r in runs if r not in first.values()]
    return list(first.values()) + random.Random(36).sample(rest, min(SAMPLE, len(rest)))


def fail(msg):
    print(f"FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def case_rebuild(binary, data):
    runs = {r["label"]: r for r in shipped(data)}
    picked = sample(list(runs.values()))
    only = sorted({f"{r['reference']['citation']['folder']}/{r['reference']['citation']['file']}" for r in picked})
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "sample.json")
        proc = subprocess.run([sys.executable, os.path.join(data, "build"), "--speedlab", binary,
                               "--only", *only, "-o", out], capture_output=True, text=True)
        if proc.returncode != 0:
            fail(f"build --only {' '.join(only)}: {proc.stderr.strip()}")
        with open(out) as f:
            rebuilt = json.load(f)["runs"]
    if not rebuilt:
        fail("the sample rebuilt no runs")
    for run in rebuilt:
        want = runs.get(run["label"])
        if want is None:
            fail(f"{run['label']}: rebuilt, but not shipped")
        for key in sorted(set(run) | set(want)):
            if run.get(key) != want.get(key):
                fail(f"{run['label']}: {key!r} differs from the shipped run (run data/reference/build)")
    print(f"ok: {len(rebuilt)} runs of {len(only)} excerpts rebuilt equal to the shipped ones")


def case_figures(binary, data):
    build = load_build(data)
    picked = sample(shipped(data))
    figures = 0
    for run in picked:
        cite = run["reference"]["citation"]
        with open(os.path.join(data, "sources", cite["folder"], cite["file"]), encoding="utf-8", errors="replace") as f:
            text = f.read().split("\n")
        first, last = build.line_range(cite["lines"])
        build.check_figures(run, text[first - 1:last], run["label"])
        figures += len(run["measurements"])
        # A figure changed in the bundle must be caught: scale it until no line prints it
        # (tenfold can land on another printed figure, e.g. 38.27k -> 382.70k).
        numbers = build.printed_numbers(text[first - 1:last])
        first_m = run["measurements"][0]
        step = first_m.get("printed_step") or abs(first_m["value"]) * 1e-5
        factor = next(f for f in (10, 7, 13, 3.7, 0.31)
                      if not any(build.close(first_m["value"] * f, n * s, step * f)
                                 for n in numbers for s in (1.0, 1000.0, 1e6, 1e9)))
        forged = json.loads(json.dumps(run))
        m = forged["measurements"][0]
        m["value"] *= factor
        if m.get("samples"):
            m["samples"][0] *= factor
        m.pop("printed", None)
        try:
            build.check_figures(forged, text[first - 1:last], run["label"])
            fail(f"{run['label']}: a forged figure {m['metric']} passed the check")
        except build.BuildError:
            pass
    print(f"ok: {figures} figures of {len(picked)} runs printed on their cited lines")


def cpu_model(name):
    """One spelling per model: case, (R), CPU, 'N-Core Processor' and the clock left out."""
    s = re.sub(r"\((R|TM)\)", "", name, flags=re.I)
    s = re.sub(r"@\s*[0-9.]+\s*GHz|\bCPU\b|\bProcessor\b|\b\d+-Core\b", "", s, flags=re.I)
    return " ".join(s.upper().split())


def case_citations(binary, data):
    runs = shipped(data)
    build = load_build(data)
    for run in runs:
        ref = run.get("reference") or fail(f"{run['label']}: no reference facts")
        for key in ("cpu", "kind", "terms", "year"):
            if not ref.get(key):
                fail(f"{run['label']}: no {key}")
        cite = ref["citation"]
        for key in ("source", "commit", "file", "lines", "path"):
            if not cite.get(key):
                fail(f"{run['label']}: citation has no {key}")
        path = os.path.join(data, "sources", cite["folder"], cite["file"])
        if not os.path.isfile(path):
            fail(f"{run['label']}: cited file {path} is missing")
        with open(path, encoding="utf-8", errors="replace") as f:
            count = f.read().count("\n")
        if build.line_range(cite["lines"])[1] > count:
            fail(f"{run['label']}: cites lines {cite['lines']} of a {count}-line file")
    models = {cpu_model(r["reference"]["cpu"]) for r in runs}
    early = sum(1 for r in runs if r["reference"]["year"] < 2005)
    if len(runs) < MIN_RUNS or len(models) < MIN_MODELS or early < MIN_EARLY:
        fail(f"{len(runs)} runs, {len(models)} CPU models, {early} before 2005: "
             f"want {MIN_RUNS}, {MIN_MODELS}, {MIN_EARLY}")
    print(f"ok: {len(runs)} runs cited, {len(models)} CPU models, {early} measured before 2005")


def case_import(binary, data):
    runs = shipped(data)
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "ref.db")
        proc = subprocess.run([binary, "--db", db, "import", "--format", "json",
                               os.path.join(data, "reference.json")], capture_output=True, text=True)
        if proc.returncode != 0:
            fail(f"import reference.json: exit {proc.returncode}: {proc.stderr.strip()}")
        stored = json.loads(proc.stdout)
    if len(stored) != len(runs):
        fail(f"import stored {len(stored)} of {len(runs)} runs")
    print(f"ok: speedlab imports all {len(runs)} reference runs")


def build_copy(binary, data, tmp, edit):
    """Build the openssl-times source alone after edit(meta, folder): (exit code, stderr)."""
    folder = os.path.join(tmp, "sources", "openssl-times")
    shutil.copytree(os.path.join(data, "sources", "openssl-times"), folder)
    with open(os.path.join(folder, "meta.json")) as f:
        meta = json.load(f)
    edit(meta, folder)
    with open(os.path.join(folder, "meta.json"), "w") as f:
        json.dump(meta, f)
    proc = subprocess.run([sys.executable, os.path.join(data, "build"), "--speedlab", binary, "--sources",
                           os.path.join(tmp, "sources"), "--only", "openssl-times/" + meta["runs"][0]["file"],
                           "-o", os.path.join(tmp, "out.json")], capture_output=True, text=True)
    return proc.returncode, proc.stderr


def case_refuse(binary, data):
    def wrong_lines(meta, folder):
        meta["runs"][0]["lines"] = "1-2"

    def unknown_kind(meta, folder):
        meta["runs"][0]["kind"] = "mainframe"

    for name, edit, want in (("wrong lines", wrong_lines, "hold 0 imported runs"),
                             ("an unknown kind", unknown_kind, "kind 'mainframe'")):
        with tempfile.TemporaryDirectory() as tmp:
            code, err = build_copy(binary, data, tmp, edit)
            if code != 1 or want not in err or "openssl-times/" not in err:
                fail(f"{name}: build exit {code}, stderr {err.strip()!r}; want exit 1 naming the run and {want!r}")
            if os.path.exists(os.path.join(tmp, "out.json")):
                fail(f"{name}: a refused build wrote its output")
    print("ok: the build refuses a run cited at lines that do not hold it, and an unknown kind; it writes nothing")


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    case, binary, data = sys.argv[1:]
    {"rebuild": case_rebuild, "figures": case_figures, "citations": case_citations,
     "import": case_import, "refuse": case_refuse}[case](binary, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
