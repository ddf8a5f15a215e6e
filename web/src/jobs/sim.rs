//! The simulation view's jobs, run in the worker: one point of a latency–load curve by the
//! packet simulator ([`icn_core::sim::packet`], as `icn sim` prints it), with the
//! network's channel-load bound under uniform traffic when asked; and a pasted BookSim2
//! configuration read as the view's fields ([`booksim_read`]). The page checks the
//! fields with the same [`SimAsk::setup`] before it asks (`icn_web_model::sim`).

use std::cell::RefCell;

use icn_core::analysis::deadlock::Scheme;
use icn_core::sim::packet::config::{parse_rates, MAX_RATE_POINTS};
use icn_core::sim::packet::{
    uniform_bound, PointResult, SchemeChoice, SimError, SimSetup, Simulator,
};
use icn_core::{Network, PAGE_BUDGET};
use icn_web_model::booksim::form_of_config;
use icn_web_model::defaults::FromNetwork;
pub use icn_web_model::sim::{SimAsk, SimChecked, SimTroubles, SIM_ASK, SIM_REFUSE};
use icn_web_model::url::{Query, SimForm, ViewDef};
use serde::{Deserialize, Serialize};

/// One point of the curve, from the worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimPointReport {
    /// What was simulated.
    pub ask: SimAsk,
    /// The offered load, flits per endpoint per cycle.
    pub rate: f64,
    /// The virtual-channel scheme used.
    pub scheme: Scheme,
    /// Its classes.
    pub classes: u32,
    /// What the deadlock analysis says of the routing under the scheme (`None`: too large
    /// to analyse in the worker).
    pub deadlock_free: Option<bool>,
    /// Routers of the fabric.
    pub routers: usize,
    /// Endpoints.
    pub endpoints: usize,
    /// The throughput bound from the busiest channel's exact load under uniform traffic
    /// (flits per endpoint per cycle, at most 1), when asked and within the page's budget.
    pub bound: Option<f64>,
    /// The point.
    pub point: PointResult,
}

/// Simulates one point; `channels` lists every channel's utilisation, `bound` computes the
/// channel-load bound. `progress(cycles, bound, label)` every 1,024 cycles.
///
/// # Errors
/// The fields' troubles, or the simulator's error, for the user.
pub fn sim_point(
    ask: &SimAsk,
    rate: &str,
    (channels, bound): (bool, bool),
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<SimPointReport, String> {
    let net: Network = ask
        .spec
        .parse()
        .map_err(|e: icn_core::SpecError| e.to_string())?;
    let rate: f64 = rate
        .parse()
        .map_err(|_| format!("'{rate}' is not an offered load"))?;
    let setup = ask.setup(&net).map_err(|t| first(&t))?;
    let sim = simulator(&net, &setup).map_err(|e| e.to_string())?;
    let label = format!("load {rate}");
    let point = sim
        .point(rate, channels, &mut |done, total| {
            progress(done as usize, total as usize, &label);
            true
        })
        .map_err(|e| e.to_string())?;
    let fabric = sim.fabric();
    let bound = if bound {
        uniform_bound(&net, &ask.routing, fabric.endpoints(), PAGE_BUDGET)
    } else {
        None
    };
    Ok(SimPointReport {
        ask: ask.clone(),
        rate,
        scheme: sim.scheme(),
        classes: sim.classes(),
        deadlock_free: sim.deadlock_free(),
        routers: fabric.routers(),
        endpoints: fabric.endpoints(),
        bound,
        point,
    })
}

/// What the scheme choice of a curve depends on: the network, the routing, the scheme
/// asked for and the virtual channels.
type ChoiceKey = (String, String, Option<Scheme>, u32);

/// Curves whose scheme choice a worker keeps (the view overlays two; a worker's points
/// alternate between them).
const CHOICES_KEPT: usize = 4;

thread_local! {
    /// The last curves' scheme choices in this worker, latest last: the deadlock analysis
    /// behind one runs once per curve, not once per point (its cost: docs/limits.md,
    /// `DEADLOCK_CHECK_STEPS`).
    static CHOICES: RefCell<Vec<(ChoiceKey, SchemeChoice)>> = const { RefCell::new(Vec::new()) };
}

/// The simulator of `setup` on `net`, with the scheme this worker chose for the same
/// curve before, if any.
fn simulator<'a>(net: &'a Network, setup: &SimSetup) -> Result<Simulator<'a>, SimError> {
    let key: ChoiceKey = (
        net.spec(),
        setup.routing.clone(),
        setup.scheme,
        setup.router.num_vcs,
    );
    let known = CHOICES.with_borrow(|c| c.iter().find(|(k, _)| *k == key).map(|c| c.1));
    if let Some(choice) = known {
        return Simulator::with_choice(net, setup, choice);
    }
    let sim = Simulator::new(net, setup)?;
    CHOICES.with_borrow_mut(|c| {
        if c.len() == CHOICES_KEPT {
            c.remove(0);
        }
        c.push((key, sim.choice()));
    });
    Ok(sim)
}

/// The first trouble, for a message.
fn first(t: &SimTroubles) -> String {
    [
        &t.spec, &t.routing, &t.traffic, &t.scheme, &t.vcs, &t.buf, &t.size, &t.seed, &t.extra,
    ]
    .into_iter()
    .find_map(Clone::clone)
    .unwrap_or_default()
}

/// The most points one curve has in the page.
pub const SIM_MAX_POINTS: usize = 100;

/// The offered loads of `text`, by the one grammar `icn sim --rates` reads too
/// ([`parse_rates`]: FROM:TO:STEP (TO included) or a comma list, each in (0, 1]), and at
/// most [`SIM_MAX_POINTS`] of them, the page's curve; every load with the text the job
/// and the URL carry (nine decimals at most, as the CLI rounds them).
///
/// # Errors
/// What is allowed, for the field.
pub fn sim_rates(text: &str) -> Result<Vec<(String, f64)>, String> {
    let loads = parse_rates(text).map_err(|e| e.to_string())?;
    if loads.len() > SIM_MAX_POINTS {
        return Err(format!(
            "'{}' gives {} loads; a curve in the page has at most {SIM_MAX_POINTS} (icn sim \
             --rates takes up to {MAX_RATE_POINTS})",
            text.trim(),
            loads.len()
        ));
    }
    Ok(loads.into_iter().map(|r| (format!("{r}"), r)).collect())
}

/// [`Job::Booksim`](super::Job::Booksim)'s question: a BookSim2 configuration pasted into the
/// simulation view, with its anynet network file's text (empty: none), over the view's fields.
/// The fields cross as the view's query (`ViewDef::to_query`), which the page already writes
/// and reads.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BooksimAsk {
    /// The configuration, as typed.
    pub config: String,
    /// Its anynet network file, as typed (empty: none).
    pub network: String,
    /// The query of the fields it is read over (those the file does not give are kept).
    pub form: String,
}

/// What the worker read of a [`BooksimAsk`]: the query of the view's fields and a sentence
/// saying what was read, or why the file cannot run (naming the key and its line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BooksimRead {
    /// What was asked.
    pub ask: BooksimAsk,
    /// The fields' query and the sentence, or the file's error.
    pub read: Result<(String, String), String>,
}

/// Reads `ask`'s configuration over its fields, as `icn sim --config` reads the file
/// ([`form_of_config`]): in the worker, which links the BookSim2 reader, so that the page
/// does not.
pub fn booksim_read(ask: &BooksimAsk) -> BooksimRead {
    let network = (!ask.network.trim().is_empty()).then_some(ask.network.as_str());
    let form = SimForm::from_query(&Query::parse(&ask.form), &FromNetwork);
    BooksimRead {
        ask: ask.clone(),
        read: form_of_config(&ask.config, network, &form)
            .map(|(fields, summary)| (fields.to_query(), summary)),
    }
}
