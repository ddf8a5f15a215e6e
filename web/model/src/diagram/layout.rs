//! Where each node and link of a network is drawn: the shared model ([`Layout`], its
//! edges, node styles and fitting) and [`draw`], which picks the family's layout. Pure: no
//! Leptos, no web-sys.
//!
//! Hypercycles are drawn by [`super::hypercycle`] (rings, grids, nested blocks), KYKLOS
//! networks by [`super::kyklos`] (leaves in a row, trees above and below), Lenses by
//! [`super::lens`] (rows of exchange groups joined by perfect shuffles), the Swapped and
//! maximal Dragonflies by [`super::d3`].

use std::collections::HashMap;

use icn_core::Node;

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

    /// SVG path data of this outline centred on `at` and grown by `grow` on every side
    /// (a ring drawn around a node).
    pub fn ring_path(self, at: Point, grow: f64) -> String {
        match self {
            Shape::Circle(r) => {
                let r = r + grow;
                format!(
                    "M{:.1} {:.1}a{r:.1} {r:.1} 0 1 0 {:.1} 0a{r:.1} {r:.1} 0 1 0 {:.1} 0",
                    at.x - r,
                    at.y,
                    2.0 * r,
                    -2.0 * r
                )
            }
            Shape::Rect { hw, hh } => {
                let (hw, hh) = (hw + grow, hh + grow);
                format!(
                    "M{:.1} {:.1}h{:.1}v{:.1}h{:.1}z",
                    at.x - hw,
                    at.y - hh,
                    2.0 * hw,
                    2.0 * hh,
                    -2.0 * hw
                )
            }
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
    /// Whether its labels are drawn (they fit its outline; the page hides them while too
    /// small on screen; they are always in the node's `<title>`).
    pub show_labels: bool,
    /// Extra CSS class on the node's `<g>` (`""` for none).
    pub class: &'static str,
}

/// A drawn link, from its lower-numbered node `a` to `b` (in a directed drawing, from the
/// channel's tail `a` to its head `b`; either may be a copy's entry, see
/// [`Layout::copy_of`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Edge {
    /// First node (the smaller index; the tail when directed).
    pub a: Node,
    /// Second node.
    pub b: Node,
    /// Its style.
    pub kind: EdgeKind,
    /// Its shape, from `a` to `b`.
    pub curve: Curve,
}

/// Tooltips made on demand: a D3's port lists (formatting every router's of D3(8,8) took
/// a tenth of its first render; the page fills a node's when it is hovered or focused).
#[derive(Debug, Clone, PartialEq)]
pub enum LazyTips {
    /// Each router's ports ([`super::d3::port_tip`]).
    D3(icn_core::topology::d3::D3),
}

/// A text drawn on the diagram beside the nodes (a bundle's count, a group's name), with
/// an optional line (a group's bracket). Hidden while too small on screen, as labels are.
#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    /// The text's centre.
    pub at: Point,
    /// The text.
    pub text: String,
    /// Font size (user units).
    pub font: f64,
    /// A line drawn with it.
    pub line: Option<Curve>,
    /// Its tooltip (empty for none).
    pub tip: String,
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
    /// Rows of levels, top first (a fat tree).
    Levels {
        /// Each row's name, top first.
        names: Vec<String>,
        /// Each row's node count.
        sizes: Vec<usize>,
    },
    /// Groups on a circle (a Dragonfly's groups, Slim Fly's and PolarFly's subgraphs).
    Circle {
        /// What a group is called.
        name: &'static str,
        /// Each group's node count.
        sizes: Vec<usize>,
    },
    /// A stress layout: drawn distances follow hop distances.
    Free {
        /// Nodes N.
        nodes: usize,
        /// Whether some nodes cannot reach others.
        unreachable: bool,
    },
    /// A butterfly: processors on the left, stages left to right, the processors again
    /// on the right.
    Fly {
        /// Stages n.
        stages: usize,
        /// Switches per stage.
        per_stage: usize,
        /// Processors.
        processors: usize,
    },
    /// A focused drawing of a network too large to draw whole: a route's paths hop by hop
    /// in rows, with neighbours of the selected path's nodes.
    Focus {
        /// The network's nodes.
        nodes: u64,
        /// Nodes drawn.
        drawn: usize,
        /// Paths drawn.
        paths: usize,
        /// Hops per row of the drawing.
        per_row: usize,
        /// Neighbours of the selected path's nodes left out (past the cap).
        left_out: usize,
    },
    /// Aggregates of a network too large to draw node by node (diagram/aggregate.rs): its
    /// items in a row in node order, bundles of links as arcs above it.
    Aggregate {
        /// The network's nodes.
        nodes: u64,
        /// Items drawn.
        items: usize,
        /// Bundles drawn.
        bundles: usize,
        /// What a top-level item is, plural ("cabinets", "blocks").
        top: &'static str,
        /// Whether bundles are labelled by their dimension (else by their link count).
        by_dimension: bool,
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
    /// Label font size (user units; the smallest of the labels legible at the nominal
    /// width).
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
    /// Nodes drawn a second time: entry N + i of `nodes`, `labels` and `style_of` (N the
    /// network's nodes) is a copy of node `copy_of[i]` (a butterfly's processors, sending
    /// on the left and receiving on the right). Edges may end at a copy's entry.
    pub copy_of: Vec<Node>,
    /// Whether links are one-way channels, each edge drawn from `a` to `b`.
    pub directed: bool,
    /// In a focused drawing (a part of a network too large to draw whole), the network
    /// node each entry draws; empty when entry v draws node v.
    pub ids: Vec<Node>,
    /// Texts beside the nodes: bundle counts, group brackets.
    pub notes: Vec<Note>,
    /// Tooltips made when first asked for ([`Layout::tip`]), in place of `tips`.
    pub lazy_tips: Option<LazyTips>,
    /// (smaller, larger) node, or (from, to) when directed -> index into `edges`.
    index: HashMap<(Node, Node), usize>,
}

impl Layout {
    /// The shape of the link `u -> v`, oriented from `u` to `v`; `None` if they are not linked.
    pub fn edge(&self, u: Node, v: Node) -> Option<Curve> {
        let key = if self.directed {
            (u, v)
        } else {
            (u.min(v), u.max(v))
        };
        let e = &self.edges[*self.index.get(&key)?];
        Some(if self.real(e.a) == u {
            e.curve
        } else {
            e.curve.reversed()
        })
    }

    /// The network's nodes, N: the entries of `nodes` before the copies.
    pub fn node_count(&self) -> usize {
        self.nodes.len() - self.copy_of.len()
    }

    /// The node entry `i` of `nodes` draws (itself, the node it copies, or in a focused
    /// drawing its node of the network).
    pub fn real(&self, i: usize) -> Node {
        let n = self.node_count();
        if i >= n {
            self.copy_of[i - n]
        } else if let Some(&v) = self.ids.get(i) {
            v
        } else {
            i
        }
    }

    /// The entry drawing node `v` of the network (not a copy), if drawn.
    pub fn entry(&self, v: Node) -> Option<usize> {
        if self.ids.is_empty() {
            (v < self.node_count()).then_some(v)
        } else {
            self.ids.iter().position(|&x| x == v)
        }
    }

    /// This layout drawing network node `ids[i]` at entry `i` (a focused drawing).
    pub(super) fn with_ids(mut self, ids: Vec<Node>) -> Layout {
        self.ids = ids;
        let directed = self.directed;
        let copies = std::mem::take(&mut self.copy_of);
        self.with_copies(copies, directed)
    }

    /// This layout with its last `copy_of.len()` entries marked as copies, and its links
    /// one-way when `directed`.
    pub(super) fn with_copies(mut self, copy_of: Vec<Node>, directed: bool) -> Layout {
        self.copy_of = copy_of;
        self.directed = directed;
        let keys: Vec<(Node, Node)> = self
            .edges
            .iter()
            .map(|e| {
                let (a, b) = (self.real(e.a), self.real(e.b));
                if directed {
                    (a, b)
                } else {
                    (a.min(b), a.max(b))
                }
            })
            .collect();
        self.index = keys
            .into_iter()
            .enumerate()
            .map(|(k, key)| (key, k))
            .collect();
        self
    }

    /// This layout with `notes` given in the coordinates its nodes had before fitting
    /// (`first`: where node 0 was), the viewBox grown to hold them.
    pub(super) fn with_notes(mut self, mut notes: Vec<Note>, first: Point) -> Layout {
        let shift = self
            .nodes
            .first()
            .map_or(Point::new(0.0, 0.0), |&p| first.to(p));
        let (mut min, mut max) = (
            Point::new(PAD, PAD),
            Point::new(self.width - PAD, self.height - PAD),
        );
        for n in &mut notes {
            n.at = n.at.plus(shift, 1.0);
            n.line = n.line.map(|c| c.translated(shift));
            let (hw, hh) = (
                0.3 * n.font * n.text.chars().count() as f64,
                n.font / 2.0 + 1.0,
            );
            let mut corners = vec![
                n.at.plus(Point::new(-hw, -hh), 1.0),
                n.at.plus(Point::new(hw, hh), 1.0),
            ];
            corners.extend(n.line.iter().flat_map(Curve::hull));
            for p in corners {
                min = Point::new(min.x.min(p.x), min.y.min(p.y));
                max = Point::new(max.x.max(p.x), max.y.max(p.y));
            }
        }
        let grow = Point::new(PAD - min.x, PAD - min.y);
        if grow.x > 0.0 || grow.y > 0.0 {
            let d = Point::new(grow.x.max(0.0), grow.y.max(0.0));
            for p in &mut self.nodes {
                *p = p.plus(d, 1.0);
            }
            for e in &mut self.edges {
                e.curve = e.curve.translated(d);
            }
            for n in &mut notes {
                n.at = n.at.plus(d, 1.0);
                n.line = n.line.map(|c| c.translated(d));
            }
            max = max.plus(d, 1.0);
        }
        self.width = (max.x + PAD).ceil();
        self.height = (max.y + PAD).ceil();
        self.notes = notes;
        self
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
        styles: Vec<NodeStyle>,
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
        // Labels too small at the nominal width are still drawn: the page hides them until
        // zoomed enough (`view::View::legible`).
        let shown = styles
            .iter()
            .filter(|s| s.show_labels && legible(s.font_size, width));
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
            copy_of: Vec::new(),
            directed: false,
            ids: Vec::new(),
            notes: Vec::new(),
            lazy_tips: None,
            index,
        }
    }
}

/// Whether labels of `font` user units are legible in a drawing `width` units wide.
pub(super) fn legible(font: f64, width: f64) -> bool {
    font * (NOMINAL_WIDTH / width).min(1.0) >= MIN_LABEL_PX
}
