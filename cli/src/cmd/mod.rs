//! One module per `icn` command: its clap arguments and the code that runs it.

pub mod chart;
pub mod compare;
pub mod d3_vs_mdf;
pub mod deadlock;
pub mod export;
pub mod info;
pub mod join;
pub mod loads;
pub mod metrics;
pub mod papers;
pub mod route;
pub mod schedule;
pub mod sim;
pub mod simulate;
pub mod table;
pub mod throughput;
pub mod walkthrough;
