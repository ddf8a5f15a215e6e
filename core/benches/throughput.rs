//! Throughput's speed targets (issue 38, `make bench`): a routing's uniform bound against
//! the channel loads it is read from, the worst-case permutation of 1,024 terminals with
//! symmetry, the certified optimal bound (1 %) of a 1,000-router network without
//! symmetry, and a traffic matrix's loads (one DAG per destination) against uniform
//! traffic's by symmetry.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use icn_core::analysis::throughput::{optimal, routed, worst, Demand};
use icn_core::metrics::channel_loads;
use icn_core::routing::registry;
use icn_core::Network;

fn net(spec: &str) -> Network {
    match spec.parse() {
        Ok(n) => n,
        Err(e) => panic!("benchmark spec {spec}: {e}"),
    }
}

fn bench_uniform(c: &mut Criterion) {
    let mut g = c.benchmark_group("uniform bound against its channel loads");
    g.sample_size(10);
    for spec in ["hypercube:n=10", "d3:k=6,m=6"] {
        let n = net(spec);
        let routing = match registry::build_oblivious(&n, "minimal") {
            Ok(r) => r,
            Err(e) => panic!("{spec}: {e}"),
        };
        g.bench_function(format!("loads {spec}"), |b| {
            b.iter(|| channel_loads(n.topology(), routing.as_ref()))
        });
        g.bench_function(format!("throughput {spec}"), |b| {
            b.iter(|| routed(&n, routing.as_ref(), black_box(&Demand::Uniform)))
        });
    }
    g.finish();
}

fn bench_worst(c: &mut Criterion) {
    let mut g = c.benchmark_group("worst-case permutation (1,024 terminals)");
    g.sample_size(10);
    for (spec, name) in [("torus:k=32x32", "dor"), ("hypercube:n=10", "ecube")] {
        let n = net(spec);
        let routing = match registry::build_oblivious(&n, name) {
            Ok(r) => r,
            Err(e) => panic!("{spec}: {e}"),
        };
        g.bench_function(format!("{spec} {name}"), |b| {
            b.iter(|| worst(&n, routing.as_ref(), &mut |_, _| {}))
        });
    }
    g.finish();
}

fn bench_optimal(c: &mut Criterion) {
    let mut g = c.benchmark_group("certified optimal bound (1 %), no symmetry");
    g.sample_size(10);
    let n = net("jellyfish:n=1000,r=8,p=4,seed=1");
    g.bench_function("jellyfish:n=1000,r=8,p=4 uniform", |b| {
        b.iter(|| optimal(&n, black_box(&Demand::Uniform)))
    });
    g.finish();
}

fn bench_matrix(c: &mut Criterion) {
    use icn_core::sim::packet::{pattern_demand, Pattern};
    let mut g = c.benchmark_group("traffic matrix against uniform by symmetry");
    g.sample_size(10);
    for (spec, name, traffic) in [
        ("hypercube:n=10", "minimal", "uniform"),
        ("hypercube:n=10", "minimal", "background({0})"),
        ("hypercube:n=10", "minimal", "hotspot(0)"),
        ("dragonfly:a=6,p=3,h=3", "minimal", "bad_dragon"),
        ("dragonfly:a=6,p=3,h=3", "valiant", "bad_dragon"),
    ] {
        let n = net(spec);
        let routing = match registry::build_oblivious(&n, name) {
            Ok(r) => r,
            Err(e) => panic!("{spec}: {e}"),
        };
        let pattern: Pattern = match traffic.parse() {
            Ok(p) => p,
            Err(e) => panic!("{traffic}: {e}"),
        };
        let demand = match pattern_demand(&n, &pattern) {
            Ok(d) => d,
            Err(e) => panic!("{spec} {traffic}: {e}"),
        };
        g.bench_function(format!("{spec} {name} {traffic}"), |b| {
            b.iter(|| routed(&n, routing.as_ref(), black_box(&demand)))
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    bench_uniform,
    bench_worst,
    bench_optimal,
    bench_matrix
);
criterion_main!(benches);
