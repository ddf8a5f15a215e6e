//! The drawing of a network's aggregates ([`super::aggregate`]): its items in a row in
//! node order, each bundle of links between two items an arc above the row with its link
//! count (a Hypercycle's: its dimension) at the top, brackets under the row naming the
//! items opened. Pure: no Leptos, no web-sys.
//!
//! ```text
//!            ╭──── 256 ────╮
//!       ╭ 16 ┼─╮  ╭ 1 ╮    │         arcs rise from the items' tops, higher the farther
//!    [cab 0] [(3,0,*)] [(3,1,*)] … [cab 15]   apart their ends; a count is drawn where it
//!            └ cabinet 3 ────┘               overlaps no other, its arc still drawn
//! ```
//!
//! Entry i of the layout is item i of the frontier ([`Aggregated::items`]); a highlight of
//! network nodes and channels is carried onto the items by [`Aggregated::item_of`],
//! [`Aggregated::path`], [`Aggregated::channels`] and [`Aggregated::heat`].

use icn_core::Node;

use super::aggregate::{Bundle, Hierarchy, Item, Open, MAX_ITEMS};
use super::geometry::{Curve, Point};
use super::layout::{Arrangement, Edge, EdgeKind, Layout, NodeStyle, Note, Shape};
use crate::format::group;

/// Label size of items and notes, user units (11 px at scale 1).
const FONT: f64 = 11.0;
/// Space between two items of a row.
const GAP: f64 = 10.0;
/// Extra space where the items' parents change.
const GROUP_GAP: f64 = 12.0;
/// A bundle's arc rises this much over its ends' tops, plus [`SLOPE`] of its span.
const RISE: f64 = 14.0;
/// An arc's height per unit of its span.
const SLOPE: f64 = 0.3;
/// Vertical space per nesting level of the brackets under the row.
const BRACKET: f64 = 20.0;

/// A drawing of aggregates and what it draws.
#[derive(Debug, Clone, PartialEq)]
pub struct Aggregated {
    /// The drawing: entry i is item i.
    pub layout: Layout,
    /// The items drawn, in node order.
    pub items: Vec<Item>,
    /// The bundles between them.
    pub bundles: Vec<Bundle>,
    /// The hierarchy they come from.
    pub hierarchy: Hierarchy,
}

/// The width of a text of `chars` characters at `font` (the diagrams' monospace font).
fn text_w(chars: usize, font: f64) -> f64 {
    0.6 * font * chars as f64
}

/// The drawing of `h`'s items when `open` are opened; `None` past [`MAX_ITEMS`] items.
pub fn aggregate(h: &Hierarchy, open: &Open) -> Option<Aggregated> {
    let items = h.frontier(open, MAX_ITEMS)?;
    let bundles = h.bundles(&items);
    let labels: Vec<String> = items.iter().map(|it| h.label(it)).collect();
    // One style per depth: a pill as wide as that depth's longest label.
    let mut styles = Vec::new();
    let mut style_at = vec![None; h.levels() + 1];
    for (it, label) in items.iter().zip(&labels) {
        let d = it.len();
        let len = text_w(label.chars().count(), FONT) / 2.0 + 7.0;
        match style_at[d] {
            None => {
                style_at[d] = Some(styles.len());
                styles.push(NodeStyle {
                    shape: Shape::Rect {
                        hw: len,
                        hh: FONT / 2.0 + 5.0,
                    },
                    font_size: FONT,
                    show_labels: true,
                    class: if h.openable(it) { "block" } else { "router" },
                });
            }
            Some(s) => {
                if let Shape::Rect { hw, .. } = &mut styles[s].shape {
                    *hw = hw.max(len);
                }
            }
        }
    }
    let style_of: Vec<u8> = items
        .iter()
        .map(|it| style_at[it.len()].unwrap_or(0) as u8)
        .collect();
    let half = |i: usize| styles[usize::from(style_of[i])].shape.half_extent();
    let hh = FONT / 2.0 + 5.0;
    let mut nodes = Vec::with_capacity(items.len());
    let mut x = 0.0;
    for i in 0..items.len() {
        if i > 0 {
            let parted = items[i][..items[i].len() - 1] != items[i - 1][..items[i - 1].len() - 1];
            x += half(i - 1).0 + half(i).0 + GAP + if parted { GROUP_GAP } else { 0.0 };
        }
        nodes.push(Point::new(x, 0.0));
    }
    let edges: Vec<Edge> = bundles
        .iter()
        .map(|b| Edge {
            a: b.a,
            b: b.b,
            kind: if b.b == b.a + 1 {
                EdgeKind::Near
            } else {
                EdgeKind::Block
            },
            curve: arc(nodes[b.a], nodes[b.b], hh),
        })
        .collect();
    let mut notes = counts(&bundles, &nodes, hh);
    notes.extend(brackets(h, open, &items, &nodes, &half));
    let first = nodes.first().copied().unwrap_or(Point::new(0.0, 0.0));
    let mut layout = Layout::fitted(
        nodes,
        labels,
        styles,
        style_of,
        edges,
        Arrangement::Aggregate {
            nodes: h.nodes(),
            items: items.len(),
            bundles: bundles.len(),
            top: h.top_kind(),
            by_dimension: h.by_dimension(),
        },
        hh,
    )
    .with_notes(notes, first);
    layout.tips = items.iter().map(|it| h.describe(it)).collect();
    Some(Aggregated {
        layout,
        items,
        bundles,
        hierarchy: h.clone(),
    })
}

/// A bundle's arc from `a` to `b` above the row (items `hh` high).
fn arc(a: Point, b: Point, hh: f64) -> Curve {
    Curve::arc(a, b, Point::new(0.0, -1.0), rise(a, b, hh), 0.0)
}

/// How high a bundle's arc reaches above the row's centre line.
fn rise(a: Point, b: Point, hh: f64) -> f64 {
    hh + RISE + SLOPE * (b.x - a.x).abs()
}

/// Each bundle's count (a Hypercycle's: its dimension) at the top of its arc, shortest
/// arcs first, where it overlaps no count already placed; a D3 bundle of one link has
/// none (an arc without a count is one link).
fn counts(bundles: &[Bundle], nodes: &[Point], hh: f64) -> Vec<Note> {
    let mut order: Vec<&Bundle> = bundles.iter().collect();
    order.sort_by(|x, y| {
        let span = |b: &Bundle| (nodes[b.b].x - nodes[b.a].x).abs();
        span(x).total_cmp(&span(y))
    });
    let mut placed: Vec<(Point, f64)> = Vec::new();
    let mut notes = Vec::new();
    for b in order
        .into_iter()
        .filter(|b| b.links > 1 || b.dimension.is_some())
    {
        let (pa, pb) = (nodes[b.a], nodes[b.b]);
        let text = match b.dimension {
            Some(j) => format!("dim {j}"),
            None => group(b.links),
        };
        let w = text_w(text.chars().count(), FONT) + 6.0;
        let at = Point::new((pa.x + pb.x) / 2.0, pa.y - rise(pa, pb, hh));
        let clear = placed.iter().all(|&(q, qw)| {
            (q.x - at.x).abs() >= (w + qw) / 2.0 + 2.0 || (q.y - at.y).abs() >= FONT + 4.0
        });
        if !clear {
            continue;
        }
        placed.push((at, w));
        let links = if b.links == 1 { "link" } else { "links" };
        let tip = match b.dimension {
            Some(j) => format!("{} {links} in dimension {j}", group(b.links)),
            None => format!("{} {links}", group(b.links)),
        };
        notes.push(Note {
            at,
            text,
            font: FONT,
            line: None,
            tip,
        });
    }
    notes
}

/// Under the row, a bracket under each opened item's parts, naming it at its start;
/// brackets of items opened inside it above its own.
fn brackets(
    h: &Hierarchy,
    open: &Open,
    items: &[Item],
    nodes: &[Point],
    half: &dyn Fn(usize) -> (f64, f64),
) -> Vec<Note> {
    let mut notes = Vec::new();
    let bottom = (0..items.len()).map(|i| half(i).1).fold(0.0, f64::max);
    for o in open {
        let inside: Vec<usize> = (0..items.len())
            .filter(|&i| items[i].len() > o.len() && items[i].starts_with(o))
            .collect();
        let (Some(&first), Some(&last)) = (inside.first(), inside.last()) else {
            continue;
        };
        // Levels of opened items nested inside this one (0 for none).
        let nest = inside
            .iter()
            .map(|&i| items[i].len() - o.len() - 1)
            .max()
            .unwrap_or(0);
        let y = bottom + 10.0 + BRACKET * nest as f64;
        let (x0, x1) = (nodes[first].x - half(first).0, nodes[last].x + half(last).0);
        let line = Curve::Poly([
            Point::new(x0, y - 6.0),
            Point::new(x0, y),
            Point::new(x0, y),
            Point::new(x1, y),
            Point::new(x1, y),
            Point::new(x1, y - 6.0),
        ]);
        // The name at the bracket's start, under the first part (where the view goes when
        // it is opened, and where a narrow screen shows it), else centred.
        let title = h.title(o);
        let half = text_w(title.chars().count(), FONT) / 2.0;
        let x = if x1 - x0 >= 2.0 * half + 8.0 {
            x0 + 4.0 + half
        } else {
            (x0 + x1) / 2.0
        };
        notes.push(Note {
            at: Point::new(x, y + FONT / 2.0 + 3.0),
            text: title,
            font: FONT,
            line: Some(line),
            tip: h.describe(o),
        });
    }
    notes
}

impl Aggregated {
    /// The item drawing node `v`.
    pub fn item_of(&self, v: Node) -> Option<usize> {
        self.hierarchy.index_in(&self.items, v)
    }

    /// The node item `i` is, when it is a single node.
    pub fn node_of(&self, i: usize) -> Option<Node> {
        self.hierarchy.node(self.items.get(i)?)
    }

    /// A path of nodes as the items it passes, each once in a row.
    pub fn path(&self, path: &[Node]) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for &v in path {
            if let Some(i) = self.item_of(v) {
                if out.last() != Some(&i) {
                    out.push(i);
                }
            }
        }
        out
    }

    /// Channels as the bundles they run in (channels inside an item dropped), each once.
    pub fn channels(&self, channels: &[(Node, Node)]) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = channels
            .iter()
            .filter_map(|&(u, v)| Some((self.item_of(u)?, self.item_of(v)?)))
            .filter(|(a, b)| a != b)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The items holding one of `channels` inside them (both ends in the item), in order,
    /// each once: what no bundle shows until the item is opened.
    pub fn inside(&self, channels: &[(Node, Node)]) -> Vec<usize> {
        let mut out: Vec<usize> = channels
            .iter()
            .filter_map(|&(u, v)| {
                let i = self.item_of(u)?;
                (self.item_of(v)? == i).then_some(i)
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Channels' shares as their bundles', the busiest channel of each (a bundle is as busy
    /// as its busiest link).
    pub fn heat(&self, heat: &[(Node, Node, f64)]) -> Vec<(usize, usize, f64)> {
        let mut out: Vec<(usize, usize, f64)> = heat
            .iter()
            .filter_map(|&(u, v, x)| Some((self.item_of(u)?, self.item_of(v)?, x)))
            .filter(|(a, b, _)| a != b)
            .collect();
        out.sort_by(|p, q| (p.0, p.1).cmp(&(q.0, q.1)).then(q.2.total_cmp(&p.2)));
        out.dedup_by_key(|p| (p.0, p.1));
        out
    }

    /// Per item, how many of its nodes `lit` marks (indexed by node).
    pub fn lit_counts(&self, lit: &[bool]) -> Vec<u64> {
        let mut out = vec![0u64; self.items.len()];
        for (v, _) in lit.iter().enumerate().filter(|(_, &l)| l) {
            if let Some(i) = self.item_of(v) {
                out[i] += 1;
            }
        }
        out
    }

    /// The item's nodes.
    pub fn size(&self, i: usize) -> u64 {
        self.items.get(i).map_or(0, |it| self.hierarchy.size(it))
    }
}

/// The text alternative of an aggregated drawing.
pub(super) fn describe(a: &Arrangement) -> String {
    let Arrangement::Aggregate {
        nodes,
        items,
        bundles,
        top,
        by_dimension,
    } = *a
    else {
        return String::new();
    };
    let label = if by_dimension {
        "the dimension its links run in"
    } else {
        "its number of links"
    };
    format!(
        "The network's {} nodes as {items} aggregates ({top}, and the parts of those opened) \
         in a row in node order; each of the {bundles} bundles of links between two of them is \
         an arc above the row, labelled with {label} where the label fits{}. Brackets under \
         the row name the aggregates opened. Activating an aggregate opens it into its parts.",
        group(nodes),
        if by_dimension {
            ""
        } else {
            " (an arc without a number is one link)"
        }
    )
}

#[cfg(test)]
#[path = "bundles_tests.rs"]
mod tests;
