//! Paper tables: each printed value beside the value this crate computes, with a verdict.
//!
//! Every table is a [`PaperTable`]: a flat list of [`Cell`]s, each with the value the
//! paper prints (transcribed once, in the paper's module that builds the table), the value
//! computed by this crate, and a verdict. Where a printed value is not reproduced, the
//! cell's note says why; docs/paper-notes.md has the evidence. The paper modules build them
//! with [`PaperTable::new`], [`PaperTable::cell`] and [`PaperTable::finish`].

use serde::Serialize;

use icn_graph::math::tidy;

/// A table value: an exact integer, or a real number.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Num {
    /// An integer.
    Int(i64),
    /// A real number (not an integer).
    Real(f64),
}

impl Num {
    /// The value, as an integer when it is one.
    pub fn of(x: f64) -> Num {
        if x.fract() == 0.0 && x.abs() < 9.0e15 {
            Num::Int(x as i64)
        } else {
            Num::Real(x)
        }
    }

    /// The value as f64.
    pub fn value(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Real(x) => x,
        }
    }
}

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Num::Int(i) => write!(f, "{i}"),
            Num::Real(x) => write!(f, "{x}"),
        }
    }
}

/// How a computed value compares with the printed one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Equal (within 10⁻⁹ relative).
    Match,
    /// Different; the cell's note says why.
    Differs,
    /// The paper prints nothing here; computed only.
    NotPrinted,
    /// Printed but not computed (the note says why).
    NotComputed,
}

impl Verdict {
    /// The verdict as written in CSV and JSON: `match`, `differs`, `not_printed`,
    /// `not_computed`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Match => "match",
            Verdict::Differs => "differs",
            Verdict::NotPrinted => "not_printed",
            Verdict::NotComputed => "not_computed",
        }
    }
}

/// One cell of a table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cell {
    /// Which sub-table or network.
    pub group: String,
    /// The row label.
    pub row: String,
    /// The column label.
    pub column: String,
    /// The paper's value.
    pub printed: Option<Num>,
    /// This crate's value.
    pub computed: Option<Num>,
    /// Their comparison.
    pub verdict: Verdict,
    /// Why a value differs or is missing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The computed value as an exact fraction, where it is rational and not an integer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
}

/// Cell counts by verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Summary {
    /// All cells.
    pub cells: usize,
    /// Cells that match.
    pub matches: usize,
    /// Cells that differ.
    pub differs: usize,
    /// Cells computed only.
    pub not_printed: usize,
    /// Cells printed only.
    pub not_computed: usize,
}

/// A paper's table, computed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PaperTable {
    /// The `icn table` name.
    pub name: &'static str,
    /// The paper and the table or section.
    pub source: String,
    /// What the cells are.
    pub description: String,
    /// Conventions and known discrepancies.
    pub notes: Vec<String>,
    /// Verdict counts.
    pub summary: Summary,
    /// The cells, row by row.
    pub cells: Vec<Cell>,
}

impl PaperTable {
    /// An empty table.
    pub fn new(name: &'static str, source: String, description: &str) -> Self {
        PaperTable {
            name,
            source,
            description: description.into(),
            notes: Vec::new(),
            summary: Summary::default(),
            cells: Vec::new(),
        }
    }

    /// Adds a cell, judging it: equal within 10⁻⁹ relative is a match.
    pub fn cell(
        &mut self,
        group: &str,
        row: String,
        column: String,
        printed: Option<f64>,
        computed: Option<f64>,
        why_differs: Option<&str>,
    ) {
        let tolerance = printed.map_or(0.0, |p| 1e-9 * p.abs().max(1.0));
        self.cell_within(
            group,
            row,
            column,
            printed,
            computed,
            tolerance,
            why_differs,
        );
    }

    /// Adds a cell printed with limited precision: a match when the computed value is
    /// within `tolerance` (absolute) of the printed one, e.g. below 1 for a rounded or
    /// truncated integer, half a unit of the last digit for 2.8 × 10⁵.
    #[allow(clippy::too_many_arguments)]
    pub fn cell_within(
        &mut self,
        group: &str,
        row: String,
        column: String,
        printed: Option<f64>,
        computed: Option<f64>,
        tolerance: f64,
        why_differs: Option<&str>,
    ) {
        let verdict = match (printed, computed) {
            (Some(p), Some(c)) if (p - c).abs() <= tolerance => Verdict::Match,
            (Some(_), Some(_)) => Verdict::Differs,
            (None, _) => Verdict::NotPrinted,
            (Some(_), None) => Verdict::NotComputed,
        };
        let note = match verdict {
            Verdict::Differs | Verdict::NotComputed => why_differs.map(str::to_string),
            _ => None,
        };
        self.cells.push(Cell {
            group: group.into(),
            row,
            column,
            printed: printed.map(|x| Num::of(tidy(x))),
            computed: computed.map(|x| Num::of(tidy(x))),
            verdict,
            note,
            exact: None,
        });
    }

    /// Records the exact value of the last cell added.
    pub fn exact(&mut self, text: String) {
        if let Some(c) = self.cells.last_mut() {
            c.exact = Some(text);
        }
    }

    /// Counts the verdicts; call once, after the last cell.
    pub fn finish(mut self) -> Self {
        let mut s = Summary {
            cells: self.cells.len(),
            ..Summary::default()
        };
        for c in &self.cells {
            match c.verdict {
                Verdict::Match => s.matches += 1,
                Verdict::Differs => s.differs += 1,
                Verdict::NotPrinted => s.not_printed += 1,
                Verdict::NotComputed => s.not_computed += 1,
            }
        }
        self.summary = s;
        self
    }

    /// The cells as CSV: `group,row,column,printed,computed,exact,verdict,note` (`exact`:
    /// the computed value as a fraction, where it is one and not an integer).
    pub fn csv(&self) -> String {
        let quote = |s: &str| {
            if s.contains([',', '"', '\n']) {
                format!("\"{}\"", s.replace('"', "\"\""))
            } else {
                s.to_string()
            }
        };
        let num = |n: Option<Num>| n.map_or(String::new(), |n| n.to_string());
        let mut out = String::from("group,row,column,printed,computed,exact,verdict,note\n");
        for c in &self.cells {
            let verdict = c.verdict.name();
            out.push_str(&format!(
                "{},{},{},{},{},{},{},{}\n",
                quote(&c.group),
                quote(&c.row),
                quote(&c.column),
                num(c.printed),
                num(c.computed),
                c.exact.as_deref().unwrap_or(""),
                verdict,
                quote(c.note.as_deref().unwrap_or(""))
            ));
        }
        out
    }
}
