//! The simulation view (`?view=sim&t=SPEC&s=ROUTING&traffic=T&…`): latency against offered
//! load by the packet simulator (BookSim2's input-queued router, [`icn_core::sim::packet`],
//! the same code as `icn sim`), computed point by point in the worker.
//!
//! The fields pick a network, a routing, a traffic pattern, the router's virtual channels,
//! buffers and packet size, the loads and the seed, and optionally a second network or
//! routing to overlay. The curve fills in as each point is simulated and stops where the
//! network saturates (or deadlocks, said loudly with a link to the deadlock view); the
//! summary gives the lowest-load latency, the saturation throughput, the routing's
//! throughput bound for the traffic simulated and the best any routing could do (drawn as
//! rules on the chart, `bounds` their worker jobs); the diagram shows a chosen point's channel utilisation.
//! `model` holds the memos and the run, `parts` the cards, `status` the run's progress,
//! `gate` a point's estimate, the gate before a large curve and the short-buffer warning,
//! `booksim` the card that reads a pasted BookSim2 configuration into the fields, `batch`
//! a batch-mode run's facts (BookSim2's `sim_type = batch`: one run), `table`
//! the table of points, `terms` the notation's terms.

mod batch;
mod booksim;
mod bounds;
mod gate;
mod model;
mod parts;
mod status;
mod table;
mod terms;

use leptos::prelude::*;

use self::booksim::booksim_card;
use self::gate::cost_notes;
use self::model::SimModel;
use self::parts::{curve_card, diagram_card, fields_card, summary_card};
use self::status::status;
use crate::history::Nav;
use crate::url::View;

/// The view.
#[component]
pub fn SimView(nav: Nav) -> impl IntoView {
    let m = SimModel::new(nav);
    if nav.panel(View::Sim).is_some() {
        // The figure-first embed (`panel=chart`): the curve, a link to its table and command
        // line in the full view; the settings and the summary folded under it.
        return view! {
            <section data-testid="view-sim" class="figure-first sim-view" data-panel="chart" aria-labelledby="sim-title">
                <h1 id="sim-title" class="visually-hidden">"Packet simulation"</h1>
                <div class="contents">{move || status(m)}</div>
                <div class="contents">{move || curve_card(m, true)}</div>
                <details class="figure-settings" data-testid="figure-settings">
                    <summary>"Settings and summary"</summary>
                    {fields_card(m)}
                    <div class="contents">{move || cost_notes(m)}</div>
                    <div class="contents">{move || summary_card(m)}</div>
                </details>
            </section>
        }
        .into_any();
    }
    view! {
        <section data-testid="view-sim" class="explorer sim-view" aria-labelledby="sim-title">
            <h1 id="sim-title" class="visually-hidden">"Packet simulation"</h1>
            <div class="column column-main">
                {fields_card(m)}
                <div class="contents">{move || cost_notes(m)}</div>
                {booksim_card(m)}
                <div class="contents">{move || summary_card(m)}</div>
            </div>
            <div class="column column-side">
                <div class="contents">{move || status(m)}</div>
                <div class="contents">{move || curve_card(m, false)}</div>
                {diagram_card(m)}
            </div>
        </section>
    }
    .into_any()
}
