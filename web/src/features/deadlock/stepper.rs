//! The cycle stepped through: Prev and Next, each dependency in a sentence with the route
//! behind it, and every dependency as a list to jump to (the verdict and Duato's card both
//! show it).

use icn_web::jobs::DeadlockStudy;
use leptos::prelude::*;

use super::model::{shown_cycle, DeadlockModel};

/// The cycle: Prev and Next, the dependency shown with the route that creates it, and
/// every dependency as a list to jump to.
pub(super) fn stepper(m: DeadlockModel, s: &DeadlockStudy) -> impl IntoView {
    let (cycle, steps) = shown_cycle(s);
    let n = steps.len();
    let k = m.step.get().min(n.saturating_sub(1));
    let d = &cycle[k];
    let t = &steps[k];
    let sentence = match &s.escape {
        None => format!(
            "A packet from {} to {} holds {} on VC {} and asks for {} on VC {}.",
            t.src, t.dst, t.held, d.from.2, t.next, d.to.2
        ),
        Some(_) if d.from.1 == d.to.0 => format!(
            "A packet bound for {} holds the escape channel {} on VC {} and asks for the escape channel {} on VC {} right after it.",
            t.dst, t.held, d.from.2, t.next, d.to.2
        ),
        Some(_) => format!(
            "A packet bound for {} holds the escape channel {} on VC {}, goes on along adaptive channels to {}, and asks there for the escape channel {} on VC {} (an indirect dependency).",
            t.dst,
            t.held,
            d.from.2,
            t.next.split(" → ").next().unwrap_or_default(),
            t.next,
            d.to.2
        ),
    };
    // The route behind the dependency: under Duato's condition, the escape routing's
    // from where the packet took the held channel.
    let routing = s.escape.as_ref().map_or(&s.routing, |e| &e.routing);
    let route_href = format!(
        "?{}",
        icn_web_model::url::Query(vec![
            ("view".into(), "route".into()),
            ("t".into(), s.spec.clone()),
            ("from".into(), t.src.clone()),
            ("to".into(), t.dst.clone()),
            ("s".into(), routing.clone()),
        ])
        .encode()
    );
    let items = steps
        .iter()
        .enumerate()
        .map(|(i, st)| {
            let current = i == k;
            view! {
                <li>
                    <button type="button" class="text-button" aria-current=current.then_some("step")
                        on:click=move |_| m.show_step(i)>
                        {format!("{} ⇒ {}", st.held, st.next)}
                    </button>
                </li>
            }
        })
        .collect_view();
    view! {
        <div class="deadlock-stepper">
            <div class="stepper-controls" role="group" aria-label="Step along the cycle">
                <button type="button" data-testid="deadlock-prev" on:click=move |_| m.show_step((k + n - 1) % n)>"Prev"</button>
                <span data-testid="deadlock-step" aria-live="polite">{format!("Dependency {} of {n}", k + 1)}</span>
                <button type="button" data-testid="deadlock-next" on:click=move |_| m.show_step((k + 1) % n)>"Next"</button>
            </div>
            <p data-testid="deadlock-step-text">{sentence} " " <a href=route_href data-testid="deadlock-route-link">"Open this route"</a></p>
            <ol class="deadlock-cycle" data-testid="deadlock-cycle">{items}</ol>
        </div>
    }
}
