//! Processor-only views of a Lens and processor-to-processor loads.

use serde::{Deserialize, Serialize};

use super::Lens;
use crate::error::AddressError;
use crate::metrics::channel_loads;
use crate::graph::{Node, Topology};

/// The processors of a Lens, two of them adjacent when they share a bus: with pattern B
/// (the real processor graph) or with pattern A only (the paper's routing, which moves
/// the dot at every step). Node indices are the lens's processor indices.
#[derive(Debug, Clone, Copy)]
pub struct ProcessorGraph<'a> {
    lens: &'a Lens,
    pattern_b: bool,
}

impl Lens {
    /// The processor graph: patterns A and B (`pattern_b = true`, distances equal
    /// [`Lens::processor_distance`]) or pattern A only (the paper's routing; in the
    /// uncompleted lens digit 1 then never changes, so this graph is disconnected).
    pub fn processor_graph(&self, pattern_b: bool) -> ProcessorGraph<'_> {
        ProcessorGraph {
            lens: self,
            pattern_b,
        }
    }
}

impl Topology for ProcessorGraph<'_> {
    fn node_count(&self) -> usize {
        self.lens.processor_count()
    }

    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        let start = out.len();
        let dot = self.lens.dot(v);
        let mut busses = Vec::new();
        let mut procs = Vec::new();
        self.lens.neighbours(v, &mut busses);
        for &b in &busses {
            procs.clear();
            self.lens.neighbours(b, &mut procs);
            for &u in &procs {
                let keep = u != v && (self.pattern_b || self.lens.dot(u) != dot);
                if keep && !out[start..].contains(&u) {
                    out.push(u);
                }
            }
        }
    }

    fn format_node(&self, v: Node) -> String {
        self.lens.format_node(v)
    }

    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        let v = self.lens.parse_node(text)?;
        if self.lens.is_processor(v) {
            Ok(v)
        } else {
            Err(AddressError::BadDigit {
                ch: 'B',
                position: 1,
                radix: self.lens.p() - 1,
                allowed: "a processor address w.v: busses are not nodes of the processor graph"
                    .into(),
            })
        }
    }
}

/// Loads under uniform processor-to-processor traffic: every ordered pair of distinct
/// processors sends one unit, split equally among all minimal paths (the paper's
/// "regular" routing, §6). A node's load is the traffic it relays (not counting what it
/// sends or receives); divide by P(P − 1) for the paper's probability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LensLoads {
    /// Relayed traffic of each processor, by processor index.
    pub processor: Vec<f64>,
    /// Traffic crossing each bus, by bus index minus the processor count.
    pub bus: Vec<f64>,
}

fn range(x: &[f64]) -> (f64, f64) {
    x.iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        })
}

/// The least, mean and greatest load of one kind of node, and whether they are equal.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LoadStats {
    /// The least load.
    pub min: f64,
    /// The mean load.
    pub mean: f64,
    /// The greatest load.
    pub max: f64,
    /// Whether every node of the kind carries the same load (to 1 part in 10⁹).
    pub uniform: bool,
}

impl LoadStats {
    fn of(x: &[f64]) -> LoadStats {
        let (min, max) = range(x);
        let mean = if x.is_empty() {
            0.0
        } else {
            x.iter().sum::<f64>() / x.len() as f64
        };
        LoadStats {
            min,
            mean,
            max,
            uniform: max - min <= 1e-9 * max.abs().max(1.0),
        }
    }

    /// Which of `levels` equal bands from `min` to `max` holds load `x` (0: the least
    /// loaded band); the middle band when the loads are uniform.
    pub fn level(&self, x: f64, levels: usize) -> usize {
        if self.uniform || levels < 2 {
            return levels / 2;
        }
        let t = ((x - self.min) / (self.max - self.min)).clamp(0.0, 1.0);
        ((t * levels as f64) as usize).min(levels - 1)
    }
}

impl LensLoads {
    /// Least, mean and greatest processor load.
    pub fn processor_stats(&self) -> LoadStats {
        LoadStats::of(&self.processor)
    }

    /// Least, mean and greatest bus load.
    pub fn bus_stats(&self) -> LoadStats {
        LoadStats::of(&self.bus)
    }

    /// (least, greatest) processor load.
    pub fn processor_range(&self) -> (f64, f64) {
        range(&self.processor)
    }

    /// (least, greatest) bus load.
    pub fn bus_range(&self) -> (f64, f64) {
        range(&self.bus)
    }
}

impl Lens {
    /// A bound on the work of [`Lens::loads`]: P · (N + 2E) · n (one DAG pass per
    /// destination processor, O(n) per next-hop test), or (N + 2E) · n for the completed
    /// lens (one destination, by its symmetry). Callers compare it with a budget.
    pub fn loads_cost(&self) -> u64 {
        let nodes = self.node_count() as u64;
        let passes = if self.completed {
            1
        } else {
            self.processor_count() as u64
        };
        passes
            .saturating_mul(nodes + 2 * self.link_formula())
            .saturating_mul(self.n as u64)
    }

    /// Processor and bus loads under uniform processor-to-processor traffic and regular
    /// (all minimal paths equally likely) routing.
    ///
    /// # Complexity
    /// O(P · (N + E) · n) ([`Lens::loads_cost`]): [`crate::metrics::channel_loads`] with
    /// the processors as terminals, one pass over the minimal-path DAG per destination
    /// processor; one pass in all for the completed lens ([`super::LensOrbits`]).
    pub fn loads(&self) -> LensLoads {
        let procs = self.processor_count();
        let node_loads = channel_loads(self, &self.routing()).node_loads;
        LensLoads {
            processor: node_loads[..procs].to_vec(),
            bus: node_loads[procs..].to_vec(),
        }
    }
}
