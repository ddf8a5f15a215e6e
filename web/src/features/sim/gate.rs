//! The simulation view's estimate, before anything runs: a point's cost from the fields
//! ([`icn_core::sim::packet::sim_estimate`], the cost model the other views' gates use),
//! the gate that asks before a large curve runs (as the explorer's "confirm to compute"),
//! and the buffers that do not cover a channel's credit round trip, with the depth that
//! does.

use icn_core::{amount, bytes_text};
use leptos::prelude::*;

use super::model::{CurveAsk, SimModel};
use crate::url::SimForm;

/// What a point of `c` may cost: "up to 3.9·10⁶ router-cycles (64 routers, at most
/// 126,024 cycles) and 2 MiB in the worker".
fn cost_text(c: &CurveAsk) -> String {
    let e = c.checked.estimate;
    format!(
        "up to {} router-cycles ({} routers, at most {} cycles) and {} in the worker",
        amount(e.router_cycles),
        amount(e.routers),
        amount(e.cycles),
        bytes_text(e.one_thread().bytes)
    )
}

/// The first curve's estimate and, when its buffers are short, the fix.
pub fn cost_notes(m: SimModel) -> Option<AnyView> {
    let first = m.curves.with(|c| c.first().map(|c| c.ask.clone()))?;
    let short = first.checked.short.map(|s| {
        let buf = first.ask.buf;
        view! {
            <p class="note" role="note" data-testid="sim-buf-warning">
                {format!(
                    "{buf}-flit buffers are shorter than the credit round trip of the {}-cycle \
                     channels ({} cycles: there and back, and the next router's switch): a \
                     virtual channel then idles part of every round trip, and the network \
                     saturates early. ",
                    s.latency, s.covers
                )}
                <button type="button" class="text-button" data-testid="sim-buf-fix"
                    on:click=move |_| m.nav.commit_form(|f: &mut SimForm| f.buf = s.covers.to_string())>
                    {format!("Use {} flits", s.covers)}
                </button>
            </p>
        }
    });
    Some(
        view! {
            <p class="help" data-testid="sim-estimate">
                {format!("Each point: {} (estimated before it runs).", cost_text(&first))}
            </p>
            {short}
        }
        .into_any(),
    )
}

/// The gate of a curve whose estimate asks first: what it costs and Run anyway.
pub fn gate(m: SimModel) -> Option<AnyView> {
    let c = m.gated.get()?;
    let ask = c.ask.clone();
    Some(
        view! {
            <section class="card cost-gate results" data-testid="sim-cost-gate" role="status"
                aria-labelledby="sim-cost-gate-title">
                <h2 id="sim-cost-gate-title">"Large simulation: confirm to run"</h2>
                <p data-testid="sim-cost-estimate">
                    {format!(
                        "{} on {}: each point may simulate {}. This page simulates without \
                         asking up to {} router-cycles and {} a point (docs/limits.md); `icn sim` \
                         runs it natively on every core.",
                        c.ask.routing,
                        c.ask.spec,
                        cost_text(&c),
                        amount(ask_router_cycles()),
                        bytes_text(icn_web::jobs::SIM_ASK.bytes)
                    )}
                </p>
                <button type="button" class="primary" data-testid="sim-cost-run"
                    on:click=move |_| m.confirmed.update(|k| k.push(ask.clone()))>
                    "Run anyway"
                </button>
            </section>
        }
        .into_any(),
    )
}

/// The router-cycles a point runs without asking.
fn ask_router_cycles() -> u64 {
    icn_web::jobs::SIM_ASK.steps / icn_core::sim::packet::estimate::STEPS_PER_ROUTER_CYCLE
}
