//! A paper's table laid out as the paper prints it: one grid per group, its rows and
//! columns in the printed order, each cell the computed value with the printed one beside
//! it where they differ; or one line per cell. "Differences only" keeps the cells that
//! differ, and the rows and tables that hold one.

use icn_web::jobs::CellReport;
use icn_web_model::url::PaperLayout;
use leptos::prelude::*;

use crate::history::Nav;
use crate::url::PapersForm;

/// One group of cells as a grid: row labels, column labels (both in first-seen order) and
/// the index into the cells of each (row, column), if printed or computed.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    /// The group's name.
    pub group: String,
    /// Row labels.
    pub rows: Vec<String>,
    /// Column labels.
    pub columns: Vec<String>,
    /// `cells[r][c]`: the cell's index in the item's cells.
    pub cells: Vec<Vec<Option<usize>>>,
}

/// The cells of one item as grids, one per group, in first-seen order.
pub fn grids(cells: &[CellReport]) -> Vec<Grid> {
    let mut out: Vec<Grid> = Vec::new();
    for (i, c) in cells.iter().enumerate() {
        let g = match out.iter().position(|g| g.group == c.group) {
            Some(g) => g,
            None => {
                out.push(Grid {
                    group: c.group.clone(),
                    rows: Vec::new(),
                    columns: Vec::new(),
                    cells: Vec::new(),
                });
                out.len() - 1
            }
        };
        let grid = &mut out[g];
        let col = grid
            .columns
            .iter()
            .position(|k| *k == c.column)
            .unwrap_or_else(|| {
                grid.columns.push(c.column.clone());
                for row in &mut grid.cells {
                    row.push(None);
                }
                grid.columns.len() - 1
            });
        // The first row of this label with the column free: a label printed twice with
        // the same column (two readings of one cell) gets a row of its own, no cell lost.
        let free =
            (0..grid.rows.len()).find(|&r| grid.rows[r] == c.row && grid.cells[r][col].is_none());
        let r = free.unwrap_or_else(|| {
            grid.rows.push(c.row.clone());
            grid.cells.push(vec![None; grid.columns.len()]);
            grid.rows.len() - 1
        });
        grid.cells[r][col] = Some(i);
    }
    out
}

/// The filter and the layout, beside the paper's score; both in the URL.
pub fn controls(nav: Nav) -> impl IntoView {
    let form = nav.form::<PapersForm>();
    let diff = move || form.with(|f| f.differences_only);
    let layout = move || form.with(|f| f.layout);
    let set_layout = move |l: PaperLayout| nav.commit_form(move |f: &mut PapersForm| f.layout = l);
    view! {
        <div class="paper-controls" role="group" aria-label="Show">
            <label>
                <input
                    type="checkbox"
                    data-testid="papers-diff-only"
                    prop:checked=diff
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        nav.commit_form(move |f: &mut PapersForm| f.differences_only = on);
                    }
                />
                " Differences only"
            </label>
            <span class="paper-layout">
                <button
                    type="button"
                    data-testid="papers-layout-paper"
                    aria-pressed=move || (layout() == PaperLayout::Paper).to_string()
                    on:click=move |_| set_layout(PaperLayout::Paper)
                >
                    "As printed"
                </button>
                <button
                    type="button"
                    data-testid="papers-layout-list"
                    aria-pressed=move || (layout() == PaperLayout::List).to_string()
                    on:click=move |_| set_layout(PaperLayout::List)
                >
                    "One line per value"
                </button>
            </span>
        </div>
    }
}

/// A cell the audit counts as a difference: its computed value differs from the printed
/// one, or the paper prints a value icnplay does not compute.
pub fn is_difference(c: &CellReport) -> bool {
    matches!(c.verdict.as_str(), "differs" | "not_computed")
}

/// One cell of a grid: the computed value; where the paper prints another, that value
/// beside it and the reason on demand.
fn grid_cell(c: &CellReport) -> impl IntoView {
    let computed = c.computed.clone().unwrap_or_else(|| "—".into());
    let printed = is_difference(c).then(|| {
        let p = c.printed.clone().unwrap_or_default();
        view! {
            <span class="printed-differs" data-testid="paper-printed">{format!("paper: {p}")}</span>
        }
    });
    let note = c.note.clone().map(|n| {
        view! {
            <details class="cell-note">
                <summary>"why"</summary>
                <p>{n}</p>
            </details>
        }
    });
    let title = match c.verdict.as_str() {
        "match" => "as printed".to_string(),
        "differs" => "differs from the paper".to_string(),
        "not_printed" => "computed only: the paper prints no value here".to_string(),
        _ => "printed, not computed here".to_string(),
    };
    view! {
        <td
            class=format!("num cell-{}", c.verdict)
            data-testid="paper-grid-cell"
            data-verdict=c.verdict.clone()
            title=title
        >
            {computed}
            {printed}
            {note}
        </td>
    }
}

/// The grids of one item; with `only_diff`, the rows without a difference are left out
/// (and a grid without one altogether).
pub fn grid_tables(cells: &[CellReport], only_diff: bool, label: &str) -> impl IntoView {
    grids(cells)
        .into_iter()
        .filter_map(|g| {
            let differs =
                |r: &Vec<Option<usize>>| r.iter().flatten().any(|&i| is_difference(&cells[i]));
            let rows: Vec<usize> = (0..g.rows.len())
                .filter(|&r| !only_diff || differs(&g.cells[r]))
                .collect();
            if rows.is_empty() {
                return None;
            }
            let head = g
                .columns
                .iter()
                .map(|c| view! { <th scope="col" class="num">{c.clone()}</th> })
                .collect_view();
            let body = rows
                .into_iter()
                .map(|r| {
                    let row = g.cells[r]
                        .iter()
                        .map(|cell| match cell {
                            Some(i) => grid_cell(&cells[*i]).into_any(),
                            None => view! { <td></td> }.into_any(),
                        })
                        .collect_view();
                    view! {
                        <tr>
                            <th scope="row">{g.rows[r].clone()}</th>
                            {row}
                        </tr>
                    }
                })
                .collect_view();
            Some(view! {
                <div
                    class="table-scroll"
                    tabindex="0"
                    role="region"
                    aria-label=format!("{label}: {}", g.group)
                >
                    <table class="paper-table paper-grid" data-testid="paper-grid">
                        <caption>{g.group.clone()}</caption>
                        <thead>
                            <tr>
                                <th scope="col"></th>
                                {head}
                            </tr>
                        </thead>
                        <tbody>{body}</tbody>
                    </table>
                </div>
            })
        })
        .collect_view()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn cell(group: &str, row: &str, column: &str) -> CellReport {
        CellReport {
            group: group.into(),
            row: row.into(),
            column: column.into(),
            printed: Some("1".into()),
            computed: Some("1".into()),
            exact: None,
            verdict: "match".into(),
            note: None,
        }
    }

    #[wasm_bindgen_test]
    fn cells_fall_into_their_groups_rows_and_columns_in_printed_order() {
        // Table 3's shape: rows N = 4, 16; columns strategies; a second group, and a column
        // first seen in the second row.
        let cells = vec![
            cell("density", "N = 4", "K-1"),
            cell("density", "N = 4", "M-2"),
            cell("load", "N = 4", "K-1"),
            cell("density", "N = 16", "K-1"),
            cell("density", "N = 16", "Y-2"),
        ];
        let g = grids(&cells);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].rows, ["N = 4", "N = 16"]);
        assert_eq!(g[0].columns, ["K-1", "M-2", "Y-2"]);
        assert_eq!(
            g[0].cells,
            vec![vec![Some(0), Some(1), None], vec![Some(3), None, Some(4)]]
        );
        assert_eq!(g[1].cells, vec![vec![Some(2)]]);
        // The same place twice: a second row of that label, both cells kept.
        let twice = grids(&[
            cell("g", "r", "c"),
            cell("g", "r", "c"),
            cell("g", "r", "d"),
        ]);
        assert_eq!(twice[0].rows, ["r", "r"]);
        assert_eq!(
            twice[0].cells,
            vec![vec![Some(0), Some(2)], vec![Some(1), None]]
        );
        // Every cell once.
        let placed: usize = g
            .iter()
            .flat_map(|g| g.cells.iter().flatten())
            .filter(|c| c.is_some())
            .count();
        assert_eq!(placed, cells.len());
    }
}
