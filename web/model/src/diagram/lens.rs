//! Where each processor, bus and link of a Lens is drawn. Pure: no Leptos, no web-sys.
//!
//! The multistage picture of the paper's §7 (Figures 3 and 4): row j (j = 1 … n, top to
//! bottom) holds the exchange groups that rewrite digit j — the busses with their dot after
//! digit j − 1 (bars) above the processors with their dot after digit j (circles). A group
//! is the q − 1 busses and p − 1 processors that agree on every digit but j, fully linked.
//! A processor meets the bus of the same label in the next row, a perfect shuffle. The
//! places and the links' roles are core's data ([`Lens::stage_layout`]); this module only
//! turns them into coordinates.
//!
//! ```text
//!   row 1   ▭ ▭   ▭ ▭   ▭ ▭   ▭ ▭        busses B.v      (dot 0: central, deficient)
//!           |X|   |X|   |X|   |X|        exchange groups (digit 1)
//!           ○ ○   ○ ○   ○ ○   ○ ○        processors a.v  (dot 1)
//!            \ \__/ /  …                 perfect shuffle (same labels)
//!   row 2   ▭ ▭   ▭ ▭   ▭ ▭   ▭ ▭        busses Ba.v     (dot 1)
//!   …
//!   row n   ○ ○   ○ ○   ○ ○   ○ ○        processors w.   (dot n: edge, deficient)
//! ```
//!
//! In a completed lens each edge processor `w.` is also on the central bus `B.w`: those
//! links are dotted and run around the sides, from the bottom row back up to the top.

use icn_core::topology::lens::{Lens, NodeKind, StageLayout, StageLinkKind};
use icn_core::Node;

use super::geometry::{Curve, Point};
use super::layout::{legible, Arrangement, Edge, EdgeKind, Layout, NodeStyle, Shape};
use icn_core::{Addresses, Graph};

/// One way of sizing the drawing: labelled, or compact without labels.
#[derive(Debug, Clone, Copy)]
struct Sizing {
    labels: bool,
    font: f64,
    proc_radius: f64,
    bus_hw: f64,
    bus_hh: f64,
    /// Extra space between neighbouring nodes of a group.
    gap: f64,
    /// Extra space between groups.
    group_gap: f64,
    /// From a row's busses down to its processors.
    exchange: f64,
}

/// The drawing of a Lens (see the module documentation).
pub fn lens(l: &Lens) -> Layout {
    let labels: Vec<String> = (0..l.node_count()).map(|v| l.format_node(v)).collect();
    let longest = |procs: bool| {
        (0..l.node_count())
            .filter(|&v| l.is_processor(v) == procs)
            .map(|v| labels[v].chars().count())
            .max()
            .unwrap_or(1) as f64
    };
    let font = 9.0;
    let options = [
        Sizing {
            labels: true,
            font,
            proc_radius: (0.6 * font * longest(true) / (2.0 * 0.92) + 0.5).max(10.0),
            bus_hw: (0.6 * font * longest(false) + 7.0) / 2.0,
            bus_hh: font / 2.0 + 3.5,
            gap: 6.0,
            group_gap: 16.0,
            exchange: 54.0,
        },
        Sizing {
            labels: false,
            font,
            proc_radius: 7.5,
            bus_hw: 9.0,
            bus_hh: 4.0,
            gap: 5.0,
            group_gap: 12.0,
            exchange: 44.0,
        },
    ];
    let stages = l.stage_layout();
    let layout = build(l, &stages, options[0], labels.clone());
    if legible(font, layout.width) {
        layout
    } else {
        build(l, &stages, options[1], labels)
    }
}

fn build(l: &Lens, stages: &StageLayout, z: Sizing, labels: Vec<String>) -> Layout {
    let n = l.n();
    let rows = Rows::new(l, stages, z);
    let nodes: Vec<Point> = (0..l.node_count()).map(|v| rows.place(stages, v)).collect();
    let (mut edges, completion) = stage_edges(stages, &nodes);
    let bottom = (n - 1) as f64 * rows.height + z.exchange;
    edges.extend(completion_edges(&completion, &nodes, bottom, z));
    let style_of = (0..l.node_count())
        .map(|v| u8::from(!l.is_processor(v)))
        .collect();
    Layout::fitted(
        nodes,
        labels,
        node_styles(z),
        style_of,
        edges,
        Arrangement::Stages {
            rows: n,
            busses: l.q() - 1,
            processors: l.p() - 1,
            completed: l.is_completed(),
        },
        z.proc_radius,
    )
}

/// The rows' geometry: groups side by side, centred on the widest row.
struct Rows<'a> {
    z: Sizing,
    /// Groups in row j: (p − 1)^(j−1) · (q − 1)^(n−j).
    groups: &'a [usize],
    /// p − 1 and q − 1: processors and busses in a group.
    p1: usize,
    q1: usize,
    /// From one node of a group to the next.
    slot: f64,
    /// From one group to the next.
    pitch: f64,
    /// The widest row's width.
    widest: f64,
    /// From one row to the next.
    height: f64,
}

impl<'a> Rows<'a> {
    fn new(l: &Lens, stages: &'a StageLayout, z: Sizing) -> Rows<'a> {
        let (p1, q1) = (l.p() as usize - 1, l.q() as usize - 1);
        let slot = (2.0 * z.proc_radius).max(2.0 * z.bus_hw) + z.gap;
        let pitch = p1.max(q1) as f64 * slot + z.group_gap;
        let groups = &stages.groups[..];
        let widest = groups[..l.n()].iter().copied().max().unwrap_or(1) as f64 * pitch;
        let shuffle = (0.14 * widest).clamp(70.0, 170.0);
        Rows {
            z,
            groups,
            p1,
            q1,
            slot,
            pitch,
            widest,
            height: z.exchange + shuffle,
        }
    }

    /// Where node `v` is drawn: its row, its group in the row and its slot in the group.
    fn place(&self, stages: &StageLayout, v: Node) -> Point {
        let place = stages.places[v];
        let (j, proc, group, k) = (
            place.row,
            place.kind == NodeKind::Processor,
            place.group,
            place.slot,
        );
        let left = (self.widest - self.groups[j - 1] as f64 * self.pitch) / 2.0;
        let centre = left + (group as f64 + 0.5) * self.pitch;
        let count = if proc { self.p1 } else { self.q1 };
        let x = centre + (k as f64 - (count as f64 - 1.0) / 2.0) * self.slot;
        let y = (j - 1) as f64 * self.height + if proc { self.z.exchange } else { 0.0 };
        Point::new(x, y)
    }
}

/// The exchange and shuffle links as straight edges, and the completion links set aside
/// (processor, bus) for [`completion_edges`].
fn stage_edges(stages: &StageLayout, nodes: &[Point]) -> (Vec<Edge>, Vec<(Node, Node)>) {
    let mut completion: Vec<(Node, Node)> = Vec::new();
    let mut edges = Vec::new();
    for link in &stages.links {
        // Links run from the lower index (the processor) to the bus.
        let (a, b) = (link.processor, link.bus);
        let kind = match link.kind {
            StageLinkKind::Exchange => EdgeKind::Near,
            StageLinkKind::Shuffle => EdgeKind::Far,
            StageLinkKind::Completion => {
                completion.push((a, b));
                continue;
            }
        };
        edges.push(Edge {
            a,
            b,
            kind,
            curve: Curve::Line(nodes[a], nodes[b]),
        });
    }
    (edges, completion)
}

/// Completion links leave the bottom row (at `bottom`) downwards, run up the nearer side in
/// nested channels and enter the top row from above.
fn completion_edges(
    completion: &[(Node, Node)],
    nodes: &[Point],
    bottom: f64,
    z: Sizing,
) -> Vec<Edge> {
    let (left_edge, right_edge) = nodes
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |acc, p| {
            (acc.0.min(p.x), acc.1.max(p.x))
        });
    let middle = (left_edge + right_edge) / 2.0;
    let reach = z.proc_radius.max(z.bus_hw) + 10.0;
    let step = if z.labels { 5.0 } else { 4.0 };
    let mut edges = Vec::new();
    for left in [true, false] {
        let mut side: Vec<(Node, Node)> = completion
            .iter()
            .copied()
            .filter(|&(a, _)| (nodes[a].x < middle) == left)
            .collect();
        // Nearest the side first: the innermost channel and the shallowest turn.
        side.sort_by(|&(a, _), &(b, _)| {
            let (xa, xb) = (nodes[a].x, nodes[b].x);
            if left {
                xa.total_cmp(&xb)
            } else {
                xb.total_cmp(&xa)
            }
        });
        for (i, &(a, b)) in side.iter().enumerate() {
            let out = reach + i as f64 * step;
            let x = if left {
                left_edge - out
            } else {
                right_edge + out
            };
            let (pa, pb) = (nodes[a], nodes[b]);
            let (low, high) = (bottom + out, -out);
            edges.push(Edge {
                a,
                b,
                kind: EdgeKind::Completion,
                curve: Curve::Poly([
                    pa,
                    Point::new(pa.x, low),
                    Point::new(x, low),
                    Point::new(x, high),
                    Point::new(pb.x, high),
                    pb,
                ]),
            });
        }
    }
    edges
}

/// The processors' circles (style 0) and the busses' bars (style 1).
fn node_styles(z: Sizing) -> Vec<NodeStyle> {
    vec![
        NodeStyle {
            shape: Shape::Circle(z.proc_radius),
            font_size: z.font,
            show_labels: z.labels,
            class: "proc",
        },
        NodeStyle {
            shape: Shape::Rect {
                hw: z.bus_hw,
                hh: z.bus_hh,
            },
            font_size: z.font,
            show_labels: z.labels,
            class: "bus",
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::super::draw::{draw, Drawing};
    use super::super::testing::{check_layout, pos};
    use super::*;
    use icn_core::Network;

    const SPECS: &[&str] = &[
        "lens:p=3,q=3,n=1",
        "lens:p=3,q=3,n=2",
        "lens:p=3,q=3,n=3",
        "lens:p=3,q=3,n=3,completed",
        "lens:p=3,q=3,n=5,completed",
        "lens:p=4,q=4,n=3",
        "lens:p=4,q=4,n=3,completed",
        "lens:p=3,q=5,n=3",
        "lens:p=5,q=3,n=2",
        "lens:p=5,q=5,n=3,completed",
    ];

    fn layout(spec: &str) -> Layout {
        let net: Network = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
        match draw(&net) {
            Drawing::Layout(l) => (*l).clone(),
            other => panic!("{spec} is not drawn: {other:?}"),
        }
    }

    #[test]
    fn every_node_and_link_fits_once_without_overlaps() {
        for spec in SPECS {
            let net: Network = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
            check_layout(spec, &net, &layout(spec));
        }
    }

    #[test]
    fn rows_follow_the_dot_and_busses_sit_above_their_processors() {
        let l = layout("lens:p=3,q=3,n=3,completed");
        assert_eq!(l.nodes.len(), 48);
        // Row 1: central busses B.v above processors a.v; row 3 ends with the edge processors.
        let (b0, p1, b1, p3) = (
            pos(&l, "B.000"),
            pos(&l, "0.00"),
            pos(&l, "B0.00"),
            pos(&l, "000."),
        );
        assert!(b0.y < p1.y && p1.y < b1.y && b1.y < p3.y);
        assert!((pos(&l, "B.111").y - b0.y).abs() < 1e-9);
        assert!((pos(&l, "111.").y - p3.y).abs() < 1e-9);
        // An exchange group is side by side: 0.00 and 1.00 share busses B.000 and B.100.
        assert!((pos(&l, "1.00").x - p1.x).abs() < 2.5 * l.radius + 12.0);
        assert_eq!(l.style(0).class, "proc");
        assert_eq!(l.style(l.nodes.len() - 1).class, "bus");
        assert!(l.style(0).show_labels);
        // Completion links are dotted, one per edge processor.
        let dotted = l
            .edges
            .iter()
            .filter(|e| e.kind == EdgeKind::Completion)
            .count();
        assert_eq!(dotted, 8);
        assert!(l.describe().contains("Dotted completion links"));
    }

    #[test]
    fn the_paper_example_is_too_large_to_draw() {
        // lens:p=4,q=4,n=5: 5·3⁵ = 1215 processors and as many busses.
        let net: Network = "lens:p=4,q=4,n=5".parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            draw(&net),
            Drawing::TooLarge {
                nodes: 2430,
                links: 4 * 1215 - 243
            }
        );
    }
}
