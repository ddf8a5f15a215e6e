//! Typed view state <-> query string: [`icn_web_model::url`], the pure crate's (tested
//! natively), re-exported under its old path. The page reads a URL with
//! [`crate::history::Nav`], which passes [`icn_web_model::defaults::FromNetwork`] for the
//! values that depend on the network a spec names.

pub use icn_web_model::url::*;
