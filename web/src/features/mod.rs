//! One folder per view of [`crate::url::View`]: `mod.rs` is the view, `model.rs` (where the
//! view has one) its chain of memos, the other files its parts; plus the page for an unknown
//! `view=`, and the first screen (`start`). Views use [`crate::components`]; no component
//! and no other view uses a view.
//!
//! The views are listed once, below (`views!`): each line a [`View`] variant, its folder and
//! its component, of which [`build_view`] is made, the table the views' wasm chunk answers
//! (`app.rs`'s split point). A folder's `mod` line stays outside the list, so that rustfmt
//! finds its files.

use leptos::prelude::*;

use crate::history::Nav;
use crate::url::View;

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

pub use start::StartView;
pub use unknown::UnknownView;

/// Makes [`build_view`] of the list of views (`Variant => folder::Component,`).
macro_rules! views {
    ($($view:ident => $folder:ident::$component:ident,)*) => {
        $(use $folder::$component;)*

        /// Builds view `which`: its component, with the page's [`Nav`]. Reached only from
        /// the views' split point (`app.rs`), so that every view's code is in that chunk.
        pub fn build_view(which: View, nav: Nav) -> AnyView {
            match which {
                $(View::$view => view! { <$component nav=nav /> }.into_any(),)*
            }
        }
    };
}

views! {
    Route => route::RouteExplorer,
    Walk => walk::LensWalkthrough,
    Join => join::JoinExplorer,
    Schedule => schedule::ScheduleView,
    Subnet => subnet::SubnetView,
    Charts => charts::ChartsView,
    Compare => compare::CompareView,
    Deadlock => deadlock::DeadlockView,
    Sim => sim::SimView,
    Throughput => throughput::ThroughputView,
    Papers => papers::PapersView,
}
