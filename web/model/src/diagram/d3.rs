//! Where each router and link of a Swapped Dragonfly D3(K, M) or a maximal Dragonfly
//! MDF(K, M) is drawn. Pure: no Leptos, no web-sys.
//!
//! D3, in the style of the paper's D3(3,4) wiring diagrams:
//!
//! ```text
//!   cabinet 0                 cabinet 1                 cabinets side by side, a grid of
//!   (0,0,0)-(0,0,1)-(0,0,2)   (1,0,0)-(1,0,1)-…         ⌈√K⌉ columns (D3(3,4): two);
//!   (0,1,0)-(0,1,1)-(0,1,2)   (1,1,0)-…                 drawer d = row d of its cabinet;
//!   (0,2,0)-…                                           local links: neighbours straight,
//!                                                       skips arcs above the row
//! ```
//!
//! Global (swap) links `(c,d,p) — (c+a,p,d)` are faint lines in lanes: down from the router
//! into the lane under its drawer, along to a vertical lane (between two columns inside a
//! cabinet, between the panels otherwise), to the lane under the other drawer, and up; so a
//! route's global hop passes over no router it does not visit. Local skips arc over the
//! routers they skip. Core's
//! [`D3::wiring`] lists the links.
//!
//! MDF: the KM + 1 groups on a circle, each group's M routers on a small circle around
//! its place (local links are chords), global links straight across.

use std::f64::consts::PI;

use icn_core::topology::d3::{PortKind, Router, D3};
use icn_core::topology::mdf::Mdf;

use super::geometry::{Curve, Point};
use super::layout::{Arrangement, Edge, EdgeKind, Layout, NodeStyle, Shape};
use icn_core::{Addresses, Graph};

/// Space between the outlines of neighbouring routers in a drawer.
const GAP: f64 = 10.0;
/// Space between cabinet panels.
const PANEL_GAP: f64 = 56.0;
/// Height of the lane under each drawer where global links run.
const LANE: f64 = 14.0;

/// One way of sizing the D3 drawing: labelled pills, or small unlabelled circles.
#[derive(Debug, Clone, Copy)]
struct Sizing {
    labels: bool,
    font: f64,
}

/// The drawing of D3(K, M) (see the module documentation): labelled pills at any size,
/// the page hiding labels too small on screen until zoomed.
pub fn d3(net: &D3) -> Layout {
    build_d3(
        net,
        Sizing {
            labels: true,
            font: 11.0,
        },
    )
}

/// Columns of the cabinet grid: ⌈√K⌉, so that D3(3,4) is two panels wide and its
/// 11-unit labels are 11 px on a card 600 px wide.
fn columns(k: u32) -> u32 {
    (f64::from(k).sqrt().ceil()) as u32
}

fn build_d3(net: &D3, z: Sizing) -> Layout {
    let (k, m) = (net.k(), net.m());
    let total = net.node_count();
    let labels: Vec<String> = (0..total).map(|v| net.format_node(v)).collect();
    let len = labels.iter().map(|l| l.chars().count()).max().unwrap_or(1);
    let shape = if z.labels {
        Shape::Rect {
            hw: (0.6 * z.font * len as f64) / 2.0 + 4.0,
            hh: z.font / 2.0 + 3.5,
        }
    } else {
        Shape::Circle(5.0)
    };
    let (hw, hh) = shape.half_extent();
    let sx = 2.0 * hw + GAP;
    // A local skip bows above the routers it skips; the largest must clear the drawer
    // above, and leave a lane for global links between the drawers.
    let skip_bulge = |skip: f64| hh + 4.0 + 3.0 * (skip - 2.0);
    let max_bulge = if m > 2 {
        skip_bulge(f64::from(m - 1))
    } else {
        0.0
    };
    let sy = hh + max_bulge + GAP + LANE + hh;
    let cols = columns(k);
    let panel_w = f64::from(m) * sx;
    let panel_h = f64::from(m) * sy;
    let origin = |c: u32| {
        Point::new(
            f64::from(c % cols) * (panel_w + PANEL_GAP),
            f64::from(c / cols) * (panel_h + PANEL_GAP),
        )
    };
    let nodes: Vec<Point> = (0..total)
        .map(|v| {
            let r = net.router(v);
            origin(r.c).plus(Point::new(f64::from(r.p) * sx, f64::from(r.d) * sy), 1.0)
        })
        .collect();

    let wiring = net.wiring();
    let mut edges = Vec::with_capacity(wiring.local.len() + wiring.global.len());
    for l in &wiring.local {
        let (a, b) = (nodes[l.a], nodes[l.b]);
        let skip = (net.router(l.b).p - net.router(l.a).p) as f64;
        let (kind, curve) = if skip <= 1.0 {
            (EdgeKind::Near, Curve::Line(a, b))
        } else {
            (
                EdgeKind::Far,
                Curve::arc(a, b, Point::new(0.0, -1.0), skip_bulge(skip), 0.0),
            )
        };
        edges.push(Edge {
            a: l.a,
            b: l.b,
            kind,
            curve,
        });
    }
    let lanes = Lanes { k, m, sx, hh, cols };
    for l in &wiring.global {
        let (ra, rb) = (net.router(l.a), net.router(l.b));
        edges.push(Edge {
            a: l.a,
            b: l.b,
            kind: EdgeKind::Block,
            curve: lanes.global(nodes[l.a], ra, nodes[l.b], rb),
        });
    }

    let styles = vec![NodeStyle {
        shape,
        font_size: z.font,
        show_labels: z.labels,
        class: "router",
    }];
    // Small drawings carry their tooltips; larger ones make each when it is shown.
    let tips = if total <= EAGER_TIPS {
        labels
            .iter()
            .enumerate()
            .map(|(v, l)| port_tip(net, v, l))
            .collect()
    } else {
        Vec::new()
    };
    let mut layout = Layout::fitted(
        nodes,
        labels,
        styles,
        vec![0; total],
        edges,
        Arrangement::Cabinets {
            cabinets: k,
            drawers: m,
            columns: cols,
        },
        hh.max(5.0),
    );
    if total > EAGER_TIPS {
        layout.lazy_tips = Some(super::layout::LazyTips::D3(net.clone()));
    }
    layout.tips = tips;
    layout
}

/// Most routers whose port tooltips are made with the drawing.
const EAGER_TIPS: usize = 256;

/// The free lanes of the D3 drawing, along which global links run so that they pass over
/// no router they do not join: under each drawer (a horizontal lane through every cabinet
/// of a panel row), between the routers of a column (a vertical lane through every panel
/// of a panel column) and between the panels.
struct Lanes {
    k: u32,
    m: u32,
    /// Router spacing in a drawer.
    sx: f64,
    /// Half height of a router.
    hh: f64,
    /// Panels per row.
    cols: u32,
}

impl Lanes {
    /// The lane under the drawer of router `r` drawn at `at`: a little lower for a higher
    /// router number, so that the drawer's links run side by side.
    fn under(&self, at: Point, r: Router) -> f64 {
        let spread = (f64::from(r.p) + 0.5) / f64::from(self.m) - 0.5;
        at.y + self.hh + (GAP + LANE) / 2.0 + spread * (LANE - 4.0)
    }

    /// The global link from router `ra` at `a` to `rb` at `b`: down into the lane under
    /// a's drawer, along it to a vertical lane (beside a in a cabinet; between the panels
    /// towards b's cabinet otherwise), along that to the lane under b's drawer, and up
    /// into b.
    fn global(&self, a: Point, ra: Router, b: Point, rb: Router) -> Curve {
        let (ya, yb) = (self.under(a, ra), self.under(b, rb));
        let x = if ra.c == rb.c {
            // Between the columns of the two routers (p ≠ d: they differ).
            let step = if b.x >= a.x { 0.5 } else { -0.5 };
            a.x + step * self.sx
        } else {
            let (ca, cb) = (ra.c % self.cols, rb.c % self.cols);
            // Which way the panel gap lies, and how far: beyond a's panel edge.
            let last = f64::from(self.m - 1 - ra.p) * self.sx;
            let first = f64::from(ra.p) * self.sx;
            let gap = (PANEL_GAP + self.sx) / 2.0;
            // A lane per cabinet offset, side by side in the gap.
            let g = f64::from((rb.c + self.k - ra.c) % self.k);
            let spread = (g / f64::from(self.k.max(2)) - 0.5) * (PANEL_GAP - 8.0);
            if cb < ca {
                a.x - first - gap + spread
            } else {
                a.x + last + gap + spread
            }
        };
        Curve::Poly([
            a,
            Point::new(a.x, ya),
            Point::new(x, ya),
            Point::new(x, yb),
            Point::new(b.x, yb),
            b,
        ])
    }
}

/// Lines of ports a router's tooltip lists before "… and N more": a router of D3(K, M) has
/// K + M − 2 ports, and K can be in the hundreds of thousands.
pub const TIP_PORTS: u32 = 24;

/// A router's tooltip: its address, then one line per port (from core's [`D3::ports_in`]),
/// the first [`TIP_PORTS`] of them and how many more.
pub(super) fn port_tip(net: &D3, v: usize, label: &str) -> String {
    use std::fmt::Write;
    let r = net.router(v);
    let total = net.port_count(r);
    let mut tip = label.to_string();
    for q in net.ports_in(r, 0..TIP_PORTS) {
        let kind = q.kind.name();
        // Writing to a String cannot fail.
        let _ = write!(
            tip,
            "\n{kind} port {} → {} (its port {})",
            q.port, q.peer, q.arrives_on
        );
    }
    if total > TIP_PORTS {
        let _ = write!(
            tip,
            "\n… and {} more ports (the route explorer's port table lists them all)",
            total - TIP_PORTS
        );
    }
    tip
}

/// The drawing of MDF(K, M) (see the module documentation).
pub fn mdf(net: &Mdf) -> Layout {
    let (m, groups) = (net.m(), net.groups());
    let total = net.node_count();
    let labels: Vec<String> = (0..total).map(|v| net.format_node(v)).collect();
    let len = labels.iter().map(|l| l.chars().count()).max().unwrap_or(1);
    let font = 9.0;
    let radius = (0.6 * font * len as f64 / (2.0 * 0.92)).max(10.0);
    // Box-separated neighbours on a circle need their centres √2 · (2r + 2) apart.
    let clear = 2.0_f64.sqrt() * (2.0 * radius + 2.0) + 2.0;
    let inner = if m == 1 {
        0.0
    } else {
        clear / (2.0 * (PI / f64::from(m)).sin()).min(2.0)
    };
    let group_gap = 2.0 * inner + clear + 12.0;
    let outer = if groups == 1 {
        0.0
    } else {
        group_gap / (2.0 * (PI / f64::from(groups)).sin()).min(2.0)
    };
    let nodes: Vec<Point> = (0..total)
        .map(|v| {
            let (g, r) = net.coords(v);
            let ga = 2.0 * PI * f64::from(g) / f64::from(groups) - PI / 2.0;
            let centre = Point::new(outer * ga.cos(), outer * ga.sin());
            let ra = ga + 2.0 * PI * f64::from(r) / f64::from(m);
            centre.plus(Point::new(ra.cos(), ra.sin()), inner)
        })
        .collect();
    let mut edges = Vec::new();
    let mut buf = Vec::new();
    for v in 0..total {
        buf.clear();
        net.neighbours(v, &mut buf);
        for &w in buf.iter().filter(|&&w| w > v) {
            let local = net.coords(v).0 == net.coords(w).0;
            edges.push(Edge {
                a: v,
                b: w,
                kind: if local {
                    EdgeKind::Near
                } else {
                    EdgeKind::Block
                },
                curve: Curve::Line(nodes[v], nodes[w]),
            });
        }
    }
    let styles = vec![NodeStyle {
        shape: Shape::Circle(radius),
        font_size: font,
        show_labels: true,
        class: "router",
    }];
    Layout::fitted(
        nodes,
        labels,
        styles,
        vec![0; total],
        edges,
        Arrangement::Groups {
            groups: groups as usize,
            routers: m,
        },
        radius,
    )
}

/// Most target routers (K·M) the global-wiring view draws.
pub const MAX_RIBBON_ROUTERS: u32 = 96;

/// A router pill of the global-wiring view.
#[derive(Debug, Clone, PartialEq)]
pub struct Pill {
    /// Centre.
    pub at: Point,
    /// Its address.
    pub label: String,
}

/// One global link of the chosen drawer, coloured by its port g.
#[derive(Debug, Clone, PartialEq)]
pub struct Ribbon {
    /// The port g at the drawer's router (the cabinet offset).
    pub g: u32,
    /// The port it arrives on, −g mod K.
    pub back: u32,
    /// Index of the source pill.
    pub from: usize,
    /// Index of the target pill in its cabinet's list.
    pub to: (usize, usize),
    /// Its shape.
    pub curve: Curve,
}

/// A cabinet box on the right of the global-wiring view: the routers the drawer reaches
/// there, one per drawer of that cabinet.
#[derive(Debug, Clone, PartialEq)]
pub struct CabinetBox {
    /// The cabinet offset g (cabinet c + g).
    pub g: u32,
    /// The cabinet number.
    pub cabinet: u32,
    /// Top-left corner and size.
    pub corner: Point,
    /// Width and height.
    pub size: Point,
    /// The routers `(c + g, p, d)`, p = 0 … M − 1.
    pub routers: Vec<Pill>,
}

/// The paper's "global communications from drawer (c, d) to cabinets 0, 1, …": the drawer's
/// routers in a column on the left, one box per cabinet on the right, ribbon g joining
/// `(c, d, p)` to `(c + g, p, d)` (port g out, port −g in).
#[derive(Debug, Clone, PartialEq)]
pub struct Ribbons {
    /// viewBox width.
    pub width: f64,
    /// viewBox height.
    pub height: f64,
    /// Half width and half height of a pill.
    pub pill: Point,
    /// Font size.
    pub font: f64,
    /// The drawer's routers `(c, d, p)`.
    pub source: Vec<Pill>,
    /// The cabinets, g = 0 … K − 1.
    pub cabinets: Vec<CabinetBox>,
    /// Every global link of the drawer once (the diagonal's port 0 is no link).
    pub ribbons: Vec<Ribbon>,
}

/// The global-wiring view of drawer `(c, d)`; `None` when K·M is over
/// [`MAX_RIBBON_ROUTERS`] or `(c, d)` is not a drawer.
pub fn ribbons(net: &D3, c: u32, d: u32) -> Option<Ribbons> {
    let (k, m) = (net.k(), net.m());
    if c >= k || d >= m || u64::from(k) * u64::from(m) > u64::from(MAX_RIBBON_ROUTERS) {
        return None;
    }
    let font = 11.0;
    let len = net.format_node(net.node_count() - 1).chars().count() as f64;
    let pill = Point::new(0.6 * font * len / 2.0 + 4.0, font / 2.0 + 3.5);
    let row = 2.0 * pill.y + 8.0;
    let (pad, head, box_gap) = (8.0, 16.0, 12.0);
    let right = 2.0 * pill.x + 220.0;
    // Wide enough for its title, "cabinet 12 · g = 11" (about 6.6 units a glyph at 11).
    let box_w = (2.0 * pill.x + 16.0).max(136.0);
    let mut cabinets = Vec::new();
    let mut y = pad;
    for g in 0..k {
        let height = head + f64::from(m) * row + 4.0;
        let corner = Point::new(pad + right - pill.x - 8.0, y);
        let routers = (0..m)
            .map(|p| Pill {
                at: Point::new(pad + right, y + head + (f64::from(p) + 0.5) * row),
                label: Router {
                    c: (c + g) % k,
                    d: p,
                    p: d,
                }
                .to_string(),
            })
            .collect();
        cabinets.push(CabinetBox {
            g,
            cabinet: (c + g) % k,
            corner,
            size: Point::new(box_w, height),
            routers,
        });
        y += height + box_gap;
    }
    let height = (y - box_gap + pad).ceil();
    let top = (height - f64::from(m) * row) / 2.0;
    let source: Vec<Pill> = (0..m)
        .map(|p| Pill {
            at: Point::new(pad + pill.x, top + (f64::from(p) + 0.5) * row),
            label: Router { c, d, p }.to_string(),
        })
        .collect();
    let mut ribbons = Vec::new();
    for (p, s) in source.iter().enumerate() {
        let r = Router { c, d, p: p as u32 };
        for port in net.ports(r) {
            if port.kind != PortKind::Global {
                continue;
            }
            let t = &cabinets[port.port as usize].routers[port.peer.d as usize];
            let (a, b) = (
                s.at.plus(Point::new(pill.x, 0.0), 1.0),
                t.at.plus(Point::new(-pill.x, 0.0), 1.0),
            );
            let dx = (b.x - a.x) * 0.45;
            ribbons.push(Ribbon {
                g: port.port,
                back: port.arrives_on,
                from: p,
                to: (port.port as usize, port.peer.d as usize),
                curve: Curve::Cubic(a, Point::new(a.x + dx, a.y), Point::new(b.x - dx, b.y), b),
            });
        }
    }
    Some(Ribbons {
        width: (pad + right - pill.x - 8.0 + box_w + pad).ceil(),
        height,
        pill,
        font,
        source,
        cabinets,
        ribbons,
    })
}

/// The most drawers (M) of a cabinet drawn router by router in [`cabinet_globals`].
pub const MAX_CABINET_DRAWERS: u32 = 16;

/// A router of the cabinet grid.
#[derive(Debug, Clone, PartialEq)]
pub struct GridRouter {
    /// Its centre.
    pub at: Point,
    /// The router.
    pub router: Router,
    /// Printed `(c,d,p)`.
    pub label: String,
    /// Its ports and peers, one line each (as the explorer's tooltips).
    pub tip: String,
}

/// A global link with both ends in the cabinet: `(c,d,p)` port 0 — `(c,p,d)` port 0.
#[derive(Debug, Clone, PartialEq)]
pub struct InnerLink {
    /// Index of one end in [`CabinetGlobals::routers`].
    pub a: usize,
    /// Index of the other end.
    pub b: usize,
    /// Its shape.
    pub curve: Curve,
}

/// Wiring diagram (3): one cabinet's routers as a grid (row d = drawer, column p = router)
/// with the global links internal to the cabinet.
#[derive(Debug, Clone, PartialEq)]
pub struct CabinetGlobals {
    /// The cabinet.
    pub cabinet: u32,
    /// The drawing's size.
    pub width: f64,
    /// The drawing's height.
    pub height: f64,
    /// Half width and half height of a router pill.
    pub pill: Point,
    /// Label size.
    pub font: f64,
    /// Every router of the cabinet, row by row.
    pub routers: Vec<GridRouter>,
    /// The global links with both ends in the cabinet.
    pub links: Vec<InnerLink>,
}

/// The global wiring internal to cabinet `c` (wiring diagram 3): from core's
/// [`D3::ports`], every global port whose peer is in cabinet `c` — port a with a ≡ 0
/// (mod K), joining `(c,d,p)` to its mirror `(c,p,d)`. The diagonal routers `(c,p,p)` have
/// no such link (their global port 0 is the hold of docs/topologies/dragonfly.md). `None`
/// when `c` is not a cabinet or M is over [`MAX_CABINET_DRAWERS`].
pub fn cabinet_globals(net: &D3, c: u32) -> Option<CabinetGlobals> {
    let (k, m) = (net.k(), net.m());
    if c >= k || m > MAX_CABINET_DRAWERS {
        return None;
    }
    let font = 11.0;
    let len = Router {
        c,
        d: m - 1,
        p: m - 1,
    }
    .to_string()
    .chars()
    .count() as f64;
    let pill = Point::new(0.6 * font * len / 2.0 + 4.0, font / 2.0 + 3.5);
    let (sx, sy) = (2.0 * pill.x + 14.0, 2.0 * pill.y + 18.0);
    let pad = 10.0;
    let routers: Vec<GridRouter> = (0..m * m)
        .map(|i| {
            let router = Router {
                c,
                d: i / m,
                p: i % m,
            };
            let label = router.to_string();
            let tip = port_tip(net, net.node(router), &label);
            GridRouter {
                at: Point::new(
                    pad + pill.x + f64::from(router.p) * sx,
                    pad + pill.y + f64::from(router.d) * sy,
                ),
                router,
                label,
                tip,
            }
        })
        .collect();
    let index = |r: Router| (r.d * m + r.p) as usize;
    let mut links = Vec::new();
    for (i, g) in routers.iter().enumerate() {
        for port in net.ports(g.router) {
            if port.kind != PortKind::Global || port.peer.c != c {
                continue;
            }
            let j = index(port.peer);
            if j <= i {
                continue;
            }
            let (a, b) = (g.at, routers[j].at);
            let chord = a.to(b);
            let length = chord.norm().max(1e-9);
            // Bowed off the chord, which crosses the diagonal at a router when d + p is even.
            let normal = Point::new(chord.y / length, -chord.x / length);
            links.push(InnerLink {
                a: i,
                b: j,
                curve: Curve::arc(a, b, normal, 0.12 * length + pill.y, 0.25),
            });
        }
    }
    let width = (2.0 * pad + f64::from(m - 1) * sx + 2.0 * pill.x).ceil();
    let height = (2.0 * pad + f64::from(m - 1) * sy + 2.0 * pill.y).ceil();
    Some(CabinetGlobals {
        cabinet: c,
        width,
        height,
        pill,
        font,
        routers,
        links,
    })
}

#[cfg(test)]
mod tests {
    use super::super::draw::{draw, Drawing};
    use super::super::testing::{check_layout, pos};
    use super::*;
    use icn_core::Network;

    const SPECS: &[&str] = &[
        "d3:k=3,m=4",
        "d3:k=1,m=2",
        "d3:k=2,m=2",
        "d3:k=4,m=3",
        "d3:k=3,m=1",
        "d3:k=5,m=5",
        "d3:k=2,m=8",
        "mdf:k=2,m=3",
        "mdf:k=1,m=2",
        "mdf:k=3,m=4",
        "mdf:k=2,m=1",
    ];

    fn layout(spec: &str) -> (Network, Layout) {
        let net: Network = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
        match draw(&net) {
            Drawing::Layout(l) => {
                let l = (*l).clone();
                (net, l)
            }
            other => panic!("{spec} is not drawn: {other:?}"),
        }
    }

    #[test]
    fn every_router_and_link_fits_once_without_overlaps() {
        for spec in SPECS {
            let (net, l) = layout(spec);
            check_layout(spec, &net, &l);
        }
    }

    #[test]
    fn d3_3_4_is_three_cabinets_of_drawer_rows() {
        let (_, l) = layout("d3:k=3,m=4");
        // 72 local + 66 global links, as `icn info d3:k=3,m=4` counts 138.
        let near = l.edges.iter().filter(|e| e.kind == EdgeKind::Near).count();
        let far = l.edges.iter().filter(|e| e.kind == EdgeKind::Far).count();
        let global = l.edges.iter().filter(|e| e.kind == EdgeKind::Block).count();
        assert_eq!((near + far, global), (72, 66));
        // A drawer is a row in router order; drawers stack down; cabinets go right, two
        // panels a row (cabinet 2 under cabinet 0).
        let (a, b) = (pos(&l, "(0,0,0)"), pos(&l, "(0,0,3)"));
        assert!((a.y - b.y).abs() < 1e-9 && b.x > a.x);
        assert!(pos(&l, "(0,1,0)").y > a.y);
        assert!(pos(&l, "(1,0,0)").x > b.x);
        assert!((pos(&l, "(2,0,0)").x - a.x).abs() < 1e-9);
        assert!(pos(&l, "(2,0,0)").y > pos(&l, "(0,3,0)").y);
        // Legible whole on a card 600 px wide: 11-unit labels at scale 1.
        assert!(
            l.width <= 600.0 && (l.font_size - 11.0).abs() < 1e-9,
            "{}",
            l.width
        );
        assert!(l.style(0).show_labels);
        assert!(l.describe().contains("3 cabinets"));
        // The tooltip lists the ports: (0,0,1) global port 2 → (2,1,0), arriving on port 1.
        let v = l.labels.iter().position(|a| a == "(0,0,1)").unwrap();
        assert!(
            l.tips[v].contains("global port 2 → (2,1,0) (its port 1)"),
            "{}",
            l.tips[v]
        );
        assert_eq!(l.tips[v].lines().count(), 1 + 3 + 3);
        assert_eq!(l.tip(v).as_deref(), Some(l.tips[v].as_str()));
        // D3(8,8)'s 512 routers: each tooltip made when asked for, the same text.
        let big = D3::new(8, 8).unwrap();
        let l = d3(&big);
        assert!(l.tips.is_empty());
        let v = big.node(Router { c: 1, d: 2, p: 3 });
        assert_eq!(l.tip(v), Some(port_tip(&big, v, "(1,2,3)")));
    }

    #[test]
    fn many_cabinets_wrap_into_a_grid_labelled() {
        let (_, l) = layout("d3:k=5,m=5");
        // ⌈√5⌉ = 3 columns: cabinet 3 starts the second row.
        assert!(pos(&l, "(3,0,0)").y > pos(&l, "(0,4,0)").y);
        assert!((pos(&l, "(3,0,0)").x - pos(&l, "(0,0,0)").x).abs() < 1e-9);
        // Labelled at any size: the page hides them until zoomed.
        assert!(l.style(0).show_labels);
        assert_eq!(
            l.arrangement,
            Arrangement::Cabinets {
                cabinets: 5,
                drawers: 5,
                columns: 3
            }
        );
    }

    #[test]
    fn drawer_0_0_ribbons_follow_the_swap_rule() {
        // The paper's "global communications from drawer (0,0) to cabinets 0, 1 & 2" in
        // D3(3,4): router (0,0,p) on port g reaches (g,p,0) on port −g.
        let Ok(net) = "d3:k=3,m=4".parse::<Network>().unwrap().d3().cloned() else {
            panic!()
        };
        let r = ribbons(&net, 0, 0).unwrap();
        assert_eq!(r.cabinets.len(), 3);
        assert_eq!(r.ribbons.len(), 3 * 4 - 1); // (0,0,0) port 0 is a self-loop
        for rb in &r.ribbons {
            let from = &r.source[rb.from].label;
            let to = &r.cabinets[rb.to.0].routers[rb.to.1].label;
            let p = rb.from;
            assert_eq!(from, &format!("(0,0,{p})"));
            assert_eq!(to, &format!("({},{p},0)", rb.g));
            assert_eq!(rb.back, (3 - rb.g) % 3);
            assert!(rb.curve.start().x < rb.curve.end().x);
        }
        // Everything inside the viewBox, pills of a column apart.
        let pills = r
            .source
            .iter()
            .chain(r.cabinets.iter().flat_map(|b| &b.routers));
        for p in pills {
            assert!(
                p.at.x - r.pill.x >= 0.0 && p.at.x + r.pill.x <= r.width,
                "{p:?}"
            );
            assert!(
                p.at.y - r.pill.y >= 0.0 && p.at.y + r.pill.y <= r.height,
                "{p:?}"
            );
            assert!(0.6 * r.font * p.label.len() as f64 <= 2.0 * r.pill.x);
        }
        for b in &r.cabinets {
            assert!(b.corner.y + b.size.y <= r.height && b.corner.x + b.size.x <= r.width);
            for w in b.routers.windows(2) {
                assert!(w[1].at.y - w[0].at.y >= 2.0 * r.pill.y + 2.0);
            }
        }
        // Another drawer: (1,2) in D3(3,4) reaches (1+g, p, 2).
        let r = ribbons(&net, 1, 2).unwrap();
        assert_eq!(r.cabinets[2].cabinet, 0);
        assert_eq!(r.cabinets[2].routers[3].label, "(0,3,2)");
        assert!(ribbons(&net, 3, 0).is_none());
    }

    #[test]
    fn mdf_groups_sit_on_a_circle() {
        let (net, l) = layout("mdf:k=2,m=3");
        let Ok(n) = net.mdf() else { panic!() };
        assert_eq!(n.groups(), 7);
        assert_eq!(
            l.arrangement,
            Arrangement::Groups {
                groups: 7,
                routers: 3
            }
        );
        let global = l.edges.iter().filter(|e| e.kind == EdgeKind::Block).count();
        assert_eq!(global, 7 * 6 / 2); // one link between every two groups
    }
    #[test]
    fn a_cabinet_holds_m_choose_2_global_links_between_mirror_routers() {
        for (k, m) in [(3, 4), (1, 2), (2, 5), (8, 8), (4, 1)] {
            let net = D3::new(k, m).unwrap();
            for c in [0, k as u32 - 1] {
                let g = cabinet_globals(&net, c).unwrap();
                // Counted apart from core: the unordered pairs d ≠ p of {0 … M−1}.
                let m = m as usize;
                assert_eq!(g.links.len(), m * (m - 1) / 2, "D3({k},{m}) cabinet {c}");
                assert_eq!(g.routers.len(), m * m);
                for l in &g.links {
                    let (a, b) = (g.routers[l.a].router, g.routers[l.b].router);
                    assert_eq!((a.c, b.c, a.d, a.p), (c, c, b.p, b.d));
                    assert_ne!(a.d, a.p);
                }
                for r in &g.routers {
                    assert!(r.at.x >= g.pill.x && r.at.x + g.pill.x <= g.width);
                    assert!(r.at.y >= g.pill.y && r.at.y + g.pill.y <= g.height);
                }
            }
        }
        assert!(cabinet_globals(&D3::new(3, 4).unwrap(), 3).is_none());
    }

    #[test]
    fn port_tips_list_every_port_of_a_small_router_and_a_page_of_a_large_one() {
        // D3(3,4): 3 local + 3 global ports (2 global on a diagonal router), every one listed.
        let small = D3::new(3, 4).unwrap();
        let v = small.node(Router { c: 1, d: 2, p: 3 });
        let tip = port_tip(&small, v, "(1,2,3)");
        assert_eq!(tip.lines().count(), 1 + 6);
        assert!(!tip.contains("more ports"));
        // D3(100000, 4): 100,003 ports; the tip lists 24 and counts the rest.
        let big = D3::new(100_000, 4).unwrap();
        let v = big.node(Router { c: 1, d: 2, p: 3 });
        let tip = port_tip(&big, v, "(1,2,3)");
        assert_eq!(tip.lines().count(), 1 + TIP_PORTS as usize + 1);
        assert!(tip
            .ends_with("… and 99979 more ports (the route explorer's port table lists them all)"));
    }

    /// The routers (other than its ends) whose outline a link's drawing passes over.
    fn crossed(l: &Layout, e: &Edge) -> Vec<String> {
        let (hw, hh) = l.style(0).shape.half_extent();
        let path: Vec<Point> = e.curve.samples(400).collect();
        (0..l.node_count())
            .filter(|&v| v != e.a && v != e.b)
            .filter(|&v| {
                let c = l.nodes[v];
                path.iter()
                    .any(|p| (p.x - c.x).abs() < hw + 0.5 && (p.y - c.y).abs() < hh + 0.5)
            })
            .map(|v| l.labels[v].clone())
            .collect()
    }

    #[test]
    fn no_link_passes_over_a_router_it_does_not_join() {
        for spec in [
            "d3:k=3,m=4",
            "d3:k=2,m=2",
            "d3:k=4,m=3",
            "d3:k=5,m=5",
            "d3:k=2,m=8",
            "d3:k=3,m=1",
        ] {
            let (_, l) = layout(spec);
            for e in &l.edges {
                let over = crossed(&l, e);
                assert!(
                    over.is_empty(),
                    "{spec}: {}-{} passes over {over:?}",
                    l.labels[e.a],
                    l.labels[e.b]
                );
            }
        }
        // The issue's case: the global hop (0,1,2) → (2,2,1) of D3(3,4) (port 2) ran over
        // cabinet 1. Its drawing now stays in the lanes: its points lie left of cabinet 1's
        // routers or right of them, or between two drawers or two columns.
        let (_, l) = layout("d3:k=3,m=4");
        let (a, b) = (pos(&l, "(0,1,2)"), pos(&l, "(2,2,1)"));
        let v = |s: &str| l.labels.iter().position(|x| x == s).expect(s);
        let hop = l.edge(v("(0,1,2)"), v("(2,2,1)")).expect("a global link");
        assert!(hop.start().distance(a) < 1e-9 && hop.end().distance(b) < 1e-9);
        let (hw, hh) = l.style(0).shape.half_extent();
        let cabinet1: Vec<Point> = (0..4)
            .flat_map(|d| (0..4).map(move |p| (d, p)))
            .map(|(d, p)| pos(&l, &format!("(1,{d},{p})")))
            .collect();
        for p in hop.samples(400) {
            for c in &cabinet1 {
                assert!(
                    (p.x - c.x).abs() >= hw || (p.y - c.y).abs() >= hh,
                    "{p:?} on router at {c:?}"
                );
            }
        }
    }
}
