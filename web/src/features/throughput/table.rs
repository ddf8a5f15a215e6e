//! The link-load table: every channel by its addresses, with its load at injection rate 1
//! (exact where it is a fraction, and its decimal) and its share of the busiest's, sorted
//! by any column (a header's button; `sort=`), a page at a time. A row under the pointer or
//! the focus lights its channel on the diagram; a row clicked stays lit (`link=`). The
//! whole table downloads as CSV, its numbers those of `icn throughput --channels`.

use icn_web::jobs::{ThroughputReport, TABLE_CHANNELS};
use icn_web_model::format::group;
use icn_web_model::link_loads::{csv, load_text, share, share_text, ChannelLoad, Column};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::model::ThroughputModel;
use crate::components::{page_rows, FieldError, Pager};

/// Rows a page.
const PAGE: usize = 50;

/// The table's card: nothing before the report; the reason there is no table when the
/// network has more channels than a report lists.
pub fn table_card(m: ThroughputModel) -> Option<AnyView> {
    let r = m.report.get()?;
    if r.channel_count == 0 {
        return None;
    }
    let intro = "Load: the flits per cycle a channel carries when every endpoint injects \
                 1 flit per cycle (docs/throughput.md); the busiest bounds the throughput at \
                 1 / its load.";
    let body = if r.channels.is_empty() {
        view! {
            <p class="help" data-testid="link-too-many">
                {format!(
                    "This network has {} channels; the table lists up to {}. \
                     icn throughput '{}' --routing {} --traffic '{}' --channels lists them all.",
                    group(r.channel_count as u64),
                    group(TABLE_CHANNELS as u64),
                    r.ask.spec,
                    r.ask.routing,
                    r.ask.traffic,
                )}
            </p>
        }
        .into_any()
    } else {
        table(m, &r).into_any()
    };
    Some(
        view! {
            <section class="card link-loads" data-testid="link-loads" aria-labelledby="link-loads-title">
                <h2 id="link-loads-title">"Every channel's load"</h2>
                <p class="help">{intro}</p>
                {body}
            </section>
        }
        .into_any(),
    )
}

/// The messages about `sort=` and `link=`, the CSV button, the table and its pager.
fn table(m: ThroughputModel, r: &ThroughputReport) -> impl IntoView {
    let total = r.channels.len();
    let start = RwSignal::new(0usize);
    // The selected row's page when the selection or the order changes (a header's click
    // opens the first page before).
    Effect::new(move |_| {
        let chosen = m.link.get().ok().flatten();
        let at = chosen.and_then(|k| m.rows.with(|rows| rows.iter().position(|&x| x == k)));
        if let Some(i) = at {
            start.set(i / PAGE * PAGE);
        }
    });
    let sort_error = Signal::derive(move || m.sort.with(|s| s.1.clone()));
    let link_error = Signal::derive(move || m.link.with(|l| l.clone().err()));
    let head = Column::ALL
        .into_iter()
        .map(|c| header(m, c, start))
        .collect_view();
    let body = move || {
        let busiest = m.report.with(|r| r.as_ref().map_or(0.0, |r| r.max_load));
        m.rows.with(|rows| {
            let range = page_rows(start.get(), PAGE, rows.len());
            rows[range]
                .iter()
                .filter_map(|&k| {
                    let c = m.report.with(|r| r.as_ref()?.channels.get(k).copied())?;
                    Some(row(m, k, c, busiest))
                })
                .collect_view()
        })
    };
    view! {
        <FieldError error=sort_error id="link-sort-error" />
        <FieldError error=link_error id="link-error" />
        <p class="link-loads-tools">
            <button type="button" data-testid="link-csv" on:click=move |_| download(m)>
                "Download CSV"
            </button>
            <span class="help">
                {format!("{} channels; the same numbers: ", group(total as u64))}
                <code data-testid="link-cli">{format!(
                    "icn throughput '{}' --routing {} --traffic '{}' --channels",
                    r.ask.spec, r.ask.routing, r.ask.traffic
                )}</code>
            </span>
        </p>
        <div class="table-scroll link-loads-scroll" tabindex="0" role="region" aria-labelledby="link-loads-title">
            <table class="link-loads-table" data-testid="link-table">
                <thead><tr>{head}</tr></thead>
                <tbody
                    on:mouseover=move |ev| light(m, row_of(&ev))
                    on:mouseleave=move |_| light(m, None)
                    on:focusin=move |ev| light(m, row_of(&ev))
                    on:focusout=move |_| light(m, None)
                    on:click=move |ev| {
                        if let Some(k) = row_of(&ev) {
                            let chosen = m.link.with_untracked(|l| l.as_ref().ok() == Some(&Some(k)));
                            m.select_link((!chosen).then_some(k));
                        }
                    }>
                    {body}
                </tbody>
            </table>
        </div>
        <Pager total=total page_size=PAGE start=start what="Channels" testid="link-pager" />
    }
}

/// A column's header: a button that sorts by it (again: the other way) from the first page
/// (`start`), `aria-sort` on the column sorted by.
fn header(m: ThroughputModel, c: Column, start: RwSignal<usize>) -> impl IntoView {
    let sorted = move || {
        let s = m.sort.with(|s| s.0);
        (s.column == c).then_some(s.descending)
    };
    let aria = move || sorted().map(|d| if d { "descending" } else { "ascending" });
    let arrow = move || match sorted() {
        Some(true) => " ▼",
        Some(false) => " ▲",
        None => "",
    };
    let class = if matches!(c, Column::From | Column::To) {
        ""
    } else {
        "num"
    };
    view! {
        <th scope="col" class=class aria-sort=aria>
            <button type="button" class="sort-button" data-testid="link-sort" data-column=c.slug()
                on:click=move |_| {
                    start.set(0);
                    m.sort_by(m.sort.with_untracked(|s| s.0).clicked(c));
                }>
                {c.title()}
                <span aria-hidden="true">{arrow}</span>
            </button>
        </th>
    }
}

/// The channel of the row an event happened in.
fn row_of(ev: &web_sys::Event) -> Option<usize> {
    let el = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    let tr = el.closest("tr[data-index]").ok()??;
    tr.get_attribute("data-index")?.parse().ok()
}

/// Lights channel `k` on the diagram (`None`: the selected one, if any).
fn light(m: ThroughputModel, k: Option<usize>) {
    if m.hovered.get_untracked() != k {
        m.hovered.set(k);
    }
}

/// Channel `k`'s row (`busiest`: the busiest load). The table's body handles its events:
/// a click (or Enter on its number) selects it, or clears it when it is the one selected;
/// the pointer over it or the focus on its number lights it.
fn row(m: ThroughputModel, k: usize, (from, to, load): ChannelLoad, busiest: f64) -> impl IntoView {
    let chosen = move || m.link.with(|l| l.as_ref().ok() == Some(&Some(k)));
    let (a, b) = m.network.with_untracked(|n| match n {
        Ok(net) => (net.format_node(from), net.format_node(to)),
        Err(_) => (from.to_string(), to.to_string()),
    });
    let label = format!("Channel {k}, {a} → {b}: light it on the diagram");
    let part = share(load, busiest);
    let (exact, decimal) = load_text(load);
    let decimal = decimal.map(|d| view! { " " <span class="decimal">{d}</span> });
    view! {
        <tr data-testid="link-row" data-index=k.to_string() class:selected=chosen>
            <td class="num">
                <button type="button" class="text-button" aria-pressed=move || chosen().to_string() aria-label=label>
                    {k.to_string()}
                </button>
            </td>
            <td data-testid="link-from">{a}</td>
            <td data-testid="link-to">{b}</td>
            <td class="num" data-testid="link-load" data-value=load.to_string()>{exact}{decimal}</td>
            <td class="num" data-testid="link-share">{share_text(part)}</td>
        </tr>
    }
}

/// Saves the whole table, in its order, as `icnplay-link-loads.csv`.
fn download(m: ThroughputModel) {
    let text =
        m.report.with_untracked(|r| {
            let r = r.as_ref()?;
            m.network.with_untracked(|n| {
                let net = n.as_ref().ok()?;
                Some(m.rows.with_untracked(|rows| {
                    csv(&r.channels, rows, |v| net.format_node(v), r.max_load)
                }))
            })
        });
    let Some(text) = text else { return };
    let href = format!(
        "data:text/csv;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(&text))
    );
    let Ok(a) = document().create_element("a") else {
        return;
    };
    let _ = a.set_attribute("href", &href);
    let _ = a.set_attribute("download", "icnplay-link-loads.csv");
    if let Ok(a) = a.dyn_into::<web_sys::HtmlElement>() {
        a.click();
    }
}
