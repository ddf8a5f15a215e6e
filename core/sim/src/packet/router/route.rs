//! Route computation of the input-queued router: the head at the front of an input VC is
//! given its output port and the range of output VCs it may take (the routing relation's
//! next hop under the VC scheme, or the ejection port at its destination's router), and
//! UGAL's choice at the packet's source router, BookSim2's adaptive XY-or-YX's, and at
//! every hop BookSim2's `fattree_anca`'s (the emptier of two next hops drawn).

use super::buffers::{Buffers, NO_PORT, VC_ALLOC};
use crate::packet::adapt::{least_of_two, Adapt, MinAdapt};
use crate::packet::channel::Sink;
use crate::packet::flit::Flit;
use crate::packet::net::Net;

/// Routes the head at the front of input VC `i` of router `r`, which got there at cycle
/// `at`: it bids for an output VC from `at + routing_delay`. A routing with no next hop
/// leaves the VC unrouted and says so in [`Net::broken`].
pub(super) fn route_front(st: &mut Buffers, net: &mut Net<'_>, i: usize, r: usize, at: u64) {
    match net.hops.adapt() {
        Adapt::MinAdapt => min_adapt_front(st, net, i, r, at),
        Adapt::MinAdaptTorus => min_adapt_torus_front(st, net, i, r, at),
        _ => {
            route_one(st, net, i, r, at);
        }
    }
}

/// [`route_front`] with one output: whether the head was routed.
#[inline(always)]
fn route_one(st: &mut Buffers, net: &mut Net<'_>, i: usize, r: usize, at: u64) -> bool {
    let slot = st.ivc[i].first as usize;
    let mut f = st.pool.items[slot].flit;
    let fab = net.fab;
    let node = fab.router_node[r];
    if net.hops.is_ugal() && f.hops == 0 {
        ugal_choice(st, net, &mut f, r);
    } else if f.hops == 0 && net.hops.chooses_order() {
        order_choice(st, net, &mut f, r);
    }
    let dst_ep = f.dst_ep as usize;
    if f.via as usize == node
        || (f.via != u32::MAX
            && net.hops.ejects_on_arrival()
            && fab.eject_router[dst_ep] as usize == r)
    {
        f.via = u32::MAX;
        f.tag = net.hops.at_intermediate(f.tag);
    }
    let route = if fab.eject_router[dst_ep] as usize == r && f.via == u32::MAX {
        let (lo, hi) = net.hops.eject_range(f.tag);
        Some((fab.eject_port[dst_ep], lo, hi))
    } else {
        let target = if f.via == u32::MAX {
            fab.endpoint_node[dst_ep]
        } else {
            f.via as usize
        };
        let hop = if net.hops.adapt() == Adapt::LeastOfTwo {
            let (ovc, v) = (&st.ovc, net.v as usize);
            net.hops
                .hop_by(node, target, f.tag, &mut net.rng_route, |next, rng| {
                    least_of_two(
                        next.len(),
                        |n| rng.below(n),
                        |k| {
                            fab.port_to(r as u32, next[k]).map_or(u32::MAX, |p| {
                                let p = p as usize;
                                ovc[p * v..(p + 1) * v].iter().map(|o| o.occ).sum()
                            })
                        },
                    )
                })
        } else {
            net.hops.hop(node, target, f.tag, &mut net.rng_route)
        };
        if let Some(hop) = hop {
            f.tag = hop.tag;
        }
        let port = hop.and_then(|h| Some((fab.port_to(r as u32, h.next)?, h)));
        if port.is_none() {
            net.broken_route(node, target);
        }
        let through = (fab.eject_router[dst_ep] as usize == r)
            .then(|| net.hops.through_destination())
            .flatten();
        port.map(|(port, h)| {
            let (lo, hi) = through.unwrap_or((h.vc_lo, h.vc_hi));
            (port, lo, hi)
        })
    };
    st.pool.items[slot].flit = f;
    let Some((port, lo, hi)) = route else {
        return false;
    };
    let (lo, hi) = net.kind_range(f.pkt(), lo, hi);
    let x = &mut st.ivc[i];
    x.state = VC_ALLOC;
    x.ready = at + u64::from(net.cfg.routing_delay);
    x.out_port = port;
    x.vc_lo = lo;
    x.vc_hi = hi;
    st.mark(i);
    true
}

/// [`route_front`] under BookSim2's `min_adapt_mesh`: the head's one-output route, then
/// its output set ([`min_adapt`]). Kept out of line: the other routings never call it.
#[inline(never)]
fn min_adapt_front(st: &mut Buffers, net: &mut Net<'_>, i: usize, r: usize, at: u64) {
    if !route_one(st, net, i, r, at) {
        return;
    }
    let f = st.pool.items[st.ivc[i].first as usize].flit;
    let ejects = f.via == u32::MAX && net.fab.eject_router[f.dst_ep as usize] as usize == r;
    let x = st.ivc[i];
    let (lo, hi) = min_adapt(st, net, i, (x.out_port, x.vc_lo, x.vc_hi), ejects);
    (st.ivc[i].vc_lo, st.ivc[i].vc_hi) = (lo, hi);
}

/// [`route_front`] under BookSim2's `min_adapt_torus`. A head from its endpoint or on VC 2
/// or above (BookSim2: `in_vc > vcBegin + 1`) is adaptive: VC 3 of the adaptive hop at high
/// priority and the escape hop's VC, its ring class chosen afresh, at low
/// ([`super::super::routing::HopChooser::torus_adapt`]); BookSim2 sets the packet's class
/// to the escape hop's whichever it takes. A head on VC 0 or 1 from a router keeps to
/// dimension order with its class, on that class's VC alone. Every VC at ejection.
#[inline(never)]
fn min_adapt_torus_front(st: &mut Buffers, net: &mut Net<'_>, i: usize, r: usize, at: u64) {
    if st.low.is_empty() {
        st.low = vec![(NO_PORT, 0, 0); st.ivc.len()];
    }
    st.low[i].0 = NO_PORT;
    let v = net.v;
    let fab = net.fab;
    let slot = st.ivc[i].first as usize;
    let mut f = st.pool.items[slot].flit;
    let dst_ep = f.dst_ep as usize;
    let ejects = fab.eject_router[dst_ep] as usize == r;
    let from_endpoint = matches!(fab.source[i / v as usize], Sink::Endpoint(_));
    if ejects || !(from_endpoint || i as u32 % v >= 2) {
        if route_one(st, net, i, r, at) && !ejects {
            let class = u32::from(st.pool.items[slot].flit.tag & 1);
            (st.ivc[i].vc_lo, st.ivc[i].vc_hi) = (class, class);
        }
        return;
    }
    let node = fab.router_node[r];
    let target = fab.endpoint_node[dst_ep];
    let ports = net
        .hops
        .torus_adapt(node, target, &mut net.rng_route)
        .and_then(|(escape, next)| {
            Some((
                escape,
                fab.port_to(r as u32, escape.next)?,
                fab.port_to(r as u32, next)?,
            ))
        });
    let Some((escape, escape_port, port)) = ports else {
        net.broken_route(node, target);
        return;
    };
    f.tag = escape.tag;
    st.pool.items[slot].flit = f;
    st.low[i] = (escape_port, escape.vc_lo, escape.vc_hi);
    let x = &mut st.ivc[i];
    x.state = VC_ALLOC;
    x.ready = at + u64::from(net.cfg.routing_delay);
    x.out_port = port;
    (x.vc_lo, x.vc_hi) = (3, 3);
    st.mark(i);
}

/// UGAL at the packet's source router `r`: keep Valiant's intermediate only when the
/// minimal route's first output holds more than twice the flits of the non-minimal one's,
/// plus the threshold (BookSim2's `ugal_dragonflynew`); on the flattened butterfly
/// ([`crate::packet::valiant::Legs::UgalHops`]) each queue weighed by its route's hops
/// (`ugal_flatfly_onchip`). A packet for its source router ejects at once; one whose
/// intermediate is its source router goes minimally.
fn ugal_choice(st: &Buffers, net: &mut Net<'_>, f: &mut Flit, r: usize) {
    if f.via == u32::MAX {
        return;
    }
    let fab = net.fab;
    let node = fab.router_node[r];
    let dst = fab.endpoint_node[f.dst_ep as usize];
    let v = net.v as usize;
    let mut queue = |target: usize| -> Option<u32> {
        let next = net.hops.first_hop(node, target)?;
        let port = fab.port_to(r as u32, next)? as usize;
        Some(st.ovc[port * v..(port + 1) * v].iter().map(|o| o.occ).sum())
    };
    let q_min = queue(dst);
    let q_non = queue(f.via as usize);
    let minimal = match (q_min, q_non) {
        (Some(a), Some(b)) if net.hops.weighs_hops() => {
            let via = f.via as usize;
            match (
                net.hops.route_hops(node, dst),
                net.hops.route_hops(node, via),
                net.hops.route_hops(via, dst),
            ) {
                (Some(h_min), Some(h1), Some(h2)) => {
                    crate::packet::valiant::ugal_hops_prefers_minimal(h_min, a, h1 + h2, b)
                }
                _ => true,
            }
        }
        (Some(a), Some(b)) => crate::packet::valiant::ugal_prefers_minimal(a, b),
        _ => true,
    };
    if minimal {
        f.via = u32::MAX;
        f.tag = net.hops.start_tag(false);
    }
}

/// BookSim2's `adaptive_xy_yx_mesh` at the packet's source router `r`: the order (XY or
/// YX, as the corner it turns at) whose first output holds fewer flits (credits in use),
/// either with equal chance at a tie; its corner becomes the intermediate and its VC half
/// the state. A packet for this router ejects at once, as in BookSim2.
fn order_choice(st: &Buffers, net: &mut Net<'_>, f: &mut Flit, r: usize) {
    let fab = net.fab;
    let node = fab.router_node[r];
    let dst = fab.endpoint_node[f.dst_ep as usize];
    if node == dst {
        return;
    }
    let corners = net.hops.order_corners(node, dst);
    let [xy, yx] = corners[..] else { return };
    let v = net.v as usize;
    let mut queue = |corner: usize| -> Option<u32> {
        let target = if corner == node { dst } else { corner };
        let next = net.hops.first_hop(node, target)?;
        let port = fab.port_to(r as u32, next)? as usize;
        Some(st.ovc[port * v..(port + 1) * v].iter().map(|o| o.occ).sum())
    };
    let (q_xy, q_yx) = (queue(xy), queue(yx));
    let reverse = match (q_xy, q_yx) {
        (Some(a), Some(b)) if a != b => a > b,
        _ => net.rng_route.below(2) == 1,
    };
    f.via = if reverse { yx } else { xy } as u32;
    f.tag = u16::from(reverse);
}

/// BookSim2's `min_adapt_mesh` for the head of input VC `i` routed to `port` (VCs
/// `lo..=hi`, every VC): at its destination's router (`ejects`) every VC, one candidate;
/// elsewhere VCs 1 … V − 1 of `port` at high priority (the route's own range, returned)
/// and VC 0, the escape VC, at low priority ([`Buffers::low`]), or VC 0 alone for a head
/// that came in on VC 0 from a router ([`MinAdapt`]).
fn min_adapt(
    st: &mut Buffers,
    net: &Net<'_>,
    i: usize,
    (port, lo, hi): (u32, u32, u32),
    ejects: bool,
) -> (u32, u32) {
    if st.low.is_empty() {
        st.low = vec![(NO_PORT, 0, 0); st.ivc.len()];
    }
    if ejects {
        st.low[i].0 = NO_PORT;
        return (lo, hi);
    }
    let v = net.v;
    let from_endpoint = matches!(net.fab.source[i / v as usize], Sink::Endpoint(_));
    let set = MinAdapt::at((!from_endpoint).then_some(i as u32 % v), v);
    match set.high {
        Some(high) => {
            st.low[i] = (port, set.low.0, set.low.1);
            high
        }
        None => {
            st.low[i].0 = NO_PORT;
            set.low
        }
    }
}
