//! The uncompleted Lens's digit relabellings (`LensDigitOrbits`): checked by brute force
//! to be automorphisms (random relabellings map every node's links onto the image's
//! links), their orbits to be invariant and counted right, and the plans that use them
//! (distances: one search per dot position; loads: one destination per dot position)
//! equal to the plans without symmetry.

use icn_core::graph::Orbits;
use icn_core::metrics::{
    distance_distribution, distance_distribution_per_source, distance_method, load_method,
    DistanceMethod, LoadMethod,
};
use icn_core::topology::lens::Lens;
use icn_core::Node;
use icn_graph::{Addresses, Graph};

/// Uncompleted lenses of both kinds of radix, p = q and p ≠ q.
const LENSES: &[(u64, u64, u64)] = &[
    (3, 3, 6),
    (4, 4, 3),
    (3, 4, 4),
    (5, 3, 3),
    (4, 5, 2),
    (4, 3, 2),
];

/// A small deterministic generator (xorshift), for the relabellings.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn permutation(&mut self, n: usize) -> Vec<u32> {
        let mut p: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            p.swap(i, self.below(i + 1));
        }
        p
    }
}

/// The image of every node under one relabelling (per digit position, `before[j]` for
/// the values before the dot, `after[j]` for those after it), read and written through
/// the addresses as the user types them (`021.0212`, `B02.1021`).
fn relabel(l: &Lens, before: &[Vec<u32>], after: &[Vec<u32>]) -> Vec<Node> {
    (0..l.node_count())
        .map(|v| {
            let text = l.format_node(v);
            let mut out = String::new();
            let mut j = 0;
            let mut past_dot = false;
            for c in text.chars() {
                match c {
                    'B' => out.push(c),
                    '.' => {
                        past_dot = true;
                        out.push(c);
                    }
                    _ => {
                        let d = c.to_digit(36).expect("a digit") as usize;
                        let table = if past_dot { &after[j] } else { &before[j] };
                        out.push(char::from_digit(table[d], 36).expect("a digit"));
                        j += 1;
                    }
                }
            }
            l.parse_node(&out)
                .unwrap_or_else(|e| panic!("{text} -> {out}: {e}"))
        })
        .collect()
}

fn sorted_neighbours(l: &Lens, v: Node) -> Vec<Node> {
    let mut out = Vec::new();
    l.neighbours(v, &mut out);
    out.sort_unstable();
    out
}

#[test]
fn digit_relabellings_are_automorphisms() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for &(p, q, n) in LENSES {
        let l = Lens::new(p, q, n, false).expect("a valid lens");
        let orbits = l.digit_orbits().expect("uncompleted");
        let spec = l.spec_string();
        for _ in 0..4 {
            let before: Vec<_> = (0..n).map(|_| rng.permutation(p as usize - 1)).collect();
            let after: Vec<_> = (0..n).map(|_| rng.permutation(q as usize - 1)).collect();
            let image = relabel(&l, &before, &after);
            let mut hit = vec![false; image.len()];
            for &w in &image {
                assert!(!hit[w], "{spec}: not a bijection");
                hit[w] = true;
            }
            for u in 0..l.node_count() {
                let mut mapped: Vec<Node> =
                    sorted_neighbours(&l, u).iter().map(|&v| image[v]).collect();
                mapped.sort_unstable();
                assert_eq!(mapped, sorted_neighbours(&l, image[u]), "{spec}: node {u}");
                assert_eq!(orbits.node_orbit(u), orbits.node_orbit(image[u]), "{spec}");
                for v in sorted_neighbours(&l, u) {
                    assert_eq!(
                        orbits.channel_orbit(u, v),
                        orbits.channel_orbit(image[u], image[v]),
                        "{spec}: channel {u}->{v}"
                    );
                }
            }
        }
        crate::support::assert_orbit_sizes(&l, &orbits, &spec);
    }
}

#[test]
fn the_planners_use_them_and_agree() {
    for &(p, q, n) in LENSES {
        let l = Lens::new(p, q, n, false).expect("a valid lens");
        let spec = l.spec_string();
        let routing = l.routing();
        assert_eq!(load_method(&l, &routing), LoadMethod::Orbits, "{spec}");
        crate::support::assert_loads_equal_every_destination(&spec, &l, &routing);
        assert_eq!(
            distance_distribution(&l),
            distance_distribution_per_source(&l),
            "{spec}"
        );
        // One search per dot position where that is at most one per 64 processors.
        let method = distance_method(&l);
        if n as usize * 64 <= l.processor_count() {
            assert_eq!(method, DistanceMethod::Orbits, "{spec}");
        } else {
            assert_eq!(method, DistanceMethod::BitParallel, "{spec}");
        }
    }
}
