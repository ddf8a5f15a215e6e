#!/usr/bin/env python3
"""Exact distance distributions: icn against networkx and python-igraph on the same graphs.

Usage: bench_compare.py ICN_BINARY OUTPUT_MARKDOWN

For every benchmark network, `icn export SPEC --format edgelist` writes the graph; networkx
and igraph load it and compute the distance distribution over the terminal pairs (the first
T nodes: every node of a Hypercycle or D3, the L-nodes of KYKLOS), and `icn metrics SPEC
--format csv` computes it natively (closed forms and symmetry where the family has them,
else the bit-parallel search from every terminal; the distances only, no loads). The
distributions must be equal; the script fails otherwise. Each tool is timed on its own
computation (graph loading excluded for networkx and igraph, process start included for
icn), best of REPEAT runs. networkx (one Python BFS per terminal) runs on the first rows
only: on the larger rows without symmetry it would take minutes each. The table of times
and ratios goes to OUTPUT_MARKDOWN.

Loads, on the rows of LOAD_ROWS (no symmetry: icn's batched engine): `icn --force metrics
SPEC --strategy minimal` (every shortest path, the unit of each ordered terminal pair split
evenly over its paths; the command also computes the distances, which take a few percent
of it) against igraph's `edge_betweenness` (sources and targets the terminals when only
some nodes are). Under every shortest path a channel's load is its link's betweenness
over unordered pairs (a path reversed is a path of the reversed pair), so the busiest
channel's load must equal igraph's largest edge betweenness and the total over channels
twice igraph's total: the script checks both (within 1e-9 relative).
"""

import json
import platform
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import igraph
import networkx as nx
import numpy as np

REPEAT = 3

# (spec, why it is here, whether networkx runs too). Issue 8's rows, about 4096 nodes each,
# where symmetry or closed forms apply; then issue 23's, where none does.
NETWORKS = [
    ("hypercube:n=12", "binary 12-cube, 4096 nodes", True),
    ("hypercycle:m=16x16x16,rho=2x2x2", "3-D Hypercycle, 4096 nodes", True),
    ("kyklos2:m=2,r=2,n=12", "KYKLOS-II<2,2,12>, 4096 L-nodes (+8190 IB-nodes)", True),
    ("d3:k=16,m=16", "Swapped Dragonfly D3(16,16), 4096 routers", True),
    ("mdf:k=16,m=16", "maximal Dragonfly, no symmetry used", False),
    ("mdf:k=1,m=64", "maximal Dragonfly, one router a group", False),
    ("mdf:k=20,m=20", "maximal Dragonfly, 8020 routers", False),
    ("lens:p=4,q=4,n=6", "uncompleted Lens, 4374 processors (+4374 busses)", False),
    ("lens:p=3,q=3,n=10", "uncompleted Lens, 10240 processors (+10240 busses)", False),
    ("lens:p=37,q=37,n=2", "uncompleted Lens, 2592 processors (+2592 busses)", False),
    ("jellyfish:n=4096,r=12", "random 12-regular graph", False),
    ("jellyfish:n=16384,r=8", "random 8-regular graph", False),
]

# Rows whose loads are timed too (icn's `loads.method` must be `bit-parallel` there).
LOAD_ROWS = {
    "mdf:k=16,m=16",
    "mdf:k=1,m=64",
    "lens:p=4,q=4,n=6",
    "lens:p=37,q=37,n=2",
    "jellyfish:n=4096,r=12",
}

# Sources per igraph distance-matrix call on the terminal-only rows (bounds its memory).
CHUNK = 512


def icn(binary, *args):
    return subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout


def best_of(fn):
    best, result = None, None
    for _ in range(REPEAT):
        t0 = time.perf_counter()
        result = fn()
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
    return best, result


def networkx_distribution(g, terminals):
    counts = Counter()
    for s in range(terminals):
        for t, d in nx.single_source_shortest_path_length(g, s).items():
            if t < terminals and t != s:
                counts[d] += 1
    return dict(counts)


def igraph_distribution(g, terminals):
    if terminals == g.vcount():
        # All pairs: igraph's own histogram, computed in C (unordered pairs, so twice).
        hist = g.path_length_hist(directed=False)
        return {int(start): 2 * int(count) for start, _end, count in hist.bins() if count}
    # Terminals only (KYKLOS's L-nodes, the Lens's processors): igraph's distance matrix
    # between them, a chunk of sources at a time, counted by numpy (a Python loop over
    # the pairs would cost more than igraph's searches).
    counts = np.zeros(1, dtype=np.int64)
    for start in range(0, terminals, CHUNK):
        sources = range(start, min(start + CHUNK, terminals))
        rows = np.asarray(g.distances(source=sources, target=range(terminals)))
        hist = np.bincount(rows[np.isfinite(rows)].astype(np.int64).ravel())
        if len(hist) > len(counts):
            counts = np.pad(counts, (0, len(hist) - len(counts)))
        counts[: len(hist)] += hist
    counts[0] = 0  # each terminal's distance to itself
    return {d: int(c) for d, c in enumerate(counts) if c}


def icn_distribution(binary, spec):
    out = icn(binary, "metrics", spec, "--format", "csv")
    counts = {}
    for line in out.strip().splitlines()[1:]:
        d, c = line.split(",")
        if int(c):
            counts[int(d)] = int(c)
    return counts


def icn_loads(binary, spec):
    doc = json.loads(icn(binary, "--force", "metrics", spec, "--strategy", "minimal"))
    return doc["loads"], doc.get("loads_method")


def igraph_loads(g, terminals):
    if terminals == g.vcount():
        return g.edge_betweenness(directed=False)
    return g.edge_betweenness(directed=False, sources=range(terminals), targets=range(terminals))


def close(a, b):
    return abs(a - b) <= 1e-9 * max(abs(b), 1.0)


def compare_loads(binary, spec, gi, terminals):
    """(icn seconds, igraph seconds, icn's method); exits when the loads disagree."""
    t_icn, (loads, method) = best_of(lambda: icn_loads(binary, spec))
    t_ig, eb = best_of(lambda: igraph_loads(gi, terminals))
    # A link's betweenness over unordered pairs is the load of each of its two channels.
    links = len(eb)
    if not (close(loads["max_channel_load"], max(eb))
            and close(loads["mean_channel_load"] * 2 * links, 2 * sum(eb))
            and loads["channels"] == 2 * links):
        sys.exit(f"{spec}: loads differ: icn {loads}, igraph max {max(eb)} total {sum(eb)} over {links} links")
    return t_icn, t_ig, method


def main():
    binary, output = sys.argv[1], Path(sys.argv[2])
    rows, load_rows = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for spec, why, with_networkx in NETWORKS:
            info = json.loads(icn(binary, "info", spec))
            terminals = int(info["terminals"])
            edges = Path(tmp) / "graph.edgelist"
            edges.write_text(icn(binary, "export", spec, "--format", "edgelist"))
            n = int(info["nodes"])
            gi = igraph.Graph.Read_Edgelist(str(edges), directed=False)
            if gi.vcount() < n:
                gi.add_vertices(n - gi.vcount())
            t_icn, d_icn = best_of(lambda: icn_distribution(binary, spec))
            t_ig, d_ig = best_of(lambda: igraph_distribution(gi, terminals))
            t_nx, d_nx = None, d_icn
            if with_networkx:
                # networkx is slow: one run is enough to be orders of magnitude apart.
                gx = nx.read_edgelist(edges, nodetype=int)
                gx.add_nodes_from(range(n))
                t0 = time.perf_counter()
                d_nx = networkx_distribution(gx, terminals)
                t_nx = time.perf_counter() - t0
            if not (d_icn == d_ig == d_nx):
                sys.exit(f"{spec}: distributions differ\nicn {d_icn}\nigraph {d_ig}\nnetworkx {d_nx}")
            pairs = sum(d_icn.values())
            method = info["distance_method"]
            print(f"{spec}: icn {t_icn:.3f}s ({method}) igraph {t_ig:.3f}s networkx {t_nx}s ({pairs} pairs)")
            rows.append((spec, why, n, pairs, method, t_icn, t_ig, t_nx))
            if spec in LOAD_ROWS:
                lt_icn, lt_ig, lmethod = compare_loads(binary, spec, gi, terminals)
                print(f"{spec} loads: icn {lt_icn:.3f}s ({lmethod}) igraph edge_betweenness {lt_ig:.3f}s")
                load_rows.append((spec, n, gi.ecount(), lmethod, lt_icn, lt_ig))
    lines = [
        "| network | nodes | terminal pairs | icn method | icn (s) | igraph (s) | networkx (s) | igraph / icn | networkx / icn |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for spec, why, n, pairs, method, t_icn, t_ig, t_nx in rows:
        nx_time = "–" if t_nx is None else f"{t_nx:.2f}"
        nx_ratio = "–" if t_nx is None else f"{t_nx / t_icn:.0f}×"
        lines.append(
            f"| `{spec}` ({why}) | {n} | {pairs} | {method} | {t_icn:.3f} | {t_ig:.3f} | "
            f"{nx_time} | {t_ig / t_icn:.1f}× | {nx_ratio} |"
        )
    load_lines = [
        "| network | nodes | links | icn loads method | icn metrics --strategy minimal (s) | igraph edge_betweenness (s) | igraph / icn |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for spec, n, links, method, t_icn, t_ig in load_rows:
        load_lines.append(
            f"| `{spec}` | {n} | {links} | {method} | {t_icn:.3f} | {t_ig:.3f} | {t_ig / t_icn:.1f}× |"
        )
    machine = f"{platform.machine()}, Python {platform.python_version()}, networkx {nx.__version__}, igraph {igraph.__version__}"
    output.write_text(
        "<!-- written by `make bench-compare` (scripts/bench_compare.py); do not edit by hand -->\n"
        f"Measured on {machine}, {time.strftime('%Y-%m-%d')}; best of {REPEAT} runs for icn and "
        "igraph, one for networkx (first four rows only). The distance distributions were "
        "checked equal. icn: `icn metrics SPEC --format csv` (process start included; the "
        "distances only, no loads); igraph: `path_length_hist` when every node is a terminal, "
        "else its distance matrix between the terminals counted with numpy.\n\n"
        + "\n".join(lines)
        + "\n\n"
        "Loads under every shortest path (edge betweenness), best of "
        f"{REPEAT}: icn `icn --force metrics SPEC --strategy minimal` (process start, the "
        "distances and the loads), igraph `edge_betweenness` (terminals as sources and "
        "targets where only some nodes are); the busiest channel and the total load were "
        "checked equal to igraph's largest and total edge betweenness.\n\n"
        + "\n".join(load_lines)
        + "\n"
    )


if __name__ == "__main__":
    main()
