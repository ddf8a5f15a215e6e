//! Draper, "The Swapped Dragonfly": Table 1 (D3(K, M) beside MDF(K, M)) as audit rows, and
//! the statements docs/paper-notes.md finds wrong or partial ((2.2)'s uniqueness, §10's
//! printed glgl path, Theorem 2's exceptions, the diagonal's global port 0), each checked
//! on the graph by breadth-first search or exhaustive enumeration.

use std::collections::VecDeque;

use super::claims::reading;
use super::table::PaperTable;
use super::PaperError;
use crate::graph::{Node, Topology};
use crate::metrics::{bfs, count_minimal_paths};
use crate::topology::d3::{Router, D3};
use crate::topology::mdf::Mdf;

const SOURCE: &str = "Draper, The Swapped Dragonfly";

/// The fewest global hops between any two routers, maximised over the pairs (0-1
/// breadth-first search: a global hop costs 1, a local one 0).
fn max_global_hops(t: &dyn Topology, global: &dyn Fn(Node, Node) -> bool) -> u32 {
    let n = t.node_count();
    let mut worst = 0;
    let mut buf = Vec::new();
    for s in 0..n {
        let mut cost = vec![u32::MAX; n];
        cost[s] = 0;
        let mut queue = VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            buf.clear();
            t.neighbours(u, &mut buf);
            for &v in &buf {
                let w = u32::from(global(u, v));
                if cost[u] + w < cost[v] {
                    cost[v] = cost[u] + w;
                    if w == 0 {
                        queue.push_front(v);
                    } else {
                        queue.push_back(v);
                    }
                }
            }
        }
        worst = worst.max(cost.into_iter().max().unwrap_or(0));
    }
    worst
}

/// Whether sending on global port `gamma` from every router at once reaches every router
/// once (the port permutes the routers, so source vectors can be used).
fn port_permutes(n: usize, peer: &dyn Fn(Node) -> Node) -> bool {
    let mut seen = vec![false; n];
    (0..n).all(|v| !std::mem::replace(&mut seen[peer(v)], true))
}

/// Table 1: D3(K, M) beside MDF(K, M), the properties that can be computed, for
/// K = 3, M = 4.
///
/// # Errors
/// Never in practice.
pub fn table1() -> Result<PaperTable, PaperError> {
    let (k, m) = (3u32, 4u32);
    let d3 = D3::new(k.into(), m.into())?;
    let mdf = Mdf::new(k.into(), m.into())?;
    let mut table = PaperTable::new(
        "d3-table1",
        format!("{SOURCE}, §11, Table 1 and the common properties"),
        "Table 1's properties of D3(K, M) and MDF(K, M), the same drawers of M routers and router radix K + M − 1, computed for K = 3, M = 4: drawers (groups); fixed points (routers whose global port 0 leads to themselves); whether a global port sends every router to a different one (the parallelism over global ports and the source-vector routing of rows 4 and 7, 1 = yes); the most global hops a pair needs (the first common property: at most one). The qualitative rows (scales gracefully, global connectivity determined) are not computed.",
    );
    let fixed = (0..d3.node_count())
        .filter(|&v| d3.is_diagonal(d3.router(v)))
        .count();
    let d3_global = |u: Node, v: Node| {
        let (a, b) = (d3.router(u), d3.router(v));
        (a.c, a.d) != (b.c, b.d)
    };
    let mdf_global = |u: Node, v: Node| mdf.coords(u).0 != mdf.coords(v).0;
    let d3_permutes = (0..k).all(|g| {
        port_permutes(d3.node_count(), &|v| {
            d3.node(d3.global_peer(d3.router(v), g))
        })
    });
    let mdf_permutes = (0..k).any(|g| {
        port_permutes(mdf.node_count(), &|v| {
            let (grp, r) = mdf.coords(v);
            let (h, s, _) = mdf.global_peer(grp, r, g);
            mdf.node(h, s)
        })
    });
    let yes = |b: bool| if b { 1.0 } else { 0.0 };
    let rows: [(&str, f64, f64, f64, f64); 4] = [
        (
            "1 drawers (groups)",
            f64::from(k * m),
            (k * m) as f64,
            f64::from(k * m + 1),
            f64::from(mdf.groups()),
        ),
        (
            "2 fixed points (routers)",
            f64::from(k * m),
            fixed as f64,
            0.0,
            0.0,
        ),
        (
            "4, 7 a global port permutes the routers (1 = yes)",
            1.0,
            yes(d3_permutes),
            0.0,
            yes(mdf_permutes),
        ),
        (
            "common 1: global hops a pair needs, at most",
            1.0,
            f64::from(max_global_hops(&d3, &d3_global)),
            1.0,
            f64::from(max_global_hops(&mdf, &mdf_global)),
        ),
    ];
    for (row, d3_printed, d3_computed, mdf_printed, mdf_computed) in rows {
        let why = Some("not reproduced (unexplained)");
        table.cell(
            "D3(3,4)",
            row.into(),
            "D3(K, M)".into(),
            Some(d3_printed),
            Some(d3_computed),
            why,
        );
        table.cell(
            "MDF(3,4)",
            row.into(),
            "MDF(K, M)".into(),
            Some(mdf_printed),
            Some(mdf_computed),
            why,
        );
    }
    table.notes.push("Fixed points: the paper's 'Yes' is D3's K·M diagonal routers (d = p), whose global port 0 is a hold; MDF has none. Row 5 (D3(L, N) inside D3(K, M)) is Theorem 1, checked link by link in d3-subnetwork.".into());
    Ok(table.finish())
}

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
