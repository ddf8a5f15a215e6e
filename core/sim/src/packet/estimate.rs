//! What a simulation will cost, from its parameters before anything is built, in the
//! units of the one cost model ([`icn_engine::cost`]: [`Estimate`]'s steps and bytes, compared
//! with the callers' budgets): a point's memory (the fabric, every router's input and
//! output VCs, the buffers' flit slots at capacity, the packets and events in flight, the
//! next-hop table) and its cycles (the protocol's bound, then the settling that tells a
//! deadlock from a saturation) times the routers; and the deadlock analysis that chooses
//! the VC scheme, once per curve. `core/tests/estimates.rs` holds it against the work a
//! point does.

use serde::Serialize;

use super::config::{PointConfig, RouterConfig};
use super::flit::Flit;
use super::hops::{relation_searches, table_kind, TableKind, MAX_TABLE_NODES};
use super::injection::Packet;
use super::router::{Ivc, Ovc};
use super::run::settle_cycles;
use super::wheel::Event;
use super::{SimSetup, TABLE_ROUTING};
use icn_engine::cost::Estimate;
use icn_engine::network::Network;

/// Steps per simulated router-cycle: the native simulator does 2·10⁶ to 10⁷ router-cycles
/// a second on one core (docs/benchmarks.md), 100 to 500 ns each, and a step of the cost
/// model is about a nanosecond; 256 keeps a point within `icn`'s budget (2³⁸ steps) to
/// about 10⁹ router-cycles, a few minutes, and within the page's (2³⁶) to 2²⁸.
pub const STEPS_PER_ROUTER_CYCLE: u64 = 256;

/// The size of a simulation and what it costs, before anything is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SimEstimate {
    /// Routers (at most: every node).
    pub routers: u64,
    /// Ports (at most: every channel and every endpoint's).
    pub ports: u64,
    /// Flit slots of every input buffer at capacity (ports × VCs × buffer depth).
    pub buffer_slots: u64,
    /// The most cycles a point runs: the protocol's bound, then the settling.
    pub cycles: u64,
    /// The most router-cycles a point simulates (routers × cycles).
    pub router_cycles: u64,
    /// One point on one thread: its steps, and every structure it allocates.
    pub point: Estimate,
    /// Choosing the VC scheme before the first point: the deadlock analysis (at most
    /// the check the simulator runs, for each scheme it may try) and the fabric.
    pub setup: Estimate,
}

impl SimEstimate {
    /// Peak bytes of a curve on `threads` threads: each holds its own network and
    /// simulator; the setup's analysis is over before they start.
    pub fn bytes_on(&self, threads: u64) -> u64 {
        self.point
            .bytes
            .saturating_mul(threads.max(1))
            .max(self.setup.bytes)
    }

    /// The most threads whose points fit in `bytes` together (at least one).
    pub fn threads_within(&self, bytes: u64) -> u64 {
        (bytes / self.point.bytes.max(1)).max(1)
    }

    /// One point's work and its thread's memory, with the setup's memory at its peak:
    /// what a caller compares with a budget for one thread.
    pub fn one_thread(&self) -> Estimate {
        Estimate {
            steps: self.point.steps.saturating_add(self.setup.steps),
            bytes: self.bytes_on(1),
        }
    }
}

fn size<T>() -> u64 {
    std::mem::size_of::<T>() as u64
}

/// The estimate of simulating `setup` on `net` (any rate: the bound does not depend on
/// it). Reads only the network's closed-form counts.
pub fn sim_estimate(net: &Network, setup: &SimSetup) -> SimEstimate {
    let t = net.topology();
    let nodes = t.node_count() as u64;
    let channels = t.channel_count();
    let concentration = u64::from(net.concentration().max(1));
    let endpoints = nodes.saturating_mul(concentration);
    let routers = nodes;
    let ports = channels.saturating_add(endpoints);
    let r = &setup.router;
    let vcs = u64::from(r.num_vcs.max(1));
    let vc_ports = ports.saturating_mul(vcs);
    let buffer_slots = vc_ports.saturating_mul(u64::from(r.vc_buf_size.max(1)));
    let point = PointConfig {
        router: *r,
        protocol: setup.protocol,
        rate: 0.5,
        seed: setup.seed,
    };
    let cycles = point.max_cycles().saturating_add(settle_cycles(r));
    let router_cycles = routers.saturating_mul(cycles);
    // The fabric: per port its router, two sinks, peer and latency; per endpoint its
    // router, port and node; per node its router.
    let fabric = ports
        .saturating_mul(4 + 2 * size::<[u32; 2]>() + 8 + 4)
        .saturating_add(endpoints.saturating_mul(16))
        .saturating_add(nodes.saturating_mul(12));
    // Routers: input and output VCs with the VC allocator's pointer of each, the switch
    // allocator's per-port state, flit slots at capacity (with the free list) and the
    // packets they can hold, one per source besides; sources and their injection VCs;
    // events in flight on every channel.
    let longest = u64::from(r.channel_latency.max(r.global_latency.unwrap_or(0)));
    let horizon = longest
        + u64::from(r.sw_alloc_delay)
        + u64::from(r.st_final_delay)
        + u64::from(r.credit_delay)
        + 4;
    let packets = (buffer_slots / u64::from(r.packet_size.max(1)))
        .saturating_add(endpoints)
        .saturating_add(ports.saturating_mul(horizon));
    let routers_bytes = vc_ports
        .saturating_mul(size::<Ivc>() + size::<Ovc>() + 8)
        .saturating_add(ports.saturating_mul(24 + 8))
        .saturating_add(buffer_slots.saturating_mul(size::<(Flit, u32)>() + 4))
        .saturating_add(packets.saturating_mul(size::<Packet>() + 4))
        .saturating_add(endpoints.saturating_mul(40 + 6 * vcs))
        .saturating_add(
            ports
                .saturating_mul(horizon)
                .saturating_mul(2 * size::<Event>()),
        )
        .saturating_add(STATS_BYTES);
    let (table, table_fill, search) = hop_table(net, setup);
    // Each thread builds its own network (its neighbour lists at most) and has its stack.
    let network = nodes
        .saturating_mul(16)
        .saturating_add(channels.saturating_mul(4));
    let point_bytes = THREAD_STACK_BYTES
        .saturating_add(fabric)
        .saturating_add(routers_bytes)
        .saturating_add(table)
        .saturating_add(network);
    // Under `internal_speedup` a router-cycle is up to ⌈s⌉ internal steps.
    let steps = router_cycles
        .saturating_mul(r.internal_speedup.max_steps())
        .saturating_mul(STEPS_PER_ROUTER_CYCLE.saturating_add(search))
        .saturating_add(ports.saturating_mul(16))
        .saturating_add(table_fill);
    let setup_cost = super::scheme_estimate(net, setup).unwrap_or(Estimate { steps: 0, bytes: 0 });
    SimEstimate {
        routers,
        ports,
        buffer_slots,
        cycles,
        router_cycles,
        point: Estimate {
            steps,
            bytes: point_bytes,
        },
        setup: Estimate {
            steps: setup_cost.steps.saturating_add(ports.saturating_mul(16)),
            bytes: setup_cost.bytes.saturating_add(fabric),
        },
    }
}

/// A thread's stack (Rust's default for a spawned thread; `icn sim` runs its points on
/// threads of their own).
const THREAD_STACK_BYTES: u64 = 2 << 20;

/// The statistics' latency histogram and the wheel's buckets, whatever the network.
const STATS_BYTES: u64 = (1 << 13) * 8 + 64 * 24;

/// The next-hop table of `setup`'s routing on `net` ([`table_kind`]): its bytes (N²
/// entries of 4 bytes and of 2 for distances, to [`MAX_TABLE_NODES`] nodes; N² distances
/// of 2 past it, to [`super::hops::MAX_DISTANCE_NODES`]; and anynet's first-hop table, N²
/// of 4), the steps that fill it (a search of the N nodes and C channels per destination,
/// or a step an entry), and the steps a router-cycle spends asking a relation that
/// searches the network at every call ([`relation_searches`]: one search a router-cycle,
/// N + C).
fn hop_table(net: &Network, setup: &SimSetup) -> (u64, u64, u64) {
    let t = net.topology();
    let nodes = t.node_count() as u64;
    let square = nodes.saturating_mul(nodes);
    let search = nodes.saturating_add(t.channel_count());
    let (mut bytes, mut fill, mut per_cycle) = (0, 0, 0);
    if let Ok(routing) = net.routing(&setup.routing) {
        let routing = routing.as_ref();
        match table_kind(t, routing) {
            TableKind::Entries { distances } => {
                bytes = square * if distances { 6 } else { 4 };
                fill = square.max(if distances { nodes * search } else { 0 });
            }
            TableKind::Distances => {
                bytes = square.saturating_mul(2);
                fill = nodes.saturating_mul(search);
            }
            TableKind::None if relation_searches(t, routing) => per_cycle = search,
            TableKind::None => {}
        }
    } else if nodes <= MAX_TABLE_NODES as u64 {
        bytes = square * 6;
        fill = square;
    }
    if setup.routing == TABLE_ROUTING {
        bytes = bytes.saturating_add(square.saturating_mul(4));
        fill = fill.saturating_add(square);
    }
    (bytes, fill, per_cycle)
}

/// The smallest buffer depth that covers the credit round trip of a channel of `latency`
/// cycles, in this router's timing (`router::traverse`): a flit granted the switch at
/// cycle g arrives downstream at g + sw − 1 + st + L + 1 and can win that router's switch
/// the same cycle; its slot's credit leaves sw − 1 cycles after that grant and arrives
/// L + 1 + credit_delay later, when the sender can grant again. A VC streaming a packet
/// thus reuses a slot every 2·L + 2·sw + st + credit_delay cycles (7 with BookSim2's
/// defaults on a torus's 2-cycle channels, 203 on a Dragonfly's 100-cycle global
/// channels); a shallower buffer leaves the channel idle part of every round trip.
pub fn credit_round_trip(r: &RouterConfig, latency: u32) -> u64 {
    2 * u64::from(latency)
        + 2 * u64::from(r.sw_alloc_delay)
        + u64::from(r.st_final_delay)
        + u64::from(r.credit_delay)
}

/// A buffer shallower than the credit round trip of the network's longest channel: the
/// channel's latency and the depth that covers its round trip.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ShortBuffer {
    /// The channel latency whose round trip the buffer does not cover.
    pub latency: u32,
    /// The round trip in cycles: the buffer depth that covers it.
    pub covers: u64,
}

/// Whether `r`'s buffers cover the credit round trip of the longest channel of `net`
/// under `r` (its on-chip lengths under [`RouterConfig::noc_latency`]); `None` when they
/// do.
///
/// # Complexity
/// O(1), or O(channels) under `noc_latency` (one look at each channel's length).
pub fn short_buffer(net: &Network, r: &RouterConfig) -> Option<ShortBuffer> {
    let mut latency = r.channel_latency.max(r.global_latency.unwrap_or(0));
    if r.noc_latency {
        let t = net.topology();
        let mut next = Vec::new();
        for u in 0..t.node_count() {
            next.clear();
            t.neighbours(u, &mut next);
            for &v in &next {
                latency = latency.max(net.noc_latency(u, v).unwrap_or(0));
            }
        }
    }
    let covers = credit_round_trip(r, latency);
    (u64::from(r.vc_buf_size) < covers).then_some(ShortBuffer { latency, covers })
}
