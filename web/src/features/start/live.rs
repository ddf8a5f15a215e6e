//! The first screen's figure: a small torus drawn by the route explorer's diagram
//! ([`DiagramSvg`]), with a minimal route lit that moves to the next pair every few seconds
//! (not under `prefers-reduced-motion`: then it waits for "Next route"). A click on a node
//! routes to it and pauses.

use std::sync::Arc;
use std::time::Duration;

use icn_core::{path_edges, Network, Node};
use icn_web_model::start::{LIVE_PAIRS, LIVE_ROUTING, LIVE_SPEC};
use leptos::prelude::*;

use crate::diagram::layout::Layout;
use crate::diagram::{draw, DiagramSvg, Drawing, Highlight};
use crate::history::Nav;

/// How long each route stays lit while playing.
const STEP: Duration = Duration::from_millis(2600);

/// The route lit between `a` and `b`: every minimal path soft, the first strong.
fn highlight(net: &Network, a: Node, b: Node) -> Highlight {
    let Ok(routing) = net.routing(LIVE_ROUTING) else {
        return Highlight::default();
    };
    let path = net
        .route(LIVE_ROUTING, a, b, 1)
        .ok()
        .and_then(|r| r.paths.into_iter().next())
        .unwrap_or_default();
    let path_text = path
        .iter()
        .map(|&v| net.format_node(v))
        .collect::<Vec<_>>()
        .join(" → ");
    Highlight {
        src: Some(a),
        dst: Some(b),
        dag: path_edges(routing.as_ref(), a, b),
        path,
        path_text,
        ..Highlight::default()
    }
}

/// Whether the reader asked for less motion.
fn reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// The live figure, with its caption, controls and a link to the same route in the route
/// explorer.
#[component]
pub fn LiveFigure(nav: Nav) -> impl IntoView {
    let Ok(net) = LIVE_SPEC.parse::<Network>() else {
        return ().into_any();
    };
    let Drawing::Layout(layout) = draw(&net) else {
        return ().into_any();
    };
    let pairs: Vec<(Node, Node)> = LIVE_PAIRS
        .iter()
        .filter_map(|(a, b)| Some((net.parse_node(a).ok()?, net.parse_node(b).ok()?)))
        .collect();
    let net = Arc::new(net);
    let first = pairs.first().copied().unwrap_or((0, 1));
    let pair = RwSignal::new(first);
    let playing = RwSignal::new(!reduced_motion());
    let shown = StoredValue::new(0usize);
    let next = move || {
        if pairs.is_empty() {
            return;
        }
        shown.update_value(|i| *i = (*i + 1) % pairs.len());
        pair.set(pairs[shown.get_value()]);
    };
    let next = StoredValue::new(next);
    let timer = StoredValue::new(None::<IntervalHandle>);
    let stop = move || {
        if let Some(h) = timer.get_value() {
            h.clear();
            timer.set_value(None);
        }
    };
    Effect::new(move |_| {
        stop();
        if playing.get() {
            match set_interval_with_handle(move || next.with_value(|f| f()), STEP) {
                Ok(h) => timer.set_value(Some(h)),
                Err(e) => leptos::logging::warn!("could not start the figure: {e:?}"),
            }
        }
    });
    on_cleanup(stop);
    let lit_net = net.clone();
    let lit = Signal::derive(move || {
        let (a, b) = pair.get();
        highlight(&lit_net, a, b)
    });
    let on_node = Callback::new(move |v: Node| {
        playing.set(false);
        let (a, _) = pair.get_untracked();
        if v != a {
            pair.set((a, v));
        }
    });
    let text_net = net.clone();
    let caption = move || {
        let (a, b) = pair.get();
        format!(
            "A 6 × 6 torus: every minimal route from {} to {} (the one drawn strong takes {} hops).",
            text_net.format_node(a),
            text_net.format_node(b),
            lit.with(|h| h.path.len().saturating_sub(1))
        )
    };
    let href_net = net.clone();
    let query = move || {
        let (a, b) = pair.get();
        let href_net = &href_net;
        let q = icn_web_model::url::Query(vec![
            ("view".into(), "route".into()),
            ("t".into(), LIVE_SPEC.into()),
            ("from".into(), href_net.format_node(a)),
            ("to".into(), href_net.format_node(b)),
            ("s".into(), LIVE_ROUTING.into()),
        ]);
        q.encode()
    };
    let query = StoredValue::new(query);
    let data_pair = move || {
        let (a, b) = pair.get();
        format!("{a}-{b}")
    };
    let layout: Arc<Layout> = layout;
    view! {
        <figure class="card start-figure" data-testid="start-figure" data-pair=data_pair>
            <div class="diagram-frame">
                <DiagramSvg layout=layout highlight=lit on_node=on_node />
            </div>
            <figcaption>
                <p data-testid="start-figure-caption" aria-live="polite">{caption}</p>
                <div class="start-figure-actions">
                    <button type="button" data-testid="start-play" aria-pressed=move || playing.get().to_string()
                        on:click=move |_| playing.update(|p| *p = !*p)>
                        {move || if playing.get() { "Pause" } else { "Play" }}
                    </button>
                    <button type="button" data-testid="start-next"
                        on:click=move |_| { playing.set(false); next.with_value(|f| f()); }>
                        "Next route"
                    </button>
                    <a data-testid="start-open-route" href=move || nav.href(&query.with_value(|q| q()))
                        on:click=move |ev| {
                            if ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.button() != 0 {
                                return;
                            }
                            ev.prevent_default();
                            nav.open(&query.with_value(|q| q()));
                        }>
                        "Open this route in the route explorer"
                    </a>
                </div>
                <p class="help">"Click a node to route to it."</p>
            </figcaption>
        </figure>
    }
    .into_any()
}
