//! Pan and zoom of a [`super::DiagramSvg`]: the +/−/whole buttons, Ctrl + wheel (a
//! trackpad's pinch) and two-finger pinch zoom about the pointer, dragging pans once zoomed,
//! and the drawing's width on screen (a `ResizeObserver`) by which labels too small to read
//! are hidden. The geometry is [`icn_web_model::diagram::view`]'s.

use icn_web_model::diagram::view::{View, STEP};
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{PointerEvent, WheelEvent};

/// A pointer held down on the drawing: its id and where it is (CSS px).
#[derive(Debug, Clone, Copy)]
struct Held {
    id: i32,
    x: f64,
    y: f64,
}

/// The zoom of one drawing.
#[derive(Clone, Copy)]
pub struct Zoom {
    /// The visible part.
    pub view: RwSignal<View>,
    /// The drawing's width on screen, CSS px (0 until measured or while hidden).
    pub screen_w: RwSignal<f64>,
    /// The pointers held down.
    held: StoredValue<Vec<Held>>,
    /// Whether the pointers moved since they went down (a drag: the click that ends it
    /// selects nothing).
    moved: StoredValue<bool>,
    /// The drawing.
    svg: NodeRef<leptos::svg::Svg>,
}

/// Pointer travel (CSS px) before a press becomes a drag.
const DRAG_SLOP: f64 = 4.0;

impl Zoom {
    /// The zoom of a drawing `width` × `height` units drawn by `svg`, measuring its width
    /// on screen while it lives.
    pub fn new(width: f64, height: f64, svg: NodeRef<leptos::svg::Svg>) -> Zoom {
        let zoom = Zoom {
            view: RwSignal::new(View::whole(width, height)),
            screen_w: RwSignal::new(0.0),
            held: StoredValue::new(Vec::new()),
            moved: StoredValue::new(false),
            svg,
        };
        zoom.observe_width();
        zoom
    }

    fn observe_width(self) {
        let keep = StoredValue::new_local(None::<(web_sys::ResizeObserver, Closure<dyn Fn()>)>);
        Effect::new(move |_| {
            let Some(svg) = self.svg.get() else { return };
            let el: web_sys::Element = svg.unchecked_into();
            let measured = el.clone();
            let screen_w = self.screen_w;
            let measure = move || {
                let w = measured.get_bounding_client_rect().width();
                if (screen_w.get_untracked() - w).abs() > 0.5 {
                    let _ = screen_w.try_set(w);
                }
            };
            // No measuring here: reading the box inside the first render forces a layout of
            // the page mid-task; the observer reports the width once the frame has laid
            // it out.
            let callback = Closure::<dyn Fn()>::new(measure);
            if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
                observer.observe(&el);
                keep.set_value(Some((observer, callback)));
            }
        });
        // Cleanups run before the owner's values are dropped: disconnected while the
        // closure still lives.
        on_cleanup(move || {
            if let Some(Some((observer, _))) = keep.try_update_value(Option::take) {
                observer.disconnect();
            }
        });
    }

    /// The fraction of the drawing's on-screen box at a client point, or `None` before it
    /// is laid out.
    fn fraction(self, cx: f64, cy: f64) -> Option<(f64, f64)> {
        let svg = self.svg.get_untracked()?;
        let r = svg.get_bounding_client_rect();
        (r.width() > 0.0 && r.height() > 0.0)
            .then(|| ((cx - r.left()) / r.width(), (cy - r.top()) / r.height()))
    }

    /// Zooms by `factor` about the middle (buttons, keys).
    pub fn by(self, factor: f64) {
        self.view.update(|v| *v = v.zoomed_centre(factor));
    }

    /// Back to the whole drawing.
    pub fn whole(self) {
        self.view.update(|v| *v = View::whole(v.full_w, v.full_h));
    }

    /// Ctrl/⌘ + wheel (and a trackpad's pinch, sent as one) zooms about the pointer; a
    /// plain wheel scrolls the page.
    pub fn on_wheel(self, ev: &WheelEvent) {
        if !(ev.ctrl_key() || ev.meta_key()) {
            return;
        }
        ev.prevent_default();
        let Some((fx, fy)) = self.fraction(f64::from(ev.client_x()), f64::from(ev.client_y()))
        else {
            return;
        };
        // Lines and pages count as about 40 px.
        let dy = if ev.delta_mode() == 0 {
            ev.delta_y()
        } else {
            40.0 * ev.delta_y()
        };
        let factor = (-dy * 0.01).clamp(-1.0, 1.0).exp();
        self.view.update(|v| *v = v.zoomed(factor, v.at(fx, fy)));
    }

    /// A pointer goes down on the drawing.
    pub fn on_down(self, ev: &PointerEvent) {
        if ev.pointer_type() == "mouse" && ev.button() != 0 {
            return;
        }
        let held = Held {
            id: ev.pointer_id(),
            x: f64::from(ev.client_x()),
            y: f64::from(ev.client_y()),
        };
        self.held.update_value(|h| {
            h.retain(|p| p.id != held.id);
            h.push(held);
            if h.len() == 1 {
                self.moved.set_value(false);
            }
        });
    }

    /// A pointer moves: one pans (once zoomed in), two pinch.
    pub fn on_move(self, ev: &PointerEvent) {
        let id = ev.pointer_id();
        let (x, y) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
        let before = self.held.with_value(Clone::clone);
        let Some(i) = before.iter().position(|p| p.id == id) else {
            return;
        };
        let Some(svg) = self.svg.get_untracked() else {
            return;
        };
        let r = svg.get_bounding_client_rect();
        if r.width() <= 0.0 {
            return;
        }
        let (dx, dy) = (x - before[i].x, y - before[i].y);
        if !self.moved.get_value() {
            if dx.hypot(dy) < DRAG_SLOP {
                return;
            }
            self.moved.set_value(true);
            // Captured only once dragging, so that a plain click still reaches its node.
            let _ = svg.set_pointer_capture(id);
        }
        match before.as_slice() {
            [_] => self.view.update(|v| {
                let scale = v.w / r.width();
                *v = v.panned(-dx * scale, -dy * scale);
            }),
            [a, b] => {
                let other = if i == 0 { b } else { a };
                let was = (before[i].x - other.x).hypot(before[i].y - other.y);
                let now = (x - other.x).hypot(y - other.y);
                let mid = ((x + other.x) / 2.0, (y + other.y) / 2.0);
                if was > 1.0 {
                    if let Some((fx, fy)) = self.fraction(mid.0, mid.1) {
                        self.view.update(|v| *v = v.zoomed(now / was, v.at(fx, fy)));
                    }
                }
            }
            _ => {}
        }
        self.held.update_value(|h| {
            if let Some(p) = h.iter_mut().find(|p| p.id == id) {
                (p.x, p.y) = (x, y);
            }
        });
    }

    /// A pointer goes up or is cancelled (the browser took the gesture: a page scroll).
    pub fn on_up(self, ev: &PointerEvent) {
        let id = ev.pointer_id();
        self.held.update_value(|h| h.retain(|p| p.id != id));
    }

    /// Whether the click now arriving ends a drag (and so selects nothing).
    pub fn was_drag(self) -> bool {
        self.moved.get_value()
    }

    /// The keys of a focused drawing: `+`/`=` closer, `-` farther, `0` the whole drawing.
    /// Whether the key was one of them.
    pub fn on_key(self, key: &str) -> bool {
        match key {
            "+" | "=" => self.by(STEP),
            "-" | "_" => self.by(1.0 / STEP),
            "0" => self.whole(),
            _ => return false,
        }
        true
    }
}

/// Whether labels of `font` user units read (at least 11 px on screen) at the zoom now.
pub fn legible(zoom: Zoom, font: f64) -> Memo<bool> {
    Memo::new(move |_| {
        let w = zoom.screen_w.get();
        zoom.view.with(|v| v.legible(font, w))
    })
}

/// The zoom buttons over a drawing.
pub fn zoom_bar(zoom: Zoom) -> impl IntoView {
    zoom_bar_named(zoom, "zoom")
}

/// The zoom buttons over a drawing, their test ids `{name}-in`, `{name}-out`,
/// `{name}-whole` and `{name}-level` (a page with several drawings tells them apart).
pub fn zoom_bar_named(zoom: Zoom, name: &'static str) -> impl IntoView {
    let whole = move || zoom.view.with(View::is_whole);
    let percent = move || format!("{:.0}%", zoom.view.with(View::zoom) * 100.0);
    view! {
        <div
            class="zoom-bar"
            role="group"
            aria-label="Zoom the diagram"
            title="Ctrl + wheel or pinch zooms; drag pans when zoomed; + − 0 on a focused node"
        >
            <button type="button" data-testid=format!("{name}-in") aria-label="Zoom in" on:click=move |_| zoom.by(STEP)>"+"</button>
            <button type="button" data-testid=format!("{name}-out") aria-label="Zoom out" disabled=whole on:click=move |_| zoom.by(1.0 / STEP)>"−"</button>
            <button type="button" data-testid=format!("{name}-whole") aria-label="Show the whole diagram" disabled=whole on:click=move |_| zoom.whole()>"Fit"</button>
            <span class="zoom-level" data-testid=format!("{name}-level") aria-live="polite">{percent}</span>
        </div>
    }
}
