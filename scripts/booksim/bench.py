#!/usr/bin/env python3
"""Simulated router-cycles per second of icnplay's packet simulator and of BookSim2 on the
same configuration, side by side in one run (`make bench-sim`).

Each simulator runs one point (one thread) of each BookSim2 configuration, icnplay through
`icn sim --config` (the same experiment); the rate of each is its routers times the cycles
it simulated, divided by its wall time (process start to exit).
Prints a Markdown table for docs/benchmarks.md.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ICN = os.environ.get("ICN", os.path.join(ROOT, "target", "release", "icn"))
BOOKSIM = os.environ.get("BOOKSIM", "/work/booksim/src/booksim")

# (config, rate): reference configurations, and two larger ones written here.
CASES = [
    ("mesh88.cfg", 0.2),
    ("torus88.cfg", 0.2),
    ("fattree43.cfg", 0.4),
    ("dragonfly2.cfg", 0.2),
    ("dragonfly2ugal.cfg", 0.2),
    ("hypercube6.cfg", 0.1),
    ("slimfly5.cfg", 0.4),
    ("mesh16.cfg", 0.1),
    ("dragonfly4.cfg", 0.15),
    # BookSim2's own torus88 example (its default islip allocators) and the other allocators.
    ("torus88_example.cfg", 0.15),
    ("mesh88_pim.cfg", 0.2),
    ("mesh88_select2.cfg", 0.2),
    ("mesh88_wavefront.cfg", 0.2),
    ("mesh88_max_size.cfg", 0.2),
    ("mesh88_loa.cfg", 0.2),
]

COMMON = """vc_allocator = separable_input_first;
sw_allocator = separable_input_first;
traffic = uniform;
packet_size = 1;
injection_rate_uses_flits = 1;
"""

EXTRA = {
    # A 16 x 16 mesh (256 routers) and dragonflynew with p = 4 (264 routers, 1,056 nodes).
    "mesh16.cfg": "topology = mesh;\nk = 16;\nn = 2;\nrouting_function = dim_order;\n"
                  "num_vcs = 2;\nvc_buf_size = 8;\n" + COMMON,
    "dragonfly4.cfg": "topology = dragonflynew;\nk = 4;\nn = 1;\nrouting_function = min;\n"
                      "num_vcs = 2;\nvc_buf_size = 256;\n" + COMMON,
}


def timed(cmd, cwd=None):
    t = time.perf_counter()
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False).stdout
    return out, time.perf_counter() - t


def main():
    configs = os.path.join(HERE, "configs")
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in EXTRA.items():
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
        print("| configuration | routers | load | BookSim2 router-cycles/s "
              "| icnplay router-cycles/s | ratio |")
        print("| --- | --- | --- | --- | --- | --- |")
        for cfg, rate in CASES:
            where = tmp if cfg in EXTRA else configs
            out, secs = timed([BOOKSIM, cfg, f"injection_rate = {rate}"], cwd=where)
            cycles = int(re.search(r"Time taken is (\d+) cycles", out).group(1))
            out, icn_secs = timed([ICN, "sim", "--config", os.path.join(where, cfg),
                                   "--rates", str(rate), "--threads", "1"])
            report = json.loads(out)
            routers = report["routers"]
            booksim = routers * cycles / secs
            icn = report["points"][0]["router_cycles"] / icn_secs
            print(f"| {cfg[:-4]} | {routers} | {rate} | {booksim:.3g} | {icn:.3g} "
                  f"| {icn / booksim:.2f} |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
