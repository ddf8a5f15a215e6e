//! The families: one module (or folder) per interconnection network. They implement the
//! capability traits of [`crate::graph`] and import nothing above it.

pub mod butterfly;
pub mod d3;
pub mod dragonfly;
pub mod fattree;
pub mod hypercycle;
pub mod hyperx;
pub mod imported;
pub mod jellyfish;
pub mod kyklos;
pub mod lens;
pub mod mdf;
pub mod polarfly;
pub mod slimfly;
mod staged;
pub mod torus;
