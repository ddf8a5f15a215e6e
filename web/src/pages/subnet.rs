//! The D3 sub-network view (`?view=subnet`): a subset of a D3(N, M) and the sub-network
//! it induces, from core's [`subnet`] module (the same computations as
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
//! One-way state: URL -> [`SubnetForm`] -> network, subset -> port table, isomorphism
//! check, lit routers and links -> views.

use icn_core::papers::dragonfly;
use icn_core::papers::table::Num;
use icn_core::topology::d3::subnet::{self, EmbeddingCheck, SubnetTable};
use icn_core::topology::d3::D3;
use icn_core::{Network, Node, Topology};
use leptos::prelude::*;

use crate::components::FieldError;
use crate::diagram::{draw, DiagramSvg, Drawing, Highlight, SvgDownload};
use crate::history::Nav;
use crate::url::SubnetForm;

/// The most entries of κ or λ the page lays out as a table.
pub const MAX_SUBSET: usize = 32;

/// The most steps (small routers × big ports × small ports, as `icn table d3-subnetwork`
/// estimates it) of the isomorphism check run in the page: at D3(9, 8) with eight cabinets
/// it is 512 · 17 · 16 ≈ 1.4 · 10⁵, a few milliseconds.
pub const WEB_CHECK_LIMIT: u64 = 1 << 21;

/// The most routers of the big network marked lit or dimmed (the drawing stops before).
const MAX_LIT: usize = 4096;

/// The kinds of sub-network: value, title.
const KINDS: &[(&str, &str)] = &[
    ("cabinets", "cabinets κ — D3(|κ|, M) (Theorem 1)"),
    ("drawers", "drawers and positions λ — D3(N, |λ|) (§4)"),
];

/// Which elements the subset chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Cabinets (Theorem 1).
    Cabinets,
    /// Drawer and router positions.
    Drawers,
}

/// The paper's printed table beside the computed one, for the κ it prints.
#[derive(Debug, Clone, PartialEq)]
pub struct Printed {
    /// Which of the two printed tables.
    pub title: String,
    /// Row by row, column by column: the printed entry.
    pub entries: Vec<Vec<Option<u32>>>,
}

/// Everything the view shows for a valid form.
#[derive(Debug, Clone, PartialEq)]
pub struct Facts {
    /// The big network D3(N, M).
    pub big: D3,
    /// Which kind of subset.
    pub kind: Kind,
    /// The port table (Theorem 1's arithmetic over N for cabinets, over M for drawers).
    pub table: SubnetTable,
    /// The small network the subset is isomorphic to.
    pub small: D3,
    /// The edge-by-edge check, unless it is over the page's budget (its estimate then).
    pub check: Result<EmbeddingCheck, u64>,
    /// Per router of the big network: in the sub-network.
    pub lit: Vec<bool>,
    /// Routers in the sub-network.
    pub routers: usize,
    /// The paper's printed table, when it prints one for this κ.
    pub printed: Option<Printed>,
}

/// What went wrong, by field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trouble {
    /// The spec.
    Spec(String),
    /// The kind.
    Kind(String),
    /// κ or λ.
    Set(String),
}

/// Reads `kind`.
pub fn kind(name: &str) -> Result<Kind, String> {
    match name {
        "cabinets" => Ok(Kind::Cabinets),
        "drawers" => Ok(Kind::Drawers),
        other => Err(format!(
            "unknown kind of sub-network '{other}'; choose cabinets or drawers"
        )),
    }
}

/// Reads κ or λ as typed (`1,2,5,8`, spaces allowed): distinct whole numbers below
/// `bound`, at most [`MAX_SUBSET`]. `what` names an element in the messages.
pub fn parse_set(text: &str, bound: u32, what: &str) -> Result<Vec<u32>, String> {
    let mut set: Vec<u32> = Vec::new();
    if text.trim().is_empty() {
        return Err(format!("choose at least one {what}, e.g. 0,1"));
    }
    for (i, item) in text.split(',').enumerate() {
        let item = item.trim();
        if item.is_empty() {
            return Err(format!("item {} is empty (a comma too many?)", i + 1));
        }
        let x: u32 = item.parse().map_err(|_| {
            format!(
                "'{item}' (item {}) is not a {what} number: write whole numbers separated by commas",
                i + 1
            )
        })?;
        if x >= bound {
            return Err(format!(
                "{x} (item {}) is not a {what}: they are 0 to {}",
                i + 1,
                bound - 1
            ));
        }
        if set.contains(&x) {
            return Err(format!("{x} (item {}) is named twice", i + 1));
        }
        if set.len() == MAX_SUBSET {
            return Err(format!("at most {MAX_SUBSET} {what}s here"));
        }
        set.push(x);
    }
    set.sort_unstable();
    Ok(set)
}

/// The paper's two printed tables (§4), for κ = {1,2,5,8} and {0,3,4,6,7} in D3(9, M).
fn printed(kappa: &[u32]) -> Option<Printed> {
    let k = kappa.len();
    let wanted: &[u32] = match kappa {
        [1, 2, 5, 8] | [0, 3, 4, 6, 7] => kappa,
        _ => return None,
    };
    let table = dragonfly::table_subnetworks().ok()?;
    let group = format!("D3({k},M) in D3(9,M), κ = {wanted:?}");
    let cells: Vec<Option<u32>> = table
        .cells
        .iter()
        .filter(|c| c.group == group)
        .map(|c| c.printed.map(|p: Num| p.value() as u32))
        .collect();
    (cells.len() == k * k).then(|| Printed {
        title: format!("the paper's table for D3({k},M) inside D3(9,M) (§4, after Theorem 1)"),
        entries: cells.chunks(k).map(<[Option<u32>]>::to_vec).collect(),
    })
}

/// Everything for the form, or the field at fault.
pub fn analyse(form: &SubnetForm) -> Result<Facts, Trouble> {
    let net: Network = form
        .spec
        .parse()
        .map_err(|e| Trouble::Spec(format!("{e}")))?;
    let Network::D3(big) = net else {
        return Err(Trouble::Spec(format!(
            "sub-networks are of the Swapped Dragonfly (d3:k=…,m=…); '{}' is a {}",
            net.spec(),
            net.family().name
        )));
    };
    let which = kind(&form.kind).map_err(Trouble::Kind)?;
    let (n, m) = (big.k(), big.m());
    let (bound, what) = match which {
        Kind::Cabinets => (n, "cabinet"),
        Kind::Drawers => (m, "drawer"),
    };
    let set = parse_set(&form.set, bound, what).map_err(Trouble::Set)?;
    let table = subnet::subnet_table(bound, &set).map_err(|e| Trouble::Set(format!("{e}")))?;
    let (sk, sm) = match which {
        Kind::Cabinets => (set.len() as u64, u64::from(m)),
        Kind::Drawers => (u64::from(n), set.len() as u64),
    };
    let small = D3::new(sk, sm).map_err(|e| {
        Trouble::Set(format!(
            "the sub-network would be D3({sk},{sm}), which is not a network: {e}"
        ))
    })?;
    let map: Box<dyn Fn(Node) -> Node + '_> = match which {
        Kind::Cabinets => Box::new(big.cabinet_embedding(&set)),
        Kind::Drawers => Box::new(big.drawer_embedding(&set)),
    };
    let cost = (small.node_count() as u64)
        .saturating_mul(u64::from(n + m))
        .saturating_mul(u64::from(small.k() + small.m()));
    // The lit routers are for the drawing, which stops at 512 routers (diagram::draw).
    let lit_ok = big.node_count() <= MAX_LIT;
    let check = if cost <= WEB_CHECK_LIMIT {
        Ok(subnet::check_embedding(&small, &big, &map))
    } else {
        Err(cost)
    };
    let mut lit = vec![false; if lit_ok { big.node_count() } else { 0 }];
    if lit_ok {
        for v in 0..small.node_count() {
            lit[map(v)] = true;
        }
    }
    drop(map);
    let printed = (which == Kind::Cabinets && n == 9)
        .then(|| printed(&set))
        .flatten();
    Ok(Facts {
        routers: small.node_count(),
        big,
        kind: which,
        table,
        small,
        check,
        lit,
        printed,
    })
}

/// The links of `big` with both ends lit (the induced sub-network), each once.
fn lit_links(big: &D3, lit: &[bool]) -> Vec<(Node, Node)> {
    let mut links = Vec::new();
    let mut buf = Vec::new();
    for v in (0..lit.len()).filter(|&v| lit[v]) {
        buf.clear();
        big.neighbours(v, &mut buf);
        links.extend(
            buf.iter()
                .filter(|&&u| u > v && lit.get(u) == Some(&true))
                .map(|&u| (v, u)),
        );
    }
    links
}

/// `0,1,…,count−1` without `skip`, as typed in the field.
fn all_but(count: u32, skip: u32) -> String {
    (0..count)
        .filter(|&x| x != skip)
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Adds `x` to the typed set, or takes it out; the rest stays as typed when it parses.
fn toggle(set: &str, x: u32) -> String {
    let mut items: Vec<u32> = set
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    if let Some(i) = items.iter().position(|&y| y == x) {
        items.remove(i);
    } else {
        items.push(x);
        items.sort_unstable();
    }
    items
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The sub-network view.
#[component]
pub fn SubnetView(nav: Nav) -> impl IntoView {
    let form = Memo::new(move |_| nav.state.with(|s| s.subnet.clone()));
    let facts = Memo::new(move |_| form.with(analyse));
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
        nav.commit(|s| change(&mut s.subnet, value))
    };
    // The network's N and M once the spec is valid (the presets need them).
    let shape = Memo::new(move |_| {
        form.with(|f| match f.spec.parse::<Network>() {
            Ok(Network::D3(d)) => Some((d.k(), d.m())),
            _ => None,
        })
    });

    let fields = move || {
        let f = form.get();
        let set_label = if f.kind == "drawers" {
            "λ: drawers and router positions kept (e.g. 0,1)"
        } else {
            "κ: cabinets kept (e.g. 1,2,5,8)"
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
                    prop:value=f.spec.clone()
                    on:change=move |ev| set(|s, v| s.spec = v, event_target_value(&ev))
                />
                <FieldError error=spec_error id="subnet-spec-error" />
            </div>
            <div class="field">
                <label for="subnet-kind">"Keep"</label>
                <select
                    id="subnet-kind"
                    data-testid="subnet-kind"
                    aria-describedby="subnet-kind-error"
                    on:change=move |ev| set(|s, v| s.kind = v, event_target_value(&ev))
                >
                    {KINDS
                        .iter()
                        .map(|&(value, title)| {
                            view! { <option value=value selected=f.kind == value>{title}</option> }
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
                    prop:value=f.set.clone()
                    on:change=move |ev| set(|s, v| s.set = v, event_target_value(&ev))
                />
                <FieldError error=set_error id="subnet-set-error" />
            </div>
        }
    };

    let presets = move || {
        let (n, m) = shape.get()?;
        let preset = |id: &'static str, label: String, kind: &'static str, value: String| {
            view! {
                <button
                    type="button"
                    data-testid=id
                    on:click=move |_| {
                        let value = value.clone();
                        nav.commit(move |s| {
                            s.subnet.kind = kind.into();
                            s.subnet.set = value;
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
                        nav.commit(move |s| {
                            s.subnet.spec = format!("d3:k=9,m={m}");
                            s.subnet.kind = "cabinets".into();
                            s.subnet.set = value.into();
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
    };

    let results = move || {
        facts.with(|f| match f {
            Err(_) => view! {
                <p class="help">"Correct the field marked above to see the sub-network."</p>
            }
            .into_any(),
            Ok(f) => result_cards(f).into_any(),
        })
    };

    let drawing = Memo::new(move |_| {
        facts.with(|f| f.as_ref().ok().map(|f| draw(&Network::D3(f.big.clone()))))
    });
    let highlight = Memo::new(move |_| {
        if !drawing.with(|d| matches!(d, Some(Drawing::Layout(_)))) {
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
    let diagram = move || {
        drawing.with(|d| match d {
            Some(Drawing::Layout(l)) => {
                let on_node = Callback::new(move |v: Node| {
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
                        nav.commit(|s| s.subnet.set = toggle(&s.subnet.set, x));
                    }
                });
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
            Some(Drawing::TooLarge { nodes, links }) => view! {
                <p class="too-large" data-testid="diagram-too-large">
                    {format!("Too large to draw ({nodes} routers, {links} links) — the table and the check are exact.")}
                </p>
            }
            .into_any(),
            _ => ().into_any(),
        })
    };

    view! {
        <section data-testid="view-subnet" class="explorer" aria-labelledby="subnet-title">
            <h1 id="subnet-title" class="visually-hidden">"D3 sub-networks"</h1>
            <div class="column column-main">
                <section class="card controls" aria-label="Sub-network">
                    {fields}
                    {presets}
                </section>
                {results}
            </div>
            <div class="column column-side">
                <section class="card diagram-card" aria-labelledby="subnet-diagram-title">
                    <h2 id="subnet-diagram-title">"The sub-network in the wiring"</h2>
                    {diagram}
                </section>
            </div>
        </section>
    }
}

/// The port table, the check and the comparison with the paper.
fn result_cards(f: &Facts) -> impl IntoView {
    let (n, m) = (f.big.k(), f.big.m());
    let letter = if f.kind == Kind::Cabinets { "k" } else { "λ" };
    let heading = match f.kind {
        Kind::Cabinets => format!(
            "Global ports a_(j,i) = k_j − k_i mod {n}: row i is cabinet k_i, column j the port to cabinet k_j"
        ),
        Kind::Drawers => format!(
            "Local ports λ_j − λ_i mod {m}: row i is position λ_i, column j the port to position λ_j (global ports unchanged)"
        ),
    };
    let k = f.table.kappa.len();
    let mut differ = 0usize;
    let head = (0..k)
        .map(|j| view! { <th scope="col" class="num">{format!("j = {j}")}</th> })
        .collect_view();
    let rows = f
        .table
        .rows
        .iter()
        .map(|row| {
            let cells = row
                .ports
                .iter()
                .enumerate()
                .map(|(j, &a)| {
                    let printed = f
                        .printed
                        .as_ref()
                        .and_then(|p| p.entries.get(row.i as usize)?.get(j).copied().flatten());
                    let beside = printed.filter(|&p| p != a).map(|p| {
                        differ += 1;
                        view! {
                            <span class="printed-differs" data-testid="subnet-printed" title="the paper prints this entry">
                                {format!(" (paper: {p})")}
                            </span>
                        }
                    });
                    view! {
                        <td
                            class="num"
                            data-testid="subnet-port"
                            data-i=row.i.to_string()
                            data-j=j.to_string()
                            data-value=a.to_string()
                        >
                            {a}
                            {beside}
                        </td>
                    }
                })
                .collect_view();
            view! {
                <tr data-testid="subnet-row">
                    <th scope="row" class="num">{format!("i = {}, {letter}_i = {}", row.i, row.k_i)}</th>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    let comparison = f.printed.as_ref().map(|p| {
        let cells = k * k;
        let text = if differ == 0 {
            format!("All {cells} entries of {} agree with the computed ones.", p.title)
        } else {
            format!(
                "{} of {cells} entries of {} differ from k_j − k_i mod 9; each is shown beside the computed one (docs/paper-notes.md). The isomorphism check above uses the computed ports.",
                differ, p.title
            )
        };
        view! { <p class="help" data-testid="subnet-paper-compare" data-differ=differ.to_string()>{text}</p> }
    });
    let (sk, sm) = (f.small.k(), f.small.m());
    let check = match &f.check {
        Ok(c) => {
            let verdict = if c.isomorphic {
                "isomorphic"
            } else {
                "not isomorphic"
            };
            let map = match f.kind {
                Kind::Cabinets => "(i, d, p) → (k_i, d, p)",
                Kind::Drawers => "(c, i, j) → (c, λ_i, λ_j)",
            };
            view! {
                <p data-testid="subnet-check" data-isomorphic=c.isomorphic.to_string()>
                    "The map " {map} " from " <strong>{format!("D3({sk},{sm})")}</strong>
                    " into D3(" {n} "," {m} ") is "
                    <strong data-testid="subnet-verdict">{verdict}</strong>
                    " onto the sub-network: " <span data-testid="subnet-check-routers">{c.nodes}</span>
                    " routers, " <span data-testid="subnet-check-links">{c.links}</span>
                    " links, each found in D3(" {n} "," {m} "), and "
                    <span data-testid="subnet-check-induced">{c.induced_links}</span>
                    " links of D3(" {n} "," {m} ") between its routers (checked link by link)."
                </p>
            }
            .into_any()
        }
        Err(cost) => view! {
            <p class="help" data-testid="subnet-check-skipped">
                {format!(
                    "The link-by-link check would take about {cost} steps, over the page's {WEB_CHECK_LIMIT}; icn table d3-subnetwork --n {n} --m {m} --kappa … runs it."
                )}
            </p>
        }
        .into_any(),
    };
    view! {
        <section class="card results" aria-labelledby="subnet-table-title">
            <h2 id="subnet-table-title">{format!("D3({sk},{sm}) inside D3({n},{m})")}</h2>
            <p class="help" data-testid="subnet-routers">
                {format!("{} of {} routers are in the sub-network.", f.routers, f.big.node_count())}
            </p>
            {check}
            <div class="table-scroll" tabindex="0" role="region" aria-label="The port table">
                <table class="subnet-table" data-testid="subnet-table">
                    <caption>{heading}</caption>
                    <thead>
                        <tr>
                            <th scope="col"></th>
                            {head}
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            {comparison}
        </section>
    }
}
