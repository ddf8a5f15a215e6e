//! The diagram card: the click-mode toggle, the `<svg>` (or why there is none), a legend.

use icn_core::Node;
use leptos::prelude::*;

use crate::diagram::{Arrangement, DiagramSvg, Drawing};
use crate::pages::{ClickMode, RouteModel};

/// The diagram with its controls.
#[component]
pub fn DiagramPanel(model: RouteModel) -> impl IntoView {
    let on_node = Callback::new(move |v: Node| {
        let Some(address) = model
            .network
            .with_untracked(|n| n.as_ref().ok().map(|n| n.format_node(v)))
        else {
            return;
        };
        model.picked.set(None);
        match model.click_mode.get_untracked() {
            ClickMode::From => model.commit(move |f| f.from = address),
            ClickMode::To => model.commit(move |f| f.to = address),
        }
    });
    let mode_button = move |mode: ClickMode, label: &'static str, testid: &'static str| {
        view! {
            <button
                type="button"
                class="toggle"
                data-testid=testid
                aria-pressed=move || if model.click_mode.get() == mode { "true" } else { "false" }
                on:click=move |_| model.click_mode.set(mode)
            >
                {label}
            </button>
        }
    };
    let zoomed = RwSignal::new(false);
    let drawing = move || {
        model.drawing.with(|d| match d {
            Some(Drawing::Layout(layout)) => view! {
                <div class="diagram-frame" class:zoomed=move || zoomed.get()>
                    <DiagramSvg layout=layout.clone() highlight=model.highlight on_node=on_node />
                </div>
                <Legend arrangement=layout.arrangement.clone() />
            }
            .into_any(),
            Some(Drawing::TooLarge { nodes, links }) => view! {
                <p class="too-large" data-testid="diagram-too-large" role="status">
                    {format!("Too large to draw ({nodes} nodes, {links} links) — the numbers above are exact.")}
                </p>
            }
            .into_any(),
            Some(Drawing::Unsupported) => {
                view! { <p class="placeholder">"This family has no diagram yet."</p> }.into_any()
            }
            None => view! { <p class="placeholder">"No diagram: the network spec is invalid."</p> }.into_any(),
        })
    };
    view! {
        <section class="card diagram-card" aria-labelledby="diagram-title">
            <div class="card-head">
                <h2 id="diagram-title">"Diagram"</h2>
                <div class="click-mode" role="group" aria-label="A click on a node sets">
                    <span class="help">"Click sets:"</span>
                    {mode_button(ClickMode::From, "From", "click-mode-from")}
                    {mode_button(ClickMode::To, "To", "click-mode-to")}
                </div>
                <button
                    type="button"
                    class="toggle zoom"
                    aria-pressed=move || if zoomed.get() { "true" } else { "false" }
                    on:click=move |_| zoomed.update(|z| *z = !*z)
                >
                    "Zoom"
                </button>
            </div>
            {drawing}
        </section>
    }
}

/// What the colours (and, for families with several kinds of node, the shapes) mean.
#[component]
fn Legend(arrangement: Arrangement) -> impl IntoView {
    let shapes: &[(&str, &str)] = match arrangement {
        Arrangement::Trees { .. } => &[("leaf", "L-node"), ("ib", "IB-node <t,v,o>")],
        Arrangement::Stages {
            completed: true, ..
        } => &[
            ("proc", "processor"),
            ("bus", "bus"),
            ("completion", "completion link"),
        ],
        Arrangement::Stages { .. } => &[("proc", "processor"), ("bus", "bus")],
        Arrangement::Cabinets { .. } | Arrangement::Groups { .. } => {
            &[("local", "local link"), ("global", "global link")]
        }
        _ => &[],
    };
    let shapes = shapes
        .iter()
        .map(|&(class, text)| {
            view! { <li><span class=format!("swatch {class}")></span>{text}</li> }
        })
        .collect_view();
    view! {
        <ul class="legend" aria-hidden="true">
            <li><span class="swatch src"></span>"source"</li>
            <li><span class="swatch dst"></span>"destination"</li>
            <li><span class="swatch route"></span>"selected path"</li>
            <li><span class="swatch dag"></span>"all paths of the strategy"</li>
            {shapes}
        </ul>
    }
}
