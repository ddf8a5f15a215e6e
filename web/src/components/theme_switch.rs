//! The header's light / dark / auto switch: three toggle buttons, the choice kept in the URL
//! (`theme=`, through [`Nav::set_theme`]) and applied at once to `<html data-theme>`, as
//! static/page.js does on load.

use leptos::prelude::*;

use crate::history::Nav;
use crate::url::Theme;

/// The switch (`role="group"`, one `aria-pressed` button per theme).
#[component]
pub fn ThemeSwitch(nav: Nav) -> impl IntoView {
    let (theme, set_theme) = signal(nav.presentation.with_value(|p| p.theme));
    let button = move |t: Theme, label: &'static str, title: &'static str| {
        view! {
            <button
                type="button"
                class="theme-choice"
                data-testid=format!("theme-{}", t.slug())
                title=title
                aria-pressed=move || (theme.get() == t).to_string()
                on:click=move |_| {
                    set_theme.set(t);
                    nav.set_theme(t);
                }
            >
                {label}
            </button>
        }
    };
    view! {
        <div class="theme-switch" role="group" aria-label="Colour theme" data-testid="theme-switch">
            {button(Theme::Auto, "Auto", "Follow the system's light or dark mode")}
            {button(Theme::Light, "Light", "Always light")}
            {button(Theme::Dark, "Dark", "Always dark")}
        </div>
    }
}
