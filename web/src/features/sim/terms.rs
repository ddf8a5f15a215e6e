//! The simulator's notation: the chosen routing's term under its menu, and the terms each
//! card uses (`components::TermList`).

use icn_web_model::glossary::routing_term;
use leptos::prelude::*;

use super::model::SimModel;
use crate::components::Term;

/// The fields' terms: the traffic, the router's parts and the loads.
pub const FIELDS: &[&str] = &[
    "sim.traffic",
    "deadlock.vc",
    "deadlock.scheme",
    "sim.buffer",
    "sim.credit",
    "sim.flit",
    "sim.offered",
    "sim.booksim-keys",
];

/// The table's columns.
pub const TABLE: &[&str] = &[
    "sim.offered",
    "sim.accepted",
    "sim.latency",
    "sim.p99",
    "sim.network-latency",
    "sim.hops",
    "sim.busiest",
    "sim.status",
];

/// The chosen routing's term (its definition and source), under the routing menu.
pub fn routing_help(m: SimModel) -> impl IntoView {
    move || {
        let family = m
            .network
            .with(|n| n.as_ref().ok().map(|n| n.family().name))?;
        let t = m.form.with(|f| routing_term(family, &f.routing))?;
        Some(view! { <p class="help" data-testid="sim-routing-term"><Term key=t.key /></p> })
    }
}
