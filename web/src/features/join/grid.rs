//! The whole network's joins: TR-88-27 Table 2 (rows X_s, columns X_t', each cell the
//! ⟨level, tree⟩ shared by its pairs) and the per-level counts beside §VII's targets.

use icn_core::topology::kyklos::GridSite;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::model::{GridData, JoinModel};
use crate::components::Term;

fn site_text(site: GridSite) -> String {
    match site {
        GridSite::LNode => "<0,0>".into(),
        GridSite::Tree { level, start } => format!("<{level},{}>", if start { 's' } else { 't' }),
        GridSite::Mixed => "mixed".into(),
    }
}

/// `<section data-testid="join-grid-card">`.
#[component]
pub fn JoinGridPanel(model: JoinModel) -> impl IntoView {
    let current = Memo::new(move |_| model.facts.with(|f| f.as_ref().map(|f| f.cell)));
    let body = move || {
        model.grid.with(|g| match g {
            Some(Ok(data)) => {
                let h = data.grid.h;
                let label = move |x: usize| format!("{x:0h$b}");
                let side = data.grid.cells.len();
                let head = (0..side)
                    .map(|c| view! { <th scope="col" class="mono">{label(c)}</th> })
                    .collect_view();
                let keys = GridKeys::new(side, current);
                let rows = grid_rows(model, data, current, keys);
                let levels = level_rows(data);
                view! {
                    <h3 class="sub" id="join-grid-caption">
                        "⟨level, tree⟩ of every partial join, by routing string (TR-88-27 Table 2)"
                    </h3>
                    <div class="grid-frame">
                        <table
                            class="join-grid"
                            data-testid="join-grid"
                            aria-labelledby="join-grid-caption"
                            aria-describedby="join-grid-keys"
                            node_ref=keys.table
                            on:keydown=move |ev| keys.on_key(&ev)
                            on:focusin=move |ev| keys.on_focus(&ev)
                        >
                            <thead>
                                <tr>
                                    <th scope="col" class="corner">"X_s ╲ X_t'"</th>
                                    {head}
                                </tr>
                            </thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </div>
                    <p class="explain">
                        <Term key="kyklos.strings" label="Y_s = X_t' cnc X_s" />" is the Y-2 string of the start tree s. s: the join is in the start tree; t: in the other tree; <0,0>: at the L-node (S and R on one node). Click a cell to choose a pair in it."
                    </p>
                    <p class="explain" id="join-grid-keys">
                        "The grid is one tab stop: the arrow keys move between its cells (Home and End to a row's ends, with Ctrl to the first and last cell), Enter or Space chooses one."
                    </p>
                    <h3 class="sub" id="join-levels-caption">
                        "Partial joins per level over all N² ordered pairs, beside §VII (Y-2 loading; level 0 is the L-nodes)"
                    </h3>
                    <div class="grid-frame">
                    <table class="formulas join-levels" aria-labelledby="join-levels-caption">
                        <thead>
                            <tr>
                                <th scope="col">"Level v"</th>
                                <th scope="col" class="num">"Nodes"</th>
                                <th scope="col" class="num">"Joins"</th>
                                <th scope="col" class="num">"§VII target"</th>
                                <th scope="col" class="num">"Per node"</th>
                                <th scope="col" class="num">"§VII target"</th>
                                <th scope="col"></th>
                            </tr>
                        </thead>
                        <tbody>{levels}</tbody>
                    </table>
                    </div>
                    <p class="explain">
                        "§VII: one partial join per S source at its L-node, N/2 at level 1 and half as many each level up, so N/2 = N/r per IB-node at every level."
                    </p>
                }
                .into_any()
            }
            Some(Err(message)) => {
                view! { <p class="too-large" data-testid="join-grid-too-large" role="status">{message.clone()}</p> }
                    .into_any()
            }
            None => view! { <p class="placeholder">"No grid: the network offers no joins."</p> }.into_any(),
        })
    };
    view! {
        <section class="card join-grid-card" data-testid="join-grid-card" aria-labelledby="join-grid-title">
            <h2 id="join-grid-title">"Join sites of the whole network"</h2>
            {body}
        </section>
    }
}

/// The keyboard inside the grid: one tab stop (a roving tabindex on the cell `focus`, the
/// current pair's cell until another is focused), arrow keys to the neighbouring cell.
#[derive(Clone, Copy)]
struct GridKeys {
    /// Cells per row (and rows).
    side: usize,
    /// The cell holding the grid's tab stop, `row * side + col`.
    focus: RwSignal<usize>,
    table: NodeRef<leptos::html::Table>,
}

impl GridKeys {
    fn new(side: usize, current: Memo<Option<(usize, usize)>>) -> Self {
        let at = move |cell: Option<(usize, usize)>| cell.map_or(0, |(r, c)| r * side + c);
        let keys = Self {
            side,
            focus: RwSignal::new(at(current.get_untracked())),
            table: NodeRef::new(),
        };
        // A pair chosen elsewhere (the fields, a click) takes the tab stop to its cell.
        Effect::new(move |_| {
            let cell = at(current.get());
            if keys.focus.get_untracked() != cell {
                keys.focus.set(cell);
            }
        });
        // One effect moves `tabindex` 0 from the cell before to the new one (not a reactive
        // attribute on every cell).
        Effect::new(move |before: Option<usize>| {
            let now = keys.focus.get();
            if let Some(before) = before.filter(|&b| b != now) {
                keys.set_tabindex(before, "-1");
                keys.set_tabindex(now, "0");
            }
            now
        });
        keys
    }

    fn button(self, i: usize) -> Option<web_sys::HtmlElement> {
        let table = self.table.get_untracked()?;
        let el: &web_sys::Element = table.unchecked_ref();
        el.query_selector(&format!("button[data-i=\"{i}\"]"))
            .ok()
            .flatten()
            .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
    }

    fn set_tabindex(self, i: usize, value: &str) {
        if let Some(b) = self.button(i) {
            let _ = b.set_attribute("tabindex", value);
        }
    }

    /// A cell focused by a click or a tap becomes the grid's tab stop.
    fn on_focus(self, ev: &web_sys::FocusEvent) {
        let cell = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.get_attribute("data-i"))
            .and_then(|i| i.parse::<usize>().ok());
        if let Some(i) = cell {
            if self.focus.get_untracked() != i {
                self.focus.set(i);
            }
        }
    }

    fn on_key(self, ev: &web_sys::KeyboardEvent) {
        if ev.meta_key() || ev.alt_key() || self.side == 0 {
            return;
        }
        let side = self.side;
        let from = self.focus.get_untracked();
        let (row, col) = (from / side, from % side);
        let ctrl = ev.ctrl_key();
        let to = match ev.key().as_str() {
            "ArrowLeft" if !ctrl => row * side + col.saturating_sub(1),
            "ArrowRight" if !ctrl => row * side + (col + 1).min(side - 1),
            "ArrowUp" if !ctrl => row.saturating_sub(1) * side + col,
            "ArrowDown" if !ctrl => (row + 1).min(side - 1) * side + col,
            "Home" if ctrl => 0,
            "End" if ctrl => side * side - 1,
            "Home" => row * side,
            "End" => row * side + side - 1,
            _ => return,
        };
        ev.prevent_default();
        self.focus.set(to);
        if let Some(b) = self.button(to) {
            let _ = b.focus();
        }
    }
}

/// Table 2's rows: one button per cell, the current pair's cell pressed.
fn grid_rows(
    model: JoinModel,
    data: &GridData,
    current: Memo<Option<(usize, usize)>>,
    keys: GridKeys,
) -> impl IntoView {
    let side = keys.side;
    let stop = keys.focus.get_untracked();
    let h = data.grid.h;
    let label = move |x: usize| format!("{x:0h$b}");
    data.grid
        .cells
        .iter()
        .enumerate()
        .map(|(row, cells)| {
            let tds = cells
                .iter()
                .enumerate()
                .map(|(col, cell)| {
                    let text = site_text(cell.site);
                    let here = move || current.get() == Some((row, col));
                    let kind = match cell.site {
                        GridSite::Tree { level, .. } => format!("lv{}", level.min(9)),
                        _ => "lv0".to_string(),
                    };
                    let title = format!(
                        "X_s = {}, X_t' = {}: {} ({} ordered pairs); click to choose such a pair",
                        label(row),
                        label(col),
                        text,
                        cell.pairs
                    );
                    view! {
                        <td class=format!("join-cell {kind}") class:current=here>
                            <button
                                type="button"
                                class="cell-button mono"
                                data-testid="join-cell"
                                data-row=label(row)
                                data-col=label(col)
                                data-i=row * side + col
                                tabindex=if row * side + col == stop { "0" } else { "-1" }
                                aria-pressed=move || if here() { "true" } else { "false" }
                                title=title
                                on:click=move |_| model.pick_cell(row, col)
                            >
                                {text.clone()}
                            </button>
                        </td>
                    }
                })
                .collect_view();
            view! {
                <tr>
                    <th scope="row" class="mono">{label(row)}</th>
                    {tds}
                </tr>
            }
        })
        .collect_view()
}

/// The per-level counts beside §VII's targets.
fn level_rows(data: &GridData) -> impl IntoView {
    data
        .rows
        .iter()
        .map(|r| {
            let per_node = if r.min_per_node == r.max_per_node {
                r.min_per_node.to_string()
            } else {
                format!("{}–{}", r.min_per_node, r.max_per_node)
            };
            let ok = r.joins == r.paper_joins
                && r.min_per_node == r.paper_per_node
                && r.max_per_node == r.paper_per_node;
            view! {
                <tr class=if ok { "agree" } else { "differ" } data-testid="join-level-row" data-level=r.level>
                    <th scope="row">{if r.level == 0 { "0 (L)".to_string() } else { r.level.to_string() }}</th>
                    <td class="num">{r.nodes}</td>
                    <td class="num" data-testid="join-level-joins">{r.joins}</td>
                    <td class="num">{r.paper_joins}</td>
                    <td class="num" data-testid="join-level-per-node">{per_node}</td>
                    <td class="num">{r.paper_per_node}</td>
                    <td class="verdict">{if ok { "as §VII" } else { "differs" }}</td>
                </tr>
            }
        })
        .collect_view()
}
