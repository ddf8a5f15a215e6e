//! The network diagram's pure layout geometry: where each node and link is drawn
//! ([`layout`]: the shared model, [`draw`]: the family's layout picked, its tooltips and description; [`geometry`]:
//! points and curves; one layout per seed family: [`grid`] (the Hypercycle, and every grid),
//! [`kyklos`], [`lens`], [`d3`] (the Swapped and maximal Dragonflies); [`structured`]
//! draws every other family from its declared structure, [`stress`] a graph without one;
//! [`matrix`] bins the adjacency matrix of a network too large to draw node by node). The app's `diagram` module draws these as SVG.

pub mod aggregate;
pub mod bundles;
pub mod d3;
pub mod draw;
pub mod focus;
pub mod geometry;
pub mod grid;
pub mod kyklos;
pub mod layout;
pub mod lens;
pub mod matrix;
pub mod stress;
pub mod structured;
#[cfg(test)]
mod testing;
pub mod view;

pub use draw::{draw, Drawing};
pub use layout::Arrangement;
