//! Where each node and link of a KYKLOS network is drawn. Pure: no Leptos, no web-sys.
//!
//! ```text
//!            <0,2,0>                  <0,2,1>          tree 0 above the row: level 1 nearest,
//!        <0,1,0>   <0,1,1>       <0,1,2>   <0,1,3>     the root on top
//!        0    1    2    3    4    5    6    7          L-nodes in address order
//!             <1,1,0> <1,1,1> <1,1,2> <1,1,3>          tree 1 below, mirrored
//!                 <1,2,0>         <1,2,1>              (trees 2, 3, … stacked further out,
//!                                                       above and below alternately)
//! ```
//!
//! Each IB-node sits at its level, over the mean position of the leaves it spans. With the
//! KYKLOS-II shuffles a subtree's leaves are not contiguous in the row, so those links cross:
//! the crossings are the shuffle. Links from the leaves to trees drawn beyond tree 0 or tree 1
//! cross the nearer trees and are drawn faint.

use icn_core::topology::kyklos::Kyklos;
use icn_core::Node;

use super::geometry::{Curve, Point};
use super::layout::{legible, Arrangement, Edge, EdgeKind, Layout, NodeStyle, Shape};
use icn_core::{Addresses, Graph};

/// One way of sizing the drawing, from roomiest (every label) to most compact (none).
#[derive(Debug, Clone, Copy)]
struct Sizing {
    leaf_radius: f64,
    leaf_font: f64,
    leaf_labels: bool,
    /// IB-nodes are pills holding their `<t,v,o>` when true, small circles otherwise.
    ib_labels: bool,
    ib_font: f64,
    /// Vertical distance between levels.
    level: f64,
    /// Smallest gap between the outlines of neighbouring nodes in a row.
    gap: f64,
}

/// Decimal digits of x.
fn digits(x: usize) -> usize {
    x.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// The drawing of a KYKLOS network (see the module documentation).
pub fn kyklos(k: &Kyklos) -> Layout {
    let leaf_len = digits(k.leaf_count().saturating_sub(1));
    let ib_len = 4 + digits(k.r() - 1) + digits(k.n()) + digits(k.leaf_count() / k.m() - 1);
    let radius_for = |font: f64| (0.6 * font * leaf_len as f64 / (2.0 * 0.92)).max(8.5);
    let options = [
        Sizing {
            leaf_radius: radius_for(11.0).max(11.0),
            leaf_font: 11.0,
            leaf_labels: true,
            ib_labels: true,
            ib_font: 8.0,
            level: 54.0,
            gap: 6.0,
        },
        Sizing {
            leaf_radius: radius_for(11.0),
            leaf_font: 11.0,
            leaf_labels: true,
            ib_labels: false,
            ib_font: 8.0,
            level: 56.0,
            gap: 3.0,
        },
        Sizing {
            leaf_radius: 6.0,
            leaf_font: 8.0,
            leaf_labels: false,
            ib_labels: false,
            ib_font: 8.0,
            level: 48.0,
            gap: 3.0,
        },
    ];
    let last = options.len() - 1;
    for (i, sizing) in options.into_iter().enumerate() {
        let layout = build(k, sizing, ib_len);
        let wanted = [
            (sizing.leaf_labels, sizing.leaf_font),
            (sizing.ib_labels, sizing.ib_font),
        ];
        let readable = wanted
            .iter()
            .all(|&(on, font)| !on || legible(font, layout.width));
        if readable || i == last {
            return layout;
        }
    }
    unreachable!("the last sizing is always taken")
}

/// The mean leaf number (in leaf spacings) under IB-node `x` of `k`.
fn mean_leaf(k: &Kyklos, x: Node) -> f64 {
    let Some(b) = k.ib(x) else {
        return x as f64;
    };
    let low = k.lowest_leaf(b.tree, b.level, b.spec) as f64;
    let half = (k.m() - 1) as f64 / 2.0;
    low + (1..=b.level)
        .map(|v| half * k.span(b.tree, v) as f64)
        .sum::<f64>()
}

/// The smallest distance (in leaf spacings) between two IB-nodes on one level of a tree.
fn closest_in_level(k: &Kyklos, means: &[f64]) -> f64 {
    let mut rows: Vec<Vec<f64>> = vec![Vec::new(); k.r() * k.n()];
    for (x, &mean) in means.iter().enumerate() {
        if let Some(b) = k.ib(x) {
            rows[b.tree * k.n() + b.level - 1].push(mean);
        }
    }
    rows.iter_mut()
        .flat_map(|row| {
            row.sort_by(f64::total_cmp);
            row.windows(2).map(|w| w[1] - w[0]).collect::<Vec<_>>()
        })
        .fold(f64::INFINITY, f64::min)
}

/// Where tree t is drawn: which side of the leaf row (−1 above, +1 below) and how far out
/// (0 for trees 0 and 1, 1 for trees 2 and 3, …).
fn panel(t: usize) -> (f64, usize) {
    (if t % 2 == 0 { -1.0 } else { 1.0 }, t / 2)
}

fn build(k: &Kyklos, z: Sizing, ib_len: usize) -> Layout {
    let (leaves, n) = (k.leaf_count(), k.n());
    let total = k.node_count();
    let means: Vec<f64> = (0..total).map(|x| mean_leaf(k, x)).collect();
    let closest = closest_in_level(k, &means).min(f64::from(u32::MAX));

    let ib_shape = if z.ib_labels {
        Shape::Rect {
            hw: (0.6 * z.ib_font * ib_len as f64 + 7.0) / 2.0,
            hh: z.ib_font / 2.0 + 3.5,
        }
    } else {
        Shape::Circle((z.leaf_radius * 0.7).min(6.0))
    };
    let (ib_hw, ib_hh) = ib_shape.half_extent();
    // Leaf spacing: leaves side by side, and the closest two IB-nodes of a level too.
    let spacing = (2.0 * z.leaf_radius + z.gap).max((2.0 * ib_hw + z.gap) / closest);
    let level = z.level.max(2.0 * ib_hh + 24.0);
    // From the leaf row to level 1, and the extra gap between stacked trees.
    let first = level + z.leaf_radius - ib_hh;
    let panel_gap = level * 0.75;
    let tree_height = first + (n - 1) as f64 * level + panel_gap;

    let nodes: Vec<Point> = (0..total)
        .map(|x| {
            let px = means[x] * spacing;
            match k.ib(x) {
                None => Point::new(px, 0.0),
                Some(b) => {
                    let (side, out) = panel(b.tree);
                    let dy = out as f64 * tree_height + first + (b.level - 1) as f64 * level;
                    Point::new(px, side * dy)
                }
            }
        })
        .collect();

    let mut edges = Vec::new();
    let mut buf = Vec::new();
    for v in 0..total {
        buf.clear();
        k.neighbours(v, &mut buf);
        for &w in buf.iter().filter(|&&w| w > v) {
            let far = k.is_leaf(v) && k.tree(w).is_some_and(|t| panel(t).1 > 0);
            edges.push(Edge {
                a: v,
                b: w,
                kind: if far { EdgeKind::Block } else { EdgeKind::Near },
                curve: Curve::Line(nodes[v], nodes[w]),
            });
        }
    }

    let styles = vec![
        NodeStyle {
            shape: Shape::Circle(z.leaf_radius),
            font_size: z.leaf_font,
            show_labels: z.leaf_labels,
            class: "leaf",
        },
        NodeStyle {
            shape: ib_shape,
            font_size: z.ib_font,
            show_labels: z.ib_labels,
            class: "ib",
        },
    ];
    let style_of = (0..total).map(|x| u8::from(!k.is_leaf(x))).collect();
    Layout::fitted(
        nodes,
        (0..total).map(|x| k.format_node(x)).collect(),
        styles,
        style_of,
        edges,
        Arrangement::Trees {
            leaves,
            trees: k.r(),
            levels: n,
        },
        z.leaf_radius,
    )
}

#[cfg(test)]
mod tests {
    use super::super::draw::{draw, Drawing};
    use super::super::testing::{check_layout, pos};
    use super::*;
    use icn_core::Network;

    const SPECS: &[&str] = &[
        "kyklos2:m=2,r=2,n=6,shuffle=proposed",
        "kyklos2:m=2,r=2,n=4,shuffle=original",
        "kyklos2:m=2,r=2,n=6,shuffle=original",
        "kyklos1:m=3,r=2,n=3",
        "kyklos1:m=2,r=1,n=3",
        "kyklos2:m=2,r=3,n=3",
        "kyklos2:m=2,r=4,n=4",
        "kyklos2:m=2,r=2,n=2",
        "kyklos1:m=2,r=2,n=7",
        "kyklos1:m=5,r=2,n=2",
    ];

    fn layout(spec: &str) -> (Kyklos, Layout) {
        let net: Network = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
        let Ok(k) = net.kyklos() else {
            panic!("{spec} is not KYKLOS")
        };
        match draw(&net) {
            Drawing::Layout(l) => (k.clone(), (*l).clone()),
            other => panic!("{spec} is not drawn: {other:?}"),
        }
    }

    #[test]
    fn every_node_and_link_fits_once_without_overlaps() {
        for spec in SPECS {
            let net: Network = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
            let (_, l) = layout(spec);
            check_layout(spec, &net, &l);
        }
    }

    #[test]
    fn leaves_are_one_row_in_address_order() {
        for spec in SPECS {
            let (k, l) = layout(spec);
            let y = l.nodes[0].y;
            for x in 1..k.leaf_count() {
                assert!((l.nodes[x].y - y).abs() < 1e-9, "{spec}: leaf {x}");
                assert!(l.nodes[x].x > l.nodes[x - 1].x, "{spec}: leaf {x}");
            }
            let last = k.leaf_count() - 1;
            assert_eq!(l.labels[last], last.to_string());
            assert_eq!(l.style(0).class, "leaf");
            assert_eq!(l.style(k.leaf_count()).class, "ib");
        }
    }

    #[test]
    fn tree_0_is_above_tree_1_below_and_levels_grow_outwards() {
        for spec in SPECS {
            let (k, l) = layout(spec);
            let row = l.nodes[0].y;
            for x in k.leaf_count()..k.node_count() {
                let Some(b) = k.ib(x) else { continue };
                let y = l.nodes[x].y;
                if b.tree == 0 {
                    assert!(y < row, "{spec}: {}", l.labels[x]);
                } else if b.tree == 1 {
                    assert!(y > row, "{spec}: {}", l.labels[x]);
                }
                if b.level < k.n() {
                    let parent = k.parent(b.tree, x).unwrap_or_else(|| panic!("no parent"));
                    let (dy, py) = (y - row, l.nodes[parent].y - row);
                    assert!(
                        py.abs() > dy.abs() && py * dy > 0.0,
                        "{spec}: {}",
                        l.labels[x]
                    );
                }
            }
            // Stacked trees sit beyond the first two.
            if k.r() > 2 {
                let root = |t| l.nodes[k.index(t, k.n(), 0)].y;
                assert!(root(2) < root(0) - l.radius);
            }
        }
    }

    #[test]
    fn ib_nodes_sit_over_the_middle_of_their_leaves() {
        // Proposed ⟨2,2,6⟩: <1,1,0> spans leaves 0 and 8 (z_11 = 3), <0,4,0> spans
        // 0-7 and 32-39 (z_04 = 5).
        let (_, l) = layout("kyklos2:m=2,r=2,n=6,shuffle=proposed");
        let mid = |a: &str, b: &str| (pos(&l, a).x + pos(&l, b).x) / 2.0;
        assert!((pos(&l, "<1,1,0>").x - mid("0", "8")).abs() < 1e-9);
        assert!((pos(&l, "<0,1,0>").x - mid("0", "1")).abs() < 1e-9);
        assert!((pos(&l, "<0,4,0>").x - mid("0", "39")).abs() < 1e-9);
        assert!((pos(&l, "<0,6,0>").x - mid("0", "63")).abs() < 1e-9);
        // 64 leaves: leaf labels stay, the 126 IB-nodes are small unlabelled circles.
        assert!(l.style(0).show_labels);
        assert!(!l.style(64).show_labels);
        assert!(l.describe().contains("64 L-nodes"));
    }

    #[test]
    fn small_networks_label_every_node() {
        for spec in [
            "kyklos2:m=2,r=2,n=4,shuffle=original",
            "kyklos1:m=3,r=2,n=3",
            "kyklos2:m=2,r=3,n=3",
        ] {
            let (k, l) = layout(spec);
            assert!(l.style(0).show_labels, "{spec}");
            assert!(l.style(k.leaf_count()).show_labels, "{spec}");
        }
    }
}
