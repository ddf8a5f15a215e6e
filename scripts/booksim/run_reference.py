#!/usr/bin/env python3
"""Runs BookSim2 over a rate sweep for each reference configuration and writes the curves
that icnplay's simulator is tested against (core/tests/data/booksim/).

Usage: scripts/booksim/run_reference.py [--booksim PATH] [--mirror GITDIR] [--only NAME]
                                        [--outputs DIR]

Each configuration under scripts/booksim/configs/NAME.cfg is BookSim2's own file (the
anynet ones name their network file, written by `icn export`); the sweep's rates are in
the file's first line, `// rates: 0.05:0.5:0.05,0.26:0.34:0.01` (ranges and single
rates, comma-separated: a coarse sweep and a fine one round saturation), and the matching icnplay spec and routing
in `// icn: SPEC ROUTING`. The output, core/tests/data/booksim/NAME.csv, has one row per
rate: offered, status (stable or unstable), packet latency, network latency, accepted flit
rate, hops, and for a batch-mode configuration (`sim_type = batch`) the overall minimum,
average and maximum batch duration and the average cycles until every node had issued a
batch's packets ("Batch injected. Time used"); with a header comment naming the BookSim2 commit and
the configuration. Batch mode does not read the injection rate: its file names one rate.
Rates are in flits per node per cycle, as icnplay's loads: a file whose injection rate is
in packets (`injection_rate_uses_flits = 0`, BookSim2's default) runs at the rate divided
by its `packet_size`.
With `--outputs DIR` each point's BookSim2 output is kept in DIR/NAME@RATE.out and one
already there is read instead of running BookSim2 again: a slow configuration's points
(BookSim2's dragonflyconfig takes most of an hour at its own rate) can be run apart, in
parallel, or resumed, with the same command line as the script's
(`booksim NAME.cfg "injection_rate = RATE"` in scripts/booksim/configs/).
"""

import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "core", "tests", "data", "booksim")


def rates(text):
    """FROM:TO:STEP ranges and single rates, comma-separated: the union, sorted."""
    out = set()
    for part in text.split(","):
        if ":" not in part:
            out.add(round(float(part), 6))
            continue
        a, b, s = (float(x) for x in part.split(":"))
        n = int((b - a) / s + 1e-9) + 1
        out.update(round(a + i * s, 6) for i in range(n))
    return sorted(out)


def field(name, text):
    m = re.search(r"^" + re.escape(name) + r" = ([0-9.eE+-]+|nan|-?inf)", text, re.M)
    return float(m.group(1)) if m else float("nan")


def packets_per_flit(text):
    """1 / packet_size for a file whose injection rate is in packets, else 1."""
    def last(name, default):
        found = re.findall(r"^\s*" + name + r"\s*=\s*([0-9]+)\s*;", text, re.M)
        return int(found[-1]) if found else default
    return 1.0 if last("injection_rate_uses_flits", 0) else 1.0 / last("packet_size", 1)


def batch_mode(text):
    """Whether the configuration runs BookSim2's batch mode (`sim_type = batch`)."""
    return re.search(r"^\s*sim_type\s*=\s*batch\s*;", text, re.M) is not None


def batch_durations(out, tail):
    """BookSim2's overall minimum, average and maximum batch duration (it prints all
    three after the words "Overall min batch duration"), and the average of its batches'
    "Batch injected. Time used" (the cycles until every node had issued its packets)."""
    found = re.findall(r"^Overall min batch duration = ([0-9.eE+-]+)", tail, re.M)
    made = [float(x) for x in re.findall(r"^Batch injected. Time used is ([0-9]+)", out, re.M)]
    return ([float(x) for x in found[:3]] + [float("nan")] * (3 - len(found[:3]))
            + [sum(made) / len(made) if made else float("nan")])


def run_point(booksim, cfg_path, rate, workdir, scale=1.0, saved=None):
    if saved and os.path.exists(saved):
        out = open(saved).read()
    else:
        out = subprocess.run(
            [booksim, cfg_path, f"injection_rate = {rate * scale:.10g}"],
            cwd=workdir, capture_output=True, text=True, check=False,
        ).stdout
        if saved:
            with open(saved, "w") as f:
                f.write(out)
    if "Simulation unstable" in out or "Overall Traffic Statistics" not in out:
        return ("unstable", float("nan"), float("nan"), float("nan"), float("nan"),
                [float("nan")] * 4)
    tail = out[out.index("Overall Traffic Statistics"):]
    return (
        "stable",
        field("Packet latency average", tail),
        field("Network latency average", tail),
        field("Accepted flit rate average", tail),
        field("Hops average", tail),
        batch_durations(out, tail),
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--booksim", default="/work/booksim/src/booksim")
    ap.add_argument("--mirror", default="/work/.mirror/booksim+booksim2/repo")
    ap.add_argument("--only")
    ap.add_argument("--outputs")
    args = ap.parse_args()
    commit = subprocess.run(
        ["git", "-C", args.mirror, "log", "-1", "--format=%H"],
        capture_output=True, text=True, check=False,
    ).stdout.strip() or "unknown"
    configs = os.path.join(HERE, "configs")
    os.makedirs(OUT, exist_ok=True)
    for name in sorted(os.listdir(configs)):
        if not name.endswith(".cfg") or (args.only and name[:-4] != args.only):
            continue
        path = os.path.join(configs, name)
        text = open(path).read()
        sweep = rates(re.search(r"^// rates: (\S+)", text, re.M).group(1))
        rows = []
        for r in sweep:
            saved = (os.path.join(args.outputs, f"{name[:-4]}@{r}.out")
                     if args.outputs else None)
            status, plat, nlat, acc, hops, batch = run_point(
                args.booksim, path, r, configs, packets_per_flit(text), saved)
            rows.append(f"{r},{status},{plat:.4f},{nlat:.4f},{acc:.5f},{hops:.4f}")
            if batch_mode(text):
                rows[-1] += "," + ",".join(f"{x:.4f}" for x in batch)
            print(name, rows[-1], file=sys.stderr)
        with open(os.path.join(OUT, name[:-4] + ".csv"), "w") as f:
            f.write(f"# BookSim2 {commit} (github.com/booksim/booksim2), config {name}\n")
            f.write("offered,status,packet_latency,network_latency,accepted,hops"
                    + (",batch_duration_min,batch_duration_average,batch_duration_max,"
                       "batch_made_average"
                       if batch_mode(text) else "") + "\n")
            f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
