//! The simulation view's model, a chain of memos: URL -> [`SimForm`] -> the network(s) and
//! each field checked -> the curves to compute -> one worker job per point, the next
//! points in parallel in the worker lanes (`compute::lanes`), each result kept for the
//! session -> the curves as far as they are computed -> the point whose channel
//! utilisation the diagram shows.
//!
//! A curve is drawn lowest load first and stops at the first point that is not stable
//! (saturated or deadlocked: past it the latency means nothing). Every point is its own
//! job: the lanes run the first missing points of the curves in load order, one each, so
//! points may arrive out of order but the curve is drawn up to its first missing point;
//! a point past one found unstable is stopped. Cancel stops every lane and keeps what is
//! done, and a point computed once (same network, fields and load) is never computed
//! again. A change of the fields restarts nothing that is still wanted: a lane keeps its
//! point while the new fields still ask for it, and while the fields do not parse (a
//! keystroke on the way to a value) the running points go on.

use std::collections::HashMap;
use std::sync::Arc;

use icn_core::sim::packet::Status;
use icn_core::Network;
use icn_web::jobs::{
    sim_rates, JobFor, SimAsk, SimChecked, SimPointAsk, SimPointReport, SimTroubles,
};
use icn_web_model::lanes::{assign, LaneAction};
use leptos::prelude::*;

use crate::compute::{self, JobState};
use crate::diagram::{draw, Drawing, Highlight};
use crate::history::Nav;
use crate::networks;
use crate::url::SimForm;

use super::bounds::SimBounds;

/// Routers up to which every point also lists its channels' utilisation (for the diagram:
/// larger networks are not drawn).
const CHANNEL_ROUTERS: usize = 512;

/// What is wrong with the fields, by field.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Troubles {
    /// The first curve's fields.
    pub main: SimTroubles,
    /// The offered loads.
    pub rates: Option<String>,
    /// The second network.
    pub spec2: Option<String>,
    /// The second curve's routing.
    pub routing2: Option<String>,
}

/// One curve to compute: its fields and loads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurveAsk {
    /// The fields every point shares.
    pub ask: SimAsk,
    /// The offered loads, as the jobs carry them, with their values.
    pub rates: Vec<(String, u64)>,
    /// Whether its points list their channels.
    pub channels: bool,
    /// The fabric's size, a point's estimate, and whether its buffers are short.
    pub checked: SimChecked,
}

impl CurveAsk {
    /// The identity of load `i`'s point.
    fn key(&self, i: usize) -> Key {
        (self.ask.clone(), self.rates[i].0.clone(), false)
    }

    /// The point of load `i`. No point computes a bound: the curve's throughput job does,
    /// for every traffic (`bounds.rs`).
    fn point(&self, i: usize) -> SimPointAsk {
        SimPointAsk {
            ask: self.ask.clone(),
            rate: self.rates[i].0.clone(),
            channels: self.channels,
            bound: false,
        }
    }
}

/// A curve as far as it is computed.
#[derive(Debug, Clone, PartialEq)]
pub struct Curve {
    /// What it is.
    pub ask: CurveAsk,
    /// Its points, in load order, up to the first missing one.
    pub points: Vec<Arc<SimPointReport>>,
    /// Whether it is complete: every load done, or a point past saturation.
    pub complete: bool,
}

impl Curve {
    /// The first point that is not stable (where the curve stops).
    pub fn end(&self) -> Option<&SimPointReport> {
        self.points
            .iter()
            .find(|p| p.point.status != Status::Stable)
            .map(|p| &**p)
    }

    /// The highest accepted throughput of a stable point.
    pub fn saturation_throughput(&self) -> Option<f64> {
        self.points
            .iter()
            .filter(|p| p.point.status == Status::Stable)
            .map(|p| p.point.accepted)
            .reduce(f64::max)
    }

    /// A label for legends: the spec and routing.
    pub fn label(&self) -> String {
        format!("{} · {}", self.ask.ask.spec, self.ask.ask.routing)
    }
}

/// A point's identity: its curve's fields, its load, and whether it carries the bound.
type Key = (SimAsk, String, bool);

/// Points computed this session.
type Computed = HashMap<Key, Arc<SimPointReport>>;

/// One worker lane of the view: the state of its job and the job it was given.
#[derive(Debug, Clone, Copy)]
pub struct Lane {
    /// Its number (`compute::start_in`).
    pub index: usize,
    /// What its job shows.
    pub state: ReadSignal<JobState>,
    /// Where its job reports.
    pub set_state: WriteSignal<JobState>,
    /// The point it was given last.
    pub job: RwSignal<Option<SimPointAsk>>,
}

impl Lane {
    /// The point it computes now, if its job runs (or, `crashed`, stopped under it).
    fn point(&self, crashed: bool) -> Option<Key> {
        let running = self.state.with(|s| match s {
            JobState::Running { .. } => true,
            JobState::Crashed(_) => crashed,
            _ => false,
        });
        if running {
            self.job.with_untracked(|j| j.as_ref().map(key_of))
        } else {
            None
        }
    }
}

/// The identity of a point.
fn key_of(p: &SimPointAsk) -> Key {
    (p.ask.clone(), p.rate.clone(), p.bound)
}

/// The view's state. `Copy`: hand it to the parts.
#[derive(Debug, Clone, Copy)]
pub struct SimModel {
    /// Where changes go.
    pub nav: Nav,
    /// The fields, as typed.
    pub form: Memo<SimForm>,
    /// The network.
    pub network: Memo<Result<Network, String>>,
    /// Each field's error.
    pub troubles: Memo<Troubles>,
    /// The user pressed Cancel: no further point starts until Continue or a change.
    pub paused: RwSignal<bool>,
    /// The curves the user confirmed to run although their estimate asks first.
    pub confirmed: RwSignal<Vec<SimAsk>>,
    /// A curve whose estimate asks first, not confirmed: nothing starts until it is.
    pub gated: Memo<Option<CurveAsk>>,
    /// The worker lanes, each computing a point.
    pub lanes: StoredValue<Vec<Lane>>,
    /// The curves, as far as they are computed.
    pub curves: Memo<Vec<Curve>>,
    /// The point whose channel utilisation the diagram shows.
    pub shown: Memo<Option<Arc<SimPointReport>>>,
    /// The drawing of the network.
    pub drawing: Memo<Option<Drawing>>,
    /// The utilisation drawn on it.
    pub highlight: Memo<Highlight>,
    /// Each curve's bounds: the routing's and the best possible.
    pub bounds: SimBounds,
}

/// One curve's fields checked against its network. Every field's trouble at once: a number
/// that does not read stands in as the form's default while the other fields are checked,
/// and keeps its own message.
fn curve(
    form: &SimForm,
    net: &Network,
    routing: &str,
    rates: &[(String, f64)],
) -> Result<CurveAsk, SimTroubles> {
    let (ask, unread) = SimAsk::of_form(form, net.spec(), routing);
    let checked = match ask.check(net) {
        Ok(checked) if unread.is_empty() => checked,
        Ok(_) => return Err(unread),
        Err(mut troubles) => {
            for (mine, theirs) in [
                (unread.vcs, &mut troubles.vcs),
                (unread.buf, &mut troubles.buf),
                (unread.size, &mut troubles.size),
                (unread.seed, &mut troubles.seed),
            ] {
                if mine.is_some() {
                    *theirs = mine;
                }
            }
            return Err(troubles);
        }
    };
    Ok(CurveAsk {
        ask,
        rates: rates
            .iter()
            .map(|(text, r)| (text.clone(), r.to_bits()))
            .collect(),
        channels: checked.routers <= CHANNEL_ROUTERS,
        checked,
    })
}

/// The loads field's message for a sweep in batch mode.
const BATCH_ONE_LOAD: &str = "batch mode (sim_type = batch among the other keys) is one run, \
    which does not read the load (BookSim2's batch mode makes a packet whenever a source holds \
    none): give one load";

/// Reads and checks the fields: the troubles, and the curves when they are fine.
fn check(form: &SimForm, net: &Result<Network, String>) -> (Troubles, Vec<CurveAsk>) {
    let mut t = Troubles::default();
    let rates = sim_rates(form.rates.trim());
    if let Err(e) = &rates {
        t.rates = Some(e.clone());
    }
    let net = match net {
        Ok(n) => n,
        Err(e) => {
            t.main.spec = Some(e.clone());
            return (t, Vec::new());
        }
    };
    let rates = rates.unwrap_or_default();
    let mut asks = Vec::new();
    match curve(form, net, &form.routing, &rates) {
        Ok(c) => asks.push(c),
        Err(e) => t.main = e,
    }
    let second = second(form, net);
    match second {
        Ok(None) => {}
        Ok(Some((net2, routing2))) => match curve(form, &net2, &routing2, &rates) {
            Ok(c) => asks.push(c),
            Err(e) => {
                let first = e.spec.clone().or(e.traffic.clone()).or(e.scheme.clone());
                t.routing2 = e.routing.clone();
                t.spec2 = first
                    .or_else(|| (!e.is_empty()).then(|| "does not fit the fields above".into()));
            }
        },
        Err((spec2, routing2)) => {
            t.spec2 = spec2;
            t.routing2 = routing2;
        }
    }
    if asks.first().is_some_and(|a| a.checked.batch.is_some()) && rates.len() > 1 {
        t.rates = Some(BATCH_ONE_LOAD.into());
    }
    if t.rates.is_some() || !t.main.is_empty() {
        asks.clear();
    }
    (t, asks)
}

/// The comparison: its network and routing (the same network with another routing when
/// only a routing is given), or each field's error.
type Second = Result<Option<(Network, String)>, (Option<String>, Option<String>)>;

fn second(form: &SimForm, net: &Network) -> Second {
    let spec2 = form.spec2.trim();
    let routing2 = form.routing2.trim();
    if spec2.is_empty() && routing2.is_empty() {
        return Ok(None);
    }
    let net2 = if spec2.is_empty() {
        net.clone()
    } else {
        networks::build(spec2).map_err(|e| (Some(e.to_string()), None))?
    };
    let routing2 = if routing2.is_empty() {
        net2.default_strategy().to_string()
    } else {
        routing2.to_string()
    };
    if let Err(e) = icn_core::routing::registry::find(&net2, &routing2) {
        return Err((None, Some(e.to_string())));
    }
    Ok(Some((net2, routing2)))
}

/// The curves as far as `computed` holds their points.
fn curves_of(asks: &[CurveAsk], computed: &Computed) -> Vec<Curve> {
    asks.iter()
        .map(|a| {
            let mut points = Vec::new();
            let mut complete = true;
            for i in 0..a.rates.len() {
                match computed.get(&a.key(i)) {
                    Some(p) => {
                        let stops = p.point.status != Status::Stable;
                        points.push(p.clone());
                        if stops {
                            break;
                        }
                    }
                    None => {
                        complete = false;
                        break;
                    }
                }
            }
            Curve {
                ask: a.clone(),
                points,
                complete,
            }
        })
        .collect()
}

/// The next `n` points to compute, in order: the first curve's missing loads from its
/// first missing one (none past a point computed unstable: the curve stops there), then
/// the second's.
fn next_points(curves: &[Curve], computed: &Computed, n: usize) -> Vec<(Key, SimPointAsk)> {
    let mut out = Vec::new();
    for c in curves.iter().filter(|c| !c.complete) {
        for i in c.points.len()..c.ask.rates.len() {
            if out.len() == n {
                return out;
            }
            let key = c.ask.key(i);
            match computed.get(&key) {
                Some(p) if p.point.status != Status::Stable => break,
                Some(_) => {}
                None => out.push((key, c.ask.point(i))),
            }
        }
    }
    out
}

impl SimModel {
    /// The model of the view `nav` shows.
    pub fn new(nav: Nav) -> SimModel {
        let form = nav.form::<SimForm>();
        let spec = Memo::new(move |_| form.with(|f| f.spec.clone()));
        let network =
            Memo::new(move |_| spec.with(|s| networks::build(s).map_err(|e| format!("{e}"))));
        let checked = Memo::new(move |_| form.with(|f| network.with(|n| check(f, n))));
        let troubles = Memo::new(move |_| checked.with(|c| c.0.clone()));
        let asks = Memo::new(move |_| checked.with(|c| c.1.clone()));
        let computed = RwSignal::new(Computed::new());
        let paused = RwSignal::new(false);
        let confirmed = RwSignal::new(Vec::<SimAsk>::new());
        let gated = Memo::new(move |_| {
            asks.with(|a| {
                a.iter()
                    .find(|c| c.checked.asks() && !confirmed.with(|k| k.contains(&c.ask)))
                    .cloned()
            })
        });
        let curves = Memo::new(move |_| asks.with(|a| computed.with(|c| curves_of(a, c))));
        let lanes: Vec<Lane> = (0..compute::lanes())
            .map(|index| {
                let (state, set_state) = signal(JobState::Idle);
                Lane {
                    index,
                    state,
                    set_state,
                    job: RwSignal::new(None),
                }
            })
            .collect();
        let lanes = StoredValue::new(lanes);
        // A change of the fields starts computing again, also after a failed point.
        Effect::new(move |_| {
            asks.track();
            paused.set(false);
            lanes.with_value(|ls| {
                for l in ls {
                    let failed = l.state.with_untracked(|s| {
                        matches!(s, JobState::Failed(_) | JobState::Crashed(_))
                    });
                    if failed {
                        l.set_state.set(JobState::Idle);
                    }
                }
            });
        });
        Effect::new(move |_| schedule(lanes, computed, curves, (paused, asks, gated)));
        on_cleanup(move || {
            lanes.with_value(|ls| {
                for l in ls {
                    compute::cancel_in(l.index, l.set_state);
                }
            });
        });
        let shown = Memo::new(move |_| {
            let at = form.with(|f| f.at.trim().parse::<f64>().ok());
            curves.with(|c| {
                let first = c.first()?;
                let mut stable = first
                    .points
                    .iter()
                    .filter(|p| p.point.status == Status::Stable);
                match at {
                    Some(at) => first
                        .points
                        .iter()
                        .find(|p| (p.rate - at).abs() < 1e-9)
                        .cloned(),
                    None => stable.next_back().cloned(),
                }
            })
        });
        let drawing = Memo::new(move |_| network.with(|n| n.as_ref().ok().map(draw)));
        let highlight = Memo::new(move |_| {
            let drawn =
                drawing.with(|d| matches!(d, Some(Drawing::Layout(_) | Drawing::Aggregate { .. })));
            if !drawn {
                return Highlight::default();
            }
            shown.with(|p| p.as_ref().map(|p| heat(p)).unwrap_or_default())
        });
        let fields = Memo::new(move |_| {
            asks.with(|a| {
                a.iter()
                    .map(|c| (c.ask.clone(), c.checked.batch.is_some()))
                    .collect()
            })
        });
        let bounds = SimBounds::new(fields);
        SimModel {
            nav,
            form,
            network,
            troubles,
            paused,
            confirmed,
            gated,
            lanes,
            curves,
            shown,
            drawing,
            highlight,
            bounds,
        }
    }

    /// Stops every running point; the points done stay.
    pub fn cancel(self) {
        self.paused.set(true);
        self.lanes.with_value(|ls| {
            for l in ls {
                compute::cancel_in(l.index, l.set_state);
            }
        });
    }

    /// The lanes running a point (or stopped under one by a crash), lowest load first:
    /// the lane and its point's place in the curves' order.
    pub fn running(self) -> Vec<(Lane, usize)> {
        let order: Vec<Key> = self.curves.with(|c| {
            c.iter()
                .flat_map(|c| (0..c.ask.rates.len()).map(|i| c.ask.key(i)))
                .collect()
        });
        let mut out: Vec<(Lane, usize)> = self.lanes.with_value(|ls| {
            ls.iter()
                .filter_map(|l| {
                    let key = l.point(true)?;
                    Some((*l, order.iter().position(|k| *k == key)?))
                })
                .collect()
        });
        out.sort_by_key(|&(_, i)| i);
        out
    }

    /// Goes on from the first missing point.
    pub fn resume(self) {
        self.paused.set(false);
    }

    /// Shows the channel utilisation of load `rate`.
    pub fn show(self, rate: &str) {
        let rate = rate.to_string();
        self.nav.commit_form(move |f: &mut SimForm| f.at = rate);
    }

    /// How many points are computed of all the curves' loads (for the progress line).
    pub fn counts(self) -> (usize, usize) {
        self.curves.with(|c| {
            let done = c.iter().map(|c| c.points.len()).sum();
            let total = c
                .iter()
                .map(|c| {
                    if c.complete {
                        c.points.len()
                    } else {
                        c.ask.rates.len()
                    }
                })
                .sum();
            (done, total)
        })
    }
}

/// The scheduler: each lane's finished point joins the session's points; then the next
/// points (up to one per lane) are started on the free lanes, and a lane whose point is
/// no longer wanted is stopped ([`assign`]). Nothing starts while paused or while a lane's
/// point failed or crashed (that is shown until the fields change or Retry).
fn schedule(
    lanes: StoredValue<Vec<Lane>>,
    computed: RwSignal<Computed>,
    curves: Memo<Vec<Curve>>,
    (paused, asks, gated): (RwSignal<bool>, Memo<Vec<CurveAsk>>, Memo<Option<CurveAsk>>),
) {
    let lanes = lanes.get_value();
    for l in &lanes {
        if let JobState::Done(result) = l.state.get() {
            let report = match result.read::<Box<SimPointReport>>() {
                Ok(report) => report,
                Err(message) => {
                    // Shown as the point's failure (the status); nothing more starts.
                    l.set_state.set(JobState::Failed(message));
                    continue;
                }
            };
            if let Some(point) = l.job.get_untracked() {
                let key = key_of(&point);
                if point.answered_by(&report) && !computed.with_untracked(|m| m.contains_key(&key))
                {
                    computed.update(|m| {
                        m.insert(key, Arc::new((**report).clone()));
                    });
                }
            }
        }
    }
    let stuck = lanes.iter().any(|l| {
        l.state
            .with(|s| matches!(s, JobState::Failed(_) | JobState::Crashed(_)))
    });
    // A curve over the page's asking estimate waits for the user's word.
    let paused = paused.get() || gated.with(Option::is_some);
    if stuck {
        return;
    }
    let wanted = if paused {
        Vec::new()
    } else {
        curves.with(|c| computed.with_untracked(|m| next_points(c, m, lanes.len())))
    };
    let running: Vec<Option<Key>> = lanes.iter().map(|l| l.point(false)).collect();
    let keys: Vec<Key> = wanted.iter().map(|(k, _)| k.clone()).collect();
    let keep_unwanted = !paused && asks.with(Vec::is_empty);
    for (l, action) in lanes.iter().zip(assign(&keys, &running, keep_unwanted)) {
        match action {
            LaneAction::Keep => {}
            LaneAction::Stop => {
                l.job.set(None);
                compute::cancel_in(l.index, l.set_state);
            }
            LaneAction::Start(i) => {
                let point = wanted[i].1.clone();
                l.job.set(Some(point.clone()));
                compute::start_in(l.index, JobFor::sim_point(point).into_job(), l.set_state);
            }
        }
    }
}

/// The point's channels by utilisation, for the diagram.
fn heat(p: &SimPointReport) -> Highlight {
    Highlight {
        heat: p
            .point
            .channels
            .iter()
            .map(|c| (c.from, c.to, c.utilisation))
            .collect(),
        ..Highlight::default()
    }
}
