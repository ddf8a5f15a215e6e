//! TR-88-27's traffic tables: Table 3 (maximum link traffic density and maximum IB-node
//! processing load) and Appendix C (link traffic density per level under H-2 and Y-2),
//! computed from the routes and set beside the printed values.
//!
//! Appendix C counts one direction of a link (its T(v, n) are half of Table 3's values,
//! which add both directions, as [`Kyklos::traffic`] does) and derives each level's
//! traffic as the level's total over its m^(n−v+1) links, so the computed column is the
//! level's mean per link; the busiest link of the level is shown beside it. For m = r = 2
//! and h = n/2:
//!
//! * H-2, 0 < v ≤ h: T_h2(v, n) = 2^v · N · (2·2^h − 2^v) / 2^(h+2); 0 above h.
//! * H-2's maximum, "both directions": 2^v · N · (2·2^h − 2^v) / 2^(h+1) at v = h, that is
//!   N · 2^h / 2 (Table 3's H-2 column).
//! * Y-2 after steps 5 and 6: T ≤ 25 · 2^h · N / 256 for 0 < v < h − 1 (a bound),
//!   5 · N · 2^h / 32 at v = h − 1, 3 · N · 2^h / 16 at v = h, N · 2^h / 8 for h < v ≤ 2h.
//!
//! The appendix's intermediate state "after Y-2 step 4" describes the algorithm half-way
//! and is not a routing one can run; it is not reproduced.

use super::kyklos::{net, TR};
use super::table::PaperTable;
use super::PaperError;
use icn_families::kyklos::{Kyklos, KyklosRouting, Shuffle};
use icn_graph::math::Ratio;

/// Table 3's strategies: (column, KYKLOS-I?, strategy).
pub const DENSITY_COLUMNS: [(&str, bool, KyklosRouting); 5] = [
    ("K-1", true, KyklosRouting::Mr),
    ("M-2", false, KyklosRouting::Mr),
    ("H-2", false, KyklosRouting::Hr),
    ("P-2", false, KyklosRouting::Pr),
    ("Y-2", false, KyklosRouting::Y2),
];

/// Table 3, maximum link traffic density, as printed: n = 2, 4, …, 12 (N = 4 … 4096).
pub const DENSITY_PRINTED: [(u64, [f64; 5]); 6] = [
    (2, [4.0, 3.0, 4.0, 3.0, 3.0]),
    (4, [64.0, 36.0, 32.0, 26.0, 24.0]),
    (6, [1024.0, 576.0, 256.0, 196.0, 192.0]),
    (8, [16384.0, 9216.0, 2048.0, 1616.0, 1536.0]),
    (10, [262_144.0, 147_456.0, 16384.0, 15808.0, 12288.0]),
    (
        12,
        [4_194_304.0, 2_359_296.0, 131_072.0, 173_568.0, 98304.0],
    ),
];

/// TR-88-27 Table 3, maximum link traffic density of K-1, M-2, H-2, P-2, Y-2 for
/// N = 4 … 4096, computed for n ≤ `max_n` (the rest is reported as not computed).
///
/// # Errors
/// Never in practice (the strategies are defined on these networks).
pub fn table3_density(max_n: u64) -> Result<PaperTable, PaperError> {
    let mut table = PaperTable::new(
        "kyklos-density",
        format!("{TR}, §VIII, Table 3 (Maximum Link Traffic Density)"),
        "The busiest link's traffic over all N² ordered pairs of L-nodes, one unit per pair split equally among the strategy's routes, both directions of a link added. K-1 = KYKLOS-I⟨2,2,n⟩ with single-tree routes split over the two trees; M-2, H-2, P-2, Y-2 = proposed KYKLOS-II⟨2,2,n⟩.",
    );
    table.notes.push("Counting convention and the strategies' readings: docs/paper-notes.md, KYKLOS (Counting convention of Table 3; Y-2).".into());
    table.notes.push("Computed exactly from the routes towards L-node 0 and the translation symmetry (`Kyklos::link_traffic_by_symmetry`), checked link by link against the all-pairs computation on small networks.".into());
    table.notes.push(
        "The second half of Table 3 (maximum IB-node processing load) is `icn table kyklos-load`."
            .into(),
    );
    let p2 = "P-2's tie rule among minimal paths with the fewest pass-throughs is not given (TR-88-27 cites [Mene87b]); splitting ties equally gives this value (docs/paper-notes.md, KYKLOS, P-2)";
    let not_computed = format!("not computed: this table is computed up to n = {max_n}");
    for (n, printed) in DENSITY_PRINTED {
        let kyklos1 = net(Shuffle::Identity, 2, n)?;
        let kyklos2 = net(Shuffle::Proposed, 2, n)?;
        for (c, (column, k1, kind)) in DENSITY_COLUMNS.into_iter().enumerate() {
            let exact = if n <= max_n {
                let k = if k1 { &kyklos1 } else { &kyklos2 };
                Some(k.max_link_traffic_exact(kind)?)
            } else {
                None
            };
            let computed = exact.map(Ratio::value);
            let why = match (computed, kind) {
                (None, _) => Some(not_computed.as_str()),
                (_, KyklosRouting::Pr) => Some(p2),
                _ => Some("not reproduced (unexplained)"),
            };
            table.cell(
                "maximum link traffic density",
                format!("N = {}", 1u64 << n),
                column.into(),
                Some(printed[c]),
                computed,
                why,
            );
            if let Some(fraction) = exact.and_then(Ratio::fraction) {
                table.exact(fraction);
            }
        }
    }
    Ok(table.finish())
}

/// Table 3's maximum IB-node processing load as printed: n, then K-1, P-2, H-2, Y-2.
const LOAD_PRINTED: [(u64, [f64; 4]); 5] = [
    (2, [4.0, 2.0, 3.0, 2.0]),
    (4, [64.0, 12.0, 11.0, 8.0]),
    (6, [1024.0, 88.0, 39.0, 32.0]),
    (8, [16384.0, 928.0, 143.0, 128.0]),
    (10, [262144.0, 9728.0, 543.0, 512.0]),
];

/// `icn table kyklos-load`: TR-88-27 Table 3, maximum IB-node processing load (the
/// partial joins of all N² ordered pairs), for N = 4 … 2^`max_n` (n even).
///
/// # Errors
/// Never in practice (the networks are fixed and valid).
pub fn table3_load(max_n: u64) -> Result<PaperTable, PaperError> {
    let mut table = PaperTable::new(
        "kyklos-load",
        format!("{TR}, §VII-VIII, Table 3 (Maximum IB-node Processing Load)"),
        "The most partial joins computed at one IB-node, over all N² ordered pairs ⟨R_j, S_i⟩ (i = j joins at the L-node). K-1 = KYKLOS-I⟨2,2,n⟩, M-r routes (split over the two trees), join at the route's middle node; P-2 = P-r routes, join at the middle node; H-2 = the quasi-level assignment on H-2 routes; Y-2 = §VII's level assignment (icn join). Proposed KYKLOS-II⟨2,2,n⟩ for P-2, H-2, Y-2.",
    );
    table.notes.push("H-2's assignment is not spelled out in the TR ('with minor modification'); ours takes Y-2's join tree and §VII's level from Y_s, and brings levels above h down to level 1. It gives exactly §VII's stated H-2 loadings, N/2 + N^½ − 1 at level 1 and N/2 at levels 2 … h (docs/paper-notes.md, KYKLOS).".into());
    table.notes.push("Mid-point joins split a pair's join equally among the middles of its routes; P-2's tie rule is not given in the TR, so P-2 differs as its link traffic does.".into());
    let why = |column: &str, n: u64| -> &'static str {
        match (column, n) {
            ("P-2", _) => "P-2's tie rule among minimal routes with the fewest pass-throughs is not given (TR-88-27 cites [Mene87b]); splitting ties equally and joining at each route's middle gives this value",
            ("H-2", 2) => "N = 4 has h = 1: every join is at level 1 and the printed 3 is the formula N/2 + N^½ − 1; Appendix A's tree choice gives the four level-1 nodes 2, 3, 3 and 4 joins",
            _ => "not reproduced (unexplained)",
        }
    };
    for (n, printed) in LOAD_PRINTED.into_iter().filter(|&(n, _)| n <= max_n) {
        let kyklos1 = net(Shuffle::Identity, 2, n)?;
        let kyklos2 = net(Shuffle::Proposed, 2, n)?;
        let computed = [
            kyklos1.midpoint_join_load(KyklosRouting::Mr)?,
            kyklos2.midpoint_join_load(KyklosRouting::Pr)?,
            kyklos2.h2_join_load()?,
            kyklos2.y2_join_load()?,
        ];
        for (c, column) in ["K-1", "P-2", "H-2", "Y-2"].into_iter().enumerate() {
            table.cell(
                "maximum IB-node processing load",
                format!("N = {}", 1u64 << n),
                column.into(),
                Some(printed[c]),
                Some(computed[c].max_ib_node),
                Some(why(column, n)),
            );
            if let Some(fraction) = computed[c].max_ib_node_exact.fraction() {
                table.exact(fraction);
            }
        }
    }
    Ok(table.finish())
}

const APPENDIX_C: &str = "Haddix, Dale, Jenevein, Walton, The KYKLOS (n mod r = 0) Routing Algorithm, UT Austin TR-88-27, Appendix C (Maximum Link Traffic Density using Y-2 Routing)";

/// 2^e as a float.
fn p2(e: usize) -> f64 {
    (1u64 << e) as f64
}

/// Appendix C's H-2 density per link at level v, one direction.
fn t_h2(n: usize, v: usize) -> f64 {
    let h = n / 2;
    if v > h {
        return 0.0;
    }
    p2(v) * p2(n) * (2.0 * p2(h) - p2(v)) / p2(h + 2)
}

/// Appendix C's Y-2 density per link at level v, one direction, and whether the paper
/// gives it as an upper bound (≤) rather than a value.
fn t_y2(n: usize, v: usize) -> (f64, bool) {
    let (h, big_n) = (n / 2, p2(n));
    if v + 1 < h {
        (25.0 * p2(h) * big_n / 256.0, true)
    } else if v + 1 == h {
        (5.0 * big_n * p2(h) / 32.0, false)
    } else if v == h {
        (3.0 * big_n * p2(h) / 16.0, false)
    } else {
        (big_n * p2(h) / 8.0, false)
    }
}

/// Per level v = 1 ..= n: the mean and the largest traffic per link, one direction, over
/// both trees (the two trees of the proposed shuffle carry the same traffic per level).
/// Exact: the traffic is a multiple of 1/scale, and a level's mean divides by its links.
fn per_level(k: &Kyklos, kind: KyklosRouting) -> Result<Vec<(Ratio, Ratio)>, PaperError> {
    let exact = k.link_traffic_exact(kind)?;
    let scale = u128::from(exact.scale);
    let mut out = Vec::with_capacity(k.n());
    for v in 1..=k.n() {
        // (total, links) of the tree with the largest mean, and the busiest link.
        let mut mean = (0u128, 1u128);
        let mut max = 0u128;
        for t in 0..k.r() {
            let links = k.level_links(t, v);
            let total: u128 = links.iter().map(|&l| u128::from(exact.links[l])).sum();
            if total * mean.1 > mean.0 * links.len() as u128 {
                mean = (total, links.len() as u128);
            }
            let busiest = links.iter().map(|&l| exact.links[l]).max().unwrap_or(0);
            max = max.max(busiest.into());
        }
        out.push((
            Ratio::new(mean.0, mean.1 * scale * 2),
            Ratio::new(max, scale * 2),
        ));
    }
    Ok(out)
}

/// Records `value` as the last cell's exact fraction, when it is not an integer.
fn exact(table: &mut PaperTable, value: Ratio) {
    if let Some(fraction) = value.fraction() {
        table.exact(fraction);
    }
}

/// TR-88-27 Appendix C against the traffic of the H-2 and Y-2 routes of proposed
/// KYKLOS-II⟨2,2,n⟩ for even n = 4 … `max_n`.
///
/// # Errors
/// Never in practice (the strategies are defined on these networks).
pub fn appendix_c(max_n: usize) -> Result<PaperTable, PaperError> {
    let mut table = PaperTable::new(
        "kyklos-appendix-c",
        APPENDIX_C.into(),
        "Link traffic density per level v of proposed KYKLOS-II⟨2,2,n⟩ (h = n/2) over all N² ordered pairs of L-nodes, one direction of a link, as Appendix C counts it (half of Table 3's convention). Printed = the appendix's closed form evaluated; computed = the level's mean per link from the routes (and the level's busiest link).",
    );
    table.notes.push("The appendix derives each level's traffic as a total spread over the level's links, so its formulas are level means. Under H-2 every link of a level carries the same traffic; under Y-2 level 1 does not (docs/paper-notes.md, KYKLOS, Appendix C).".into());
    table.notes.push("Not reproduced: the intermediate densities 'after Y-2 step 4', which describe the algorithm half-way rather than a routing.".into());
    let bound = "the paper prints an upper bound (≤) here; the computed value is below it";
    let busiest_y2 = "the formula is the level's mean; Y-2 does not load level 1 evenly, and its busiest link exceeds the mean (and at N = 64 the printed bound)";
    for n in (4..=max_n).step_by(2) {
        let k = Kyklos::new(Shuffle::Proposed, 2, 2, n as u64)?;
        let big_n = 1u64 << n;
        let h2 = per_level(&k, KyklosRouting::Hr)?;
        let y2 = per_level(&k, KyklosRouting::Y2)?;
        for v in 1..=n {
            let row = format!("N = {big_n}, v = {v}");
            let (mean, max) = h2[v - 1];
            let printed = t_h2(n, v);
            table.cell(
                "H-2: T_h2(v, n)",
                row.clone(),
                "mean per link".into(),
                Some(printed),
                Some(mean.value()),
                Some("not reproduced (unexplained)"),
            );
            exact(&mut table, mean);
            table.cell(
                "H-2: T_h2(v, n)",
                row.clone(),
                "busiest link".into(),
                Some(printed),
                Some(max.value()),
                Some("not reproduced (unexplained)"),
            );
            exact(&mut table, max);
            let (printed, is_bound) = t_y2(n, v);
            let (mean_exact, max_exact) = y2[v - 1];
            let (mean, max) = (mean_exact.value(), max_exact.value());
            let why = |c: f64| {
                if is_bound && c < printed {
                    bound
                } else if c > mean {
                    busiest_y2
                } else {
                    "not reproduced (unexplained)"
                }
            };
            table.cell(
                "Y-2 after steps 5 and 6",
                row.clone(),
                "mean per link".into(),
                Some(printed),
                Some(mean),
                Some(why(mean)),
            );
            exact(&mut table, mean_exact);
            table.cell(
                "Y-2 after steps 5 and 6",
                row,
                "busiest link".into(),
                Some(printed),
                Some(max),
                Some(why(max)),
            );
            exact(&mut table, max_exact);
        }
        // The maximum, both directions (Table 3's convention): v = h.
        let h = n / 2;
        let printed = p2(h) * p2(n) * (2.0 * p2(h) - p2(h)) / p2(h + 1);
        let computed = k.max_link_traffic_exact(KyklosRouting::Hr)?;
        table.cell(
            "H-2: maximum per link, both directions (v = h)",
            format!("N = {big_n}"),
            "busiest link".into(),
            Some(printed),
            Some(computed.value()),
            Some("not reproduced (unexplained)"),
        );
        exact(&mut table, computed);
        // "At least 25 %" less at level h: Y-2's level-h traffic is 3/4 of H-2's.
        table.cell(
            "Y-2 against H-2 at level h",
            format!("N = {big_n}"),
            "Y-2 / H-2".into(),
            Some(0.75),
            Some(y2[h - 1].0.value() / h2[h - 1].0.value()),
            Some("not reproduced (unexplained)"),
        );
        exact(&mut table, y2[h - 1].0.over(h2[h - 1].0));
    }
    Ok(table.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closed forms agree with the appendix's own simplifications.
    #[test]
    fn closed_forms_simplify_as_printed() {
        for n in (4..=20).step_by(2) {
            let h = n / 2;
            // T_h2(h, n) = N · 2^h / 4.
            assert_eq!(t_h2(n, h), p2(n) * p2(h) / 4.0);
            // (N/2) · 2^h · 2^−d · (2 − 2^−d) / 2 with d = h − v: the same function.
            for v in 1..=h {
                let d = (h - v) as i32;
                let alt = p2(n) / 2.0 * p2(h) * 2f64.powi(-d) * (2.0 - 2f64.powi(-d)) / 2.0;
                assert!((t_h2(n, v) - alt).abs() < 1e-6 * alt);
            }
            // Y-2 at level h is three quarters of H-2 there.
            assert_eq!(t_y2(n, h).0, 0.75 * t_h2(n, h));
        }
    }
}
