//! The Papers view's state (`?view=papers&paper=ID&diff=1&layout=list`).

use super::{NavGroup, NetworkDefaults, Panel, Query, ViewDef};

/// How a paper's tables are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaperLayout {
    /// As the paper prints them: a grid per table, rows and columns as printed, each cell
    /// the computed value with the printed one beside it where they differ (the default).
    Paper,
    /// One line per cell: where, row, column, printed, computed, verdict (`layout=list`).
    List,
}

/// The Papers view's state: which paper (an id of `icn_core::papers::PAPERS`, kept as
/// typed; the page reports an unknown one), whether only the differences are shown, and
/// the layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PapersForm {
    /// The paper's id.
    pub paper: String,
    /// `diff=1`: only the cells whose printed and computed values differ (and the tables
    /// that hold one).
    pub differences_only: bool,
    /// `layout=`.
    pub layout: PaperLayout,
}

impl ViewDef for PapersForm {
    const SLUG: &'static str = "papers";
    const TITLE: &'static str = "Papers";
    const LABEL: &'static str = "Papers";
    const BLURB: &'static str =
        "Every reproduced table of the five papers, printed beside computed";
    const GROUP: NavGroup = NavGroup::Papers;
    const PANELS: &'static [Panel] = &[Panel::Table];

    /// Reads `paper`, `diff` and `layout`; missing, the first paper, every cell, the
    /// paper's layout. Anything but `diff=1` is every cell; anything but `layout=list`
    /// the paper's layout.
    fn from_query(q: &Query, _: &dyn NetworkDefaults) -> Self {
        PapersForm {
            paper: q
                .get("paper")
                .unwrap_or(icn_core::papers::PAPERS[0].id)
                .to_string(),
            differences_only: q.get("diff") == Some("1"),
            layout: if q.get("layout") == Some("list") {
                PaperLayout::List
            } else {
                PaperLayout::Paper
            },
        }
    }

    /// The query string (without `?`) of this form; the defaults are left out.
    fn to_query(&self) -> String {
        let mut pairs = vec![
            ("view".into(), Self::SLUG.into()),
            ("paper".into(), self.paper.clone()),
        ];
        if self.differences_only {
            pairs.push(("diff".into(), "1".into()));
        }
        if self.layout == PaperLayout::List {
            pairs.push(("layout".into(), "list".into()));
        }
        Query(pairs).encode()
    }
}
