//! Draper, "The Swapped Dragonfly": the statements docs/paper-notes.md finds wrong or partial ((2.2)'s uniqueness, §10's
//! printed glgl path, Theorem 2's exceptions, the diagonal's global port 0), each checked
//! on the graph by breadth-first search or exhaustive enumeration.

use super::claims::reading;
use super::table::PaperTable;
use super::PaperError;
use icn_engine::metrics::{bfs, count_minimal_paths};
use icn_families::d3::{Router, D3};
use icn_graph::Graph;

pub(super) const SOURCE: &str = "Draper, The Swapped Dragonfly";

/// The statements of §2, §3, §9 and §10 against the graph of D3(3, 4).
///
/// # Errors
/// Never in practice.
pub fn claims() -> Result<PaperTable, PaperError> {
    let d3 = D3::new(3, 4)?;
    let r = |c, d, p| d3.node(Router { c, d, p });
    let mut table = PaperTable::new(
        "d3-claims",
        format!("{SOURCE}, §2, §3, §9, §10"),
        "Printed = the paper's statement evaluated in D3(3, 4); computed = breadth-first search (distances, minimal-path counts), the links of the graph, and exhaustive enumeration of pairs of transmissions in D3(2, 2) (docs/paper-notes.md, Swapped Dragonfly).",
    );
    let unique = "(2.2) is not always the unique shortest path: with p' = p there are also g-l-g paths, with d' = d g-g-l and l-g-g ones (1 + 2K)";
    for (row, a, b, printed, why) in [
        (
            "(0,1,2) → (2,3,2), p' = p: shortest paths",
            r(0, 1, 2),
            r(2, 3, 2),
            1.0,
            unique,
        ),
        (
            "(0,1,2) → (2,1,0), d' = d: shortest paths",
            r(0, 1, 2),
            r(2, 1, 0),
            1.0,
            unique,
        ),
    ] {
        table.cell(
            "§2 (2.2): the l-g-l path is unique when d' ≠ p, p' ≠ d",
            row.into(),
            "minimal paths".into(),
            Some(printed),
            Some(
                count_minimal_paths(&d3, a, b)
                    .to_string()
                    .parse()
                    .unwrap_or(f64::NAN),
            ),
            Some(why),
        );
    }
    for (row, a, b, printed, why) in [
        (
            "(0,1,2) → (2,1,2), d' = d, p' = p",
            r(0, 1, 2),
            r(2, 1, 2),
            3.0,
            "the distance is 2 (g-g); the l-g-l path takes 3 hops",
        ),
        (
            "(0,1,2) → (0,1,3), one drawer",
            r(0, 1, 2),
            r(0, 1, 3),
            2.0,
            "the literal (2.2) path goes through the drawer's diagonal router; the distance is 1",
        ),
    ] {
        table.cell(
            "§2 (2.2): the l-g-l path is the shortest",
            row.into(),
            "hops".into(),
            Some(printed),
            Some(f64::from(bfs(&d3, a)[b])),
            Some(why),
        );
    }
    // §10 prints (c,d,p) →g (c',p,d) →l (c',d,d') →g (c',d',d) →l (c',d',p').
    let printed_path = [r(0, 1, 2), r(2, 2, 1), r(2, 1, 3), r(2, 3, 1), r(2, 3, 0)];
    let mut buf = Vec::new();
    let hops = printed_path
        .windows(2)
        .filter(|w| {
            buf.clear();
            d3.neighbours(w[0], &mut buf);
            buf.contains(&w[1])
        })
        .count();
    table.cell("§10: the glgl path (c,d,p) → (c',p,d) → (c',d,d') → (c',d',d) → (c',d',p')", "(0,1,2) → (2,3,0): hops between neighbours".into(), "hops".into(), Some(4.0), Some(hops as f64), Some("the printed (c',d,d') is no neighbour of (c',p,d): a local hop keeps the drawer, so the path is (c',p,d) → (c',p,d') → (c',d',p) → (c',d',p') (D3::glgl_path, icn route --glgl)"));
    let min_degree = (0..d3.node_count())
        .map(|v| {
            buf.clear();
            d3.neighbours(v, &mut buf);
            buf.len()
        })
        .min()
        .unwrap_or(0);
    table.cell("§3: every router has K global and M − 1 local links", "the fewest links of a router, K + M − 1 = 6".into(), "links".into(), Some(6.0), Some(min_degree as f64), Some("global port 0 of a diagonal router (d = p) leads to itself: a hold, no link, so those K·M routers have K + M − 2 links"));
    theorem2_row(&mut table)?;
    reading(&mut table, "§9 item 5 and Theorem 8", "a permutation in M hops", "item 5 says M hops, Theorem 8 M + 4; the tests check M + 4 with greedy delays (every permutation of D3(2,2))");
    reading(&mut table, "§10 destination headers", "b = 1: go to (p', d) local", "the column is the location's router coordinate after the swap (the source's drawer d): port p' − d; so read, the lookups equal the source vector's ports for every pair");
    Ok(table.finish())
}

/// Theorem 2 against every pair of transmissions with distinct destinations in D3(2, 2).
fn theorem2_row(table: &mut PaperTable) -> Result<(), PaperError> {
    let d3 = D3::new(2, 2)?;
    let n = d3.node_count();
    let mut wrong = 0u32;
    for s1 in 0..n {
        for t1 in (0..n).filter(|&t| t != s1) {
            for s2 in 0..n {
                for t2 in (0..n).filter(|&t| t != s2 && t != t1) {
                    let predicted = d3.theorem2_predicts_conflict(s1, t1, s2, t2);
                    let found = !d3.link_conflicts(s1, t1, s2, t2).is_empty();
                    wrong += u32::from(predicted != found);
                }
            }
        }
    }
    table.cell("§8 Theorem 2: the link-conflict condition", "D3(2,2): ordered pairs of transmissions it misjudges".into(), "pairs".into(), Some(0.0), Some(f64::from(wrong)), Some("two exceptions: everything in one drawer (the global step is a hold, no conflict), and one source sending to different drawers with the same d' ≠ p (the same local channel at step 1)"));
    Ok(())
}
