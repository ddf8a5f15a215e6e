//! One integration binary: the conformance suite every family passes, and the
//! family-specific checks against the papers.

mod conformance;
mod d3;
mod fattree;
mod hypercycle;
mod jellyfish;
mod kyklos;
mod kyklos_density;
mod lens;
mod network;
mod papers;
mod properties;
mod support;
