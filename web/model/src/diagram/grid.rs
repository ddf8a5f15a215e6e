//! The drawing of a network whose nodes are the points of a mixed-radix grid
//! ([`icn_core::Structure::Grid`]: tori, meshes, HyperX) and of the Hypercycle, the
//! first of them. A node with digits `a1 … ar` (most significant first) is drawn at
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
//! Links join nodes that differ in one digit; any other link (none in these families) is
//! drawn as a faint curve between blocks.

use std::f64::consts::PI;

use icn_core::topology::hypercycle::Hypercycle;
use icn_core::Topology;

use super::geometry::{Curve, Point};
use super::layout::*;

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
    grid(h, h.radices())
}

/// Digit `i` (most significant first) of node `v` over `radices`.
fn digit(radices: &[u32], v: usize, i: usize) -> u32 {
    let below: usize = radices[i + 1..].iter().map(|&m| m as usize).product();
    ((v / below) % radices[i] as usize) as u32
}

/// The drawing of `t`, whose nodes are the points of a grid over `radices` (most
/// significant first, the last digit fastest; see the module documentation).
pub fn grid(t: &dyn Topology, radices: &[u32]) -> Layout {
    let n = t.node_count();
    let r = radices.len();
    let m = radices;
    let labels: Vec<String> = (0..n).map(|v| t.format_node(v)).collect();
    let len = labels.iter().map(|l| l.chars().count()).max().unwrap_or(1);
    let (radius, s, font_size) = sizes(len);

    let (nodes, arrangement) = if r == 1 {
        (ring_positions(n, s), Arrangement::Ring { nodes: n })
    } else {
        nested_positions(n, m, s)
    };

    let mut edges = Vec::new();
    let mut buf = Vec::new();
    for v in 0..n {
        buf.clear();
        t.neighbours(v, &mut buf);
        for &w in buf.iter().filter(|&&w| w > v) {
            let differ: Vec<usize> = (0..r)
                .filter(|&i| digit(m, v, i) != digit(m, w, i))
                .collect();
            let (p, q) = (nodes[v], nodes[w]);
            if differ.len() != 1 {
                edges.push(Edge {
                    a: v,
                    b: w,
                    kind: EdgeKind::Block,
                    curve: Curve::Line(p, q),
                });
                continue;
            }
            let i = differ[0];
            let span = digit(m, v, i).abs_diff(digit(m, w, i));
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
                let (row, col) = (digit(m, v, r - 2), digit(m, v, r - 1));
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
fn nested_positions(n: usize, m: &[u32], s: f64) -> (Vec<Point>, Arrangement) {
    let r = m.len();
    let (rows, cols) = (m[r - 2], m[r - 1]);
    // Extent of a block between its outermost node centres.
    let mut w = f64::from(cols - 1) * s;
    let mut ht = f64::from(rows - 1) * s;
    // Each outer level lays its blocks in a grid of `columns`, by digit value, row by row:
    // one row or one column, whichever keeps the drawing closer to square, unless that would
    // be more than 6:1 — then the grid closest to 1.4:1 (a large radix wraps onto rows).
    let mut levels = Vec::new();
    for (level, i) in (0..r - 2).rev().enumerate() {
        let gap = s * (1.0 + 0.5 * (level + 1) as f64);
        let count = m[i];
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
        levels.push((i, columns, pitch_x, pitch_y));
        (w, ht) = extent(columns);
    }
    let positions = (0..n)
        .map(|v| {
            let mut p = Point::new(
                f64::from(digit(m, v, r - 1)) * s,
                f64::from(digit(m, v, r - 2)) * s,
            );
            for &(i, columns, pitch_x, pitch_y) in &levels {
                let d = digit(m, v, i);
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
    use icn_core::Network;

    use super::super::draw::{draw, Drawing};
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
    fn large_networks_are_drawn_as_aggregates() {
        let net: Network = "hypercube:n=20".parse().unwrap_or_else(|e| panic!("{e}"));
        let d = draw(&net);
        assert_eq!(d.past_whole(), Some((1 << 20, 20 << 19)));
        assert!(matches!(d, Drawing::Aggregate { .. }));
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
