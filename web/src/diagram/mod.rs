//! The network diagram: the pure layout geometry of [`icn_web_model::diagram`] (re-exported
//! here: [`geometry`], [`layout`], [`d3`]), [`DiagramSvg`], a component
//! that only emits `<svg>`, [`MatrixView`], the adjacency matrix of a network too large to
//! draw, and [`export`]: the drawing as a standalone SVG file ([`SvgDownload`]).

pub mod export;
mod matrix;
mod svg;
pub mod zoom;

pub use icn_web_model::diagram::{d3, geometry, layout};

pub use export::SvgDownload;
pub use icn_web_model::diagram::{draw, Arrangement, Drawing};
pub use matrix::MatrixView;
pub use svg::{DiagramSvg, Highlight, HEAT_STEPS};
