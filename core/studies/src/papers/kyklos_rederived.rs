//! TR-88-27 re-derived against the graphs (issue 22): §V's worked example, §VI's theorems
//! on H-r (g! routings, the traffic per level, per link and its maximum) and Appendix
//! C's claim for Y-2's reduction, each evaluated for r = 1, 2 and 3, where the paper's
//! tables only show r = 2. Rows of `kyklos-claims`.

use super::table::PaperTable;
use super::PaperError;
use icn_engine::metrics::{bfs, count_minimal_paths};
use icn_engine::routing::enumerate_paths;
use icn_families::kyklos::{Kyklos, KyklosRouting, Shuffle};
use icn_graph::Addresses;

/// Why the per-link theorem is off: the divisor r.
const PER_LINK: &str = "the divisor r is wrong: one tree's level-v traffic 2·[1 − (1/m)^(h−v+1)]·N² (the theorem before, which holds) is spread over that tree's m^(n−v+1) links, not r times as many; right for r = 1, equal to Appendix C's one-direction count at r = 2 by coincidence, a third of the traffic at r = 3 (docs/paper-notes.md, KYKLOS)";

/// `2·[1 − (1/m)^(h−v+1)]·N²`, §VI's traffic at level v of one tree (m = 2).
fn level_total(n: u32, h: u32, v: u32) -> f64 {
    let nn = f64::from(1u32 << n);
    2.0 * (1.0 - 0.5f64.powi((h - v + 1) as i32)) * nn * nn
}

/// `2·m^v·N·(m·m^h − m^v) / (r·m^(h+2))`, §VI's traffic per link at level v (m = 2).
fn per_link(n: u32, r: u32, h: u32, v: u32) -> f64 {
    let (nn, mv, mh) = (
        f64::from(1u32 << n),
        f64::from(1u32 << v),
        f64::from(1u32 << h),
    );
    2.0 * mv * nn * (2.0 * mh - mv) / (f64::from(r) * f64::from(1u32 << (h + 2)))
}

/// §VI's H-r theorems on the proposed KYKLOS-II⟨2, r, n⟩: traffic per level of one tree,
/// per link, and the maximum per link, against the link traffic of H-r's routes.
fn hr_traffic(table: &mut PaperTable) -> Result<(), PaperError> {
    for (r, n) in [(1u32, 4u32), (2, 4), (3, 6), (3, 9)] {
        let k = Kyklos::new(Shuffle::Proposed, 2, r.into(), n.into())?;
        let h = n / r;
        let links = k.link_traffic_by_symmetry(KyklosRouting::Hr)?;
        let levels = k.level_traffic(&links);
        let group = format!("proposed KYKLOS-II⟨2,{r},{n}⟩, H-r");
        for l in levels.iter().filter(|l| l.tree == 0 && l.level as u32 <= h) {
            let v = l.level as u32;
            table.cell(
                &group,
                format!("§VI: traffic at level v of one tree = 2·[1 − (1/m)^(h−v+1)]·N², v = {v}"),
                "traffic".into(),
                Some(level_total(n, h, v)),
                Some(l.total),
                Some("not reproduced (unexplained)"),
            );
            table.cell(
                &group,
                format!(
                    "§VI: traffic per link at level v = 2·m^v·N·(m·m^h − m^v)/(r·m^(h+2)), v = {v}"
                ),
                "busiest link".into(),
                Some(per_link(n, r, h, v)),
                Some(l.max),
                Some(PER_LINK),
            );
        }
        if r != 2 {
            // r = 2 is Appendix C's N·2^h/4, a row of its own above.
            let nn = f64::from(1u32 << n);
            table.cell(
                &group,
                "§VI: maximum traffic per link = [2(m − 1)/(r·m²)]·N^(1+1/r)".into(),
                "busiest link".into(),
                Some(2.0 / (f64::from(r) * 4.0) * nn.powf(1.0 + 1.0 / f64::from(r))),
                Some(k.max_link_traffic(KyklosRouting::Hr)?),
                Some("the same divisor r: the maximum is (m − 1)/m²·2·N^(1+1/r) = N^(1+1/r)/2 for m = 2 at every r (computed), the printed value only at r = 1"),
            );
        }
    }
    Ok(())
}

/// §VI's theorem: "there are g! possible routings with H-2 Routing, all of which have
/// the same path length", g the trees with non-trivial traversals (non-zero slices X_t).
fn hr_orders(table: &mut PaperTable) -> Result<(), PaperError> {
    for (r, n) in [(2u64, 6u64), (3, 6)] {
        let k = Kyklos::new(Shuffle::Proposed, 2, r, n)?;
        let router = k.routing(KyklosRouting::Hr)?;
        let mut wrong = 0u32;
        for a in 0..k.leaf_count() {
            for b in (0..k.leaf_count()).filter(|&b| b != a) {
                let g = (0..r as usize)
                    .filter(|&t| k.slice_mask(t, a, b).is_some_and(|x| x != 0))
                    .count();
                let paths = enumerate_paths(&router, a, b, 64);
                let orders: usize = (1..=g).product();
                let same = paths.windows(2).all(|w| w[0].len() == w[1].len());
                wrong += u32::from(paths.len() != orders || !same);
            }
        }
        table.cell(
            &format!("proposed KYKLOS-II⟨2,{r},{n}⟩, H-r"),
            "§VI: g! routings with H-r, all of the same length".into(),
            "ordered pairs where not".into(),
            Some(0.0),
            Some(f64::from(wrong)),
            Some("not reproduced (unexplained)"),
        );
    }
    Ok(())
}

/// Appendix C: Y-2 cuts H-2's maximum link traffic by at least 25 % (m = 2), "for r > 2
/// … the total reduction is between 1/4 and 1/3", under the reading of Y-2's steps 4-7
/// the rows above record.
fn y2_reduction(table: &mut PaperTable) -> Result<(), PaperError> {
    for (r, n) in [(2u64, 4u64), (2, 6), (2, 8), (3, 6), (3, 9)] {
        let k = Kyklos::new(Shuffle::Proposed, 2, r, n)?;
        let hr = k.max_link_traffic(KyklosRouting::Hr)?;
        let y2 = k.max_link_traffic(KyklosRouting::Y2)?;
        let cut = 1.0 - y2 / hr;
        let eps = 1e-9;
        let holds = cut >= 0.25 - eps && (r == 2 || cut <= 1.0 / 3.0 + eps);
        let group = format!("proposed KYKLOS-II⟨2,{r},{n}⟩, Y-2 against H-r");
        table.cell(
            &group,
            "Appendix C: Y-2 cuts the maximum link traffic by at least 25 % (m = 2); by 1/4 to 1/3 for r > 2 (1 = holds)".into(),
            "holds".into(),
            Some(1.0),
            Some(if holds { 1.0 } else { 0.0 }),
            Some("holds for r = 2 (exactly 25 % at every N of Table 3); for r = 3, Y-2 as its steps read (the readings of steps 4-7 above) cuts H-r's maximum by 11.7 % (N = 64) and 11.9 % (N = 512), the share rows beside"),
        );
        table.cell(
            &group,
            "the reduction 1 − Y-2/H-r of the maximum link traffic".into(),
            "share".into(),
            None,
            Some(cut),
            None,
        );
    }
    Ok(())
}

/// §V's worked example: 15 → 37 in KYKLOS-II⟨2,2,6⟩, "five minimal paths" of length 10.
fn section5_example(table: &mut PaperTable) -> Result<(), PaperError> {
    let k = Kyklos::new(Shuffle::Original, 2, 2, 6)?;
    let (a, b) = (k.parse_node("15")?, k.parse_node("37")?);
    let group = "§V, 15 → 37 in KYKLOS-II⟨2,2,6⟩ (original)";
    let paths = count_minimal_paths(&k, a, b)
        .to_string()
        .parse()
        .unwrap_or(f64::NAN);
    let none = Some("not reproduced (unexplained)");
    table.cell(
        group,
        "minimal paths (breadth-first search)".into(),
        "paths".into(),
        Some(5.0),
        Some(paths),
        none,
    );
    table.cell(
        group,
        "the minimal length (breadth-first search)".into(),
        "hops".into(),
        Some(10.0),
        Some(f64::from(bfs(&k, a)[b])),
        none,
    );
    Ok(())
}

/// Every re-derived row of TR-88-27, added to `table` (`kyklos-claims`).
///
/// # Errors
/// Never in practice.
pub(super) fn rederived(table: &mut PaperTable) -> Result<(), PaperError> {
    section5_example(table)?;
    hr_orders(table)?;
    hr_traffic(table)?;
    y2_reduction(table)
}
