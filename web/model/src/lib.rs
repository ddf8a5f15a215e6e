//! The pure part of icnplay's web app: what it computes without a browser, so that
//! `cargo test -p icn-web-model` checks it natively (the app, `icn-web`, depends on it).
//!
//! - [`url`]: the typed view state of every view and its query string.
//! - [`defaults`]: the values a URL leaves out that depend on the network it names.

pub mod defaults;
pub mod url;
