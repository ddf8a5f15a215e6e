//! The sub-network view's results: the port table beside the paper's, and the
//! isomorphism check.

use leptos::prelude::*;

use super::model::{Facts, Kind, WEB_CHECK_LIMIT};
use crate::components::TermList;
use icn_core::Graph;

/// The notation the results use.
const TERMS: &[&str] = &[
    "d3.subnet",
    "d3.kappa",
    "d3.lambda",
    "d3.port-table",
    "d3.address",
];

/// The port table, the check and the comparison with the paper.
pub fn result_cards(f: &Facts) -> impl IntoView {
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
    let head = (0..k)
        .map(|j| view! { <th scope="col" class="num">{format!("j = {j}")}</th> })
        .collect_view();
    let (rows, differ) = port_rows(f, letter);
    let comparison = f.printed.as_ref().map(|p| {
        let cells = k * k;
        let text = if differ == 0 {
            format!("All {cells} entries of {} agree with the computed ones.", p.title)
        } else {
            format!(
                "{} of {cells} entries of {} differ from k_j − k_i mod {n}; each is shown beside the computed one (docs/paper-notes.md). The isomorphism check above uses the computed ports.",
                differ, p.title
            )
        };
        view! { <p class="help" data-testid="subnet-paper-compare" data-differ=differ.to_string()>{text}</p> }
    });
    let (sk, sm) = (f.small.k(), f.small.m());
    let check = check_view(f);
    view! {
        <section class="card results" aria-labelledby="subnet-table-title">
            <h2 id="subnet-table-title">{format!("D3({sk},{sm}) inside D3({n},{m})")}</h2>
            <p class="help" data-testid="subnet-routers">
                {format!("{} of {} routers are in the sub-network.", f.routers, f.big.node_count())}
            </p>
            <TermList keys=TERMS />
            {check}
            // The caption stands outside the scrolling box: inside it, it was as wide as the
            // table and clipped with it on a phone.
            <p class="table-caption" id="subnet-table-caption" data-testid="subnet-table-caption">
                {heading}
            </p>
            <div class="table-scroll" tabindex="0" role="region" aria-label="The port table">
                <table
                    class="subnet-table"
                    data-testid="subnet-table"
                    aria-labelledby="subnet-table-caption"
                >
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

/// The port table's rows, each entry with the paper's beside it where they differ; and how
/// many differ.
fn port_rows(f: &Facts, letter: &'static str) -> (impl IntoView, usize) {
    let mut differ = 0usize;
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
                    <th scope="row" class="num">
                        <span>{format!("i = {},", row.i)}</span>
                        " "
                        <span>{format!("{letter}_i = {}", row.k_i)}</span>
                    </th>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    (rows, differ)
}

/// The isomorphism check's verdict, or why it was not run here.
fn check_view(f: &Facts) -> AnyView {
    let (n, m) = (f.big.k(), f.big.m());
    let (sk, sm) = (f.small.k(), f.small.m());
    match &f.check {
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
    }
}
