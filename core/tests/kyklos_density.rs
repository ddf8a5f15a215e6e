//! The D2 paper's traffic density (§4): the processor-symmetry computation against all
//! N² pairs on the graph, against the Table 3 traffic code, and against closed forms.
#![allow(clippy::unwrap_used)]

use icn_core::papers::d2::d2_density;
use icn_core::papers::table::{Num, Verdict};
use icn_core::topology::kyklos::{density, DensityRule, Kyklos, KyklosRouting, Shuffle};

fn original(n: u64) -> Kyklos {
    Kyklos::new(Shuffle::Original, 2, 2, n).unwrap()
}

/// Every link of tree 0 as (link index, level of its upper end).
fn tree0_links(net: &Kyklos) -> Vec<(usize, usize)> {
    let total = net.leaf_count() + net.ib_count();
    (0..total)
        .filter(|&x| net.is_leaf(x) || net.tree(x) == Some(0))
        .filter_map(|x| {
            net.parent(0, x)
                .map(|p| (net.link_index(x, p), net.level(p)))
        })
        .collect()
}

#[test]
fn symmetry_equals_all_pairs_on_the_graph_link_by_link() {
    for n in 2..=6 {
        let net = original(n);
        let links = tree0_links(&net);
        assert_eq!(links.len(), (1 << (n + 1)) - 2);
        for rule in [DensityRule::D2, DensityRule::H2] {
            let sym = density(rule, n as usize).unwrap();
            let pairs = net.density_by_pairs(rule).unwrap();
            for &(link, level) in &links {
                let want = sym.levels[level - 1].density;
                assert!(
                    (pairs[link] - want).abs() < 1e-9 * want.max(1.0),
                    "{rule:?} n={n} level {level}: link {} vs symmetry {want}",
                    pairs[link]
                );
            }
        }
    }
}

#[test]
fn h2_equals_the_table_3_traffic_code_and_the_closed_form() {
    // The Table 3 code routes H-r by its own plans (⌊n/2⌋ levels of tree 0, ⌈n/2⌉ of
    // tree 1) and takes the busiest link of either tree.
    for n in 2..=8u64 {
        let sym = density(DensityRule::H2, n as usize).unwrap();
        let graph = original(n).traffic(KyklosRouting::Hr).unwrap().max_link;
        assert_eq!(sym.max.value(), graph, "n={n}");
    }
    for n in 1..=24usize {
        let d = density(DensityRule::H2, n).unwrap();
        // 2^(n + ⌈n/2⌉ − 1): N^1.5/2 for even n, N^1.5/√2 for odd n.
        assert_eq!(
            (d.max.num, d.max.den),
            (1u128 << (n + n.div_ceil(2) - 1), 1)
        );
        assert_eq!(d.max_levels, vec![n.div_ceil(2)]);
    }
}

#[test]
fn counts_cover_every_destination_once() {
    for n in 1..=12usize {
        for rule in [DensityRule::D2, DensityRule::H2] {
            let d = density(rule, n).unwrap();
            let sum: f64 = d.counts.iter().map(|c| c.value()).sum();
            assert!((sum - ((1u64 << n) - 1) as f64).abs() < 1e-9);
        }
    }
    assert!(density(DensityRule::D2, 0).is_err());
    assert!(density(DensityRule::D2, 25).is_err());
}

#[test]
fn the_d2_table_reproduces_the_paper_up_to_its_rounding() {
    let t = d2_density(20).unwrap();
    let cell = |group: &str, row: &str| {
        t.cells
            .iter()
            .find(|c| c.group == group && c.row == row)
            .unwrap_or_else(|| panic!("{group} {row}"))
    };
    // Exact values of the paper's method (D2: random choice among longest runs).
    let d5 = cell("D2 n=5", "density");
    assert_eq!(d5.exact.as_deref(), Some("212/3"));
    assert_eq!(d5.verdict, Verdict::Match); // printed 71
    assert_eq!(cell("D2 n=10", "density").exact.as_deref(), Some("70208/3"));
    // n = 7: printed 648; the stated rule gives 664.
    let d7 = cell("D2 n=7", "density");
    assert_eq!(d7.computed, Some(Num::Int(664)));
    assert_eq!(d7.exact, None); // an integer: no fraction beside it
    assert_eq!(d7.verdict, Verdict::Differs);
    // H2 at odd n is printed twice the formula.
    assert_eq!(cell("H2 n=5", "density").computed, Some(Num::Int(128)));
    assert_eq!(cell("H2 n=5", "density").verdict, Verdict::Differs);
    // Every printed level is reproduced.
    assert!(t
        .cells
        .iter()
        .filter(|c| c.row.starts_with("level") && c.printed.is_some())
        .all(|c| c.verdict == Verdict::Match));
    assert_eq!(t.summary.matches, 41);
    assert_eq!(t.summary.differs, 12);
    assert_eq!(t.summary.not_printed, 20);
}

#[test]
fn processing_loads_follow_section_vii() {
    for n in [2u64, 4, 6] {
        let big_n = 1usize << n;
        let root = (big_n as f64).sqrt();
        let h = (n / 2) as usize;
        let k2 = Kyklos::new(Shuffle::Proposed, 2, 2, n).unwrap();
        let h2 = k2.h2_join_load().unwrap();
        let y2 = k2.y2_join_load().unwrap();
        for load in [&h2, &y2] {
            // Every ordered pair joins exactly once.
            assert_eq!(load.per_node.iter().sum::<f64>(), (big_n * big_n) as f64);
        }
        // §VII: Y-2 puts N/2 on every IB-node.
        assert!(y2.per_node[big_n..]
            .iter()
            .all(|&c| c == (big_n / 2) as f64));
        // §VII's H-2 loadings: level 1 N/2 + N^½ − 1 (n ≥ 4), levels 2 … h N/2 on every
        // node, nothing above h.
        for x in big_n..h2.per_node.len() {
            let v = k2.level(x);
            let want = match v {
                1 if n >= 4 => big_n as f64 / 2.0 + root - 1.0,
                1 => continue,
                v if v <= h => (big_n / 2) as f64,
                _ => 0.0,
            };
            assert_eq!(h2.per_node[x], want, "n={n} node {x} level {v}");
        }
        // K-1: the roots take N²/4 each (pairs differing in the top digit, two trees).
        let k1 = Kyklos::new(Shuffle::Identity, 2, 2, n).unwrap();
        let mid = k1.midpoint_join_load(KyklosRouting::Mr).unwrap();
        assert_eq!(mid.max_ib_node, (big_n * big_n / 4) as f64);
        assert_eq!(mid.max_per_level[n as usize], mid.max_ib_node);
    }
    // N = 4: level 1 only; Appendix A's trees give 2, 3, 3, 4, not the formula's 3 on each.
    let k2 = Kyklos::new(Shuffle::Proposed, 2, 2, 2).unwrap();
    let mut level1: Vec<f64> = k2.h2_join_load().unwrap().per_node[4..]
        .iter()
        .zip(4..)
        .filter(|&(_, x)| k2.level(x) == 1)
        .map(|(&c, _)| c)
        .collect();
    level1.sort_by(f64::total_cmp);
    assert_eq!(level1, vec![2.0, 3.0, 3.0, 4.0]);
}

#[test]
fn the_load_table_reproduces_table_3() {
    use icn_core::papers::kyklos_traffic::table3_load;
    let t = table3_load(6).unwrap();
    let get = |row: &str, column: &str| {
        let c = t
            .cells
            .iter()
            .find(|c| c.row == row && c.column == column)
            .unwrap();
        (c.computed.unwrap().value(), c.verdict)
    };
    assert_eq!(get("N = 64", "K-1"), (1024.0, Verdict::Match));
    assert_eq!(get("N = 64", "H-2"), (39.0, Verdict::Match));
    assert_eq!(get("N = 64", "Y-2"), (32.0, Verdict::Match));
    assert_eq!(get("N = 16", "H-2"), (11.0, Verdict::Match));
    assert_eq!(get("N = 4", "H-2"), (4.0, Verdict::Differs));
    // P-2 with ties split equally and mid-point joins (printed 12, 88).
    assert_eq!(get("N = 16", "P-2"), (20.0, Verdict::Differs));
    assert_eq!(get("N = 64", "P-2"), (208.0, Verdict::Differs));
    assert_eq!(t.summary.matches, 9);
}
