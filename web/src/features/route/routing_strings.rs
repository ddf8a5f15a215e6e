//! KYKLOS: TR-88-27 §V's routing strings of the pair, bit by bit, as in the paper's
//! Examples 1 and 2: S, D and X by dimension with the slices ruled off, X_t and X_t',
//! then Y_t and D_t by level. The highest 1 of each string decides a climb; the D_t digits
//! below it are the branches taken on the way down.

use leptos::prelude::*;

use super::kyklos::KyklosPanels;
use super::strings::{BitBlock, BitRow, Mark};
use crate::components::Term;

fn cell_class(mark: Mark, boundary: bool) -> String {
    let mark = match mark {
        Mark::Plain => "bit",
        Mark::Differs => "bit differs",
        Mark::Decides => "bit decides",
        Mark::Branch => "bit branch",
    };
    if boundary {
        format!("{mark} rule")
    } else {
        mark.to_string()
    }
}

fn row_view(row: &BitRow) -> impl IntoView {
    let cells = row
        .cells
        .iter()
        .map(|c| {
            view! {
                <span class=cell_class(c.mark, c.boundary) title=c.title.clone()>{c.ch.to_string()}</span>
            }
        })
        .collect_view();
    view! {
        <span class="bits-label">{row.label.clone()}</span>
        <span class="bits-cells mono" data-testid=format!("string-{}", row.key) data-text=row.text.clone()>
            {cells}
        </span>
        <span class="bits-note">{row.note.clone()}</span>
    }
}

fn block_view(block: &BitBlock) -> impl IntoView {
    let header = block
        .columns
        .iter()
        .zip(&block.boundaries)
        .map(|(c, &b)| {
            view! { <span class=if b { "bit head rule" } else { "bit head" }>{c.to_string()}</span> }
        })
        .collect_view();
    let rows = block.rows.iter().map(row_view).collect_view();
    view! {
        <span class="bits-label head">{block.header}</span>
        <span class="bits-cells mono" aria-hidden="true">{header}</span>
        <span class="bits-note"></span>
        {rows}
    }
}

/// `<section data-testid="strings">`.
#[component]
pub fn RoutingStrings(panels: KyklosPanels) -> impl IntoView {
    let body = move || {
        panels.strings.with(|s| match s {
            Some(v) => {
                let slices = (!v.slices.is_empty()).then(|| {
                    let chips = v
                        .slices
                        .iter()
                        .map(|(label, text)| {
                            view! {
                                <li>
                                    {format!("{label} = ")}
                                    <code data-testid="string-slice" data-label=label.clone()>{text.clone()}</code>
                                </li>
                            }
                        })
                        .collect_view();
                    view! { <ul class="slice-list" aria-label="Slices X_t and their inversions X_t'">{chips}</ul> }
                });
                let y2 = v
                    .y2
                    .clone()
                    .map(|text| view! { <p class="y2-summary" data-testid="string-y2">{text}</p> });
                view! {
                    <div class="bits" role="group" aria-label="S, D and X by dimension, then Y_t and D_t by level">
                        {block_view(&v.digits)}
                        {slices}
                        {block_view(&v.levels)}
                    </div>
                    {y2}
                    <ul class="legend bits-legend" aria-hidden="true">
                        <li><span class="bit differs">"1"</span>"digits differ"</li>
                        <li><span class="bit decides">"1"</span>"highest 1: decides how far up"</li>
                        <li><span class="bit branch">"1"</span>"branch taken going down (0 left, 1 right)"</li>
                        <li><span class="bit rule">" "</span>"slice boundary"</li>
                    </ul>
                }
                .into_any()
            }
            None => view! {
                <p class="placeholder">"The strings appear once both addresses are valid L-nodes."</p>
            }
            .into_any(),
        })
    };
    view! {
        <section class="card strings-card" data-testid="strings" aria-labelledby="strings-title">
            <h2 id="strings-title">"Routing strings (TR-88-27 §V)"</h2>
            <p class="help">
                <Term key="kyklos.xor" label="X = XOR(S, D)" />" says which digits must change; Y_t is X in tree t's level order, so its highest 1 is how far tree t alone must climb; D_t gives the branch at each level on the way down. Hover a bit for what it is."
            </p>
            {body}
        </section>
    }
}
