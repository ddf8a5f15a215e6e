//! Where each node and link of a network is drawn. Pure: no Leptos, no web-sys.
//!
//! A Hypercycle with digits `a1 … ar` (most significant first) is drawn as
//!
//! ```text
//! r = 1   a ring on a circle            r = 2   a grid: row a1, column a2
//!            0                                    00 - 01 - 02      adjacent digits: straight
//!         5     1                                 |    |    |       wrap-around and skip
//!         4     2   (skips bow inwards)           10 - 11 - 12      links: arcs bowed above
//!            3                                    (rows) or left (columns)
//!
//! r ≥ 3   nested blocks: the last two digits form the inner grid; each further digit, from
//!         the least significant out, lays whole blocks in a row or a column (whichever keeps
//!         the drawing closer to square; a large radix wraps onto several rows), with gaps
//!         growing per level. Links between blocks are drawn as faint curves.
//! ```
//!
//! KYKLOS networks are drawn by [`super::kyklos`] (leaves in a row, trees above and below)
//! and Lenses by [`super::lens`] (rows of exchange groups joined by perfect shuffles).

use std::collections::HashMap;
use std::f64::consts::PI;
use std::sync::Arc;

use icn_core::topology::hypercycle::Hypercycle;
use icn_core::{Network, Node, Topology};

use super::geometry::{Curve, Point};

/// Networks with more nodes than this are not drawn.
pub const MAX_DRAWN_NODES: u64 = 512;
/// Networks with more links than this are not drawn.
pub const MAX_DRAWN_LINKS: u64 = 4096;
/// The display width (CSS px) at which label legibility is judged.
const NOMINAL_WIDTH: f64 = 720.0;
/// The smallest label font size (CSS px at [`NOMINAL_WIDTH`]) still drawn.
const MIN_LABEL_PX: f64 = 6.0;
/// Empty space around the drawing, in user units.
const PAD: f64 = 6.0;
/// Half the widest stroke, for bounding boxes.
const STROKE: f64 = 2.5;

/// What kind of link an edge is, for styling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdgeKind {
    /// Between neighbouring positions: drawn straight.
    Near,
    /// A wrap-around or skip (ρ > 1) link inside a ring or grid: a chord or an arc.
    Far,
    /// Between blocks (outer digits): a faint curve.
    Block,
    /// A Lens completion link (edge processor to central bus): dotted, around the outside.
    Completion,
}

/// A node's drawn outline, centred on its point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    /// A circle of this radius.
    Circle(f64),
    /// A rounded rectangle of half width `hw` and half height `hh`.
    Rect {
        /// Half the width.
        hw: f64,
        /// Half the height.
        hh: f64,
    },
}

impl Shape {
    /// Half the width and half the height of the bounding box.
    pub fn half_extent(self) -> (f64, f64) {
        match self {
            Shape::Circle(r) => (r, r),
            Shape::Rect { hw, hh } => (hw, hh),
        }
    }
}

/// How one kind of node is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeStyle {
    /// Its outline.
    pub shape: Shape,
    /// Label font size (user units).
    pub font_size: f64,
    /// Whether its labels are drawn (they are always in the node's `<title>`).
    pub show_labels: bool,
    /// Extra CSS class on the node's `<g>` (`""` for none).
    pub class: &'static str,
}

/// A drawn link, from its lower-numbered node `a` to `b`.
#[derive(Debug, Clone, PartialEq)]
pub struct Edge {
    /// First node (the smaller index).
    pub a: Node,
    /// Second node.
    pub b: Node,
    /// Its style.
    pub kind: EdgeKind,
    /// Its shape, from `a` to `b`.
    pub curve: Curve,
}

/// How the nodes are arranged, for the text alternative.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arrangement {
    /// One dimension: a ring.
    Ring {
        /// Nodes on the ring.
        nodes: usize,
    },
    /// Two dimensions: a grid.
    Grid {
        /// Rows (digit 1).
        rows: u32,
        /// Columns (digit 2).
        cols: u32,
    },
    /// Three or more: blocks of a grid.
    Blocks {
        /// Number of blocks.
        blocks: usize,
        /// Rows of a block (the second-to-last digit).
        rows: u32,
        /// Columns of a block (the last digit).
        cols: u32,
    },
    /// KYKLOS: leaves in a row, trees above and below.
    Trees {
        /// L-nodes.
        leaves: usize,
        /// Trees r.
        trees: usize,
        /// Levels n.
        levels: usize,
    },
    /// A Lens: rows of exchange groups joined by perfect shuffles.
    Stages {
        /// Rows of exchange groups (the level n).
        rows: usize,
        /// Busses per exchange group (q − 1).
        busses: u32,
        /// Processors per exchange group (p − 1).
        processors: u32,
        /// Whether completion links are drawn.
        completed: bool,
    },
    /// A Swapped Dragonfly: cabinet panels of drawer rows.
    Cabinets {
        /// Cabinets K.
        cabinets: u32,
        /// Drawers per cabinet and routers per drawer, M.
        drawers: u32,
        /// Cabinet panels per row of the drawing.
        columns: u32,
    },
    /// A maximal Dragonfly: groups on a circle.
    Groups {
        /// Groups KM + 1.
        groups: usize,
        /// Routers per group M.
        routers: u32,
    },
}

/// A complete drawing: node centres, labels, links, and the viewBox they fit in.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// viewBox width.
    pub width: f64,
    /// viewBox height.
    pub height: f64,
    /// Node circle radius (of the main kind of node; arrowheads are sized by it).
    pub radius: f64,
    /// Label font size (user units; the smallest of the labels drawn).
    pub font_size: f64,
    /// Whether labels are legible at the nominal display width (any kind of node).
    pub show_labels: bool,
    /// The kinds of node, each drawn its own way.
    pub styles: Vec<NodeStyle>,
    /// The kind of each node (an index into `styles`), indexed by node.
    pub style_of: Vec<u8>,
    /// Centre of each node, indexed by node.
    pub nodes: Vec<Point>,
    /// Address of each node, indexed by node.
    pub labels: Vec<String>,
    /// Every link once.
    pub edges: Vec<Edge>,
    /// How the nodes are arranged.
    pub arrangement: Arrangement,
    /// Longer node tooltips (e.g. a router's ports), indexed by node; empty for the label.
    pub tips: Vec<String>,
    /// (smaller, larger) node -> index into `edges`.
    index: HashMap<(Node, Node), usize>,
}

/// What the diagram area shows for a network.
#[derive(Debug, Clone, PartialEq)]
pub enum Drawing {
    /// A drawing.
    Layout(Arc<Layout>),
    /// Too many nodes or links to draw legibly (or quickly).
    TooLarge {
        /// Nodes N.
        nodes: u64,
        /// Links.
        links: u64,
    },
    /// A family the diagram does not know how to draw.
    Unsupported,
}

/// Whether a network of this size is drawn.
pub fn drawable(nodes: u64, links: u64) -> bool {
    nodes <= MAX_DRAWN_NODES && links <= MAX_DRAWN_LINKS
}

/// The drawing of `net`, or why there is none.
pub fn draw(net: &Network) -> Drawing {
    let t = net.topology();
    let (nodes, links) = (t.node_count() as u64, t.link_count());
    if !drawable(nodes, links) {
        return Drawing::TooLarge { nodes, links };
    }
    let layout = if let Ok(h) = net.hypercycle() {
        hypercycle(h)
    } else if let Ok(k) = net.kyklos() {
        super::kyklos::kyklos(k)
    } else if let Ok(l) = net.lens() {
        super::lens::lens(l)
    } else if let Ok(d) = net.d3() {
        super::d3::d3(d)
    } else if let Ok(d) = net.mdf() {
        super::d3::mdf(d)
    } else {
        // New families get their layout later.
        return Drawing::Unsupported;
    };
    Drawing::Layout(Arc::new(layout))
}

impl Layout {
    /// The shape of the link `u -> v`, oriented from `u` to `v`; `None` if they are not linked.
    pub fn edge(&self, u: Node, v: Node) -> Option<Curve> {
        let e = &self.edges[*self.index.get(&(u.min(v), u.max(v)))?];
        Some(if e.a == u {
            e.curve
        } else {
            e.curve.reversed()
        })
    }

    /// One sentence describing the arrangement, for screen readers.
    pub fn describe(&self) -> String {
        match self.arrangement {
            Arrangement::Ring { nodes } => format!(
                "A ring of {nodes} nodes on a circle, in address order clockwise from the top; \
                 links that skip nodes bow inwards."
            ),
            Arrangement::Grid { rows, cols } => format!(
                "A grid of {rows} rows (first digit) by {cols} columns (second digit); \
                 wrap-around and skip links are arcs above rows and left of columns."
            ),
            Arrangement::Blocks { blocks, rows, cols } => format!(
                "{blocks} blocks of {rows} by {cols} nodes: the last two digits give the row and \
                 column inside a block, the other digits place the block; links between blocks \
                 are faint curves."
            ),
            Arrangement::Trees {
                leaves,
                trees,
                levels,
            } => {
                let more = if trees > 2 {
                    " (further trees stacked alternately above and below)"
                } else {
                    ""
                };
                let below = if trees > 1 { ", tree 1 below" } else { "" };
                format!(
                    "{leaves} L-nodes in a row in address order; {trees} trees of {levels} levels, \
                     tree 0 above the row{below}{more}. Each IB-node is drawn at its level over \
                     the middle of the leaves it spans."
                )
            }
            Arrangement::Stages {
                rows,
                busses,
                processors,
                completed,
            } => format!(
                "{rows} rows of exchange groups, from dot position 1 at the top: each group is \
                 {busses} busses (bars, above) fully linked to {processors} processors (circles, \
                 below); each row's processors meet the next row's busses through a perfect \
                 shuffle.{}",
                if completed {
                    " Dotted completion links join the bottom processors to the top busses \
                     around the sides."
                } else {
                    ""
                }
            ),
            Arrangement::Cabinets {
                cabinets,
                drawers,
                columns,
            } => format!(
                "{cabinets} cabinets as panels, {columns} per row, in order; in each cabinet \
                 {drawers} drawers as rows, top to bottom, of {drawers} routers (c,d,p) left to \
                 right. Local links join the routers of a drawer (neighbours straight, others \
                 arcs above the row); global links (c,d,p) to (c+a,p,d) are faint arcs between \
                 cabinets, or across a panel's diagonal when a = 0."
            ),
            Arrangement::Groups { groups, routers } => format!(
                "{groups} groups on a circle, clockwise from the top; each group's {routers} \
                 routers (g,r) on a small circle, joined by local links; one global link joins \
                 every two groups."
            ),
        }
    }

    /// The kind of node v.
    pub fn style(&self, v: Node) -> &NodeStyle {
        &self.styles[usize::from(self.style_of[v])]
    }

    /// A layout from node centres and links in any coordinates: moved into a viewBox
    /// starting at (0, 0) with padding, labels shown per style only where legible.
    pub(super) fn fitted(
        nodes: Vec<Point>,
        labels: Vec<String>,
        mut styles: Vec<NodeStyle>,
        style_of: Vec<u8>,
        mut edges: Vec<Edge>,
        arrangement: Arrangement,
        radius: f64,
    ) -> Layout {
        let mut min = Point::new(f64::INFINITY, f64::INFINITY);
        let mut max = Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
        let mut grow = |p: Point, mx: f64, my: f64| {
            min = Point::new(min.x.min(p.x - mx), min.y.min(p.y - my));
            max = Point::new(max.x.max(p.x + mx), max.y.max(p.y + my));
        };
        for (v, &p) in nodes.iter().enumerate() {
            let (hw, hh) = styles[usize::from(style_of[v])].shape.half_extent();
            grow(p, hw + STROKE, hh + STROKE);
        }
        for e in &edges {
            for p in e.curve.hull() {
                grow(p, STROKE, STROKE);
            }
        }
        if nodes.is_empty() {
            (min, max) = (Point::new(0.0, 0.0), Point::new(0.0, 0.0));
        }
        let shift = Point::new(PAD - min.x, PAD - min.y);
        let nodes: Vec<Point> = nodes.iter().map(|&p| p.plus(shift, 1.0)).collect();
        for e in &mut edges {
            e.curve = e.curve.translated(shift);
        }
        let width = (max.x - min.x + 2.0 * PAD).ceil();
        let height = (max.y - min.y + 2.0 * PAD).ceil();
        let index = edges
            .iter()
            .enumerate()
            .map(|(k, e)| ((e.a, e.b), k))
            .collect();
        for s in &mut styles {
            s.show_labels = s.show_labels && legible(s.font_size, width);
        }
        let shown = styles.iter().filter(|s| s.show_labels);
        let font_size = shown
            .clone()
            .map(|s| s.font_size)
            .fold(f64::INFINITY, f64::min);
        let show_labels = shown.count() > 0;
        Layout {
            width,
            height,
            radius,
            font_size: if show_labels { font_size } else { 0.0 },
            show_labels,
            styles,
            style_of,
            nodes,
            labels,
            edges,
            arrangement,
            tips: Vec::new(),
            index,
        }
    }
}

/// Whether labels of `font` user units are legible in a drawing `width` units wide.
pub(super) fn legible(font: f64, width: f64) -> bool {
    font * (NOMINAL_WIDTH / width).min(1.0) >= MIN_LABEL_PX
}

/// Node radius, node spacing and label font size for addresses of `len` characters.
fn sizes(len: usize) -> (f64, f64, f64) {
    let radius: f64 = if len <= 3 { 13.0 } else { 16.0 };
    // A monospace glyph is about 0.6 em wide; keep the label inside 92 % of the diameter.
    let font = (2.0 * radius * 0.92 / (0.6 * len.max(1) as f64)).min(11.0);
    let spacing = (2.0 * radius + 16.0).max(44.0);
    (radius, spacing, font)
}

/// The drawing of a Hypercycle (see the module documentation).
pub fn hypercycle(h: &Hypercycle) -> Layout {
    let n = h.node_count();
    let r = h.dimensions();
    let m = h.radices();
    let (radius, s, font_size) = sizes(r);

    let (nodes, arrangement) = if r == 1 {
        (ring_positions(n, s), Arrangement::Ring { nodes: n })
    } else {
        nested_positions(h, s)
    };

    let mut edges = Vec::new();
    let mut buf = Vec::new();
    for v in 0..n {
        buf.clear();
        h.neighbours(v, &mut buf);
        for &w in buf.iter().filter(|&&w| w > v) {
            let Some(i) = (0..r).find(|&i| h.digit(v, i) != h.digit(w, i)) else {
                continue;
            };
            let span = h.digit(v, i).abs_diff(h.digit(w, i));
            let (p, q) = (nodes[v], nodes[w]);
            let (kind, curve) = if r == 1 {
                // The ring is centred on (0, 0). Links that skip nodes bow towards the centre,
                // away from the rim; a diameter stays straight.
                let ring_step = span.min(m[0] - span);
                let mid = Point::new((p.x + q.x) / 2.0, (p.y + q.y) / 2.0);
                let inset = mid.norm();
                if ring_step == 1 {
                    (EdgeKind::Near, Curve::Line(p, q))
                } else if inset < 1e-6 * s {
                    (EdgeKind::Far, Curve::Line(p, q))
                } else {
                    let towards_centre = Point::new(-mid.x / inset, -mid.y / inset);
                    (
                        EdgeKind::Far,
                        Curve::arc(p, q, towards_centre, 0.35 * inset, 0.25),
                    )
                }
            } else if i + 2 >= r {
                // Inside a block: the last digit runs along a row, the one before down a column.
                if span == 1 {
                    (EdgeKind::Near, Curve::Line(p, q))
                } else {
                    let normal = if i + 1 == r {
                        Point::new(0.0, -1.0)
                    } else {
                        Point::new(-1.0, 0.0)
                    };
                    let top = m[i].saturating_sub(3).max(1) as f64;
                    let bulge = s * (0.4 + 0.22 * f64::from(span - 2) / top);
                    (EdgeKind::Far, Curve::arc(p, q, normal, bulge, 0.0))
                }
            } else {
                // Both ends sit at the same place in their blocks: bow towards the nearer
                // outside of the block, so the curve crosses as little of it as possible.
                let chord = p.to(q);
                let len = chord.norm().max(f64::EPSILON);
                let mut normal = Point::new(chord.y / len, -chord.x / len);
                let (row, col) = (h.digit(v, r - 2), h.digit(v, r - 1));
                let outwards = if chord.x.abs() >= chord.y.abs() {
                    // Side by side: up from the upper half, down from the lower half.
                    let up = 2 * row < m[r - 2] - 1;
                    (normal.y < 0.0) == up
                } else {
                    // One above the other: left from the left half, right from the right half.
                    let left = 2 * col < m[r - 1] - 1;
                    (normal.x < 0.0) == left
                };
                if !outwards {
                    normal = Point::new(-normal.x, -normal.y);
                }
                let bulge = (0.12 * len).clamp(0.3 * s, 1.2 * s);
                (EdgeKind::Block, Curve::arc(p, q, normal, bulge, 0.25))
            };
            edges.push(Edge {
                a: v,
                b: w,
                kind,
                curve,
            });
        }
    }

    let style = NodeStyle {
        shape: Shape::Circle(radius),
        font_size,
        show_labels: true,
        class: "",
    };
    let labels = (0..n).map(|v| h.format_node(v)).collect();
    Layout::fitted(
        nodes,
        labels,
        vec![style],
        vec![0; n],
        edges,
        arrangement,
        radius,
    )
}

/// `n` nodes clockwise from the top of a circle, neighbours about `s` apart.
fn ring_positions(n: usize, s: f64) -> Vec<Point> {
    let radius = (s * n as f64 / (2.0 * PI)).max(s);
    (0..n)
        .map(|k| {
            let angle = -PI / 2.0 + 2.0 * PI * k as f64 / n as f64;
            Point::new(radius * angle.cos(), radius * angle.sin())
        })
        .collect()
}

/// Node centres for two or more digits: an inner grid of the last two digits, and each
/// further digit laying blocks side by side or one above the other.
fn nested_positions(h: &Hypercycle, s: f64) -> (Vec<Point>, Arrangement) {
    let r = h.dimensions();
    let m = h.radices();
    let (rows, cols) = (m[r - 2], m[r - 1]);
    // Extent of a block between its outermost node centres.
    let mut w = f64::from(cols - 1) * s;
    let mut ht = f64::from(rows - 1) * s;
    // Each outer level lays its blocks in a grid of `columns`, by digit value, row by row:
    // one row or one column, whichever keeps the drawing closer to square, unless that would
    // be more than 6:1 — then the grid closest to 1.4:1 (a large radix wraps onto rows).
    let mut levels = Vec::new();
    for (level, digit) in (0..r - 2).rev().enumerate() {
        let gap = s * (1.0 + 0.5 * (level + 1) as f64);
        let count = m[digit];
        let (pitch_x, pitch_y) = (w + gap, ht + gap);
        let extent = |columns: u32| {
            let lines = count.div_ceil(columns);
            (
                pitch_x * f64::from(columns - 1) + w,
                pitch_y * f64::from(lines - 1) + ht,
            )
        };
        let mut columns = if w <= ht * 1.25 { count } else { 1 };
        let (ew, eh) = extent(columns);
        if ew > 6.0 * eh || eh > 6.0 * ew {
            let misfit = |c: u32| {
                let (ew, eh) = extent(c);
                (ew / eh / 1.4).ln().abs()
            };
            // Full rows when the radix has a proper divisor (8 -> 4 x 2), else any grid.
            let full = |c: &u32| count % c == 0;
            let has_divisor = (2..count).any(|c| full(&c));
            columns = (1..=count)
                .filter(|c| !has_divisor || full(c))
                .min_by(|&a, &b| misfit(a).total_cmp(&misfit(b)))
                .unwrap_or(count);
        }
        levels.push((digit, columns, pitch_x, pitch_y));
        (w, ht) = extent(columns);
    }
    let positions = (0..h.node_count())
        .map(|v| {
            let mut p = Point::new(
                f64::from(h.digit(v, r - 1)) * s,
                f64::from(h.digit(v, r - 2)) * s,
            );
            for &(digit, columns, pitch_x, pitch_y) in &levels {
                let d = h.digit(v, digit);
                p.x += f64::from(d % columns) * pitch_x;
                p.y += f64::from(d / columns) * pitch_y;
            }
            p
        })
        .collect();
    let arrangement = if r == 2 {
        Arrangement::Grid { rows, cols }
    } else {
        Arrangement::Blocks {
            blocks: m[..r - 2].iter().map(|&x| x as usize).product(),
            rows,
            cols,
        }
    };
    (positions, arrangement)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[&str] = &[
        "hypercycle:m=2,rho=1",
        "hypercycle:m=3,rho=1",
        "hypercycle:m=12,rho=2",
        "hypercycle:m=36,rho=18",
        "hypercycle:m=6x5,rho=1x2",
        "hypercycle:m=2x36,rho=1x3",
        "hypercycle:m=5x4x3,rho=2x1x1",
        "hypercube:n=6",
        "hypercube:n=9",
        "hypercycle:m=3x3x3x3,rho=1x1x1x1",
        "hypercycle:m=8x8x8,rho=4x1x2",
    ];

    fn layout(spec: &str) -> Layout {
        let net: Network = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
        match draw(&net) {
            Drawing::Layout(l) => (*l).clone(),
            other => panic!("{spec} is not drawn: {other:?}"),
        }
    }

    fn inside(l: &Layout, p: Point, margin: f64) -> bool {
        p.x - margin >= 0.0
            && p.y - margin >= 0.0
            && p.x + margin <= l.width
            && p.y + margin <= l.height
    }

    #[test]
    fn every_node_and_link_is_inside_the_view_box() {
        for spec in SPECS {
            let l = layout(spec);
            for (v, &p) in l.nodes.iter().enumerate() {
                assert!(
                    inside(&l, p, l.radius),
                    "{spec}: node {} at {p:?}",
                    l.labels[v]
                );
            }
            for e in &l.edges {
                for p in e.curve.samples(16) {
                    assert!(
                        inside(&l, p, 0.0),
                        "{spec}: link {}-{} at {p:?}",
                        l.labels[e.a],
                        l.labels[e.b]
                    );
                }
            }
        }
    }

    #[test]
    fn nodes_never_overlap() {
        for spec in SPECS {
            let l = layout(spec);
            for a in 0..l.nodes.len() {
                for b in a + 1..l.nodes.len() {
                    let d = l.nodes[a].distance(l.nodes[b]);
                    assert!(
                        d >= 2.0 * l.radius + 4.0,
                        "{spec}: {} and {} are {d} apart",
                        l.labels[a],
                        l.labels[b]
                    );
                }
            }
        }
    }

    #[test]
    fn every_link_is_drawn_once_between_its_nodes() {
        for spec in SPECS {
            let net: Network = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
            let l = layout(spec);
            assert_eq!(l.edges.len() as u64, net.topology().link_count(), "{spec}");
            for e in &l.edges {
                assert!(e.a < e.b);
                assert!(e.curve.start().distance(l.nodes[e.a]) < 1e-9);
                assert!(e.curve.end().distance(l.nodes[e.b]) < 1e-9);
                let back = l
                    .edge(e.b, e.a)
                    .unwrap_or_else(|| panic!("{spec}: no reverse edge"));
                assert!(back.start().distance(l.nodes[e.b]) < 1e-9);
            }
        }
    }

    use crate::diagram::testing::pos;

    #[test]
    fn a_grid_has_rows_of_the_first_digit_and_columns_of_the_second() {
        let l = layout("hypercycle:m=6x5,rho=1x2");
        assert_eq!(l.arrangement, Arrangement::Grid { rows: 6, cols: 5 });
        let (o, p) = (pos(&l, "00"), pos(&l, "32"));
        let s = pos(&l, "01").x - o.x;
        assert!(s > 2.0 * l.radius);
        assert!((p.x - o.x - 2.0 * s).abs() < 1e-9 && (p.y - o.y - 3.0 * s).abs() < 1e-9);
        // Adjacent digits are straight; the wrap-around 00-04 and the skip 00-02 are arcs.
        let kind = |a: &str, b: &str| {
            let (u, v) = (
                l.labels.iter().position(|x| x == a),
                l.labels.iter().position(|x| x == b),
            );
            l.edges
                .iter()
                .find(|e| Some(e.a) == u && Some(e.b) == v)
                .map(|e| e.kind)
        };
        assert_eq!(kind("00", "01"), Some(EdgeKind::Near));
        assert_eq!(kind("00", "02"), Some(EdgeKind::Far));
        assert_eq!(kind("00", "04"), Some(EdgeKind::Far));
        assert_eq!(kind("00", "50"), Some(EdgeKind::Far));
        assert_eq!(kind("00", "03"), Some(EdgeKind::Far)); // 0 - 2 mod 5
        assert_eq!(kind("00", "20"), None); // rows are a ring (ρ = 1)
                                            // The arc 00-02 passes above 01, clear of its circle.
        let arc = l.edge(0, 2).unwrap_or_else(|| panic!("no 00-02"));
        assert!(arc.at(0.5).y < pos(&l, "01").y - l.radius);
    }

    #[test]
    fn blocks_are_placed_by_the_outer_digits() {
        let l = layout("hypercycle:m=5x4x3,rho=2x1x1");
        assert_eq!(
            l.arrangement,
            Arrangement::Blocks {
                blocks: 5,
                rows: 4,
                cols: 3
            }
        );
        let o = pos(&l, "000");
        let s = pos(&l, "001").x - o.x;
        // Inside a block: row = second digit, column = last digit.
        let p = pos(&l, "012");
        assert!((p.x - o.x - 2.0 * s).abs() < 1e-9 && (p.y - o.y - s).abs() < 1e-9);
        // Five blocks side by side (one row, not wrapped), separated by more than the spacing.
        assert!((pos(&l, "400").y - o.y).abs() < 1e-9);
        let b1 = pos(&l, "100");
        assert!((b1.y - o.y).abs() < 1e-9);
        assert!(b1.x - pos(&l, "002").x > s);
        assert!((pos(&l, "200").x - b1.x - (b1.x - o.x)).abs() < 1e-9);
    }

    #[test]
    fn hypercube_levels_alternate_and_gaps_grow() {
        let l = layout("hypercube:n=6");
        let o = pos(&l, "000000");
        let right = |a: &str| pos(&l, a).x - o.x;
        let down = |a: &str| pos(&l, a).y - o.y;
        let s = right("000001");
        assert!((down("000010") - s).abs() < 1e-9);
        // Digit 4 lays blocks side by side, digit 3 one above the other, and so on outwards.
        assert!(right("000100") > 2.0 * s && down("000100").abs() < 1e-9);
        assert!(down("001000") > 2.0 * s && right("001000").abs() < 1e-9);
        assert!(right("010000") > right("000100") && down("010000").abs() < 1e-9);
        assert!(down("100000") > down("001000") && right("100000").abs() < 1e-9);
        // Gaps grow outwards.
        let gap1 = right("000100") - right("000001");
        let gap3 = right("010000") - right("000101");
        assert!(gap3 > gap1);
        assert!(l.show_labels);
    }

    #[test]
    fn a_ring_starts_at_the_top_and_runs_clockwise() {
        let l = layout("hypercycle:m=12,rho=2");
        assert_eq!(l.arrangement, Arrangement::Ring { nodes: 12 });
        let top = l.nodes.iter().map(|p| p.y).fold(f64::INFINITY, f64::min);
        assert!((l.nodes[0].y - top).abs() < 1e-9);
        assert!(l.nodes[3].x > l.nodes[0].x && (l.nodes[3].y - l.nodes[9].y).abs() < 1e-6);
        assert_eq!(
            l.edges.iter().filter(|e| e.kind == EdgeKind::Far).count(),
            12
        );
        // Skip links bow inwards: the middle of 0-2 is nearer the centre than its chord is.
        let centre = l.nodes[0].plus(l.nodes[0].to(l.nodes[6]), 0.5);
        let chord_mid = l.nodes[0].plus(l.nodes[0].to(l.nodes[2]), 0.5);
        let skip = l.edge(0, 2).unwrap_or_else(|| panic!("no 0-2"));
        assert!(skip.at(0.5).distance(centre) < chord_mid.distance(centre) - l.radius);
        assert!(l.describe().contains("12 nodes"));
    }

    #[test]
    fn large_networks_are_not_drawn() {
        let net: Network = "hypercube:n=20".parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            draw(&net),
            Drawing::TooLarge {
                nodes: 1 << 20,
                links: 20 << 19
            }
        );
        // 8x8x8 with ρ = 4x1x2 has 512 nodes: still drawn, labels hidden.
        assert!(!layout("hypercycle:m=8x8x8,rho=4x1x2").show_labels);
    }

    #[test]
    fn a_long_row_of_blocks_wraps() {
        // Eight 8x8 blocks in one row would be 9:1; they wrap onto two rows of four.
        let l = layout("hypercycle:m=8x8x8,rho=4x1x2");
        assert!(
            l.width < 3.0 * l.height && l.height < 3.0 * l.width,
            "{} x {}",
            l.width,
            l.height
        );
        let (b0, b3, b4) = (pos(&l, "000"), pos(&l, "300"), pos(&l, "400"));
        assert!((b3.y - b0.y).abs() < 1e-9 && b3.x > b0.x);
        assert!((b4.x - b0.x).abs() < 1e-9 && b4.y > b0.y);
    }
}
