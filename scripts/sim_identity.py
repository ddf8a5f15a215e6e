#!/usr/bin/env python3
"""Same seed, same numbers: runs `icn sim --channels` with two binaries on the same set of
configurations and says whether their JSON and messages are byte-identical (a speed
change of the simulator must not change a number); the progress lines on stderr, which
depend on the machine's speed, are left out.

Usage: scripts/sim_identity.py OLD_ICN NEW_ICN [--big]

The runs: the seven BookSim2 reference configurations (scripts/booksim/configs) at two
loads each, one of them past saturation, and twelve others that reach the rest of the
model: wormhole packets, Valiant and UGAL, `wait_for_tail_credit`, non-uniform traffic,
a deadlock, KYKLOS, HyperX, the Lens, a butterfly (one-way channels). `--big` adds the
1,040-router Dragonfly's 0.05 point (about 5 s natively).
"""

import re
import subprocess
import sys
import time

RUNS = [
    # The BookSim2 reference configurations (docs/simulation.md), below and past saturation.
    "mesh:k=8x8 -r dor --num-vcs 2 --vc-buf-size 8 --rates 0.1,0.31",
    "torus:k=8x8 -r dor --num-vcs 2 --vc-buf-size 8 --rates 0.1,0.28",
    "fattree:k=4,n=3 -r updown --num-vcs 2 --vc-buf-size 8 --rates 0.1,0.57",
    "dragonfly:a=4,p=2,h=2 -r lgl --num-vcs 2 --vc-buf-size 256 --rates 0.1,0.35",
    "dragonfly:a=4,p=2,h=2 -r ugal --scheme phases --num-vcs 3 --vc-buf-size 256 --rates 0.1,0.33",
    "hypercube:n=6 -r table --scheme one --num-vcs 2 --vc-buf-size 8 --rates 0.1,0.18",
    "slimfly:q=5,p=2 -r table --scheme one --num-vcs 2 --vc-buf-size 8 --rates 0.1,0.66",
    # The rest of the model.
    "mesh:k=4x4 -r dor --num-vcs 2 --packet-size 4 --rates 0.1,0.4",
    "torus:k=8x8 -r valiant --traffic transpose --num-vcs 8 --rates 0.05,0.2",
    "dragonfly:a=4,p=2,h=2 -r ugal --traffic randperm(7) --num-vcs 4 --rates 0.1,0.4",
    "dragonfly:a=4,p=2,h=2 -r valiant --num-vcs 4 --wait-for-tail-credit --packet-size 4 --rates 0.1,0.3",
    "d3:k=3,m=4 -r valiant --num-vcs 4 --rates 0.1,0.3",
    "hypercube:n=6 -r ecube --traffic bitcomp --num-vcs 2 --rates 0.1,0.4",
    "torus:k=8 -r dor --scheme one --num-vcs 1 --packet-size 4 --vc-buf-size 2 --rates 0.5",
    "kyklos2:m=2,r=2,n=6,shuffle=proposed -r mr --num-vcs 4 --rates 0.1,0.3",
    "hyperx:s=4x4x3,t=2 -r dor --traffic tornado --num-vcs 2 --rates 0.1,0.3",
    "slimfly:q=5,p=2 -r minimal --traffic hotspot(0,5) --num-vcs 2 --rates 0.05,0.2",
    "lens:p=4,q=4,n=3 -r minimal --num-vcs 2 --rates 0.05,0.2",
    # One-way channels: a 4-ary 3-fly (BookSim2's fly), injecting and ejecting at different routers.
    "butterfly:k=4,n=3 -r desttag --scheme one --num-vcs 8 --traffic bitrev --rates 0.1,0.3",
]

PROGRESS = re.compile(rb"^icn: sim: (load [^:]*|choosing the VC scheme): ")

BIG = "dragonfly:a=16,p=8,h=4 -r minimal --num-vcs 4 --vc-buf-size 64 --rates 0.05"


def run(icn, args):
    start = time.time()
    out = subprocess.run([icn, "sim", *args.split(), "--channels"], capture_output=True,
                         check=False)
    # Progress lines depend on the machine's speed (a point past two seconds reports).
    err = b"".join(line for line in out.stderr.splitlines(keepends=True)
                   if not PROGRESS.match(line))
    return out.stdout + err, time.time() - start


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new = sys.argv[1], sys.argv[2]
    runs = RUNS + ([BIG] if "--big" in sys.argv[3:] else [])
    differ = 0
    for args in runs:
        a, ta = run(old, args)
        b, tb = run(new, args)
        same = a == b
        differ += not same
        print(f"{'same  ' if same else 'DIFFER'} {ta:6.1f} s {tb:6.1f} s  {len(a):8d} bytes  {args}")
        if not same:
            for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines())):
                if x != y:
                    print(f"    line {i + 1}: {x.decode()[:100]!r} -> {y.decode()[:100]!r}")
                    break
    print(f"{len(runs) - differ} of {len(runs)} identical")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
