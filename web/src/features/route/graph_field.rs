//! The imported graph's field: the text is kept here and read on every edit; a text that
//! reads becomes the spec's `g` (and so the URL's), one that does not keeps the last
//! graph and says where it is wrong.

use icn_core::io::graph_text;
use icn_core::topology::imported::Imported;
use icn_core::Network;
use leptos::prelude::*;

use super::model::RouteModel;
use crate::components::GraphText;

/// The longest graph code the page puts in its link (docs/topologies/graph.md).
pub const MAX_LINK_CODE: usize = 60_000;

/// What reading `text` gives: the code to put in the spec, or the message to show.
fn read(text: &str) -> Result<String, String> {
    let g = Imported::from_text(text).map_err(|e| e.to_string())?;
    let code = g.code();
    if code.len() > MAX_LINK_CODE {
        return Err(format!(
            "this graph needs {} characters in the page's link, more than the {MAX_LINK_CODE} \
             it carries; use icn --graph FILE for it (docs/topologies/graph.md)",
            code.len()
        ));
    }
    Ok(code.to_string())
}

/// The text area of the `graph` family, in place of its `g` parameter.
pub fn graph_field(model: RouteModel) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    // A graph arriving from outside (a link, Back, the family picker) shows its text,
    // unless the text already reads as it.
    Effect::new(move |_| {
        model.network.with(|n| {
            let Ok(net) = n else {
                return;
            };
            if net.family().name != "graph" {
                return;
            }
            let shown = text
                .with_untracked(|t| Imported::from_text(t).is_ok_and(|g| Network::from(g) == *net));
            if !shown {
                text.set(graph_text(net));
                error.set(None);
            }
        });
    });
    let take = move |t: String, typed: bool| {
        let result = read(&t);
        text.set(t);
        match result {
            Ok(code) => {
                error.set(None);
                if typed {
                    model.edit("g", move |f| f.set_param("g", &code));
                } else {
                    model.commit(move |f| f.set_param("g", &code));
                }
            }
            Err(message) => error.set(Some(message)),
        }
    };
    view! {
        <GraphText
            text=text
            error=error
            on_input=Callback::new(move |t| take(t, true))
            on_load=Callback::new(move |t| take(t, false))
        />
    }
}
