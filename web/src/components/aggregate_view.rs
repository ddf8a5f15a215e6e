//! [`AggregateDiagram`]: a network too large to draw node by node, drawn as aggregates
//! (icn_web_model's diagram/bundles.rs: a D3's cabinets, a Hypercycle's blocks) with a bar
//! naming what is open, each with a button closing it. A click (or Enter) on an aggregate
//! opens it into its parts; on a single node it calls `on_node`. The view's highlight (of
//! network nodes and channels) is carried onto the aggregates.

use std::sync::Arc;

use icn_core::Node;
use icn_web_model::diagram::aggregate::{Hierarchy, Item, Open, MAX_ITEMS};
use icn_web_model::diagram::bundles::{aggregate, Aggregated};
use leptos::prelude::*;

use crate::diagram::{DiagramSvg, Highlight, SvgDownload};
use crate::history::Nav;

/// The aggregates opened and where opening or closing one goes: the shown view's `open=`
/// ([`Opened::of`]), so that a shared link or an embed shows what was open.
#[derive(Clone, Copy)]
pub struct Opened {
    /// The items opened, as the URL holds them (the drawing keeps those its network has).
    pub items: Signal<Open>,
    /// Called with the items opened after a click, Enter or a close button.
    pub set: Callback<Open>,
}

impl Opened {
    /// The view state's `open=`; each change a history entry (Back closes what was opened).
    pub fn of(nav: Nav) -> Opened {
        let items = Memo::new(move |_| nav.state.with(|s| s.open.clone()));
        Opened {
            items: items.into(),
            set: Callback::new(move |open: Open| nav.commit(|s| s.open = open)),
        }
    }
}

/// The view's highlight carried onto the aggregates drawn: an aggregate is the source (or
/// destination) when it holds it, a path the aggregates it passes, channels the bundles
/// they run in, a bundle as busy as its busiest channel, an aggregate lit when any of its
/// nodes is; channels inside one aggregate, which no bundle shows, ring it.
fn carry(a: &Aggregated, h: &Highlight) -> Highlight {
    let lit = if h.lit.is_empty() {
        Vec::new()
    } else {
        a.lit_counts(&h.lit).iter().map(|&n| n > 0).collect()
    };
    Highlight {
        src: h.src.and_then(|v| a.item_of(v)),
        dst: h.dst.and_then(|v| a.item_of(v)),
        dag: a.channels(&h.dag),
        dag_strong: h.dag_strong,
        path: a.path(&h.path),
        path_text: h.path_text.clone(),
        second: a.path(&h.second),
        site: h.site.and_then(|v| a.item_of(v)),
        marked: a.channels(&h.marked),
        lit,
        heat: a.heat(&h.heat),
        inner: {
            let hops = h.path.windows(2).map(|w| (w[0], w[1]));
            let lit: Vec<(Node, Node)> = h.dag.iter().copied().chain(hops).collect();
            a.inside(&lit)
        },
        inner_marked: a.inside(&h.marked),
    }
}

/// The aggregates of `hierarchy`, opened on request, with `highlight` carried onto them;
/// `caption` says what the view's colours mean on them (summed, busiest …).
#[component]
pub fn AggregateDiagram(
    /// How the network's nodes group.
    hierarchy: Arc<Hierarchy>,
    /// What the view emphasises, in network nodes.
    #[prop(into)]
    highlight: Signal<Highlight>,
    /// A click on a single node (or Enter on it).
    on_node: Callback<Node>,
    /// What the highlight means on aggregates.
    #[prop(into)]
    caption: String,
    /// The SVG download's name.
    name: &'static str,
    /// The aggregates opened (the URL's `open=`).
    opened: Opened,
) -> impl IntoView {
    // The aggregate to focus once redrawn: the first part of the one just opened.
    let focus_item = StoredValue::new(None::<Item>);
    let refused = RwSignal::new(None::<String>);
    let h = hierarchy.clone();
    // What this network can open of the items asked for; none if they would be too many.
    let open = Memo::new(move |_| {
        let o = opened.items.with(|o| h.opened(o));
        if h.frontier(&o, MAX_ITEMS).is_some() {
            o
        } else {
            Open::new()
        }
    });
    let h = hierarchy.clone();
    let drawn: Memo<Option<Arc<Aggregated>>> =
        Memo::new(move |_| open.with(|o| aggregate(&h, o)).map(Arc::new));
    let carried = Memo::new(move |_| {
        drawn.with(|a| {
            a.as_ref()
                .map(|a| highlight.with(|h| carry(a, h)))
                .unwrap_or_default()
        })
    });
    let h = hierarchy.clone();
    let on_item = Callback::new(move |i: usize| {
        let Some(a) = drawn.get_untracked() else {
            return;
        };
        if let Some(v) = a.node_of(i) {
            on_node.run(v);
            return;
        }
        let Some(item) = a.items.get(i).cloned() else {
            return;
        };
        let mut next = open.get_untracked();
        next.insert(item.clone());
        if h.frontier(&next, MAX_ITEMS).is_none() {
            refused.set(Some(format!(
                "Opening {} would draw more than {MAX_ITEMS} aggregates: close another first.",
                h.title(&item)
            )));
            return;
        }
        refused.set(None);
        let mut first = item;
        first.push(0);
        focus_item.set_value(Some(first));
        opened.set.run(next);
    });
    let svg = move || {
        drawn.get().map(|a| {
            let focus = focus_item
                .get_value()
                .and_then(|it| a.items.iter().position(|x| *x == it));
            let layout = Arc::new(a.layout.clone());
            view! {
                <DiagramSvg layout=layout highlight=carried on_node=on_item focus=focus readable=true />
            }
        })
    };
    let bar = aggregate_bar(hierarchy.clone(), open, opened, focus_item, refused);
    let nodes = icn_web_model::format::group(hierarchy.nodes());
    let top = hierarchy.top_kind();
    let arcs = if hierarchy.by_dimension() {
        "each arc a bundle of links labelled with the dimension they run in"
    } else {
        "each arc a bundle of links labelled with their number (none: one link)"
    };
    view! {
        <p class="focus-note" data-testid="diagram-aggregate" role="status">
            {format!(
                "Its {nodes} nodes as {top}, {arcs}; a click or Enter on one opens it into its \
                 parts. {caption}"
            )}
        </p>
        {bar}
        {move || refused.get().map(|r| view! { <p class="help" role="status">{r}</p> })}
        <div class="diagram-frame">{svg}</div>
        <SvgDownload scope=".diagram-card" select="svg.diagram" name=name />
    }
}

/// The bar over the drawing: what is open, each with a button closing it (and its parts),
/// and "Close all".
fn aggregate_bar(
    h: Arc<Hierarchy>,
    open: Memo<Open>,
    opened: Opened,
    focus_item: StoredValue<Option<Item>>,
    refused: RwSignal<Option<String>>,
) -> impl IntoView {
    move || {
        let shown = open.get();
        let closers = shown
            .iter()
            .map(|item| {
                let title = h.title(item);
                let item = item.clone();
                view! {
                    <button
                        type="button"
                        class="toggle"
                        data-testid="aggregate-close"
                        aria-label=format!("Close {title}")
                        on:click=move |_| {
                            focus_item.set_value(None);
                            refused.set(None);
                            let mut next = open.get_untracked();
                            next.retain(|x| !x.starts_with(&item));
                            opened.set.run(next);
                        }
                    >
                        {format!("× {title}")}
                    </button>
                }
            })
            .collect_view();
        let none = shown.is_empty();
        let top = h.top_kind();
        view! {
            <div class="aggregate-bar" role="group" aria-label="Aggregates opened">
                <span class="help">{if none { format!("All {top}: click one to open it") } else { "Opened:".into() }}</span>
                {closers}
                {(!none).then(|| view! {
                    <button
                        type="button"
                        class="toggle"
                        data-testid="aggregate-collapse"
                        on:click=move |_| {
                            focus_item.set_value(None);
                            refused.set(None);
                            opened.set.run(Open::new());
                        }
                    >
                        "Close all"
                    </button>
                })}
            </div>
        }
    }
}
