//! Issue 37: BookSim2's flattened butterfly (`topology = flatfly`, always its on-chip
//! `flatfly_onchip.cpp`) as `flatfly:k=…,n=3,onchip`, each fact against BookSim2's own
//! formulas written out here: `flatfly_transformation` (a terminal's router and port),
//! `flatfly_outport` (`ran_min`'s next port: the lowest differing dimension first),
//! `flatfly_outport_yx` (the highest first), `find_ran_intm` (UGAL's intermediate) and the
//! channels' lengths under `use_noc_latency` (xr·|Δx| + yr·|Δy| tiles).

use icn_core::io::booksim_config;
use icn_core::sim::packet::booksim::experiment;
use icn_core::sim::packet::channel::Sink;
use icn_core::sim::packet::{short_buffer, Simulator};
use icn_core::{Network, Spec};

/// BookSim2's own `src/examples/flatflyconfig` below three header lines.
const EXAMPLE: &str = include_str!("../../scripts/booksim/configs/flatfly_example.cfg");

fn network(spec: &str) -> Network {
    Network::from_spec(&spec.parse::<Spec>().expect("a spec")).expect("a network")
}

/// BookSim2's router of terminal `e` (`flatfly_transformation`, then dest / c): its
/// (x, y) on a grid of k routers a row, r × r terminals each; and its port there.
fn booksim_terminal(e: usize, k: usize, r: usize) -> ((usize, usize), usize) {
    let row = k * r;
    let (horizontal, hrem) = ((e % row) / r, (e % row) % r);
    let (vertical, vrem) = ((e / row) / r, (e / row) % r);
    ((horizontal, vertical), r * vrem + hrem)
}

/// icnplay's node of BookSim2's router (x, y): x·k + y (the first digit is x).
fn node_of((x, y): (usize, usize), k: usize) -> usize {
    x * k + y
}

#[test]
fn onchip_flatfly_spec_and_refusals() {
    let net = network("flatfly:k=4,n=3,onchip");
    assert_eq!(net.spec(), "flatfly:k=4,n=3,onchip");
    assert_eq!(network("flatfly:k=4,n=3").spec(), "flatfly:k=4,n=3");
    assert_eq!(net.topology().node_count(), 16);
    assert_eq!(net.concentration(), 4);
    for (bad, says) in [
        ("flatfly:k=5,n=3,onchip", "k"),
        ("flatfly:k=4,n=4,onchip", "n"),
        ("flatfly:k=4,n=3,onchip=1", "onchip"),
    ] {
        let e = Network::from_spec(&bad.parse::<Spec>().expect("a spec")).expect_err(bad);
        assert!(e.to_string().contains(says), "{bad}: {e}");
    }
}

/// The terminals sit where BookSim2's `flatfly_transformation` puts them, each channel
/// takes BookSim2's length in tiles, and `dor`'s first hop is `flatfly_outport`'s: along
/// BookSim2's x (its router id mod k) while x differs.
#[test]
fn flatflyconfig_is_booksim2s_flatfly_port_for_port() {
    let x = experiment(EXAMPLE, None).expect("flatflyconfig runs");
    assert_eq!(x.network.spec(), "flatfly:k=4,n=3,onchip");
    assert_eq!(x.setup.routing, "dor");
    let r = &x.setup.router;
    assert_eq!(
        (r.num_vcs, r.vc_buf_size, r.credit_delay, r.routing_delay),
        (8, 4, 2, 0)
    );
    assert!(r.noc_latency);
    assert_eq!(x.rates, [0.1]);
    // Its 4-flit buffers against the round trip of its longest (6-cycle) channel:
    // 2·6 + 2·sw_alloc_delay + st_final_delay + credit_delay = 17.
    let short = short_buffer(&x.network, r).expect("short");
    assert_eq!((short.latency, short.covers), (6, 17));
    for (k, xr) in [(4usize, 2usize), (9, 3)] {
        let text = EXAMPLE
            .replace("c  = 4;", &format!("c  = {k};"))
            .replace("k  = 4;", &format!("k  = {k};"))
            .replace("x  = 4;", &format!("x  = {k};"))
            .replace("y  = 4;", &format!("y  = {k};"))
            .replace("xr = 2;", &format!("xr = {xr};"))
            .replace("yr = 2;", &format!("yr = {xr};"));
        let x = experiment(&text, None).expect("a flatfly");
        assert_eq!(x.network.spec(), format!("flatfly:k={k},n=3,onchip"));
        let sim = Simulator::new(&x.network, &x.setup).expect("a simulator");
        let f = sim.fabric();
        assert_eq!((f.routers(), f.endpoints()), (k * k, k * k * k));
        for e in 0..k * k * k {
            let (at, port) = booksim_terminal(e, k, xr);
            let router = node_of(at, k);
            assert_eq!(f.endpoint_router[e] as usize, router, "k={k} e={e}");
            assert_eq!((f.endpoint_port[e] - f.port_start[router]) as usize, port);
            assert_eq!(
                f.sink[f.endpoint_port[e] as usize],
                Sink::Endpoint(e as u32)
            );
        }
        let mut channels = 0;
        for p in 0..f.ports() {
            if let Sink::Router(_) = f.sink[p] {
                let (u, v) = (f.router_node[f.port_router[p] as usize], f.peer[p]);
                // BookSim2's router ids y·k + x, and its length xr·|Δx| + yr·|Δy|.
                let (bu, bv) = ((u % k) * k + u / k, (v % k) * k + v / k);
                let length = xr * (bu % k).abs_diff(bv % k) + xr * (bu / k).abs_diff(bv / k);
                assert_eq!(f.latency[p] as usize, length, "k={k} {u}->{v}");
                channels += 1;
            }
        }
        assert_eq!(channels, k * k * 2 * (k - 1));
        // ran_min's next router: the lowest dimension of BookSim2's router id first.
        for s in 0..k * k {
            for d in 0..k * k {
                if s == d {
                    continue;
                }
                let route = x.network.route("dor", s, d, 4).expect("a route");
                let next = route.paths[0][1];
                let (bs, bd) = ((s % k) * k + s / k, (d % k) * k + d / k);
                let want = if bs % k != bd % k {
                    bs - bs % k + bd % k
                } else {
                    bd
                };
                assert_eq!((next % k) * k + next / k, want, "k={k} {s}->{d}");
                assert_eq!(
                    route.paths[0].len() - 1,
                    usize::from(bs % k != bd % k) + usize::from(bs / k != bd / k)
                );
            }
        }
    }
}

/// `icn export --format booksim` writes BookSim2's own flatfly for an on-chip flattened
/// butterfly (and anynet for the plain one), which reads back as the same network.
#[test]
fn onchip_flatfly_exports_as_booksim2s_flatfly() {
    for k in [4, 9] {
        let net = network(&format!("flatfly:k={k},n=3,onchip"));
        let mut out = Vec::new();
        booksim_config(&net, "unused", &mut out).expect("in memory");
        let text = String::from_utf8(out).expect("utf-8");
        assert!(text.contains("topology = flatfly;"), "{text}");
        let x = experiment(&text, None).expect("reads back");
        assert_eq!(
            (x.network.spec(), x.setup.routing.as_str()),
            (net.spec(), "dor")
        );
    }
    let mut out = Vec::new();
    booksim_config(&network("flatfly:k=4,n=3"), "unused", &mut out).expect("in memory");
    assert!(String::from_utf8(out)
        .expect("utf-8")
        .contains("topology = anynet;"));
}

/// What BookSim2's flatfly asserts, or icnplay does not model, is refused naming the key.
#[test]
fn flatfly_refusals_name_the_key() {
    for (from, to, key, want) in [
        (
            "n  = 2;",
            "n  = 1;",
            "n",
            "n = 1: icnplay models BookSim2's flatfly with n = 2",
        ),
        (
            "c  = 4;",
            "c  = 2;",
            "c",
            "c = 2: icnplay's flattened butterfly has k = 4 terminals",
        ),
        (
            "y  = 4;",
            "y  = 8;",
            "y",
            "x = 4, y = 8: BookSim2's flatfly asserts x = y",
        ),
        (
            "yr = 2;",
            "yr = 1;",
            "xr",
            "xr = 2, yr = 1: BookSim2's flatfly asserts xr = yr",
        ),
        (
            "x  = 4;\ny  = 4;",
            "x  = 8;\ny  = 8;",
            "x",
            "x = 8: give x = y = k = 4",
        ),
        (
            "= ran_min;",
            "= min_adapt;",
            "routing_function",
            "routing_function = min_adapt: not modelled for topology = flatfly (ran_min, xyyx, adaptive_xyyx, valiant, ugal)",
        ),
        (
            "= ran_min;",
            "= ugal_xyyx;",
            "routing_function",
            "routing_function = ugal_xyyx: not modelled: its XY or YX order",
        ),
        (
            "= ran_min;",
            "= ugal_pni;",
            "routing_function",
            "routing_function = ugal_pni: not modelled: it gives a packet the VCs",
        ),
    ] {
        let text = EXAMPLE.replace(from, to);
        let e = experiment(&text, None).expect_err("refused");
        let line = text
            .lines()
            .position(|l| l.starts_with(key) && l[key.len()..].trim_start().starts_with('='))
            .expect("the key")
            + 1;
        assert_eq!(e.line, line, "{e}");
        assert!(e.to_string().contains(want), "{e}");
    }
    // xyyx reads a packet's order back from its VC: an odd num_vcs is refused.
    let text = EXAMPLE
        .replace("= ran_min;", "= xyyx;")
        .replace("num_vcs     = 8;", "num_vcs     = 5;");
    let e = experiment(&text, None).expect_err("refused");
    assert!(
        e.to_string()
            .contains("num_vcs = 5: xyyx is modelled with an even number of VCs"),
        "{e}"
    );
}

/// BookSim2's router id (y·k + x) of icnplay's node x·k + y, and back (the same swap).
fn booksim_router(v: usize, k: usize) -> usize {
    (v % k) * k + v / k
}

/// The flatfly's routing functions route as BookSim2's: `xyyx` (XY or YX) leaves by
/// `flatfly_outport` in its first order and by `flatfly_outport_yx` (the highest differing
/// dimension of the router id first) in the reverse; `valiant-dims` (UGAL's routing)
/// draws among exactly the routers `find_ran_intm` can return (each dimension the pair
/// shares kept, any value in the others), and `valiant` among every router, as
/// `valiant_flatfly`'s draw of any terminal.
#[test]
fn flatfly_routing_functions_route_as_booksim2s() {
    use icn_core::routing::registry;
    let k = 4usize;
    let net = network("flatfly:k=4,n=3,onchip");
    let xyyx = registry::build(&net, "xyyx").expect("xyyx");
    let dims = registry::build(&net, "valiant-dims").expect("valiant-dims");
    let valiant = registry::build(&net, "valiant").expect("valiant");
    let (xyyx, dims, valiant) = (
        xyyx.two_phase().expect("two phases"),
        dims.two_phase().expect("two phases"),
        valiant.two_phase().expect("two phases"),
    );
    let mut next = Vec::new();
    for s in 0..k * k {
        for d in (0..k * k).filter(|&d| d != s) {
            let (bs, bd) = (booksim_router(s, k), booksim_router(d, k));
            // flatfly_outport_yx: dimension 1 (bs / k) first where it differs.
            let yx = if bs / k != bd / k {
                bd / k * k + bs % k
            } else {
                bd
            };
            let corner = xyyx.intermediates_with_ends(s, d)[1];
            let target = if corner == s { d } else { corner };
            next.clear();
            net.routing("dor")
                .expect("dor")
                .next_hops(s, target, &mut next);
            assert_eq!(booksim_router(next[0], k), yx, "{s}->{d}");
            // find_ran_intm: every combination of its draws, over the router's digits.
            let mut drawn: Vec<usize> = Vec::new();
            for x in 0..k {
                for y in 0..k {
                    let keep_x = bs % k == bd % k;
                    let keep_y = bs / k == bd / k;
                    if (keep_x && x != bs % k) || (keep_y && y != bs / k) {
                        continue;
                    }
                    drawn.push(booksim_router(y * k + x, k));
                }
            }
            drawn.sort_unstable();
            let mut ours = dims.intermediates_with_ends(s, d);
            ours.sort_unstable();
            assert_eq!(ours, drawn, "{s}->{d}");
            assert_eq!(valiant.intermediates_with_ends(s, d).len(), k * k);
        }
    }
}
