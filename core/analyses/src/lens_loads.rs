//! Processor and bus loads of a Lens under uniform processor-to-processor traffic:
//! [`channel_loads`] with the processors as terminals, split into the two kinds of node.

use serde::{Deserialize, Serialize};

use icn_engine::metrics::channel_loads;
use icn_families::lens::Lens;

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

impl LensLoads {
    /// Processor and bus loads of `lens` under uniform processor-to-processor traffic and
    /// regular (all minimal paths equally likely) routing.
    ///
    /// # Complexity
    /// O(P · (N + E) · n) ([`Lens::loads_cost`]): [`channel_loads`] with
    /// the processors as terminals, one pass over the minimal-path DAG per destination
    /// processor; one pass in all for the completed lens ([`LensOrbits`](icn_families::lens::LensOrbits)).
    pub fn of(lens: &Lens) -> Self {
        let procs = lens.processor_count();
        let node_loads = channel_loads(lens, &lens.routing()).node_loads;
        LensLoads {
            processor: node_loads[..procs].to_vec(),
            bus: node_loads[procs..].to_vec(),
        }
    }
}
