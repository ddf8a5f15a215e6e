//! The Swapped Dragonfly's own card in the route explorer: the source-vector header
//! `(3; γ, π, δ)` from From to To and its evolution 3 → 0 hop by hop (what the lgl route
//! follows, as `icn route d3:… --header` prints it), and the ports of the From router.
//! §10's glgl path on request (`d3_glgl`). Everything comes from core
//! ([`D3::header_trace`], [`D3::ports`]).

use icn_core::topology::d3::{HeaderTrace, Port, PortKind, Router, D3};
use icn_core::{AddressError, Node};

use crate::diagram::geometry::Point;
use leptos::prelude::*;

use super::d3_glgl::GlglSection;
use super::model::RouteModel;
use crate::components::{page_rows, ClickMode, Pager, Term};
use crate::diagram::d3::{cabinet_globals, ribbons, CabinetGlobals, Ribbons};
use crate::diagram::zoom::{legible, zoom_bar_named, Zoom};
use crate::diagram::SvgDownload;
use icn_web_model::diagram::view::View;

/// What the card shows, once the network is a D3 and From is valid.
#[derive(Debug, Clone, PartialEq)]
struct D3Facts {
    /// The network, for the pages of the port tables.
    d3: D3,
    /// The From router, printed.
    from: String,
    /// The From router (its ports are listed a page at a time: K of them).
    from_router: Router,
    /// The header to To, once To is valid.
    trace: Option<HeaderTrace>,
    /// The global wiring of From's drawer, when small enough to draw.
    ribbons: Option<Ribbons>,
    /// From's drawer `(c,d)`, printed.
    drawer: String,
    /// The global wiring internal to From's cabinet, when small enough to draw.
    cabinet: Option<CabinetGlobals>,
    /// From and To, printed.
    ends: (String, Option<String>),
    /// The To router, once To is valid.
    to_router: Option<Router>,
}

fn valid_untracked(m: Memo<Option<Result<Node, AddressError>>>) -> Option<Node> {
    m.with_untracked(|r| r.as_ref().and_then(|r| r.as_ref().ok().copied()))
}

/// The card's facts; the cabinet's drawing only when `cabinet` (it is the costly part).
fn facts(d: &D3, from: Node, to: Option<Node>, cabinet: bool) -> D3Facts {
    let r = d.router(from);
    D3Facts {
        d3: d.clone(),
        from: r.to_string(),
        from_router: r,
        trace: to.map(|t| d.header_trace(from, t)),
        ribbons: ribbons(d, r.c, r.d),
        drawer: format!("({},{})", r.c, r.d),
        cabinet: if cabinet {
            cabinet_globals(d, r.c)
        } else {
            None
        },
        ends: (r.to_string(), to.map(|t| d.router(t).to_string())),
        to_router: to.map(|t| d.router(t)),
    }
}

/// The card; nothing for other families.
///
/// A D3(16,16) card draws 16 cabinets' pills, 256 ribbons and a 256-router cabinet: too
/// much for the task that renders the rest of the explorer. The card follows the route one
/// task later, and its cabinet after the next frame: its facts (every router's port list) in
/// one task, its drawing in the next. Each shows the previous pair's facts until then, so
/// nothing blinks, and no task of the page's thread grows with all of them at once.
#[component]
pub fn D3Panel(model: RouteModel) -> impl IntoView {
    // Computed in the later tasks from the state of then (a superseded pair's task reads
    // the newer state, so the last one wins).
    let current = move |cabinet: bool| {
        let from = valid_untracked(model.from)?;
        let to = valid_untracked(model.to);
        model.network.with_untracked(|n| {
            let d = n.as_ref().ok()?.d3().ok()?;
            Some(facts(d, from, to, cabinet))
        })
    };
    let main = RwSignal::new(None::<D3Facts>);
    let cabinet_facts = RwSignal::new(None::<D3Facts>);
    Effect::new(move |_| {
        model.network.track();
        model.from.track();
        model.to.track();
        // Each later task first checks that the card still exists: the page may have moved
        // on (another view or network) and disposed the model in between.
        let gone = move || {
            main.is_disposed()
                || model.from.try_with_untracked(|_| ()).is_none()
                || model.to.try_with_untracked(|_| ()).is_none()
                || model.network.try_with_untracked(|_| ()).is_none()
        };
        later(move || {
            if gone() {
                return;
            }
            main.set(current(false));
            // After the next frame: the browser lays out the card and the cabinet's
            // drawing in two frames, not one.
            // The cabinet's facts (256 routers' port lists) are computed in one task and
            // drawn in the next, so that neither holds the thread for both.
            request_animation_frame(move || {
                later(move || {
                    if gone() {
                        return;
                    }
                    let facts = current(true);
                    later(move || {
                        if !gone() {
                            cabinet_facts.set(facts);
                        }
                    });
                })
            });
        });
    });
    let shown = Memo::new(move |_| main.with(Option::is_some));
    // A stable element keeps the card in its place in the column (display: contents).
    view! {
        <div class="d3-slot">
            {move || shown.get().then(|| card(main, cabinet_facts, model))}
        </div>
    }
}

/// Runs `f` in a task of its own, after the browser has had a chance to draw.
fn later(f: impl FnOnce() + 'static) {
    set_timeout(f, std::time::Duration::ZERO);
}

fn card(
    main: RwSignal<Option<D3Facts>>,
    cabinet_facts: RwSignal<Option<D3Facts>>,
    model: RouteModel,
) -> impl IntoView {
    let top = move || {
        main.with(|f| {
            f.as_ref()
                .map(|f| view! { {f.trace.as_ref().map(header_table)} {wiring(f)} })
        })
    };
    let drawer = move || cabinet_facts.with(|f| f.as_ref().map(|f| cabinet(f, model)));
    let bottom = move || main.with(|f| f.as_ref().map(bottom));
    view! {
        <section class="card d3" data-testid="d3-card" aria-labelledby="d3-title">
            <h2 id="d3-title">"Swapped Dragonfly"</h2>
            {top}
            <GlglSection model=model />
            {drawer}
            {bottom}
        </section>
    }
}

/// The cabinet drawing's one tab stop (From's router) and the arrow keys between its
/// routers: the focus moves to the nearest router that way, which takes the tab stop.
#[derive(Clone)]
struct Roving {
    routers: std::sync::Arc<[(String, icn_web_model::diagram::geometry::Point)]>,
    /// The drawing's zoom: the view follows the focus.
    zoom: Zoom,
}

impl Roving {
    fn new(routers: Vec<(String, icn_web_model::diagram::geometry::Point)>, zoom: Zoom) -> Roving {
        Roving {
            routers: routers.into(),
            zoom,
        }
    }

    fn roam(&self, ev: &web_sys::KeyboardEvent) {
        use icn_web_model::diagram::view::{next_point, Direction};
        use wasm_bindgen::JsCast;
        let Some(dir) = Direction::of_key(&ev.key()) else {
            return;
        };
        let Some(label) = router_of(ev) else { return };
        let Some(from) = self.routers.iter().position(|(l, _)| *l == label) else {
            return;
        };
        ev.prevent_default();
        let points: Vec<_> = self.routers.iter().map(|(_, p)| *p).collect();
        let Some(to) = next_point(&points, from, dir) else {
            return;
        };
        let svg = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let Some(svg) = svg else { return };
        let find = |l: &str| {
            svg.query_selector(&format!("[data-addr=\"{l}\"]"))
                .ok()
                .flatten()
        };
        if let (Some(old), Some(new)) = (find(&label), find(&self.routers[to].0)) {
            let _ = old.set_attribute("tabindex", "-1");
            let _ = new.set_attribute("tabindex", "0");
            if let Ok(new) = new.dyn_into::<web_sys::SvgElement>() {
                let _ = new.focus();
            }
            let at = self.routers[to].1;
            self.zoom.view.update(|v| *v = v.showing(at, 20.0));
        }
    }
}

/// The cabinet router an event happened on (its `data-addr`), if any.
fn router_of(ev: &web_sys::Event) -> Option<String> {
    use wasm_bindgen::JsCast;
    ev.target()?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .closest("[data-testid=\"d3-cabinet-router\"]")
        .ok()??
        .get_attribute("data-addr")
}

/// Rows of the port tables shown at a time: a D3 router has K + M − 2 ports, and K may be
/// in the millions.
const PORT_PAGE: usize = 32;

/// The chosen routers' global wiring and the From router's ports, a page at a time.
fn bottom(f: &D3Facts) -> impl IntoView {
    let total = f.d3.port_count(f.from_router) as usize;
    let start = RwSignal::new(0usize);
    let (d3, r) = (f.d3.clone(), f.from_router);
    let ports = move || {
        let rows = page_rows(start.get(), PORT_PAGE, total);
        d3.ports_in(r, rows.start as u32..rows.end as u32)
            .into_iter()
            .map(|q| {
                let kind = q.kind.name();
                view! {
                    <tr data-testid="d3-port" data-kind=kind data-port=q.port.to_string()>
                        <td>{kind}</td>
                        <td class="num">{q.port}</td>
                        <td data-testid="d3-port-peer"><code>{q.peer.to_string()}</code></td>
                        <td class="num">{q.arrives_on}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        {chosen_globals(f)}
        <table class="d3-ports" data-testid="d3-ports">
            <caption>
                "Ports of " <code data-testid="d3-ports-router">{f.from.clone()}</code>
                " (From): local port π leads to (c, d, p + π), global port a to (c + a, p, d)"
            </caption>
            <thead>
                <tr>
                    <th scope="col">"Kind"</th>
                    <th scope="col" class="num">"Port"</th>
                    <th scope="col">"Peer"</th>
                    <th scope="col" class="num">"Arrives on"</th>
                </tr>
            </thead>
            <tbody>{ports}</tbody>
        </table>
        <Pager total=total page_size=PORT_PAGE start=start what="Ports" testid="d3-ports-pager" />
    }
}

fn header_table(t: &HeaderTrace) -> impl IntoView {
    let v = t.vector;
    let rows = t
        .routers
        .iter()
        .enumerate()
        .map(|(i, router)| {
            let counter = 3 - i;
            let step = match t.hops.get(i) {
                Some(h) if h.moves => format!("{} port {} → {}", h.kind.name(), h.port, h.to),
                Some(h) => format!("{} port {}: holds", h.kind.name(), h.port),
                None => "arrived".to_string(),
            };
            view! {
                <tr data-testid="d3-header-row">
                    <td class="num">{i}</td>
                    <td data-testid="d3-hop-router"><code>{router.clone()}</code></td>
                    <td data-testid="d3-hop-header">
                        <code>{format!("({counter}; {}, {}, {})", v.gamma, v.pi, v.delta)}</code>
                    </td>
                    <td>{step}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="d3-header" data-testid="d3-header">
            <caption>
                <Term key="d3.header" />" " <code data-testid="d3-header-vector">{t.header.clone()}</code>
                " from " <code>{t.from.clone()}</code> " to " <code>{t.to.clone()}</code>
                ": local δ, global γ, local π; the counter counts down to 0. The lgl route takes these steps ("
                {t.moving_hops} " that move)."
            </caption>
            <thead>
                <tr>
                    <th scope="col" class="num">"Hop"</th>
                    <th scope="col">"Router"</th>
                    <th scope="col">"Header"</th>
                    <th scope="col">"Next step"</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

fn num(x: f64) -> String {
    format!("{x:.1}")
}

/// The paper's "global communications from drawer (c,d) to cabinets 0, 1, …".
fn wiring(f: &D3Facts) -> impl IntoView {
    let Some(r) = f.ribbons.as_ref() else {
        return view! {
            <p class="help" data-testid="d3-ribbons-too-large">
                "Too many cabinets and drawers to draw the global wiring of drawer "
                {f.drawer.clone()} "; the port table below lists its links."
            </p>
        }
        .into_any();
    };
    let pill = |at: Point, label: &str, class: &'static str| {
        view! {
            <g class=class>
                <rect
                    x=num(at.x - r.pill.x)
                    y=num(at.y - r.pill.y)
                    width=num(2.0 * r.pill.x)
                    height=num(2.0 * r.pill.y)
                    rx="4"
                ></rect>
                <text x=num(at.x) y=num(at.y) font-size=num(r.font)>{label.to_string()}</text>
            </g>
        }
    };
    let boxes = r
        .cabinets
        .iter()
        .map(|b| {
            let routers = b
                .routers
                .iter()
                .map(|p| pill(p.at, &p.label, "pill"))
                .collect_view();
            view! {
                <g class=format!("cabinet-box g{}", b.g % 6)>
                    <rect
                        x=num(b.corner.x)
                        y=num(b.corner.y)
                        width=num(b.size.x)
                        height=num(b.size.y)
                        rx="6"
                    ></rect>
                    <text class="box-title" x=num(b.corner.x + 6.0) y=num(b.corner.y + 11.0)>
                        {format!("cabinet {} · g = {}", b.cabinet, b.g)}
                    </text>
                    {routers}
                </g>
            }
        })
        .collect_view();
    let links = r
        .ribbons
        .iter()
        .map(|rb| {
            let from = &r.source[rb.from].label;
            let to = &r.cabinets[rb.to.0].routers[rb.to.1].label;
            view! {
                <path
                    data-testid="d3-ribbon"
                    data-g=rb.g.to_string()
                    class=format!("ribbon g{}", rb.g % 6)
                    d=rb.curve.path_data()
                >
                    <title>{format!("{from} global port {} → {to}, its port {}", rb.g, rb.back)}</title>
                </path>
            }
        })
        .collect_view();
    let source = r
        .source
        .iter()
        .map(|p| pill(p.at, &p.label, "pill source"))
        .collect_view();
    // Pan and zoom; its labels shown only while they read (11 px on screen).
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let zoom = Zoom::new(r.width, r.height, svg_ref);
    let shown = legible(zoom, r.font);
    view! {
        <figure class="d3-wiring">
            <figcaption>
                "Global links of drawer " <code>{f.drawer.clone()}</code>
                " (From's) to every cabinet: (c,d,p) on port g reaches (c+g,p,d) on port −g — \
                 the ribbon (c,d,*,(g)) → (c+g,*,d,(−g)), one colour per g."
            </figcaption>
            {zoom_bar_named(zoom, "d3-ribbons-zoom")}
            <svg
                data-testid="d3-ribbons"
                node_ref=svg_ref
                class=move || if shown.get() { "ribbons" } else { "ribbons labels-hidden" }
                viewBox=move || zoom.view.with(View::view_box)
                on:wheel=move |ev| zoom.on_wheel(&ev)
                on:pointerdown=move |ev| zoom.on_down(&ev)
                on:pointermove=move |ev| zoom.on_move(&ev)
                on:pointerup=move |ev| zoom.on_up(&ev)
                on:pointercancel=move |ev| zoom.on_up(&ev)
                width=num(r.width)
                height=num(r.height)
                role="img"
                aria-label=format!("Global links of drawer {}", f.drawer)
            >
                {boxes}
                <g class="ribbon-links">{links}</g>
                {source}
            </svg>
            <SvgDownload scope="figure" select="svg" name="d3-wiring" />
        </figure>
    }
    .into_any()
}

/// The routers of From's cabinet as focusable pills, From and To marked, the diagonal
/// routers dashed.
fn cabinet_routers(f: &D3Facts, g: &CabinetGlobals) -> impl IntoView {
    g.routers
        .iter()
        .map(|r| {
            let role = if r.label == f.ends.0 {
                "pill source"
            } else if f.ends.1.as_deref() == Some(r.label.as_str()) {
                "pill dest"
            } else if r.router.d == r.router.p {
                "pill diagonal"
            } else {
                "pill"
            };
            view! {
                <g
                    class=role
                    data-testid="d3-cabinet-router"
                    data-addr=r.label.clone()
                    tabindex=if r.label == f.ends.0 { "0" } else { "-1" }
                    role="button"
                    aria-label=format!("Router {}: pick it", r.label)
                >
                    <title>{r.tip.clone()}</title>
                    <rect
                        x=num(r.at.x - g.pill.x)
                        y=num(r.at.y - g.pill.y)
                        width=num(2.0 * g.pill.x)
                        height=num(2.0 * g.pill.y)
                        rx="4"
                    ></rect>
                    <text x=num(r.at.x) y=num(r.at.y) font-size=num(g.font)>{r.label.clone()}</text>
                </g>
            }
        })
        .collect_view()
}

/// Wiring diagram (3): the global links internal to From's cabinet, From and To marked.
/// Routers are focusable: the tooltip lists the ports and peers, a click or Enter picks
/// the router as From or To (the diagram's "Click sets" choice).
fn cabinet(f: &D3Facts, model: RouteModel) -> impl IntoView {
    let Some(g) = f.cabinet.as_ref() else {
        return view! {
            <p class="help" data-testid="d3-cabinet-too-large">
                "Too many drawers to draw the cabinet router by router; the port table lists From's links."
            </p>
        }
        .into_any();
    };
    // The router hovered or focused: its ports and peers, shown under the drawing.
    let shown = RwSignal::new(None::<String>);
    let pick = move |label: String| match model.click_mode.get_untracked() {
        ClickMode::From => model.commit(move |form| form.from = label),
        ClickMode::To => model.commit(move |form| form.to = label),
    };
    let links = g
        .links
        .iter()
        .map(|l| {
            let (a, b) = (&g.routers[l.a].label, &g.routers[l.b].label);
            view! {
                <path data-testid="d3-cabinet-link" class="cabinet-link" d=l.curve.path_data()>
                    <title>{format!("{a} global port 0 ↔ {b} global port 0")}</title>
                </path>
            }
        })
        .collect_view();
    let routers = cabinet_routers(f, g);
    // One listener of each kind on the drawing for its (up to 256) routers: the router is
    // the event target's closest `d3-cabinet-router`.
    let tips: std::sync::Arc<[(String, String)]> = g
        .routers
        .iter()
        .map(|r| (r.label.clone(), r.tip.clone()))
        .collect();
    let show = move |ev: &web_sys::Event| {
        if let Some(label) = router_of(ev) {
            shown.set(
                tips.iter()
                    .find(|(l, _)| *l == label)
                    .map(|(_, t)| t.clone()),
            );
        }
    };
    let show_too = show.clone();
    // Pan and zoom; the routers' labels shown only while they read (D3(16,16)'s 256 were
    // 3 px on a 400 px card); a router's ports show under the drawing when it is hovered.
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let zoom = Zoom::new(g.width, g.height, svg_ref);
    let labels = legible(zoom, g.font);
    let arrows = Roving::new(
        g.routers.iter().map(|r| (r.label.clone(), r.at)).collect(),
        zoom,
    );
    view! {
        <figure class="d3-wiring">
            <figcaption>
                "Global links inside cabinet " <span data-testid="d3-cabinet-c">{g.cabinet}</span>
                " (From's): port 0 joins (c,d,p) to its mirror (c,p,d) across the diagonal — "
                <span data-testid="d3-cabinet-count">{g.links.len()}</span>
                " links; the diagonal routers (c,p,p) (dashed) have none. Hover or focus a router for its ports and peers; a click or Enter picks it (as the diagram's “Click sets”)."
            </figcaption>
            {zoom_bar_named(zoom, "d3-cabinet-zoom")}
            <svg
                data-testid="d3-cabinet"
                node_ref=svg_ref
                class=move || if labels.get() { "ribbons cabinet-globals" } else { "ribbons cabinet-globals labels-hidden" }
                viewBox=move || zoom.view.with(View::view_box)
                on:wheel=move |ev| zoom.on_wheel(&ev)
                on:pointerdown=move |ev| zoom.on_down(&ev)
                on:pointermove=move |ev| zoom.on_move(&ev)
                on:pointerup=move |ev| zoom.on_up(&ev)
                on:pointercancel=move |ev| zoom.on_up(&ev)
                width=num(g.width)
                height=num(g.height)
                role="group"
                aria-label=format!("Global links inside cabinet {}", g.cabinet)
                on:click=move |ev| {
                    if zoom.was_drag() {
                        return;
                    }
                    if let Some(label) = router_of(&ev) {
                        pick(label);
                    }
                }
                on:keydown=move |ev| {
                    if ev.key() == "Enter" || ev.key() == " " {
                        if let Some(label) = router_of(&ev) {
                            ev.prevent_default();
                            pick(label);
                        }
                    } else {
                        arrows.roam(&ev);
                    }
                }
                on:mouseover=move |ev| show(&ev)
                on:focusin=move |ev| show_too(&ev)
            >
                <g class="cabinet-links" aria-hidden="true">{links}</g>
                {routers}
            </svg>
            <SvgDownload scope="figure" select="svg" name="d3-cabinet" />
            <pre class="d3-cabinet-tip" data-testid="d3-cabinet-tip" aria-live="polite">
                {move || shown.get().unwrap_or_else(|| "Hover or focus a router: its ports and peers appear here.".into())}
            </pre>
        </figure>
    }
    .into_any()
}

/// The global ports of `r` at rows `rows` of its global ports (global port 0 of a diagonal
/// router is left out, as in [`D3::ports`]).
fn global_ports(d: &D3, r: Router, rows: std::ops::Range<usize>) -> Vec<Port> {
    let locals = d.port_count(r) - (d.k() - u32::from(d.is_diagonal(r)));
    let ports = d.ports_in(r, locals + rows.start as u32..locals + rows.end as u32);
    debug_assert!(ports.iter().all(|q| q.kind == PortKind::Global));
    ports
}

/// The global wiring of the chosen routers: each global port of From and To with its peer,
/// a page at a time.
fn chosen_globals(f: &D3Facts) -> impl IntoView {
    let Some(to) = f.to_router else {
        return ().into_any();
    };
    let (d3, from) = (f.d3.clone(), f.from_router);
    let globals = |r: Router| (d3.k() - u32::from(d3.is_diagonal(r))) as usize;
    let total = globals(from).max(globals(to));
    let start = RwSignal::new(0usize);
    let cell = |ports: &[Port], i: usize| match ports.get(i) {
        Some(q) => format!("{} → {}", q.port, q.peer),
        None => "—".into(),
    };
    let rows = move || {
        let rows = page_rows(start.get(), PORT_PAGE, total);
        let a = global_ports(&d3, from, rows.clone());
        let b = global_ports(&d3, to, rows.clone());
        (0..rows.len())
            .map(|i| {
                view! {
                    <tr data-testid="d3-chosen-row">
                        <td><code>{cell(&a, i)}</code></td>
                        <td><code>{cell(&b, i)}</code></td>
                    </tr>
                }
            })
            .collect_view()
    };
    let to_label = f.ends.1.clone().unwrap_or_default();
    view! {
        <table class="d3-ports" data-testid="d3-chosen-globals">
            <caption>"Global wiring of the chosen routers: port a → peer (c + a, p, d)"</caption>
            <thead>
                <tr>
                    <th scope="col">"From " <code>{f.ends.0.clone()}</code></th>
                    <th scope="col">"To " <code>{to_label}</code></th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
        <Pager
            total=total
            page_size=PORT_PAGE
            start=start
            what="Global ports"
            testid="d3-chosen-pager"
        />
    }
    .into_any()
}
