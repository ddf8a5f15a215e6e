//! Issue 37: BookSim2's concentrated mesh (`topology = cmesh`, its `cmesh.cpp`), each
//! fact against an independent computation: counts by closed form, distances by
//! breadth-first search, the routes' lengths by BookSim2's rules counted hop by hop, and
//! the endpoint numbering and channel latencies by BookSim2's own formulas
//! (`CMesh::NodeToRouter`, `NodeToPort`, the `use_noc_latency` lengths).

use icn_core::io::booksim_config;
use icn_core::metrics::bfs;
use icn_core::sim::packet::booksim::experiment;
use icn_core::sim::packet::channel::Sink;
use icn_core::sim::packet::{short_buffer, Simulator};
use icn_core::{Network, Spec};

use crate::support::neighbours;

/// BookSim2's own `src/examples/cmeshconfig` below three header lines.
const EXAMPLE: &str = include_str!("../../scripts/booksim/configs/cmesh_example.cfg");

fn network(spec: &str) -> Network {
    Network::from_spec(&spec.parse::<Spec>().expect("a spec")).expect("a network")
}

/// Router (y, x) of a k × k grid is y·k + x.
fn yx(v: usize, k: usize) -> (usize, usize) {
    (v / k, v % k)
}

/// Nodes, links and degrees by closed form (k² routers, 2k² links: 2k(k − 1) along the
/// mesh and 2k express, 4 each); the links symmetric, simple, and exactly the mesh's
/// neighbours plus the edges' pairs k/2 apart.
#[test]
fn cmesh_counts_and_links_by_closed_form() {
    for k in [4usize, 6, 8, 10] {
        let net = network(&format!("cmesh:k={k}"));
        let t = net.topology();
        assert_eq!(t.node_count(), k * k);
        assert_eq!(t.link_count(), 2 * (k * k) as u64);
        assert_eq!(net.concentration(), 4);
        let mut express = 0;
        for v in 0..k * k {
            let ns = neighbours(t, v);
            assert_eq!(ns.len(), 4, "k={k} v={v}");
            let (y, x) = yx(v, k);
            for &w in &ns {
                assert_ne!(w, v);
                assert!(neighbours(t, w).contains(&v), "symmetric");
                let (wy, wx) = yx(w, k);
                let mesh = y.abs_diff(wy) + x.abs_diff(wx) == 1;
                let edge_pair = (y == wy && (y == 0 || y == k - 1) && x.abs_diff(wx) == k / 2)
                    || (x == wx && (x == 0 || x == k - 1) && y.abs_diff(wy) == k / 2);
                assert!(mesh || edge_pair, "k={k}: {v} - {w}");
                express += usize::from(edge_pair);
            }
            let mut sorted = ns.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), 4, "no parallel links");
        }
        // Each express link counted from both ends: 2k links, k/2 per side per half.
        assert_eq!(express, 2 * 2 * k);
        let counted: usize = (0..k * k).map(|v| neighbours(t, v).len()).sum();
        assert_eq!(counted as u64, 2 * t.link_count());
    }
    for bad in ["cmesh:k=3", "cmesh:k=2", "cmesh:k=5", "cmesh:k=8,c=4"] {
        assert!(
            Network::from_spec(&bad.parse::<Spec>().expect("a spec")).is_err(),
            "{bad}"
        );
    }
}

/// The hops of BookSim2's `cmesh_next` (`dor`) counted by its rule: along a dimension of
/// way d, a router on the edge that dimension runs along jumps k/2 by express when
/// d ≥ k/2, then steps; without express (`dor_no_express`) d steps each.
fn booksim_hops(
    k: usize,
    (ay, ax): (usize, usize),
    (dy, dx): (usize, usize),
    express: bool,
) -> usize {
    let along = |a: usize, d: usize, edge: bool| {
        let way = a.abs_diff(d);
        if express && edge && way >= k / 2 {
            1 + way - k / 2
        } else {
            way
        }
    };
    along(ax, dx, ay == 0 || ay == k - 1) + along(ay, dy, dx == 0 || dx == k - 1)
}

/// `dor` and `express` take one path each, of BookSim2's hop count and never shorter
/// than the breadth-first distance; `minimal` is that distance (the conformance suite
/// checks its paths).
#[test]
fn cmesh_routes_have_booksim2s_lengths() {
    for k in [4usize, 6, 8] {
        let net = network(&format!("cmesh:k={k}"));
        let t = net.topology();
        for s in 0..k * k {
            let dist = bfs(t, s);
            for (d, &dist_d) in dist.iter().enumerate() {
                let dist_d = dist_d as usize;
                for (name, express) in [("dor", false), ("express", true)] {
                    let route = net.route(name, s, d, 16).expect("a route");
                    assert_eq!(route.paths.len(), 1);
                    let hops = route.paths[0].len() - 1;
                    assert_eq!(
                        hops,
                        booksim_hops(k, yx(s, k), yx(d, k), express),
                        "{name} {s}->{d}"
                    );
                    assert!(hops >= dist_d);
                }
                let min = net.route("minimal", s, d, 1 << 12).expect("a route");
                assert_eq!(min.paths[0].len() - 1, dist_d);
            }
        }
    }
}

/// BookSim2's `xy_yx_no_express` and `xy_yx` (`cmesh_xy`, `cmesh_yx` and their
/// no-express forms): XY or YX, each leg counted by BookSim2's rule (at k = 4, where its
/// express rule, a way of more than one router, is dor's k/2 or more). The routes of
/// `xyyx` and `xyyx-express` are those two orders' (one where the pair shares a row or
/// column), and the first hops of the plain one are BookSim2's ports: x first, or y first.
#[test]
fn cmesh_xyyx_routes_are_booksim2s_two_orders() {
    for (k, name, express) in [
        (4usize, "xyyx", false),
        (6, "xyyx", false),
        (4, "xyyx-express", true),
    ] {
        let net = network(&format!("cmesh:k={k}"));
        for s in 0..k * k {
            for d in (0..k * k).filter(|&d| d != s) {
                let ((sy, sx), (dy, dx)) = (yx(s, k), yx(d, k));
                let xy = booksim_hops(k, (sy, sx), (dy, dx), express);
                // YX: along y in column sx, then along x in row dy.
                let along = |a: usize, b: usize, edge: bool| {
                    let way = a.abs_diff(b);
                    if express && edge && way > 1 {
                        1 + way - k / 2
                    } else {
                        way
                    }
                };
                let yx_hops =
                    along(sy, dy, sx == 0 || sx == k - 1) + along(sx, dx, dy == 0 || dy == k - 1);
                let route = net.route(name, s, d, 16).expect("a route");
                let mut got: Vec<usize> = route.paths.iter().map(|p| p.len() - 1).collect();
                got.sort_unstable();
                let mut want = if sy == dy || sx == dx {
                    vec![xy]
                } else {
                    vec![xy, yx_hops]
                };
                want.sort_unstable();
                assert_eq!(got, want, "{name} k={k} {s}->{d}");
                if !express {
                    let step = |a: usize, b: usize| if a < b { a + 1 } else { a - 1 };
                    let first_xy = if sx != dx {
                        sy * k + step(sx, dx)
                    } else {
                        step(sy, dy) * k + sx
                    };
                    let first_yx = if sy != dy {
                        step(sy, dy) * k + sx
                    } else {
                        sy * k + step(sx, dx)
                    };
                    for first in [first_xy, first_yx] {
                        assert!(route.paths.iter().any(|p| p[1] == first), "{s}->{d}");
                    }
                }
            }
        }
    }
}

/// BookSim2's cmeshconfig, its text as BookSim2 reads it, is `cmesh:k=4` under `dor`
/// (dor_no_express, every VC), bit complement, its default 16 VCs of 8 flits, islip and
/// injection rate 0.1; its terminals are where BookSim2's `NodeToRouter` and `NodeToPort`
/// put them, and its channels take 2 cycles, 4 on the express channels (k tiles).
#[test]
fn cmeshconfig_runs_as_booksim2_builds_it() {
    let x = experiment(EXAMPLE, None).expect("cmeshconfig runs");
    assert_eq!(x.network.spec(), "cmesh:k=4");
    assert_eq!(x.setup.routing, "dor");
    assert_eq!(x.setup.traffic.to_string(), "bitcomp");
    assert_eq!(
        (x.setup.router.num_vcs, x.setup.router.vc_buf_size),
        (16, 8)
    );
    assert!(x.setup.router.noc_latency);
    assert_eq!(x.rates, [0.1]);
    // 8-flit buffers against the 4-cycle express channels' round trip, 2·4 + 2 + 1 + 0.
    let short = short_buffer(&x.network, &x.setup.router).expect("short");
    assert_eq!((short.latency, short.covers), (4, 11));
    for (k, use_noc) in [(4usize, true), (8, true), (4, false)] {
        let text = EXAMPLE.replace("k = 4;", &format!("k = {k};")).replace(
            "use_read_write = 0;",
            &format!(
                "use_read_write = 0; use_noc_latency = {};",
                u8::from(use_noc)
            ),
        );
        let x = experiment(&text, None).expect("a cmesh");
        let sim = Simulator::new(&x.network, &x.setup).expect("a simulator");
        let f = sim.fabric();
        assert_eq!((f.routers(), f.endpoints()), (k * k, 4 * k * k));
        for e in 0..4 * k * k {
            // BookSim2's NodeToRouter and NodeToPort (cX = cY = 2).
            let router = (e / (2 * k)) / 2 * k + (e % (2 * k)) / 2;
            let port = 2 * ((e / (2 * k)) & 1) + (e & 1);
            assert_eq!(f.endpoint_router[e] as usize, router, "k={k} e={e}");
            assert_eq!((f.endpoint_port[e] - f.port_start[router]) as usize, port);
            assert_eq!(
                f.sink[f.endpoint_port[e] as usize],
                Sink::Endpoint(e as u32)
            );
        }
        let mut lat = [0usize; 2];
        for p in 0..f.ports() {
            if let Sink::Router(_) = f.sink[p] {
                let (u, v) = (f.router_node[f.port_router[p] as usize], f.peer[p]);
                let (uy, ux) = yx(u, k);
                let (vy, vx) = yx(v, k);
                let express = uy.abs_diff(vy) + ux.abs_diff(vx) != 1;
                let want = match (use_noc, express) {
                    (false, _) => 1,
                    (true, false) => 2,
                    (true, true) => k as u32,
                };
                assert_eq!(f.latency[p], want, "k={k} {u}->{v}");
                lat[usize::from(express)] += 1;
            }
        }
        assert_eq!(lat, [4 * k * (k - 1), 4 * k]);
    }
    let express = experiment(&EXAMPLE.replace("dor_no_express", "dor"), None).expect("dor");
    assert_eq!(express.setup.routing, "express");
}

/// `icn export --format booksim` writes BookSim2's own cmesh, which reads back as the
/// same network and routing.
#[test]
fn cmesh_exports_as_booksim2s_cmesh() {
    for k in [4, 6] {
        let net = network(&format!("cmesh:k={k}"));
        let mut out = Vec::new();
        booksim_config(&net, "unused", &mut out).expect("in memory");
        let text = String::from_utf8(out).expect("utf-8");
        assert!(
            text.contains("topology = cmesh;") && text.contains("xr = 2;"),
            "{text}"
        );
        let x = experiment(&text, None).expect("reads back");
        assert_eq!(
            (x.network.spec(), x.setup.routing.as_str()),
            (net.spec(), "dor")
        );
    }
}

/// What BookSim2's cmesh asserts, or icnplay does not model, is refused naming the key
/// and its line.
#[test]
fn cmesh_refusals_name_the_key() {
    let line_of = |text: &str, key: &str| {
        text.lines()
            .position(|l| l.starts_with(&format!("{key} =")))
            .expect("the key")
            + 1
    };
    for (from, to, key, want) in [
        (
            "n = 2;",
            "n = 1;",
            "n",
            "n = 1: BookSim2's cmesh takes n = 2",
        ),
        (
            "c = 4;",
            "c = 2;",
            "c",
            "c = 2: BookSim2's cmesh takes c = 4",
        ),
        (
            "y = 4;",
            "y = 8;",
            "y",
            "x = 4, y = 8: BookSim2's cmesh asserts x = y",
        ),
        (
            "xr = 2;",
            "xr = 4;",
            "xr",
            "xr = 4, yr = 2: BookSim2's cmesh asserts xr = yr",
        ),
        ("k = 4;", "k = 5;", "k", "k = 5"),
        (
            "dor_no_express",
            "min_adapt",
            "routing_function",
            "routing_function = min_adapt: not modelled for topology = cmesh (dor_no_express, dor, xy_yx_no_express, xy_yx)",
        ),
        (
            "use_read_write = 0;",
            "use_noc_latency = 2;",
            "use_noc_latency",
            "use_noc_latency = 2: give 0 or 1",
        ),
    ] {
        let text = EXAMPLE.replace(from, to);
        let e = experiment(&text, None).expect_err("refused");
        let line = if key == "k" {
            e.line
        } else {
            line_of(&text, key)
        };
        assert_eq!(e.line, line, "{e}");
        assert!(e.to_string().contains(want), "{e}");
    }
    // xy_yx with express channels at k = 6, where BookSim2's rule is not dor's.
    let text = EXAMPLE
        .replace("dor_no_express", "xy_yx")
        .replace("k = 4;", "k = 6;")
        .replace("x = 4;", "x = 6;")
        .replace("y = 4;", "y = 6;");
    let e = experiment(&text, None).expect_err("refused");
    assert_eq!(e.line, line_of(&text, "k"), "{e}");
    assert!(
        e.to_string()
            .contains("k = 6: BookSim2's xy_yx on the cmesh takes an edge's express channel"),
        "{e}"
    );
}
