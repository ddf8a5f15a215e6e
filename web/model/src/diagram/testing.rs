//! Checks shared by the layout tests of the families drawn with several kinds of node.

use icn_core::Network;

use super::geometry::Point;
use super::layout::Layout;

/// The centre of the node labelled `addr`.
pub fn pos(l: &Layout, addr: &str) -> Point {
    let v = l
        .labels
        .iter()
        .position(|a| a == addr)
        .unwrap_or_else(|| panic!("no node {addr}"));
    l.nodes[v]
}

/// Every node (and copy) and link inside the viewBox, no two node outlines closer than 2
/// units, every link of the network drawn exactly once between its nodes (or their
/// copies), and each kind's labels within its outline.
pub fn check_layout(spec: &str, net: &Network, l: &Layout) {
    let t = net.topology();
    let entries = t.node_count() + l.copy_of.len();
    assert_eq!(l.node_count(), t.node_count(), "{spec}");
    assert_eq!(l.nodes.len(), entries, "{spec}");
    assert_eq!(l.labels.len(), entries, "{spec}");
    assert_eq!(l.style_of.len(), entries, "{spec}");
    assert_eq!(l.directed, t.directed(), "{spec}");
    let ext: Vec<(f64, f64)> = (0..l.nodes.len())
        .map(|v| l.style(v).shape.half_extent())
        .collect();
    for (v, &p) in l.nodes.iter().enumerate() {
        let (hw, hh) = ext[v];
        assert!(
            p.x - hw >= 0.0 && p.y - hh >= 0.0 && p.x + hw <= l.width && p.y + hh <= l.height,
            "{spec}: node {} at {p:?} outside {} x {}",
            l.labels[v],
            l.width,
            l.height
        );
    }
    for a in 0..l.nodes.len() {
        for b in a + 1..l.nodes.len() {
            let d = l.nodes[a].to(l.nodes[b]);
            let apart =
                d.x.abs() >= ext[a].0 + ext[b].0 + 2.0 || d.y.abs() >= ext[a].1 + ext[b].1 + 2.0;
            assert!(apart, "{spec}: {} and {} overlap", l.labels[a], l.labels[b]);
        }
    }
    assert_eq!(l.edges.len() as u64, t.link_count(), "{spec}");
    let mut seen = std::collections::HashSet::new();
    let mut buf = Vec::new();
    for e in &l.edges {
        let (a, b) = (l.real(e.a), l.real(e.b));
        assert!(l.directed || e.a < e.b, "{spec}");
        assert!(seen.insert((a, b)), "{spec}: {a}-{b} twice");
        buf.clear();
        t.neighbours(a, &mut buf);
        assert!(buf.contains(&b), "{spec}: {a}-{b} is no link");
        assert!(e.curve.start().distance(l.nodes[e.a]) < 1e-9, "{spec}");
        assert!(e.curve.end().distance(l.nodes[e.b]) < 1e-9, "{spec}");
        for p in e.curve.samples(16).chain(e.curve.hull()) {
            assert!(
                p.x >= 0.0 && p.y >= 0.0 && p.x <= l.width && p.y <= l.height,
                "{spec}: link {}-{} at {p:?}",
                l.labels[e.a],
                l.labels[e.b]
            );
        }
        let forth = l
            .edge(a, b)
            .unwrap_or_else(|| panic!("{spec}: no edge {a}-{b}"));
        assert!(forth.start().distance(l.nodes[e.a]) < 1e-9, "{spec}");
        if !l.directed {
            let back = l
                .edge(b, a)
                .unwrap_or_else(|| panic!("{spec}: no reverse edge"));
            assert!(back.start().distance(l.nodes[e.b]) < 1e-9, "{spec}");
        }
    }
    for v in 0..l.nodes.len() {
        let s = l.style(v);
        if s.show_labels {
            let text = 0.6 * s.font_size * l.labels[v].chars().count() as f64;
            let room = match s.shape {
                super::layout::Shape::Circle(r) => 2.0 * r,
                super::layout::Shape::Rect { hw, .. } => 2.0 * hw,
            };
            assert!(text <= room, "{spec}: label {} too wide", l.labels[v]);
        }
    }
}
