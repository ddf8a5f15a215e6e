#!/usr/bin/env python3
"""Simulated router-cycles per second of icnplay's packet simulator and of BookSim2 on the
same configuration, side by side in one run (`make bench-sim`).

Each simulator runs one point (one thread) of each configuration; the rate of each is its
routers times the cycles it simulated, divided by its wall time (process start to exit).
Prints a Markdown table for docs/benchmarks.md.
"""

import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ICN = os.environ.get("ICN", os.path.join(ROOT, "target", "release", "icn"))
BOOKSIM = os.environ.get("BOOKSIM", "/work/booksim/src/booksim")

# (config, routers, icn arguments, rate)
CASES = [
    ("mesh88.cfg", 64, ["mesh:k=8x8", "-r", "dor", "--num-vcs", "2"], 0.2),
    ("torus88.cfg", 64, ["torus:k=8x8", "-r", "dor", "--num-vcs", "2"], 0.2),
    ("fattree43.cfg", 48, ["fattree:k=4,n=3", "-r", "updown", "--num-vcs", "2"], 0.4),
    ("dragonfly2.cfg", 36, ["dragonfly:a=4,p=2,h=2", "-r", "lgl", "--num-vcs", "2", "--vc-buf-size", "256"], 0.2),
]


def timed(cmd, cwd=None):
    t = time.perf_counter()
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False).stdout
    return out, time.perf_counter() - t


def main():
    configs = os.path.join(HERE, "configs")
    print("| configuration | load | BookSim2 router-cycles/s | icnplay router-cycles/s | ratio |")
    print("| --- | --- | --- | --- | --- |")
    for cfg, routers, args, rate in CASES:
        out, secs = timed([BOOKSIM, cfg, f"injection_rate = {rate}"], cwd=configs)
        cycles = int(re.search(r"Time taken is (\d+) cycles", out).group(1))
        booksim = routers * cycles / secs
        out, secs = timed([ICN, "sim", *args, "--rates", str(rate), "--threads", "1"])
        point = json.loads(out)["points"][0]
        icn = point["router_cycles"] / secs
        print(f"| {cfg[:-4]} | {rate} | {booksim:.3g} | {icn:.3g} | {icn / booksim:.2f} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
