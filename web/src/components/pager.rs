//! A long table's pager: the rows shown ("Rows 33–64 of 100,002") and First, Previous,
//! Next and Last. The table renders only the rows of the page, so a table of any length
//! costs the page one page of rows.

use icn_web_model::format::group;
use leptos::prelude::*;

/// The rows a pager at `start` shows: `start..end` within `total`.
pub fn page_rows(start: usize, page_size: usize, total: usize) -> std::ops::Range<usize> {
    let start = start.min(total.saturating_sub(1) / page_size.max(1) * page_size.max(1));
    start..(start + page_size).min(total)
}

/// The pager under a table of `total` rows, `page_size` at a time, the first row shown in
/// `start`; nothing when every row fits on one page. `what` names the rows, capitalised ("Ports").
#[component]
pub fn Pager(
    total: usize,
    page_size: usize,
    start: RwSignal<usize>,
    what: &'static str,
    testid: &'static str,
) -> impl IntoView {
    if total <= page_size {
        return ().into_any();
    }
    let last = (total - 1) / page_size * page_size;
    let rows = move || page_rows(start.get(), page_size, total);
    let at_first = move || rows().start == 0;
    let at_last = move || rows().start >= last;
    let go = move |to: usize| start.set(to.min(last));
    view! {
        <div class="pager" role="group" aria-label=format!("Pages of {}", what.to_lowercase()) data-testid=testid>
            <button type="button" disabled=at_first on:click=move |_| go(0)>"First"</button>
            <button
                type="button"
                disabled=at_first
                on:click=move |_| go(rows().start.saturating_sub(page_size))
            >
                "Previous"
            </button>
            <span class="pager-range" aria-live="polite">
                {move || {
                    let r = rows();
                    format!(
                        "{what} {}–{} of {}",
                        group(r.start as u64 + 1),
                        group(r.end as u64),
                        group(total as u64),
                    )
                }}
            </span>
            <button type="button" disabled=at_last on:click=move |_| go(rows().start + page_size)>
                "Next"
            </button>
            <button type="button" disabled=at_last on:click=move |_| go(last)>"Last"</button>
        </div>
    }
    .into_any()
}
