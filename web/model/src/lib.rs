//! The pure part of icnplay's web app: what it computes without a browser, so that
//! `cargo test -p icn-web-model` checks it natively (the app, `icn-web`, depends on it).
//!
//! - [`url`]: the typed view state of every view and its query string.
//! - [`booksim`]: a pasted BookSim2 configuration as the simulation view's fields.
//! - [`embed`]: the Embed panel's snippets and its preview's address.
//! - [`defaults`]: the values a URL leaves out that depend on the network it names.
//! - [`diagram`]: where each node and link of a network's drawing goes.
//! - [`format`](mod@format): small text helpers shared by several views.
//! - [`link_loads`]: the throughput view's link-load table: order, selection and CSV.
//! - [`lanes`]: the computing lanes' bookkeeping (current requests, restarts, crashes, a
//!   split job's parts) and the results kept for the session.
//! - [`sim`]: the simulation's fields read from its form, as the simulator's setup, checked.
//! - [`start`]: the first screen's network and its gallery of stories.
//! - [`traffic`]: the throughput view's traffic field read and checked.

pub mod booksim;
pub mod defaults;
pub mod diagram;
pub mod embed;
pub mod format;
pub mod glossary;
pub mod lanes;
pub mod link_loads;
pub mod sim;
pub mod start;
pub mod traffic;
pub mod url;
