//! The network diagram's pure layout geometry: where each node and link is drawn
//! ([`layout`]: the shared model, [`draw`] picking the family's layout; [`geometry`]:
//! points and curves; one layout per family: [`hypercycle`], [`kyklos`], [`lens`],
//! [`d3`] (the Swapped and maximal Dragonflies)). The app's `diagram` module draws these as SVG.

pub mod d3;
pub mod geometry;
pub mod hypercycle;
pub mod kyklos;
pub mod layout;
pub mod lens;
#[cfg(test)]
mod testing;

pub use layout::{draw, Arrangement, Drawing};
