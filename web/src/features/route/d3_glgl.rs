//! The Swapped Dragonfly card's §10 glgl path: a checkbox (`glgl=1` in the URL) that
//! lists §10's path from From to To hop by hop, draws it dashed in the diagram beside the
//! strategy's route, and says whether the `glgl-direct` strategy follows it (core's
//! [`D3::glgl_comparison`]; the words are docs/topologies/dragonfly.md's).

use icn_core::topology::d3::{GlglComparison, D3};
use icn_core::Node;
use leptos::prelude::*;

use super::model::{ok_node, RouteModel};
use icn_core::Addresses;

/// §10's path and glgl-direct's, printed, with the kind of each hop of §10's.
#[derive(Debug, Clone, PartialEq)]
struct GlglRows {
    /// Routers of §10's path, printed.
    routers: Vec<String>,
    /// Per hop: `global` when it leaves the drawer, else `local`.
    kinds: Vec<&'static str>,
    /// glgl-direct's path as text.
    direct: String,
    /// Why glgl-direct differs, when it does.
    case: Option<&'static str>,
}

fn rows(d: &D3, c: &GlglComparison) -> GlglRows {
    let text = |p: &[Node]| {
        p.iter()
            .map(|&v| d.format_node(v))
            .collect::<Vec<_>>()
            .join(" → ")
    };
    let kinds = c
        .path
        .windows(2)
        .map(|w| {
            let (a, b) = (d.router(w[0]), d.router(w[1]));
            if (a.c, a.d) == (b.c, b.d) {
                "local"
            } else {
                "global"
            }
        })
        .collect();
    GlglRows {
        routers: c.path.iter().map(|&v| d.format_node(v)).collect(),
        kinds,
        direct: text(&c.direct),
        case: c.case.map(|k| k.text()),
    }
}

/// The checkbox and, when on, the path's table.
#[component]
pub fn GlglSection(model: RouteModel) -> impl IntoView {
    let on = Memo::new(move |_| model.form.with(|f| f.glgl));
    let table = Memo::new(move |_| {
        if !on.get() {
            return None;
        }
        let (a, b) = (ok_node(model.from)?, ok_node(model.to)?);
        model.network.with(|n| {
            let d = n.as_ref().ok()?.d3().ok()?;
            Some(rows(d, &d.glgl_comparison(a, b)))
        })
    });
    view! {
        <div class="field flag" data-testid="d3-glgl-section">
            <label for="d3-glgl-toggle">
                <input
                    id="d3-glgl-toggle"
                    data-testid="d3-glgl-toggle"
                    type="checkbox"
                    prop:checked=move || on.get()
                    on:change=move |ev| {
                        let checked = event_target_checked(&ev);
                        model.commit(move |f| f.glgl = checked);
                    }
                />
                " Show §10's glgl path (dashed in the diagram)"
            </label>
        </div>
        {move || table.get().map(glgl_table)}
    }
}

fn glgl_table(r: GlglRows) -> impl IntoView {
    let hops = r
        .routers
        .iter()
        .enumerate()
        .map(|(i, router)| {
            let step = r
                .kinds
                .get(i)
                .map_or_else(|| "arrived".to_string(), |k| format!("{k} hop"));
            view! {
                <tr data-testid="d3-glgl-row">
                    <td class="num">{i}</td>
                    <td data-testid="d3-glgl-router"><code>{router.clone()}</code></td>
                    <td data-testid="d3-glgl-step">{step}</td>
                </tr>
            }
        })
        .collect_view();
    let verdict = match r.case {
        None => view! {
            <p class="help" data-testid="d3-glgl-direct">
                "The glgl-direct strategy follows this path here: " <code>{r.direct}</code>
            </p>
        }
        .into_any(),
        Some(why) => view! {
            <p class="help" data-testid="d3-glgl-direct">
                "The glgl-direct strategy (a memoryless relation) differs here: "
                <code>{r.direct}</code> ". " {why} "."
            </p>
        }
        .into_any(),
    };
    view! {
        <table class="d3-header" data-testid="d3-glgl">
            <caption>
                "§10's glgl path: the deflection header (4; c′, d′, p′) with C = c′ − c, "
                <code>"(c,d,p) →g (c′,p,d) →l (c′,p,d′) →g (c′,d′,p) →l (c′,d′,p′)"</code>
                ". The first hop is global even when c′ = c; holds (local port 0, a diagonal router's global port 0) are left out. The paper prints the second and third routers as (c′,d,d′) and (c′,d′,d), which are no neighbours of theirs. "
                <code>"icn route … --glgl"</code> " lists the same path."
            </caption>
            <thead>
                <tr>
                    <th scope="col" class="num">"Hop"</th>
                    <th scope="col">"Router"</th>
                    <th scope="col">"Next step"</th>
                </tr>
            </thead>
            <tbody>{hops}</tbody>
        </table>
        {verdict}
    }
}
