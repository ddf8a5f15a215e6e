//! icn-sim: seeded, deterministic simulations. The same seed gives the same numbers natively
//! and in the browser: the generator and its distributions use IEEE basic operations only.
//! [`packet`] is the packet simulator after BookSim2; [`circuit`] the circuit-switched study
//! of the Hypercycles paper's Figure 2.
//!
//! May import: icn-graph, icn-families, icn-engine and icn-analyses (the deadlock analysis
//! chooses a virtual-channel scheme).

pub mod circuit;
pub mod packet;
pub mod rng;

pub use circuit::{
    ecube_wait_safe, simulate, sweep_estimate, CircuitSim, Policy, SimConfig, SimError, SimPoint,
    SimReport, Sweep, SweepProgress,
};
pub use rng::SplitMix64;
