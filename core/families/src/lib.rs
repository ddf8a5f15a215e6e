//! icn-families: one module (or folder) per interconnection network, each holding all the
//! family is (parameters, addresses, neighbours, closed forms, routing relations, symmetry,
//! formulas), and [`family`], what a family offers beside its graph (the [`Family`] trait
//! and its descriptors).
//!
//! May import: icn-graph only. The engine's registry wraps these families.

pub mod family;

pub mod butterfly;
pub mod cmesh;
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

pub use family::{
    AsGraph, Family, FamilyInfo, Formula, HopUnit, Minimal, ParamInfo, StrategyInfo, Structure,
};
