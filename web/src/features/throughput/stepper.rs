//! The permutation stepped through: Prev and Next, the pair shown in a sentence, and every
//! pair as a list to jump to (as the deadlock view steps its cycle).

use icn_web::jobs::ThroughputReport;
use leptos::prelude::*;

use super::model::ThroughputModel;

/// The permutation's pairs: Prev and Next, the pair shown, every pair as a list.
pub(super) fn stepper(m: ThroughputModel, r: &ThroughputReport) -> Option<impl IntoView> {
    let n = r.pairs.len();
    if n == 0 {
        return None;
    }
    let k = m.pair.get().min(n - 1);
    let p = &r.pairs[k];
    let sentence = format!(
        "Endpoint {} at {} sends all its traffic to endpoint {} at {}; its routes are lit.",
        p.src, p.from, p.dst, p.to,
    );
    let items = r
        .pairs
        .iter()
        .enumerate()
        .map(|(i, pair)| {
            let current = i == k;
            view! {
                <li>
                    <button type="button" class="text-button" aria-current=current.then_some("step")
                        on:click=move |_| m.show_pair(i)>
                        {pair.text()}
                    </button>
                </li>
            }
        })
        .collect_view();
    Some(view! {
        <div class="deadlock-stepper">
            <div class="stepper-controls" role="group" aria-label="Step through the permutation">
                <button type="button" data-testid="tput-prev" on:click=move |_| m.show_pair((k + n - 1) % n)>"Prev"</button>
                <span data-testid="tput-step" aria-live="polite">{format!("Pair {} of {n}", k + 1)}</span>
                <button type="button" data-testid="tput-next" on:click=move |_| m.show_pair((k + 1) % n)>"Next"</button>
            </div>
            <p data-testid="tput-step-text" data-src=p.src_node.to_string() data-dst=p.dst_node.to_string()>{sentence}</p>
            <ol class="deadlock-cycle tput-pairs" data-testid="tput-pairs" start="0">{items}</ol>
        </div>
    })
}
