//! Processor-only views of a Lens, and the cost of its processor-to-processor loads
//! (computed by `analysis::lens_loads`).

use super::Lens;
use icn_graph::error::AddressError;
use icn_graph::{Addresses, Graph};
use icn_graph::{Node, Topology};

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

impl Graph for ProcessorGraph<'_> {
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
}

impl Addresses for ProcessorGraph<'_> {
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

impl Topology for ProcessorGraph<'_> {}

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
}
