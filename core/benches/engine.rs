//! The engine's hot paths (`make bench`): breadth-first search, distance distributions,
//! the bit-parallel engine on networks without symmetry, channel loads, one route, and
//! the papers' symmetry computations. Criterion reports
//! wall-clock times; docs/benchmarks.md has the comparison with networkx and igraph.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use icn_core::graph::msbfs;
use icn_core::metrics::{
    bfs, channel_loads, distance_distribution, distance_distribution_per_source,
};
use icn_core::topology::kyklos::{density, DensityRule};
use icn_core::Network;

fn net(spec: &str) -> Network {
    match spec.parse() {
        Ok(n) => n,
        Err(e) => panic!("benchmark spec {spec}: {e}"),
    }
}

fn bench_bfs(c: &mut Criterion) {
    let mut g = c.benchmark_group("bfs (one source)");
    for spec in ["hypercube:n=12", "kyklos2:m=2,r=2,n=12", "d3:k=16,m=16"] {
        let n = net(spec);
        g.bench_function(spec, |b| b.iter(|| bfs(n.topology(), black_box(0))));
    }
    g.finish();
}

fn bench_distances(c: &mut Criterion) {
    let mut g = c.benchmark_group("distance distribution (all terminal pairs)");
    g.sample_size(10);
    for spec in [
        "hypercube:n=12",
        "hypercycle:m=16x16x16,rho=2x2x2",
        "kyklos2:m=2,r=2,n=10",
        "d3:k=8,m=8",
        "lens:p=4,q=4,n=5,completed",
    ] {
        let n = net(spec);
        g.bench_function(spec, |b| b.iter(|| distance_distribution(n.topology())));
    }
    g.finish();
}

/// The networks without a usable symmetry (issue 23's rows): the bit-parallel engine,
/// and one plain search per terminal (the path it replaced) on the smallest.
fn bench_bit_parallel(c: &mut Criterion) {
    let mut g = c.benchmark_group("distances without symmetry (all terminal pairs)");
    g.sample_size(10);
    for spec in [
        "mdf:k=16,m=16",
        "lens:p=4,q=4,n=6",
        "lens:p=37,q=37,n=2",
        "jellyfish:n=4096,r=12",
    ] {
        let n = net(spec);
        g.bench_function(format!("bit-parallel {spec}"), |b| {
            b.iter(|| msbfs::terminal_distances(n.topology()))
        });
    }
    let n = net("mdf:k=16,m=16");
    g.bench_function("per-source BFS mdf:k=16,m=16", |b| {
        b.iter(|| distance_distribution_per_source(n.topology()))
    });
    g.finish();
}

fn bench_loads(c: &mut Criterion) {
    let mut g = c.benchmark_group("channel loads (minimal routing, all pairs)");
    g.sample_size(10);
    for spec in ["hypercube:n=10", "d3:k=6,m=6", "kyklos2:m=2,r=2,n=8"] {
        let n = net(spec);
        let routing = n.minimal_routing();
        g.bench_function(spec, |b| b.iter(|| channel_loads(n.topology(), &routing)));
    }
    g.finish();
}

fn bench_route(c: &mut Criterion) {
    let mut g = c.benchmark_group("one route (first 8 paths, exact count)");
    let (zeros, ones) = ("0".repeat(30), "1".repeat(30));
    for (spec, from, to, strategy) in [
        ("hypercube:n=30", zeros.as_str(), ones.as_str(), "minimal"),
        ("kyklos2:m=2,r=2,n=6", "24", "62", "y2"),
        ("d3:k=16,m=16", "(0,0,0)", "(15,15,15)", "lgl"),
    ] {
        let n = net(spec);
        let (a, b) = match (n.parse_node(from), n.parse_node(to)) {
            (Ok(a), Ok(b)) => (a, b),
            _ => panic!("benchmark addresses {from} {to}"),
        };
        g.bench_function(spec, |bench| {
            bench.iter(|| n.route(strategy, black_box(a), black_box(b), 8))
        });
    }
    g.finish();
}

fn bench_symmetry(c: &mut Criterion) {
    let mut g = c.benchmark_group("D2 paper density by processor symmetry");
    g.sample_size(10);
    for n in [12, 16] {
        g.bench_function(format!("n={n}"), |b| b.iter(|| density(DensityRule::D2, n)));
    }
    g.finish();
}

criterion_group!(
    benches,
    bench_bfs,
    bench_distances,
    bench_bit_parallel,
    bench_loads,
    bench_route,
    bench_symmetry
);
criterion_main!(benches);
