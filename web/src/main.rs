//! icnplay in the browser: install the panic hook, mount the app. Nothing else.

mod app;
mod charts;
mod components;
mod compute;
mod diagram;
mod fatal;
mod features;
mod history;
mod limits;
mod networks;
mod url;

fn main() {
    fatal::install();
    app::mount();
}
