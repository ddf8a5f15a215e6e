//! What every command shares: the output format, the one-line failure, the cost guard,
//! spec and address parsing with the argument named, the checked JSON print, standard
//! output whose errors are kept (a closed pipe ends `icn` quietly), stderr that never
//! panics, and input echoed with its control characters escaped.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::{Duration, Instant};

use clap::ValueEnum;
use icn_core::topology::imported::{quoted, read_text, Imported, MAX_TEXT_BYTES};
use icn_core::{Budget, Estimate, Network, Node};
use serde::Serialize;
use serde_json::Value;

/// JSON (pretty, one document) or CSV (a header line, then rows).
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    Json,
    Csv,
}

/// What `icn` computes without `--force`: a few minutes of one core and 8 GiB. The
/// estimates come from the parameters (`Network::cost`), before anything is built.
pub const CLI_BUDGET: Budget = Budget {
    steps: 1 << 38,
    bytes: 8 << 30,
};

/// A failure to report on one line.
#[derive(Debug)]
pub struct Failure(pub String);

impl<E: std::error::Error> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure(e.to_string())
    }
}

/// The budget of a command: [`CLI_BUDGET`], or no limit under `--force`.
pub fn budget(force: bool) -> Budget {
    if force {
        Budget {
            steps: u64::MAX,
            bytes: u64::MAX,
        }
    } else {
        CLI_BUDGET
    }
}

/// Refuses a computation whose estimate exceeds [`CLI_BUDGET`], unless forced.
pub fn guard(what: &str, estimate: Estimate, force: bool) -> Result<(), Failure> {
    guard_or(what, estimate, force, "choose a smaller network")
}

/// [`guard`], with `smaller` saying how to ask for less.
pub fn guard_or(what: &str, estimate: Estimate, force: bool, smaller: &str) -> Result<(), Failure> {
    if force || estimate.within(CLI_BUDGET) {
        return Ok(());
    }
    Err(Failure(format!(
        "{what} would take about {:.1e} steps and {} MiB (icn's limit is {:.1e} steps and {} MiB); {smaller}, or pass --force to compute anyway",
        estimate.steps as f64,
        estimate.bytes >> 20,
        CLI_BUDGET.steps as f64,
        CLI_BUDGET.bytes >> 20,
    )))
}

/// How long a command runs before it reports progress on stderr, and how often after;
/// the environment variable `ICN_PROGRESS_AFTER` (seconds) overrides it (0: every step,
/// what the tests use to see progress without a long run).
const PROGRESS_AFTER: Duration = Duration::from_secs(2);

fn progress_after() -> Duration {
    std::env::var("ICN_PROGRESS_AFTER")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
        .map_or(PROGRESS_AFTER, Duration::from_secs_f64)
}

/// `--threads`, read by clap: a whole number of at least 1 (the commands' default, every
/// core, is the flag left out).
///
/// # Errors
/// The reason, which clap prints after the flag and its value.
pub fn thread_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("give 1 or more threads (leave --threads out for every core)".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("give a whole number of threads, 1 or more".into()),
    }
}

/// Writes one line to stderr; a closed stderr is ignored (never a panic).
pub fn note(line: &str) {
    let _ = writeln!(io::stderr(), "{line}");
}

/// Progress of a long computation on stderr: nothing for its first two seconds, then
/// its estimate once and a line at most every two seconds.
pub struct Progress {
    what: String,
    estimate: Option<Estimate>,
    start: Instant,
    last: Option<Instant>,
    after: Duration,
}

impl Progress {
    /// Progress of `what`, whose cost is estimated at (at most) `estimate` where known.
    pub fn new(what: &str, estimate: Option<Estimate>) -> Progress {
        Progress {
            what: what.to_string(),
            estimate,
            start: Instant::now(),
            last: None,
            after: progress_after(),
        }
    }

    /// `fraction` (0 ..= 1) is done; `detail` says where.
    pub fn at(&mut self, fraction: f64, detail: &str) {
        let now = Instant::now();
        let due = match self.last {
            None => now.duration_since(self.start) >= self.after,
            Some(last) => now.duration_since(last) >= self.after,
        };
        if !due {
            return;
        }
        if let (None, Some(e)) = (self.last, self.estimate) {
            note(&format!(
                "icn: {}: estimated at most {} steps and {}; progress follows",
                self.what,
                icn_core::amount(e.steps),
                icn_core::bytes_text(e.bytes)
            ));
        }
        self.last = Some(now);
        let sep = if detail.is_empty() { "" } else { ": " };
        note(&format!(
            "icn: {}: {:.0}%{sep}{detail}",
            self.what,
            (fraction * 100.0).clamp(0.0, 100.0)
        ));
    }
}

/// Standard output that remembers a closed pipe, so that `main` ends quietly (with the
/// status a shell gives a process ended by SIGPIPE) instead of reporting it.
pub struct Stdout<W: Write> {
    inner: W,
    broken: bool,
}

impl<W: Write> Stdout<W> {
    /// Wraps `inner`.
    pub fn new(inner: W) -> Self {
        Stdout {
            inner,
            broken: false,
        }
    }

    /// Whether a write found the reader gone.
    pub fn broken(&self) -> bool {
        self.broken
    }

    fn seen<T>(&mut self, r: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &r {
            self.broken |= e.kind() == io::ErrorKind::BrokenPipe;
        }
        r
    }
}

impl<W: Write> Write for Stdout<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let r = self.inner.write(buf);
        self.seen(r)
    }

    fn flush(&mut self) -> io::Result<()> {
        let r = self.inner.flush();
        self.seen(r)
    }
}

/// `text` with its control characters escaped (`\n`, `\u{1b}`), so that an error
/// message that echoes the input stays one line and no escape sequence reaches the
/// terminal; everything else as typed.
pub fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// `message` with every word over 120 characters shortened to its first 40 and its
/// length: an error that quotes a long argument (a `graph:` spec of a large file) stays a
/// line a person reads.
pub fn capped(message: &str) -> String {
    if message.len() <= 120 {
        return message.to_string();
    }
    let words: Vec<String> = message
        .split(' ')
        .map(|w| {
            if w.chars().count() > 120 {
                quoted(w)
            } else {
                w.to_string()
            }
        })
        .collect();
    words.join(" ")
}

/// The network of a topology spec argument.
pub fn network(spec: &str) -> Result<Network, Failure> {
    spec.parse::<Network>()
        .map_err(|e| Failure(format!("topology spec '{spec}': {e}")))
}

/// The arguments with `--graph FILE` (or `--graph=FILE`) replaced by the spec of the
/// graph in FILE, placed as the command's first argument (its SPEC).
///
/// # Errors
/// A file that cannot be read, or a graph that cannot be imported (line and column).
pub fn with_graph(mut args: Vec<OsString>) -> Result<Vec<OsString>, Failure> {
    let Some(at) = args
        .iter()
        .position(|a| a == "--graph" || a.to_string_lossy().starts_with("--graph="))
    else {
        return Ok(args);
    };
    let flag = args.remove(at).to_string_lossy().into_owned();
    let path = match flag.strip_prefix("--graph=") {
        Some(p) => PathBuf::from(p),
        None if at < args.len() => PathBuf::from(args.remove(at)),
        None => return Err(Failure("--graph needs a FILE".into())),
    };
    if let Some(again) = args
        .iter()
        .find(|a| *a == "--graph" || a.to_string_lossy().starts_with("--graph="))
    {
        let again = again.to_string_lossy();
        let other = match again.strip_prefix("--graph=") {
            Some(p) => p.to_string(),
            None => args
                .iter()
                .skip_while(|a| *a != "--graph")
                .nth(1)
                .map_or_else(String::new, |a| a.to_string_lossy().into_owned()),
        };
        return Err(Failure(format!(
            "--graph is given twice ({} and {}): give one file",
            quoted(&path.display().to_string()),
            quoted(&other)
        )));
    }
    let graph = read_graph(&path)
        .map_err(|Failure(e)| Failure(format!("--graph {}: {e}", path.display())))?;
    let spec = Network::from(graph).spec();
    // The subcommand is the first argument that is no option; SPEC follows it.
    let command = args
        .iter()
        .skip(1)
        .position(|a| !a.to_string_lossy().starts_with('-'))
        .map_or(args.len(), |i| i + 2);
    args.insert(command.min(args.len()), spec.into());
    Ok(args)
}

/// The file at `path`, opened for reading through [`MAX_TEXT_BYTES`]: a regular file over
/// it is refused by its size before any line is read (a stream is refused by its reader
/// once it passes it).
fn open_capped(path: &std::path::Path) -> Result<std::fs::File, Failure> {
    let file = std::fs::File::open(path)?;
    let size = file.metadata().map(|m| (m.is_file(), m.len()));
    if let Ok((true, bytes)) = size {
        if bytes > MAX_TEXT_BYTES {
            return Err(Failure(
                icn_core::GraphError::TooBig {
                    bytes,
                    max: MAX_TEXT_BYTES,
                }
                .to_string(),
            ));
        }
    }
    Ok(file)
}

/// The graph in the file at `path`, read line by line ([`open_capped`]).
fn read_graph(path: &std::path::Path) -> Result<Imported, Failure> {
    Ok(Imported::from_reader(open_capped(path)?)?)
}

/// The text of the file at `path` (a BookSim2 configuration, its anynet network file),
/// read line by line through the same cap ([`open_capped`]): a byte-order mark and `\r`
/// dropped, a byte that is not UTF-8 named at its line.
///
/// # Errors
/// The file cannot be opened, is over the cap, or is not UTF-8.
pub fn read_capped(path: &std::path::Path) -> Result<String, Failure> {
    Ok(read_text(open_capped(path)?, MAX_TEXT_BYTES)?)
}

/// The node at address `text`, naming the argument (`which`) when it is not one.
pub fn node(net: &Network, which: &str, text: &str) -> Result<Node, Failure> {
    net.parse_node(text)
        .map_err(|e| Failure(format!("{which} address '{text}': {e}")))
}

/// An exact integer of any size as a JSON number.
pub fn big(n: &icn_core::BigUint) -> Value {
    serde_json::Number::from_str(&n.to_string()).map_or(Value::Null, Value::Number)
}

/// The strategy given, or the family's first (`minimal` if it lists none).
pub fn strategy_name<'a>(net: &Network, s: &'a Option<String>) -> &'a str {
    match s {
        Some(s) => s.as_str(),
        None => net.default_strategy(),
    }
}

/// Prints `value` as pretty JSON and a newline.
pub fn json<T: Serialize + ?Sized>(out: &mut dyn Write, value: &T) -> Result<(), Failure> {
    // Streamed: the document is never held as one string.
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}

/// Quotes a CSV field that holds a comma.
pub fn field(s: &str) -> String {
    if s.contains(',') {
        format!("\"{s}\"")
    } else {
        s.to_string()
    }
}
