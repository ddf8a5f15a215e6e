//! `icn d3-vs-mdf`: a D3(K, M) against the maximal Dragonfly MDF(K, M), Table 1's pair
//! (docs/cli.md).

use std::io::Write;

use clap::Args;
use icn_core::analysis::{d3_vs_mdf, d3_vs_mdf_cost, DragonflySide};

use super::compare::Table;
use crate::output::{field, guard, json, network, Failure, Format};

#[derive(Args, Debug)]
pub struct D3VsMdfArgs {
    /// A D3 spec, e.g. d3:k=3,m=4.
    spec: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
    /// CSV only: the loads per link kind, the distance distributions, or the channels
    /// per load value.
    #[arg(long, value_enum, default_value_t = Table::Summary)]
    table: Table,
}

/// One `spec,distance,count` line per distance from 1.
fn distance_rows(out: &mut dyn Write, spec: &str, counts: &[u64]) -> Result<(), Failure> {
    for (d, c) in counts.iter().enumerate().skip(1) {
        writeln!(out, "{spec},{d},{c}")?;
    }
    Ok(())
}

/// `icn d3-vs-mdf SPEC`.
pub fn run(a: &D3VsMdfArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let net = network(&a.spec)?;
    let d3 = net.d3().cloned().map_err(|e| {
        Failure(format!(
            "icn d3-vs-mdf takes a d3 spec (e.g. d3:k=3,m=4); '{}' is a {}",
            e.spec, e.actual
        ))
    })?;
    guard("this comparison", d3_vs_mdf_cost(&d3), force)?;
    let r = d3_vs_mdf(&d3);
    if a.format == Format::Json {
        return json(out, &r);
    }
    let sides: [(&str, &DragonflySide); 2] = [("d3", &r.d3), ("mdf", &r.mdf)];
    match a.table {
        Table::Summary => {
            writeln!(
                out,
                "network,spec,routers,kind,links,channels,max_load,min_load,mean_load,total_load"
            )?;
            for (name, s) in sides {
                for (kind, k) in [("local", &s.local), ("global", &s.global)] {
                    writeln!(
                        out,
                        "{name},{},{},{kind},{},{},{},{},{},{}",
                        field(&s.spec),
                        s.routers,
                        k.links,
                        k.channels,
                        k.max_load,
                        k.min_load,
                        k.mean_load,
                        k.total_load
                    )?;
                }
            }
        }
        Table::Distances => {
            writeln!(out, "spec,distance,ordered_pairs")?;
            for (_, s) in sides {
                distance_rows(out, &field(&s.spec), &s.distance_distribution)?;
            }
        }
        Table::Histogram => {
            writeln!(out, "network,spec,kind,load,channels")?;
            for (name, s) in sides {
                for (kind, k) in [("local", &s.local), ("global", &s.global)] {
                    for c in &k.distribution {
                        writeln!(
                            out,
                            "{name},{},{kind},{},{}",
                            field(&s.spec),
                            c.load,
                            c.channels
                        )?;
                    }
                }
            }
        }
    }
    Ok(())
}
