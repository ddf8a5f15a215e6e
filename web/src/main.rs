//! icnplay in the browser: install the panic hook, mount the app. Nothing else.

mod app;
mod components;
mod compute;
mod diagram;
mod history;
mod pages;
mod url;

fn main() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        app::show_fatal_error(&info.to_string());
    }));
    app::mount();
}
