//! Focused drawings of networks too large to draw whole: the neighbourhood of a route (the
//! Lens's Figure 2 pair among its 1,180,980 nodes, a KYKLOS-II of 2¹² leaves, D3(16,16)).
//! Pure: no Leptos, no web-sys.
//!
//! ```text
//!   src ── h1 ── h2 ── h3 ── h4 ── h5 ─┐   the selected path hop by hop, six hops a row,
//!   (·)  (·)   (·)   (·)   (·)   (·)   │   each next row running back (a lane on the
//!    ⋮                                 │   outside joins two rows); the strategy's other
//!   dst ── h9 ── h8 ── h7 ── h6 ───────┘   paths below it, by hop; under each node of the
//!                                          selected path its other neighbours, joined to it
//!                                          by arcs on the left
//! ```
//!
//! Every node is a labelled pill (the page hides labels too small on screen until zoomed);
//! entry i draws network node `ids[i]` ([`Layout::ids`]).

use std::collections::HashMap;

use icn_core::{Network, Node};

use super::geometry::{Curve, Point};
use super::layout::{Arrangement, Edge, EdgeKind, Layout, NodeStyle, Shape};

/// Most nodes a focused drawing holds.
pub const MAX_FOCUS_NODES: usize = 160;
/// Most paths of the route drawn.
pub const MAX_FOCUS_PATHS: usize = 8;
/// Most hops per row (a wide card); at least [`MIN_PER_ROW`] where the room is narrow.
const PER_ROW: usize = 5;
/// Fewest hops per row (a phone: labels at full size, the drawing taller).
const MIN_PER_ROW: usize = 3;
/// Most neighbours drawn under one node of the selected path.
const PER_NODE: usize = 8;
/// Label size, user units (11 px at scale 1).
const FONT: f64 = 11.0;
/// Space between two pills of a column.
const ROW_GAP: f64 = 8.0;
/// Space between two rows of hops.
const BAND_GAP: f64 = 30.0;

/// One drawn node: the network node, its hop column, and for a neighbour the entry of the
/// path node it hangs under.
struct Entry {
    node: Node,
    column: usize,
    anchor: Option<usize>,
}

/// The nodes of a focused drawing, in order of entry.
#[derive(Default)]
struct Entries {
    list: Vec<Entry>,
    at: HashMap<Node, usize>,
}

impl Entries {
    fn add(&mut self, node: Node, column: usize, anchor: Option<usize>) {
        if let std::collections::hash_map::Entry::Vacant(e) = self.at.entry(node) {
            e.insert(self.list.len());
            self.list.push(Entry {
                node,
                column,
                anchor,
            });
        }
    }
}

/// The focused drawing of the route `paths` of `net` around `selected` (one of them, or
/// the first when empty): see the module documentation. `room`, the width it is shown at
/// (CSS px), sets the hops per row: as many as fit with labels at their size, from
/// [`MIN_PER_ROW`] to [`PER_ROW`] (five without a width). `None` when there is no path or a
/// node is not in the network.
pub fn route_focus(
    net: &Network,
    paths: &[Vec<Node>],
    selected: &[Node],
    room: Option<f64>,
) -> Option<Layout> {
    let t = net.topology();
    let n = t.node_count();
    let main: &[Node] = if selected.is_empty() {
        paths.first()?
    } else {
        selected
    };
    if main.is_empty() || paths.iter().flatten().chain(main).any(|&v| v >= n) {
        return None;
    }
    let mut e = Entries::default();
    // A walk may come back to a node (the Lens walkthrough's bus): it is drawn once, and
    // the next new node takes the next column.
    for &v in main {
        let column = e.list.len();
        e.add(v, column, None);
    }
    let mut drawn: Vec<&[Node]> = vec![main];
    for p in paths.iter().filter(|p| p.as_slice() != main) {
        if drawn.len() >= MAX_FOCUS_PATHS {
            break;
        }
        let new = p.iter().filter(|v| !e.at.contains_key(v)).count();
        if e.list.len() + new > MAX_FOCUS_NODES / 2 {
            continue;
        }
        for (i, &v) in p.iter().enumerate() {
            e.add(v, i, None);
        }
        drawn.push(p);
    }
    let mut left_out = 0;
    let mut buf = Vec::new();
    for &v in main {
        let i = e.list[e.at[&v]].column;
        buf.clear();
        t.neighbours(v, &mut buf);
        buf.sort_unstable();
        buf.dedup();
        let anchor = e.at[&v];
        let mut hung = 0;
        for &w in &buf {
            if e.at.contains_key(&w) {
                continue;
            }
            if hung >= PER_NODE || e.list.len() >= MAX_FOCUS_NODES {
                left_out += 1;
                continue;
            }
            e.add(w, i, Some(anchor));
            hung += 1;
        }
    }
    Some(place(net, &e, &drawn, left_out, room))
}

/// The columns and pills of a focused drawing.
struct Grid {
    hw: f64,
    hh: f64,
    col_w: f64,
    per_row: usize,
}

impl Grid {
    /// The x of column `c` (rows of `per_row` snaking back and forth).
    fn x_of(&self, c: usize) -> f64 {
        let (b, k) = (c / self.per_row, c % self.per_row);
        let k = if b % 2 == 0 { k } else { self.per_row - 1 - k };
        k as f64 * self.col_w
    }

    /// The drawing of a hop between `(point, column, row)` ends: straight between
    /// neighbouring columns, round the end of a row through a lane outside it, above the
    /// row over a revisited node, and through the outside lane between rows.
    fn hop(
        &self,
        (pa, ca, ra): (Point, usize, usize),
        (pb, cb, rb): (Point, usize, usize),
    ) -> Curve {
        let same_band = ca / self.per_row == cb / self.per_row;
        let turn = ca.abs_diff(cb) == 1 && !same_band;
        if same_band && ca.abs_diff(cb) > 1 && ra == 0 && rb == 0 {
            // Back over a revisited node to a later one: above the row.
            let skip = ca.abs_diff(cb) as f64;
            Curve::arc(
                pa,
                pb,
                Point::new(0.0, -1.0),
                self.hh + 6.0 + 2.0 * skip,
                0.0,
            )
        } else if ca == cb {
            Curve::arc(pa, pb, Point::new(-1.0, 0.0), self.hw + 8.0, 0.0)
        } else if turn {
            // Round the end of a row, outside it.
            let band = ca.min(cb) / self.per_row;
            let out = if band % 2 == 0 { 1.0 } else { -1.0 };
            let lane = pa.x + out * (self.col_w / 2.0 + 6.0);
            Curve::Poly([
                pa,
                Point::new(lane, pa.y),
                Point::new(lane, pa.y),
                Point::new(lane, pb.y),
                Point::new(lane, pb.y),
                pb,
            ])
        } else if !same_band && ra == 0 && rb == 0 {
            // Between rows of hops, not at a turn: above a's row to the lane outside
            // the turn, along it, and above b's row into b.
            let band = ca.min(cb) / self.per_row;
            let out = if band % 2 == 0 { 1.0 } else { -1.0 };
            let edge_x = self.x_of(band * self.per_row + self.per_row - 1);
            let lane = edge_x + out * (self.col_w / 2.0 + 6.0);
            let (ya, yb) = (pa.y - self.hh - 6.0, pb.y - self.hh - 6.0);
            Curve::Poly([
                pa,
                Point::new(pa.x, ya),
                Point::new(lane, ya),
                Point::new(lane, yb),
                Point::new(pb.x, yb),
                pb,
            ])
        } else {
            Curve::Line(pa, pb)
        }
    }
}

/// Whether node `v` is drawn as the family's second kind (a Lens bus, a KYKLOS IB-node).
fn second_kind(net: &Network, v: Node) -> bool {
    if let Ok(l) = net.lens() {
        !l.is_processor(v)
    } else if let Ok(k) = net.kyklos() {
        !k.is_leaf(v)
    } else {
        false
    }
}

fn place(
    net: &Network,
    e: &Entries,
    paths: &[&[Node]],
    left_out: usize,
    room: Option<f64>,
) -> Layout {
    let labels: Vec<String> = e.list.iter().map(|x| net.format_node(x.node)).collect();
    let len = labels.iter().map(|l| l.chars().count()).max().unwrap_or(1) as f64;
    let (hw, hh) = (0.6 * FONT * len / 2.0 + 5.0, FONT / 2.0 + 4.0);
    // Arcs to the neighbours bow hw + 8 left of the column: room for them and a lane.
    let col_w = 2.0 * hw + 28.0;
    let row_h = 2.0 * hh + ROW_GAP;
    // Rows as wide as the room (a lane on each side), the labels at their size.
    let per_row = room.map_or(PER_ROW, |w| {
        ((w - col_w / 2.0) / col_w)
            .round()
            .clamp(MIN_PER_ROW as f64, PER_ROW as f64) as usize
    });
    let columns = e.list.iter().map(|x| x.column).max().unwrap_or(0) + 1;
    // Row of each entry inside its column, and rows per band.
    let mut used = vec![0usize; columns];
    let rows: Vec<usize> = e
        .list
        .iter()
        .map(|x| {
            used[x.column] += 1;
            used[x.column] - 1
        })
        .collect();
    let bands = columns.div_ceil(per_row);
    let mut top = vec![0.0; bands + 1];
    for b in 0..bands {
        let tallest = used[b * per_row..columns.min((b + 1) * per_row)]
            .iter()
            .max()
            .copied()
            .unwrap_or(1);
        top[b + 1] = top[b] + tallest as f64 * row_h + BAND_GAP;
    }
    let grid = Grid {
        hw,
        hh,
        col_w,
        per_row,
    };
    let x_of = |c: usize| grid.x_of(c);
    let nodes: Vec<Point> = e
        .list
        .iter()
        .zip(&rows)
        .map(|(x, &r)| Point::new(x_of(x.column), top[x.column / per_row] + r as f64 * row_h))
        .collect();

    let mut edges = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for p in paths {
        for w in p.windows(2) {
            let (a, b) = (e.at[&w[0]], e.at[&w[1]]);
            if a == b || !seen.insert((a.min(b), a.max(b))) {
                continue;
            }
            let (a, b) = (a.min(b), a.max(b));
            let curve = grid.hop(
                (nodes[a], e.list[a].column, rows[a]),
                (nodes[b], e.list[b].column, rows[b]),
            );
            edges.push(Edge {
                a,
                b,
                kind: EdgeKind::Near,
                curve,
            });
        }
    }
    for (w, x) in e.list.iter().enumerate() {
        let Some(a) = x.anchor else { continue };
        let (a, b) = (a.min(w), a.max(w));
        edges.push(Edge {
            a,
            b,
            kind: EdgeKind::Far,
            curve: Curve::arc(nodes[a], nodes[b], Point::new(-1.0, 0.0), hw + 8.0, 0.0),
        });
    }

    let pill = Shape::Rect { hw, hh };
    let (first, second) = match (net.lens(), net.kyklos()) {
        (Ok(_), _) => ("proc", "bus"),
        (_, Ok(_)) => ("leaf", "ib"),
        _ => ("router", "router"),
    };
    let styles = [first, second]
        .map(|class| NodeStyle {
            shape: pill,
            font_size: FONT,
            show_labels: true,
            class,
        })
        .to_vec();
    let style_of = e
        .list
        .iter()
        .map(|x| u8::from(second_kind(net, x.node)))
        .collect();
    let t = net.topology();
    Layout::fitted(
        nodes,
        labels,
        styles,
        style_of,
        edges,
        Arrangement::Focus {
            nodes: t.node_count() as u64,
            drawn: e.list.len(),
            paths: paths.len(),
            per_row,
            left_out,
        },
        hh,
    )
    .with_copies(Vec::new(), false)
    .with_ids(e.list.iter().map(|x| x.node).collect())
}

/// The text alternative of a focused drawing's arrangement.
pub(super) fn describe(a: &Arrangement) -> String {
    let Arrangement::Focus {
        nodes,
        drawn,
        paths,
        per_row,
        left_out,
    } = *a
    else {
        return String::new();
    };
    format!(
        "A focused drawing: of the network's {nodes} nodes, the {drawn} drawn are the nodes of \
         {paths} path{} of the route, hop by hop from the source, {per_row} hops a row (each \
         next row running back), and below each node of the selected path its other \
         neighbours, linked to it by arcs on its left{}. Links between the neighbours are not \
         drawn.",
        if paths == 1 { "" } else { "s" },
        if left_out > 0 {
            format!(" ({left_out} more neighbours not drawn)")
        } else {
            String::new()
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The focused drawing of the default strategy's route from `from` to `to`, and the
    /// selected (first) path.
    fn focus(spec: &str, from: &str, to: &str) -> (Network, Layout, Vec<Node>) {
        let net: Network = spec.parse().expect(spec);
        let (a, b) = (
            net.parse_node(from).expect("from"),
            net.parse_node(to).expect("to"),
        );
        let r = net
            .route(net.default_strategy(), a, b, 64)
            .expect("a strategy");
        let l = route_focus(&net, &r.paths, &[], None).expect("a drawing");
        (net, l, r.paths[0].clone())
    }

    /// Inside the viewBox, no two pills closer than 2 units, every drawn edge a link of
    /// the network, labels within their pills, the selected path's every hop drawn, and no
    /// hop of it passing over a node it does not join.
    fn check(spec: &str, net: &Network, l: &Layout, path: &[Node]) {
        let t = net.topology();
        let (hw, hh) = l.style(0).shape.half_extent();
        for p in &l.nodes {
            assert!(p.x - hw >= 0.0 && p.y - hh >= 0.0, "{spec}: {p:?}");
            assert!(p.x + hw <= l.width && p.y + hh <= l.height, "{spec}: {p:?}");
        }
        for a in 0..l.nodes.len() {
            for b in a + 1..l.nodes.len() {
                let d = l.nodes[a].to(l.nodes[b]);
                assert!(
                    d.x.abs() >= 2.0 * hw + 2.0 || d.y.abs() >= 2.0 * hh + 2.0,
                    "{spec}: {} and {} overlap",
                    l.labels[a],
                    l.labels[b]
                );
            }
        }
        let mut buf = Vec::new();
        for e in &l.edges {
            let (u, v) = (l.real(e.a), l.real(e.b));
            buf.clear();
            t.neighbours(u, &mut buf);
            assert!(buf.contains(&v), "{spec}: {u}-{v} is no link");
            for p in e.curve.samples(64).chain(e.curve.hull()) {
                assert!(p.x >= 0.0 && p.y >= 0.0 && p.x <= l.width && p.y <= l.height);
            }
        }
        for (i, label) in l.labels.iter().enumerate() {
            assert_eq!(*label, net.format_node(l.real(i)), "{spec}");
            assert!(
                0.6 * FONT * label.chars().count() as f64 <= 2.0 * hw,
                "{spec}"
            );
        }
        for w in path.windows(2) {
            let c = l
                .edge(w[0], w[1])
                .expect("every hop of the selected path is drawn");
            let ends = [l.entry(w[0]), l.entry(w[1])];
            for p in c.samples(400) {
                for (v, q) in l.nodes.iter().enumerate() {
                    if ends.contains(&Some(v)) {
                        continue;
                    }
                    assert!(
                        (p.x - q.x).abs() >= hw || (p.y - q.y).abs() >= hh,
                        "{spec}: hop {}-{} over {}",
                        net.format_node(w[0]),
                        net.format_node(w[1]),
                        l.labels[v]
                    );
                }
            }
        }
    }

    #[test]
    fn the_lens_figure_2_route_with_its_busses_and_processors() {
        // Finkel & Solomon's Figure 2: n = 10, p = q = 4, 1,180,980 nodes.
        let spec = "lens:p=4,q=4,n=10,completed";
        let (net, l, path) = focus(spec, "021.0212012", "0110010.212");
        assert_eq!(net.topology().node_count(), 1_180_980);
        check(spec, &net, &l, &path);
        assert!(l.node_count() <= MAX_FOCUS_NODES);
        // The source first, the destination drawn, both kinds of node (busses are rects
        // of class "bus").
        assert_eq!(l.labels[0], "021.0212012");
        assert!(l.entry(*path.last().expect("a path")).is_some());
        assert!((0..l.node_count()).any(|v| l.style(v).class == "bus"));
        assert!((0..l.node_count()).any(|v| l.style(v).class == "proc"));
        // Labels are drawn at 11 units: at scale 1 (a 640 px card: the walkthrough's at
        // 700 px) they are 11 px.
        assert!(l.show_labels && (l.font_size - 11.0).abs() < 1e-9);
        assert!(l.width <= 640.0, "{}", l.width);
        assert!(l.describe().contains("1180980 nodes"), "{}", l.describe());
    }

    #[test]
    fn the_figure_2_walk_comes_back_through_a_bus_and_is_drawn_once() {
        let spec = "lens:p=4,q=4,n=10,completed";
        let net: Network = spec.parse().expect(spec);
        let lens = net.lens().expect("a Lens");
        let a = net.parse_node("021.0212012").expect("from");
        let b = net.parse_node("0110010.212").expect("to");
        let steps = lens
            .walkthrough(a, b, "class1".parse().expect("class1"))
            .expect("a walk");
        let walk: Vec<Node> = std::iter::once(a)
            .chain(steps.iter().flat_map(|s| [s.bus, s.node]))
            .collect();
        // The class-1 walk passes bus B0.210212012 twice (steps 2 and 3).
        let bus = net.parse_node("B0.210212012").expect("a bus");
        assert_eq!(walk.iter().filter(|&&v| v == bus).count(), 2);
        let l = route_focus(&net, std::slice::from_ref(&walk), &walk, None).expect("drawn");
        check(spec, &net, &l, &walk);
        // Drawn once; the next new node takes the next column: 0.210212012 ends the first
        // row (5 columns), 01.10212012 starts the next one under it.
        assert_eq!(l.labels.iter().filter(|s| *s == "B0.210212012").count(), 1);
        let (p, q) = (pos_of(&l, "0.210212012"), pos_of(&l, "01.10212012"));
        assert!((p.x - q.x).abs() < 1e-9 && q.y > p.y, "{p:?} {q:?}");
    }

    /// On a phone (a 335 px card) the Figure 2 route takes three hops a row, so its labels
    /// stay near their size; a wide card, or no width given, five.
    #[test]
    fn a_narrow_card_takes_fewer_hops_a_row() {
        let spec = "lens:p=4,q=4,n=10,completed";
        let net: Network = spec.parse().expect(spec);
        let (a, b) = (
            net.parse_node("021.0212012").expect("from"),
            net.parse_node("0110010.212").expect("to"),
        );
        let r = net
            .route(net.default_strategy(), a, b, 64)
            .expect("a strategy");
        let per_row = |room| match route_focus(&net, &r.paths, &[], room)
            .expect("drawn")
            .arrangement
        {
            Arrangement::Focus { per_row, .. } => per_row,
            _ => 0,
        };
        assert_eq!(
            [per_row(None), per_row(Some(1200.0)), per_row(Some(640.0))],
            [5; 3]
        );
        assert_eq!([per_row(Some(335.0)), per_row(Some(100.0))], [3; 2]);
        let l = route_focus(&net, &r.paths, &[], Some(335.0)).expect("drawn");
        check(spec, &net, &l, &r.paths[0]);
        // Scaled to 335 px, its 11-unit labels are at least 9 px (five a row: about 6.6).
        assert!(11.0 * 335.0 / l.width >= 9.0, "{}", l.width);
        assert!(l.describe().contains("3 hops a row"), "{}", l.describe());
    }

    fn pos_of(l: &Layout, addr: &str) -> Point {
        let i = l.labels.iter().position(|a| a == addr).expect(addr);
        l.nodes[i]
    }

    #[test]
    fn a_large_kyklos_around_the_trees_the_route_climbs() {
        let spec = "kyklos2:m=2,r=2,n=12";
        let net: Network = spec.parse().expect(spec);
        let leaves = net.kyklos().expect("kyklos").leaf_count();
        let (from, to) = (net.format_node(3), net.format_node(leaves - 5));
        let (net, l, path) = focus(spec, &from, &to);
        check(spec, &net, &l, &path);
        // The route climbs IB-nodes: drawn as the second kind.
        assert!(path
            .iter()
            .any(|&v| l.entry(v).is_some_and(|i| l.style(i).class == "ib")));
    }

    #[test]
    fn d3_16_16_route_and_the_routers_around_it() {
        let spec = "d3:k=16,m=16";
        let (net, l, path) = focus(spec, "(0,0,1)", "(9,7,3)");
        check(spec, &net, &l, &path);
        // 31 neighbours a router: at most PER_NODE drawn under each, the rest counted.
        assert!(matches!(l.arrangement, Arrangement::Focus { left_out, .. } if left_out > 0));
        assert!(route_focus(&net, &[], &[], None).is_none());
        assert!(route_focus(&net, &[vec![usize::MAX]], &[], None).is_none());
    }
}
