//! The throughput view
//! (`?view=throughput&t=SPEC&s=ROUTING&traffic=T&optimal=1&pair=K&sort=COLUMN&link=C`): a
//! routing's throughput under a traffic, computed in the worker by the same code as `icn
//! throughput` ([`icn_core::analysis::throughput`]): the channel bound, the busiest
//! channel's load and the bottleneck channels named; for a permutation (the worst case,
//! the longest, a pattern or one given) its pairs, stepped with Prev and Next on the
//! diagram, and a link that simulates it; with the optimal toggle, the best any routing
//! could do; every channel's load in a table, sorted, lit on the diagram, as CSV. `model`
//! holds the memos, `parts` the cards, `stepper` the pairs, `table` the link-load table.

mod model;
mod parts;
mod stepper;
mod table;

use leptos::prelude::*;

use self::model::ThroughputModel;
use self::parts::{diagram_card, fields_card, result_card, status};
use self::table::table_card;
use crate::history::Nav;
use crate::url::View;

/// The view.
#[component]
pub fn ThroughputView(nav: Nav) -> impl IntoView {
    let m = ThroughputModel::new(nav);
    if nav.panel(View::Throughput).is_some() {
        // The figure-first embed (`panel=diagram`): the network drawn first, then the result
        // (its pairs stepped on the drawing), the fields under them.
        return view! {
            <section data-testid="view-throughput" class="figure-first throughput-view" data-panel="diagram" aria-labelledby="tput-title">
                <h1 id="tput-title" class="visually-hidden">"Throughput"</h1>
                <div class="contents">{move || status(m)}</div>
                {diagram_card(m)}
                <div class="contents">{move || result_card(m)}</div>
                {fields_card(m)}
            </section>
        }
        .into_any();
    }
    view! {
        <section data-testid="view-throughput" class="explorer throughput-view" aria-labelledby="tput-title">
            <h1 id="tput-title" class="visually-hidden">"Throughput"</h1>
            <div class="column column-main">
                {fields_card(m)}
                <div class="contents">{move || status(m)}</div>
                <div class="contents">{move || result_card(m)}</div>
            </div>
            <div class="column column-side">
                {diagram_card(m)}
                <div class="contents">{move || table_card(m)}</div>
            </div>
        </section>
    }
    .into_any()
}
