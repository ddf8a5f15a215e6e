//! One file per view of [`crate::url::View`] (the route explorer's KYKLOS panels in
//! `route_kyklos`), plus the page for an unknown `view=`.

mod charts;
mod compare;
mod join;
mod papers;
mod route;
mod route_kyklos;
mod schedule;
mod subnet;
mod unknown;
mod walk;

pub use charts::ChartsView;
pub use compare::CompareView;
pub use join::{joinable, JoinEnd, JoinExplorer, JoinModel};
pub use papers::PapersView;
pub use route::{
    ClickMode, DimRow, Facts, Gate, RouteExplorer, RouteModel, FIRST_PATHS, INFO_BUDGET, SYNC_STEPS,
};
pub use route_kyklos::{sub, BitBlock, BitRow, Comparison, KyklosPanels, Mark};
pub use schedule::ScheduleView;
pub use subnet::SubnetView;
pub use unknown::UnknownView;
pub use walk::{Analysis, LensWalkthrough, LoadsView, WalkModel, PLAY_INTERVAL_MS, WALK_CHOICES};
