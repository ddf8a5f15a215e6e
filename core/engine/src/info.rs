//! [`NetworkInfo`]: a network's summary numbers, as `icn info` prints them and the web
//! worker sends them (it round-trips through serde).

use serde::{Deserialize, Deserializer, Serialize};

use crate::metrics::{distance_method, DistanceDistribution, DistanceMethod};
use crate::network::{family, known_families, Network};
use icn_families::family::{Formula, HopUnit};
use icn_graph::error::SpecError;
use icn_graph::terminal_transitive;

/// Summary numbers of a network.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NetworkInfo {
    /// The canonical spec.
    pub spec: String,
    /// The family name.
    #[serde(deserialize_with = "family_name")]
    pub family: StaticName,
    /// Nodes N (all of them: terminals and forwarding nodes).
    pub nodes: u64,
    /// Terminals: the nodes that send and receive (processors, L-nodes); the
    /// distance figures are over pairs of these.
    pub terminals: u64,
    /// Undirected links.
    pub links: u64,
    /// Smallest degree of a terminal.
    pub min_degree: u64,
    /// Largest degree of a terminal.
    pub max_degree: u64,
    /// Smallest degree of a forwarding node (KYKLOS's IB-nodes, the Lens's busses, a fat
    /// tree's switches); absent when every node is a terminal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switch_min_degree: Option<u64>,
    /// Largest degree of a forwarding node; absent when every node is a terminal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switch_max_degree: Option<u64>,
    /// The distances in the paper's unit where it is not a link (the Lens's busses),
    /// beside the link counts below; absent for the other families.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hops: Option<Hops>,
    /// Diameter in links (breadth-first search).
    pub diameter: u32,
    /// Mean distance over ordered pairs of distinct nodes.
    pub average_distance: f64,
    /// The sum of the distances over ordered pairs of distinct terminals (exact).
    pub distance_sum: u64,
    /// Endpoints attached to each terminal node (a Dragonfly's p; 1 for most families).
    pub concentration: u64,
    /// Whether the graph is vertex-transitive (a known group of automorphisms maps any
    /// node onto any other: translations, or the completed Lens's Theorem 1 group with
    /// its processor–bus mirror). False where no such group is known.
    pub vertex_transitive: bool,
    /// Whether every terminal looks alike (implied by `vertex_transitive`): the distance
    /// distribution is then measured from one terminal.
    pub terminal_transitive: bool,
    /// How the distances were computed: a closed form, one search by symmetry, closed
    /// forms per source, or the bit-parallel search from every terminal.
    pub distance_method: DistanceMethod,
    /// The family's closed forms, where the paper gives them.
    pub formulas: Vec<Formula>,
}

/// Distances over terminal pairs in the paper's unit (the Lens's busses), as `icn info`
/// and `icn metrics` print them beside the link counts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hops {
    /// What one hop crosses (`bus`).
    pub unit: String,
    /// Links per hop (2: processor to bus, bus to processor).
    pub links_per_hop: u32,
    /// The largest distance, in hops.
    pub diameter: u32,
    /// The mean distance over ordered pairs of distinct terminals, in hops.
    pub average_distance: f64,
    /// `distance_distribution[h]`: ordered terminal pairs `h` hops apart.
    pub distance_distribution: Vec<u64>,
}

impl Hops {
    /// The distribution `dd` (in links) counted in `unit`s.
    pub fn new(unit: HopUnit, dd: &DistanceDistribution) -> Hops {
        let hops = dd.in_hops(unit.links);
        Hops {
            unit: unit.name.to_string(),
            links_per_hop: unit.links,
            diameter: hops.diameter(),
            average_distance: hops.average(),
            distance_distribution: hops.counts,
        }
    }
}

/// A family name from the registry (an alias, so that serde reads it with
/// [`family_name`] instead of borrowing it from the input).
type StaticName = &'static str;

/// Reads a family name as the registry's own (static) string.
fn family_name<'de, D: Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    let name = String::deserialize(d)?;
    family(&name).map(|f| f.name).ok_or_else(|| {
        serde::de::Error::custom(SpecError::UnknownFamily {
            name,
            known: known_families(),
        })
    })
}

impl Network {
    /// Summary numbers: counts, degrees, diameter, average distance, formulas.
    ///
    /// # Complexity
    /// One distance distribution (see [`crate::metrics::distance_distribution`]) plus O(N·degree).
    pub fn info(&self) -> NetworkInfo {
        self.info_from(&self.distance_distribution())
    }

    /// [`Network::info`] from this network's distance distribution `dd`, computed once by
    /// a caller that also wants the distribution itself.
    ///
    /// # Complexity
    /// O(N·degree) (O(degree) when vertex-transitive).
    pub fn info_from(&self, dd: &DistanceDistribution) -> NetworkInfo {
        let t = self.topology();
        let terminals = t.terminal_count();
        // Every terminal has terminal 0's degree when they all look alike.
        let sample = if terminal_transitive(t) {
            terminals.min(1)
        } else {
            terminals
        };
        let (min_degree, max_degree) = t
            .terminal_degree_range()
            .or_else(|| degree_range(t, 0..sample))
            .unwrap_or((0, 0));
        let switches = degree_range(t, terminals..t.node_count());
        NetworkInfo {
            spec: self.spec(),
            family: self.family().name,
            nodes: t.node_count() as u64,
            terminals: t.terminal_count() as u64,
            links: t.link_count(),
            min_degree,
            max_degree,
            switch_min_degree: switches.map(|r| r.0),
            switch_max_degree: switches.map(|r| r.1),
            hops: self.hop_unit().map(|u| Hops::new(u, dd)),
            diameter: dd.diameter(),
            average_distance: dd.average(),
            distance_sum: dd
                .counts
                .iter()
                .enumerate()
                .map(|(d, &c)| (d as u64).saturating_mul(c))
                .fold(0u64, u64::saturating_add),
            concentration: u64::from(self.concentration()),
            vertex_transitive: self.vertex_transitive_graph(),
            terminal_transitive: terminal_transitive(t),
            distance_method: distance_method(t),
            formulas: self.formulas(),
        }
    }
}

/// The smallest and largest degree over `nodes`; `None` when there are none.
///
/// # Complexity
/// O(|nodes|·degree).
fn degree_range(t: &dyn icn_graph::Topology, nodes: std::ops::Range<usize>) -> Option<(u64, u64)> {
    let mut buf = Vec::new();
    nodes.fold(None, |range, v| {
        buf.clear();
        t.neighbours(v, &mut buf);
        let d = buf.len() as u64;
        Some(range.map_or((d, d), |(lo, hi): (u64, u64)| (lo.min(d), hi.max(d))))
    })
}

impl NetworkInfo {
    /// The computed value a family's formula called `name` states, where the name says
    /// what it counts (nodes, routers, switches, processors, terminals, links, degree,
    /// diameter, distance sums); `None` for the formulas only the paper's numbers check.
    pub fn computed(&self, name: &str) -> Option<u64> {
        let regular = (self.min_degree == self.max_degree).then_some(self.min_degree);
        let forwarding = self.nodes - self.terminals;
        match name {
            "nodes" => Some(self.nodes),
            "routers" | "switches" if forwarding > 0 => Some(forwarding),
            "routers" | "switches" => Some(self.nodes),
            "processors" => Some(self.terminals),
            "terminals" | "endpoints" | "servers" => {
                Some(self.terminals.saturating_mul(self.concentration))
            }
            "links" => Some(self.links),
            "degree" | "network radix" | "network radix k′" | "switch degree (network ports)" => {
                regular
            }
            "max degree" => Some(self.max_degree),
            "min degree" => Some(self.min_degree),
            "diameter" => Some(u64::from(self.diameter)),
            "distance sum (ordered pairs)" => Some(self.distance_sum),
            "distance sum from a node"
            | "distance sum from a switch"
            | "distances from a processor, summed"
                if self.terminal_transitive && self.terminals > 0 =>
            {
                (self.distance_sum % self.terminals == 0)
                    .then(|| self.distance_sum / self.terminals)
            }
            _ => None,
        }
    }
}
