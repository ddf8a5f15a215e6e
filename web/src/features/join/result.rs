//! One join: Appendix A's start tree, the join tree, §VII's level from Y_s, the join
//! IB-node, and both fragments' routes.

use leptos::prelude::*;

use super::model::JoinModel;
use crate::components::{Term, TermList};
use icn_web_model::format::{plural, sub};

/// `<section data-testid="join-result">`.
#[component]
pub fn JoinResult(model: JoinModel) -> impl IntoView {
    let body = move || {
        let error = model.join.with(|j| match j {
            Some(Err(e)) => Some(e.clone()),
            _ => None,
        });
        if let Some(e) = error {
            return view! { <p class="field-error" role="alert" data-testid="join-error">{e}</p> }
                .into_any();
        }
        let Some(f) = model.facts.get() else {
            return view! {
                <p class="placeholder">"The join site appears once both fragment nodes are valid L-nodes."</p>
            }
            .into_any();
        };
        let tree = match f.tree {
            Some(t) => format!("{t}"),
            None => "L-node".to_string(),
        };
        let tree_why = match f.tree {
            Some(t) if t == f.start_tree => {
                format!("X{} > 0: the start tree itself", sub(f.start_tree))
            }
            Some(t) => format!(
                "X{} = 0: the next tree with a nonzero slice is {t}",
                sub(f.start_tree)
            ),
            None => "S and R are on the same L-node".to_string(),
        };
        let level_why = format!(
            "§VII's level assignment on Y_s = X_t' cnc X_s = {} cnc {}",
            f.x_t_inv, f.x_s
        );
        let s_route = f.s_route.join(" → ");
        let r_route = f.r_route.join(" → ");
        let s_hops = f.s_route.len().saturating_sub(1);
        let r_hops = f.r_route.len().saturating_sub(1);
        view! {
            <dl class="numbers join-numbers">
                <div class="number">
                    <dt><Term key="kyklos.start-tree" label="Start tree s (Appendix A)" /></dt>
                    <dd><span class="big" data-testid="join-start-tree">{f.start_tree}</span></dd>
                </div>
                <div class="number">
                    <dt><Term key="kyklos.join-tree" /></dt>
                    <dd><span class="big" data-testid="join-tree">{tree}</span></dd>
                </div>
                <div class="number">
                    <dt><Term key="kyklos.join-level" /></dt>
                    <dd><span class="big" data-testid="join-level">{f.level}</span></dd>
                </div>
                <div class="number">
                    <dt><Term key="kyklos.join-site" /></dt>
                    <dd><span class="big mono" data-testid="join-site">{f.site.clone()}</span></dd>
                </div>
            </dl>
            <ul class="join-why">
                <li>{format!("X = XOR(S, R) = {}; ", f.x)}{tree_why}</li>
                <li>
                    {level_why}
                    {format!(" → level {} (Table 2 row {}, column {}).", f.level, f.x_s, f.x_t_inv)}
                </li>
            </ul>
            {move || {
                model.site_load.get().map(|(load, target)| {
                    view! {
                        <p class="site-load">
                            "Partial joins at this site over all N² pairs: "
                            <strong data-testid="join-site-load">{load}</strong>
                            {format!(" (§VII's Y-2 target: {target})")}
                        </p>
                    }
                })
            }}
            <h3 class="sub">"Routes"</h3>
            <dl class="join-routes">
                <dt><span class="swatch second"></span>{format!("S route: up the join tree only ({})", plural(s_hops, "hop", "hops"))}</dt>
                <dd class="mono" data-testid="join-s-route">{s_route}</dd>
                <dt><span class="swatch route"></span>{format!("R route: Y-2 step 9, stopping at the site ({})", plural(r_hops, "hop", "hops"))}</dt>
                <dd class="mono" data-testid="join-r-route">{r_route}</dd>
            </dl>
            <TermList keys=&["kyklos.partial-join", "kyklos.xor", "kyklos.strings", "kyklos.routes", "kyklos.ib-load"] />
        }
        .into_any()
    };
    view! {
        <section class="card join-result" data-testid="join-result" aria-labelledby="join-result-title" aria-live="polite">
            <h2 id="join-result-title">"Partial join of S with R"</h2>
            {body}
        </section>
    }
}
