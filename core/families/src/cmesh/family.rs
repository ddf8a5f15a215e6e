//! The concentrated mesh as a [`Family`]: its description, strategies, closed forms,
//! BookSim2's endpoint numbering and its on-chip channel latencies.

use crate::family::{Family, FamilyInfo, Formula, ParamInfo, StrategyInfo, Structure};
use icn_graph::error::StrategyError;
use icn_graph::{Node, Routing};

use super::{CMesh, CMeshRouting, CONCENTRATION};
use crate::torus::XyYx;

const STRATEGIES: &[StrategyInfo] = &[
    StrategyInfo {
        name: "dor",
        title: "Dimension order, no express",
        summary: "x first, then y, along the mesh only: one path (BookSim2's dor_no_express).",
    },
    StrategyInfo {
        name: "express",
        title: "Dimension order with express channels",
        summary: "x first, then y; a router on an edge takes the edge's express channel when the way along is at least k/2: one path (BookSim2's dor).",
    },
    StrategyInfo {
        name: "minimal",
        title: "All minimal paths",
        summary: "Every shortest path, express channels included (breadth-first search decides).",
    },
    StrategyInfo {
        name: "xyyx",
        title: "XY or YX, no express",
        summary: "x then y, or y then x, drawn at the source with equal chance, along the mesh only (BookSim2's xy_yx_no_express).",
    },
    StrategyInfo {
        name: "xyyx-express",
        title: "XY or YX with express channels",
        summary: "x then y, or y then x, drawn at the source with equal chance; each leg takes the edge's express channel as express does (BookSim2's xy_yx at k = 4).",
    },
];

/// `cmesh:k=…`.
pub const CMESH: FamilyInfo = FamilyInfo {
    name: "cmesh",
    title: "Concentrated mesh (BookSim2's cmesh)",
    summary: "A k × k mesh of routers, each serving a 2 × 2 block of terminals; express channels join the edge routers k/2 apart.",
    params: &[ParamInfo {
        key: "k",
        label: "Routers per row k",
        help: "even, 4–4096 (4 terminals per router: 4k² in all)",
        example: "4",
    }],
    flags: &[],
    example: "cmesh:k=4",
    example_route: ("(0,0)", "(3,2)"),
    strategies: STRATEGIES,
    source: "Balfour and Dally, Design tradeoffs for tiled CMP on-chip networks, ICS 2006 (as BookSim2's cmesh builds it)",
};

impl Family for CMesh {
    fn info(&self) -> &'static FamilyInfo {
        &CMESH
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        if let Some(express) = [("xyyx", false), ("xyyx-express", true)]
            .into_iter()
            .find_map(|(n, e)| (n == name).then_some(e))
        {
            // x first: XY turns at (s_y, d_x), YX at (d_y, s_x); express channels keep
            // their edge's line, so each leg stays in its dimension.
            let corners = move |s: Node, d: Node| {
                let (k, (sy, sx), (dy, dx)) = (self.k() as usize, self.coords(s), self.coords(d));
                [sy as usize * k + dx as usize, dy as usize * k + sx as usize]
            };
            let base = CMesh::routing(
                self,
                if express {
                    CMeshRouting::Express
                } else {
                    CMeshRouting::Dor
                },
            );
            return Ok(Box::new(XyYx::over(Box::new(base), corners)));
        }
        let kind: CMeshRouting = name.parse().map_err(|_| self.unknown_strategy(name))?;
        Ok(Box::new(CMesh::routing(self, kind)))
    }

    fn formulas(&self) -> Vec<Formula> {
        let k = u64::from(self.k());
        vec![
            Formula::new("routers", "k²", k * k),
            Formula::new("terminals", "4k²", 4 * k * k),
            Formula::new("links", "2k² (2k(k − 1) mesh, 2k express)", 2 * k * k),
            Formula::new("degree", "4", 4),
            Formula::new("radix", "4 + 4", 8),
        ]
    }

    fn structure(&self) -> Structure {
        Structure::Grid {
            radices: vec![self.k(), self.k()],
        }
    }

    fn concentration(&self) -> u32 {
        CONCENTRATION
    }

    fn endpoint_number(&self, node: Node, slot: u32) -> Option<u32> {
        Some(self.endpoint(node, slot))
    }

    fn noc_latency(&self, u: Node, v: Node) -> Option<u32> {
        Some(self.tiles(u, v))
    }

    /// BookSim2's `cmesh` with its asserted keys, under `dor_no_express` (`dor`).
    fn booksim_topology(&self) -> Option<Vec<(&'static str, String)>> {
        let k = self.k().to_string();
        Some(vec![
            ("topology", "cmesh".to_string()),
            ("k", k.clone()),
            ("n", "2".to_string()),
            ("c", "4".to_string()),
            ("x", k.clone()),
            ("y", k),
            ("xr", "2".to_string()),
            ("yr", "2".to_string()),
            ("routing_function", "dor_no_express".to_string()),
        ])
    }
}
