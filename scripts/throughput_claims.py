#!/usr/bin/env python3
"""The field's throughput claims, reproduced with `icn throughput` (docs/throughput.md).

Usage: scripts/throughput_claims.py [ICN]   (default: target/native/icn; build it with
`cargo build -p icn-cli --profile native`). Prints the markdown tables of docs/throughput.md.
"""
import json
import subprocess
import sys
from fractions import Fraction

ICN = sys.argv[1] if len(sys.argv) > 1 else "target/native/icn"


def icn(*args):
    out = subprocess.run([ICN, "throughput", *args, "--force"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def fmt(x):
    return f"{x:.4f}"


def closed(kind, ks):
    """Dally and Towles's ideal throughput under uniform traffic (their k/8 and k/4
    channel loads; odd k: (k^2 - 1)/(8k) and (k^2 - 1)/(4k)), for traffic among the other
    T - 1 endpoints: times (T - 1)/T."""
    k = ks[0]
    t = 1
    for x in ks:
        t *= x
    per = 8 if kind == "torus" else 4
    load = Fraction(k, per) if k % 2 == 0 else Fraction(k * k - 1, per * k)
    return 1 / load * Fraction(t - 1, t)


def tori():
    print("| network | routing | endpoints | channel bound | Dally–Towles closed form | optimal (lower, upper) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for kind, ks, routing in [("torus", [8], "minimal"), ("torus", [8, 8], "minimal"),
                              ("torus", [16, 16], "minimal"), ("torus", [5, 5], "minimal"),
                              ("torus", [8, 8, 8], "minimal"), ("mesh", [4, 4], "dor"),
                              ("mesh", [8, 8], "dor"), ("mesh", [16, 16], "dor"),
                              ("mesh", [7, 7], "dor")]:
        spec = f"{kind}:k={'x'.join(map(str, ks))}"
        d = icn(spec, "-r", routing, "--optimal")
        c = closed(kind, ks)
        print(f"| `{spec}` | {routing} | {d['endpoints']} | {fmt(d['channel_bound'])} | "
              f"{c} = {fmt(float(c))} | {fmt(d['lower_bound'])}, {fmt(d['upper_bound'])} |")


def dragonfly():
    print("| network | routing | uniform | worst case | optimal under that worst case (lower, upper) |")
    print("| --- | --- | --- | --- | --- |")
    for spec in ["dragonfly:a=4,p=2,h=2", "dragonfly:a=6,p=3,h=3"]:
        for routing in ["minimal", "valiant"]:
            u = icn(spec, "-r", routing)
            w = icn(spec, "-r", routing, "-t", "worst", "--optimal")
            print(f"| `{spec}` | {routing} | {fmt(u['throughput'])} | "
                  f"{w.get('throughput_fraction') or fmt(w['throughput'])} = {fmt(w['throughput'])} | "
                  f"{fmt(w['lower_bound'])}, {fmt(w['upper_bound'])} |")


def rate(d, key):
    """`key` of `d` as p/q = decimal where it is a small fraction, else the decimal."""
    f = Fraction(d[key]).limit_denominator(10**6)
    if abs(float(f) - d[key]) > 1e-9 * d[key]:
        return fmt(d[key])
    return str(f.numerator) if f.denominator == 1 else f"{f} = {fmt(d[key])}"


def matrices():
    print("| network | routing | traffic | channel bound | endpoint bound | throughput | optimal (lower, upper) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for spec, routing, traffic in [("torus:k=8", "minimal", "hotspot(0)"),
                                   ("mesh:k=8x8", "dor", "taper64"),
                                   ("dragonfly:a=4,p=2,h=2", "minimal", "bad_dragon"),
                                   ("dragonfly:a=4,p=2,h=2", "valiant", "bad_dragon")]:
        d = icn(spec, "-r", routing, "-t", traffic, "--optimal")
        end = rate(d, "endpoint_bound").split(" = ")[0]
        print(f"| `{spec}` | {routing} | `{traffic}` | {rate(d, 'channel_bound')} | {end} | "
              f"{rate(d, 'throughput')} | {fmt(d['lower_bound'])}, {fmt(d['upper_bound'])} |")


def equipment():
    print("| network | endpoints | minimal, uniform | minimal, worst case | optimal, uniform (lower, upper) | optimal, `longest` (lower, upper) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for spec in ["slimfly:q=5,p=4", "jellyfish:n=50,r=7,p=4,seed=1", "polarfly:q=7,p=4",
                 "fattree:k=4,n=4"]:
        u = icn(spec, "-r", "minimal", "--optimal")
        w = icn(spec, "-r", "minimal", "-t", "worst")
        lo = icn(spec, "-r", "minimal", "-t", "longest", "--optimal")
        print(f"| `{spec}` | {u['endpoints']} | {fmt(u['throughput'])} | {fmt(w['throughput'])} | "
              f"{fmt(u['lower_bound'])}, {fmt(u['upper_bound'])} | "
              f"{fmt(lo['lower_bound'])}, {fmt(lo['upper_bound'])} |")


if __name__ == "__main__":
    for part in (tori, dragonfly, matrices, equipment):
        part()
        print()
