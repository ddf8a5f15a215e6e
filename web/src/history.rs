//! The browser side of URL state: reading `location.search`, writing history entries, and
//! [`Nav`], which keeps the [`AppState`] signal and the address bar in step.
//!
//! While a field is being typed into, the first keystroke pushes a history entry and later
//! ones replace it; a committed value (change event, select, node click) pushes one unless the
//! URL already says it. So Back undoes one edit of one field at a time.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use icn_web_model::defaults::FromNetwork;

use crate::url::{AppState, Panel, Presentation, Theme, View, ViewChoice, ViewForm};

/// How a state reaches the history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entry {
    Push,
    Replace,
}

/// The current query string, without `?` ("" if there is none or no window).
pub fn current_query() -> String {
    let search = window().location().search().unwrap_or_default();
    search.strip_prefix('?').unwrap_or(&search).to_string()
}

/// Writes `?query` to the address bar, keeping the path, so the site works under any sub-path.
fn write(query: &str, entry: Entry) {
    if entry == Entry::Push && query == current_query() {
        return;
    }
    let url = format!("?{query}");
    let Ok(history) = window().history() else {
        return;
    };
    let result = match entry {
        Entry::Push => history.push_state_with_url(&JsValue::NULL, "", Some(&url)),
        Entry::Replace => history.replace_state_with_url(&JsValue::NULL, "", Some(&url)),
    };
    if let Err(e) = result {
        leptos::logging::warn!("could not update the URL: {e:?}");
    }
}

/// Applies `change` to `state`; aggregates opened on another network are forgotten.
fn changed(state: &mut AppState, change: impl FnOnce(&mut AppState)) {
    let before = (!state.open.is_empty()).then(|| state.clone());
    change(state);
    if let Some(before) = before {
        state.forget_open(&before);
    }
}

/// The site's state and its history. Copy it into event handlers.
#[derive(Debug, Clone, Copy)]
pub struct Nav {
    /// The whole view state; read it, change it only through [`Nav`].
    pub state: ReadSignal<AppState>,
    set_state: WriteSignal<AppState>,
    /// The field being typed into, if any.
    typing: StoredValue<Option<&'static str>>,
    /// `embed`, `theme`, `id`, `v`: read once from the URL, kept in every URL written.
    pub presentation: StoredValue<Presentation>,
    /// The views left earlier in the session, each as it was left (or, for one not shown
    /// yet, fresh: made once, as the route explorer's builds its example): the navigation
    /// reopens a view that does not take the shown network as the reader left it.
    held: StoredValue<Vec<AppState>>,
}

impl Nav {
    /// Reads the state from the current URL and follows Back and Forward.
    pub fn install() -> Nav {
        let (state, set_state) = signal(AppState::from_query(&current_query(), &FromNetwork));
        let nav = Nav {
            state,
            set_state,
            typing: StoredValue::new(None),
            presentation: StoredValue::new(Presentation::from_query(&current_query())),
            held: StoredValue::new(Vec::new()),
        };
        let handle = window_event_listener(leptos::ev::popstate, move |_| nav.restore());
        on_cleanup(move || handle.remove());
        nav
    }

    /// The figure `view` shows first and alone in a figure-first embed (`embed=1&panel=…`),
    /// or `None`: the whole view.
    pub fn panel(self, view: View) -> Option<Panel> {
        self.presentation.with_value(|p| p.panel_for(view))
    }

    /// The header's switch: `theme=` in the URL (replacing the current entry: a theme is no
    /// step to go back to) and `<html data-theme>` at once (none for auto, which the
    /// stylesheet reads as the system's).
    pub fn set_theme(self, theme: Theme) {
        self.presentation.update_value(|p| p.theme = theme);
        if let Some(root) = document().document_element() {
            let _ = match theme {
                Theme::Auto => root.remove_attribute("data-theme"),
                t => root.set_attribute("data-theme", t.slug()),
            };
        }
        write(&self.query(), Entry::Replace);
    }

    /// A keystroke in `field`: the first of a run pushes an entry, the next ones replace it.
    pub fn edit(self, field: &'static str, change: impl FnOnce(&mut AppState)) {
        self.set_state.update(|s| changed(s, change));
        let entry = if self.typing.get_value() == Some(field) {
            Entry::Replace
        } else {
            Entry::Push
        };
        self.typing.set_value(Some(field));
        write(&self.query(), entry);
    }

    /// A committed value: pushes an entry unless the URL already holds this state.
    pub fn commit(self, change: impl FnOnce(&mut AppState)) {
        self.set_state.update(|s| changed(s, change));
        self.typing.set_value(None);
        write(&self.query(), Entry::Push);
    }

    /// A change the URL already implies (a pasted configuration applied on load): replaces
    /// the current entry, so Back does not return to a state that would apply it again.
    pub fn settle(self, change: impl FnOnce(&mut AppState)) {
        self.set_state.update(|s| changed(s, change));
        self.typing.set_value(None);
        write(&self.query(), Entry::Replace);
    }

    /// Opens the view state `view_query` (a link inside the site, such as one that carries
    /// the network to another view): pushes an entry.
    pub fn open(self, view_query: &str) {
        self.replace(AppState::from_query(view_query, &FromNetwork));
        self.typing.set_value(None);
        write(&self.query(), Entry::Push);
    }

    /// The address of the view state `view_query` with the presentation parameters: the
    /// `href` of a link inside the site.
    pub fn href(self, view_query: &str) -> String {
        format!(
            "?{view_query}{}",
            self.presentation.with_value(Presentation::suffix)
        )
    }

    /// The query of the current state with the presentation parameters (what the address
    /// bar holds).
    fn query(self) -> String {
        let view = self.state.with_untracked(AppState::to_query);
        format!(
            "{view}{}",
            self.presentation.with_value(Presentation::suffix)
        )
    }

    /// Back or Forward: the URL is the truth.
    fn restore(self) {
        self.typing.set_value(None);
        self.replace(AppState::from_query(&current_query(), &FromNetwork));
    }

    /// Shows `state`, holding the state it replaces when that is another view's.
    fn replace(self, state: AppState) {
        let before = self.state.with_untracked(AppState::view);
        if before != state.view() {
            let left = self.state.get_untracked();
            self.held.update_value(|held| {
                held.retain(|h| h.view() != before);
                held.push(left);
            });
        }
        self.set_state.set(state);
    }

    /// `view` as it was left earlier in the session, else fresh (as `?view=SLUG` opens it).
    pub fn left(self, view: View) -> AppState {
        let choice = ViewChoice::Known(view);
        let held = self
            .held
            .with_value(|held| held.iter().find(|h| h.view() == choice).cloned());
        held.unwrap_or_else(|| {
            let fresh = AppState::fresh(view, &FromNetwork);
            self.held.update_value(|held| held.push(fresh.clone()));
            fresh
        })
    }

    /// The navigation's link to `view` followed: the network carried where `view` takes it
    /// ([`AppState::carried_query`]), else `view` as it was left, or fresh. Pushes an entry.
    pub fn show(self, view: View) {
        let query = self
            .state
            .with_untracked(|s| s.carried_query(view, &|v| self.left(v)));
        self.open(&query);
    }

    /// The shown view's form `F`, following its changes; while another view replaces it,
    /// its last value (a view reads it only while shown).
    pub fn form<F: ViewForm>(self) -> Memo<F> {
        let state = self.state;
        Memo::new(move |last: Option<&F>| {
            state
                .with(|s| s.form::<F>().cloned())
                .or_else(|| last.cloned())
                .unwrap_or_else(F::fresh)
        })
    }

    /// [`Nav::edit`] of the shown view's form `F` (nothing when another view is shown).
    pub fn edit_form<F: ViewForm>(self, field: &'static str, change: impl FnOnce(&mut F)) {
        self.edit(field, |s| {
            if let Some(form) = s.form_mut::<F>() {
                change(form);
            }
        });
    }

    /// [`Nav::commit`] of the shown view's form `F` (nothing when another view is shown).
    pub fn commit_form<F: ViewForm>(self, change: impl FnOnce(&mut F)) {
        self.commit(|s| {
            if let Some(form) = s.form_mut::<F>() {
                change(form);
            }
        });
    }

    /// [`Nav::settle`] of the shown view's form `F` (nothing when another view is shown).
    pub fn settle_form<F: ViewForm>(self, change: impl FnOnce(&mut F)) {
        self.settle(|s| {
            if let Some(form) = s.form_mut::<F>() {
                change(form);
            }
        });
    }
}
