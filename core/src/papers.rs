//! The registry of everything the five papers print that this crate reproduces, and the
//! audit of it (`icn papers`).
//!
//! Every [`Item`] is one table or worked example of one paper: its printed values are
//! transcribed once (in the module that builds it), its cells are computed by the
//! families' code, and each cell that differs carries its explanation (the same text as
//! docs/paper-notes.md). The audit counts per item and per paper the cells that match,
//! those that differ with an explanation, and those that differ without one.

use serde::Serialize;

use crate::metrics::bfs;
use crate::routing::count_paths;
use crate::table::{PaperTable, Verdict};
use crate::topology::hypercycle::{Hypercycle, HypercycleRouting};
use crate::topology::kyklos::tables;
use crate::topology::lens::{figure2, Lens};
use crate::topology::Topology;

/// One of the five papers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Paper {
    /// A short stable id, used in URLs.
    pub id: &'static str,
    /// Authors and title.
    pub citation: &'static str,
    /// The file in shared/papers.
    pub file: &'static str,
}

/// The five papers, in the order of shared/papers.
pub const PAPERS: [Paper; 5] = [
    Paper {
        id: "kyklos",
        citation: "Haddix, Dale, Jenevein, Walton, \"The KYKLOS (n mod r = 0) Routing Algorithm\", UT Austin TR-88-27, 1988",
        file: "000_65db02ff74efa41c.txt",
    },
    Paper {
        id: "d2",
        citation: "Du, Hwang, Odlyzko, Zhang, \"Minimal-distance routing for KYKLOS II\"",
        file: "001_8de18387316c54b8.txt",
    },
    Paper {
        id: "hypercycles",
        citation: "Dimopoulos et al., \"Hypercycles: a status report\"",
        file: "002_4714dda5e852ac0a.txt",
    },
    Paper {
        id: "lens",
        citation: "Finkel, Solomon, \"The Lens Interconnection Strategy\", U. Wisconsin TR 387, 1980",
        file: "003_4344f94fedf41797.txt",
    },
    Paper {
        id: "dragonfly",
        citation: "Draper, \"The Swapped Dragonfly\"",
        file: "004_84729350b8c594c0.txt",
    },
];

/// One reproducible table or worked example.
#[derive(Debug, Clone, Copy)]
pub struct Item {
    /// The paper's id ([`Paper::id`]).
    pub paper: &'static str,
    /// The item's name (an `icn table` name where there is one).
    pub name: &'static str,
    /// Which table, figure or section.
    pub title: &'static str,
    /// Computes the item.
    pub build: fn() -> Result<PaperTable, String>,
}

/// `kyklos-density` and `kyklos-load` sizes in the audit: as printed (N up to 4096 and 1024).
const DENSITY_MAX_N: u64 = 12;
const LOAD_MAX_N: u64 = 10;
/// `kyklos-appendix-c`: even n up to this (N = 16 … 4096), as Table 3.
const APPENDIX_C_MAX_N: usize = 12;

/// The registry: every item of every paper.
pub const ITEMS: &[Item] = &[
    Item {
        paper: "kyklos",
        name: "kyklos-spans",
        title: "Table 1: spans of the proposed shuffle",
        build: tables::table1_spans,
    },
    Item {
        paper: "kyklos",
        name: "kyklos-examples",
        title: "§V Examples 1 and 2: routing strings and path lengths",
        build: kyklos_examples,
    },
    Item {
        paper: "kyklos",
        name: "kyklos-joins",
        title: "Table 2: join levels and trees, KYKLOS-II⟨2,2,6⟩",
        build: crate::topology::kyklos::table2_joins,
    },
    Item {
        paper: "kyklos",
        name: "kyklos-density",
        title: "Table 3: maximum link traffic density",
        build: || tables::table3_density(DENSITY_MAX_N),
    },
    Item {
        paper: "kyklos",
        name: "kyklos-load",
        title: "Table 3: maximum IB-node processing load",
        build: || tables::table3_load(LOAD_MAX_N),
    },
    Item {
        paper: "kyklos",
        name: "kyklos-appendix-c",
        title: "Appendix C: link traffic density per level, H-2 and Y-2",
        build: || crate::topology::kyklos::appendix_c::appendix_c(APPENDIX_C_MAX_N),
    },
    Item {
        paper: "kyklos",
        name: "kyklos-real-span",
        title: "Table B-1: real spans and link crossings",
        build: tables::table_b1_real_spans,
    },
    Item {
        paper: "d2",
        name: "d2-distances",
        title: "§3: distance distributions and average distances",
        build: || tables::d2_distances(10),
    },
    Item {
        paper: "d2",
        name: "d2-density",
        title: "§4: traffic density of D2 and H2, n = 3 … 20",
        build: || tables::d2_density(20),
    },
    Item {
        paper: "hypercycles",
        name: "hypercycle-formulas",
        title: "§3: degree, diameter and the multinomial path count",
        build: hypercycle_formulas,
    },
    Item {
        paper: "hypercycles",
        name: "hypercycle-figure2",
        title: "Figure 2: backtrack-to-the-origin against e-cube on the 4-cube (simulated)",
        build: || crate::sim::figure2::figure2_claims().map_err(|e| e.to_string()),
    },
    Item {
        paper: "lens",
        name: "lens-figure2",
        title: "Figure 2: routing in the completed lens (n = 10, p = q = 4)",
        build: lens_figure2,
    },
    Item {
        paper: "lens",
        name: "lens-counts",
        title: "§3, §5: processor and bus counts, diameters",
        build: lens_counts,
    },
    Item {
        paper: "dragonfly",
        name: "d3-example",
        title: "§2: the swap wiring example (4,5,3,(4)) → (2,3,5,(2)) in D3(6,M)",
        build: crate::topology::d3::paper::table_example,
    },
    Item {
        paper: "dragonfly",
        name: "d3-schedules",
        title: "§9, Theorems 4-7: collectives' rounds, delays and conflicts",
        build: crate::topology::d3::paper::table_schedules,
    },
    Item {
        paper: "dragonfly",
        name: "d3-subnetwork",
        title: "§4, Theorem 1: port tables of D3(4,M) and D3(5,M) inside D3(9,M)",
        build: crate::topology::d3::subnet::table_subnetworks,
    },
    Item {
        paper: "dragonfly",
        name: "d3-cutset",
        title: "Corollary 1: the cutset beside a minimum bisection",
        build: || crate::topology::d3::subnet::table_cutsets(D3_CUTSET_INSTANCES),
    },
];

/// The instances `d3-cutset` searches exhaustively (as `icn table d3-cutset`).
pub const D3_CUTSET_INSTANCES: &[(u64, u64)] = &[(2, 2), (1, 4), (4, 2), (2, 3)];

/// The item called `name`.
pub fn item(name: &str) -> Option<&'static Item> {
    ITEMS.iter().find(|i| i.name == name)
}

/// Whether a differing cell carries an explanation.
fn explained(note: Option<&str>) -> bool {
    note.is_some_and(|n| !n.contains("unexplained"))
}

/// The audit of one item.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ItemAudit {
    /// The item's name.
    pub name: &'static str,
    /// Which table or figure.
    pub title: &'static str,
    /// Cells whose printed value is reproduced.
    pub matched: usize,
    /// Cells that differ, with the reason.
    pub explained: usize,
    /// Cells that differ without a reason (a regression or an open question).
    pub unexplained: usize,
    /// Cells computed where the paper prints nothing.
    pub computed_only: usize,
    /// The computed table.
    pub table: PaperTable,
}

/// The audit of one paper.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PaperAudit {
    /// The paper.
    pub paper: Paper,
    /// Its items.
    pub items: Vec<ItemAudit>,
    /// Printed cells reproduced.
    pub matched: usize,
    /// Printed cells that differ, explained.
    pub explained: usize,
    /// Printed cells that differ, unexplained.
    pub unexplained: usize,
    /// matched / (matched + explained + unexplained), in percent.
    pub score: f64,
}

/// Audits one computed item.
pub fn audit_item(item: &Item, table: PaperTable) -> ItemAudit {
    let mut a = ItemAudit {
        name: item.name,
        title: item.title,
        matched: 0,
        explained: 0,
        unexplained: 0,
        computed_only: 0,
        table,
    };
    for c in &a.table.cells {
        match c.verdict {
            Verdict::Match => a.matched += 1,
            Verdict::NotPrinted => a.computed_only += 1,
            Verdict::Differs | Verdict::NotComputed if explained(c.note.as_deref()) => {
                a.explained += 1
            }
            Verdict::Differs | Verdict::NotComputed => a.unexplained += 1,
        }
    }
    a
}

/// Builds and audits every item, grouped by paper.
///
/// # Errors
/// The first item that fails to compute.
pub fn audit() -> Result<Vec<PaperAudit>, String> {
    audit_only(None, None)
}

/// As [`audit`], for the paper with id `paper` and the item called `item` when given
/// (the papers left out come out without items).
///
/// # Errors
/// The first item that fails to compute.
pub fn audit_only(paper: Option<&str>, item: Option<&str>) -> Result<Vec<PaperAudit>, String> {
    let mut out = Vec::new();
    for p in PAPERS
        .into_iter()
        .filter(|p| paper.is_none_or(|id| id == p.id))
    {
        let mut items = Vec::new();
        for it in ITEMS
            .iter()
            .filter(|i| i.paper == p.id && item.is_none_or(|o| o == i.name))
        {
            let table = (it.build)().map_err(|e| format!("{}: {e}", it.name))?;
            items.push(audit_item(it, table));
        }
        let sum = |f: fn(&ItemAudit) -> usize| items.iter().map(f).sum::<usize>();
        let (matched, explained, unexplained) = (
            sum(|i| i.matched),
            sum(|i| i.explained),
            sum(|i| i.unexplained),
        );
        let printed = matched + explained + unexplained;
        out.push(PaperAudit {
            paper: p,
            items,
            matched,
            explained,
            unexplained,
            score: if printed == 0 {
                0.0
            } else {
                (1000.0 * matched as f64 / printed as f64).round() / 10.0
            },
        });
    }
    Ok(out)
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
pub fn kyklos_examples() -> Result<PaperTable, String> {
    use crate::metrics::count_minimal_paths;
    use crate::topology::kyklos::{Kyklos, Shuffle};
    let net = Kyklos::new(Shuffle::Proposed, 2, 2, 6).map_err(|e| e.to_string())?;
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

/// The Hypercycles of the paper's Figure 1 and §3 discussion, and a sweep of small ones.
const HYPERCYCLES: &[(&[u64], &[u64])] = &[
    (&[2, 2, 2], &[1, 1, 1]),
    (&[2, 2, 2, 2], &[1, 1, 1, 1]),
    (&[8], &[1]),
    (&[9], &[2]),
    (&[6], &[3]),
    (&[4, 4], &[1, 1]),
    (&[5, 4, 3], &[2, 1, 1]),
    (&[7, 5], &[2, 1]),
    (&[6, 6], &[3, 1]),
    (&[3, 3, 3], &[1, 1, 1]),
];

/// Hypercycles §3: the degree f(mᵢ, ρᵢ) sum and the diameter Σ⌈⌊mᵢ/2⌋/ρᵢ⌉ against the
/// graph (breadth-first search), and the multinomial count of greedy paths against a
/// walk of the greedy routing's DAG, for the farthest pair from node 0.
///
/// # Errors
/// Never in practice.
pub fn hypercycle_formulas() -> Result<PaperTable, String> {
    let mut table = PaperTable::new(
        "hypercycle-formulas",
        "Dimopoulos et al., Hypercycles: a status report, §3 and §3.1".into(),
        "Printed = the paper's formula evaluated for the network; computed = the graph: the degree of every node, the eccentricity of node 0 by breadth-first search (the graph is vertex-transitive), and the number of greedy paths (eq. 3.1.1's maximal steps) counted on the routing's DAG.",
    );
    for &(m, rho) in HYPERCYCLES {
        let h = Hypercycle::new(m, rho).map_err(|e| e.to_string())?;
        let group = h.spec_string();
        let mut buf = Vec::new();
        let degrees: Vec<usize> = (0..h.node_count())
            .map(|v| {
                buf.clear();
                h.neighbours(v, &mut buf);
                buf.len()
            })
            .collect();
        let degree = degrees.iter().copied().max().unwrap_or(0);
        let regular = degrees.iter().all(|&d| d == degree);
        table.cell(
            &group,
            "degree".into(),
            "Σ f(mᵢ, ρᵢ)".into(),
            Some(h.degree_formula() as f64),
            regular.then_some(degree as f64),
            Some("the graph is not regular (unexplained)"),
        );
        let dist = bfs(&h, 0);
        let (far, ecc) = dist
            .iter()
            .enumerate()
            .max_by_key(|&(_, &d)| d)
            .map(|(v, &d)| (v, d))
            .unwrap_or((0, 0));
        table.cell(
            &group,
            "diameter".into(),
            "Σ ⌈⌊mᵢ/2⌋ / ρᵢ⌉".into(),
            Some(h.diameter_formula() as f64),
            Some(f64::from(ecc)),
            Some("not reproduced (unexplained)"),
        );
        let greedy = h.routing(HypercycleRouting::Greedy);
        let counted = count_paths(&greedy, 0, far);
        let formula = h.path_counts(0, far).greedy;
        table.cell(
            &group,
            format!("greedy paths 0 → {}", h.format_node(far)),
            "multinomial (Σqᵢ)! / Π qᵢ!".into(),
            formula.to_string().parse().ok(),
            counted.to_string().parse().ok(),
            Some("not reproduced (unexplained)"),
        );
    }
    Ok(table.finish())
}

/// Finkel & Solomon's Figure 2g as printed: the class-1 path from 021.0212012 to
/// 0110010.212, address by address, arbitrary digits as `?`.
pub const LENS_FIGURE_2G: [&str; 11] = [
    "021.0212012",
    "02.?0212012",
    "0.??0212012",
    "01.?0212012",
    "011.0212012",
    "0110.212012",
    "01100.12012",
    "011001.2012",
    "0110010.012",
    "0110010?.12",
    "0110010.212",
];

/// Finkel & Solomon's Figure 2 as cells: the class lengths, the minimal distance and the
/// class-1 path of Figure 2g address by address.
///
/// # Errors
/// Never in practice.
pub fn lens_figure2() -> Result<PaperTable, String> {
    let f = figure2().map_err(|e| e.to_string())?;
    let r = &f.routing;
    let mut table = PaperTable::new(
        "lens-figure2",
        "Finkel, Solomon, The Lens Interconnection Strategy, §5 and Figure 2".into(),
        "The completed lens n = 10, p = q = 4, from 021.0212012 to 0110010.212: the four class lengths from the text's formulas (printed = the formula with the figure's a = 6, b = 3, c = 1), the paper's minimal distance (pattern A), the real distance (breadth-first search), and Figure 2g's class-1 path address by address (1 = the computed address equals the printed one).",
    );
    let (n, a, b, c) = (10.0, 6.0, 3.0, 1.0);
    let printed = [n + a - 2.0 * b, n + a, 2.0 * n - a - 2.0 * c, 2.0 * n - a];
    for (k, (&p, &got)) in printed.iter().zip(&r.class_lengths).enumerate() {
        table.cell(
            "path classes",
            format!("class {}", k + 1),
            "length".into(),
            Some(p),
            Some(f64::from(got)),
            Some("not reproduced (unexplained)"),
        );
    }
    table.cell(
        "distance",
        "pattern A (the paper's minimum)".into(),
        "busses".into(),
        Some(10.0),
        Some(f64::from(r.pattern_a_distance)),
        Some("not reproduced (unexplained)"),
    );
    table.cell(
        "distance",
        "real graph (breadth-first search)".into(),
        "busses".into(),
        None,
        Some(f64::from(r.distance)),
        None,
    );
    for (k, want) in LENS_FIGURE_2G.iter().enumerate() {
        let got = f.class1_path.get(k).map(String::as_str);
        table.cell(
            "Figure 2g",
            format!("step {k}: {want}"),
            "address equal".into(),
            Some(1.0),
            Some(if got == Some(*want) { 1.0 } else { 0.0 }),
            Some("the computed class-1 path differs here (unexplained)"),
        );
    }
    Ok(table.finish())
}

/// The Lens's counts (§3: n(p−1)ⁿ processors and busses when p = q) and the paper's
/// diameters (2n uncompleted, ⌊3n/2⌋ completed, pattern A only) beside the graph's.
///
/// # Errors
/// Never in practice.
pub fn lens_counts() -> Result<PaperTable, String> {
    let mut table = PaperTable::new(
        "lens-counts",
        "Finkel, Solomon, The Lens Interconnection Strategy, §3-§5".into(),
        "Printed = the paper's formula evaluated; computed = the graph built from the construction: processors, busses, and the largest processor-to-processor distance in busses (breadth-first search from every processor).",
    );
    let diameter_note = "the paper's diameters count pattern-A paths; pattern B shortens the worst pair by one bus on the real graph (docs/paper-notes.md, Lens)";
    for (p, n, completed) in [
        (3, 2, false),
        (3, 3, false),
        (4, 2, false),
        (3, 2, true),
        (3, 3, true),
        (3, 4, true),
        (4, 2, true),
        (4, 3, true),
    ] {
        let lens = Lens::new(p, p, n, completed).map_err(|e| e.to_string())?;
        let group = lens.spec_string();
        if completed {
            let formula = (n * (p - 1).pow(n as u32)) as f64;
            table.cell(
                &group,
                "processors".into(),
                "n(p−1)ⁿ".into(),
                Some(formula),
                Some(lens.processor_count() as f64),
                Some("not reproduced (unexplained)"),
            );
            table.cell(
                &group,
                "busses".into(),
                "n(p−1)ⁿ".into(),
                Some(formula),
                Some(lens.bus_count() as f64),
                Some("not reproduced (unexplained)"),
            );
        }
        let diameter = (0..lens.processor_count())
            .map(|v| {
                let d = bfs(&lens, v);
                (0..lens.processor_count()).map(|u| d[u]).max().unwrap_or(0)
            })
            .max()
            .unwrap_or(0);
        table.cell(
            &group,
            "diameter".into(),
            if completed { "⌊3n/2⌋" } else { "2n" }.into(),
            Some(f64::from(lens.paper_diameter())),
            Some(f64::from(diameter / 2)),
            Some(diameter_note),
        );
    }
    Ok(table.finish())
}
