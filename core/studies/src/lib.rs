//! icn-studies: the five papers' tables and worked examples beside the values computed
//! here ([`papers`]), and the data of every chart the page draws and `icn chart` prints
//! ([`charts`]).
//!
//! May import: every other crate of the engine (icn-graph, icn-families, icn-engine,
//! icn-analyses, icn-sim); nothing builds on it but the command line and the page.

pub mod charts;
pub mod papers;
