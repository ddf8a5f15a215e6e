//! Link conflicts between simultaneous transmissions (§5, Theorem 2).
//!
//! Two packets launched together follow their source-vector header paths in lockstep:
//! step 1 local port δ, step 2 global port γ, step 3 local port π. They conflict when
//! both use the same directed channel (same router, same output port) at the same
//! step. A hold (local port 0, the diagonal router's global port 0) uses no channel.

use serde::Serialize;

use super::header::PortKind;
use super::{Router, D3};
use icn_graph::Node;

/// Two packets on the same channel at the same step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LinkConflict {
    /// The step, 1 to 3 (counter 3, 2, 1).
    pub step: u8,
    /// Local or global.
    pub kind: PortKind,
    /// The router both leave.
    pub from: String,
    /// The router both reach.
    pub to: String,
}

impl D3 {
    /// The channels `(step, from, to, kind)` the header path from `s` to `t` uses.
    pub fn header_channels(&self, s: Router, t: Router) -> Vec<(u8, Router, Router, PortKind)> {
        let path = self.apply_vector(s, self.source_vector(s, t));
        let kinds = [PortKind::Local, PortKind::Global, PortKind::Local];
        (0..3)
            .filter(|&i| path[i] != path[i + 1])
            .map(|i| (i as u8 + 1, path[i], path[i + 1], kinds[i]))
            .collect()
    }

    /// The link conflicts between `s1 → t1` and `s2 → t2` launched together.
    pub fn link_conflicts(&self, s1: Node, t1: Node, s2: Node, t2: Node) -> Vec<LinkConflict> {
        let a = self.header_channels(self.router(s1), self.router(t1));
        let b = self.header_channels(self.router(s2), self.router(t2));
        a.iter()
            .filter(|x| b.contains(x))
            .map(|&(step, from, to, kind)| LinkConflict {
                step,
                kind,
                from: from.to_string(),
                to: to.to_string(),
            })
            .collect()
    }

    /// Theorem 2's condition: the sources share a drawer and so do the destinations.
    pub fn theorem2_predicts_conflict(&self, s1: Node, t1: Node, s2: Node, t2: Node) -> bool {
        let (a, b, c, d) = (
            self.router(s1),
            self.router(t1),
            self.router(s2),
            self.router(t2),
        );
        (a.c, a.d) == (c.c, c.d) && (b.c, b.d) == (d.c, d.d)
    }
}
