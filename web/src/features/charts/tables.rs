//! The data tables of the Lens, Hypercycle, Dragonfly and any-network charts: the rows of
//! `icn chart NAME --format csv`, one table row each.

use icn_core::charts::{
    ChartData, D3MdfChart, HcDistancesChart, HcLoadsChart, HcSimChart, LensDistancesChart,
    LensLoadsChart, NetDistancesChart, NetLoadsChart,
};
use leptos::prelude::*;

use crate::charts::short_number;

fn num(x: f64) -> String {
    x.to_string()
}

/// Head cells; a name starting with `#` is numeric (right-aligned).
fn head(cols: &[&'static str]) -> impl IntoView {
    let cells = cols
        .iter()
        .map(|c| match c.strip_prefix('#') {
            Some(name) => view! { <th scope="col" class="num">{name}</th> }.into_any(),
            None => view! { <th scope="col">{*c}</th> }.into_any(),
        })
        .collect_view();
    view! { <thead><tr>{cells}</tr></thead> }
}

/// One row: text cells, then numeric ones.
fn row(text: Vec<String>, nums: Vec<String>, series: String) -> impl IntoView {
    let t = text
        .into_iter()
        .map(|c| view! { <td>{c}</td> })
        .collect_view();
    let n = nums
        .into_iter()
        .map(|c| view! { <td class="num">{c}</td> })
        .collect_view();
    view! { <tr data-series=series>{t}{n}</tr> }
}

/// The table body of a Lens, Hypercycle or Dragonfly chart (nothing for the others).
pub fn family_table(data: ChartData) -> AnyView {
    match data {
        ChartData::LensLoads(_) | ChartData::LensDistances(_) => lens_table(data),
        ChartData::HcDistances(_) | ChartData::HcLoads(_) | ChartData::HcSim(_) => {
            hypercycle_table(data)
        }
        ChartData::D3Mdf(_) => d3_table(data),
        ChartData::NetDistances(_) | ChartData::NetLoads(_) => network_table(data),
        _ => ().into_any(),
    }
}

/// The Lens charts' tables.
fn lens_table(data: ChartData) -> AnyView {
    match data {
        ChartData::LensLoads(LensLoadsChart { rows }) => {
            let trs = rows
                .into_iter()
                .map(|r| {
                    row(
                        vec![r.lens.clone(), r.kind.clone()],
                        vec![num(r.load), r.nodes.to_string()],
                        format!("{} {}", r.lens, r.kind),
                    )
                })
                .collect_view();
            view! { {head(&["Lens", "Kind", "#Load", "#Nodes"])}<tbody>{trs}</tbody> }.into_any()
        }
        ChartData::LensDistances(LensDistancesChart { rows }) => {
            let trs = rows
                .into_iter()
                .map(|r| {
                    row(
                        vec![r.lens.clone()],
                        vec![
                            r.distance.to_string(),
                            r.ordered_pairs.to_string(),
                            short_number(r.average),
                        ],
                        r.lens,
                    )
                })
                .collect_view();
            view! {
                {head(&["Lens", "#Distance (busses)", "#Ordered pairs", "#Mean"])}
                <tbody>{trs}</tbody>
            }
            .into_any()
        }
        _ => ().into_any(),
    }
}

/// The Hypercycle charts' tables.
fn hypercycle_table(data: ChartData) -> AnyView {
    match data {
        ChartData::HcDistances(HcDistancesChart { rows, .. }) => {
            let trs = rows
                .into_iter()
                .map(|r| {
                    row(
                        vec![],
                        vec![
                            r.distance.to_string(),
                            r.ordered_pairs.to_string(),
                            short_number(r.average),
                        ],
                        String::new(),
                    )
                })
                .collect_view();
            view! { {head(&["#Distance", "#Ordered pairs", "#Mean"])}<tbody>{trs}</tbody> }
                .into_any()
        }
        ChartData::HcLoads(HcLoadsChart { results }) => {
            let trs = results
                .into_iter()
                .flat_map(|r| {
                    let routing = r.routing.clone();
                    r.classes.into_iter().map(move |c| {
                        row(
                            vec![routing.clone()],
                            vec![
                                c.dimension.to_string(),
                                c.step.to_string(),
                                c.channels.to_string(),
                                num(c.load),
                            ],
                            routing.clone(),
                        )
                    })
                })
                .collect_view();
            view! {
                {head(&["Routing", "#Dimension", "#Step", "#Channels", "#Load per channel"])}
                <tbody>{trs}</tbody>
            }
            .into_any()
        }
        ChartData::HcSim(HcSimChart { report }) => {
            let trs = report
                .points
                .into_iter()
                .map(|p| {
                    row(
                        vec![p.policy.name().to_string()],
                        vec![
                            num(p.offered_load),
                            short_number(p.carried_load),
                            p.measured.to_string(),
                            p.mean_delay.map_or_else(|| "—".into(), short_number),
                            p.mean_attempts.map_or_else(|| "—".into(), short_number),
                            if p.saturated { "yes" } else { "" }.to_string(),
                        ],
                        p.policy.name().to_string(),
                    )
                })
                .collect_view();
            view! {
                {head(&["Policy", "#Offered load", "#Carried load", "#Requests", "#Mean delay (×100 ticks)", "#Attempts", "#Cut short"])}
                <tbody>{trs}</tbody>
            }
            .into_any()
        }
        _ => ().into_any(),
    }
}

/// The D3-against-MDF chart's table.
fn d3_table(data: ChartData) -> AnyView {
    match data {
        ChartData::D3Mdf(D3MdfChart { result }) => {
            let r = *result;
            let mut trs = Vec::new();
            for (name, s) in [("D3", &r.d3), ("MDF", &r.mdf)] {
                for (d, &c) in s.distance_distribution.iter().enumerate().skip(1) {
                    trs.push(row(
                        vec![name.into(), s.spec.clone(), "distance".into()],
                        vec![d.to_string(), c.to_string()],
                        name.into(),
                    ));
                }
                for (what, k) in [("local load", &s.local), ("global load", &s.global)] {
                    for c in &k.distribution {
                        trs.push(row(
                            vec![name.into(), s.spec.clone(), what.into()],
                            vec![num(c.load), c.channels.to_string()],
                            name.into(),
                        ));
                    }
                }
            }
            view! {
                {head(&["Network", "Spec", "Quantity", "#Value", "#Pairs or channels"])}
                <tbody>{trs.collect_view()}</tbody>
            }
            .into_any()
        }
        _ => ().into_any(),
    }
}

/// The any-network charts' tables: the CSV's values, as printed there.
fn network_table(data: ChartData) -> AnyView {
    match data {
        ChartData::NetDistances(NetDistancesChart { rows, unit, .. }) => {
            // The paper's unit first where it is not a link (the Lens's busses), as the CSV.
            let in_hops = unit.is_some();
            let trs = rows
                .into_iter()
                .map(|r| {
                    let opt = |x: Option<String>| x.unwrap_or_default();
                    let cells = if in_hops {
                        vec![
                            opt(r.hops.map(|h| h.to_string())),
                            r.distance.to_string(),
                            r.ordered_pairs.to_string(),
                            num(r.share),
                            opt(r.average_hops.map(num)),
                            num(r.average),
                        ]
                    } else {
                        vec![
                            r.distance.to_string(),
                            r.ordered_pairs.to_string(),
                            num(r.share),
                            num(r.average),
                        ]
                    };
                    row(vec![], cells, String::new())
                })
                .collect_view();
            let cols: &[&'static str] = if in_hops {
                &[
                    "#Distance (busses)",
                    "#Links",
                    "#Ordered pairs",
                    "#Share (%)",
                    "#Mean (busses)",
                    "#Mean (links)",
                ]
            } else {
                &["#Distance", "#Ordered pairs", "#Share (%)", "#Mean"]
            };
            view! {
                {head(cols)}
                <tbody>{trs}</tbody>
            }
            .into_any()
        }
        ChartData::NetLoads(NetLoadsChart { rows, .. }) => {
            let trs = rows
                .into_iter()
                .map(|r| {
                    row(
                        vec![r.strategy.clone()],
                        vec![r.percentile.to_string(), num(r.load), num(r.mean)],
                        r.strategy,
                    )
                })
                .collect_view();
            view! {
                {head(&["Strategy", "#Percentile (%)", "#Load", "#Mean"])}
                <tbody>{trs}</tbody>
            }
            .into_any()
        }
        _ => ().into_any(),
    }
}
