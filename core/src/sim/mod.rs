//! Seeded, deterministic simulations. The same seed gives the same numbers natively and
//! in the browser: the generator and its distributions use IEEE basic operations only.

pub mod circuit;
pub mod packet;
pub mod rng;

pub use circuit::{
    ecube_wait_safe, simulate, sweep_estimate, CircuitSim, Policy, SimConfig, SimError, SimPoint,
    SimReport, Sweep, SweepProgress,
};
pub use rng::SplitMix64;
