//! The Lens walkthrough (`?view=walk`): two processors and a choice of path in; the region
//! of difference, the paper's lengths and the route played step by step out. `model` holds
//! the chain of memos; the other modules are the view's parts, which only display them.

mod analysis;
mod diagram;
mod fields;
mod loads;
mod model;
mod player;

use leptos::prelude::*;

use self::analysis::WalkAnalysis;
use self::diagram::WalkDiagram;
use self::fields::WalkFields;
use self::loads::LensLoadsCard;
pub use self::model::WalkModel;
use self::player::WalkPlayer;
use crate::components::FullViewLink;
use crate::history::Nav;
use crate::url::{Query, View};

/// The walkthrough page.
#[component]
pub fn LensWalkthrough(nav: Nav) -> impl IntoView {
    let model = WalkModel::new(nav);
    // The figure-first embed (`panel=player`): the drawing and the player's buttons, no
    // fields; the list of steps and the analysis are a link away, in the full view.
    let figure = nav.panel(View::Walk).is_some();
    let body = move || {
        match model.other_family.get() {
        Some(family) => {
            let spec = model.form.with(|f| f.spec.clone());
            let href = format!(
                "?{}",
                Query(vec![
                    ("view".into(), View::Route.slug().into()),
                    ("t".into(), spec),
                ])
                .encode()
            );
            view! {
                <section class="card walk-other" data-testid="walk-not-lens" role="status">
                    <p>
                        {format!("The walkthrough is for the Lens; this spec is a {family} network. ")}
                        <a href=href>"Open it in the route explorer"</a>
                        "."
                    </p>
                </section>
            }
            .into_any()
        }
        None if figure => view! {
            <WalkDiagram model=model />
            <WalkPlayer model=model compact=true />
            <p class="figure-more">
                <FullViewLink nav=nav testid="figure-more" text="Every step, the region of difference, the paper's lengths" />
            </p>
        }
        .into_any(),
        None => view! {
            <WalkAnalysis model=model />
            <WalkPlayer model=model />
            <WalkDiagram model=model />
            <LensLoadsCard model=model />
        }
        .into_any(),
    }
    };
    view! {
        <section
            data-testid="view-walk"
            class=if figure { "walk figure-first" } else { "walk" }
            data-panel=figure.then_some("player")
            aria-labelledby="walk-title"
        >
            <h1 id="walk-title" class="visually-hidden">"Lens walkthrough"</h1>
            {(!figure).then(|| view! { <WalkFields model=model /> })}
            <div class="walk-body">{body}</div>
        </section>
    }
}
