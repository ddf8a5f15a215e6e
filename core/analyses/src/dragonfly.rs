//! The Swapped Dragonfly D3(K, M) against the maximal Dragonfly MDF(K, M), the pair of
//! the paper's Table 1: the same drawers (groups) of M routers and the same router radix
//! K + M − 1 (M − 1 local ports, K global ones); D3 has K·M drawers, MDF K·M + 1.
//! Distance distributions and local and global link loads.
//!
//! Conventions: every ordered pair of distinct routers sends one unit, split equally
//! among all its minimal paths (strategy `minimal` of both families); loads are per
//! **directed channel** (a link is two channels). A link is *local* when its two routers
//! share a drawer (D3: same cabinet and drawer; MDF: same group), *global* otherwise.

use serde::{Deserialize, Serialize};

use icn_engine::cost::Estimate;
use icn_engine::metrics::{channel_loads, distance_distribution};
use icn_engine::routing::MinimalRouting;
use icn_families::d3::D3;
use icn_families::mdf::Mdf;
use icn_graph::math::tidy;
use icn_graph::{Node, Topology};

/// Which MDF a D3 is set beside, as printed in reports.
pub const MATCH_RULE: &str = "MDF(K, M), Table 1's pair: the same M routers per drawer (group) and router radix K + M − 1; K·M + 1 groups against D3's K·M drawers";

/// How many channels carry one load value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoadCount {
    /// The load (rounded to 12 significant digits, as every load).
    pub load: f64,
    /// Channels carrying it.
    pub channels: u64,
}

/// Loads of one kind of link.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LinkKindLoad {
    /// Undirected links of this kind.
    pub links: u64,
    /// Directed channels (twice the links).
    pub channels: u64,
    /// The busiest channel's load.
    pub max_load: f64,
    /// The least busy channel's load.
    pub min_load: f64,
    /// Mean over the channels of this kind.
    pub mean_load: f64,
    /// Sum over the channels of this kind (hops of all pairs on this kind).
    pub total_load: f64,
    /// Every distinct channel load of this kind with how many channels carry it, by
    /// increasing load (for a histogram).
    pub distribution: Vec<LoadCount>,
}

/// One network's side of the comparison.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DragonflySide {
    /// The canonical spec.
    pub spec: String,
    /// Routers.
    pub routers: u64,
    /// Undirected links.
    pub links: u64,
    /// Largest router degree (ports in use).
    pub max_degree: u64,
    /// Diameter.
    pub diameter: u32,
    /// Mean distance over ordered pairs of distinct routers.
    pub average_distance: f64,
    /// `distance_distribution[d]`: ordered pairs at distance d (index 0 is 0).
    pub distance_distribution: Vec<u64>,
    /// Local links (inside a drawer or group).
    pub local: LinkKindLoad,
    /// Global links.
    pub global: LinkKindLoad,
}

/// D3 against its matching MDF.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DragonflyLoads {
    /// How the MDF was chosen.
    pub rule: String,
    /// The Swapped Dragonfly.
    pub d3: DragonflySide,
    /// The maximal Dragonfly.
    pub mdf: DragonflySide,
}

/// The MDF set beside `d3`: MDF(K, M) (see [`MATCH_RULE`]).
pub fn matching_mdf(d3: &D3) -> Mdf {
    // MDF(K, M) has (KM + 1)·M routers, M more than D3(K, M): within MAX_NODES whenever
    // D3 is, but for the last few sizes below it.
    Mdf::new(u64::from(d3.k()), u64::from(d3.m())).unwrap_or_else(|_| unreachable_mdf())
}

/// MDF(1, 1) always exists; only reached for a D3 within M routers of MAX_NODES.
fn unreachable_mdf() -> Mdf {
    Mdf::new(1, 1).expect("MDF(1,1) is valid")
}

/// The work of [`d3_vs_mdf`]: all-destination load passes on both networks.
pub fn d3_vs_mdf_cost(d3: &D3) -> Estimate {
    let mdf = matching_mdf(d3);
    let one = |t: &dyn Topology| {
        let n = t.node_count() as u64;
        let walk = n.saturating_add(t.link_count().saturating_mul(2));
        Estimate {
            // a BFS per destination for the minimal relation, and one DAG pass
            steps: n.saturating_mul(walk).saturating_mul(3),
            bytes: walk.saturating_mul(24),
        }
    };
    let (a, b) = (one(d3), one(&mdf));
    Estimate {
        steps: a.steps.saturating_add(b.steps),
        bytes: a.bytes.max(b.bytes),
    }
}

fn side<T: Topology>(spec: String, net: &T, global: impl Fn(Node, Node) -> bool) -> DragonflySide {
    let dd = distance_distribution(net);
    let loads = channel_loads(net, &MinimalRouting::new(net));
    let mut kinds = [(0u64, 0.0f64, f64::INFINITY, 0.0f64); 2]; // (channels, max, min, sum)
    let mut values: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut max_degree = 0;
    for u in 0..net.node_count() {
        max_degree = max_degree.max((loads.offsets[u + 1] - loads.offsets[u]) as u64);
    }
    for (u, v, l) in loads.iter() {
        let g = usize::from(global(u, v));
        values[g].push(l);
        let k = &mut kinds[g];
        k.0 += 1;
        k.1 = k.1.max(l);
        k.2 = k.2.min(l);
        k.3 += l;
    }
    let histogram = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let mut out: Vec<LoadCount> = Vec::new();
        for l in v {
            match out.last_mut() {
                Some(last) if last.load == l => last.channels += 1,
                _ => out.push(LoadCount {
                    load: l,
                    channels: 1,
                }),
            }
        }
        out
    };
    let [local_values, global_values] = values;
    let kind = |(channels, max, min, sum): (u64, f64, f64, f64), values: Vec<f64>| LinkKindLoad {
        links: channels / 2,
        channels,
        max_load: max,
        min_load: if channels == 0 { 0.0 } else { min },
        mean_load: if channels == 0 {
            0.0
        } else {
            tidy(sum / channels as f64)
        },
        total_load: tidy(sum),
        distribution: histogram(values),
    };
    DragonflySide {
        spec,
        routers: net.node_count() as u64,
        links: net.link_count(),
        max_degree,
        diameter: dd.diameter(),
        average_distance: dd.average(),
        distance_distribution: dd.counts.clone(),
        local: kind(kinds[0], local_values),
        global: kind(kinds[1], global_values),
    }
}

/// D3(K, M) and its matching MDF: distances and local/global loads.
///
/// # Complexity
/// O(N·(N + E)) per network (minimal routing, every destination): see [`d3_vs_mdf_cost`].
pub fn d3_vs_mdf(d3: &D3) -> DragonflyLoads {
    let mdf = matching_mdf(d3);
    let d3_side = side(d3.spec_string(), d3, |u, v| {
        let (a, b) = (d3.router(u), d3.router(v));
        (a.c, a.d) != (b.c, b.d)
    });
    let mdf_side = side(mdf.spec_string(), &mdf, |u, v| {
        mdf.coords(u).0 != mdf.coords(v).0
    });
    DragonflyLoads {
        rule: MATCH_RULE.to_string(),
        d3: d3_side,
        mdf: mdf_side,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_graph::enumerate_paths;
    use icn_graph::Routing;

    #[test]
    fn the_mdf_is_table_1s_pair_with_the_same_drawers_and_radix() {
        // The outside audit's cases: D3(4,8) (reference [11]'s 256 routers) was set
        // beside MDF(255,1), a complete graph, and D3(8,12) beside MDF(1151,1).
        for (k, m) in [(3, 4), (4, 8), (8, 12), (16, 16), (1, 2)] {
            let d3 = D3::new(k, m).unwrap();
            let mdf = matching_mdf(&d3);
            assert_eq!((mdf.k(), mdf.m()), (k as u32, m as u32));
            assert_eq!(mdf.groups(), d3.k() * d3.m() + 1);
        }
    }

    /// Local/global loads by enumerating every minimal path of every pair.
    fn brute(t: &dyn Topology, global: &dyn Fn(Node, Node) -> bool) -> [(f64, f64); 2] {
        let r = MinimalRouting::new(t);
        let mut acc = std::collections::HashMap::<(Node, Node), f64>::new();
        for s in 0..t.node_count() {
            for d in (0..t.node_count()).filter(|&d| d != s) {
                let paths = enumerate_paths(&r as &dyn Routing, s, d, usize::MAX);
                for p in &paths {
                    for w in p.windows(2) {
                        *acc.entry((w[0], w[1])).or_default() += 1.0 / paths.len() as f64;
                    }
                }
            }
        }
        let mut out = [(0.0, 0.0); 2]; // (max, total)
        let mut buf = Vec::new();
        for u in 0..t.node_count() {
            buf.clear();
            t.neighbours(u, &mut buf);
            for &v in &buf {
                let l = acc.get(&(u, v)).copied().unwrap_or(0.0);
                let k = &mut out[usize::from(global(u, v))];
                k.0 = f64::max(k.0, l);
                k.1 += l;
            }
        }
        out
    }

    #[test]
    fn loads_match_path_enumeration_and_link_counts_match_closed_forms() {
        let d3 = D3::new(2, 3).unwrap();
        let r = d3_vs_mdf(&d3);
        let (k, m) = (2u64, 3u64);
        // D3: K·M drawers of M(M−1)/2 local links; K global ports per router except
        // global port 0 of the K·M diagonal routers.
        assert_eq!(r.d3.local.links, k * m * m * (m - 1) / 2);
        assert_eq!(r.d3.global.links, (k * m * m * k - k * m) / 2);
        let mdf = matching_mdf(&d3);
        let (kp, mp) = (u64::from(mdf.k()), u64::from(mdf.m()));
        assert_eq!(r.mdf.local.links, (kp * mp + 1) * mp * (mp - 1) / 2);
        assert_eq!(r.mdf.global.links, (kp * mp + 1) * kp * mp / 2);
        // Every hop of every pair lands on one channel: totals sum to the total distance.
        for s in [&r.d3, &r.mdf] {
            let hops: u64 = s
                .distance_distribution
                .iter()
                .enumerate()
                .map(|(d, &c)| d as u64 * c)
                .sum();
            assert!((s.local.total_load + s.global.total_load - hops as f64).abs() < 1e-6);
        }
        let gd3 = |u: Node, v: Node| {
            let (a, b) = (d3.router(u), d3.router(v));
            (a.c, a.d) != (b.c, b.d)
        };
        let b = brute(&d3, &gd3);
        assert!((b[0].0 - r.d3.local.max_load).abs() < 1e-9);
        assert!((b[1].0 - r.d3.global.max_load).abs() < 1e-9);
        assert!((b[1].1 - r.d3.global.total_load).abs() < 1e-6);
        let gm = |u: Node, v: Node| mdf.coords(u).0 != mdf.coords(v).0;
        let b = brute(&mdf, &gm);
        assert!((b[0].0 - r.mdf.local.max_load).abs() < 1e-9);
        assert!((b[1].0 - r.mdf.global.max_load).abs() < 1e-9);
        assert!((b[1].1 - r.mdf.global.total_load).abs() < 1e-6);
        assert_eq!(r.d3.diameter, 3);
        // Table 1's pair: the same router radix K + M − 1, one more drawer.
        assert_eq!((r.d3.max_degree, r.mdf.max_degree), (k + m - 1, k + m - 1));
        assert_eq!(r.mdf.routers - r.d3.routers, m);
        // The histograms cover every channel of their kind, by increasing load.
        for k in [&r.d3.local, &r.d3.global, &r.mdf.local, &r.mdf.global] {
            assert_eq!(
                k.distribution.iter().map(|c| c.channels).sum::<u64>(),
                k.channels
            );
            assert!(k.distribution.windows(2).all(|w| w[0].load < w[1].load));
            assert_eq!(k.distribution.last().map(|c| c.load), Some(k.max_load));
            assert_eq!(k.distribution.first().map(|c| c.load), Some(k.min_load));
        }
    }
}
