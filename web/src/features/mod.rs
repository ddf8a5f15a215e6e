//! One folder per view of [`crate::url::View`]: `mod.rs` is the view, `model.rs` (where the
//! view has one) its chain of memos, the other files its parts; plus the page for an unknown
//! `view=`, and the first screen (`start`). Views use [`crate::components`]; no component and no other view uses a view.

mod charts;
mod compare;
mod deadlock;
mod join;
mod papers;
mod route;
mod schedule;
mod sim;
mod start;
mod subnet;
mod throughput;
mod unknown;
mod walk;

pub use charts::ChartsView;
pub use compare::CompareView;
pub use deadlock::DeadlockView;
pub use join::JoinExplorer;
pub use papers::PapersView;
pub use route::RouteExplorer;
pub use schedule::ScheduleView;
pub use sim::SimView;
pub use start::StartView;
pub use subnet::SubnetView;
pub use throughput::ThroughputView;
pub use unknown::UnknownView;
pub use walk::LensWalkthrough;
