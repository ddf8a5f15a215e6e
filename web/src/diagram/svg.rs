//! [`DiagramSvg`]: draws a [`Layout`] and a [`Highlight`] as `<svg>`. No geometry here.

use std::sync::Arc;

use icn_core::Node;
use leptos::prelude::*;

use super::geometry::polygon_points;
use super::layout::{Arrangement, EdgeKind, Layout, Shape};

/// What to emphasise on the drawing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Highlight {
    /// The source node.
    pub src: Option<Node>,
    /// The destination node.
    pub dst: Option<Node>,
    /// Every channel of the strategy's paths (drawn soft).
    pub dag: Vec<(Node, Node)>,
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
        if self.site == Some(v) && !self.is_end(v) {
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
        }
    }
}

/// A node's class and the words its accessible name gets for it.
type Role = (&'static str, &'static str);

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

    let dag_layout = layout.clone();
    let dag = move || {
        highlight.with(|h| {
            h.dag
                .iter()
                .filter_map(|&(u, v)| dag_layout.edge(u, v))
                .map(|c| view! { <path class="dag-edge" d=c.path_data()></path> })
                .collect_view()
        })
    };

    let marked_layout = layout.clone();
    let marked = move || {
        highlight.with(|h| {
            h.marked
                .iter()
                .filter_map(|&(u, v)| marked_layout.edge(u, v))
                .map(|c| {
                    view! { <path class="conflict-edge" data-testid="conflict-edge" d=c.path_data()></path> }
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

    let route_layout = layout.clone();
    let route = move || {
        highlight.with(|h| {
            let arrow = route_layout.radius * 0.9;
            let strong = h.path.windows(2).map(|w| (w, ""));
            let second = h.second.windows(2).map(|w| (w, " second"));
            strong
                .chain(second)
                .filter_map(|(w, kind)| Some((route_layout.edge(w[0], w[1])?, kind)))
                .map(|(c, kind)| {
                    view! {
                        <path class=format!("route-edge{kind}") d=c.path_data()></path>
                        <polygon class=format!("route-arrow{kind}") points=polygon_points(&c.arrowhead(arrow))></polygon>
                    }
                })
                .collect_view()
        })
    };

    let roles = node_roles(&l, highlight);
    let nodes = nodes_view(&l, &roles, on_node);

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

    view! {
        <svg
            data-testid="diagram"
            class=class
            style=format!("--w:{display_width:.0}px")
            viewBox=format!("0 0 {} {}", l.width, l.height)
            width=num(l.width)
            height=num(l.height)
            role="group"
            aria-label="Network diagram"
            aria-describedby="diagram-desc"
        >
            <desc id="diagram-desc">{desc}</desc>
            <g class="edges" aria-hidden="true">{edges}</g>
            <g class="heat" aria-hidden="true">{heat}</g>
            <g class="dag" aria-hidden="true">{dag}</g>
            <g class="marked" aria-hidden="true">{marked}</g>
            <g class="route" aria-hidden="true">{route}</g>
            <g class="nodes">{nodes}</g>
        </svg>
    }
}

/// One signal per node holding its role, set by one effect only where the role changed:
/// a new route touches the few nodes whose class changes, not every node of the drawing.
fn node_roles(l: &Layout, highlight: Signal<Highlight>) -> Arc<[RwSignal<Role>]> {
    let roles: Arc<[RwSignal<Role>]> = highlight.with_untracked(|h| {
        (0..l.node_count())
            .map(|v| RwSignal::new(h.role(v)))
            .collect()
    });
    let targets = roles.clone();
    Effect::new(move |_| {
        highlight.with(|h| {
            for (v, role) in targets.iter().enumerate() {
                let now = h.role(v);
                if role.get_untracked() != now {
                    role.set(now);
                }
            }
        })
    });
    roles
}

/// The nodes as focusable buttons: a click or Enter calls `on_node`. A node drawn twice
/// (a butterfly's processor) has one button; its copy answers clicks and lights with it.
fn nodes_view(l: &Layout, roles: &[RwSignal<Role>], on_node: Callback<Node>) -> impl IntoView {
    l.nodes
        .iter()
        .zip(&l.labels)
        .enumerate()
        .map(|(i, (p, label))| {
            let v = l.real(i);
            let style = l.style(i);
            let (x, y) = (num(p.x), num(p.y));
            let text = style.show_labels.then(|| {
                view! {
                    <text x=x.clone() y=y.clone() font-size=num(style.font_size)>
                        {label.clone()}
                    </text>
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
            let name = label.clone();
            let kind = style.class;
            let role = roles[v];
            let class = move || {
                let role = role.get().0;
                if kind.is_empty() {
                    role.to_string()
                } else {
                    format!("{role} {kind}")
                }
            };
            let aria = move || format!("Node {name}{}", role.get().1);
            if i >= l.node_count() {
                return view! {
                    <g
                        data-testid="node-copy"
                        data-addr=label.clone()
                        class=class
                        aria-hidden="true"
                        on:click=move |_| on_node.run(v)
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
                    tabindex="0"
                    role="button"
                    aria-label=aria
                    on:click=move |_| on_node.run(v)
                    on:keydown=move |ev| {
                        if ev.key() == "Enter" || ev.key() == " " {
                            ev.prevent_default();
                            on_node.run(v);
                        }
                    }
                >
                    <title>{l.tips.get(v).unwrap_or(label).clone()}</title>
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
/// Small drawings are zoomed (up to 1.6x) so they do not look lost; on phones the frame
/// fits the width, with labels hidden when they would be too small to read (style.css).
fn svg_class(l: &Layout) -> (String, f64) {
    let zoom = (440.0 / l.width).clamp(1.0, 1.6);
    let display_width = l.width * zoom;
    let phone_font = l.font_size * display_width.min(330.0) / l.width;
    let class = if phone_font < 6.0 {
        "diagram small-labels"
    } else {
        "diagram"
    };
    // KYKLOS and Lens drawings can be far wider than a phone: "Zoom" shows them at full size,
    // scrolling (style.css).
    let wide = l.width > 700.0
        && matches!(
            l.arrangement,
            Arrangement::Trees { .. }
                | Arrangement::Stages { .. }
                | Arrangement::Cabinets { .. }
                | Arrangement::Levels { .. }
                | Arrangement::Fly { .. }
        );
    let class = if wide {
        format!("{class} wide")
    } else {
        class.to_string()
    };
    (class, display_width)
}
