//! The schedule view's model: the form, the simulated schedule, the step player.
//!
//! One-way state: URL -> [`ScheduleForm`] -> network, root, collective -> [`Schedule`] ->
//! views.

use std::time::Duration;

use icn_core::topology::d3::schedule::{Collective, CollectiveName, DelayRule, Schedule};
use icn_core::topology::d3::D3;
use icn_core::{Network, Node};
use leptos::prelude::*;

use crate::diagram::{draw, Drawing, Highlight};
use crate::history::Nav;
use crate::limits::PLAY_INTERVAL_MS;
use crate::networks;
use crate::url::ScheduleForm;
use icn_core::Addresses;

/// The most channel uses ([`D3::schedule_size`]) simulated in the page, with every step's
/// channels kept for the player.
pub const WEB_SCHEDULE_LIMIT: u64 = 1 << 17;

/// Messages of the broadcast offered here (`icn schedule`'s default `--count`).
const BROADCASTS: u32 = 4;

/// What the page shows: the schedule, or why there is none.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulated {
    /// The network (a D3).
    pub net: D3,
    /// The root router, when the collective has one.
    pub root: Option<Node>,
    /// The simulated schedule with per-step occupancy.
    pub schedule: Schedule,
}

/// Why there is no schedule, and the field to fix: shown under that field (`None`: the
/// request as a whole, shown in the Totals card).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimError {
    /// The field's id (`schedule-root`, …), or `None`.
    pub field: Option<&'static str>,
    /// The message.
    pub message: String,
}

/// Why there is no schedule: every field's error that can be told at once (the permutation
/// is read once the collective is known to be one, its seed once it is the random one), or
/// one error of the request as a whole.
pub type SimErrors = Vec<SimError>;

/// An error of `field`.
fn at(field: &'static str) -> impl Fn(String) -> SimError {
    move |message| SimError {
        field: Some(field),
        message,
    }
}

/// The network as a D3, or its field's error.
fn d3_of(spec: &str) -> Result<D3, SimError> {
    let net = networks::build(spec)
        .map_err(|e| format!("{e}"))
        .map_err(at("schedule-spec"))?;
    net.d3().cloned().map_err(|_| {
        at("schedule-spec")(format!(
            "schedules are for the Swapped Dragonfly (d3:k=…,m=…); '{}' is a {}",
            net.spec(),
            net.family().name
        ))
    })
}

/// Simulates the form's collective, or says which fields are wrong.
fn simulate(form: &ScheduleForm) -> Result<Simulated, SimErrors> {
    let mut errors = Vec::new();
    let mut keep = |e: SimError| errors.push(e);
    let d = d3_of(&form.spec).map_err(&mut keep).ok();
    let name = form
        .collective
        .parse::<CollectiveName>()
        .map_err(|e| keep(at("schedule-collective")(e.to_string())))
        .ok();
    // All-to-all and permutations have no root: its field is not read.
    let root = match (&d, name) {
        (_, Some(c)) if !c.has_root() => Some(0),
        (Some(d), _) => d
            .parse_node(&form.root)
            .map_err(|e| keep(at("schedule-root")(format!("root: {e}"))))
            .ok(),
        (None, _) => None,
    };
    let rule = match form.rule.as_str() {
        "paper" => Some(DelayRule::Paper),
        "greedy" => Some(DelayRule::Greedy),
        other => {
            keep(at("schedule-rule")(format!(
                "unknown delay rule '{other}'; choose paper or greedy"
            )));
            None
        }
    };
    let (Some(d), Some(name), Some(root), Some(rule)) = (d, name, root, rule) else {
        return Err(errors);
    };
    let which = name.at(root, BROADCASTS);
    let size = d.schedule_size(which);
    if size > WEB_SCHEDULE_LIMIT {
        return Err(vec![SimError {
            field: None,
            message: format!(
                "{} on {} would simulate about {size} channel uses; the page plays at most \
                 {WEB_SCHEDULE_LIMIT} (icn schedule goes further)",
                form.collective,
                d.spec_string()
            ),
        }]);
    }
    let schedule = if which == Collective::Permutation {
        // The seed is read only for the random permutation, the one that uses it (its
        // field is shown only then): an unknown name is told, not a hidden field's error.
        let seed = if form.perm == "random" {
            form.seed.trim().parse::<u64>().map_err(|_| {
                vec![at("schedule-seed")(format!(
                    "seed: '{}' is not a whole number from 0 to {}",
                    form.seed,
                    u64::MAX
                ))]
            })?
        } else {
            0
        };
        let targets = d
            .named_permutation(&form.perm, seed)
            .map_err(|e| vec![at("schedule-perm")(format!("permutation: {e}"))])?;
        d.permutation_schedule(&targets, rule, true).map_err(|e| {
            vec![SimError {
                field: None,
                message: e.to_string(),
            }]
        })?
    } else {
        d.schedule(which, rule, true)
    };
    let root = (!matches!(which, Collective::AllToAll | Collective::Permutation)).then_some(root);
    Ok(Simulated {
        net: d,
        root,
        schedule,
    })
}

/// Whether step `k` is an inserted delay: no round is launched at `k` although rounds are
/// launched later (the launches skip it).
pub fn is_delay(s: &Schedule, k: u32) -> bool {
    let last = s.launches.iter().copied().max().unwrap_or(0);
    k < last && !s.launches.contains(&k)
}

/// Every derived value of the schedule view, as memos. `Copy`: hand it to its parts.
#[derive(Debug, Clone, Copy)]
pub struct ScheduleModel {
    /// Where changes go.
    pub nav: Nav,
    /// The fields, as typed.
    pub form: Memo<ScheduleForm>,
    /// The simulated schedule, or why there is none.
    pub sim: Memo<Result<Simulated, SimErrors>>,
    /// What the diagram shows.
    pub drawing: Memo<Option<Drawing>>,
    /// The schedule's time steps (0 when there is none).
    pub steps: Memo<u32>,
    /// The step shown, clamped to the schedule.
    pub step: Memo<u32>,
    /// Whether the schedule is playing (`play=1`).
    pub playing: Memo<bool>,
    /// The step's channels lit, its conflicts marked, the root.
    pub highlight: Memo<Highlight>,
}

impl ScheduleModel {
    /// The error to show under field `id`, when that field is one cause of there being no
    /// schedule.
    pub fn error_of(self, id: &'static str) -> Signal<Option<String>> {
        let sim = self.sim;
        Signal::derive(move || {
            sim.with(|s| match s {
                Err(es) => es
                    .iter()
                    .find(|e| e.field == Some(id))
                    .map(|e| e.message.clone()),
                Ok(_) => None,
            })
        })
    }

    /// Builds the memo chain on `nav`'s state and the player's timer.
    pub fn new(nav: Nav) -> ScheduleModel {
        let form = nav.form::<ScheduleForm>();
        let sim = Memo::new(move |_| form.with(simulate));
        let drawing = Memo::new(move |_| {
            sim.with(|s| s.as_ref().ok().map(|s| draw(&Network::from(s.net.clone()))))
        });
        let steps = Memo::new(move |_| sim.with(|s| s.as_ref().map_or(0, |s| s.schedule.steps)));
        let step = Memo::new(move |_| form.with(|f| f.step).clamp(1, steps.get().max(1)));
        let playing = Memo::new(move |_| form.with(|f| f.play));
        let highlight = Memo::new(move |_| {
            let k = step.get();
            sim.with(|s| match s {
                Ok(s) => step_highlight(s, k),
                Err(_) => Highlight::default(),
            })
        });
        let model = ScheduleModel {
            nav,
            form,
            sim,
            drawing,
            steps,
            step,
            playing,
            highlight,
        };
        model.play_timer();
        model
    }

    /// One step per tick while `play=1`; at the last step the playing stops (play=0). The
    /// ticks replace the history entry the first one pushed.
    fn play_timer(self) {
        let ScheduleModel {
            nav,
            steps,
            step,
            playing,
            ..
        } = self;
        let timer = StoredValue::new(None::<IntervalHandle>);
        let tick = move || {
            let (k, total) = (step.get_untracked(), steps.get_untracked());
            if k >= total {
                nav.edit_form("schedule-play", |f: &mut ScheduleForm| f.play = false);
            } else {
                nav.edit_form("schedule-play", |f: &mut ScheduleForm| f.step = k + 1);
            }
        };
        Effect::new(move |_| {
            let on = playing.get() && steps.get() > 0;
            match (on, timer.get_value()) {
                (true, None) => {
                    match set_interval_with_handle(tick, Duration::from_millis(PLAY_INTERVAL_MS)) {
                        Ok(h) => timer.set_value(Some(h)),
                        Err(e) => leptos::logging::warn!("could not start playing: {e:?}"),
                    }
                }
                (false, Some(h)) => {
                    h.clear();
                    timer.set_value(None);
                }
                _ => {}
            }
        });
        on_cleanup(move || {
            if let Some(h) = timer.get_value() {
                h.clear();
            }
        });
    }

    /// A keystroke in text field `field`, applied at once as in every view: the player goes
    /// back to step 1 and stops; the first keystroke of a run pushes a history entry.
    pub fn edit(self, field: &'static str, change: fn(&mut ScheduleForm, String), value: String) {
        self.nav.edit_form(field, |f: &mut ScheduleForm| {
            change(f, value);
            f.step = 1;
            f.play = false;
        });
    }

    /// A committed change of one field: the player goes back to step 1 and stops.
    pub fn set(self, change: fn(&mut ScheduleForm, String), value: String) {
        self.nav.commit_form(|f: &mut ScheduleForm| {
            change(f, value);
            f.step = 1;
            f.play = false;
        });
    }

    /// Play or Pause; playing from the last step starts again from the first.
    pub fn toggle(self) {
        if self.playing.get_untracked() {
            self.nav.commit_form(|f: &mut ScheduleForm| f.play = false);
        } else {
            let restart = self.step.get_untracked() >= self.steps.get_untracked();
            self.nav.commit_form(|f: &mut ScheduleForm| {
                if restart {
                    f.step = 1;
                }
                f.play = true;
            });
        }
    }

    /// Shows step `k`, stopped.
    pub fn go(self, k: u32) {
        self.nav.commit_form(|f: &mut ScheduleForm| {
            f.step = k;
            f.play = false;
        });
    }
}

/// Step `k` of `s` on the diagram: its channels lit, those used twice marked, the root.
fn step_highlight(s: &Simulated, k: u32) -> Highlight {
    let (mut dag, mut marked) = (Vec::new(), Vec::new());
    if let Some(u) = s.schedule.occupancy.iter().find(|u| u.step == k) {
        for c in &u.channels {
            let (Ok(a), Ok(b)) = (s.net.parse_node(&c.from), s.net.parse_node(&c.to)) else {
                continue;
            };
            dag.push((a, b));
            if c.rounds.len() > 1 {
                marked.push((a, b));
            }
        }
    }
    Highlight {
        src: s.root,
        dag,
        dag_strong: true,
        marked,
        ..Highlight::default()
    }
}
