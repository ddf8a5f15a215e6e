//! icn-engine: the family registry ([`Network`], one line per family), routing (the
//! strategies' paths and their counts), metrics and channel loads, the cost model that
//! guards every computation, network facts ([`NetworkInfo`]) and export.
//!
//! May import: icn-graph and icn-families. The analyses, the simulator and the studies
//! build on this crate.

pub mod cost;
pub mod info;
pub mod io;
pub mod metrics;
pub mod network;
pub mod routing;

pub use cost::{
    d3_subnetwork_cost, listing_cost, schedule_estimate, Budget, Cost, Estimate, CONFIRM_LIMIT,
    PAGE_BUDGET, PROBE_STEPS,
};
pub use info::{Hops, NetworkInfo};
pub use network::{family, Network, FAMILIES};
pub use routing::{path_edges, Route};
