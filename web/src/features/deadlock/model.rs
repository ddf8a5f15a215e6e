//! The deadlock view's model, a chain of memos: URL -> [`DeadlockForm`] -> network,
//! routing, scheme and virtual channels, each checked for its field -> the cost estimate ->
//! the worker's [`DeadlockStudy`] -> the step of the cycle shown -> the diagram's highlight.
//! With an escape routing the fields ask for Duato's condition instead, and the cycle shown
//! is the extended graph's.

use std::sync::Arc;

use icn_core::analysis::deadlock::{
    applies, deadlock_estimate, duato_check, duato_estimate, schemes, Dependency, Scheme, MAX_VCS,
};
use icn_core::routing::registry::{self, RoutingInfo};
use icn_core::{Estimate, Network, Node, CONFIRM_LIMIT, PAGE_BUDGET};
use icn_web::jobs::{DeadlockAsk, DeadlockStudy, JobFor, StepText, SPLIT_STEPS};
use leptos::prelude::*;

use crate::compute::{self, use_answer, Answered, JobState, WhenNone};
use crate::diagram::{draw, Drawing, Highlight};
use crate::history::Nav;
use crate::networks;
use crate::url::DeadlockForm;

/// What is wrong with the fields, by field.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Troubles {
    /// The spec.
    pub spec: Option<String>,
    /// The routing.
    pub routing: Option<String>,
    /// The scheme.
    pub scheme: Option<String>,
    /// The virtual channels.
    pub vcs: Option<String>,
    /// Duato's escape routing.
    pub escape: Option<String>,
    /// Its scheme.
    pub escape_scheme: Option<String>,
}

/// The fields read and checked: what the job needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ask {
    /// The canonical spec.
    pub spec: String,
    /// The routing.
    pub routing: String,
    /// The scheme.
    pub scheme: Scheme,
    /// Virtual channels (1 for the one-VC scheme; under Duato's condition, of both
    /// routings).
    pub vcs: u32,
    /// Duato's condition: the escape routing and its scheme.
    pub escape: Option<(String, Scheme)>,
    /// What the graph will cost.
    pub estimate: Estimate,
}

/// The view's state. `Copy`: hand it to the parts.
#[derive(Debug, Clone, Copy)]
pub struct DeadlockModel {
    /// Where changes go.
    pub nav: Nav,
    /// The fields, as typed.
    pub form: Memo<DeadlockForm>,
    /// The network's routings (the routing registry's list).
    pub strategies: Memo<Vec<RoutingInfo>>,
    /// The schemes that apply to the network.
    pub schemes: Memo<Vec<Scheme>>,
    /// Each field's error.
    pub troubles: Memo<Troubles>,
    /// What to compute, once every field is valid.
    pub ask: Memo<Option<Ask>>,
    /// The spec whose over-budget graph the user confirmed (not in the URL: a shared link
    /// never starts a long computation by itself).
    pub confirmed: RwSignal<Option<String>>,
    /// The worker's job.
    pub job: Answered<Box<DeadlockStudy>>,
    /// Its result, once it answers for the fields shown.
    pub study: Memo<Option<Arc<DeadlockStudy>>>,
    /// The dependency of the cycle shown, from 0 (clamped to the cycle).
    pub step: Memo<usize>,
    /// The drawing of the network.
    pub drawing: Memo<Option<Drawing>>,
    /// What the drawing emphasises: the cycle, and the step shown.
    pub highlight: Memo<Highlight>,
}

/// Reads and checks the fields.
fn check(form: &DeadlockForm, network: &Result<Network, String>) -> (Troubles, Option<Ask>) {
    let mut troubles = Troubles::default();
    let net = match network {
        Ok(net) => net,
        Err(e) => {
            troubles.spec = Some(e.clone());
            return (troubles, None);
        }
    };
    let routing = registry::build(net, &form.routing);
    if let Err(e) = &routing {
        troubles.routing = Some(e.to_string());
    }
    let vcs = match form.vcs.trim().parse::<u32>() {
        Ok(v) if (1..=MAX_VCS).contains(&v) => Ok(v),
        _ => Err(format!(
            "'{}' is not a number of virtual channels: give a whole number from 1 to {MAX_VCS}",
            form.vcs
        )),
    };
    if let Err(e) = &vcs {
        troubles.vcs = Some(e.clone());
    }
    if form.duato() {
        return check_duato(form, net, troubles, (routing, vcs));
    }
    let scheme = form.scheme.parse::<Scheme>().map_err(|e| e.to_string());
    let scheme = scheme.and_then(|s| {
        applies(net.topology(), s)
            .map(|()| s)
            .map_err(|e| e.to_string())
    });
    if let Err(e) = &scheme {
        troubles.scheme = Some(e.clone());
    }
    let (Ok(routing), Ok(scheme), Ok(vcs)) = (routing, scheme, vcs) else {
        return (troubles, None);
    };
    let vcs = if scheme == Scheme::One { 1 } else { vcs };
    let estimate = deadlock_estimate(net.topology(), routing.as_ref(), vcs);
    let ask = Ask {
        spec: net.spec(),
        routing: form.routing.clone(),
        scheme,
        vcs,
        escape: None,
        estimate,
    };
    (troubles, Some(ask))
}

/// A routing or its error.
type Checked<'a> = Result<Box<dyn icn_core::Routing + 'a>, registry::RoutingError>;

/// The fields of Duato's condition: the escape routing and its scheme, each at its field,
/// then what [`duato_check`] says of the whole (the virtual channels, a two-phase routing).
fn check_duato(
    form: &DeadlockForm,
    net: &Network,
    mut troubles: Troubles,
    (routing, vcs): (Checked<'_>, Result<u32, String>),
) -> (Troubles, Option<Ask>) {
    let escape = registry::build(net, &form.escape);
    if let Err(e) = &escape {
        troubles.escape = Some(e.to_string());
    }
    let scheme = match form.escape_scheme.parse::<Scheme>() {
        Ok(s @ (Scheme::One | Scheme::Dateline)) => applies(net.topology(), s)
            .map(|()| s)
            .map_err(|e| e.to_string()),
        _ => Err(format!(
            "'{}' is not an escape scheme: choose one (one escape VC) or dateline (two)",
            form.escape_scheme
        )),
    };
    if let Err(e) = &scheme {
        troubles.escape_scheme = Some(e.clone());
    }
    let (Ok(routing), Ok(escape), Ok(scheme), Ok(vcs)) = (routing, escape, scheme, vcs) else {
        return (troubles, None);
    };
    let t = net.topology();
    if let Err(e) = duato_check(t, routing.as_ref(), escape.as_ref(), scheme, vcs) {
        let why = e.to_string();
        let field = if routing.two_phase().is_some() {
            &mut troubles.routing
        } else if escape.two_phase().is_some() {
            &mut troubles.escape
        } else {
            &mut troubles.vcs
        };
        *field = Some(why);
        return (troubles, None);
    }
    // The extended graph, and the adaptive routing's own graph on one VC beside it.
    let (d, own) = (duato_estimate(t), deadlock_estimate(t, routing.as_ref(), 1));
    let ask = Ask {
        spec: net.spec(),
        routing: form.routing.clone(),
        scheme: Scheme::One,
        vcs,
        escape: Some((form.escape.clone(), scheme)),
        estimate: Estimate {
            steps: d.steps.saturating_add(own.steps),
            bytes: d.bytes.max(own.bytes),
        },
    };
    (troubles, Some(ask))
}

/// The cycle the view shows and its words: Duato's extended graph's when the study has
/// one, else the dependency graph's.
pub fn shown_cycle(s: &DeadlockStudy) -> (&[Dependency], &[StepText]) {
    match &s.escape {
        Some(e) => (&e.report.cycle, &e.steps),
        None => (&s.report.cycle, &s.steps),
    }
}

impl DeadlockModel {
    /// The model of the view `nav` shows.
    pub fn new(nav: Nav) -> DeadlockModel {
        let form = nav.form::<DeadlockForm>();
        let spec = Memo::new(move |_| form.with(|f| f.spec.clone()));
        let network =
            Memo::new(move |_| spec.with(|s| networks::build(s).map_err(|e| format!("{e}"))));
        let strategies = Memo::new(move |_| {
            network.with(|n| n.as_ref().map(registry::routings).unwrap_or_default())
        });
        let scheme_list = Memo::new(move |_| {
            network.with(|n| {
                n.as_ref()
                    .map(|n| schemes(n.topology()))
                    .unwrap_or_default()
            })
        });
        let checked = Memo::new(move |_| form.with(|f| network.with(|n| check(f, n))));
        let troubles = Memo::new(move |_| checked.with(|c| c.0.clone()));
        let ask = Memo::new(move |_| checked.with(|c| c.1.clone()));
        let confirmed = RwSignal::new(None::<String>);
        // A large graph is built in parts, one per lane, in parallel (Duato's condition in
        // one): their workers load while the estimate waits for a confirmation.
        let parts = move |a: &Ask| {
            let large = a.escape.is_none() && a.estimate.steps >= SPLIT_STEPS;
            if large {
                compute::lanes()
            } else {
                1
            }
        };
        Effect::new(move |_| {
            if let Some(a) = ask.get() {
                compute::warm_lanes(parts(&a));
            }
        });
        let job = use_answer::<Box<DeadlockStudy>>(
            move || {
                let a = ask.get()?;
                let parts = parts(&a);
                let allowed = a.estimate.within(PAGE_BUDGET)
                    || (a.estimate.within(CONFIRM_LIMIT)
                        && confirmed.with(|c| c.as_deref() == Some(&a.spec)));
                allowed.then(|| {
                    JobFor::deadlock(DeadlockAsk {
                        confirmed: !a.estimate.within(PAGE_BUDGET),
                        spec: a.spec,
                        routing: a.routing,
                        scheme: a.scheme.name().to_string(),
                        vcs: a.vcs,
                        escape: a.escape.map(|(e, s)| (e, s.name().to_string())),
                        parts,
                    })
                })
            },
            WhenNone::Clear,
        );
        let study = Memo::new(move |_| {
            let JobState::Done(s) = job.state.get() else {
                return None;
            };
            let a = ask.get()?;
            let fits = s.spec == a.spec
                && s.routing == a.routing
                && match (&s.escape, &a.escape) {
                    (None, None) => s.report.scheme == a.scheme && s.report.vcs == a.vcs,
                    (Some(e), Some((name, scheme))) => {
                        e.routing == *name
                            && e.report.escape_scheme == *scheme
                            && e.report.escape_vcs + e.report.adaptive_vcs == a.vcs
                    }
                    _ => false,
                };
            fits.then(|| Arc::new((**s).clone()))
        });
        let step = Memo::new(move |_| {
            let n = study.with(|s| s.as_ref().map_or(0, |s| shown_cycle(s).0.len()));
            let typed = form.with(|f| f.step.trim().parse::<usize>().unwrap_or(1));
            typed.clamp(1, n.max(1)) - 1
        });
        let drawing = Memo::new(move |_| network.with(|n| n.as_ref().ok().map(draw)));
        let highlight = Memo::new(move |_| {
            let drawn =
                drawing.with(|d| matches!(d, Some(Drawing::Layout(_) | Drawing::Aggregate { .. })));
            if !drawn {
                return Highlight::default();
            }
            study.with(|s| {
                s.as_ref()
                    .map(|s| cycle_highlight(s, step.get()))
                    .unwrap_or_default()
            })
        });
        DeadlockModel {
            nav,
            form,
            strategies,
            schemes: scheme_list,
            troubles,
            ask,
            confirmed,
            job,
            study,
            step,
            drawing,
            highlight,
        }
    }

    /// Shows dependency `i` (from 0) of the cycle.
    pub fn show_step(self, i: usize) {
        self.nav
            .commit_form(|f: &mut DeadlockForm| f.step = (i + 1).to_string());
    }
}

/// The cycle's channels marked, the step's two channels as the path, the route behind it
/// as its ends. An indirect dependency of Duato's extended graph (adaptive hops between
/// the two escape channels) draws the held channel as the path and the one asked for as
/// the second route.
fn cycle_highlight(s: &DeadlockStudy, step: usize) -> Highlight {
    let (cycle, steps) = shown_cycle(s);
    let (Some(d), Some(words)) = (cycle.get(step), steps.get(step)) else {
        return Highlight::default();
    };
    let marked: Vec<(Node, Node)> = cycle.iter().map(|d| (d.from.0, d.from.1)).collect();
    let (path, second) = if d.from.1 == d.to.0 {
        (vec![d.from.0, d.from.1, d.to.1], Vec::new())
    } else {
        (vec![d.from.0, d.from.1], vec![d.to.0, d.to.1])
    };
    Highlight {
        src: Some(d.src),
        dst: Some(d.dst),
        path,
        second,
        path_text: format!("{} then {}", words.held, words.next),
        marked,
        ..Highlight::default()
    }
}
