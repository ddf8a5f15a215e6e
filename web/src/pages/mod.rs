//! One file per view of [`crate::url::View`], plus the page for an unknown `view=`.

mod papers;
mod route;
mod schedule;
mod unknown;
mod walk;

pub use papers::PapersView;
pub use route::{ClickMode, DimRow, Facts, RouteExplorer, RouteModel, FIRST_PATHS, INFO_BUDGET};
pub use schedule::ScheduleView;
pub use unknown::UnknownView;
pub use walk::{Analysis, LensWalkthrough, WalkModel, PLAY_INTERVAL_MS, WALK_CHOICES};
