//! icn-core: topologies, addresses, routing and exact metrics for the interconnection
//! networks of the icnplay playground. Pure Rust; no web or wasm dependency.
//!
//! This crate holds no code of its own: it gathers the engine's crates, bottom to top,
//! under the module names the command line, the page and the tests use:
//! [`graph`] (icn-graph: node indices, capability traits, searches, spec grammar, errors),
//! [`topology`] (icn-families: one folder per family), [`metrics`], [`routing`] and [`io`]
//! with [`Network`] (icn-engine: the registry, loads, the cost model), [`analysis`]
//! (icn-analyses: deadlock and comparisons), [`sim`] (icn-sim: the simulators), and
//! [`papers`] with [`charts`] (icn-studies). Each crate may import only the crates below
//! it; cargo refuses anything else (ARCHITECTURE.md draws the graph).
//!
//! ```
//! use icn_core::{Graph, Network};
//!
//! let net: Network = "hypercycle:m=5x4x3,rho=2x1x1".parse()?;
//! let (a, b) = (net.parse_node("000")?, net.parse_node("421")?);
//! let route = net.route("minimal", a, b, 8)?;
//! assert_eq!(route.length, 4);
//! assert_eq!(net.format_node(route.paths[0][0]), "000");
//! assert_eq!(net.topology().node_count(), 60);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use icn_analyses as analysis;
pub use icn_engine::{io, metrics, routing};
pub use icn_families as topology;
pub use icn_graph as graph;
pub use icn_sim as sim;
pub use icn_studies::{charts, papers};

pub use icn_engine::cost::{
    amount, bytes_text, d3_subnetwork_cost, listing_cost, schedule_estimate, Budget, Cost,
    Estimate, ExportFormat, CONFIRM_LIMIT, PAGE_BUDGET, PROBE_STEPS,
};
pub use icn_engine::info::{Hops, NetworkInfo};
pub use icn_engine::network::{family, Network, FAMILIES};
pub use icn_engine::routing::{path_edges, Route};
pub use icn_families::family::{
    AsGraph, Family, FamilyInfo, Formula, HopUnit, Minimal, ParamInfo, StrategyInfo, Structure,
};
pub use icn_graph::error::{
    AddressError, FamilyMismatch, GraphError, GraphSyntax, ParamError, SpecError, StrategyError,
    UnknownStrategy,
};
pub use icn_graph::math::{binomial, bounded_compositions, multinomial};
pub use icn_graph::spec::Spec;
pub use icn_graph::{Addresses, Graph, Node, Routing, Topology, MAX_NODES};

/// Big unsigned integers, as used for path counts.
pub use num_bigint::BigUint;
