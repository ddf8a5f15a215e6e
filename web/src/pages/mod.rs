//! One file per view of [`crate::url::View`], plus the page for an unknown `view=`.

mod route;
mod unknown;
mod walk;

pub use route::{
    ClickMode, DimRow, Facts, Gate, RouteExplorer, RouteModel, FIRST_PATHS, INFO_BUDGET,
};
pub use unknown::UnknownView;
pub use walk::{Analysis, LensWalkthrough, WalkModel, PLAY_INTERVAL_MS, WALK_CHOICES};
