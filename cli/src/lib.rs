//! `icn`: every icnplay core computation as JSON (default) or CSV, for scripts, course
//! notes and checks. Schemas: docs/cli.md.
//!
//! The clap `Cli` and `Command` enum (one variant per subcommand), the dispatch and
//! [`main`]; `src/main.rs` only calls it, and the fuzz target `cli` parses arguments
//! with [`parse`]. One module per command under `cmd/`, each with its arguments beside
//! the code they drive; `output` holds what they share (format, failure, cost guard,
//! JSON print, checked output).

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

mod cmd;
mod output;

use clap::{Parser, Subcommand};

use cmd::{
    chart, compare, d3_vs_mdf, deadlock, export, info, join, loads, metrics, papers, route,
    schedule, sim, simulate, table, throughput, walkthrough,
};
use output::Failure;

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "icn",
    version,
    about = "Interconnection networks: routes and exact metrics as JSON or CSV"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Compute even when the estimated cost exceeds what icn does without asking
    /// (2^38 steps or 8 GiB; docs/limits.md).
    #[arg(long, global = true)]
    force: bool,
    /// Read the network from FILE (an edge list or a BookSim2 anynet file) in place of
    /// the command's first SPEC (docs/cli.md).
    #[arg(long, global = true, value_name = "FILE")]
    graph: Option<std::path::PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the topology families, their parameters and strategies.
    Families,
    /// Nodes, links, degree, diameter, average distance, symmetry, paper formulas.
    Info(info::InfoArgs),
    /// Paths from one node to another under a routing strategy.
    Route(route::RouteArgs),
    /// Distance distribution, diameter, average distance, channel and node loads.
    Metrics(metrics::MetricsArgs),
    /// The Lens's step-by-step route: address, dot, digits, bus and explanation per step.
    Walkthrough(walkthrough::WalkthroughArgs),
    /// KYKLOS-II relational join (TR-88-27 §VII, Appendix A): the join site of the S
    /// fragment at L-node S with the R fragment at L-node R, and both fragments' routes.
    Join(join::JoinArgs),
    /// A table or worked example of a paper, computed: `icn table` lists them.
    Table(table::TableArgs),
    /// A D3 collective as a step-by-step schedule: rounds, delays, link conflicts, the
    /// paper's claim, and per step the channels in use.
    Schedule(schedule::ScheduleArgs),
    /// The data behind a chart of the web app's Charts view (`icn chart` lists them):
    /// the same rows as the page's CSV download.
    Chart(chart::ChartArgs),
    /// The audit of the five papers: every printed value beside the computed one.
    Papers(papers::PapersArgs),
    /// Hypercycle link loads under uniform all-pairs traffic: e-cube against
    /// random-greedy (per channel class, or per channel with --per-link).
    Loads(loads::LoadsArgs),
    /// The Hypercycles paper's Figure 2: a seeded discrete-event simulation of circuit
    /// set-up, mean delay against offered load per policy.
    Simulate(simulate::SimulateArgs),
    /// A D3(K, M) against the maximal Dragonfly MDF(K, M) (Table 1's pair): distance
    /// distributions and local and global link loads.
    #[command(name = "d3-vs-mdf")]
    D3VsMdf(d3_vs_mdf::D3VsMdfArgs),
    /// Two to four networks side by side: nodes, links, degree, diameter, average
    /// distance, link loads and distance distributions.
    Compare(compare::CompareArgs),
    /// The network as an edge list, a node list, a BookSim2 anynet file or configuration.
    Export(export::ExportArgs),
    /// Deadlock freedom: the channel dependency graph of a routing on virtual channels, a
    /// shortest cycle if it has one, and the fewest virtual channels that break them.
    Deadlock(deadlock::DeadlockArgs),
    /// The packet-level simulator (BookSim2's input-queued VC routers): latency and
    /// accepted throughput against offered load, points in parallel on every core.
    Sim(sim::SimArgs),
    /// Throughput: the busiest channel's load under uniform traffic, a permutation or the
    /// routing's worst-case permutation, and the injection rate it allows.
    Throughput(throughput::ThroughputArgs),
}

/// Runs every command but `papers` (which owns its exit status), writing to `out`.
fn run(command: Command, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    match command {
        Command::Families => info::families(out),
        Command::Info(a) => info::run(&a, force, out),
        Command::Route(a) => route::run(&a, force, out),
        Command::Metrics(a) => metrics::run(&a, force, out),
        Command::Walkthrough(a) => walkthrough::run(a, out),
        Command::Join(a) => join::run(&a, out),
        Command::Table(a) => table::run(&a, out),
        Command::Schedule(a) => schedule::run(&a, out),
        Command::Chart(a) => chart::run(a, out),
        // Handled by `main`, which owns its exit status (1 when the check fails).
        Command::Papers(_) => Ok(()),
        Command::Loads(a) => loads::run(&a, force, out),
        Command::Simulate(a) => simulate::run(a, force, out),
        Command::D3VsMdf(a) => d3_vs_mdf::run(&a, force, out),
        Command::Compare(a) => compare::run(&a, force, out),
        Command::Export(a) => export::run(&a, force, out),
        Command::Deadlock(a) => deadlock::run(&a, force, out),
        Command::Sim(a) => sim::run(&a, force, out),
        Command::Throughput(a) => throughput::run(&a, force, out),
    }
}

/// The exit status of a process ended by SIGPIPE, as a shell reports it (128 + 13): what
/// `icn` exits with, silently, when the reader of its output has gone.
const BROKEN_PIPE: u8 = 141;

/// clap's message for `e`, the arguments it echoes with their control characters
/// escaped: the same arguments, escaped, parsed again give the same complaint.
fn clap_message(e: &clap::Error, args: &[OsString]) -> String {
    if !args
        .iter()
        .any(|a| a.to_string_lossy().contains(char::is_control))
    {
        return e.render().to_string();
    }
    let escaped: Vec<OsString> = args
        .iter()
        .map(|a| output::shown(&a.to_string_lossy()).into())
        .collect();
    match parse(&escaped) {
        Err(again) if again.kind() == e.kind() => again.render().to_string(),
        _ => output::shown(&e.render().to_string()),
    }
}

/// A clap error as `icn` prints every error: one line, `icn: error: …`, its tips kept,
/// the usage left to `--help`.
fn one_line(message: &str) -> String {
    let mut line = String::from("icn: error: ");
    let parts = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more"));
    for (i, part) in parts.enumerate() {
        let part = if i == 0 {
            part.strip_prefix("error: ").unwrap_or(part)
        } else if line.ends_with(':') {
            line.push(' ');
            part
        } else {
            line.push_str("; ");
            part
        };
        line.push_str(part);
    }
    line.push_str(" (icn --help lists the options)");
    line
}

/// The arguments parsed as `icn` reads them (after `--graph FILE` is replaced by its
/// spec), or clap's error.
///
/// # Errors
/// Arguments clap refuses (and `--help`, `--version`, which clap reports as errors).
pub fn parse(args: &[OsString]) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(args)
}

/// Runs `icn` on the process's arguments: the exit status.
pub fn main() -> ExitCode {
    let args = match output::with_graph(std::env::args_os().collect()) {
        Ok(args) => args,
        Err(Failure(msg)) => {
            output::note(&format!(
                "icn: error: {}",
                output::capped(&output::shown(&msg))
            ));
            return ExitCode::from(2);
        }
    };
    let cli = match parse(&args) {
        Ok(cli) => cli,
        Err(e) => {
            let text = clap_message(&e, &args);
            let written = if e.use_stderr() {
                writeln!(io::stderr(), "{}", output::capped(&one_line(&text)))
            } else {
                write!(io::stdout(), "{text}")
            };
            return match (written, e.use_stderr()) {
                (Err(_), false) => ExitCode::from(BROKEN_PIPE),
                _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
            };
        }
    };
    let stdout = io::stdout();
    let mut out = output::Stdout::new(io::BufWriter::new(stdout.lock()));
    let result = match &cli.command {
        Command::Papers(a) => papers::main(a, &mut out),
        _ => run(cli.command, cli.force, &mut out).map(|()| ExitCode::SUCCESS),
    };
    // Every write is checked, the last (buffered) ones too.
    let flushed = out.flush();
    if out.broken() {
        return ExitCode::from(BROKEN_PIPE);
    }
    match (result, flushed) {
        (Ok(code), Ok(())) => code,
        (Err(Failure(msg)), _) => {
            output::note(&format!(
                "icn: error: {}",
                output::capped(&output::shown(&msg))
            ));
            ExitCode::from(2)
        }
        (Ok(_), Err(e)) => {
            output::note(&format!("icn: error: writing the output: {e}"));
            ExitCode::from(2)
        }
    }
}
