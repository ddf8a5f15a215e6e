//! `icn export`: the network as an edge list or a node list.

use std::io::{self, Write};

use clap::{Args, ValueEnum};

use crate::output::{network, Failure};

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum ExportFormat {
    /// `u v` per undirected link, u < v, node indices 0..N-1.
    Edgelist,
    /// `index,address` per node.
    Nodes,
}

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// Topology spec.
    spec: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ExportFormat::Edgelist)]
    format: ExportFormat,
}

/// `icn export SPEC`.
pub fn run(a: &ExportArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let net = network(&a.spec)?;
    let t = net.topology();
    let mut buf = Vec::new();
    let mut w = io::BufWriter::new(out);
    for u in 0..t.node_count() {
        if a.format == ExportFormat::Nodes {
            writeln!(w, "{u},{}", t.format_node(u))?;
            continue;
        }
        buf.clear();
        t.neighbours(u, &mut buf);
        for &v in buf.iter().filter(|&&v| v > u) {
            writeln!(w, "{u} {v}")?;
        }
    }
    w.flush()?;
    Ok(())
}
