#!/usr/bin/env python3
"""icnplay's curve beside BookSim2's committed one for each reference configuration: the
tables of docs/simulation.md.

Usage: scripts/booksim/compare.py [--only NAME]   (ICN=path/to/icn, default target/release)

Each configuration's `// icn: SPEC ROUTING [icn sim options]` line names the matching
`icn sim` run; it runs with the configuration's num_vcs and vc_buf_size, BookSim2's
channel latencies (the CLI's defaults), seed 1, at every rate of the BookSim2 curve. A line
ending in `--config` runs the file itself instead (`icn sim --config FILE`: every key as
BookSim2 reads it, its seed BookSim2's default 0), headed by the network the run reports
(a mesh or torus file's is `…,lowfirst`). A batch-mode file (`sim_type = batch`)
is one run, not a curve: its table sets the batch durations, latencies, accepted rate and
hops side by side.
"""

import argparse
import csv
import json
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ICN = os.environ.get("ICN", os.path.join(ROOT, "target", "release", "icn"))
DATA = os.path.join(ROOT, "core", "tests", "data", "booksim")


def key(name, text, default):
    m = re.search(r"^" + name + r"\s*=\s*(\S+?);", text, re.M)
    return m.group(1) if m else default


def icn_command(path, text, rates):
    """The `icn sim` run that matches the configuration at `path` (its text `text`) at
    `rates` (comma-separated): its `// icn:` line's spec, routing and options with the
    file's num_vcs and vc_buf_size, or the file itself when the line ends in `--config`."""
    icn = re.search(r"^// icn: (.+)$", text, re.M).group(1).split()
    spec, routing, extra = icn[0], icn[1], icn[2:]
    if "--config" in extra:
        return [ICN, "sim", "--config", path, "--rates", rates]
    return [ICN, "sim", spec, "-r", routing, "--rates", rates,
            "--num-vcs", key("num_vcs", text, "16"),
            "--vc-buf-size", key("vc_buf_size", text, "8"), *extra]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    args = ap.parse_args()
    configs = os.path.join(HERE, "configs")
    for name in sorted(os.listdir(configs)):
        if not name.endswith(".cfg") or (args.only and name[:-4] != args.only):
            continue
        text = open(os.path.join(configs, name)).read()
        icn = re.search(r"^// icn: (.+)$", text, re.M).group(1).split()
        spec, routing, extra = icn[0], icn[1], icn[2:]
        with open(os.path.join(DATA, name[:-4] + ".csv")) as f:
            rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
        rates = ",".join(r["offered"] for r in rows)
        if "batch_duration_average" in rows[0]:
            batch_table(name, spec, os.path.join(configs, name), rows[0])
            continue
        cmd = icn_command(os.path.join(configs, name), text, rates)
        if "--config" in extra:
            extra = ["(the file itself)"]
        out = json.loads(subprocess.run(cmd, capture_output=True, text=True,
                                        check=True).stdout)
        points = out["points"]
        if "--config" in cmd:
            spec = out["spec"]
        print(f"### {name[:-4]}: {spec}, {' '.join([routing, *extra])}\n")
        print("| offered | BookSim2 latency | icnplay latency | difference "
              "| BookSim2 accepted | icnplay accepted |")
        print("| --- | --- | --- | --- | --- | --- |")
        for r, p in zip(rows, points):
            ours = p["packet_latency"] if p["status"] == "stable" else None
            bs = float(r["packet_latency"]) if r["status"] == "stable" else None
            diff = f"{(ours - bs) / bs * 100:+.1f} %" if ours and bs else ""
            print(f"| {r['offered']} | {f'{bs:.2f}' if bs else 'unstable'} "
                  f"| {f'{ours:.2f}' if ours else p['status']} | {diff} "
                  f"| {r['accepted'] if bs else ''} | {p['accepted']:.4f} |")
        print()


def batch_table(name, spec, path, row):
    """A batch-mode run's figures beside BookSim2's."""
    out = json.loads(subprocess.run([ICN, "sim", "--config", path], capture_output=True,
                                    text=True, check=True).stdout)
    point, spec = out["points"][0], out["spec"]
    batch = point["batch"]
    print(f"### {name[:-4]}: {spec}, batch mode (the file itself)\n")
    print("| | BookSim2 | icnplay | difference |")
    print("| --- | --- | --- | --- |")
    for label, bs, ours in [
        ("average batch duration", row["batch_duration_average"], batch["average_duration"]),
        ("shortest batch", row["batch_duration_min"], batch["min_duration"]),
        ("longest batch", row["batch_duration_max"], batch["max_duration"]),
        ("cycles to make a batch (average)", row["batch_made_average"],
         sum(batch["made_in"]) / len(batch["made_in"])),
        ("packet latency", row["packet_latency"], point["packet_latency"]),
        ("network latency", row["network_latency"], point["network_latency"]),
        ("accepted", row["accepted"], point["accepted"]),
        ("hops", row["hops"], point["hops"]),
    ]:
        bs = float(bs)
        print(f"| {label} | {bs:.5g} | {ours:.5g} | {(ours - bs) / bs * 100:+.1f} % |")
    print()


if __name__ == "__main__":
    main()
