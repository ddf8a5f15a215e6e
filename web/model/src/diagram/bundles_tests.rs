//! Tests of the bundled-link layout (bundles.rs), kept in a file of their own.
use icn_core::Network;

use super::*;

fn drawn(spec: &str, open: &[Item]) -> (Network, Aggregated) {
    let net: Network = spec.parse().expect(spec);
    let h = Hierarchy::of(&net).expect("a hierarchy");
    let open: Open = open.iter().cloned().collect();
    let a = aggregate(&h, &open).expect("within the cap");
    (net, a)
}

/// Inside the viewBox; no two items or counts overlapping, no count over an item; every
/// item's label inside its pill; no arc over an item it does not join.
fn check(spec: &str, a: &Aggregated) {
    let l = &a.layout;
    assert_eq!(l.node_count(), a.items.len(), "{spec}");
    assert_eq!(l.edges.len(), a.bundles.len(), "{spec}");
    let ext: Vec<(f64, f64)> = (0..l.nodes.len())
        .map(|v| l.style(v).shape.half_extent())
        .collect();
    let inside = |p: Point| p.x >= 0.0 && p.y >= 0.0 && p.x <= l.width && p.y <= l.height;
    for (v, &p) in l.nodes.iter().enumerate() {
        let (hw, hh) = ext[v];
        assert!(inside(Point::new(p.x - hw, p.y - hh)) && inside(Point::new(p.x + hw, p.y + hh)));
        assert!(
            text_w(l.labels[v].chars().count(), FONT) <= 2.0 * hw,
            "{spec}"
        );
        for w in v + 1..l.nodes.len() {
            let d = p.to(l.nodes[w]);
            assert!(
                d.x.abs() >= ext[v].0 + ext[w].0 + 2.0 || d.y.abs() >= ext[v].1 + ext[w].1 + 2.0
            );
        }
    }
    for e in &l.edges {
        for p in e.curve.samples(200) {
            assert!(inside(p), "{spec}");
            for (v, q) in l.nodes.iter().enumerate() {
                if v == e.a || v == e.b {
                    continue;
                }
                let (hw, hh) = ext[v];
                assert!(
                    (p.x - q.x).abs() > hw || (p.y - q.y).abs() > hh,
                    "{spec}: the arc {} – {} passes over {}",
                    l.labels[e.a],
                    l.labels[e.b],
                    l.labels[v]
                );
            }
        }
    }
    let boxes: Vec<(Point, f64, f64)> = l
        .notes
        .iter()
        .map(|n| {
            (
                n.at,
                text_w(n.text.chars().count(), n.font) / 2.0,
                n.font / 2.0,
            )
        })
        .collect();
    for (i, &(p, hw, hh)) in boxes.iter().enumerate() {
        assert!(inside(Point::new(p.x - hw, p.y - hh)) && inside(Point::new(p.x + hw, p.y + hh)));
        for &(q, qw, qh) in &boxes[i + 1..] {
            assert!(
                (p.x - q.x).abs() >= hw + qw || (p.y - q.y).abs() >= hh + qh,
                "{spec}"
            );
        }
        for (v, q) in l.nodes.iter().enumerate() {
            let (w, h) = ext[v];
            assert!(
                (p.x - q.x).abs() >= hw + w || (p.y - q.y).abs() >= hh + h,
                "{spec}"
            );
        }
    }
}

#[test]
fn d3_16_16_cabinets_drawers_and_routers_drawn_legibly() {
    let spec = "d3:k=16,m=16";
    let (_, a) = drawn(spec, &[]);
    check(spec, &a);
    assert_eq!(a.layout.labels[0], "c0");
    // Every bundle between two cabinets is 256 links; the adjacent ones' counts all fit.
    assert!(a.layout.notes.iter().all(|n| n.text == "256"));
    assert!(a.layout.notes.len() >= 15);
    assert!(a.layout.describe().contains("4,096 nodes as 16 aggregates"));
    // At 11 units, labels are 11 px on a card as wide as the drawing.
    assert!(a.layout.show_labels && (a.layout.font_size - 11.0).abs() < 1e-9);
    let (_, a) = drawn(spec, &[vec![3]]);
    check(spec, &a);
    assert_eq!(a.items.len(), 31);
    assert!(a.layout.notes.iter().any(|n| n.text == "cabinet 3"));
    let (_, a) = drawn(spec, &[vec![3], vec![3, 5]]);
    check(spec, &a);
    assert_eq!(a.items.len(), 46);
    assert_eq!(a.node_of(8), Some((3 * 16 + 5) * 16));
    assert_eq!(a.node_of(3), None);
}

#[test]
fn a_route_is_carried_onto_the_items_it_passes() {
    let spec = "d3:k=16,m=16";
    let (net, a) = drawn(spec, &[vec![0]]);
    let from = net.parse_node("(0,0,1)").expect("from");
    let to = net.parse_node("(9,7,3)").expect("to");
    let r = net
        .route(net.default_strategy(), from, to, 8)
        .expect("a route");
    let items = a.path(&r.paths[0]);
    // It starts in drawer (0,0,*) of the opened cabinet 0 and ends in cabinet 9.
    assert_eq!(a.layout.labels[items[0]], "d0");
    assert_eq!(a.layout.tips[items[0]], "drawer (0,0,*): 16 routers");
    assert_eq!(a.layout.labels[*items.last().expect("an end")], "c9");
    assert_eq!(a.item_of(to), items.last().copied());
    // Each step between items is a drawn bundle.
    for w in items.windows(2) {
        assert!(a.layout.edge(w[0], w[1]).is_some(), "{items:?}");
    }
    // Channels inside an item are dropped; a bundle's heat is its busiest channel's.
    let c = a.channels(&[(from, from + 1), (r.paths[0][0], r.paths[0][1])]);
    assert!(c.iter().all(|(x, y)| x != y));
    let u = net.parse_node("(1,0,0)").expect("u");
    let w = net.parse_node("(2,0,0)").expect("w");
    let x = net.parse_node("(1,0,1)").expect("x");
    let y = net.parse_node("(2,1,0)").expect("y");
    let heat = a.heat(&[(u, w, 0.2), (x, y, 0.7), (w, u, 0.1)]);
    let (i1, i2) = (a.item_of(u).expect("1"), a.item_of(w).expect("2"));
    assert_eq!(heat, vec![(i1, i2, 0.7), (i2, i1, 0.1)]);
    let mut lit = vec![false; net.topology().node_count()];
    lit[u] = true;
    lit[x] = true;
    assert_eq!(a.lit_counts(&lit)[i1], 2);
    assert_eq!(a.size(i1), 256);
}

#[test]
fn a_20_cube_by_dimension() {
    let spec = "hypercube:n=20";
    let (_, a) = drawn(spec, &[]);
    check(spec, &a);
    assert_eq!(a.items.len(), 16);
    assert!(a.layout.notes.iter().all(|n| n.text.starts_with("dim ")));
    let (_, a) = drawn(spec, &[vec![5], vec![5, 9]]);
    check(spec, &a);
    assert_eq!(a.items.len(), 46);
    assert!(a.layout.notes.iter().any(|n| n.text == "block 0101*"));
    assert!(a.layout.notes.iter().any(|n| n.text == "block 01011001*"));
    let (_, a) = drawn("hypercycle:m=12x10x8,rho=6x1x3", &[vec![1]]);
    check("hypercycle", &a);
}

#[test]
fn a_step_inside_one_cabinet_marks_that_cabinet() {
    use icn_core::topology::d3::schedule::{Collective, DelayRule};
    let spec = "d3:k=16,m=16";
    let (net, a) = drawn(spec, &[]);
    let d = net.d3().expect("a D3");
    let root = net.parse_node("(0,0,1)").expect("root");
    let s = d.schedule(
        Collective::OneToAll { source: root },
        DelayRule::Paper,
        true,
    );
    let mut inside_only = 0;
    for u in &s.occupancy {
        let channels: Vec<(Node, Node)> = u
            .channels
            .iter()
            .map(|c| {
                let from = net.parse_node(&c.from).expect("from");
                (from, net.parse_node(&c.to).expect("to"))
            })
            .collect();
        // By the routers' cabinet coordinates, apart from the items' node ranges.
        let mut cabinets: Vec<usize> = channels
            .iter()
            .filter(|&&(x, y)| d.router(x).c == d.router(y).c)
            .map(|&(x, _)| d.router(x).c as usize)
            .collect();
        cabinets.sort_unstable();
        cabinets.dedup();
        assert_eq!(a.inside(&channels), cabinets, "step {}", u.step);
        if a.channels(&channels).is_empty() && !cabinets.is_empty() {
            inside_only += 1;
        }
    }
    // Cabinet 0's first steps use no bundle: only the mark shows them.
    assert!(inside_only > 0);
    let first: Vec<(Node, Node)> = s.occupancy[0]
        .channels
        .iter()
        .map(|c| {
            (
                net.parse_node(&c.from).expect("u"),
                net.parse_node(&c.to).expect("v"),
            )
        })
        .collect();
    assert_eq!(a.inside(&first), vec![0]);
    // Opened, the cabinet's drawers carry them (local links stay inside a drawer).
    let (_, opened) = drawn(spec, &[vec![0]]);
    assert!(opened
        .inside(&first)
        .iter()
        .all(|&i| opened.items[i].len() == 2));
}

#[test]
fn a_bracket_is_named_under_its_first_part() {
    // At 390 px the view opens on the first part, zoomed until labels read: a name centred
    // under 16 drawers was cut off there.
    let spec = "d3:k=16,m=16";
    for open in [vec![vec![0]], vec![vec![15]], vec![vec![3], vec![3, 5]]] {
        let (_, a) = drawn(spec, &open);
        check(spec, &a);
        let l = &a.layout;
        for o in &open {
            let title = a.hierarchy.title(o);
            let note = l.notes.iter().find(|n| n.text == title).expect("named");
            let first = a
                .items
                .iter()
                .position(|it| it.len() > o.len() && it.starts_with(o))
                .expect("a part");
            let (hw, _) = l.style(first).shape.half_extent();
            let start = note.at.x - text_w(title.chars().count(), FONT) / 2.0;
            let left = l.nodes[first].x - hw;
            assert!(
                start >= left && start <= left + 2.0 * hw,
                "{title}: starts at {start}, its first part spans {left}–{}",
                left + 2.0 * hw
            );
        }
    }
}
