//! The join view's diagram: the KYKLOS drawing of the explorer with the R route strong,
//! the S route dashed, both fragments' L-nodes and the join site marked.

use icn_core::Node;
use leptos::prelude::*;

use super::model::{joinable, JoinEnd, JoinModel};
use crate::components::{diagram_frame, mode_toggle, too_large};
use crate::diagram::Drawing;

/// The diagram card (or why there is no drawing).
#[component]
pub fn JoinDiagram(model: JoinModel) -> impl IntoView {
    let on_node = Callback::new(move |v: Node| {
        let Some(address) = model.network.with_untracked(|n| {
            joinable(n)
                .filter(|k| k.is_leaf(v))
                .map(|k| icn_core::Addresses::format_node(k, v))
        }) else {
            return;
        };
        match model.click.get_untracked() {
            JoinEnd::S => model.commit(move |f| f.s = address),
            JoinEnd::R => model.commit(move |f| f.r = address),
        }
    });
    let drawing = move || {
        model.drawing.with(|d| match d {
            Some(Drawing::Layout(layout)) => view! {
                {diagram_frame(layout.clone(), model.highlight, on_node, "join")}
                <ul class="legend" aria-hidden="true">
                    <li><span class="swatch src"></span>"S fragment"</li>
                    <li><span class="swatch dst"></span>"R fragment"</li>
                    <li><span class="swatch site"></span>"join site"</li>
                    <li><span class="swatch second"></span>"S route (up the join tree)"</li>
                    <li><span class="swatch route"></span>"R route (Y-2 step 9)"</li>
                </ul>
            }
            .into_any(),
            Some(d @ (Drawing::TooLarge { .. } | Drawing::Aggregate { .. })) => {
                let (nodes, links) = d.past_whole().unwrap_or_default();
                too_large(nodes, links, "the join and its routes above are exact").into_any()
            }
            _ => view! { <p class="placeholder">"No diagram: the network offers no joins."</p> }
                .into_any(),
        })
    };
    view! {
        <section class="card diagram-card join-diagram-card" aria-labelledby="join-diagram-title">
            <div class="card-head">
                <h2 id="join-diagram-title">"Diagram"</h2>
                <div class="click-mode" role="group" aria-label="A click on an L-node sets">
                    <span class="help">"Click an L-node to set:"</span>
                    {mode_toggle(model.click, JoinEnd::S, "S", "join-click-s")}
                    {mode_toggle(model.click, JoinEnd::R, "R", "join-click-r")}
                </div>
            </div>
            {drawing}
        </section>
    }
}
