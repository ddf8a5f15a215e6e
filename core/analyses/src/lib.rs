//! icn-analyses: what is computed over a whole network and routing beyond its metrics:
//! deadlock (channel dependency graphs, their cycles, Duato's condition), the comparison
//! data, and the papers' load and distance models.
//!
//! May import: icn-graph, icn-families and icn-engine.
//!
//! - [`hypercycle_loads`]: Hypercycle link loads, e-cube against random-greedy;
//! - [`dragonfly`]: D3(K, M) against the maximal Dragonfly MDF(K, M) (Table 1's pair);
//! - [`compare`]: two to four networks of any families side by side;
//! - [`deadlock`]: channel dependency graphs, their cycles and the virtual channels a
//!   routing needs;
//! - [`kyklos_distances`]: the KYKLOS strategies' distances from processor 0;
//! - [`kyklos_table3`]: TR-88-27 Table 3's measures of one KYKLOS strategy;
//! - [`lens_loads`]: a Lens's processor and bus loads;
//! - [`throughput`]: a routing's throughput under uniform traffic or a permutation, and its
//!   worst-case permutation.

pub mod compare;
pub mod deadlock;
pub mod dragonfly;
pub mod hypercycle_loads;
pub mod kyklos_distances;
pub mod kyklos_table3;
pub mod lens_loads;
pub mod throughput;

pub use compare::{
    check_budget, compare, compare_cost, distances_csv, row, summary_csv, CompareError, CompareRow,
    MAX_COMPARE, MIN_COMPARE, SUMMARY_HEADER,
};
pub use dragonfly::{
    d3_vs_mdf, d3_vs_mdf_cost, matching_mdf, DragonflyLoads, DragonflySide, LinkKindLoad,
};
pub use hypercycle_loads::{
    hypercycle_loads, hypercycle_loads_cost, ChannelLoad, ClassLoad, HypercycleLoads,
};
pub use kyklos_distances::{strategy_distances, StrategyDistances};
pub use kyklos_table3::{table3_measures, Table3Measures, Table3Value, TABLE3_MAX_LEAVES};
pub use lens_loads::{LensLoads, LoadStats};
