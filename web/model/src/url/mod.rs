//! Typed view state <-> query string.
//!
//! Every view keeps all of its state in the query, so a URL can be reloaded, shared and
//! embedded from any sub-path (no path segments, no routing on the path):
//!
//! ```text
//! ?view=route&t=hypercycle:m=5x4x3,rho=2x1x1&from=000&to=421&s=minimal
//!  ^ View      ^ topology spec (core grammar)  ^ addresses       ^ strategy
//! ```
//!
//! One module per view reads and writes that view's keys ([`route`], [`walk`], [`join`],
//! [`schedule`], [`subnet`], [`charts`], [`compare`], [`deadlock`], [`sim`], [`throughput`],
//! [`papers`]): its state implements [`ViewDef`] (the view's slug, titles, group, panels,
//! the networks it takes, reading and writing its query), and one line of the registry
//! below (`views!`, in menu order) makes [`View`], [`ViewState`] (one variant per view,
//! holding that view's state) and every match on views of it. [`presentation`] holds the
//! keys every view shares (`embed`, `theme`, `id`) and the format's version `v`; [`query`]
//! the encoding. [`AppState`] is the shown view's state; a view reads and changes its form
//! through [`ViewForm`], knowing nothing of the others.
//!
//! A missing parameter takes the family's example ([`icn_core::FamilyInfo::example`],
//! [`icn_core::FamilyInfo::example_route`]). A present but invalid one is kept as typed: the
//! page shows it in its field with the error beside it, it is never replaced. Defaults that
//! depend on the network a spec names (its default route, its first strategy) come from a
//! [`NetworkDefaults`] passed in: nothing here builds a network.

pub mod aggregates;
pub mod carry;
pub mod charts;
pub mod compare;
pub mod deadlock;
pub mod join;
pub mod papers;
pub mod presentation;
pub mod query;
pub mod route;
pub mod schedule;
pub mod sim;
pub mod subnet;
pub mod throughput;
pub mod view;
pub mod walk;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_carry;
#[cfg(test)]
mod tests_forms;
#[cfg(test)]
mod tests_start;

pub use aggregates::OpenItems;
pub use carry::{accepts, Context};
pub use charts::{ChartsForm, ChartsSimForm, CHARTS_DEFAULT};
pub use compare::{COMPARE_DEFAULT, COMPARE_MAX};
pub use deadlock::DEADLOCK_EXAMPLE;
pub use join::JOIN_EXAMPLE;
pub use papers::PaperLayout;
pub use presentation::{Panel, Presentation, Theme, URL_VERSION};
pub use query::Query;
pub use route::SpecItem;
pub use sim::{SIM_BUF, SIM_EXAMPLE, SIM_RATES, SIM_SEED, SIM_SIZE, SIM_VCS};
pub use throughput::THROUGHPUT_EXAMPLE;
pub use view::{NavGroup, Takes, ViewChoice, ViewDef, START_BLOCKERS, START_SLUG};
pub use walk::{walk_loads_href, WALK_EXAMPLE};

/// What a spec's network gives the values a query leaves out: the ends of its default
/// route, formatted as addresses, and its first routing strategy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecDefaults {
    /// The default route's source.
    pub from: String,
    /// The default route's destination.
    pub to: String,
    /// The first strategy the network supports; `None` when it has none.
    pub strategy: Option<String>,
}

/// Answers [`SpecDefaults`] for a spec. The URL state never builds a network itself: the
/// reader of a URL passes this in ([`crate::defaults::FromNetwork`] asks core).
pub trait NetworkDefaults {
    /// The defaults of the network `spec` names; `None` when `spec` does not parse.
    fn defaults(&self, spec: &str) -> Option<SpecDefaults>;
}

/// The routing `s=` names; without it, `example` on the view's example network (no `t=`),
/// else the first strategy of the network `spec` names (empty when it does not parse).
pub(crate) fn routing_of(
    q: &Query,
    spec: &str,
    example: &str,
    defaults: &dyn NetworkDefaults,
) -> String {
    match (q.get("s"), q.get("t")) {
        (Some(s), _) => s.to_string(),
        (None, None) => example.to_string(),
        (None, Some(_)) => defaults
            .defaults(spec)
            .and_then(|d| d.strategy)
            .unwrap_or_default(),
    }
}

/// A view's form, found in a [`ViewState`] when that view is shown: how a view reads and
/// changes its own state without knowing the others'.
pub trait ViewForm: Clone + PartialEq + Send + Sync + Sized + 'static {
    /// The form in `state`, when its view is shown.
    fn of(state: &ViewState) -> Option<&Self>;
    /// The same, to change.
    fn of_mut(state: &mut ViewState) -> Option<&mut Self>;
    /// The form its view opens with from an address without keys (`?view=SLUG`).
    fn fresh() -> Self;
}

/// Answers no network: what a form reads from a query without `t=`, which never asks.
pub(crate) struct NoNetwork;

impl NetworkDefaults for NoNetwork {
    fn defaults(&self, _: &str) -> Option<SpecDefaults> {
        None
    }
}

/// [`ViewForm`] for the state of view `$view` (`ViewState::$view`), or for its part `$part`
/// (a view of several forms).
macro_rules! view_form {
    ($form:ty, $view:ident $(. $part:ident)?) => {
        impl ViewForm for $form {
            fn of(state: &ViewState) -> Option<&Self> {
                match state {
                    ViewState::$view(s) => Some(&(*s) $(.$part)?),
                    _ => None,
                }
            }
            fn of_mut(state: &mut ViewState) -> Option<&mut Self> {
                match state {
                    ViewState::$view(s) => Some(&mut (*s) $(.$part)?),
                    _ => None,
                }
            }
            fn fresh() -> Self {
                let view = ViewChoice::Known(View::$view);
                match ViewState::read(&view, &Query::default(), &NoNetwork) {
                    ViewState::$view(s) => s $(.$part)?,
                    _ => unreachable!("a view's state is its own variant"),
                }
            }
        }
    };
}

// The views, in menu order: each line a view's `View` variant and its module's state (its
// `ViewDef`).
view::views! {
    Route => route::RouteForm,
    Walk => walk::WalkForm,
    Join => join::JoinForm,
    Schedule => schedule::ScheduleForm,
    Subnet => subnet::SubnetForm,
    Charts => charts::ChartsState,
    Compare => compare::CompareForm,
    Deadlock => deadlock::DeadlockForm,
    Sim => sim::SimForm,
    Throughput => throughput::ThroughputForm,
    Papers => papers::PapersForm,
}

// The Charts view's two forms, each found in its state.
view_form!(ChartsForm, Charts.chart);
view_form!(ChartsSimForm, Charts.sim);

/// The site's state: the shown view's, and the aggregates opened in its drawing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppState {
    /// The view shown and its form.
    pub shown: ViewState,
    /// The aggregates opened in the shown view's drawing (`open=`), for the views that draw
    /// them ([`View::draws_aggregates`]); a view given another network forgets them
    /// ([`AppState::forget_open`]).
    pub open: OpenItems,
}

impl AppState {
    /// Reads a query string (with or without the leading `?`). Never fails: missing values
    /// take defaults (`defaults` answers those that depend on the network), invalid ones are
    /// kept for the page to report. Keys such as `t`, `s` and `step` mean something else in
    /// each view: only the shown view reads them.
    pub fn from_query(query: &str, defaults: &dyn NetworkDefaults) -> AppState {
        let q = Query::parse(query);
        let view = match q.get("view") {
            None | Some("") if !START_BLOCKERS.iter().any(|k| q.get(k).is_some()) => {
                ViewChoice::Start
            }
            None | Some("") => ViewChoice::Known(View::default_view()),
            Some(START_SLUG) => ViewChoice::Start,
            Some(slug) => match View::from_slug(slug) {
                Some(v) => ViewChoice::Known(v),
                None => ViewChoice::Unknown(slug.to_string()),
            },
        };
        AppState {
            open: match view {
                ViewChoice::Known(v) if v.draws_aggregates() => {
                    aggregates::read_open(q.get("open"))
                }
                _ => OpenItems::new(),
            },
            shown: ViewState::read(&view, &q, defaults),
        }
    }

    /// The state `?view=SLUG` opens: `view` with its form's defaults.
    pub fn fresh(view: View, defaults: &dyn NetworkDefaults) -> AppState {
        AppState {
            shown: ViewState::read(&ViewChoice::Known(view), &Query::default(), defaults),
            open: OpenItems::new(),
        }
    }

    /// The view shown.
    pub fn view(&self) -> ViewChoice {
        self.shown.view()
    }

    /// The shown view's form `F`; `None` when another view is shown.
    pub fn form<F: ViewForm>(&self) -> Option<&F> {
        F::of(&self.shown)
    }

    /// The shown view's form `F`, to change; `None` when another view is shown.
    pub fn form_mut<F: ViewForm>(&mut self) -> Option<&mut F> {
        F::of_mut(&mut self.shown)
    }

    /// The query string (without `?`) that restores this state.
    pub fn to_query(&self) -> String {
        let view = self.shown.to_query();
        match (self.view(), aggregates::write_open(&self.open)) {
            (ViewChoice::Known(v), Some(open)) if v.draws_aggregates() => {
                let pair = Query(vec![("open".into(), open)]).encode();
                format!("{view}&{pair}")
            }
            _ => view,
        }
    }

    /// After `before` became this state: the aggregates opened belong to the network they
    /// were opened on, so another network (or another view) forgets them.
    pub fn forget_open(&mut self, before: &AppState) {
        let network = |s: &AppState| (s.view(), s.context().map(|c| c.spec));
        if !self.open.is_empty() && network(self) != network(before) {
            self.open.clear();
        }
    }
}

/// Tests read a view's form by its name; each panics when another view is shown.
#[cfg(test)]
impl AppState {
    pub(crate) fn route(&self) -> &RouteForm {
        self.form().expect("route's view is shown")
    }
    pub(crate) fn route_mut(&mut self) -> &mut RouteForm {
        self.form_mut().expect("route's view is shown")
    }
    pub(crate) fn walk(&self) -> &WalkForm {
        self.form().expect("walk's view is shown")
    }
    pub(crate) fn join(&self) -> &JoinForm {
        self.form().expect("join's view is shown")
    }
    pub(crate) fn papers(&self) -> &PapersForm {
        self.form().expect("papers's view is shown")
    }
    pub(crate) fn schedule(&self) -> &ScheduleForm {
        self.form().expect("schedule's view is shown")
    }
    pub(crate) fn subnet(&self) -> &SubnetForm {
        self.form().expect("subnet's view is shown")
    }
    pub(crate) fn charts(&self) -> &ChartsForm {
        self.form().expect("charts's view is shown")
    }
    pub(crate) fn charts_sim(&self) -> &ChartsSimForm {
        self.form().expect("charts_sim's view is shown")
    }
    pub(crate) fn compare(&self) -> &CompareForm {
        self.form().expect("compare's view is shown")
    }
    pub(crate) fn deadlock(&self) -> &DeadlockForm {
        self.form().expect("deadlock's view is shown")
    }
    pub(crate) fn sim(&self) -> &SimForm {
        self.form().expect("sim's view is shown")
    }
    pub(crate) fn throughput(&self) -> &ThroughputForm {
        self.form().expect("throughput's view is shown")
    }
}
