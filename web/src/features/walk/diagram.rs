//! The walkthrough's diagram: the Lens drawn as in the explorer, the path so far strong,
//! the rest of the walk soft, and the bus of the current step lit.

use icn_core::Node;
use leptos::prelude::*;

use super::loads::{load_rules, load_text, LOAD_LEVELS};
use super::model::{LoadsView, WalkModel};
use std::sync::Arc;

use crate::components::{focus_note, too_large};
use crate::diagram::layout::Layout;
use crate::diagram::{DiagramSvg, Drawing, SvgDownload};

/// The diagram card (or why there is no drawing).
#[component]
pub fn WalkDiagram(model: WalkModel) -> impl IntoView {
    let on_node = click_sets_destination(model);
    // The current bus is lit by a rule on its label (labels are digits, dots and `B`).
    let bus_rule = move || {
        model
            .current_bus
            .get()
            .map(|label| {
                format!(".walk-diagram .diagram .node.bus[data-addr=\"{label}\"] rect {{ fill: var(--bus-lit); stroke: var(--accent); stroke-width: 3; }}")
            })
            .unwrap_or_default()
    };
    // Colouring by load: only when asked for and computed.
    let by_load = Memo::new(move |_| {
        model.form.with(|f| f.loads)
            && model
                .loads
                .with(|l| matches!(l, Some(LoadsView::Computed(_))))
    });
    let load_rule = move || {
        if !by_load.get() {
            return String::new();
        }
        model.loads.with(|l| match l {
            Some(LoadsView::Computed(loads)) => model.network.with(|n| match n {
                Ok(net) => net
                    .lens()
                    .map_or_else(|_| String::new(), |l| load_rules(l, loads)),
                Err(_) => String::new(),
            }),
            _ => String::new(),
        })
    };
    let load_legend = move || {
        if !by_load.get() {
            return None;
        }
        let ranges = model.loads.with(|l| match l {
            Some(LoadsView::Computed(l)) => {
                let range = |s: icn_core::analysis::LoadStats| {
                    if s.uniform {
                        format!("all {}", load_text(s.max))
                    } else {
                        format!("{} to {}", load_text(s.min), load_text(s.max))
                    }
                };
                format!(
                    "processors {}, busses {}",
                    range(l.processor_stats()),
                    range(l.bus_stats())
                )
            }
            _ => String::new(),
        });
        let swatches = (0..LOAD_LEVELS)
            .map(|k| view! { <span class=format!("swatch load load-{k}")></span> })
            .collect_view();
        Some(view! {
            <li class="load-legend" data-testid="loads-legend">
                "load: least"{swatches}"greatest of its kind ("{ranges}")"
            </li>
        })
    };
    let drawn = move |layout: Arc<Layout>| {
        view! {
            <style>{bus_rule}</style>
            <style>{load_rule}</style>
            <div class="diagram-frame walk-diagram" class:by-load=move || by_load.get()>
                <DiagramSvg layout=layout highlight=model.highlight on_node=on_node />
            </div>
            <SvgDownload scope=".diagram-card" select="svg.diagram" name="walk" />
            <ul class="legend" aria-hidden="true">
                <li><span class="swatch src"></span>"source"</li>
                <li><span class="swatch dst"></span>"destination"</li>
                <li><span class="swatch route"></span>"walked so far"</li>
                <li><span class="swatch dag"></span>"the rest of the walk"</li>
                <li><span class="swatch bus-lit"></span>"bus of this step"</li>
                {load_legend}
            </ul>
        }
    };
    let drawing = move || {
        let shown = model.drawing.with(|d| match d {
            Some(Drawing::Layout(layout)) => Ok(layout.clone()),
            Some(Drawing::TooLarge { nodes, links }) => Err(Some((*nodes, *links))),
            _ => Err(None),
        });
        match shown {
            Ok(layout) => drawn(layout).into_any(),
            Err(Some((nodes, links))) => match model.focus.get() {
                Some(layout) => view! {
                    {focus_note(nodes, links, &layout)}
                    {drawn(layout.clone())}
                }
                .into_any(),
                None => too_large(nodes, links, "the walk and its numbers are exact").into_any(),
            },
            Err(None) => {
                view! { <p class="placeholder">"No diagram: the Lens spec is invalid."</p> }
                    .into_any()
            }
        }
    };
    view! {
        <section class="card diagram-card walk-diagram-card" aria-labelledby="walk-diagram-title">
            <div class="card-head">
                <h2 id="walk-diagram-title">"Diagram"</h2>
                <span class="help">"Click a processor to make it the destination."</span>
            </div>
            {drawing}
        </section>
    }
}

/// A click on a processor makes it the destination.
fn click_sets_destination(model: WalkModel) -> Callback<Node> {
    Callback::new(move |v: Node| {
        let Some(address) = model.network.with_untracked(|n| {
            n.as_ref()
                .ok()
                .filter(|n| n.lens().is_ok_and(|l| l.is_processor(v)))
                .map(|n| n.format_node(v))
        }) else {
            return;
        };
        model.playing.set(false);
        model.commit(move |f| {
            f.to = address;
            f.step = 0;
        });
    })
}
