//! Packet headers of D3(K, M) (§8 and §10).
//!
//! A source-vector header `(b; γ, π, δ)` carries a counter b and three ports: with
//! b = 3 the router sends on local port δ, with b = 2 on global port γ, with b = 1 on
//! local port π; b = 0 means arrived. From `(c, d, p)` it reaches
//! `(c + γ, p + δ, d + π)`, so the header for `(c, d, p) → (c', d', p')` is
//! `(3; c' − c, p' − d, d' − p)`. Every header takes three steps; a step on local
//! port 0 or on the diagonal's global port 0 holds the packet in the router.
//!
//! A destination header `(b; destination, location)` reaches the same ports by table
//! lookup (§10): local table entry (row, column) = row − column mod M, global table
//! entry = row − column mod K, the row taken from the destination and the column from
//! the current location.

use serde::Serialize;

use super::{Router, D3};
use icn_graph::Node;

/// A source vector `(γ, π, δ)`: global port γ (mod K), local ports π and δ (mod M).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SourceVector {
    /// The global port, used second (counter 2).
    pub gamma: u32,
    /// The local port used last (counter 1).
    pub pi: u32,
    /// The local port used first (counter 3).
    pub delta: u32,
}

/// Local or global.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PortKind {
    /// A port of the drawer's complete graph.
    Local,
    /// A port of the swap network between drawers.
    Global,
}

/// One step of a header's evolution: the port taken and where it leads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hop {
    /// The counter before the step (3, 2 or 1).
    pub counter: u8,
    /// Local or global.
    pub kind: PortKind,
    /// The port taken at `from`.
    pub port: u32,
    /// The port it arrives on at `to` (−port).
    pub arrives_on: u32,
    /// The router the step leaves.
    pub from: String,
    /// The router it reaches (`from` when the step holds).
    pub to: String,
    /// Whether the packet moves (false for local port 0 and the diagonal's global port 0).
    pub moves: bool,
}

/// One lookup of a destination header (§10): the table, its row (from the destination)
/// and column (from the current location), and the port read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DestinationStep {
    /// The counter (3, 2 or 1).
    pub counter: u8,
    /// The header as `(b; destination, location)`.
    pub header: String,
    /// Which table is read.
    pub table: PortKind,
    /// Row: the destination's coordinate.
    pub row: u32,
    /// Column: the location's coordinate.
    pub column: u32,
    /// The entry, row − column (mod M or K): the port taken.
    pub port: u32,
}

/// A source-vector header and its evolution 3 → 0, with the destination-header
/// lookups that produce the same ports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeaderTrace {
    /// The source router.
    pub from: String,
    /// The destination router.
    pub to: String,
    /// The source vector.
    pub vector: SourceVector,
    /// The header as the paper writes it, `(3; γ, π, δ)`.
    pub header: String,
    /// The routers after each step, counter 3, 2, 1, 0 (4 entries).
    pub routers: Vec<String>,
    /// The three steps.
    pub hops: Vec<Hop>,
    /// Steps that move the packet.
    pub moving_hops: u32,
    /// The destination-header lookups (§10), one per step.
    pub destination_header: Vec<DestinationStep>,
}

impl D3 {
    /// The source vector from `s` to `t`: `(c' − c, p' − d, d' − p)`.
    pub fn source_vector(&self, s: Router, t: Router) -> SourceVector {
        SourceVector {
            gamma: Self::sub(t.c, s.c, self.k),
            pi: Self::sub(t.p, s.d, self.m),
            delta: Self::sub(t.d, s.p, self.m),
        }
    }

    /// The routers a source vector visits from `s`: counter 3, 2, 1, 0.
    pub fn apply_vector(&self, s: Router, v: SourceVector) -> [Router; 4] {
        let r1 = self.local_peer(s, v.delta);
        let r2 = self.global_peer(r1, v.gamma);
        let r3 = self.local_peer(r2, v.pi);
        [s, r1, r2, r3]
    }

    /// The source-vector header from `src` to `dst`, hop by hop, and its destination
    /// header lookups.
    pub fn header_trace(&self, src: Node, dst: Node) -> HeaderTrace {
        let (s, t) = (self.router(src), self.router(dst));
        let v = self.source_vector(s, t);
        let routers = self.apply_vector(s, v);
        let steps = [
            (3u8, PortKind::Local, v.delta),
            (2, PortKind::Global, v.gamma),
            (1, PortKind::Local, v.pi),
        ];
        let hops = steps
            .iter()
            .zip(routers.windows(2))
            .map(|(&(counter, kind, port), w)| Hop {
                counter,
                kind,
                port,
                arrives_on: match kind {
                    PortKind::Local => Self::sub(0, port, self.m),
                    PortKind::Global => Self::sub(0, port, self.k),
                },
                from: w[0].to_string(),
                to: w[1].to_string(),
                moves: w[0] != w[1],
            })
            .collect::<Vec<_>>();
        HeaderTrace {
            from: s.to_string(),
            to: t.to_string(),
            vector: v,
            header: format!("(3; {}, {}, {})", v.gamma, v.pi, v.delta),
            routers: routers.iter().map(Router::to_string).collect(),
            moving_hops: hops.iter().filter(|h| h.moves).count() as u32,
            hops,
            destination_header: self.destination_steps(s, t),
        }
    }

    /// §10's table lookups for a packet at `s` bound for `t`, the location updated
    /// after each step.
    pub fn destination_steps(&self, s: Router, t: Router) -> Vec<DestinationStep> {
        let mut at = s;
        let mut out = Vec::with_capacity(3);
        for counter in [3u8, 2, 1] {
            let (table, row, column, modulus) = match counter {
                3 => (PortKind::Local, t.d, at.p, self.m),
                2 => (PortKind::Global, t.c, at.c, self.k),
                _ => (PortKind::Local, t.p, at.p, self.m),
            };
            let port = Self::sub(row, column, modulus);
            out.push(DestinationStep {
                counter,
                header: format!("({counter}; {t}, {at})"),
                table,
                row,
                column,
                port,
            });
            at = match table {
                PortKind::Local => self.local_peer(at, port),
                PortKind::Global => self.global_peer(at, port),
            };
        }
        out
    }
}
