//! `icn table`: a table or worked example of a paper, computed.

use std::io::Write;

use clap::Args;
use icn_core::papers::table::PaperTable;
use icn_core::papers::{d2, dragonfly, kyklos, kyklos_traffic};
use icn_core::topology::d3::{subnet, D3};
use icn_core::topology::lens;
use serde_json::json;

use crate::output::{json, Failure, Format};

#[derive(Args, Debug)]
pub struct TableArgs {
    /// The table's name.
    name: Option<String>,
    /// Output format (csv: one line per cell; the KYKLOS tables only).
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
    /// d3-subnetwork: the big network's cabinets N.
    #[arg(long, default_value_t = 9)]
    n: u32,
    /// d3-subnetwork: the cabinets κ, comma separated (e.g. 1,2,5,8); without it,
    /// the paper's printed tables beside the computed ones.
    #[arg(long, value_delimiter = ',')]
    kappa: Option<Vec<u32>>,
    /// d3-subnetwork: M for the edge-by-edge isomorphism check.
    #[arg(long, default_value_t = 3)]
    m: u32,
}

/// The tables `icn table` computes: every item of the papers' registry, in its order.
fn tables() -> impl Iterator<Item = &'static str> {
    icn_core::papers::ITEMS.iter().map(|item| item.name)
}

/// The most steps the `d3-subnetwork --kappa` isomorphism check may take.
const EMBEDDING_CHECK_LIMIT: u64 = 1 << 26;

/// `kyklos-density` is computed up to N = 2^12 = 4096 (about a second in a release build).
const DENSITY_MAX_N: u64 = 12;

/// `d2-distances` covers n = 2 … 10.
const D2_MAX_N: u64 = 10;

/// `kyklos-load` is computed for N = 4 … 1024, as printed (all N² pairs).
const LOAD_MAX_N: u64 = 10;

/// `d2-density` covers the paper's n = 3 … 20 (2^20 sequences by processor symmetry).
const D2_DENSITY_MAX_N: u64 = 20;

/// `icn table [NAME]`.
pub fn run(a: &TableArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if let (Some("d3-subnetwork"), Some(kappa)) = (a.name.as_deref(), &a.kappa) {
        if a.format == Format::Csv {
            return Err(Failure("d3-subnetwork with --kappa is JSON only".into()));
        }
        return subnetwork(a.n, kappa, a.m, out);
    }
    let table = match a.name.as_deref() {
        Some("lens-figure2") => {
            if a.format == Format::Csv {
                return Err(Failure(
                    "lens-figure2 is a worked example, printed as JSON only".into(),
                ));
            }
            let figure = lens::figure2()?;
            return json(out, &figure);
        }
        Some(name) => computed(name).ok_or_else(|| {
            Failure(format!(
                "unknown table '{name}'; known tables: {}",
                tables().collect::<Vec<_>>().join(", ")
            ))
        })??,
        None => {
            for t in tables() {
                writeln!(out, "{t}")?;
            }
            return Ok(());
        }
    };
    match a.format {
        Format::Json => json(out, &table),
        Format::Csv => {
            write!(out, "{}", table.csv())?;
            Ok(())
        }
    }
}

/// The table called `name` (computed here, or an item of the papers registry); `None`
/// for a name that is neither.
fn computed(name: &str) -> Option<Result<PaperTable, Failure>> {
    Some(match name {
        "kyklos-spans" => checked(kyklos::table1_spans()),
        "kyklos-real-span" => checked(kyklos::table_b1_real_spans()),
        "kyklos-density" => checked(kyklos_traffic::table3_density(DENSITY_MAX_N)),
        "kyklos-load" => checked(kyklos_traffic::table3_load(LOAD_MAX_N)),
        "kyklos-joins" => checked(kyklos::table2_joins()),
        "d2-distances" => checked(d2::d2_distances(D2_MAX_N)),
        "d2-density" => checked(d2::d2_density(D2_DENSITY_MAX_N)),
        "d3-subnetwork" => checked(dragonfly::table_subnetworks()),
        "d3-cutset" => checked(dragonfly::table_cutsets(
            icn_core::papers::D3_CUTSET_INSTANCES,
        )),
        other => checked((icn_core::papers::item(other)?.build)()),
    })
}

/// A table, or its error as a one-line failure.
fn checked<E: ToString>(table: Result<PaperTable, E>) -> Result<PaperTable, Failure> {
    table.map_err(|e| Failure(e.to_string()))
}

/// `d3-subnetwork --kappa`: the port table of cabinets κ of D3(n, m), and the
/// link-by-link check that they form a D3(|κ|, m).
fn subnetwork(n: u32, kappa: &[u32], m: u32, out: &mut dyn Write) -> Result<(), Failure> {
    // Costed before the K×K table is built.
    let cost = icn_core::d3_subnetwork_cost(kappa.len() as u64, u64::from(n), u64::from(m)).steps;
    if cost > EMBEDDING_CHECK_LIMIT {
        return Err(Failure(format!(
            "the port table of {} cabinets of D3({n}, {m}) and its link-by-link check take about {cost} steps; at most {EMBEDDING_CHECK_LIMIT} (choose a smaller --m, --n or fewer cabinets)",
            kappa.len()
        )));
    }
    let table = subnet::subnet_table(n, kappa)?;
    let big = D3::new(u64::from(n), u64::from(m))?;
    let small = D3::new(table.kappa.len() as u64, u64::from(m))?;
    let check = subnet::check_embedding(&small, &big, &big.cabinet_embedding(&table.kappa));
    let doc = json!({
        "network": big.spec_string(),
        "subnetwork": small.spec_string(),
        "port_table": table,
        "isomorphism": check,
    });
    json(out, &doc)
}
