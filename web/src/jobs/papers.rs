//! The Papers view's job: one paper's items computed and audited, in a form the page
//! can deserialize (numbers as the text they print as, so nothing is rounded twice).

use icn_core::papers::{audit_item, ITEMS, PAPERS};
use serde::{Deserialize, Serialize};

/// One cell: printed beside computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellReport {
    /// Sub-table or network.
    pub group: String,
    /// Row label.
    pub row: String,
    /// Column label.
    pub column: String,
    /// The paper's value, as text.
    pub printed: Option<String>,
    /// The computed value, as text.
    pub computed: Option<String>,
    /// The computed value as an exact fraction, when it is one.
    pub exact: Option<String>,
    /// `match`, `differs`, `not_printed` or `not_computed`.
    pub verdict: String,
    /// Why it differs.
    pub note: Option<String>,
}

/// One item (table or worked example) of a paper.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemReport {
    /// The `icn table` name.
    pub name: String,
    /// Which table or figure.
    pub title: String,
    /// Paper and section.
    pub source: String,
    /// What the cells are.
    pub description: String,
    /// Conventions and discrepancies.
    pub notes: Vec<String>,
    /// Cells reproduced.
    pub matched: usize,
    /// Cells that differ, explained.
    pub explained: usize,
    /// Cells that differ, unexplained.
    pub unexplained: usize,
    /// Cells computed only.
    pub computed_only: usize,
    /// The cells.
    pub cells: Vec<CellReport>,
}

/// One paper's audit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PaperReport {
    /// The paper's id.
    pub id: String,
    /// Authors and title.
    pub citation: String,
    /// Its items.
    pub items: Vec<ItemReport>,
    /// Printed cells reproduced.
    pub matched: usize,
    /// Printed cells that differ, explained.
    pub explained: usize,
    /// Printed cells that differ, unexplained.
    pub unexplained: usize,
}

/// Computes and audits every item of `paper`, one progress step per item.
///
/// # Errors
/// An unknown paper, or an item that fails to compute.
pub fn paper_report(
    paper: &str,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<PaperReport, String> {
    let p = PAPERS
        .iter()
        .find(|p| p.id == paper)
        .ok_or_else(|| format!("no paper '{paper}'"))?;
    let items: Vec<_> = ITEMS.iter().filter(|i| i.paper == p.id).collect();
    let mut out = PaperReport {
        id: p.id.into(),
        citation: p.citation.into(),
        items: Vec::new(),
        matched: 0,
        explained: 0,
        unexplained: 0,
    };
    for (k, item) in items.iter().enumerate() {
        progress(k, items.len(), item.title);
        let table = (item.build)().map_err(|e| format!("{}: {e}", item.name))?;
        let a = audit_item(item, table);
        out.matched += a.matched;
        out.explained += a.explained;
        out.unexplained += a.unexplained;
        out.items.push(ItemReport {
            name: a.name.into(),
            title: a.title.into(),
            source: a.table.source.clone(),
            description: a.table.description.clone(),
            notes: a.table.notes.clone(),
            matched: a.matched,
            explained: a.explained,
            unexplained: a.unexplained,
            computed_only: a.computed_only,
            cells: a
                .table
                .cells
                .iter()
                .map(|c| CellReport {
                    group: c.group.clone(),
                    row: c.row.clone(),
                    column: c.column.clone(),
                    printed: c.printed.map(|n| n.to_string()),
                    computed: c.computed.map(|n| n.to_string()),
                    exact: c.exact.clone(),
                    verdict: c.verdict.name().into(),
                    note: c.note.clone(),
                })
                .collect(),
        });
    }
    progress(items.len(), items.len(), "done");
    Ok(out)
}
