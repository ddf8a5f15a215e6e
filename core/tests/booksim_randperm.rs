//! `randperm(SEED)` against BookSim2's own permutations: core/tests/data/booksim_randperm.txt
//! holds what BookSim2's `RandomPermutationTrafficPattern` gives for seeds 0, 1, 7, 18935 and
//! 2³¹ − 1 on 1 to 1,000 endpoints, printed by scripts/booksim/randperm.sh (a small C++
//! program built against BookSim2's traffic.cpp and Knuth's rng.c). icnplay draws its own
//! with its own reading of Knuth's generator (core/sim/src/packet/knuth.rs).

use icn_core::sim::packet::{Pattern, Traffic};
use icn_core::sim::SplitMix64;

const BOOKSIM: &str = include_str!("data/booksim_randperm.txt");

/// Every (seed, nodes) pair of BookSim2's file: source by source, the same destination.
#[test]
fn randperm_is_booksims_permutation_for_the_same_seed() {
    let mut pairs = Vec::new();
    for line in BOOKSIM.lines().filter(|l| !l.starts_with('#')) {
        let (head, dests) = line.split_once(':').expect("SEED NODES: …");
        let (seed, nodes) = head.split_once(' ').expect("SEED NODES");
        let seed: u64 = seed.parse().expect("a seed");
        let nodes: u32 = nodes.parse().expect("a node count");
        let want: Vec<u32> = dests
            .split_whitespace()
            .map(|d| d.parse().expect("a destination"))
            .collect();
        assert_eq!(want.len(), nodes as usize, "{head}");
        let pattern: Pattern = format!("randperm({seed})").parse().expect("a pattern");
        let traffic = Traffic::new(&pattern, nodes, Default::default()).expect("applies");
        // A permutation's destination does not draw: any generator will do.
        let mut rng = SplitMix64::new(0);
        let got: Vec<u32> = (0..nodes).map(|s| traffic.dest(s, &mut rng)).collect();
        assert_eq!(got, want, "randperm({seed}) on {nodes} endpoints");
        pairs.push((seed, nodes));
    }
    // Every pair scripts/booksim/randperm.sh prints is there (a truncated file fails).
    for seed in [0, 1, 7, 18935, 2_147_483_647] {
        for nodes in [1, 2, 16, 64, 100, 343, 1000] {
            assert!(pairs.contains(&(seed, nodes)), "{seed} {nodes} missing");
        }
    }
}
