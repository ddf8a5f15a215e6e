//! `icn export`: the network as an edge list, a node list, a BookSim2 anynet file or a
//! BookSim2 configuration.

use std::io::{self, Write};

use clap::{Args, ValueEnum};

use icn_core::sim::packet::booksim::booksim_string;

use crate::output::{guard, network, shown, Failure, Progress};

/// The most bytes `icn export` writes without `--force`: 32 GiB, a network of about
/// 2^30 nodes of degree 2 (docs/limits.md).
const EXPORT_LIMIT: u64 = 32 << 30;

/// A writer that reports the bytes written as progress, against the bytes estimated.
struct Counted<'a> {
    inner: &'a mut dyn Write,
    written: u64,
    total: u64,
    progress: Progress,
}

impl Write for Counted<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.written += n as u64;
        self.progress
            .at(self.written as f64 / self.total.max(1) as f64, "");
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum ExportFormat {
    /// `u v` per undirected link, u < v, node indices 0..N-1 (per one-way channel, u to v,
    /// for a butterfly).
    Edgelist,
    /// `index,address` per node.
    Nodes,
    /// BookSim2's anynet network file: one `router R node E … router S …` line per router.
    Anynet,
    /// BookSim2's topology settings: its own `fly` for a butterfly, else `topology = anynet`
    /// naming the file `--network-file` (the anynet export).
    Booksim,
}

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// Topology spec.
    spec: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ExportFormat::Edgelist)]
    format: ExportFormat,
    /// With `--format booksim`: the anynet file the configuration names (default:
    /// network.anynet).
    #[arg(long)]
    network_file: Option<String>,
}

/// The anynet file a `--format booksim` configuration names: `--network-file`, which only
/// that format takes, and which must read back as one name in BookSim2's configuration
/// grammar ([`booksim_string`]).
fn network_file(a: &ExportArgs) -> Result<&str, Failure> {
    let Some(name) = a.network_file.as_deref() else {
        return Ok("network.anynet");
    };
    if !matches!(a.format, ExportFormat::Booksim) {
        return Err(Failure(format!(
            "--network-file names the anynet file of a --format booksim configuration; with --format {} the output goes to standard output (redirect it: > '{}')",
            a.format.to_possible_value().map_or_else(String::new, |v| v.get_name().to_string()),
            shown(name)
        )));
    }
    if !booksim_string(name) {
        return Err(Failure(format!(
            "--network-file '{}': BookSim2 reads a file name of letters, digits and _ - / . + ( ) {{ }} , that starts with a letter, _ - / or . (not //); choose such a name",
            shown(name)
        )));
    }
    Ok(name)
}

/// `icn export SPEC`: refused beyond the budget (docs/limits.md), with progress on stderr
/// when long.
pub fn run(a: &ExportArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let file = network_file(a)?;
    let net = network(&a.spec)?;
    let format = match a.format {
        ExportFormat::Edgelist => icn_core::ExportFormat::EdgeList,
        ExportFormat::Nodes => icn_core::ExportFormat::Nodes,
        ExportFormat::Anynet => icn_core::ExportFormat::Anynet,
        ExportFormat::Booksim => icn_core::ExportFormat::Booksim,
    };
    let estimate = net.export_estimate(format);
    let size = net.export_bytes(format);
    guard("this export", estimate, force)?;
    if size > EXPORT_LIMIT && !force {
        return Err(Failure(format!(
            "this export would write about {} GiB (icn writes at most {} GiB without asking); choose a smaller network, or pass --force to write it anyway",
            size >> 30,
            EXPORT_LIMIT >> 30
        )));
    }
    let t = net.topology();
    let mut counted = Counted {
        inner: out,
        written: 0,
        total: size,
        progress: Progress::new("export", Some(estimate)),
    };
    let out: &mut dyn Write = &mut counted;
    match a.format {
        ExportFormat::Edgelist => icn_core::io::edge_list(t, out)?,
        ExportFormat::Anynet => icn_core::io::anynet(&net, out)?,
        ExportFormat::Booksim => icn_core::io::booksim_config(&net, file, out)?,
        ExportFormat::Nodes => icn_core::io::node_list(t, out)?,
    }
    Ok(())
}
