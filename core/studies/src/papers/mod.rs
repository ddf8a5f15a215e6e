//! The registry of everything the five papers print that this crate reproduces, and the
//! audit of it (`icn papers`). The top layer of the crate, beside the charts: it builds
//! on the families and the algorithms, and nothing below imports it.
//!
//! Every [`Item`] is one table or worked example of one paper: its printed values are
//! transcribed once (in the paper's module here, e.g. [`kyklos`]), its cells are computed
//! by the families' and algorithms' code, and each cell that differs carries its
//! explanation (the same text as docs/paper-notes.md). The audit counts per item and per
//! paper the cells that match, those that differ with an explanation, and those that
//! differ without one.

pub mod claims;
pub mod d2;
pub mod dragonfly;
pub mod dragonfly_claims;
pub mod dragonfly_table1;
pub mod hypercycles;
pub mod kyklos;
mod kyklos_rederived;
pub mod kyklos_traffic;
pub mod lens;
pub mod table;

use serde::Serialize;
use thiserror::Error;

use icn_families::kyklos::{JoinError, Unavailable};
use icn_families::lens::WalkError;
use icn_graph::error::{AddressError, ParamError};
use icn_sim::SimError;
use table::{PaperTable, Verdict};

/// Why a paper item could not be computed (never in practice: the items' networks are
/// fixed and valid).
#[derive(Debug, Error)]
pub enum PaperError {
    /// A network of the item is not valid.
    #[error(transparent)]
    Param(#[from] ParamError),
    /// A KYKLOS strategy is not defined on the item's network.
    #[error(transparent)]
    Strategy(#[from] Unavailable),
    /// A KYKLOS partial join cannot be placed.
    #[error(transparent)]
    Join(#[from] JoinError),
    /// The Lens walk of Figure 2 fails.
    #[error(transparent)]
    Walk(#[from] WalkError),
    /// The circuit simulation of Hypercycles Figure 2 fails.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// An address of the item is not one of its network.
    #[error(transparent)]
    Address(#[from] AddressError),
}

/// An item of the audit that could not be computed: its name and why.
#[derive(Debug, Error)]
#[error("{item}: {source}")]
pub struct AuditError {
    /// The item's name.
    pub item: &'static str,
    /// Why.
    pub source: PaperError,
}

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
    pub build: fn() -> Result<PaperTable, PaperError>,
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
        build: kyklos::table1_spans,
    },
    Item {
        paper: "kyklos",
        name: "kyklos-examples",
        title: "§V Examples 1 and 2: routing strings and path lengths",
        build: kyklos::kyklos_examples,
    },
    Item {
        paper: "kyklos",
        name: "kyklos-joins",
        title: "Table 2: join levels and trees, KYKLOS-II⟨2,2,6⟩",
        build: kyklos::table2_joins,
    },
    Item {
        paper: "kyklos",
        name: "kyklos-density",
        title: "Table 3: maximum link traffic density",
        build: || kyklos_traffic::table3_density(DENSITY_MAX_N),
    },
    Item {
        paper: "kyklos",
        name: "kyklos-load",
        title: "Table 3: maximum IB-node processing load",
        build: || kyklos_traffic::table3_load(LOAD_MAX_N),
    },
    Item {
        paper: "kyklos",
        name: "kyklos-appendix-c",
        title: "Appendix C: link traffic density per level, H-2 and Y-2",
        build: || kyklos_traffic::appendix_c(APPENDIX_C_MAX_N),
    },
    Item {
        paper: "kyklos",
        name: "kyklos-real-span",
        title: "Table B-1: real spans and link crossings",
        build: kyklos::table_b1_real_spans,
    },
    Item {
        paper: "kyklos",
        name: "kyklos-claims",
        title: "§I, §II, §IV-§VI, Appendix C: counts, theorems and statements against the graph",
        build: claims::kyklos_claims,
    },
    Item {
        paper: "d2",
        name: "d2-distances",
        title: "§3: distance distributions and average distances",
        build: || d2::d2_distances(10),
    },
    Item {
        paper: "d2",
        name: "d2-density",
        title: "§4: traffic density of D2 and H2, n = 3 … 20",
        build: || d2::d2_density(20),
    },
    Item {
        paper: "d2",
        name: "d2-claims",
        title: "§2, §3, abstract and conclusion: the D2 rule's reading, the average-distance comparisons",
        build: claims::d2_claims,
    },
    Item {
        paper: "hypercycles",
        name: "hypercycle-formulas",
        title: "§3: degree, diameter and the multinomial path count",
        build: hypercycles::hypercycle_formulas,
    },
    Item {
        paper: "hypercycles",
        name: "hypercycle-figure2",
        title: "Figure 2: backtrack-to-the-origin against e-cube on the 4-cube (simulated)",
        build: hypercycles::figure2_claims,
    },
    Item {
        paper: "hypercycles",
        name: "hypercycle-claims",
        title: "§3.1: eq. 3.1.1 against every minimal path",
        build: claims::hypercycle_claims,
    },
    Item {
        paper: "lens",
        name: "lens-figure2",
        title: "Figure 2: routing in the completed lens (n = 10, p = q = 4)",
        build: lens::lens_figure2,
    },
    Item {
        paper: "lens",
        name: "lens-counts",
        title: "§3, §5: processor and bus counts, diameters",
        build: lens::lens_counts,
    },
    Item {
        paper: "lens",
        name: "lens-claims",
        title: "§3-§8: statements against the graph",
        build: claims::lens_claims,
    },
    Item {
        paper: "dragonfly",
        name: "d3-example",
        title: "§2: the swap wiring example (4,5,3,(4)) → (2,3,5,(2)) in D3(6,M)",
        build: dragonfly::table_example,
    },
    Item {
        paper: "dragonfly",
        name: "d3-schedules",
        title: "§9, Theorems 4-7: collectives' rounds, delays and conflicts",
        build: dragonfly::table_schedules,
    },
    Item {
        paper: "dragonfly",
        name: "d3-subnetwork",
        title: "§4, Theorem 1: port tables of D3(4,M) and D3(5,M) inside D3(9,M)",
        build: dragonfly::table_subnetworks,
    },
    Item {
        paper: "dragonfly",
        name: "d3-cutset",
        title: "Corollary 1: the cutset beside a minimum bisection",
        build: || dragonfly::table_cutsets(D3_CUTSET_INSTANCES),
    },
    Item {
        paper: "dragonfly",
        name: "d3-table1",
        title: "§11, Table 1: D3(K, M) beside MDF(K, M), every row computed",
        build: dragonfly_table1::table1,
    },
    Item {
        paper: "dragonfly",
        name: "d3-claims",
        title: "§2, §3, §8-§10: statements against the graph",
        build: dragonfly_claims::claims,
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
pub fn audit() -> Result<Vec<PaperAudit>, AuditError> {
    audit_only(None, None)
}

/// As [`audit`], for the paper with id `paper` and the item called `item` when given
/// (the papers left out come out without items).
///
/// # Errors
/// The first item that fails to compute.
pub fn audit_only(paper: Option<&str>, item: Option<&str>) -> Result<Vec<PaperAudit>, AuditError> {
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
            let table = (it.build)().map_err(|source| AuditError {
                item: it.name,
                source,
            })?;
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
