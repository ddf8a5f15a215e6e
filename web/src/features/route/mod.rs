//! The route explorer (`?view=route`): a topology, two nodes and a strategy in; distance,
//! path counts, paths, a diagram and the network's facts out. `model` holds the chain of
//! memos, `kyklos` the KYKLOS panels' memos; the other modules are the view's parts, which
//! only display them.

mod d3_glgl;
mod d3_panel;
mod graph_field;
mod info_panel;
mod kyklos;
mod model;
mod results;
mod route_fields;
mod routing_strings;
mod strategy_compare;
mod strings;
mod topology_fields;

use leptos::prelude::*;

use self::d3_panel::D3Panel;
use self::info_panel::InfoPanel;
use self::kyklos::KyklosPanels;
pub use self::model::RouteModel;
use self::results::ResultsPanel;
use self::route_fields::RouteFields;
use self::routing_strings::RoutingStrings;
use self::strategy_compare::StrategyCompare;
use self::topology_fields::TopologyFields;
use crate::components::{CostGate, DiagramPanel, Opened, PathList};
use crate::history::Nav;
use crate::url::View;

/// The route explorer page.
#[component]
pub fn RouteExplorer(nav: Nav) -> impl IntoView {
    let model = RouteModel::new(nav);
    if nav.panel(View::Route).is_some() {
        return route_figure(model).into_any();
    }
    let panels = KyklosPanels::new(model);
    let compare = move || {
        panels
            .active
            .get()
            .then(|| view! { <StrategyCompare panels=panels /> })
    };
    let strings = move || {
        panels
            .active
            .get()
            .then(|| view! { <RoutingStrings panels=panels /> })
    };
    view! {
        <section data-testid="view-route" class="explorer" aria-labelledby="explorer-title">
            <h1 id="explorer-title" class="visually-hidden">"Route explorer"</h1>
            <div class="column column-main">
                <section class="card controls" aria-label="Network and route">
                    <TopologyFields model=model />
                    <RouteFields model=model />
                </section>
                <CostGate
                    gate=model.gate
                    on_confirm=Callback::new(move |spec| model.confirmed.set(Some(spec)))
                />
                <ResultsPanel model=model />
            </div>
            <div class="column column-side">
                <DiagramPanel
                    drawing=model.drawing
                    matrix=model.matrix
                    focus=model.focus
                    highlight=model.highlight
                    click_mode=model.click_mode
                    on_node=Callback::new(move |v| model.click_node(v))
                    opened=Opened::of(model.nav)
                />
                {compare}
                {strings}
                <PathList
                    route=model.route
                    path_texts=model.path_texts
                    selected=model.selected
                    show_more=model.show_more
                    on_pick=Callback::new(move |path: Vec<icn_core::Node>| model.pick_path(&path))
                />
                <D3Panel model=model />
                <InfoPanel model=model />
            </div>
        </section>
    }
    .into_any()
}

/// The figure-first embed (`panel=diagram`): the diagram with the picked path, the route's
/// distance and path count in a line, From, To and the strategy under it.
fn route_figure(model: RouteModel) -> impl IntoView {
    let summary = move || {
        model.route.with(|r| {
            let r = r.as_ref()?;
            let hops = if r.length == 1 { "hop" } else { "hops" };
            let count = r.path_count.to_string();
            let paths = if count == "1" { "path" } else { "paths" };
            Some(view! {
                <p class="figure-summary" data-testid="figure-summary">
                    <span data-testid="distance">{r.length}</span> {format!(" {hops}, ")}
                    <span data-testid="path-count">{count}</span> {format!(" {paths}")}
                </p>
            })
        })
    };
    view! {
        <section data-testid="view-route" class="figure-first" data-panel="diagram" aria-labelledby="explorer-title">
            <h1 id="explorer-title" class="visually-hidden">"Route explorer"</h1>
            <DiagramPanel
                drawing=model.drawing
                matrix=model.matrix
                focus=model.focus
                highlight=model.highlight
                click_mode=model.click_mode
                on_node=Callback::new(move |v| model.click_node(v))
                opened=Opened::of(model.nav)
            />
            {summary}
            <CostGate
                gate=model.gate
                on_confirm=Callback::new(move |spec| model.confirmed.set(Some(spec)))
            />
            <section class="card controls figure-controls" aria-label="Route">
                <RouteFields model=model />
            </section>
        </section>
    }
}
