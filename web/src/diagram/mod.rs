//! The network diagram: pure layout geometry ([`geometry`], [`layout`], [`kyklos`], [`lens`])
//! with unit tests, and [`DiagramSvg`], a component that only emits `<svg>`.

pub mod d3;
pub mod geometry;
pub mod kyklos;
pub mod layout;
pub mod lens;
mod svg;
#[cfg(test)]
mod testing;

pub use layout::{draw, Arrangement, Drawing};
pub use svg::{DiagramSvg, Highlight};
