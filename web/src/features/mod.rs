//! One folder per view of [`crate::url::View`]: `mod.rs` is the view, `model.rs` (where the
//! view has one) its chain of memos, the other files its parts; plus the page for an unknown
//! `view=`, and the first screen (`start`). Views use [`crate::components`]; no component
//! and no other view uses a view.
//!
//! The views are listed once, below (`views!`): each line a [`View`] variant, its folder, its
//! component and its wasm chunk, of which [`load_view`] is made. A chunk is loaded when one of
//! its views is first shown (`app.rs`); views that share much code share a chunk, so that a
//! view opened by its address downloads the first screen's module, its chunk and the
//! shared code its chunk needs, not the other views (a new view joins the chunk it shares
//! most with, or names a new one). A folder's `mod` line stays outside the list, so that
//! rustfmt finds its files.

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

/// A view's component with the page's [`Nav`], once its chunk has loaded.
pub type ViewCtor = fn(Nav) -> AnyView;

/// Makes, of the list of views (`Variant => folder::Component in chunk,`), one split point
/// per view, in its chunk's wasm module (cut by scripts/page.sh), and [`load_view`], which
/// answers a [`View`] with its component.
macro_rules! views {
    ($($view:ident => $folder:ident::$component:ident in $chunk:ident,)*) => {
        /// The split points, one per view, named by its folder: everything reachable only
        /// from the split points of one chunk goes to that chunk's module, and code that
        /// several chunks use to a module each of them loads.
        mod split {
            use leptos::prelude::*;
            use leptos::wasm_split::{wasm_split, SplitLoaderError};

            use super::ViewCtor;
            use crate::history::Nav;
            $(use super::$folder::$component;)*

            $(
                #[wasm_split($chunk, wasm_split_path = ::leptos::wasm_split, fallible)]
                pub fn $folder() -> Result<ViewCtor, SplitLoaderError> {
                    fn build(nav: Nav) -> AnyView {
                        view! { <$component nav=nav /> }.into_any()
                    }
                    Ok(build)
                }
            )*
        }

        /// Loads view `which`'s chunk (and the shared chunks it needs) and answers its
        /// component; `Err` when a chunk cannot be fetched.
        pub async fn load_view(
            which: View,
        ) -> Result<ViewCtor, leptos::wasm_split::SplitLoaderError> {
            match which {
                $(View::$view => split::$folder().await,)*
            }
        }
    };
}

views! {
    Route => route::RouteExplorer in route,
    Walk => walk::LensWalkthrough in papers,
    Join => join::JoinExplorer in papers,
    Schedule => schedule::ScheduleView in papers,
    Subnet => subnet::SubnetView in papers,
    Charts => charts::ChartsView in analyses,
    Compare => compare::CompareView in analyses,
    Deadlock => deadlock::DeadlockView in analyses,
    Sim => sim::SimView in traffic,
    Throughput => throughput::ThroughputView in traffic,
    Papers => papers::PapersView in papers,
}
