//! Tests of the aggregate drawings (aggregate.rs), kept in a file of their own.
use super::*;

const SPECS: &[&str] = &[
    "d3:k=1,m=3",
    "d3:k=2,m=3",
    "d3:k=3,m=4",
    "d3:k=4,m=2",
    "d3:k=5,m=3",
    "hypercube:n=5",
    "hypercube:n=9",
    "hypercycle:m=5x4x3,rho=2x1x1",
    "hypercycle:m=6x6,rho=3x2",
    "hypercycle:m=3x3x3x3,rho=1x1x1x1",
];

fn net(spec: &str) -> (Network, Hierarchy) {
    let net: Network = spec.parse().expect(spec);
    let h = Hierarchy::of(&net).expect("a hierarchy");
    (net, h)
}

/// Open sets to try: none, the first item, the last item and its first child, every
/// top-level item, and down to a single node.
fn open_sets(h: &Hierarchy) -> Vec<Open> {
    let top = h.radix[0] as u32;
    let mut sets = vec![Open::new()];
    sets.push([vec![0]].into_iter().collect());
    let mut deep: Open = [vec![top - 1]].into_iter().collect();
    if h.levels() > 1 {
        deep.insert(vec![top - 1, 0]);
    }
    sets.push(deep);
    sets.push((0..top).map(|c| vec![c]).collect());
    let mut chain = Open::new();
    let mut item = Vec::new();
    for d in 0..h.levels() {
        item.push((h.radix[d] - 1) as u32 / 2);
        chain.insert(item.clone());
    }
    sets.push(chain);
    sets
}

/// Each unordered link {u, w} once, from the topology's neighbour lists.
fn links(net: &Network) -> Vec<(Node, Node)> {
    let t = net.topology();
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for u in 0..t.node_count() {
        buf.clear();
        t.neighbours(u, &mut buf);
        buf.sort_unstable();
        buf.dedup();
        out.extend(buf.iter().filter(|&&w| w > u).map(|&w| (u, w)));
    }
    out
}

#[test]
fn every_node_lies_in_exactly_one_item_of_every_frontier() {
    for spec in SPECS {
        let (net, h) = net(spec);
        let n = net.topology().node_count();
        assert_eq!(h.nodes(), n as u64, "{spec}");
        for open in open_sets(&h) {
            let f = h.frontier(&open, 10_000).expect("within the cap");
            assert_eq!(
                f.iter().map(|it| h.size(it)).sum::<u64>(),
                n as u64,
                "{spec}"
            );
            for v in 0..n {
                let holding: Vec<usize> = (0..f.len()).filter(|&i| h.contains(&f[i], v)).collect();
                assert_eq!(holding.len(), 1, "{spec} {open:?}: node {v} in {holding:?}");
                assert_eq!(h.index_in(&f, v), Some(holding[0]), "{spec}");
            }
            // Node order: each item starts where the previous ends.
            for w in f.windows(2) {
                assert_eq!(h.first(&w[0]) + h.size(&w[0]), h.first(&w[1]), "{spec}");
            }
        }
    }
}

#[test]
fn bundle_counts_are_the_links_between_the_items() {
    for spec in SPECS {
        let (net, h) = net(spec);
        let all = links(&net);
        for open in open_sets(&h) {
            let f = h.frontier(&open, 10_000).expect("within the cap");
            let mut count = std::collections::HashMap::<(usize, usize), u64>::new();
            for &(u, w) in &all {
                let (a, b) = (h.index_in(&f, u).expect("u"), h.index_in(&f, w).expect("w"));
                if a != b {
                    *count.entry((a.min(b), a.max(b))).or_default() += 1;
                }
            }
            let bundles = h.bundles(&f);
            assert_eq!(bundles.len(), count.len(), "{spec} {open:?}");
            for b in &bundles {
                assert_eq!(
                    Some(&b.links),
                    count.get(&(b.a, b.b)),
                    "{spec} {open:?}: {} – {}",
                    h.label(&f[b.a]),
                    h.label(&f[b.b])
                );
            }
            // Every link is inside an item or in a bundle.
            let inside = all
                .iter()
                .filter(|&&(u, w)| h.index_in(&f, u) == h.index_in(&f, w))
                .count() as u64;
            let between: u64 = bundles.iter().map(|b| b.links).sum();
            assert_eq!(inside + between, all.len() as u64, "{spec}");
        }
    }
}

#[test]
fn hypercycle_bundles_run_in_the_dimension_they_are_labelled_with() {
    for spec in SPECS.iter().filter(|s| s.starts_with("hyper")) {
        let (net, h) = net(spec);
        let cycle = net.hypercycle().expect("a Hypercycle");
        let all = links(&net);
        let f = h.frontier(&Open::new(), 10_000).expect("within the cap");
        for b in h.bundles(&f) {
            let j = b.dimension.expect("a dimension") - 1;
            for &(u, w) in &all {
                let (x, y) = (h.index_in(&f, u), h.index_in(&f, w));
                if (x, y) == (Some(b.a), Some(b.b)) || (x, y) == (Some(b.b), Some(b.a)) {
                    let apart: Vec<usize> = (0..cycle.dimensions())
                        .filter(|&i| cycle.digit(u, i) != cycle.digit(w, i))
                        .collect();
                    assert_eq!(apart, vec![j], "{spec}");
                }
            }
        }
    }
}

#[test]
fn d3_16_16_is_16_cabinets_of_256_routers_each_pair_256_links() {
    let (_, h) = net("d3:k=16,m=16");
    assert_eq!(h.levels(), 3);
    let f = h.frontier(&Open::new(), MAX_ITEMS).expect("16 cabinets");
    assert_eq!(f.len(), 16);
    assert_eq!(h.label(&f[3]), "c3");
    assert_eq!(h.title(&f[3]), "cabinet 3");
    let b = h.bundles(&f);
    // Every two cabinets: M² = 256 global links; 120 pairs.
    assert_eq!(b.len(), 120);
    assert!(b.iter().all(|b| b.links == 256 && b.dimension.is_none()));
    // Cabinet 3 opened: 15 cabinets and 16 drawers; a drawer reaches each other cabinet
    // by M = 16 links, each other drawer of its cabinet by 1.
    let open: Open = [vec![3]].into_iter().collect();
    let f = h.frontier(&open, MAX_ITEMS).expect("31 items");
    assert_eq!(f.len(), 31);
    assert_eq!(
        (h.label(&f[3]).as_str(), h.name(&f[3]).as_str()),
        ("d0", "(3,0,*)")
    );
    assert_eq!(h.links(&f[3], &f[0]), 16);
    assert_eq!(h.links(&f[3], &f[4]), 1);
    // A drawer opened too: 46 items; a router reaches each other cabinet by one link.
    let open: Open = [vec![3], vec![3, 5]].into_iter().collect();
    let f = h.frontier(&open, MAX_ITEMS).expect("46 items");
    assert_eq!(f.len(), 46);
    assert_eq!(
        (h.label(&f[8]).as_str(), h.name(&f[8]).as_str()),
        ("p0", "(3,5,0)")
    );
    assert_eq!(h.node(&f[8]), Some((3 * 16 + 5) * 16));
    // Past the cap: none.
    let all: Open = (0..16).map(|c| vec![c]).collect();
    assert!(h.frontier(&all, MAX_ITEMS).is_none());
}

#[test]
fn a_20_cube_is_blocks_of_sixteen_by_its_high_dimensions() {
    let (_, h) = net("hypercube:n=20");
    // 4 bits a level: 16 blocks of 65,536 nodes, 5 levels.
    assert_eq!(h.levels(), 5);
    let f = h.frontier(&Open::new(), MAX_ITEMS).expect("16 blocks");
    assert_eq!(f.len(), 16);
    assert_eq!(h.label(&f[5]), "0101*");
    assert_eq!(h.size(&f[5]), 65_536);
    assert!(h.describe(&f[5]).contains("sub-cube of dimensions 5–20"));
    // The blocks form a 4-cube: 32 bundles of 65,536 links, dimensions 1 to 4.
    let b = h.bundles(&f);
    assert_eq!(b.len(), 32);
    assert!(b.iter().all(|b| b.links == 65_536));
    let mut dims: Vec<usize> = b.iter().filter_map(|b| b.dimension).collect();
    dims.sort_unstable();
    dims.dedup();
    assert_eq!(dims, vec![1, 2, 3, 4]);
}

#[test]
fn opened_keeps_what_the_network_can_open_and_draws_the_same() {
    // D3(3,4): cabinets 0..3, drawers and routers 0..4; a router is a single node.
    let (_, h) = net("d3:k=3,m=4");
    let written: Open = [
        vec![],        // the whole network: not an item
        vec![3],       // no cabinet 3
        vec![0],       // kept
        vec![0, 1],    // kept: its cabinet is open
        vec![0, 9],    // no drawer 9
        vec![1, 2],    // its cabinet is not open
        vec![0, 1, 2], // a router: nothing to open
        vec![u32::MAX],
    ]
    .into_iter()
    .collect();
    let kept: Open = [vec![0], vec![0, 1]].into_iter().collect();
    assert_eq!(h.opened(&written), kept);
    // What is left out changed nothing the frontier draws, and reading twice is reading once.
    for spec in SPECS {
        let (_, h) = net(spec);
        for mut open in open_sets(&h) {
            open.insert(vec![h.radix[0] as u32]);
            open.insert(vec![0; h.levels() + 1]);
            let kept = h.opened(&open);
            assert_eq!(h.opened(&kept), kept, "{spec}");
            assert!(kept.is_subset(&open), "{spec}");
            assert_eq!(
                h.frontier(&kept, 10_000),
                h.frontier(&open, 10_000),
                "{spec} {open:?}"
            );
        }
    }
}
