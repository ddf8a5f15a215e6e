//! The deadlock view's job, run in the worker: a routing's channel dependency graph under a
//! virtual-channel scheme, its cycle with every address written out, and the table of
//! every routing of the network ([`icn_core::analysis::deadlock`], as `icn deadlock
//! --table` prints them).

use icn_core::analysis::deadlock::{
    deadlock_estimate, deadlock_finish, deadlock_part, deadlock_with, duato_estimate, duato_with,
    routing_table, DeadlockPart, DeadlockReport, Dependency, DuatoReport, RoutingRow, Scheme,
};
use icn_core::{Network, Routing, CONFIRM_LIMIT, PAGE_BUDGET};
use serde::{Deserialize, Serialize};

/// The estimated steps (`deadlock_estimate`) from which the deadlock view builds a graph in
/// parts, one per worker lane, in parallel ([`crate::jobs::Job::split`]): several times
/// what each part's own start (the network built again, its channels numbered) and the
/// parts' merge cost (docs/limits.md). A graph this large is over the page's
/// budget: the lanes load while the view asks for a confirmation.
pub const SPLIT_STEPS: u64 = 100_000_000;

/// One dependency of the cycle, in the network's addresses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepText {
    /// The channel held, `a → b`.
    pub held: String,
    /// The channel asked for, `b → c`.
    pub next: String,
    /// The source of a route that creates the dependency…
    pub src: String,
    /// …and its destination.
    pub dst: String,
}

/// What the worker computed for the deadlock view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeadlockStudy {
    /// The canonical spec (the page checks it against the network it shows).
    pub spec: String,
    /// The routing analysed.
    pub routing: String,
    /// The dependency graph's verdict and its cycle.
    pub report: DeadlockReport,
    /// The cycle's dependencies in addresses, in the cycle's order.
    pub steps: Vec<StepText>,
    /// Every routing of the network against the schemes.
    pub table: Vec<RoutingRow>,
    /// Duato's condition, when asked: `routing` is the adaptive routing, and `report` its
    /// own graph on one virtual channel (cyclic or not, what the escape makes safe).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub escape: Option<EscapeStudy>,
    /// In how many parts (workers) the graph was built: 1, or the lanes of a split job.
    #[serde(default = "one")]
    pub parts: usize,
}

fn one() -> usize {
    1
}

/// What a part of a split deadlock job ([`deadlock_part_job`]) reports; its dependencies
/// travel beside the reply as 32-bit words ([`DeadlockPart::to_words`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartDone {
    /// The part…
    pub part: usize,
    /// …of so many.
    pub parts: usize,
    /// The dependencies its destinations make.
    pub dependencies: usize,
    /// The words beside the reply.
    pub words: usize,
}

/// The graph to analyse: the network and the scheme, and the budget it is checked against
/// (the page's, or the confirm limit when `confirmed`).
struct Asked {
    net: Network,
    scheme: Scheme,
    budget: icn_core::Budget,
}

fn asked(spec: &str, scheme: &str, confirmed: bool) -> Result<Asked, String> {
    let net: Network = spec
        .parse()
        .map_err(|e: icn_core::SpecError| e.to_string())?;
    let scheme: Scheme = scheme
        .parse()
        .map_err(|e: icn_core::analysis::deadlock::DeadlockError| e.to_string())?;
    let budget = if confirmed {
        CONFIRM_LIMIT
    } else {
        PAGE_BUDGET
    };
    Ok(Asked {
        net,
        scheme,
        budget,
    })
}

impl Asked {
    /// The routing `name` of the network.
    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, String> {
        icn_core::routing::registry::build(&self.net, name).map_err(|e| e.to_string())
    }
}

/// Refuses a graph over the budget.
fn within(a: &Asked, relation: &dyn Routing, vcs: u32) -> Result<(), String> {
    let estimate = deadlock_estimate(a.net.topology(), relation, vcs);
    if estimate.within(a.budget) {
        return Ok(());
    }
    Err(format!(
        "this dependency graph would take about {:.1e} steps, over the page's limit",
        estimate.steps as f64
    ))
}

/// Part `part` of `parts` of a dependency graph (its destinations split in consecutive
/// ranges), for a split deadlock job: what it reports and its words.
///
/// # Errors
/// As [`deadlock_study`].
pub fn deadlock_part_job(
    spec: &str,
    routing: &str,
    (scheme, vcs): (&str, u32),
    confirmed: bool,
    (part, parts): (usize, usize),
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<(PartDone, Vec<u32>), String> {
    let a = asked(spec, scheme, confirmed)?;
    let relation = a.routing(routing)?;
    within(&a, relation.as_ref(), vcs)?;
    let label = format!("building the dependency graph of {routing} in {parts} workers");
    let p = deadlock_part(
        a.net.topology(),
        relation.as_ref(),
        (a.scheme, vcs),
        (part, parts),
        &mut |done, total| progress(done, total, &label),
    )
    .map_err(|e| e.to_string())?;
    let words = p.to_words();
    let done = PartDone {
        part,
        parts,
        dependencies: p.dependencies(),
        words: words.len(),
    };
    Ok((done, words))
}

/// The end of a split deadlock job: the parts' words merged, the graph finished (cycle
/// search, the cycle's routes), and the table of every routing, as [`deadlock_study`].
///
/// # Errors
/// As [`deadlock_study`], and parts that do not make the graph (missing, or another's).
pub fn deadlock_finish_job(
    spec: &str,
    routing: &str,
    scheme: &str,
    confirmed: bool,
    words: &[Vec<u32>],
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<DeadlockStudy, String> {
    let a = asked(spec, scheme, confirmed)?;
    let relation = a.routing(routing)?;
    let mut merged: Option<DeadlockPart> = None;
    for w in words {
        let p = DeadlockPart::from_words(w).map_err(|e| e.to_string())?;
        merged = Some(match merged {
            None => p,
            Some(m) => m.merge(p).map_err(|e| e.to_string())?,
        });
    }
    let merged = merged.ok_or("the parts of the dependency graph did not arrive")?;
    let label = format!("finding the routes of the cycle of {routing}");
    let report = deadlock_finish(
        a.net.topology(),
        relation.as_ref(),
        merged,
        &mut |done, total| progress(done, total, &label),
    )
    .map_err(|e| e.to_string())?;
    Ok(study_of(
        &a.net,
        routing,
        report,
        None,
        words.len(),
        progress,
    ))
}

/// The study of `report`: its cycle in addresses and the table of every routing.
fn study_of(
    net: &Network,
    routing: &str,
    report: DeadlockReport,
    escape: Option<EscapeStudy>,
    parts: usize,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> DeadlockStudy {
    let steps = step_texts(net, &report.cycle);
    // The table's graphs run within the page's budget even when the user confirmed a large
    // analysis: up to eight per scheme and routing, they would multiply its time.
    let table = routing_table(net, PAGE_BUDGET, progress);
    DeadlockStudy {
        spec: net.spec(),
        routing: routing.to_string(),
        report,
        steps,
        table,
        escape,
        parts,
    }
}

/// Duato's condition for the deadlock view: the escape routing's extended dependency graph.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EscapeStudy {
    /// The escape routing.
    pub routing: String,
    /// The verdict on the extended graph and its cycle.
    pub report: DuatoReport,
    /// The cycle's dependencies in addresses (`src`: where the packet took the held escape
    /// channel).
    pub steps: Vec<StepText>,
}

/// The cycle's dependencies in `net`'s addresses.
fn step_texts(net: &Network, cycle: &[Dependency]) -> Vec<StepText> {
    let channel =
        |(u, v, _): (usize, usize, u32)| format!("{} → {}", net.format_node(u), net.format_node(v));
    cycle
        .iter()
        .map(|d| StepText {
            held: channel(d.from),
            next: channel(d.to),
            src: net.format_node(d.src),
            dst: net.format_node(d.dst),
        })
        .collect()
}

/// Duato's condition of `adaptive` over `escape` (its scheme's name) with `vcs` in all,
/// within `budget`.
fn escape_study(
    net: &Network,
    adaptive: &str,
    (escape, scheme): (&str, &str),
    vcs: u32,
    budget: icn_core::Budget,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<EscapeStudy, String> {
    let t = net.topology();
    let a = icn_core::routing::registry::build(net, adaptive).map_err(|e| e.to_string())?;
    let e = icn_core::routing::registry::build(net, escape).map_err(|e| e.to_string())?;
    let scheme: Scheme = scheme
        .parse()
        .map_err(|e: icn_core::analysis::deadlock::DeadlockError| e.to_string())?;
    let estimate = duato_estimate(t);
    if !estimate.within(budget) {
        return Err(format!(
            "Duato's extended dependency graph would take about {:.1e} steps, over the page's limit",
            estimate.steps as f64
        ));
    }
    let label = format!("building the extended dependency graph of {escape} under {adaptive}");
    let report = duato_with(
        t,
        a.as_ref(),
        e.as_ref(),
        (scheme, vcs),
        &mut |done, total| {
            progress(done, total, &label);
        },
    )
    .map_err(|e| e.to_string())?;
    let steps = step_texts(net, &report.cycle);
    Ok(EscapeStudy {
        routing: escape.to_string(),
        report,
        steps,
    })
}

/// Analyses `routing` on `spec` under `scheme` with `vcs` virtual channels, and tabulates
/// every routing; within the page's budget, or the confirm limit when `confirmed`. With an
/// `escape` (its routing and scheme), Duato's condition of `routing` over it with `vcs` in
/// all instead, `routing`'s own graph on one virtual channel beside it.
///
/// # Errors
/// The spec's, routing's or scheme's error, or the estimate over the budget, for the user.
pub fn deadlock_study(
    spec: &str,
    routing: &str,
    (scheme, vcs): (&str, u32),
    escape: Option<(&str, &str)>,
    confirmed: bool,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<DeadlockStudy, String> {
    let a = asked(spec, scheme, confirmed)?;
    let relation = a.routing(routing)?;
    let t = a.net.topology();
    let escape = match escape {
        Some(e) => Some(escape_study(&a.net, routing, e, vcs, a.budget, progress)?),
        None => None,
    };
    // Beside Duato's condition, the adaptive routing's own graph on one virtual channel.
    let (scheme, vcs) = if escape.is_some() {
        (Scheme::One, 1)
    } else {
        (a.scheme, vcs)
    };
    within(&a, relation.as_ref(), vcs)?;
    let label = format!("building the dependency graph of {routing}");
    let report = deadlock_with(t, relation.as_ref(), scheme, vcs, &mut |done, total| {
        progress(done, total, &label);
    })
    .map_err(|e| e.to_string())?;
    Ok(study_of(&a.net, routing, report, escape, 1, progress))
}
