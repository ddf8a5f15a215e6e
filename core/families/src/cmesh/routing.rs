//! The concentrated mesh's routings, BookSim2's `dor_no_express_cmesh` and `dor_cmesh`,
//! and every shortest path of the graph (express channels included).

use std::str::FromStr;

use icn_graph::error::UnknownStrategy;
use icn_graph::{MinimalRouting, Node, Routing};

use super::{CMesh, Port};
use crate::family::parse_strategy;

/// A concentrated mesh's routing strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CMeshRouting {
    /// x first, then y, along the mesh only (BookSim2's `dor_no_express`): one path.
    Dor,
    /// x first, then y, taking the edge's express channel where the way along a
    /// dimension is at least k/2 and the router is on the edge it runs along (BookSim2's
    /// `dor`, its `cmesh_next`): one path.
    Express,
    /// Every shortest path of the graph, express channels included.
    Minimal,
}

impl CMeshRouting {
    /// Every strategy, in menu order.
    pub const ALL: [CMeshRouting; 3] = [
        CMeshRouting::Dor,
        CMeshRouting::Express,
        CMeshRouting::Minimal,
    ];

    /// Its name in specs and URLs.
    pub fn name(self) -> &'static str {
        match self {
            CMeshRouting::Dor => "dor",
            CMeshRouting::Express => "express",
            CMeshRouting::Minimal => "minimal",
        }
    }
}

impl FromStr for CMeshRouting {
    type Err = UnknownStrategy;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_strategy(s, &CMeshRouting::ALL, CMeshRouting::name)
    }
}

/// A [`CMeshRouting`] bound to its network.
#[derive(Debug)]
pub enum CMeshRouter<'a> {
    /// `dor` or `express`: one next hop, BookSim2's rule.
    Order(&'a CMesh, bool),
    /// `minimal`.
    Minimal(MinimalRouting<'a, CMesh>),
}

impl CMesh {
    /// The routing relation `kind` on this network.
    pub fn routing(&self, kind: CMeshRouting) -> CMeshRouter<'_> {
        match kind {
            CMeshRouting::Dor => CMeshRouter::Order(self, false),
            CMeshRouting::Express => CMeshRouter::Order(self, true),
            CMeshRouting::Minimal => CMeshRouter::Minimal(MinimalRouting::new(self)),
        }
    }

    /// BookSim2's port out of `at` towards `dst` (≠ `at`) in dimension order, with or
    /// without express channels.
    pub fn order_port(&self, at: Node, dst: Node, express: bool) -> Port {
        let ((ay, ax), (dy, dx)) = (self.coords(at), self.coords(dst));
        let (far, last) = (self.k / 2, self.k - 1);
        // Along a dimension: the way's direction, and the express port of a router on
        // the edge that dimension runs along.
        let step = |a: u32, d: u32, across: u32, plus: Port, minus: Port, eplus, eminus| {
            let port = if a < d { plus } else { minus };
            if express && a.abs_diff(d) >= far {
                if across == 0 {
                    return eminus;
                }
                if across == last {
                    return eplus;
                }
            }
            port
        };
        if ax != dx {
            step(
                ax,
                dx,
                ay,
                Port::PlusX,
                Port::MinusX,
                Port::PlusY,
                Port::MinusY,
            )
        } else {
            step(
                ay,
                dy,
                ax,
                Port::PlusY,
                Port::MinusY,
                Port::PlusX,
                Port::MinusX,
            )
        }
    }
}

impl Routing for CMeshRouter<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        match self {
            CMeshRouter::Order(net, express) => {
                if at != dst {
                    out.push(net.through(at, net.order_port(at, dst, *express)).0);
                }
            }
            CMeshRouter::Minimal(m) => m.next_hops(at, dst, out),
        }
    }

    fn is_minimal(&self) -> bool {
        matches!(self, CMeshRouter::Minimal(_))
    }

    fn follows_distances(&self) -> bool {
        matches!(self, CMeshRouter::Minimal(_))
    }
}
