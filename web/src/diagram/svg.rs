//! [`DiagramSvg`]: draws a [`Layout`] and a [`Highlight`] as `<svg>`. No geometry here.

use std::sync::Arc;

use icn_core::Node;
use leptos::prelude::*;

use icn_web_model::diagram::view::{label_fit, next_node, Direction, View};
use wasm_bindgen::JsCast;

use super::geometry::{polygon_points, Point};
use super::layout::{EdgeKind, Layout, Shape};
use super::zoom::{zoom_bar, Zoom};

/// What to emphasise on the drawing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Highlight {
    /// The source node.
    pub src: Option<Node>,
    /// The destination node.
    pub dst: Option<Node>,
    /// Every channel of the strategy's paths (drawn soft).
    pub dag: Vec<(Node, Node)>,
    /// Whether `dag` is the figure itself (a schedule step's channels in use): drawn
    /// strong in the accent colour over the wiring, not soft behind a route.
    pub dag_strong: bool,
    /// The selected path (drawn strong, with direction).
    pub path: Vec<Node>,
    /// The selected path as text, for the text alternative.
    pub path_text: String,
    /// A second route drawn strong, dashed (the join view's S route).
    pub second: Vec<Node>,
    /// A node to ring as the goal of both routes (the join view's join site).
    pub site: Option<Node>,
    /// Channels to mark as in trouble (a schedule's link conflicts), drawn over the rest.
    pub marked: Vec<(Node, Node)>,
    /// When not empty, per node: lit (in a chosen part, e.g. a sub-network) or dimmed.
    pub lit: Vec<bool>,
    /// Channels `(from, to, share)` drawn by how busy they are (a share from 0 to 1: the
    /// simulator's utilisation), in five steps; a link shows its busier direction.
    pub heat: Vec<(Node, Node, f64)>,
    /// Nodes holding, inside them, channels of `dag` or `path` that no link drawn shows
    /// (an aggregate not yet opened): ringed as the channels are lit.
    pub inner: Vec<Node>,
    /// Nodes holding a `marked` channel inside them: ringed as marked.
    pub inner_marked: Vec<Node>,
}

/// The heat classes of [`Highlight::heat`]: a share in (0, 1] falls in one of five steps.
pub const HEAT_STEPS: usize = 5;

/// The step (1 ..= [`HEAT_STEPS`]) of a share; 0 for an idle channel.
pub fn heat_step(share: f64) -> usize {
    if share.is_nan() || share <= 0.0 {
        0
    } else {
        ((share * HEAT_STEPS as f64).ceil() as usize).clamp(1, HEAT_STEPS)
    }
}

impl Highlight {
    fn is_end(&self, v: Node) -> bool {
        self.src == Some(v) || self.dst == Some(v)
    }

    fn role(&self, v: Node) -> Role {
        let (class, words) = if self.site == Some(v) && !self.is_end(v) {
            ("node site", ", join site")
        } else if self.src == Some(v) {
            ("node src", ", source")
        } else if self.dst == Some(v) {
            ("node dst", ", destination")
        } else if self.path.contains(&v) || self.second.contains(&v) {
            ("node on-path", ", on the highlighted path")
        } else if let Some(&lit) = self.lit.get(v) {
            if lit {
                ("node lit", ", in the sub-network")
            } else {
                ("node dim", ", outside the sub-network")
            }
        } else {
            ("node", "")
        };
        let inner = if self.inner_marked.contains(&v) {
            ", with a marked channel inside: open it to see which"
        } else if self.inner.contains(&v) {
            ", with highlighted channels inside: open it to see them"
        } else {
            ""
        };
        (class, words, inner)
    }
}

/// A node's class, the words its accessible name gets for it, and those for what it holds
/// inside (an aggregate's channels that no link drawn shows).
type Role = (&'static str, &'static str, &'static str);

fn num(x: f64) -> String {
    format!("{x:.1}")
}

/// The diagram as `<svg data-testid="diagram">`. Nodes are focusable buttons: a click or
/// Enter calls `on_node` with the node.
#[component]
pub fn DiagramSvg(
    /// The drawing.
    layout: Arc<Layout>,
    /// What to emphasise.
    #[prop(into)]
    highlight: Signal<Highlight>,
    /// Called when a node is clicked or activated with the keyboard.
    on_node: Callback<Node>,
    /// The node entry holding the tab stop at first, focused once drawn (the first part of
    /// an aggregate just opened); else the source's, or the first.
    #[prop(default = None)]
    focus: Option<usize>,
    /// Whether the first view zooms in about the source (or the first node) until labels
    /// are legible, where the whole drawing is too small for them (an aggregated drawing,
    /// whose labels are what it says).
    #[prop(optional)]
    readable: bool,
) -> impl IntoView {
    let l = layout.clone();
    let edges = l
        .edges
        .iter()
        .map(|e| {
            let class = match e.kind {
                EdgeKind::Near => "edge near",
                EdgeKind::Far => "edge far",
                EdgeKind::Block => "edge block",
                EdgeKind::Completion => "edge completion",
            };
            view! { <path class=class d=e.curve.path_data()></path> }
        })
        .collect_view();

    let roles = node_roles(&l, highlight);
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let zoom = Zoom::new(l.width, l.height, svg_ref);
    let start = focus
        .or_else(|| highlight.with_untracked(|h| h.src.and_then(|v| l.entry(v))))
        .unwrap_or(0);
    let keys = Keys {
        zoom,
        focus: RwSignal::new(start.min(l.node_count().saturating_sub(1))),
        svg: svg_ref,
    };
    let nodes = nodes_view(&l, &roles, on_node, keys);
    let notes = notes_view(&l, zoom);
    if readable || focus.is_some() {
        // Once measured (the observer's first report): zoomed in until the labels read,
        // where the whole drawing is too small for them; the entry asked for focused.
        let read_layout = layout.clone();
        Effect::new(move |done: Option<bool>| {
            if done == Some(true) {
                return true;
            }
            let w = zoom.screen_w.get();
            if w <= 0.0 {
                return false;
            }
            if let Some(&p) = read_layout.nodes.get(start) {
                let style = read_layout.style(start);
                let (hw, hh) = style.shape.half_extent();
                // The notes under the node (an aggregate's bracket) in view too, and the
                // node whole (zoomed about a node at the edge, it was cut).
                let under = Point::new(p.x, read_layout.height);
                zoom.view.update(|v| {
                    *v = v
                        .reading(p, style.font_size, w)
                        .showing(under, 0.0)
                        .showing(p, hw.max(hh) + 4.0)
                });
            }
            if focus.is_some() {
                keys.move_to(&read_layout, start);
            }
            true
        });
    }
    let described = l.describe();
    let desc = move || {
        highlight.with(|h| {
            if h.path_text.is_empty() {
                described.clone()
            } else {
                format!("{described} Highlighted path: {}.", h.path_text)
            }
        })
    };
    let (class, display_width) = svg_class(&l);
    let class = move || {
        if zoom.view.with(View::is_whole) {
            class.clone()
        } else {
            format!("{class} zoomed-in")
        }
    };
    keys.follow_focus();
    let key_layout = layout.clone();
    let (tip_layout, over_layout) = (layout.clone(), layout.clone());

    view! {
        <div class="diagram-zoom">
            {zoom_bar(zoom)}
            <svg
                data-testid="diagram"
                node_ref=svg_ref
                class=class
                style=format!("--w:{display_width:.0}px")
                viewBox=move || zoom.view.with(View::view_box)
                width=num(l.width)
                height=num(l.height)
                role="group"
                aria-label="Network diagram: arrow keys move between nodes, + and − zoom"
                aria-describedby="diagram-desc"
                on:wheel=move |ev| zoom.on_wheel(&ev)
                on:pointerdown=move |ev| zoom.on_down(&ev)
                on:pointermove=move |ev| zoom.on_move(&ev)
                on:pointerup=move |ev| zoom.on_up(&ev)
                on:pointercancel=move |ev| zoom.on_up(&ev)
                on:keydown=move |ev| keys.on_key(&key_layout, &ev)
                on:focusin=move |ev| {
                    keys.on_focus(&ev);
                    fill_tip(&tip_layout, &ev);
                }
                on:mouseover=move |ev| fill_tip(&over_layout, &ev)
            >
                <desc id="diagram-desc">{desc}</desc>
                <g class="edges" aria-hidden="true">{edges}</g>
                {overlays(&layout, highlight)}
                {notes}
                <g class="nodes">{nodes}</g>
            </svg>
        </div>
    }
}

/// A node's tooltip made when it is first hovered or focused, where the layout makes them
/// on demand ([`Layout::tip`]).
fn fill_tip(l: &Layout, ev: &web_sys::Event) {
    if l.lazy_tips.is_none() {
        return;
    }
    let Some(node) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("[data-i]").ok().flatten())
    else {
        return;
    };
    let entry = node
        .get_attribute("data-i")
        .and_then(|i| i.parse::<usize>().ok());
    let (Some(i), Ok(Some(title))) = (entry, node.query_selector("title")) else {
        return;
    };
    if title.get_attribute("data-full").is_none() {
        if let Some(tip) = l.tip(i) {
            title.set_text_content(Some(&tip));
            let _ = title.set_attribute("data-full", "");
        }
    }
}

/// What the highlight draws over the links: heat, the strategy's paths, conflicts, routes.
fn overlays(layout: &Arc<Layout>, highlight: Signal<Highlight>) -> impl IntoView {
    let dag_layout = layout.clone();
    let dag = move || {
        highlight.with(|h| {
            let class = if h.dag_strong {
                "dag-edge strong"
            } else {
                "dag-edge"
            };
            h.dag
                .iter()
                .filter_map(|&(u, v)| dag_layout.edge(u, v))
                .map(|c| view! { <path class=class d=c.path_data()></path> })
                .collect_view()
        })
    };

    let marked_layout = layout.clone();
    // Each marked channel bowed to the right of its direction, with its arrow: a link's two
    // directions (a cycle of two channels) are two arcs, not one line.
    let marked = move || {
        highlight.with(|h| {
            let arrow = (marked_layout.radius * 0.9).max(6.0);
            h.marked
                .iter()
                .filter_map(|&(u, v)| marked_layout.edge(u, v))
                .map(|c| {
                    let c = c.bowed(arrow);
                    view! {
                        <path class="conflict-edge" data-testid="conflict-edge" d=c.path_data()></path>
                        <polygon class="conflict-arrow" points=polygon_points(&c.arrowhead(arrow))></polygon>
                    }
                })
                .collect_view()
        })
    };

    let heat_layout = layout.clone();
    let heat = move || {
        highlight.with(|h| {
            // The busier direction of each link.
            let mut links: Vec<((Node, Node), f64)> = h
                .heat
                .iter()
                .map(|&(u, v, x)| ((u.min(v), u.max(v)), x))
                .collect();
            links.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)));
            links.dedup_by_key(|l| l.0);
            links
                .into_iter()
                .filter(|&(_, x)| heat_step(x) > 0)
                .filter_map(|((u, v), x)| Some((heat_layout.edge(u, v)?, heat_step(x))))
                .map(|(c, step)| {
                    view! { <path class=format!("heat-edge heat-{step}") data-testid="heat-edge" d=c.path_data()></path> }
                })
                .collect_view()
        })
    };

    let ring_layout = layout.clone();
    let rings = move || {
        highlight.with(|h| {
            let lit = h.inner.iter().filter(|v| !h.inner_marked.contains(v));
            let lit = lit.map(|&v| (v, "inner-ring"));
            let marked = h.inner_marked.iter().map(|&v| (v, "inner-ring marked"));
            lit.chain(marked)
                .filter_map(|(v, class)| Some((ring(&ring_layout, ring_layout.entry(v)?)?, class)))
                .map(|(d, class)| view! { <path class=class data-testid="inner-ring" d=d></path> })
                .collect_view()
        })
    };

    let route_layout = layout.clone();
    let route = move || {
        highlight.with(|h| {
            let arrow = (route_layout.radius * 0.9).max(6.0);
            let strong = h.path.windows(2).map(|w| (w, ""));
            let second = h.second.windows(2).map(|w| (w, " second"));
            strong
                .chain(second)
                .filter_map(|(w, kind)| Some((route_layout.edge(w[0], w[1])?, kind)))
                .map(|(c, kind)| {
                    let d = c.path_data();
                    view! {
                        <path class="route-casing" d=d.clone()></path>
                        <path class=format!("route-edge{kind}") d=d></path>
                        <polygon class=format!("route-arrow{kind}") points=polygon_points(&c.arrowhead(arrow))></polygon>
                    }
                })
                .collect_view()
        })
    };

    view! {
        <g class="heat" aria-hidden="true">{heat}</g>
        <g class="rings" aria-hidden="true">{rings}</g>
        <g class="dag" aria-hidden="true">{dag}</g>
        <g class="marked" aria-hidden="true">{marked}</g>
        <g class="route" aria-hidden="true">{route}</g>
    }
}

/// The outline of node entry `i` grown by a few units: a ring drawn around it (under it).
fn ring(l: &Layout, i: usize) -> Option<String> {
    let p = *l.nodes.get(i)?;
    Some(l.style(i).shape.ring_path(p, 4.0))
}

/// The keyboard inside a drawing: one tab stop (the node `focus`, a roving tabindex), arrow
/// keys to the next node that way, `+`/`-`/`0` zoom; the view follows the focus.
#[derive(Clone, Copy)]
struct Keys {
    zoom: Zoom,
    /// The node entry holding the drawing's tab stop.
    focus: RwSignal<usize>,
    svg: NodeRef<leptos::svg::Svg>,
}

impl Keys {
    /// Moves the tab stop with the focus: the node entry focused by a click or a tap
    /// becomes the drawing's one tab stop.
    fn on_focus(self, ev: &web_sys::FocusEvent) {
        let entry = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-i]").ok().flatten())
            .and_then(|el| el.get_attribute("data-i"))
            .and_then(|i| i.parse::<usize>().ok());
        if let Some(i) = entry {
            if self.focus.get_untracked() != i {
                self.focus.set(i);
            }
        }
    }

    /// One effect keeps `tabindex` 0 on the focus entry and −1 on the one before (not a
    /// reactive attribute on every node).
    fn follow_focus(self) {
        Effect::new(move |before: Option<usize>| {
            let now = self.focus.get();
            if let (Some(before), Some(svg)) = (before, self.svg.get_untracked()) {
                if before != now {
                    let el: &web_sys::Element = svg.unchecked_ref();
                    let set = |i: usize, value: &str| {
                        if let Ok(Some(node)) = el.query_selector(&format!("g[data-i=\"{i}\"]")) {
                            let _ = node.set_attribute("tabindex", value);
                        }
                    };
                    set(before, "-1");
                    set(now, "0");
                }
            }
            now
        });
    }

    fn on_key(self, l: &Layout, ev: &web_sys::KeyboardEvent) {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let key = ev.key();
        let from = self.focus.get_untracked();
        let to = match key.as_str() {
            "Home" => Some(0),
            "End" => Some(l.node_count().saturating_sub(1)),
            k => match Direction::of_key(k) {
                Some(dir) => next_node(l, from, dir).or(Some(from)),
                None => None,
            },
        };
        if let Some(to) = to {
            ev.prevent_default();
            // The walkthrough's arrows step the walk: not while moving inside a drawing.
            ev.stop_propagation();
            self.move_to(l, to);
        } else if self.zoom.on_key(&key) {
            ev.prevent_default();
            ev.stop_propagation();
            if let Some(&p) = l.nodes.get(from) {
                self.zoom.view.update(|v| *v = v.showing(p, 2.0 * l.radius));
            }
        }
    }

    /// Moves the tab stop (and the focus) to node entry `to`, panning to show it.
    fn move_to(self, l: &Layout, to: usize) {
        self.focus.set(to);
        if let Some(&p) = l.nodes.get(to) {
            self.zoom.view.update(|v| *v = v.showing(p, 2.0 * l.radius));
        }
        let Some(svg) = self.svg.get_untracked() else {
            return;
        };
        let el: &web_sys::Element = svg.unchecked_ref();
        if let Ok(Some(node)) = el.query_selector(&format!("g[data-i=\"{to}\"]")) {
            if let Ok(node) = node.dyn_into::<web_sys::SvgElement>() {
                let _ = node.focus();
            }
        }
    }
}

/// One signal per node entry (not copies) holding its role, set by one effect only where
/// the role changed: a new route touches the few nodes whose class changes, not every node
/// of the drawing.
fn node_roles(l: &Layout, highlight: Signal<Highlight>) -> Arc<[RwSignal<Role>]> {
    let ids: Arc<[Node]> = (0..l.node_count()).map(|i| l.real(i)).collect();
    let roles: Arc<[RwSignal<Role>]> =
        highlight.with_untracked(|h| ids.iter().map(|&v| RwSignal::new(h.role(v))).collect());
    let targets = roles.clone();
    Effect::new(move |_| {
        highlight.with(|h| {
            for (&v, role) in ids.iter().zip(targets.iter()) {
                let now = h.role(v);
                if role.get_untracked() != now {
                    role.set(now);
                }
            }
        })
    });
    roles
}

/// The layout's notes (bundle counts, group brackets): each text made only while legible
/// on screen, as labels are.
fn notes_view(l: &Layout, zoom: Zoom) -> impl IntoView {
    (!l.notes.is_empty()).then(|| {
        // One legibility memo per font size.
        let mut memos: Vec<(f64, Memo<bool>)> = Vec::new();
        let notes = l
            .notes
            .iter()
            .map(|n| {
                let font = n.font;
                let shown = match memos.iter().find(|(f, _)| *f == font) {
                    Some(&(_, m)) => m,
                    None => {
                        let m = Memo::new(move |_| {
                            let w = zoom.screen_w.get();
                            zoom.view.with(|v| v.legible(font, w))
                        });
                        memos.push((font, m));
                        m
                    }
                };
                let (x, y, text, tip) = (num(n.at.x), num(n.at.y), n.text.clone(), n.tip.clone());
                let size = num(font);
                let line = n
                    .line
                    .map(|c| view! { <path class="note-line" d=c.path_data()></path> });
                view! {
                    {line}
                    {move || shown.get().then(|| view! {
                        <g class="note-text">
                            <title>{tip.clone()}</title>
                            <text class="note" x=x.clone() y=y.clone() font-size=size.clone()>
                                {text.clone()}
                            </text>
                        </g>
                    })}
                }
            })
            .collect_view();
        view! { <g class="notes" aria-hidden="true">{notes}</g> }
    })
}

/// The nodes as focusable buttons: a click or Enter calls `on_node`. A node drawn twice
/// (a butterfly's processor) has one button; its copy answers clicks and lights with it.
fn nodes_view(
    l: &Layout,
    roles: &[RwSignal<Role>],
    on_node: Callback<Node>,
    keys: Keys,
) -> impl IntoView {
    let zoom = keys.zoom;
    let start = keys.focus.get_untracked();
    // The zoom labels are fitted to: the visible width and the screen's (not the pan). A
    // label is made only while it is drawn: hidden `<text>`s still cost the render their
    // layout.
    let seen = Memo::new(move |_| (zoom.view.with(|v| v.w), zoom.screen_w.get()));
    // A kind of node shows all its labels or none: whether they show is its longest's.
    let mut longest = vec![0; l.styles.len()];
    for (i, label) in l.labels.iter().enumerate() {
        let k = usize::from(l.style_of[i]);
        longest[k] = longest[k].max(label.chars().count());
    }
    let click = move |v: Node| {
        if !zoom.was_drag() {
            on_node.run(v);
        }
    };
    l.nodes
        .iter()
        .zip(&l.labels)
        .enumerate()
        .map(|(i, (p, label))| {
            let v = l.real(i);
            let style = l.style(i);
            let (x, y) = (num(p.x), num(p.y));
            let text = style.show_labels.then(|| {
                let (x, y, label) = (x.clone(), y.clone(), label.clone());
                let (shape, chars, font) = (style.shape, label.chars().count(), style.font_size);
                let most = longest[usize::from(l.style_of[i])];
                let fit = Memo::new(move |_| {
                    let at = seen.get();
                    label_fit(at, shape, most, font).and(label_fit(at, shape, chars, font))
                });
                let shown = Memo::new(move |_| fit.with(Option::is_some));
                let size = move || fit.get().map(|f| num(f.font));
                let squeeze = move || fit.get().and_then(|f| f.squeeze).map(num);
                let adjust = move || fit.get().and_then(|f| f.squeeze).map(|_| "spacingAndGlyphs");
                move || {
                    shown.get().then(|| {
                        view! {
                            <text x=x.clone() y=y.clone() font-size=size textLength=squeeze lengthAdjust=adjust>
                                {label.clone()}
                            </text>
                        }
                    })
                }
            });
            let outline = match style.shape {
                Shape::Circle(r) => {
                    view! { <circle cx=x.clone() cy=y.clone() r=num(r)></circle> }.into_any()
                }
                Shape::Rect { hw, hh } => view! {
                    <rect
                        x=num(p.x - hw)
                        y=num(p.y - hh)
                        width=num(2.0 * hw)
                        height=num(2.0 * hh)
                        rx=num(hh.min(hw) * 0.6)
                    ></rect>
                }
                .into_any(),
            };
            // A tooltip's first line names the node more fully than its label (an
            // aggregate's: "cabinet 3: 16 drawers …").
            let name = match l.tips.get(i).and_then(|t| t.lines().next()) {
                Some(first) if !first.is_empty() => first.to_string(),
                _ => label.clone(),
            };
            let kind = style.class;
            // A copy shares its node's role (copies only in whole drawings: entry v).
            let role = roles[if i < l.node_count() { i } else { v }];
            let class = move || {
                let (class, _, inner) = role.get();
                let mark = if inner.is_empty() { "" } else { " inner" };
                format!("{class}{mark} {kind}")
            };
            let aria = move || {
                let (_, words, inner) = role.get();
                format!("Node {name}{words}{inner}")
            };
            if i >= l.node_count() {
                return view! {
                    <g
                        data-testid="node-copy"
                        data-addr=label.clone()
                        class=class
                        aria-hidden="true"
                        on:click=move |_| click(v)
                    >
                        <title>{label.clone()}</title>
                        {outline}
                        {text}
                    </g>
                }
                .into_any();
            }
            view! {
                <g
                    data-testid="node"
                    data-addr=label.clone()
                    class=class
                    data-i=i
                    tabindex=if i == start { "0" } else { "-1" }
                    role="button"
                    aria-label=aria
                    on:click=move |_| click(v)
                    on:keydown=move |ev| {
                        if ev.key() == "Enter" || ev.key() == " " {
                            ev.prevent_default();
                            on_node.run(v);
                        }
                    }
                >
                    <title>{l.tip(i).filter(|_| l.lazy_tips.is_none()).unwrap_or_else(|| label.clone())}</title>
                    {outline}
                    {text}
                </g>
            }
            .into_any()
        })
        .collect_view()
}

/// The `<svg>`'s class and its display width.
///
/// Small drawings are zoomed (up to 1.6x) so they do not look lost; wide ones fit the
/// card's width, their own zoom buttons (and pinch, Ctrl + wheel) enlarge them. Labels too
/// small to read on screen are hidden until zoomed ([`Zoom::screen_w`]).
fn svg_class(l: &Layout) -> (String, f64) {
    let zoom = (440.0 / l.width).clamp(1.0, 1.6);
    ("diagram".to_string(), l.width * zoom)
}
