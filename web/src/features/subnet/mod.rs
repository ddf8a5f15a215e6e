//! The D3 sub-network view (`?view=subnet`): a subset of a D3(N, M) and the sub-network
//! it induces, from core's [`icn_core::topology::d3::subnet`] module (the same computations as
//! `icn table d3-subnetwork`).
//!
//! - `kind=cabinets`, κ ⊂ {0 … N−1}: Theorem 1. Cabinet i of D3(|κ|, M) is cabinet k_i,
//!   its global port γ is port k_{i+γ} − k_i (mod N); the port table a_{j,i} = k_j − k_i,
//!   the edge-by-edge isomorphism check of (i, d, p) → (k_i, d, p), and for κ = {1,2,5,8}
//!   or {0,3,4,6,7} in D3(9, M) the paper's printed table entry by entry.
//! - `kind=drawers`, λ ⊂ {0 … M−1}: §4's other sub-network, routers (c, d, p) with
//!   d, p ∈ λ, isomorphic to D3(N, |λ|); the table gives the local ports λ_j − λ_i (mod M).
//!
//! The maintenance sub-networks are the subsets missing one element: D3(N−1, M) (a
//! cabinet out) and D3(N, M−1) (one drawer and one router position out of every cabinet).
//!
//! `model` reads the form and asks core; `results` shows the port table and the check.

mod model;
mod results;

use icn_core::{Network, Node};
use leptos::prelude::*;

use self::model::{all_but, analyse, lit_links, toggle, Facts, Kind, Trouble};
use self::results::result_cards;
use crate::components::{too_large, unlisted_option, AggregateDiagram, FieldError, Opened};
use crate::diagram::{draw, DiagramSvg, Drawing, Highlight, SvgDownload};
use crate::history::Nav;
use crate::networks;
use crate::url::{SubnetForm, View};

/// The kinds of sub-network: value, title.
const KINDS: &[(&str, &str)] = &[
    ("cabinets", "cabinets κ — D3(|κ|, M) (Theorem 1)"),
    ("drawers", "drawers and positions λ — D3(N, |λ|) (§4)"),
];

/// The sub-network view.
#[component]
pub fn SubnetView(nav: Nav) -> impl IntoView {
    let form = nav.form::<SubnetForm>();
    let facts = Memo::new(move |_| form.with(analyse));
    let results = move || {
        facts.with(|f| match f {
            // In the results' place (the fields come first at every width).
            Err(_) => view! {
                <section class="card results" aria-label="The sub-network's port table">
                    <p class="placeholder" data-testid="subnet-no-results">
                        "The port table and the isomorphism check appear once the field marked \
                         above is fixed."
                    </p>
                </section>
            }
            .into_any(),
            Ok(f) => result_cards(f).into_any(),
        })
    };
    if nav.panel(View::Subnet).is_some() {
        // The figure-first embed (`panel=diagram`): the sub-network drawn, the fields under it.
        return view! {
            <section data-testid="view-subnet" class="figure-first" data-panel="diagram" aria-labelledby="subnet-title">
                <h1 id="subnet-title" class="visually-hidden">"D3 sub-networks"</h1>
                <section class="card diagram-card" aria-labelledby="subnet-diagram-title">
                    <h2 id="subnet-diagram-title">"The sub-network in the wiring"</h2>
                    <SubnetDiagram nav=nav facts=facts />
                </section>
                <section class="card controls figure-controls" aria-label="Sub-network">
                    <SubnetFields nav=nav form=form facts=facts />
                </section>
            </section>
        }
        .into_any();
    }
    view! {
        <section data-testid="view-subnet" class="explorer" aria-labelledby="subnet-title">
            <h1 id="subnet-title" class="visually-hidden">"D3 sub-networks"</h1>
            <div class="column column-main">
                <section class="card controls" aria-label="Sub-network">
                    <SubnetFields nav=nav form=form facts=facts />
                    <Presets nav=nav form=form />
                </section>
                {results}
            </div>
            <div class="column column-side">
                <section class="card diagram-card" aria-labelledby="subnet-diagram-title">
                    <h2 id="subnet-diagram-title">"The sub-network in the wiring"</h2>
                    <SubnetDiagram nav=nav facts=facts />
                </section>
            </div>
        </section>
    }
    .into_any()
}

/// The network, the kind of subset and the subset, each with its error.
#[component]
fn SubnetFields(
    nav: Nav,
    form: Memo<SubnetForm>,
    facts: Memo<Result<Facts, Trouble>>,
) -> impl IntoView {
    let error = move |pick: fn(&Trouble) -> Option<&String>| {
        Signal::derive(move || facts.with(|f| f.as_ref().err().and_then(pick).cloned()))
    };
    let spec_error = error(|t| match t {
        Trouble::Spec(e) => Some(e),
        _ => None,
    });
    let kind_error = error(|t| match t {
        Trouble::Kind(e) => Some(e),
        _ => None,
    });
    let set_error = error(|t| match t {
        Trouble::Set(e) => Some(e),
        _ => None,
    });
    let set = move |change: fn(&mut SubnetForm, String), value: String| {
        nav.commit_form(|f: &mut SubnetForm| change(f, value))
    };
    // Typed fields apply at each keystroke, as in every view; the inputs are made once, so
    // typing keeps their focus and a later choice in the select keeps what was typed.
    let edit = move |field: &'static str, change: fn(&mut SubnetForm, String), value: String| {
        nav.edit_form(field, |f: &mut SubnetForm| change(f, value))
    };
    let set_label = move || {
        if form.with(|f| f.kind == "drawers") {
            "λ: drawers and router positions kept (e.g. 0,1)"
        } else {
            "κ: cabinets kept (e.g. 1,2,5,8)"
        }
    };
    view! {
        <div class="field">
            <label for="subnet-spec">"Network D3(N, M) (d3:k=N,m=M)"</label>
            <input
                id="subnet-spec"
                data-testid="subnet-spec"
                type="text"
                autocomplete="off"
                spellcheck="false"
                aria-invalid=move || spec_error.with(Option::is_some).to_string()
                aria-describedby="subnet-spec-error"
                prop:value=move || form.with(|f| f.spec.clone())
                on:input=move |ev| edit("subnet-spec", |s, v| s.spec = v, event_target_value(&ev))
            />
            <FieldError error=spec_error id="subnet-spec-error" />
        </div>
        <div class="field">
            <label for="subnet-kind">"Keep"</label>
            <select
                id="subnet-kind"
                data-testid="subnet-kind"
                aria-invalid=move || kind_error.with(Option::is_some).then_some("true")
                aria-describedby="subnet-kind-error"
                prop:value=move || form.with(|f| f.kind.clone())
                on:change=move |ev| set(|s, v| s.kind = v, event_target_value(&ev))
            >
                {move || form.with(|f| unlisted_option(&f.kind, KINDS.iter().map(|&(value, _)| value)))}
                {KINDS
                    .iter()
                    .map(|&(value, title)| {
                        view! { <option value=value selected=move || form.with(|f| f.kind == value)>{title}</option> }
                    })
                    .collect_view()}
            </select>
            <FieldError error=kind_error id="subnet-kind-error" />
        </div>
        <div class="field">
            <label for="subnet-set">{set_label}</label>
            <input
                id="subnet-set"
                data-testid="subnet-set"
                type="text"
                inputmode="numeric"
                autocomplete="off"
                spellcheck="false"
                aria-invalid=move || set_error.with(Option::is_some).to_string()
                aria-describedby="subnet-set-error"
                prop:value=move || form.with(|f| f.set.clone())
                on:input=move |ev| edit("subnet-set", |s, v| s.set = v, event_target_value(&ev))
            />
            <FieldError error=set_error id="subnet-set-error" />
        </div>
    }
}

/// Maintenance presets (one cabinet, or one drawer and position, out) and the paper's two
/// examples, once the spec is a valid D3.
#[component]
fn Presets(nav: Nav, form: Memo<SubnetForm>) -> impl IntoView {
    // The network's N and M once the spec is valid (the presets need them).
    let shape = Memo::new(move |_| {
        form.with(|f| match networks::build(&f.spec) {
            Ok(net) => net.d3().ok().map(|d| (d.k(), d.m())),
            Err(_) => None,
        })
    });
    move || {
        let (n, m) = shape.get()?;
        let preset = |id: &'static str, label: String, kind: &'static str, value: String| {
            view! {
                <button
                    type="button"
                    data-testid=id
                    on:click=move |_| {
                        let value = value.clone();
                        nav.commit_form(move |f: &mut SubnetForm| {
                            f.kind = kind.into();
                            f.set = value;
                        })
                    }
                >
                    {label}
                </button>
            }
        };
        let paper = |id: &'static str, k: usize, value: &'static str| {
            view! {
                <button
                    type="button"
                    data-testid=id
                    on:click=move |_| {
                        nav.commit_form(move |f: &mut SubnetForm| {
                            f.spec = format!("d3:k=9,m={m}");
                            f.kind = "cabinets".into();
                            f.set = value.into();
                        })
                    }
                >
                    {format!("Paper: D3({k},{m}) in D3(9,{m})")}
                </button>
            }
        };
        Some(view! {
            <div class="subnet-presets" role="group" aria-label="Presets">
                {(n > 1)
                    .then(|| {
                        preset(
                            "subnet-drop-cabinet",
                            format!("Maintenance D3({},{m}): cabinet {} out", n - 1, n - 1),
                            "cabinets",
                            all_but(n, n - 1),
                        )
                    })}
                {(m > 1 && !(n == 1 && m == 2))
                    .then(|| {
                        preset(
                            "subnet-drop-drawer",
                            format!("Maintenance D3({n},{}): drawer and position {} out", m - 1, m - 1),
                            "drawers",
                            all_but(m, m - 1),
                        )
                    })}
                {paper("subnet-paper-4", 4, "1,2,5,8")}
                {paper("subnet-paper-5", 5, "0,3,4,6,7")}
            </div>
        })
    }
}

/// The big network's wiring with the sub-network lit; a click on a router toggles its
/// cabinet or drawer in the subset.
#[component]
fn SubnetDiagram(nav: Nav, facts: Memo<Result<Facts, Trouble>>) -> impl IntoView {
    let drawing = Memo::new(move |_| {
        facts.with(|f| f.as_ref().ok().map(|f| draw(&Network::from(f.big.clone()))))
    });
    let highlight = Memo::new(move |_| {
        if !drawing.with(|d| matches!(d, Some(Drawing::Layout(_) | Drawing::Aggregate { .. }))) {
            return Highlight::default();
        }
        facts.with(|f| match f {
            Ok(f) if !f.lit.is_empty() => Highlight {
                dag: lit_links(&f.big, &f.lit),
                lit: f.lit.clone(),
                ..Highlight::default()
            },
            _ => Highlight::default(),
        })
    });
    // A click on a router toggles its cabinet or drawer in the subset.
    let pick = move |v: Node| {
        let pick = facts.with_untracked(|f| {
            f.as_ref().ok().map(|f| {
                let r = f.big.router(v);
                match f.kind {
                    Kind::Cabinets => r.c,
                    Kind::Drawers => r.d,
                }
            })
        });
        if let Some(x) = pick {
            nav.commit_form(|f: &mut SubnetForm| f.set = toggle(&f.set, x));
        }
    };
    move || {
        drawing.with(|d| match d {
            Some(Drawing::Layout(l)) => {
                let on_node = Callback::new(move |v: Node| pick(v));
                view! {
                    <div class="diagram-frame subnet-frame">
                        <DiagramSvg layout=l.clone() highlight=highlight on_node=on_node />
                    </div>
                    <SvgDownload scope=".diagram-card" select="svg.diagram" name="subnet" />
                    <p class="help">
                        "Lit: the sub-network's routers and links; dimmed: the rest. A click on \
                         a router adds its cabinet (κ) or its drawer (λ) to the subset, or takes \
                         it out."
                    </p>
                }
                .into_any()
            }
            Some(Drawing::Aggregate { hierarchy, .. }) => view! {
                <AggregateDiagram
                    hierarchy=hierarchy.clone()
                    highlight=highlight
                    on_node=Callback::new(move |v: Node| pick(v))
                    caption="An aggregate holding a router of the sub-network is lit, the rest \
                             dimmed; a bundle holding a link of the sub-network is drawn strong. \
                             A click on a router (once opened down to routers) adds its cabinet \
                             (κ) or its drawer (λ) to the subset, or takes it out."
                    name="subnet"
                    opened=Opened::of(nav)
                />
            }
            .into_any(),
            Some(Drawing::TooLarge { nodes, links }) => {
                too_large(*nodes, *links, "the table and the check are exact").into_any()
            }
            None => view! {
                <p class="placeholder" data-testid="subnet-no-drawing">
                    "The wiring is drawn once the fields describe a sub-network."
                </p>
            }
            .into_any(),
            // Every D3 is drawn.
            Some(Drawing::Unsupported) => ().into_any(),
        })
    }
}
