//! The Lens walkthrough (`?view=walk`): two processors and a choice of path in; the region
//! of difference, the paper's lengths and the route played step by step out.
//!
//! One-way state, as a chain of memos: URL -> [`WalkForm`] -> [`Network`] -> [`Lens`] ->
//! addresses and [`PathChoice`] -> [`Step`]s (core's [`Lens::walkthrough`]) and the paper's
//! analysis (core's [`Lens::completed_routing`] / [`Lens::region_of_difference`]) -> views.

use icn_core::analysis::LensLoads;
use icn_core::topology::lens::{
    CompletedRouting, Lens, PathChoice, RegionOfDifference, Step, WalkError,
};
use icn_core::{Network, Node, SpecError};
use leptos::prelude::*;

use crate::components::drawing_room;
use crate::compute::{use_answer, Answered, JobState, WhenNone};
use crate::diagram::layout::Layout;
use crate::diagram::{draw, Drawing, Highlight};
use crate::history::Nav;
use crate::limits::{INFO_BUDGET, SYNC_STEPS};
use crate::networks;
use crate::url::WalkForm;
use icn_core::Addresses;
use icn_web::jobs::{JobFor, LensLoadsReport};
use icn_web_model::diagram::focus::route_focus;
use std::sync::Arc;

/// The loads job the walkthrough runs in the worker, if any.
type LoadsAsk = Memo<Option<JobFor<LensLoadsReport>>>;

/// The paths a walkthrough can follow: (value of `choice=`, label, what it does, for a
/// completed lens). Labels are short enough for a phone's select; the field's help line
/// says the rest.
pub const WALK_CHOICES: &[(&str, &str, &str, bool)] = &[
    (
        "shortest",
        "A shortest path",
        "Pattern B where it saves a step.",
        false,
    ),
    (
        "paper",
        "The paper's rule",
        "The paper's direction rule.",
        false,
    ),
    (
        "left",
        "Four steps, dot left first",
        "The four-step algorithm, the dot moving left first.",
        false,
    ),
    (
        "right",
        "Four steps, dot right first",
        "The four-step algorithm, the dot moving right first.",
        false,
    ),
    (
        "shortest",
        "A shortest path",
        "Pattern B where it saves a step.",
        true,
    ),
    (
        "paper",
        "The paper's rule",
        "Class 1 or class 3, as the paper chooses.",
        true,
    ),
    (
        "class1",
        "Class 1: all but a region B",
        "Around the circle except a region B inside A.",
        true,
    ),
    (
        "class2",
        "Class 2: A, then a circuit",
        "Through A, then a full circuit.",
        true,
    ),
    (
        "class3",
        "Class 3: all but a region C",
        "Around the circle except a region C outside A.",
        true,
    ),
    (
        "class4",
        "Class 4: other arc, circuit",
        "Through the other arc, then a full circuit.",
        true,
    ),
];

/// The paper's analysis of the pair.
#[derive(Debug, Clone, PartialEq)]
pub enum Analysis {
    /// §5, completed lens: arcs, regions and the four classes.
    Completed(CompletedRouting),
    /// §4, uncompleted lens: the region of difference and the four-step lengths.
    Uncompleted(RegionOfDifference),
}

/// Loads under uniform traffic (§6), or the work they would take beyond the page's budget.
#[derive(Debug, Clone, PartialEq)]
pub enum LoadsView {
    /// Core's processor and bus loads.
    Computed(LensLoads),
    /// Computed in the worker (over [`SYNC_STEPS`]): running, stopped or failed.
    Worker(JobState<Arc<LensLoadsReport>>),
    /// [`Lens::loads_cost`] is over [`INFO_BUDGET`]: not computed here.
    OverBudget {
        /// The estimated steps.
        cost: u64,
    },
}

/// Every derived value of the walkthrough, as memos. `Copy`: hand it to components.
#[derive(Debug, Clone, Copy)]
pub struct WalkModel {
    /// Where changes go.
    pub nav: Nav,
    /// The fields, as typed.
    pub form: Memo<WalkForm>,
    /// The network, or why the spec is not one.
    pub network: Memo<Result<Network, SpecError>>,
    /// The family's name when the spec is a valid network that is not a Lens.
    pub other_family: Memo<Option<&'static str>>,
    /// The source processor, once the network is a Lens (error text otherwise).
    pub from: Memo<Option<Result<Node, String>>>,
    /// The destination processor, likewise.
    pub to: Memo<Option<Result<Node, String>>>,
    /// The path choice, or why it is not one.
    pub choice: Memo<Result<PathChoice, String>>,
    /// Core's steps, or why there are none.
    pub steps: Memo<Option<Result<Vec<Step>, WalkError>>>,
    /// The paper's analysis of the pair.
    pub analysis: Memo<Option<Analysis>>,
    /// The source and destination as printed, with their dot positions.
    pub ends: Memo<Option<[(String, usize); 2]>>,
    /// Steps played, clamped to the walk's length.
    pub step: Memo<usize>,
    /// The number of steps of the walk (0 when there is none).
    pub total: Memo<usize>,
    /// What the diagram shows.
    pub drawing: Memo<Option<Drawing>>,
    /// A Lens too large to draw whole: the walk's neighbourhood (diagram/focus.rs).
    pub focus: Memo<Option<Arc<Layout>>>,
    /// The path so far (strong), the whole walk (soft), source and destination.
    pub highlight: Memo<Highlight>,
    /// The label of the bus of the current step, as the diagram prints it.
    pub current_bus: Memo<Option<String>>,
    /// Loads under uniform traffic, once the network is a Lens.
    pub loads: Memo<Option<LoadsView>>,
    /// The worker job computing the loads, when they are too costly for the page.
    pub loads_job: LoadsAsk,
    /// That job's handle (its state shows in [`WalkModel::loads`]).
    pub loads_worker: Answered<LensLoadsReport>,
    /// Whether the walk is playing.
    pub playing: RwSignal<bool>,
}

fn lens_of(net: &Result<Network, SpecError>) -> Option<&Lens> {
    match net {
        Ok(net) => net.lens().ok(),
        Err(_) => None,
    }
}

/// Parses a processor address of `lens`; a bus is refused with core's message.
fn processor(lens: &Lens, text: &str) -> Result<Node, String> {
    let v = lens.parse_node(text).map_err(|e| e.to_string())?;
    if lens.is_processor(v) {
        Ok(v)
    } else {
        Err(WalkError::NotAProcessor(lens.format_node(v)).to_string())
    }
}

fn ok_node(m: Memo<Option<Result<Node, String>>>) -> Option<Node> {
    m.with(|r| r.as_ref().and_then(|r| r.as_ref().ok().copied()))
}

/// What the diagram emphasises: the path walked so far (strong), the whole walk (soft),
/// source and destination.
fn walk_highlight(
    network: Memo<Result<Network, SpecError>>,
    from: Memo<Option<Result<Node, String>>>,
    to: Memo<Option<Result<Node, String>>>,
    step: Memo<usize>,
    steps: Memo<Option<Result<Vec<Step>, WalkError>>>,
) -> Memo<Highlight> {
    Memo::new(move |_| {
        let (src, dst) = (ok_node(from), ok_node(to));
        let k = step.get();
        let mut walked: Vec<Node> = src.into_iter().collect();
        let mut dag = Vec::new();
        steps.with(|s| {
            let Some(Ok(s)) = s else { return };
            let mut at = src;
            for (i, st) in s.iter().enumerate() {
                if let Some(u) = at {
                    dag.push((u, st.bus));
                }
                dag.push((st.bus, st.node));
                if i < k {
                    walked.extend([st.bus, st.node]);
                }
                at = Some(st.node);
            }
        });
        let path_text = network.with(|n| match lens_of(n) {
            Some(l) if walked.len() > 1 => walked
                .iter()
                .map(|&v| l.format_node(v))
                .collect::<Vec<_>>()
                .join(" → "),
            _ => String::new(),
        });
        Highlight {
            src,
            dst,
            dag,
            path: if walked.len() > 1 { walked } else { Vec::new() },
            path_text,
            ..Highlight::default()
        }
    })
}

/// Loads under uniform traffic, with the worker job computing them when they are too
/// costly for the page: (loads, job, where the job reports).
fn loads_memos(
    network: Memo<Result<Network, SpecError>>,
) -> (Memo<Option<LoadsView>>, LoadsAsk, Answered<LensLoadsReport>) {
    let loads_job = Memo::new(move |_| {
        network.with(|n| {
            let l = lens_of(n)?;
            let cost = l.loads_cost();
            (cost > SYNC_STEPS && cost <= INFO_BUDGET).then(|| JobFor::lens_loads(l.spec_string()))
        })
    });
    // As the explorer's metrics: a new job supersedes the previous one; results are
    // cached per spec for the session.
    let job = use_answer::<LensLoadsReport>(move || loads_job.get(), WhenNone::CancelRunning);
    let loads = Memo::new(move |_| {
        network.with(|n| {
            let l = lens_of(n)?;
            let cost = l.loads_cost();
            Some(if cost <= SYNC_STEPS {
                LoadsView::Computed(LensLoads::of(l))
            } else if cost <= INFO_BUDGET {
                match job.state.get() {
                    JobState::Done(r) if r.spec == l.spec_string() => {
                        LoadsView::Computed(r.loads.clone())
                    }
                    // A superseded job's result: the current one is about to start.
                    JobState::Done(_) => LoadsView::Worker(JobState::Running {
                        done: 0,
                        total: 0,
                        label: String::new(),
                    }),
                    other => LoadsView::Worker(other),
                }
            } else {
                LoadsView::OverBudget { cost }
            })
        })
    });
    (loads, loads_job, job)
}

impl WalkModel {
    /// Builds the memo chain on `nav`'s state.
    pub fn new(nav: Nav) -> WalkModel {
        let form = nav.form::<WalkForm>();
        let spec = Memo::new(move |_| form.with(|f| f.spec.clone()));
        let network = Memo::new(move |_| spec.with(|s| networks::build(s)));
        let other_family = Memo::new(move |_| {
            network.with(|n| match n {
                Ok(net) if net.lens().is_ok() => None,
                Err(_) => None,
                Ok(net) => Some(net.family().title),
            })
        });
        let address = move |get: fn(&WalkForm) -> &str| {
            Memo::new(move |_| {
                network.with(|n| {
                    let l = lens_of(n)?;
                    Some(form.with(|f| processor(l, get(f))))
                })
            })
        };
        let from = address(|f| &f.from);
        let to = address(|f| &f.to);
        let choice = Memo::new(move |_| {
            form.with(|f| f.choice.parse::<PathChoice>().map_err(|e| e.to_string()))
        });
        let steps = Memo::new(move |_| {
            let (a, b) = (ok_node(from)?, ok_node(to)?);
            let c = choice.get().ok()?;
            network.with(|n| Some(lens_of(n)?.walkthrough(a, b, c)))
        });
        let analysis = Memo::new(move |_| {
            let (a, b) = (ok_node(from)?, ok_node(to)?);
            network.with(|n| {
                let l = lens_of(n)?;
                Some(if l.is_completed() {
                    Analysis::Completed(l.completed_routing(a, b))
                } else {
                    Analysis::Uncompleted(l.region_of_difference(a, b))
                })
            })
        });
        let ends = Memo::new(move |_| {
            let (a, b) = (ok_node(from)?, ok_node(to)?);
            network.with(|n| {
                let l = lens_of(n)?;
                Some([(l.format_node(a), l.dot(a)), (l.format_node(b), l.dot(b))])
            })
        });
        let total = Memo::new(move |_| {
            steps.with(|s| match s {
                Some(Ok(s)) => s.len(),
                _ => 0,
            })
        });
        let step = Memo::new(move |_| form.with(|f| f.step).min(total.get()));
        let drawing = Memo::new(move |_| {
            network.with(|n| match n {
                Ok(net) if net.lens().is_ok() => Some(draw(net)),
                _ => None,
            })
        });
        let highlight = walk_highlight(network, from, to, step, steps);
        let room = drawing_room();
        let focus = Memo::new(move |_| {
            if !drawing.with(|d| matches!(d, Some(Drawing::TooLarge { .. }))) {
                return None;
            }
            let src = ok_node(from)?;
            let walk: Vec<Node> = steps.with(|s| match s {
                Some(Ok(s)) => std::iter::once(src)
                    .chain(s.iter().flat_map(|st| [st.bus, st.node]))
                    .collect(),
                _ => Vec::new(),
            });
            network.with(|n| {
                let net = n.as_ref().ok()?;
                route_focus(net, std::slice::from_ref(&walk), &walk, room.get()).map(Arc::new)
            })
        });
        let current_bus = Memo::new(move |_| {
            let k = step.get();
            let bus = steps.with(|s| match s {
                Some(Ok(s)) if k > 0 => s.get(k - 1).map(|st| st.bus),
                _ => None,
            })?;
            network.with(|n| lens_of(n).map(|l| l.format_node(bus)))
        });
        let (loads, loads_job, loads_worker) = loads_memos(network);
        WalkModel {
            nav,
            form,
            network,
            other_family,
            from,
            to,
            choice,
            steps,
            analysis,
            ends,
            step,
            total,
            drawing,
            focus,
            highlight,
            current_bus,
            loads,
            loads_job,
            loads_worker,
            playing: RwSignal::new(false),
        }
    }

    /// A keystroke in a walkthrough field.
    pub fn edit(self, field: &'static str, change: impl FnOnce(&mut WalkForm)) {
        self.nav.edit_form(field, change);
    }

    /// A committed change of the walkthrough fields.
    pub fn commit(self, change: impl FnOnce(&mut WalkForm)) {
        self.nav.commit_form(change);
    }

    /// Shows step `k` (clamped to the walk). Steps replace one history entry, so Back
    /// returns to before the stepping rather than through every step.
    pub fn go(self, k: usize) {
        let k = k.min(self.total.get_untracked());
        if k != self.step.get_untracked() || self.form.with_untracked(|f| f.step != k) {
            self.edit("walk-step", move |f| f.step = k);
        }
    }
}
