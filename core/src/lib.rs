//! icn-core: topologies, addresses, routing and exact metrics for the interconnection
//! networks of the icnplay playground. Pure Rust; no web or wasm dependency.
//!
//! ```
//! use icn_core::{Network, Topology};
//!
//! let net: Network = "hypercycle:m=5x4x3,rho=2x1x1".parse()?;
//! let (a, b) = (net.parse_node("000")?, net.parse_node("421")?);
//! let route = net.route("minimal", a, b, 8)?;
//! assert_eq!(route.length, 4);
//! assert_eq!(net.format_node(route.paths[0][0]), "000");
//! assert_eq!(net.topology().node_count(), 60);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod analysis;
pub mod charts;
mod cost;
mod error;
mod family;
pub mod graph;
mod info;
pub mod io;
mod math;
pub mod metrics;
mod network;
pub mod papers;
pub mod routing;
pub mod sim;
mod spec;
pub mod topology;

pub use cost::{
    amount, bytes_text, d3_subnetwork_cost, listing_cost, schedule_estimate, Budget, Cost,
    Estimate, CONFIRM_LIMIT, PAGE_BUDGET, PROBE_STEPS,
};
pub use error::{
    AddressError, FamilyMismatch, GraphError, GraphSyntax, ParamError, SpecError, StrategyError,
    UnknownStrategy,
};
pub use family::{
    AsGraph, Family, FamilyInfo, Formula, HopUnit, Minimal, ParamInfo, StrategyInfo, Structure,
};
pub use graph::{Node, Routing, Topology, MAX_NODES};
pub use info::{Hops, NetworkInfo};
pub use math::{binomial, bounded_compositions, multinomial};
pub use network::{family, Network, FAMILIES};
pub use routing::{path_edges, Route};
pub use spec::Spec;

/// Big unsigned integers, as used for path counts.
pub use num_bigint::BigUint;
