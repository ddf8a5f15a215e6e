#!/usr/bin/env python3
"""Simulated router-cycles per second of icnplay's packet simulator and of BookSim2 on the
same configuration, side by side in one run (`make bench-sim`).

Usage: scripts/booksim/bench.py [--only NAME] [--out FILE]
       (ICN=path/to/icn, default target/release; BOOKSIM=path/to/booksim)

Every reference configuration of docs/simulation.md (scripts/booksim/configs/*.cfg) runs
one point, at the rate of its BookSim2 curve nearest half of the highest rate BookSim2
held stable (a batch-mode file at its own rate; RATE names the exceptions), plus two
larger files written here. Each simulator runs on one thread, one after the other:
BookSim2 on the file with that `injection_rate`, icnplay as scripts/booksim/compare.py
runs the configuration (the file itself through `icn sim --config`, or its `// icn:`
line's spec and routing). A rate is the routers times the cycles simulated (BookSim2's
"Time taken", icnplay's router-cycles), divided by the process's wall time from start to
exit, the fastest of three runs of each side, alternating (one, for a run over ten
seconds). Prints a Markdown table; with --out, writes it into FILE
(docs/benchmarks-sim.md) with what the run was.
"""

import argparse
import csv
import datetime
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import compare  # noqa: E402  (the matching icn run of a configuration)
import run_reference  # noqa: E402  (its packet/flit scale, batch mode)

BOOKSIM = os.environ.get("BOOKSIM", "/work/booksim/src/booksim")
CONFIGS = os.path.join(HERE, "configs")

COMMON = """vc_allocator = separable_input_first;
sw_allocator = separable_input_first;
traffic = uniform;
packet_size = 1;
injection_rate_uses_flits = 1;
"""

# Two larger files: a 16 x 16 mesh (256 routers) and dragonflynew with p = 4 (264 routers,
# 1,056 nodes), each with its rate and its matching icn line.
EXTRA = {
    "mesh16": ("// icn: mesh:k=16x16 dor --config\ntopology = mesh;\nk = 16;\nn = 2;\n"
               "routing_function = dim_order;\nnum_vcs = 2;\nvc_buf_size = 8;\n" + COMMON,
               0.1),
    "dragonfly4": ("// icn: dragonfly:a=8,p=4,h=4 minimal --config\ntopology = dragonflynew;\n"
                   "k = 4;\nn = 1;\nrouting_function = min;\nnum_vcs = 2;\n"
                   "vc_buf_size = 256;\n" + COMMON, 0.15),
}


def timed(cmd, cwd=None):
    t = time.perf_counter()
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False).stdout
    return out, time.perf_counter() - t


# Files run at another rate of their curve: BookSim2's own dragonflyconfig (1,056 nodes,
# 10-flit packets, sample_period 10000) takes BookSim2 over ten minutes a point even at its
# curve's lowest rate.
RATE = {"dragonfly_example": 0.1}


def reference_rate(name):
    """The offered rate of the committed BookSim2 curve nearest half of its highest stable
    one (a batch-mode file's one row), or the file's rate in RATE."""
    if name in RATE:
        return RATE[name]
    path = os.path.join(compare.DATA, name + ".csv")
    with open(path) as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    stable = [float(r["offered"]) for r in rows if r["status"] == "stable"]
    if not stable:
        return float(rows[0]["offered"])
    half = max(stable) / 2
    return min(stable, key=lambda r: (abs(r - half), r))


def cases(only):
    """(name, path, text, rate) of every configuration, references first."""
    out = []
    for file in sorted(os.listdir(CONFIGS)):
        name = file[:-4]
        if file.endswith(".cfg") and (not only or name == only):
            path = os.path.join(CONFIGS, file)
            out.append((name, path, open(path).read(), reference_rate(name)))
    tmp = tempfile.mkdtemp()
    for name, (text, rate) in EXTRA.items():
        if not only or name == only:
            path = os.path.join(tmp, name + ".cfg")
            with open(path, "w") as f:
                f.write(text)
            out.append((name, path, text, rate))
    return out


# Each side runs this many times, alternating, and its fastest run counts (a short run's
# wall time moves with the machine's load); runs that took longer than SHORT seconds once
# are not repeated.
REPEAT = 3
SHORT = 10.0


def run(name, path, text, rate):
    """One row: routers, BookSim2's and icnplay's router-cycles a second."""
    scale = run_reference.packets_per_flit(text)
    booksim_cmd = [BOOKSIM, path, f"injection_rate = {rate * scale:.10g}"]
    if run_reference.batch_mode(text):
        cmd = [compare.ICN, "sim", "--config", path]
    else:
        cmd = compare.icn_command(path, text, f"{rate:g}")
    cmd += ["--threads", "1"]
    best, icn_best = float("inf"), float("inf")
    for i in range(REPEAT):
        out, secs = timed(booksim_cmd, cwd=os.path.dirname(path))
        found = re.search(r"Time taken is (\d+) cycles", out)
        if not found:
            raise SystemExit(f"{name}: BookSim2 printed no 'Time taken' line")
        cycles = int(found.group(1))
        report_text, icn_secs = timed(cmd)
        best, icn_best = min(best, secs), min(icn_best, icn_secs)
        if i == 0 and max(secs, icn_secs) > SHORT:
            break
    report = json.loads(report_text)
    routers = report["routers"]
    booksim = routers * cycles / best
    icn = sum(p["router_cycles"] for p in report["points"]) / icn_best
    return routers, booksim, icn


HEADER = """# `make bench-sim`: icnplay's packet simulator against BookSim2

Written by `scripts/booksim/bench.py --out docs/benchmarks-sim.md` (`make bench-sim`);
how to read it is in docs/benchmarks.md.

"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--out")
    args = ap.parse_args()
    lines = ["| configuration | routers | load | BookSim2 router-cycles/s "
             "| icnplay router-cycles/s | ratio |",
             "| --- | --- | --- | --- | --- | --- |"]
    print("\n".join(lines))
    ratios = []
    for name, path, text, rate in cases(args.only):
        routers, booksim, icn = run(name, path, text, rate)
        ratios.append((icn / booksim, name))
        lines.append(f"| {name} | {routers} | {rate:g} | {booksim:.3g} | {icn:.3g} "
                     f"| {icn / booksim:.2f} |")
        print(lines[-1])
        sys.stdout.flush()
    low, high = min(ratios), max(ratios)
    summary = (f"{len(ratios)} configurations; ratios from {low[0]:.2f} ({low[1]}) "
               f"to {high[0]:.2f} ({high[1]}).")
    print("\n" + summary)
    if args.out:
        commit = subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%h"],
                                capture_output=True, text=True, check=False).stdout.strip()
        load = os.getloadavg()[0]
        when = datetime.date.today().isoformat()
        with open(args.out, "w") as f:
            f.write(HEADER)
            f.write(f"Run {when} at {commit} on {platform.machine()} "
                    f"({os.cpu_count()} cores, load average {load:.1f} at the end). "
                    f"{summary}\n\n")
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
