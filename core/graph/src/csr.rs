//! A compact adjacency (compressed sparse rows) built once from any [`Graph`], for the
//! searches that visit every link many times ([`super::msbfs`]).

use super::{Graph, Node};

/// Which channels a [`Csr`] lists at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// The heads of the channels leaving the node ([`Graph::neighbours`]).
    Out,
    /// The tails of the channels entering it ([`Graph::in_neighbours`]).
    In,
}

/// Every node's neighbour list in two flat arrays, and which nodes forward.
///
/// Node indices are stored as `u32` ([`super::MAX_NODES`] is 2³¹), so a link costs 4 bytes
/// per direction and a node 4 or 8 (its offset) plus one `bool`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Csr {
    /// `targets[offsets[v] .. offsets[v + 1]]` are `v`'s neighbours.
    offsets: Vec<usize>,
    targets: Vec<u32>,
    /// Per node, whether it passes traffic on ([`Graph::forwards`]); empty when every
    /// node does.
    forwards: Vec<bool>,
    terminals: usize,
}

impl Csr {
    /// The channels of `topology` as `direction` lists them at each node.
    ///
    /// # Complexity
    /// O(N + E) time, one call of the topology's neighbour function per node; 4 bytes per
    /// channel and about 9 per node.
    pub fn new<T: Graph + ?Sized>(topology: &T, direction: Direction) -> Csr {
        let n = topology.node_count();
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        let mut buf = Vec::new();
        offsets.push(0);
        for v in 0..n {
            buf.clear();
            match direction {
                Direction::Out => topology.neighbours(v, &mut buf),
                Direction::In => topology.in_neighbours(v, &mut buf),
            }
            // Node indices are below MAX_NODES = 2^31: they fit u32.
            targets.extend(buf.iter().map(|&u| u as u32));
            offsets.push(targets.len());
        }
        let mut forwards: Vec<bool> = (0..n).map(|v| topology.forwards(v)).collect();
        if forwards.iter().all(|&f| f) {
            forwards = Vec::new();
        }
        Csr {
            offsets,
            targets,
            forwards,
            terminals: topology.terminal_count(),
        }
    }

    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of listed channels (twice the links of an undirected network).
    pub fn channel_count(&self) -> usize {
        self.targets.len()
    }

    /// Nodes `0 .. terminal_count()` are the terminals ([`Graph::terminal_count`]).
    pub fn terminal_count(&self) -> usize {
        self.terminals
    }

    /// `v`'s neighbours in this direction.
    #[inline]
    pub fn neighbours(&self, v: Node) -> &[u32] {
        &self.targets[self.offsets[v]..self.offsets[v + 1]]
    }

    /// The number of `v`'s neighbours in this direction.
    #[inline]
    pub fn degree(&self, v: Node) -> usize {
        self.offsets[v + 1] - self.offsets[v]
    }

    /// Whether `v` passes traffic on.
    #[inline]
    pub fn forwards(&self, v: Node) -> bool {
        self.forwards.is_empty() || self.forwards[v]
    }

    /// Whether some node does not pass traffic on.
    pub fn has_stops(&self) -> bool {
        !self.forwards.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::AddressError;
    use crate::{Addresses, Topology};

    /// A directed path 0 → 1 → 2 whose middle node does not forward.
    struct Path;

    impl Graph for Path {
        fn node_count(&self) -> usize {
            3
        }

        fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
            if v < 2 {
                out.push(v + 1);
            }
        }

        fn in_neighbours(&self, v: Node, out: &mut Vec<Node>) {
            if v > 0 {
                out.push(v - 1);
            }
        }

        fn directed(&self) -> bool {
            true
        }

        fn forwards(&self, v: Node) -> bool {
            v != 1
        }
    }

    impl Addresses for Path {
        fn format_node(&self, v: Node) -> String {
            v.to_string()
        }

        fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
            Err(AddressError::Empty {
                expected: text.to_string(),
            })
        }
    }

    impl Topology for Path {}

    #[test]
    fn both_directions_and_the_stops() {
        let out = Csr::new(&Path, Direction::Out);
        let inc = Csr::new(&Path, Direction::In);
        assert_eq!(out.node_count(), 3);
        assert_eq!(out.channel_count(), 2);
        assert_eq!(out.neighbours(0), &[1]);
        assert_eq!(out.neighbours(2), &[] as &[u32]);
        assert_eq!(inc.neighbours(2), &[1]);
        assert!(out.has_stops() && !out.forwards(1) && out.forwards(0));
        assert_eq!(out.terminal_count(), 3);
    }
}
