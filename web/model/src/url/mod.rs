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
//! [`papers`], [`schedule`], [`subnet`], [`charts`], [`compare`], [`deadlock`], [`sim`], [`throughput`]); [`presentation`] holds
//! the keys every view shares (`embed`, `theme`, `id`) and the format's version `v`;
//! [`query`] the encoding. [`AppState`] is the shown view's state: the other views' forms
//! hold their defaults (the route explorer's and the papers' keys are read whatever the
//! view, as they always were).
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
mod tests_start;

pub use aggregates::OpenItems;
pub use carry::{accepts, Context};
pub use charts::{ChartsForm, ChartsSimForm, CHARTS_DEFAULT};
pub use compare::{CompareForm, COMPARE_DEFAULT, COMPARE_MAX};
pub use deadlock::{DeadlockForm, DEADLOCK_EXAMPLE};
pub use join::{JoinForm, JOIN_EXAMPLE};
pub use papers::{PaperLayout, PapersForm};
pub use presentation::{Panel, Presentation, Theme, URL_VERSION};
pub use query::Query;
pub use route::{RouteForm, SpecItem};
pub use schedule::ScheduleForm;
pub use sim::{SimForm, SIM_EXAMPLE, SIM_RATES};
pub use subnet::SubnetForm;
pub use throughput::{ThroughputForm, THROUGHPUT_EXAMPLE};
pub use view::{NavGroup, View, ViewChoice, START_BLOCKERS, START_SLUG};
pub use walk::{walk_loads_href, WalkForm, WALK_EXAMPLE};

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

/// The whole view state of the site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppState {
    /// The view shown.
    pub view: ViewChoice,
    /// The route explorer's fields.
    pub route: RouteForm,
    /// The Lens walkthrough's fields.
    pub walk: WalkForm,
    /// The join view's fields.
    pub join: JoinForm,
    /// The Papers view's choice (`?view=papers&paper=ID`).
    pub papers: PapersForm,
    /// The D3 schedule view's fields.
    pub schedule: ScheduleForm,
    /// The D3 sub-network view's fields.
    pub subnet: SubnetForm,
    /// The Charts view's fields.
    pub charts: ChartsForm,
    /// The Charts view's simulation fields.
    pub charts_sim: ChartsSimForm,
    /// The compare view's specs.
    pub compare: CompareForm,
    /// The deadlock view's fields.
    pub deadlock: DeadlockForm,
    /// The simulation view's fields.
    pub sim: SimForm,
    /// The throughput view's fields.
    pub throughput: ThroughputForm,
    /// The simulation view's pasted BookSim2 configuration (`booksim=`, as typed; empty:
    /// none): the page applies it to [`AppState::sim`] as it does a paste.
    pub pasted: String,
    /// The aggregates opened in the shown view's drawing (`open=`), for the views that draw
    /// them ([`View::draws_aggregates`]); a view given another network forgets them
    /// ([`AppState::forget_open`]).
    pub open: OpenItems,
}

impl AppState {
    /// Reads a query string (with or without the leading `?`). Never fails: missing values
    /// take defaults (`defaults` answers those that depend on the network), invalid ones are
    /// kept for the page to report.
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
        // Keys such as `t`, `s` and `step` mean something else in each view: a view's form
        // reads the query only when that view is shown, else it takes its defaults.
        let none = Query::default();
        let shown = |v: View| {
            if view == ViewChoice::Known(v) {
                &q
            } else {
                &none
            }
        };
        AppState {
            route: RouteForm::from_query(&q, defaults),
            walk: WalkForm::from_query(shown(View::Walk), defaults),
            join: JoinForm::from_query(shown(View::Join), defaults),
            papers: PapersForm::from_query(&q),
            schedule: ScheduleForm::from_query(shown(View::Schedule)),
            subnet: SubnetForm::from_query(shown(View::Subnet)),
            charts: ChartsForm::from_query(shown(View::Charts)),
            charts_sim: ChartsSimForm::from_query(shown(View::Charts)),
            compare: CompareForm::from_query(shown(View::Compare)),
            deadlock: DeadlockForm::from_query(shown(View::Deadlock), defaults),
            sim: SimForm::from_query(shown(View::Sim), defaults),
            throughput: ThroughputForm::from_query(shown(View::Throughput), defaults),
            pasted: shown(View::Sim).get("booksim").unwrap_or("").to_string(),
            open: match view {
                ViewChoice::Known(v) if v.draws_aggregates() => {
                    aggregates::read_open(q.get("open"))
                }
                _ => OpenItems::new(),
            },
            view,
        }
    }

    /// The query string (without `?`) that restores this state.
    pub fn to_query(&self) -> String {
        let view = self.view_query();
        match (&self.view, aggregates::write_open(&self.open)) {
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
        let network = |s: &AppState| (s.view.clone(), s.context().map(|c| c.spec));
        if !self.open.is_empty() && network(self) != network(before) {
            self.open.clear();
        }
    }

    /// The shown view's own keys.
    fn view_query(&self) -> String {
        match &self.view {
            ViewChoice::Known(View::Route) => self.route.to_query(View::Route),
            ViewChoice::Known(View::Walk) => self.walk.to_query(),
            ViewChoice::Known(View::Join) => self.join.to_query(),
            ViewChoice::Known(View::Papers) => self.papers.to_query(),
            ViewChoice::Known(View::Schedule) => self.schedule.to_query(),
            ViewChoice::Known(View::Subnet) => self.subnet.to_query(),
            ViewChoice::Known(View::Charts) => self.charts_sim.append_to(self.charts.to_query()),
            ViewChoice::Known(View::Compare) => self.compare.to_query(),
            ViewChoice::Known(View::Deadlock) => self.deadlock.to_query(),
            ViewChoice::Known(View::Throughput) => self.throughput.to_query(),
            ViewChoice::Known(View::Sim) if self.pasted.is_empty() => self.sim.to_query(),
            ViewChoice::Known(View::Sim) => {
                let pasted = Query(vec![("booksim".into(), self.pasted.clone())]).encode();
                format!("{}&{pasted}", self.sim.to_query())
            }
            ViewChoice::Unknown(slug) => Query(vec![("view".into(), slug.clone())]).encode(),
            ViewChoice::Start => Query(vec![("view".into(), START_SLUG.into())]).encode(),
        }
    }
}
