//! The diagram card: the click-mode toggle, the `<svg>` (or why there is none), a legend.

use std::sync::Arc;

use icn_core::Node;
use leptos::prelude::*;

use super::{AggregateDiagram, Opened};
use crate::diagram::layout::Layout;
use crate::diagram::{Arrangement, DiagramSvg, Drawing, Highlight, MatrixView, SvgDownload};
use icn_web_model::diagram::matrix::Matrix;

/// What stands for a network too large to draw whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Show {
    /// Its aggregates (a D3's cabinets, a Hypercycle's blocks).
    Aggregate,
    /// The route's neighbourhood.
    Focus,
    /// The adjacency matrix.
    Matrix,
}

/// Where a click on a diagram node goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClickMode {
    /// It becomes the source.
    From,
    /// It becomes the destination.
    To,
}

/// The diagram with its controls.
#[component]
pub fn DiagramPanel(
    /// What to draw, if the network is valid.
    drawing: Memo<Option<Drawing>>,
    /// The adjacency matrix of a network too large to draw, where one was made.
    #[prop(optional)]
    matrix: Option<Memo<Option<Arc<Matrix>>>>,
    /// A focused drawing (a part around the route) of a network too large to draw whole.
    #[prop(optional)]
    focus: Option<Memo<Option<Arc<Layout>>>>,
    /// What the drawing emphasises.
    highlight: Memo<Highlight>,
    /// Where node clicks go (the toggle sets it).
    click_mode: RwSignal<ClickMode>,
    /// A click on a node (or Enter/Space on it).
    on_node: Callback<Node>,
    /// The aggregates opened (`open=`; kept while the route changes).
    opened: Opened,
) -> impl IntoView {
    let (drawing, highlight) = one_task_later(drawing, highlight);
    // Past what is drawn whole: the aggregates, the route's neighbourhood or the matrix.
    let show = RwSignal::new(Show::Aggregate);
    let has_focus = Memo::new(move |_| focus.is_some_and(|f| f.with(Option::is_some)));
    let has_matrix = Memo::new(move |_| matrix.is_some_and(|m| m.with(Option::is_some)));
    let drawing = move || {
        drawing.with(|d| match d {
            Some(Drawing::Layout(layout)) => view! {
                {diagram_frame(layout.clone(), highlight, on_node, "diagram")}
                <Legend arrangement=layout.arrangement.clone() />
            }
            .into_any(),
            Some(Drawing::Aggregate { nodes, links, hierarchy }) => {
                let (with_focus, with_matrix) = (has_focus.get(), has_matrix.get());
                let switch = (with_focus || with_matrix).then(|| {
                    view! {
                        <div class="click-mode show-switch" role="group" aria-label="Show">
                            {mode_toggle(show, Show::Aggregate, "Aggregated", "show-aggregate")}
                            {with_focus.then(|| mode_toggle(show, Show::Focus, "Route neighbourhood", "show-focus"))}
                            {with_matrix.then(|| mode_toggle(show, Show::Matrix, "Adjacency matrix", "show-matrix"))}
                        </div>
                    }
                });
                let shown = show.get();
                let focused = (shown == Show::Focus).then(|| focus.and_then(|f| f.get())).flatten();
                let matrix = (shown == Show::Matrix).then(|| matrix.and_then(|m| m.get())).flatten();
                match (shown, focused, matrix) {
                    (Show::Focus, Some(layout), _) => view! {
                        {switch}
                        {focus_note(*nodes, *links, &layout)}
                        {diagram_frame(layout.clone(), highlight, on_node, "diagram")}
                        <Legend arrangement=layout.arrangement.clone() />
                    }
                    .into_any(),
                    (Show::Matrix, _, Some(m)) => view! {
                        {switch}
                        <MatrixView matrix=m highlight=highlight />
                    }
                    .into_any(),
                    _ => view! {
                        {switch}
                        <AggregateDiagram
                            hierarchy=hierarchy.clone()
                            highlight=highlight
                            on_node=on_node
                            caption="The selected path runs through the aggregates it passes."
                            name="diagram"
                            opened=opened
                        />
                        <Legend arrangement=Arrangement::Aggregate {
                            nodes: *nodes,
                            items: 0,
                            bundles: 0,
                            top: "",
                            by_dimension: false,
                        } />
                    }
                    .into_any(),
                }
            }
            Some(Drawing::TooLarge { nodes, links }) => {
                let (nodes, links) = (*nodes, *links);
                let focused = focus.and_then(|f| f.get());
                let matrix = matrix.and_then(|m| m.get());
                let both = focused.is_some() && matrix.is_some();
                let switch = both.then(|| {
                    view! {
                        <div class="click-mode" role="group" aria-label="Show">
                            {mode_toggle(show, Show::Focus, "Route neighbourhood", "show-focus")}
                            {mode_toggle(show, Show::Matrix, "Adjacency matrix", "show-matrix")}
                        </div>
                    }
                });
                match (focused, matrix) {
                    (Some(layout), m) if !(show.get() == Show::Matrix && m.is_some()) => view! {
                        {switch}
                        {focus_note(nodes, links, &layout)}
                        {diagram_frame(layout.clone(), highlight, on_node, "diagram")}
                        <Legend arrangement=layout.arrangement.clone() />
                    }
                    .into_any(),
                    (_, Some(m)) => view! {
                        {switch}
                        <MatrixView matrix=m highlight=highlight />
                    }
                    .into_any(),
                    _ => too_large(
                        nodes,
                        links,
                        "the numbers above are exact; choose a source and a destination to \
                         draw the route and its neighbourhood",
                    )
                    .into_any(),
                }
            }
            Some(Drawing::Unsupported) => no_drawing(true),
            None => no_drawing(false),
        })
    };
    view! {
        <section class="card diagram-card" aria-labelledby="diagram-title">
            <div class="card-head">
                <h2 id="diagram-title">"Diagram"</h2>
                <div class="click-mode" role="group" aria-label="A click on a node sets">
                    <span class="help">"Click sets:"</span>
                    {mode_toggle(click_mode, ClickMode::From, "From", "click-mode-from")}
                    {mode_toggle(click_mode, ClickMode::To, "To", "click-mode-to")}
                </div>
            </div>
            {drawing}
        </section>
    }
}

/// The drawing and its highlight as they were one task ago: a change (a keystroke in a
/// parameter, a click) updates the fields and numbers in its own task and the drawing in
/// the next, so that no task does both (typing K = 100000 into a D3 drew the 160 routers of
/// D3(10,4) and the 1,600 of D3(100,4)'s matrix in the keystroke's task). The first
/// drawing is drawn at once.
fn one_task_later(
    drawing: Memo<Option<Drawing>>,
    highlight: Memo<Highlight>,
) -> (Memo<Option<Drawing>>, Memo<Highlight>) {
    let shown = RwSignal::new((drawing.get_untracked(), highlight.get_untracked()));
    Effect::new(move |first: Option<()>| {
        let next = (drawing.get(), highlight.get());
        if first.is_some() {
            set_timeout(
                // The card may be gone by then (another view): nothing to do.
                move || {
                    let _ = shown.try_update(|s| *s = next);
                },
                std::time::Duration::ZERO,
            );
        }
    });
    (
        Memo::new(move |_| shown.with(|s| s.0.clone())),
        Memo::new(move |_| shown.with(|s| s.1.clone())),
    )
}

/// The frame around a drawing (its own zoom buttons pan and zoom it) and its "Download
/// SVG" button (`icnplay-{name}.svg`).
pub fn diagram_frame(
    layout: Arc<Layout>,
    highlight: Memo<Highlight>,
    on_node: Callback<Node>,
    name: &'static str,
) -> impl IntoView {
    view! {
        <div class="diagram-frame">
            <DiagramSvg layout=layout highlight=highlight on_node=on_node />
        </div>
        <SvgDownload scope=".diagram-card" select="svg.diagram" name=name />
    }
}

/// What stands where there is no drawing: the family has none (`valid`), or the spec is
/// invalid.
fn no_drawing(valid: bool) -> AnyView {
    let text = if valid {
        "This family has no diagram yet."
    } else {
        "No diagram: the network spec is invalid."
    };
    view! { <p class="placeholder">{text}</p> }.into_any()
}

/// What replaces a drawing too large to draw, even as aggregates; `rest` says what is
/// still exact. It says what to do instead.
pub fn too_large(nodes: u64, links: u64, rest: &str) -> impl IntoView {
    view! {
        <p class="too-large" data-testid="diagram-too-large" role="status">
            {format!(
                "Too large to draw ({} nodes, {} links) — {rest}. To see a drawing, choose a \
                 smaller network of the family (up to 512 nodes are drawn whole; a D3, a \
                 hypercube or a Hypercycle as its cabinets or blocks while they number at \
                 most {}), or take its edge list with `icn export` to a graph tool.",
                group(nodes),
                group(links),
                icn_web_model::diagram::aggregate::MAX_ITEMS
            )}
        </p>
    }
}

/// What a focused drawing shows, above it.
pub fn focus_note(nodes: u64, links: u64, layout: &Layout) -> impl IntoView {
    let drawn = layout.node_count();
    view! {
        <p class="focus-note" data-testid="diagram-focus" role="status">
            {format!(
                "The route's neighbourhood: {} of {} nodes ({} links in all) — the network is \
                 too large to draw whole.",
                group(drawn as u64),
                group(nodes),
                group(links)
            )}
        </p>
    }
}

/// `n` with its digits grouped by thin spaces (1 180 980).
fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push('\u{202f}');
        }
        out.push(c);
    }
    out
}

/// A toggle button that sets `mode` to `value` (pressed while it has it).
pub fn mode_toggle<T>(
    mode: RwSignal<T>,
    value: T,
    label: &'static str,
    testid: &'static str,
) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
{
    view! {
        <button
            type="button"
            class="toggle"
            data-testid=testid
            aria-pressed=move || if mode.get() == value { "true" } else { "false" }
            on:click=move |_| mode.set(value)
        >
            {label}
        </button>
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
        Arrangement::Aggregate { .. } => &[
            ("block", "aggregate (click to open)"),
            ("global", "bundle of links"),
            ("inner", "aggregate with highlighted links inside"),
        ],
        Arrangement::Levels { .. } => &[("proc", "terminal"), ("switch", "switch")],
        Arrangement::Fly { .. } => &[
            ("proc", "processor (sending left, receiving right)"),
            ("switch", "switch"),
        ],
        Arrangement::Circle { .. } => &[
            ("local", "link inside a group"),
            ("global", "link between groups"),
        ],
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

/// What a view that highlights channels draws of its network: the diagram, its aggregates
/// (`caption` under them), "too large" (`exact`: what stays exact), or why nothing is
/// drawn; nodes are not clickable. `name` names the SVG download.
pub fn channel_drawing(
    drawing: Memo<Option<Drawing>>,
    highlight: Memo<Highlight>,
    opened: Opened,
    texts: (&'static str, &'static str, &'static str),
) -> impl IntoView {
    picking_drawing(drawing, highlight, opened, texts, Callback::new(|_| {}))
}

/// [`channel_drawing`] whose nodes call `on_node` when clicked or activated.
pub fn picking_drawing(
    drawing: Memo<Option<Drawing>>,
    highlight: Memo<Highlight>,
    opened: Opened,
    (name, caption, exact): (&'static str, &'static str, &'static str),
    on_node: Callback<Node>,
) -> impl IntoView {
    move || {
        drawing.with(|d| match d {
            Some(Drawing::Layout(layout)) => {
                diagram_frame(layout.clone(), highlight, on_node, name).into_any()
            }
            Some(Drawing::Aggregate { hierarchy, .. }) => view! {
                <AggregateDiagram
                    hierarchy=hierarchy.clone()
                    highlight=highlight
                    on_node=on_node
                    caption=caption
                    name=name
                    opened=opened
                />
            }
            .into_any(),
            Some(Drawing::TooLarge { nodes, links }) => too_large(*nodes, *links, exact).into_any(),
            Some(Drawing::Unsupported) => no_drawing(true),
            None => no_drawing(false),
        })
    }
}
