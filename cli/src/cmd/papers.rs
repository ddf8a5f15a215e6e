//! `icn papers`: the audit of every reproducible item of the five papers.
//!
//! `--check` recomputes everything and compares each cell's computed value and verdict
//! with the recorded expectation (`cli/papers-expected.csv`, written by `--record`); it
//! fails (exit 1) on any change, any missing or new cell, and any unexplained difference.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use icn_core::papers::{self, PaperAudit};

use crate::output::{note, Failure};

/// The recorded expectation: `item,group,row,column,computed,exact,verdict` per cell.
const EXPECTED: &str = include_str!("../../papers-expected.csv");

/// What `icn papers` prints.
#[derive(Clone, Copy, Debug, clap::ValueEnum, PartialEq, Eq)]
pub enum PapersFormat {
    /// Everything, with every table's cells.
    Json,
    /// One line per item and per paper.
    Text,
}

fn quote(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One expectation line per cell, keyed by `item,group,row,column`.
fn records(audit: &[PaperAudit]) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for p in audit {
        for item in &p.items {
            for c in &item.table.cells {
                let key = [item.name, &c.group, &c.row, &c.column]
                    .iter()
                    .map(|s| quote(s))
                    .collect::<Vec<_>>()
                    .join(",");
                let value = format!(
                    "{},{},{}",
                    c.computed.map_or(String::new(), |n| n.to_string()),
                    c.exact.as_deref().unwrap_or(""),
                    c.verdict.name()
                );
                out.insert(key, value);
            }
        }
    }
    out
}

/// Splits a recorded line into its key (4 fields) and value (3 fields).
fn split_record(line: &str) -> Option<(String, String)> {
    // The last three fields never contain commas or quotes.
    let (rest, v) = line.rsplit_once(',')?;
    let (rest, e) = rest.rsplit_once(',')?;
    let (key, c) = rest.rsplit_once(',')?;
    Some((key.to_string(), format!("{c},{e},{v}")))
}

fn text(audit: &[PaperAudit], out: &mut dyn Write) -> std::io::Result<()> {
    for p in audit {
        writeln!(
            out,
            "{}  [{}]  score {}%: {} matched, {} differ (explained), {} differ (unexplained)",
            p.paper.citation, p.paper.id, p.score, p.matched, p.explained, p.unexplained
        )?;
        for i in &p.items {
            writeln!(
                out,
                "  {:<20} {:>4} matched {:>4} explained {:>4} unexplained {:>4} computed only   {}",
                i.name, i.matched, i.explained, i.unexplained, i.computed_only, i.title
            )?;
        }
    }
    Ok(())
}

#[derive(clap::Args, Debug)]
pub struct PapersArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = PapersFormat::Text)]
    format: PapersFormat,
    /// Only this paper (kyklos, d2, hypercycles, lens, dragonfly).
    #[arg(long)]
    paper: Option<String>,
    /// Only this item (an `icn table` name).
    #[arg(long)]
    item: Option<String>,
    /// Compare with the recorded expectation; exit 1 on any change or unexplained
    /// difference.
    #[arg(long, conflicts_with = "record")]
    check: bool,
    /// Print the expectation file (cli/papers-expected.csv) for the current code.
    #[arg(long)]
    record: bool,
}

/// Runs `icn papers`: the exit status (1 when `--check` finds a problem), or a failure
/// (bad input, a write that failed).
pub fn main(args: &PapersArgs, out: &mut dyn Write) -> Result<ExitCode, Failure> {
    let (paper, only) = (args.paper.as_deref(), args.item.as_deref());
    if let Some(name) = only {
        if papers::item(name).is_none() {
            let names: Vec<&str> = papers::ITEMS.iter().map(|i| i.name).collect();
            return Err(Failure(format!(
                "no paper item '{name}'; items: {}",
                names.join(", ")
            )));
        }
    }
    if let Some(id) = paper {
        if !papers::PAPERS.iter().any(|p| p.id == id) {
            let ids: Vec<&str> = papers::PAPERS.iter().map(|p| p.id).collect();
            return Err(Failure(format!(
                "no paper '{id}'; papers: {}",
                ids.join(", ")
            )));
        }
    }
    let mut audit = papers::audit_only(paper, only)?;
    audit.retain(|p| !p.items.is_empty() || only.is_none());
    if let (Some(id), Some(name)) = (paper, only) {
        if audit.iter().all(|p| p.items.is_empty()) {
            return Err(Failure(format!(
                "item '{name}' is not of paper '{id}': drop --paper, or name one of its items"
            )));
        }
    }
    let partial = paper.is_some() || only.is_some();
    let got = records(&audit);
    if args.record {
        writeln!(out, "item,group,row,column,computed,exact,verdict")?;
        for (k, v) in &got {
            writeln!(out, "{k},{v}")?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    if args.check {
        return check(&audit, &got, partial, out);
    }
    match args.format {
        PapersFormat::Json => writeln!(out, "{}", serde_json::to_string_pretty(&audit)?)?,
        PapersFormat::Text => text(&audit, out)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `--check`: the computed cells against the recorded expectation (only the audited
/// items' cells when `partial`); exit 1 on any problem.
fn check(
    audit: &[PaperAudit],
    got: &BTreeMap<String, String>,
    partial: bool,
    out: &mut dyn Write,
) -> Result<ExitCode, Failure> {
    let mut expected: BTreeMap<String, String> =
        EXPECTED.lines().skip(1).filter_map(split_record).collect();
    if partial {
        let names: Vec<String> = audit
            .iter()
            .flat_map(|p| p.items.iter().map(|i| format!("{},", quote(i.name))))
            .collect();
        expected.retain(|k, _| names.iter().any(|n| k.starts_with(n.as_str())));
    }
    let mut problems = Vec::new();
    for (k, v) in got {
        match expected.get(k) {
            None => problems.push(format!("new cell {k}: {v}")),
            Some(e) if e != v => problems.push(format!("changed {k}: was {e}, now {v}")),
            _ => {}
        }
    }
    for k in expected.keys().filter(|k| !got.contains_key(*k)) {
        problems.push(format!("missing cell {k}"));
    }
    for p in audit {
        for i in p.items.iter().filter(|i| i.unexplained > 0) {
            problems.push(format!(
                "{}: {} differing cells have no explanation",
                i.name, i.unexplained
            ));
        }
    }
    text(audit, out)?;
    if problems.is_empty() {
        writeln!(
            out,
            "papers --check: {} cells as recorded, no unexplained difference",
            got.len()
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    for p in &problems {
        note(&format!("icn papers --check: {p}"));
    }
    note(&format!(
        "icn papers --check: {} problems (if a change is intended, run `icn papers --record > cli/papers-expected.csv` and explain it in docs/paper-notes.md)",
        problems.len()
    ));
    Ok(ExitCode::from(1))
}
