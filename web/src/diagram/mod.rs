//! The network diagram: pure layout geometry ([`geometry`], [`layout`], [`kyklos`], [`lens`])
//! with unit tests, [`DiagramSvg`], a component that only emits `<svg>`, and [`export`]:
//! the drawing as a standalone SVG file ([`SvgDownload`]).

pub mod d3;
pub mod export;
pub mod geometry;
pub mod kyklos;
pub mod layout;
pub mod lens;
mod svg;
#[cfg(test)]
mod testing;

pub use export::SvgDownload;
pub use layout::{draw, Arrangement, Drawing};
pub use svg::{DiagramSvg, Highlight};
