//! A select's option for the value its state holds when the list does not offer it.

use leptos::prelude::*;

/// `<option selected>` showing `chosen` when none of `listed` is it, first in its select:
/// the select then shows what the address holds (an unknown name beside its field's error,
/// or a valid one the list does not offer) instead of silently showing its first option as
/// if it were chosen. `None` when the list holds it.
pub fn unlisted_option<'a>(
    chosen: &str,
    mut listed: impl Iterator<Item = &'a str>,
) -> Option<AnyView> {
    (!listed.any(|v| v == chosen)).then(|| {
        let label = if chosen.is_empty() {
            "(none)".to_string()
        } else {
            chosen.to_string()
        };
        view! { <option value=chosen.to_string() selected=true>{label}</option> }.into_any()
    })
}
