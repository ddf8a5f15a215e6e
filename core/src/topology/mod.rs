//! The families: one module (or folder) per interconnection network. They implement the
//! capability traits of [`crate::graph`] and import nothing above it.

pub mod d3;
pub mod fattree;
pub mod hypercycle;
pub mod jellyfish;
pub mod kyklos;
pub mod lens;
pub mod mdf;
