//! Hypercycle link loads under uniform all-pairs traffic: e-cube against random-greedy.
//!
//! Conventions: every ordered pair (s, t) of distinct nodes sends one unit; loads are per
//! **directed channel** (an undirected link is two channels, one per direction, and its
//! load is the sum of the two). A Hypercycle is vertex-transitive and every
//! [`HypercycleRouting`] commutes with its translations, so all N channels of a class
//! (dimension i, step +s mod m_i) carry the same load: the per-class table is the whole
//! answer, and [`HypercycleLoads::channels`] expands it channel by channel.
//!
//! "Random-greedy" is computed exactly, not sampled: at each node the unit is divided
//! equally among the routing's next hops ([`Split::PerHop`]), which is the expected load
//! of a walk choosing uniformly at every hop. E-cube has one next hop everywhere, so both
//! splits give the same numbers for it.

use serde::{Deserialize, Serialize};

use icn_engine::cost::Estimate;
use icn_engine::metrics::channel_loads_split;
use icn_families::hypercycle::{Hypercycle, HypercycleRouting};
use icn_graph::math::tidy;
use icn_graph::Node;
use icn_graph::Split;
use icn_graph::{Addresses, Graph};

/// The load of one channel class: every channel that moves digit `dimension` by `step`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClassLoad {
    /// The dimension, 1-based, most significant first (as the paper numbers digits).
    pub dimension: usize,
    /// The step: +s or −s (mod m_i); when 2s = m_i, only +s is listed.
    pub step: i64,
    /// How many directed channels are in the class (N).
    pub channels: u64,
    /// The load of each of them.
    pub load: f64,
}

/// One directed channel with its load, for per-link tables.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChannelLoad {
    /// The tail's address.
    pub from: String,
    /// The head's address.
    pub to: String,
    /// 1-based dimension.
    pub dimension: usize,
    /// Signed step, as in [`ClassLoad::step`].
    pub step: i64,
    /// Its load.
    pub load: f64,
}

/// Link loads of one Hypercycle under one routing and split.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HypercycleLoads {
    /// The network's canonical spec.
    pub spec: String,
    /// The routing's name (`ecube`, `greedy`, `eq311`, `minimal`).
    pub routing: String,
    /// How a unit is divided among the routing's choices.
    pub split: Split,
    /// Directed channels (twice the links).
    pub channel_count: u64,
    /// The busiest channel's load (per direction).
    pub max_load: f64,
    /// The least busy channel's load (per direction).
    pub min_load: f64,
    /// Mean over directed channels: total hops of all pairs / channels.
    pub mean_load: f64,
    /// The busiest undirected link: both directions summed.
    pub max_link_load: f64,
    /// Every channel class, by dimension then step (+1, −1, +2, −2, …).
    pub classes: Vec<ClassLoad>,
}

/// The routing's command-line name ([`HypercycleRouting::name`]).
pub fn routing_name(kind: HypercycleRouting) -> &'static str {
    kind.name()
}

/// The routing called `name` (`ecube`, `greedy`, `eq311`, `minimal`), as
/// [`HypercycleRouting`]'s `FromStr` reads it.
pub fn routing_from_name(name: &str) -> Option<HypercycleRouting> {
    name.parse().ok()
}

/// Node 0's neighbour in dimension `i` at step `s` (signed).
fn neighbour_by_step(net: &Hypercycle, i: usize, s: i64) -> Node {
    let m = i64::from(net.radices()[i]);
    let digit = s.rem_euclid(m) as usize;
    let weight: usize = net.radices()[i + 1..].iter().map(|&x| x as usize).product();
    digit * weight
}

/// The estimated work of one [`hypercycle_loads`] call: the routing's DAG towards one
/// destination over every node and channel, and the channel arrays.
pub fn hypercycle_loads_cost(net: &Hypercycle) -> Estimate {
    let n = net.node_count() as u64;
    let walk = n.saturating_add(n.saturating_mul(net.degree_formula()));
    Estimate {
        steps: walk.saturating_mul(2),
        bytes: walk.saturating_mul(32),
    }
}

/// The loads of every channel class of `net` under `kind`, divided per `split`.
///
/// # Complexity
/// O(N·degree) time and memory: one destination, by symmetry.
pub fn hypercycle_loads(
    net: &Hypercycle,
    kind: HypercycleRouting,
    split: Split,
) -> HypercycleLoads {
    let routing = net.routing(kind);
    let loads = channel_loads_split(net, &routing, split);
    let mut classes = Vec::new();
    let n = net.node_count() as u64;
    for (i, (&m, &rho)) in net.radices().iter().zip(net.rho()).enumerate() {
        for s in 1..=i64::from(rho) {
            let signs: &[i64] = if 2 * s == i64::from(m) {
                &[1]
            } else {
                &[1, -1]
            };
            for &sign in signs {
                let v = neighbour_by_step(net, i, sign * s);
                classes.push(ClassLoad {
                    dimension: i + 1,
                    step: sign * s,
                    channels: n,
                    load: loads.load(0, v).unwrap_or(0.0),
                });
            }
        }
    }
    let channel_count: u64 = classes.iter().map(|c| c.channels).sum();
    let total: f64 = classes.iter().map(|c| c.load * c.channels as f64).sum();
    let max_link_load = classes
        .iter()
        .map(|c| {
            let m = i64::from(net.radices()[c.dimension - 1]);
            if 2 * c.step.abs() == m {
                2.0 * c.load
            } else {
                let back = classes
                    .iter()
                    .find(|d| d.dimension == c.dimension && d.step == -c.step)
                    .map_or(0.0, |d| d.load);
                c.load + back
            }
        })
        .fold(0.0, f64::max);
    HypercycleLoads {
        spec: net.spec_string(),
        routing: routing_name(kind).to_string(),
        split,
        channel_count,
        max_load: classes.iter().map(|c| c.load).fold(0.0, f64::max),
        min_load: classes.iter().map(|c| c.load).fold(f64::INFINITY, f64::min),
        mean_load: tidy(total / channel_count.max(1) as f64),
        max_link_load: tidy(max_link_load),
        classes,
    }
}

impl HypercycleLoads {
    /// Every directed channel of `net` with its load (the class tables expanded), ordered
    /// by tail node then by class. `net` must be the network these loads were computed for.
    ///
    /// # Complexity
    /// O(N·degree) time and memory.
    pub fn channels(&self, net: &Hypercycle) -> Vec<ChannelLoad> {
        let n = net.node_count();
        let mut out = Vec::with_capacity(n * self.classes.len());
        for u in 0..n {
            for c in &self.classes {
                let i = c.dimension - 1;
                let m = i64::from(net.radices()[i]);
                let d = i64::from(net.digit(u, i));
                let weight: usize = net.radices()[i..]
                    .iter()
                    .skip(1)
                    .map(|&x| x as usize)
                    .product();
                let nd = (d + c.step).rem_euclid(m);
                let v = u - d as usize * weight + nd as usize * weight;
                out.push(ChannelLoad {
                    from: net.format_node(u),
                    to: net.format_node(v),
                    dimension: c.dimension,
                    step: c.step,
                    load: c.load,
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_graph::enumerate_paths;
    use icn_graph::Routing;
    use std::collections::HashMap;

    /// Expected channel loads of a walk choosing uniformly among next hops, by brute
    /// force: every walk from every source to every destination with its probability.
    fn brute_per_hop(net: &Hypercycle, kind: HypercycleRouting) -> HashMap<(Node, Node), f64> {
        fn walk(
            r: &dyn Routing,
            at: Node,
            dst: Node,
            p: f64,
            acc: &mut HashMap<(Node, Node), f64>,
        ) {
            if at == dst {
                return;
            }
            let mut hops = Vec::new();
            r.next_hops(at, dst, &mut hops);
            for &v in &hops {
                let q = p / hops.len() as f64;
                *acc.entry((at, v)).or_default() += q;
                walk(r, v, dst, q, acc);
            }
        }
        let r = net.routing(kind);
        let mut acc = HashMap::new();
        for s in 0..net.node_count() {
            for t in 0..net.node_count() {
                walk(&r, s, t, 1.0, &mut acc);
            }
        }
        acc
    }

    fn check_against_brute(spec_m: &[u64], rho: &[u64], kind: HypercycleRouting) {
        let net = Hypercycle::new(spec_m, rho).unwrap();
        let got = hypercycle_loads(&net, kind, Split::PerHop);
        let brute = brute_per_hop(&net, kind);
        let chans = got.channels(&net);
        assert_eq!(chans.len() as u64, got.channel_count);
        for c in &chans {
            let (u, v) = (
                net.parse_node(&c.from).unwrap(),
                net.parse_node(&c.to).unwrap(),
            );
            let want = brute.get(&(u, v)).copied().unwrap_or(0.0);
            assert!(
                (c.load - want).abs() < 1e-9,
                "{u}->{v}: {} vs {want}",
                c.load
            );
        }
    }

    #[test]
    fn per_hop_loads_match_brute_force_walks() {
        for kind in [
            HypercycleRouting::Greedy,
            HypercycleRouting::Equation,
            HypercycleRouting::Minimal,
            HypercycleRouting::Ecube,
        ] {
            check_against_brute(&[5, 4], &[2, 1], kind);
            check_against_brute(&[6, 3], &[1, 1], kind);
        }
    }

    #[test]
    fn per_path_loads_match_path_enumeration() {
        // Per path: each of a pair's paths carries 1/count of its unit.
        let net = Hypercycle::new(&[5, 4], &[2, 1]).unwrap();
        let kind = HypercycleRouting::Minimal;
        let got = hypercycle_loads(&net, kind, Split::PerPath);
        let r = net.routing(kind);
        let mut acc: HashMap<(Node, Node), f64> = HashMap::new();
        for s in 0..net.node_count() {
            for t in (0..net.node_count()).filter(|&t| t != s) {
                let paths = enumerate_paths(&r, s, t, usize::MAX);
                for p in &paths {
                    for w in p.windows(2) {
                        *acc.entry((w[0], w[1])).or_default() += 1.0 / paths.len() as f64;
                    }
                }
            }
        }
        for c in got.channels(&net) {
            let (u, v) = (
                net.parse_node(&c.from).unwrap(),
                net.parse_node(&c.to).unwrap(),
            );
            assert!((c.load - acc[&(u, v)]).abs() < 1e-9);
        }
    }

    #[test]
    fn hypercube_loads_are_uniform_two_to_the_n_minus_one() {
        // Total hops N·n·2^(n−1) over N·n channels, and every channel alike by symmetry.
        let net = Hypercycle::hypercube(4).unwrap();
        for kind in [HypercycleRouting::Ecube, HypercycleRouting::Greedy] {
            let l = hypercycle_loads(&net, kind, Split::PerHop);
            assert_eq!(l.channel_count, 64);
            assert_eq!((l.max_load, l.min_load, l.mean_load), (8.0, 8.0, 8.0));
            assert_eq!(l.max_link_load, 16.0);
        }
    }

    #[test]
    fn ring_ecube_loads_by_hand() {
        // A ring of 4 (ρ = 1). From each node: one pair at +1 (1 forward hop), one at −1
        // (1 backward hop) and one at distance 2, which goes forward (ties take the
        // increasing direction: 2 forward hops). Forward hops 4·(1 + 2) = 12 over the 4
        // forward channels = 3 each; backward 4·1 / 4 = 1 each.
        let net = Hypercycle::new(&[4], &[1]).unwrap();
        let l = hypercycle_loads(&net, HypercycleRouting::Ecube, Split::PerHop);
        let plus = l.classes.iter().find(|c| c.step == 1).unwrap().load;
        let minus = l.classes.iter().find(|c| c.step == -1).unwrap().load;
        assert_eq!((plus, minus), (3.0, 1.0));
        assert_eq!(l.max_link_load, 4.0);
        assert_eq!(l.mean_load, 2.0); // 16 hops / 8 channels
    }
}
