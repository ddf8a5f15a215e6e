//! Drawings from a family's declared [`Structure`]: rows of levels (a fat tree), groups on
//! a circle (a Dragonfly, Slim Fly, PolarFly), and the stress layout of a graph without a
//! structure worth showing (Jellyfish, an imported graph). Grids are drawn by
//! [`super::grid`]. Pure: no Leptos, no web-sys.
//!
//! ```text
//!   Levels                      Groups                      Free
//!   ▭   ▭   ▭   ▭   roots          ○○                         nodes placed so that drawn
//!   |\ /|   |\ /|                ○○  ○○   each group's        lengths follow hop distances
//!   ▭   ▭   ▭   ▭              ○○      ○○ members on a small  (stress majorisation from a
//!   ○ ○ ○ ○ ○ ○ ○ ○ processors   ○○  ○○   circle; links       classical scaling start)
//!                                 ○○     between groups bow
//!                                        towards the centre
//! ```
//!
//! Terminals are circles, forwarding nodes (switches) rounded squares.

use std::f64::consts::PI;

use icn_core::graph::UNREACHABLE;
use icn_core::{Network, Structure, Topology};

use super::geometry::{Curve, Point};
use super::layout::{Arrangement, Edge, EdgeKind, Layout, NodeStyle, Shape};
use super::stress;

/// Label font size (user units) before legibility is judged.
const FONT: f64 = 9.0;

/// The node styles: terminals (circles) and forwarding nodes (squares), sized for labels
/// of `len` characters.
fn styles(len: usize) -> (Vec<NodeStyle>, f64) {
    let radius = (0.6 * FONT * len as f64 / (2.0 * 0.92)).max(8.0);
    let terminal = NodeStyle {
        shape: Shape::Circle(radius),
        font_size: FONT,
        show_labels: true,
        class: "",
    };
    let switch = NodeStyle {
        shape: Shape::Rect {
            hw: radius,
            hh: radius * 0.8,
        },
        font_size: FONT,
        show_labels: true,
        class: "switch",
    };
    (vec![terminal, switch], radius)
}

/// The drawing of `net` from its declared structure.
pub fn structured(net: &Network) -> Layout {
    let t = net.topology();
    match net.structure() {
        Structure::Grid { radices } => super::grid::grid(t, &radices),
        Structure::Levels { names, rows } => levels(t, &names, &rows),
        Structure::Stages {
            names: _,
            stages,
            terminals,
        } => stages_left_to_right(t, &stages, &terminals),
        Structure::Groups { name, groups } => groups_on_a_circle(t, name, &groups),
        Structure::Free => free(t),
    }
}

/// Labels, styles and each node's style for `t`.
fn nodes_of(t: &dyn Topology) -> (Vec<String>, Vec<NodeStyle>, Vec<u8>, f64) {
    let n = t.node_count();
    let labels: Vec<String> = (0..n).map(|v| t.format_node(v)).collect();
    let len = labels.iter().map(|l| l.chars().count()).max().unwrap_or(1);
    let (styles, radius) = styles(len);
    let terminals = t.terminal_count();
    let style_of = (0..n).map(|v| u8::from(v >= terminals)).collect();
    (labels, styles, style_of, radius)
}

/// Every link once, shaped by `shape(a, b)`.
fn edges(t: &dyn Topology, mut shape: impl FnMut(usize, usize) -> (EdgeKind, Curve)) -> Vec<Edge> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for a in 0..t.node_count() {
        buf.clear();
        t.neighbours(a, &mut buf);
        for &b in buf.iter().filter(|&&b| b > a) {
            let (kind, curve) = shape(a, b);
            out.push(Edge { a, b, kind, curve });
        }
    }
    out
}

/// Rows top to bottom, each centred, nodes evenly spaced; links between rows straight,
/// links inside a row arcs above it.
fn levels(t: &dyn Topology, names: &[String], rows: &[Vec<usize>]) -> Layout {
    let (labels, styles, style_of, radius) = nodes_of(t);
    let n = t.node_count();
    let s = 2.0 * radius + 8.0;
    let widest = rows.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let width = s * (widest - 1) as f64;
    let row_gap = (width / (rows.len().max(2) as f64 * 1.6)).clamp(4.0 * radius, 40.0 * radius);
    let mut nodes = vec![Point::new(0.0, 0.0); n];
    let mut row_of = vec![0usize; n];
    for (i, row) in rows.iter().enumerate() {
        let pitch = if row.len() > 1 {
            width / (row.len() - 1) as f64
        } else {
            0.0
        };
        let start = if row.len() > 1 { 0.0 } else { width / 2.0 };
        for (k, &v) in row.iter().enumerate() {
            nodes[v] = Point::new(start + pitch * k as f64, row_gap * i as f64);
            row_of[v] = i;
        }
    }
    let edges = edges(t, |a, b| {
        let (p, q) = (nodes[a], nodes[b]);
        if row_of[a] == row_of[b] {
            let bulge = (0.3 * p.to(q).norm()).max(radius);
            (
                EdgeKind::Far,
                Curve::arc(p, q, Point::new(0.0, -1.0), bulge, 0.25),
            )
        } else {
            (EdgeKind::Near, Curve::Line(p, q))
        }
    });
    let arrangement = Arrangement::Levels {
        names: names.to_vec(),
        sizes: rows.iter().map(Vec::len).collect(),
    };
    Layout::fitted(nodes, labels, styles, style_of, edges, arrangement, radius)
}

/// Columns left to right: the processors, each stage, the processors again (copies,
/// where the channels out of the last stage end). A switch sits level with the middle of
/// the processors it serves; every channel is a straight line from left to right.
fn stages_left_to_right(t: &dyn Topology, stages: &[Vec<usize>], terminals: &[usize]) -> Layout {
    let (mut labels, styles, mut style_of, radius) = nodes_of(t);
    let n = t.node_count();
    let pitch = 2.0 * radius + 8.0;
    let height = pitch * terminals.len().saturating_sub(1) as f64;
    let columns = stages.len() + 1;
    let gap = (2.0 * height / columns as f64).clamp(5.0 * radius, 40.0 * radius);
    let mut nodes = vec![Point::new(0.0, 0.0); n];
    for (i, &v) in terminals.iter().enumerate() {
        nodes[v] = Point::new(0.0, pitch * i as f64);
    }
    for (c, column) in stages.iter().enumerate() {
        // Each switch level with the middle of its share of the processors.
        let share = terminals.len() as f64 / column.len().max(1) as f64;
        for (i, &v) in column.iter().enumerate() {
            let y = pitch * (share * i as f64 + (share - 1.0) / 2.0);
            nodes[v] = Point::new(gap * (c + 1) as f64, y);
        }
    }
    // The copies: entry n + i draws terminals[i] again, right of the last stage.
    let mut copy = vec![usize::MAX; n];
    for (i, &v) in terminals.iter().enumerate() {
        copy[v] = n + i;
        nodes.push(Point::new(gap * columns as f64, pitch * i as f64));
        labels.push(labels[v].clone());
        style_of.push(style_of[v]);
    }
    let terminal_count = t.terminal_count();
    let mut edges = Vec::new();
    let mut buf = Vec::new();
    for a in 0..n {
        buf.clear();
        t.neighbours(a, &mut buf);
        for &b in &buf {
            // Into a processor: the channel ends at its copy on the right.
            let head = if b < terminal_count && copy[b] != usize::MAX {
                copy[b]
            } else {
                b
            };
            let curve = Curve::Line(nodes[a], nodes[head]);
            edges.push(Edge {
                a,
                b: head,
                kind: EdgeKind::Near,
                curve,
            });
        }
    }
    let arrangement = Arrangement::Fly {
        stages: stages.len(),
        per_stage: stages.first().map_or(0, Vec::len),
        processors: terminals.len(),
    };
    Layout::fitted(nodes, labels, styles, style_of, edges, arrangement, radius)
        .with_copies(terminals.to_vec(), true)
}

/// Groups on a large circle, each group's members on a small circle around its place;
/// links inside a group are chords, links between groups bow towards the centre.
fn groups_on_a_circle(t: &dyn Topology, name: &'static str, groups: &[Vec<usize>]) -> Layout {
    let (labels, styles, style_of, radius) = nodes_of(t);
    let n = t.node_count();
    let biggest = groups.iter().map(Vec::len).max().unwrap_or(1).max(1);
    // Box-separated neighbours on a circle need their centres √2 · (2r + 2) apart.
    let clear = 2.0_f64.sqrt() * (2.0 * radius + 2.0) + 2.0;
    let inner = if biggest == 1 {
        0.0
    } else {
        clear / (2.0 * (PI / biggest as f64).sin()).min(2.0)
    };
    let count = groups.len().max(1);
    let gap = 2.0 * inner + clear + 12.0;
    let outer = if count == 1 {
        0.0
    } else {
        gap / (2.0 * (PI / count as f64).sin()).min(2.0)
    };
    let mut nodes = vec![Point::new(0.0, 0.0); n];
    let mut group_of = vec![usize::MAX; n];
    for (g, members) in groups.iter().enumerate() {
        let ga = 2.0 * PI * g as f64 / count as f64 - PI / 2.0;
        let centre = Point::new(outer * ga.cos(), outer * ga.sin());
        for (k, &v) in members.iter().enumerate() {
            let ra = ga + 2.0 * PI * k as f64 / members.len().max(1) as f64;
            nodes[v] = centre.plus(Point::new(ra.cos(), ra.sin()), inner);
            group_of[v] = g;
        }
    }
    let edges = edges(t, |a, b| {
        let (p, q) = (nodes[a], nodes[b]);
        if group_of[a] == group_of[b] {
            return (EdgeKind::Near, Curve::Line(p, q));
        }
        // Bundled: both control points pulled towards the centre of the big circle.
        let pull = 0.45;
        (
            EdgeKind::Block,
            Curve::Cubic(p, p.plus(p, -pull), q.plus(q, -pull), q),
        )
    });
    let arrangement = Arrangement::Circle {
        name,
        sizes: groups.iter().map(Vec::len).collect(),
    };
    Layout::fitted(nodes, labels, styles, style_of, edges, arrangement, radius)
}

/// A stress layout: drawn distances follow hop distances.
fn free(t: &dyn Topology) -> Layout {
    let (labels, styles, style_of, radius) = nodes_of(t);
    let hops = stress::all_pairs_hops(t);
    let unit = 2.0 * radius + 40.0;
    let nodes: Vec<Point> = stress::layout(&hops, t.node_count())
        .into_iter()
        .map(|(x, y)| Point::new(x * unit, y * unit))
        .collect();
    // Box-separated, as the drawing checks outlines: √2 · (2r + 2) apart at any angle.
    let nodes = stress::separate(nodes, 2.0_f64.sqrt() * (2.0 * radius + 2.0) + 1.0);
    let edges = edges(t, |a, b| (EdgeKind::Near, Curve::Line(nodes[a], nodes[b])));
    let arrangement = Arrangement::Free {
        nodes: t.node_count(),
        unreachable: hops.contains(&UNREACHABLE),
    };
    Layout::fitted(nodes, labels, styles, style_of, edges, arrangement, radius)
}

#[cfg(test)]
mod tests {
    use icn_core::{AddressError, Addresses, Family, FamilyInfo, Graph, Routing, StrategyError};

    use super::*;
    use crate::diagram::testing::check_layout;
    use crate::diagram::{draw, Drawing};

    /// A small graph declaring whatever structure a test gives it.
    #[derive(Debug)]
    struct Sketch {
        adj: Vec<Vec<usize>>,
        terminals: usize,
        structure: Structure,
    }

    const INFO: FamilyInfo = FamilyInfo {
        name: "sketch",
        title: "Sketch",
        summary: "A test graph.",
        params: &[],
        flags: &[],
        example: "sketch:",
        example_route: ("0", "1"),
        strategies: &[],
        source: "",
    };

    impl Graph for Sketch {
        fn node_count(&self) -> usize {
            self.adj.len()
        }

        fn neighbours(&self, v: usize, out: &mut Vec<usize>) {
            out.extend_from_slice(&self.adj[v]);
        }

        fn terminal_count(&self) -> usize {
            self.terminals
        }
    }

    impl Addresses for Sketch {
        fn format_node(&self, v: usize) -> String {
            v.to_string()
        }

        fn parse_node(&self, text: &str) -> Result<usize, AddressError> {
            text.parse().map_err(|_| AddressError::Empty {
                expected: "a number".into(),
            })
        }
    }

    impl Topology for Sketch {}

    impl Family for Sketch {
        fn info(&self) -> &'static FamilyInfo {
            &INFO
        }
        fn spec(&self) -> String {
            format!("sketch:{:?}", self.adj)
        }
        fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
            Err(self.unknown_strategy(name))
        }
        fn structure(&self) -> Structure {
            self.structure.clone()
        }
    }

    fn graph(n: usize, links: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); n];
        for &(a, b) in links {
            adj[a].push(b);
            adj[b].push(a);
        }
        adj
    }

    fn drawn(net: &Network) -> Layout {
        match draw(net) {
            Drawing::Layout(l) => (*l).clone(),
            other => panic!("not drawn: {other:?}"),
        }
    }

    /// The Petersen graph: outer 5-cycle 0..5, inner pentagram 5..10, spokes.
    fn petersen() -> Vec<Vec<usize>> {
        let mut links = Vec::new();
        for i in 0..5 {
            links.push((i, (i + 1) % 5));
            links.push((5 + i, 5 + (i + 2) % 5));
            links.push((i, 5 + i));
        }
        graph(10, &links)
    }

    #[test]
    fn levels_put_each_row_on_one_line_top_first() {
        // A 2-ary 2-tree: 4 processors, 2 leaf switches, 2 roots.
        let adj = graph(
            8,
            &[
                (0, 4),
                (1, 4),
                (2, 5),
                (3, 5),
                (4, 6),
                (4, 7),
                (5, 6),
                (5, 7),
            ],
        );
        let net: Network = Sketch {
            adj,
            terminals: 4,
            structure: Structure::Levels {
                names: vec!["roots".into(), "leaves".into(), "processors".into()],
                rows: vec![vec![6, 7], vec![4, 5], vec![0, 1, 2, 3]],
            },
        }
        .into();
        let l = drawn(&net);
        check_layout("2-ary 2-tree", &net, &l);
        assert!((l.nodes[6].y - l.nodes[7].y).abs() < 1e-9);
        assert!(l.nodes[6].y < l.nodes[4].y && l.nodes[4].y < l.nodes[0].y);
        assert!(l.nodes[0].x < l.nodes[1].x && l.nodes[2].x < l.nodes[3].x);
        // Processors are circles, switches squares.
        assert_eq!(l.style_of, vec![0, 0, 0, 0, 1, 1, 1, 1]);
        assert!(l
            .describe()
            .contains("roots (2), leaves (2), processors (4)"));
    }

    #[test]
    fn a_butterfly_runs_left_to_right_with_its_processors_on_both_sides() {
        for spec in [
            "butterfly:k=2,n=3",
            "butterfly:k=3,n=2",
            "butterfly:k=4,n=1",
        ] {
            let net: Network = spec.parse().expect("valid");
            let l = drawn(&net);
            check_layout(spec, &net, &l);
            let t = net.topology();
            let procs = t.terminal_count();
            assert_eq!(l.copy_of, (0..procs).collect::<Vec<_>>());
            // Channels run left to right: out of a processor's left copy, into its right one.
            for e in &l.edges {
                assert!(l.nodes[e.a].x < l.nodes[e.b].x, "{spec}");
            }
            let (first, last) = (l.nodes[0], l.nodes[t.node_count()]);
            assert!(
                (first.y - last.y).abs() < 1e-9 && first.x < last.x,
                "{spec}"
            );
            assert!(l.describe().contains("drawn again on the right"), "{spec}");
        }
        // The switch of processors 000 and 001 sits level with their middle.
        let net: Network = "butterfly:k=2,n=3".parse().expect("valid");
        let l = drawn(&net);
        let s = net.parse_node("s0:00").expect("switch");
        assert!((l.nodes[s].y - (l.nodes[0].y + l.nodes[1].y) / 2.0).abs() < 1e-9);
    }

    #[test]
    fn groups_sit_on_a_circle_and_links_between_them_bow_inwards() {
        // Two triangles joined by one link.
        let adj = graph(6, &[(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3)]);
        let net: Network = Sketch {
            adj,
            terminals: 6,
            structure: Structure::Groups {
                name: "group",
                groups: vec![vec![0, 1, 2], vec![3, 4, 5]],
            },
        }
        .into();
        let l = drawn(&net);
        check_layout("two triangles", &net, &l);
        let centre_of = |vs: &[usize]| {
            let k = vs.len() as f64;
            Point::new(
                vs.iter().map(|&v| l.nodes[v].x).sum::<f64>() / k,
                vs.iter().map(|&v| l.nodes[v].y).sum::<f64>() / k,
            )
        };
        let (a, b) = (centre_of(&[0, 1, 2]), centre_of(&[3, 4, 5]));
        // Group 0 at the top, group 1 below it; members nearer their own centre.
        assert!(a.y < b.y);
        for v in 0..3 {
            assert!(l.nodes[v].distance(a) < l.nodes[v].distance(b));
        }
        let kinds: Vec<EdgeKind> = l.edges.iter().map(|e| e.kind).collect();
        assert_eq!(kinds.iter().filter(|&&k| k == EdgeKind::Block).count(), 1);
        assert!(l.describe().starts_with("2 groups on a circle"));
    }

    #[test]
    fn a_free_graph_is_drawn_with_lengths_following_hops() {
        let net: Network = Sketch {
            adj: petersen(),
            terminals: 10,
            structure: Structure::Free,
        }
        .into();
        let l = drawn(&net);
        check_layout("Petersen", &net, &l);
        // Every link is shorter than every pair at distance 2 is far apart, on average.
        let links: Vec<f64> = l
            .edges
            .iter()
            .map(|e| l.nodes[e.a].distance(l.nodes[e.b]))
            .collect();
        let mean_link = links.iter().sum::<f64>() / links.len() as f64;
        let hops = stress::all_pairs_hops(net.topology());
        let (mut far, mut count) = (0.0, 0.0);
        for a in 0..10 {
            for b in a + 1..10 {
                if hops[a * 10 + b] == 2 {
                    far += l.nodes[a].distance(l.nodes[b]);
                    count += 1.0;
                }
            }
        }
        assert!(
            far / count > 1.3 * mean_link,
            "{} vs {mean_link}",
            far / count
        );
        // Deterministic.
        assert_eq!(drawn(&net), l);
    }

    #[test]
    fn a_disconnected_graph_is_still_drawn_and_said_to_be() {
        let adj = graph(5, &[(0, 1), (1, 2), (3, 4)]);
        let net: Network = Sketch {
            adj,
            terminals: 5,
            structure: Structure::Free,
        }
        .into();
        let l = drawn(&net);
        check_layout("two pieces", &net, &l);
        assert!(l.describe().contains("disconnected"));
    }

    #[test]
    fn a_grid_structure_draws_as_the_hypercycle_grid() {
        // A 3 x 4 mesh declared as a grid: rows of the first digit, columns of the second.
        let mut links = Vec::new();
        for r in 0..3 {
            for c in 0..4 {
                let v = r * 4 + c;
                if c + 1 < 4 {
                    links.push((v, v + 1));
                }
                if r + 1 < 3 {
                    links.push((v, v + 4));
                }
            }
        }
        let net: Network = Sketch {
            adj: graph(12, &links),
            terminals: 12,
            structure: Structure::Grid {
                radices: vec![3, 4],
            },
        }
        .into();
        let l = drawn(&net);
        check_layout("3x4 mesh", &net, &l);
        assert_eq!(l.arrangement, Arrangement::Grid { rows: 3, cols: 4 });
        assert!((l.nodes[0].y - l.nodes[3].y).abs() < 1e-9);
        assert!((l.nodes[0].x - l.nodes[8].x).abs() < 1e-9);
        assert!(l.edges.iter().all(|e| e.kind == EdgeKind::Near));
    }

    #[test]
    fn every_new_family_is_drawn_recognisably() {
        /// Whether an arrangement is the one a family must get.
        type Expect = fn(&Arrangement) -> bool;
        let cases: &[(&str, Expect)] = &[
            ("torus:k=8x8", |a| {
                *a == Arrangement::Grid { rows: 8, cols: 8 }
            }),
            ("torus:k=4x4x4", |a| {
                matches!(a, Arrangement::Blocks { blocks: 4, .. })
            }),
            ("mesh:k=6x5", |a| {
                *a == Arrangement::Grid { rows: 6, cols: 5 }
            }),
            ("hyperx:s=4x4x3,t=2", |a| {
                matches!(a, Arrangement::Blocks { blocks: 4, .. })
            }),
            ("flatfly:k=4,n=3", |a| {
                *a == Arrangement::Grid { rows: 4, cols: 4 }
            }),
            (
                "fattree:k=2,n=3",
                |a| matches!(a, Arrangement::Levels { sizes, .. } if *sizes == [4, 4, 4, 8]),
            ),
            ("fattree:k=4,n=3", |a| {
                matches!(a, Arrangement::Levels { .. })
            }),
            (
                "dragonfly:a=4,p=2,h=2",
                |a| matches!(a, Arrangement::Circle { name: "group", sizes } if sizes.len() == 9),
            ),
            (
                "slimfly:q=5",
                |a| matches!(a, Arrangement::Circle { sizes, .. } if sizes.len() == 10),
            ),
            ("polarfly:q=7", |a| {
                matches!(
                    a,
                    Arrangement::Circle {
                        name: "cluster",
                        ..
                    }
                )
            }),
            ("jellyfish:n=64,r=6,p=2,seed=1", |a| {
                matches!(
                    a,
                    Arrangement::Free {
                        nodes: 64,
                        unreachable: false
                    }
                )
            }),
        ];
        for &(spec, expected) in cases {
            let net: Network = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
            let l = drawn(&net);
            check_layout(spec, &net, &l);
            assert!(expected(&l.arrangement), "{spec}: {:?}", l.arrangement);
            assert!(!l.describe().is_empty());
        }
    }
}
