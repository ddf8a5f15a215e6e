//! TR-88-27 (Haddix, Dale, Jenevein, Walton, "The KYKLOS (n mod r = 0) Routing
//! Algorithm"): Table 1 (spans), §V's worked examples, Table B-1 (real spans) and
//! Table 2 (join sites), computed and set beside the printed values. Table 3 and
//! Appendix C, the traffic tables, are in [`super::kyklos_traffic`].
//!
//! Where a printed value is not reproduced, the cell's note says why and
//! docs/paper-notes.md ("## KYKLOS") has the details.

use std::collections::BTreeSet;

use super::table::{Cell, Num, PaperTable, Summary, Verdict};
use super::PaperError;
use icn_engine::metrics::count_minimal_paths;
use icn_families::kyklos::{Kyklos, Shuffle};
use icn_graph::bfs;

pub(super) const TR: &str = "Haddix, Dale, Jenevein, Walton, The KYKLOS (n mod r = 0) Routing Algorithm, UT Austin TR-88-27";

/// Binary KYKLOS⟨2, r, n⟩ with `shuffle`.
pub(super) fn net(shuffle: Shuffle, r: u64, n: u64) -> Result<Kyklos, PaperError> {
    Ok(Kyklos::new(shuffle, 2, r, n)?)
}

/// TR-88-27 Table 1: z_tv and span_tv = 2^z_tv of proposed KYKLOS-II⟨2,3,6⟩ and ⟨2,2,6⟩.
///
/// # Errors
/// Never in practice (the networks are fixed and valid).
pub fn table1_spans() -> Result<PaperTable, PaperError> {
    let mut table = PaperTable::new(
        "kyklos-spans",
        format!("{TR}, §IV, Table 1"),
        "The dimension z_tv changed at level v of tree t (0-based digit, place value 2^z) and span_tv = m^z_tv, proposed shuffle.",
    );
    table.notes.push("The OCR of the ⟨2,3,6⟩ table is jumbled; its rows read level, z for trees 0-2, spans for trees 0-2 (docs/paper-notes.md, KYKLOS, Proposed shuffle).".into());
    // Printed z_tv, rows = levels 1..6, columns = trees.
    let printed: [(u64, &str, [&[usize]; 6]); 2] = [
        (
            3,
            "proposed KYKLOS-II<2,3,6>",
            [
                &[0, 2, 4],
                &[1, 3, 5],
                &[3, 5, 1],
                &[2, 4, 0],
                &[5, 1, 3],
                &[4, 0, 2],
            ],
        ),
        (
            2,
            "proposed KYKLOS-II<2,2,6>",
            [&[0, 3], &[1, 4], &[2, 5], &[5, 2], &[4, 1], &[3, 0]],
        ),
    ];
    for (r, group, rows) in printed {
        let k = net(Shuffle::Proposed, r, 6)?;
        for (i, z) in rows.iter().enumerate() {
            let v = i + 1;
            for (t, &zp) in z.iter().enumerate() {
                table.cell(
                    group,
                    format!("level {v}"),
                    format!("z tree {t}"),
                    Some(zp as f64),
                    Some(k.dimension(t, v) as f64),
                    None,
                );
            }
            for (t, &zp) in z.iter().enumerate() {
                table.cell(
                    group,
                    format!("level {v}"),
                    format!("span tree {t}"),
                    Some(f64::from(1u32 << zp)),
                    Some(k.span(t, v) as f64),
                    None,
                );
            }
        }
    }
    Ok(table.finish())
}

/// TR-88-27 Appendix B, Table B-1: d_tv, r-span_tv − 1 and the total link crossings.
///
/// # Errors
/// Never in practice (the networks are fixed and valid).
pub fn table_b1_real_spans() -> Result<PaperTable, PaperError> {
    let mut table = PaperTable::new(
        "kyklos-real-span",
        format!("{TR}, Appendix B, Table B-1"),
        "Per network, tree and level: d_tv (levels above v whose dimension is below z_tv), r-span_tv − 1 = 2^d_tv − 1 (the maximum number of link crossings), the total link crossings at the level and their tree and network totals.",
    );
    table.notes.push("Total link crossings are computed as the table prints them, 2^(n−v−1)·(r-span_tv − 1); footnote n13's formula 2^(n−v−d_tv)·(r-span_tv − 1) does not give the table (its cells are listed as 'footnote n13 formula', docs/paper-notes.md, KYKLOS, Table B-1 footnote n13). Crossings of an actual drawing are not computed.".into());
    table.notes.push("The OCR of the lower two blocks repeats the ⟨2,2,6⟩ tree-1 column (8 values per row for 7 columns); the duplicate is dropped.".into());
    // Printed d_tv for levels 6, 5, …, 1 (rows), per tree.
    let nets: [(Shuffle, u64, &str, &[[usize; 6]]); 3] = [
        (
            Shuffle::Original,
            2,
            "original KYKLOS-II<2,2,6>",
            &[[0, 0, 0, 0, 0, 0], [0, 1, 2, 3, 4, 5]],
        ),
        (
            Shuffle::Proposed,
            2,
            "proposed KYKLOS-II<2,2,6>",
            &[[0, 1, 2, 0, 0, 0], [0, 1, 2, 3, 3, 3]],
        ),
        (
            Shuffle::Proposed,
            3,
            "proposed KYKLOS-II<2,3,6>",
            &[[0, 1, 0, 1, 0, 0], [0, 1, 2, 3, 2, 2], [0, 1, 0, 1, 4, 4]],
        ),
    ];
    // Printed r-span − 1 and total crossings, same layout.
    let rspan: [&[[u64; 6]]; 3] = [
        &[[0; 6], [0, 1, 3, 7, 15, 31]],
        &[[0, 1, 3, 0, 0, 0], [0, 1, 3, 7, 7, 7]],
        &[[0, 1, 0, 1, 0, 0], [0, 1, 3, 7, 3, 3], [0, 1, 0, 1, 15, 15]],
    ];
    let crossings: [&[[u64; 6]]; 3] = [
        &[[0; 6], [0, 1, 6, 28, 120, 496]],
        &[[0, 1, 6, 0, 0, 0], [0, 1, 6, 28, 56, 112]],
        &[
            [0, 1, 0, 4, 0, 0],
            [0, 1, 6, 28, 24, 48],
            [0, 1, 0, 4, 120, 240],
        ],
    ];
    let tree_totals: [&[u64]; 3] = [&[0, 651], &[7, 203], &[5, 107, 365]];
    let network_totals = [651u64, 210, 477];
    let n = 6usize;
    let footnote = "footnote n13's formula 2^(n−v−d_tv)·(r-span_tv − 1) does not give the printed totals; the table uses 2^(n−v−1)·(r-span_tv − 1) (docs/paper-notes.md, KYKLOS)";
    for (i, &(shuffle, r, group, d_rows)) in nets.iter().enumerate() {
        let k = net(shuffle, r, n as u64)?;
        let mut network_total = 0usize;
        for (t, d_printed) in d_rows.iter().enumerate() {
            let mut tree_total = 0usize;
            for (row, v) in (1..=n).rev().enumerate() {
                let d = k.d(t, v);
                let rs = k.real_span(t, v) - 1;
                // 2^(n−v−1)·(r-span − 1); at v = n, r-span is 1.
                let total = if rs == 0 { 0 } else { (rs << (n - v)) / 2 };
                let foot = (rs << (n - v)) >> d; // d_tv ≤ n − v
                tree_total += total;
                let (row_label, tree) = (format!("level {v}"), format!("tree {t}"));
                table.cell(
                    group,
                    row_label.clone(),
                    format!("d {tree}"),
                    Some(d_printed[row] as f64),
                    Some(d as f64),
                    None,
                );
                table.cell(
                    group,
                    row_label.clone(),
                    format!("r-span − 1 {tree}"),
                    Some(rspan[i][t][row] as f64),
                    Some(rs as f64),
                    None,
                );
                table.cell(
                    group,
                    row_label.clone(),
                    format!("total link crossings {tree}"),
                    Some(crossings[i][t][row] as f64),
                    Some(total as f64),
                    None,
                );
                table.cell(
                    group,
                    row_label,
                    format!("total link crossings {tree}, footnote n13 formula"),
                    Some(crossings[i][t][row] as f64),
                    Some(foot as f64),
                    Some(footnote),
                );
            }
            network_total += tree_total;
            table.cell(
                group,
                "tree total".into(),
                format!("total link crossings tree {t}"),
                Some(tree_totals[i][t] as f64),
                Some(tree_total as f64),
                None,
            );
        }
        table.cell(
            group,
            "network total".into(),
            "total link crossings".into(),
            Some(network_totals[i] as f64),
            Some(network_total as f64),
            None,
        );
    }
    Ok(table.finish())
}

/// TR-88-27 §V, Examples 1 and 2 as printed: (source, destination, S, D, X, X_0, X_1,
/// X_0', X_1', Y_0, Y_1, D_0, D_1, tree-0 length, tree-1 length, shortest length).
type Example = (usize, usize, [&'static str; 11], (f64, f64, f64));
const KYKLOS_EXAMPLES: [Example; 2] = [
    (
        24,
        62,
        [
            "011000", "111110", "100110", "110", "100", "011", "001", "001110", "011100", "111110",
            "011111",
        ],
        (8.0, 10.0, 8.0),
    ),
    (
        20,
        14,
        [
            "010100", "001110", "011010", "010", "011", "010", "110", "110010", "010011", "100110",
            "011001",
        ],
        (12.0, 10.0, 8.0),
    ),
];

/// TR-88-27 §V, Examples 1 and 2 in KYKLOS-II⟨2,2,6⟩: every printed string (1 = the
/// computed string equals it) and the path lengths, against the graph.
///
/// # Errors
/// Never in practice.
pub fn kyklos_examples() -> Result<PaperTable, PaperError> {
    let net = Kyklos::new(Shuffle::Proposed, 2, 2, 6)?;
    let mut table = PaperTable::new(
        "kyklos-examples",
        "Haddix, Dale, Jenevein, Walton, TR-88-27, §V, Examples 1 and 2".into(),
        "The routing strings of the two worked examples in the proposed KYKLOS-II⟨2,2,6⟩ (a string cell is 1 when the computed string equals the printed one, shown in the row), the single-tree path lengths 2·L_t, and the shortest path length by breadth-first search.",
    );
    let names = [
        "S", "D", "X", "X_0", "X_1", "X_0'", "X_1'", "Y_0", "Y_1", "D_0", "D_1",
    ];
    for (k, (from, to, strings, (len0, len1, shortest))) in KYKLOS_EXAMPLES.into_iter().enumerate()
    {
        let group = format!("Example {} ({from} → {to})", k + 1);
        let s = net.routing_strings(from, to);
        let computed = [
            &s.s,
            &s.d,
            &s.x,
            &s.slices[0],
            &s.slices[1],
            &s.slices_inverted[0],
            &s.slices_inverted[1],
            &s.y[0],
            &s.y[1],
            &s.d_strings[0],
            &s.d_strings[1],
        ];
        for ((name, want), got) in names.iter().zip(strings).zip(computed) {
            table.cell(
                &group,
                format!("{name} = {want}"),
                "string equal".into(),
                Some(1.0),
                Some(if got == want { 1.0 } else { 0.0 }),
                Some("the computed string differs (unexplained)"),
            );
        }
        for (row, printed, got) in [
            (
                "path length in tree 0",
                len0,
                2 * net.tree_levels(0, from, to),
            ),
            (
                "path length in tree 1",
                len1,
                2 * net.tree_levels(1, from, to),
            ),
            (
                "shortest path length (BFS)",
                shortest,
                bfs(&net, from)[to] as usize,
            ),
        ] {
            table.cell(
                &group,
                row.into(),
                "hops".into(),
                Some(printed),
                Some(got as f64),
                Some("not reproduced (unexplained)"),
            );
        }
        if k == 1 {
            table.cell(
                &group,
                "shortest routings (\"the second routing reverses the order\")".into(),
                "count".into(),
                Some(2.0),
                count_minimal_paths(&net, from, to).to_string().parse().ok(),
                Some("not reproduced (unexplained)"),
            );
            table.cell(
                &group,
                "source node in the heading".into(),
                "node".into(),
                Some(60.0),
                Some(from as f64),
                Some("the heading says 'from node 60', but S: 20: 010100 and every string are for node 20 (docs/paper-notes.md, KYKLOS)"),
            );
        }
    }
    Ok(table.finish())
}

/// TR-88-27 Table 2 as printed for KYKLOS-II⟨2,2,6⟩: rows X_s = 000 … 111, columns
/// X_t' = 000 … 111, each cell ⟨level, tree⟩ with tree 0 = "s" (and the "<0,0>" cell,
/// the L-node), 1 = "t". Transcribed once from the OCR text; every cell is legible.
const TABLE2: [[(u8, u8); 8]; 8] = {
    const S1: (u8, u8) = (1, 0);
    const S2: (u8, u8) = (2, 0);
    const S3: (u8, u8) = (3, 0);
    const S4: (u8, u8) = (4, 0);
    const S5: (u8, u8) = (5, 0);
    const T1: (u8, u8) = (1, 1);
    [
        [(0, 0), T1, T1, T1, T1, T1, T1, T1],
        [S1; 8],
        [S2; 8],
        [S2; 8],
        [S1; 8],
        [S1; 8],
        [S3, S4, S3, S5, S3, S4, S3, S1],
        [S3, S4, S3, S5, S3, S4, S3, (6, 0)],
    ]
};

fn bits3(x: usize) -> String {
    format!("{x:03b}")
}

fn push(
    cells: &mut Vec<Cell>,
    group: &str,
    row: String,
    column: String,
    printed: usize,
    computed: Option<usize>,
    why: &str,
) {
    let verdict = match computed {
        Some(c) if c == printed => Verdict::Match,
        Some(_) => Verdict::Differs,
        None => Verdict::NotComputed,
    };
    cells.push(Cell {
        group: group.into(),
        row,
        column,
        printed: Some(Num::Int(printed as i64)),
        computed: computed.map(|c| Num::Int(c as i64)),
        verdict,
        note: (verdict != Verdict::Match).then(|| why.to_string()),
        exact: None,
    });
}

/// `icn table kyklos-joins`: TR-88-27 Table 2 (⟨level, tree⟩ per X_s, X_t'), computed
/// from every ordered pair of KYKLOS-II⟨2,2,6⟩, and the §VII loadings.
///
/// # Errors
/// Never in practice (the network is fixed and valid).
pub fn table2_joins() -> Result<PaperTable, PaperError> {
    let net = Kyklos::new(Shuffle::Proposed, 2, 2, 6)?;
    let h = 3;
    // (level, tree offset from s) of every pair, gathered per (X_s, X_t') cell.
    let mut grid = vec![vec![BTreeSet::new(); 8]; 8];
    for i in 0..net.leaf_count() {
        for j in 0..net.leaf_count() {
            let join = net.join(i, j)?;
            let (row, col) = ((join.y_s & 7) as usize, (join.y_s >> h) as usize);
            let offset = join.tree.map_or(0, |t| (t + 2 - join.start_tree) % 2);
            grid[row][col].insert((join.level, offset));
        }
    }
    let mut cells = Vec::new();
    for (row, printed_row) in TABLE2.iter().enumerate() {
        for (col, &(pl, pt)) in printed_row.iter().enumerate() {
            let seen = &grid[row][col];
            let computed = (seen.len() == 1)
                .then(|| seen.iter().next().copied())
                .flatten();
            let why = "the pairs of this cell do not share one join site";
            push(
                &mut cells,
                "Table 2 level",
                bits3(row),
                bits3(col),
                pl as usize,
                computed.map(|c| c.0),
                why,
            );
            push(
                &mut cells,
                "Table 2 tree (0 = s or the L-node, 1 = t)",
                bits3(row),
                bits3(col),
                pt as usize,
                computed.map(|c| c.1),
                why,
            );
        }
    }
    let loads = net.join_loads()?;
    let half = net.leaf_count() / 2;
    for v in 0..=net.n() {
        let printed = if v == 0 { 1 } else { half };
        let why = "the loading differs from §VII's Y-2 figure";
        push(
            &mut cells,
            "§VII Y-2 partial joins per node",
            format!("v = {v}"),
            "fewest".into(),
            printed,
            Some(loads.min_per_node[v]),
            why,
        );
        push(
            &mut cells,
            "§VII Y-2 partial joins per node",
            format!("v = {v}"),
            "most".into(),
            printed,
            Some(loads.max_per_node[v]),
            why,
        );
    }
    for v in 0..=net.n() {
        // §VII: one per source at the L-node, 32 at level 1, half as many each level up.
        let printed = if v == 0 { 1 } else { half >> (v - 1) };
        push(
            &mut cells,
            "§VII partial joins per level (all pairs / N)",
            format!("v = {v}"),
            "per S source".into(),
            printed,
            (loads.per_level[v] % net.leaf_count() == 0)
                .then(|| loads.per_level[v] / net.leaf_count()),
            "the level totals are not a multiple of N",
        );
    }
    let mut summary = Summary {
        cells: cells.len(),
        ..Summary::default()
    };
    for c in &cells {
        match c.verdict {
            Verdict::Match => summary.matches += 1,
            Verdict::Differs => summary.differs += 1,
            Verdict::NotPrinted => summary.not_printed += 1,
            Verdict::NotComputed => summary.not_computed += 1,
        }
    }
    Ok(PaperTable {
        name: "kyklos-joins",
        source: "Haddix, Dale, Jenevein, Walton, The KYKLOS (n mod r = 0) Routing Algorithm, UT Austin TR-88-27, Table 2 and §VII".into(),
        description: "Partial join sites <level, tree> of proposed KYKLOS-II<2,2,6> by X_s (rows) and X_t' (columns), Y_s = X_t' cnc X_s, computed from all 4096 ordered (S node, R node) pairs; then the §VII Y-2 loadings".into(),
        notes: vec![
            "Start tree s from Appendix A with j the R node; tree t = s when X_s > 0, else s + 1; level from the §VII Level Assignment Algorithm on Y_s.".into(),
            "The printed <0,0> cell (i = j, join at the L-node) is read as level 0 and tree code 0; the L-node belongs to every tree (Appendix A 4a).".into(),
            "Per-node loadings count every ordered pair once; level 0 is the L-nodes.".into(),
        ],
        summary,
        cells,
    })
}
