//! The network diagram: pure layout geometry ([`geometry`], [`layout`]) with unit tests, and
//! [`DiagramSvg`], a component that only emits `<svg>`.

pub mod geometry;
pub mod layout;
mod svg;

pub use layout::{draw, Drawing};
pub use svg::{DiagramSvg, Highlight};
