//! Traffic density of D2 and H2 on KYKLOS-II ⟨2,2,n⟩ by processor symmetry (Du, Hwang,
//! Odlyzko, Zhang, "Minimal-distance routing for KYKLOS II", section "Traffic density").
//!
//! The paper's method: by symmetry, only the paths from processor 0 are enumerated, and
//! only tree T₁ (the identity tree, tree 0 here) is examined. For every b ≠ 0 the path
//! 0 → b climbs T₁ to some level c (the *count*); g(c) is the expected number of such b.
//! A path that climbs to level c uses two links (one up, one down) at every level below
//! c, so the traffic crossing level k (links between level k − 1 and level k, k = 1 … n)
//! is F(k) = 2·Σ_{c ≥ k} g(c) per source. With all N sources the traffic of one level-k
//! link is T(k) = N·F(k) / 2^(n−k+1), there being 2^(n−k+1) such links; the density is
//! max_k T(k).
//!
//! Counting convention (the one that reproduces the printed table): every *ordered* pair
//! sends one unit, a link's traffic is the sum of both directions, per link, tree T₁.
//! Levels are numbered by their upper end (1 … n), as printed. [`Kyklos::density_by_pairs`]
//! computes the same per-link traffic from all N² pairs on the real graph, for the tests.
//!
//! - **D2** (the paper's rule): a longest run of equal digits is chosen uniformly among the
//!   longest runs, then one of the two paths through it with probability ½ each; both
//!   climb T₁ to the number of digits after the run. When no digit is equal (b = 1…1)
//!   the count is 0 or n with probability ½ each.
//! - **H2**: T₁ changes the ⌈n/2⌉ low digits, T₂ the ⌊n/2⌋ high ones, which is where the
//!   paper puts the H2 density (level ⌈n/2⌉). The count is the position of b's highest
//!   one among its ⌈n/2⌉ low digits.
//!
//! Values are exact rationals (denominators divide 2·lcm(1 … n)), kept as [`Ratio`].

use serde::Serialize;

use icn_graph::error::ParamError;
use icn_graph::math::gcd;
pub use icn_graph::math::Ratio;
use icn_graph::Node;

use super::{Kyklos, NotD2Network, PathPlan, Shuffle};

/// The largest n the symmetry method accepts: 2^n sequences are enumerated.
pub const MAX_DENSITY_N: usize = 24;

/// Which routing's density.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DensityRule {
    /// Du et al.'s D2 with the paper's random choices.
    D2,
    /// H2 (Jenevein and Menezes) with ⌈n/2⌉ levels of T₁.
    H2,
}

impl DensityRule {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            DensityRule::D2 => "d2",
            DensityRule::H2 => "h2",
        }
    }
}

/// The traffic of one level-k link of T₁.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LevelDensity {
    /// The level k (1 … n): links between level k − 1 and level k.
    pub level: usize,
    /// The traffic of each of its links, exactly.
    pub exact: Ratio,
    /// The same as f64.
    pub density: f64,
}

/// The traffic density of a rule on ⟨2,2,n⟩.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Density {
    /// n (N = 2^n processors).
    pub n: usize,
    /// The rule.
    pub rule: DensityRule,
    /// g(c) for c = 0 … n, the expected number of destinations whose path climbs T₁ to
    /// level c (exact).
    pub counts: Vec<Ratio>,
    /// Per level, bottom up.
    pub levels: Vec<LevelDensity>,
    /// The density: the largest per-link traffic.
    pub max: Ratio,
    /// The levels where it occurs.
    pub max_levels: Vec<usize>,
}

/// The traffic density of `rule` on KYKLOS-II ⟨2,2,n⟩ by processor symmetry.
///
/// # Errors
/// n outside 1 ..= [`MAX_DENSITY_N`].
///
/// # Complexity
/// O(2^n · n) time, O(n) memory.
pub fn density(rule: DensityRule, n: usize) -> Result<Density, ParamError> {
    if !(1..=MAX_DENSITY_N).contains(&n) {
        return Err(ParamError::OutOfRange {
            key: "n".into(),
            value: n as u64,
            allowed: format!("1 ..= {MAX_DENSITY_N} (2^n sequences are enumerated)"),
        });
    }
    // Every g(c) is a multiple of 1/(2·lcm(1 … n)): a tie among j ≤ n runs adds 1/j.
    let scale: u128 = 2 * (1..=n as u128).fold(1, |l, j| l / gcd(l, j) * j);
    let mut g = vec![0u128; n + 1];
    match rule {
        DensityRule::D2 => d2_counts(n, scale, &mut g),
        DensityRule::H2 => {
            let c = n.div_ceil(2);
            // b's highest one among its c low digits is at position p (1 … c): 2^(p−1)
            // low patterns, any high part.
            for (p, gp) in g.iter_mut().enumerate().take(c + 1).skip(1) {
                *gp = scale << (p - 1 + n - c);
            }
            // Low part zero, high part not: the path stays out of T₁.
            g[0] = scale * ((1u128 << (n - c)) - 1);
        }
    }
    let big_n = 1u128 << n;
    // suffix[k] = Σ_{c ≥ k} g(c), scaled.
    let mut suffix = vec![0u128; n + 1];
    let mut above: u128 = 0;
    for (c, &gc) in g.iter().enumerate().rev() {
        above += gc;
        suffix[c] = above;
    }
    let levels: Vec<LevelDensity> = (1..=n)
        .map(|k| {
            let exact = Ratio::new(big_n * 2 * suffix[k], scale << (n - k + 1));
            LevelDensity {
                level: k,
                exact,
                density: exact.value(),
            }
        })
        .collect();
    // T(k) is proportional to suffix[k]·2^k: compare those exactly.
    let key = |k: usize| suffix[k] << k;
    let best = (1..=n).map(key).max().unwrap_or(0);
    let max_levels: Vec<usize> = (1..=n).filter(|&k| key(k) == best).collect();
    let max = levels[max_levels[0] - 1].exact;
    Ok(Density {
        n,
        rule,
        counts: g.iter().map(|&x| Ratio::new(x, scale)).collect(),
        levels,
        max,
        max_levels,
    })
}

/// g(c)·scale for D2: every b ≠ 0, its longest zero runs (digit i is bit n − i of b).
fn d2_counts(n: usize, scale: u128, g: &mut [u128]) {
    let full = (1u64 << n) - 1;
    let mut runs: Vec<(usize, usize)> = Vec::with_capacity(n);
    for b in 1..=full {
        let zeros = !b & full;
        if zeros == 0 {
            g[0] += scale / 2;
            g[n] += scale / 2;
            continue;
        }
        runs.clear();
        let mut longest = 0;
        let mut i = 0; // digits 1 … i are scanned
        while i < n {
            if zeros >> (n - 1 - i) & 1 == 1 {
                let mut k = 0;
                while i + k < n && zeros >> (n - 1 - i - k) & 1 == 1 {
                    k += 1;
                }
                longest = longest.max(k);
                runs.push((i, k));
                i += k;
            } else {
                i += 1;
            }
        }
        let ties = runs.iter().filter(|&&(_, k)| k == longest).count() as u128;
        for &(i, k) in runs.iter().filter(|&&(_, k)| k == longest) {
            g[n - i - k] += scale / ties;
        }
    }
}

impl Kyklos {
    /// The per-link traffic of `rule` on tree 0's links, from all N² ordered pairs on the
    /// real graph, each pair's unit split as the rule says (see the module docs); indexed
    /// by [`Kyklos::link_index`]. For checking [`density`] (which uses symmetry).
    ///
    /// # Errors
    /// Unless this is KYKLOS-II ⟨2,2,n⟩ with the original shuffle.
    ///
    /// # Complexity
    /// O(N² · n).
    pub fn density_by_pairs(&self, rule: DensityRule) -> Result<Vec<f64>, NotD2Network> {
        if self.shuffle != Shuffle::Original || self.m != 2 || self.r != 2 {
            return Err(NotD2Network);
        }
        let n = self.n;
        let mut links = vec![0f64; self.leaves * self.r + self.r * self.per_tree];
        let mut add = |src: Node, plan: &PathPlan, w: f64| {
            let nodes = self.plan_nodes(src, plan);
            for e in nodes.windows(2) {
                links[self.link_index(e[0], e[1])] += w;
            }
        };
        for a in 0..self.leaves {
            for b in (0..self.leaves).filter(|&b| b != a) {
                match rule {
                    DensityRule::H2 => {
                        let low = (1usize << n.div_ceil(2)) - 1;
                        for (first, second) in [(0, 1), (1, 0)] {
                            // Tree 0 changes the low digits, tree 1 the high ones.
                            let via = if first == 0 {
                                (a & !low) | (b & low)
                            } else {
                                (b & !low) | (a & low)
                            };
                            let plan = self.chain(
                                a,
                                b,
                                &[
                                    (first, self.tree_levels(first, a, via)),
                                    (second, self.tree_levels(second, via, b)),
                                ],
                            );
                            add(a, &plan, 0.5);
                        }
                    }
                    DensityRule::D2 => {
                        let splits = self.d2_paper_splits(a, b);
                        let w = 1.0 / splits.len() as f64;
                        for (i, k) in splits {
                            // Through s₁ (tree 0 first) and s₂ (tree 1 first), ½ each.
                            add(a, &self.chain(a, b, &[(0, n - i - k), (1, i)]), w / 2.0);
                            add(a, &self.chain(a, b, &[(1, i), (0, n - i - k)]), w / 2.0);
                        }
                    }
                }
            }
        }
        Ok(links)
    }

    /// The runs (i, k) D2 chooses among for a ≠ b, uniformly: the longest runs of equal
    /// digits a_(i+1) … a_(i+k); with no equal digit, the empty run before digit 1 or
    /// after digit n.
    fn d2_paper_splits(&self, a: Node, b: Node) -> Vec<(usize, usize)> {
        let mut runs = self.equal_runs(a, b);
        let longest = runs.iter().map(|&(_, k)| k).max().unwrap_or(0);
        if longest == 0 {
            return vec![(0, 0), (self.n, 0)];
        }
        runs.retain(|&(_, k)| k == longest);
        runs
    }
}
