//! Distances of the KYKLOS strategies from processor 0 (the D2 paper, §3): what the
//! `distances` chart draws and the `d2-distances` table sets beside the printed counts.

use icn_families::kyklos::{Kyklos, KyklosRouting, Unavailable};
use icn_graph::bfs;

/// Processors at distance 2d from processor 0 (index d = 0 … n) under M2, H2 and D2 on
/// the original KYKLOS-II⟨2,2,n⟩, and Theorem 1's count by longest runs (the D2 paper, §3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrategyDistances {
    /// M2: the best single tree's route length / 2.
    pub m2: Vec<usize>,
    /// H2: the H-r route's length / 2.
    pub h2: Vec<usize>,
    /// D2: the breadth-first distance / 2.
    pub d2: Vec<usize>,
    /// Theorem 1: n − the longest run of zeros of b.
    pub runs: Vec<usize>,
}

/// [`StrategyDistances`] of `k` (processor 0 to every other processor).
///
/// # Errors
/// When M-r or H-r is not defined on `k`.
///
/// # Complexity
/// O(N · n) routes plus one BFS.
pub fn strategy_distances(k: &Kyklos) -> Result<StrategyDistances, Unavailable> {
    let n = k.n();
    let nl = k.leaf_count();
    let dist = bfs(k, 0);
    let mut out = StrategyDistances {
        m2: vec![0; n + 1],
        h2: vec![0; n + 1],
        d2: vec![0; n + 1],
        runs: vec![0; n + 1],
    };
    for (b, &db) in dist.iter().enumerate().take(nl).skip(1) {
        let len = |kind| -> Result<usize, Unavailable> {
            Ok(k.plans(kind, 0, b)?.first().map_or(0, |p| p.length()))
        };
        out.m2[len(KyklosRouting::Mr)? / 2] += 1;
        out.h2[len(KyklosRouting::Hr)? / 2] += 1;
        out.d2[db as usize / 2] += 1;
        // Theorem 1: 2(n − longest run of zeros of b).
        let mut longest = 0;
        let mut run = 0;
        for g in 0..n {
            run = if k.digit(b, g) == 0 { run + 1 } else { 0 };
            longest = longest.max(run);
        }
        out.runs[n - longest] += 1;
    }
    Ok(out)
}
