//! What a point's parts share, the state they act on and talk through: the fabric and the
//! router's parameters, the cycle and its event wheel, the routing of heads with its
//! random stream, BookSim2's simulation phase, and the measurement and activity counters.
//! The routers ([`super::router`]) and the sources ([`super::injection`]) each own their
//! own state and change this one; the cycle loop ([`super::run`]) owns all three.

use super::channel::Fabric;
use super::config::RouterConfig;
use super::measurement::Stats;
use super::routing::HopChooser;
use super::wheel::Wheel;
use crate::rng::SplitMix64;

/// BookSim2's simulation states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Phase {
    WarmingUp,
    Running,
    Draining,
}

/// The shared state of one point being simulated.
pub(super) struct Net<'a> {
    /// The routers, ports, channels and endpoints.
    pub fab: &'a Fabric,
    /// The router's parameters.
    pub cfg: RouterConfig,
    /// VCs per port and flits per VC buffer (from `cfg`).
    pub v: u32,
    pub b: u32,
    /// The current cycle.
    pub now: u64,
    /// Flits and credits on their way.
    pub wheel: Wheel,
    /// The routing: next hops and VC classes, and its random stream (heads' choices and
    /// two-phase intermediates).
    pub hops: HopChooser<'a>,
    pub rng_route: SplitMix64,
    /// Why the routing failed, when it had no next hop.
    pub broken: Option<String>,
    /// What is measured.
    pub stats: Stats,
    pub phase: Phase,
    /// The cycle draining began.
    pub drain_time: u64,
    /// The last cycle a flit moved, and the flits in the network (deadlock detection).
    pub last_move: u64,
    pub net_flits: u64,
    /// Under read and write requests: each kind's VCs (read request, write request, read
    /// reply, write reply), and each packet's kind by its record's index (1 to 4).
    pub kind_vcs: Option<[(u32, u32); 4]>,
    pub kinds: Vec<u8>,
}

impl<'a> Net<'a> {
    /// The shared state at cycle 0, warming up, events up to `horizon` cycles ahead.
    pub fn new(
        fab: &'a Fabric,
        cfg: RouterConfig,
        hops: HopChooser<'a>,
        seed: u64,
        horizon: u64,
    ) -> Net<'a> {
        Net {
            fab,
            cfg,
            v: cfg.num_vcs,
            b: cfg.vc_buf_size,
            now: 0,
            wheel: Wheel::new(horizon),
            hops,
            rng_route: SplitMix64::stream(seed, 1),
            broken: None,
            stats: Stats::new(fab.ports()),
            phase: Phase::WarmingUp,
            drain_time: 0,
            last_move: 0,
            net_flits: 0,
            kind_vcs: None,
            kinds: Vec::new(),
        }
    }

    /// The VCs `lo ..= hi` of a scheme's class (over all VCs) as packet `pkt` may take them:
    /// under read and write requests the same share of its kind's range.
    #[inline]
    pub fn kind_range(&self, pkt: usize, lo: u32, hi: u32) -> (u32, u32) {
        let Some(ranges) = &self.kind_vcs else {
            return (lo, hi);
        };
        let (b, e) = ranges[usize::from(self.kinds[pkt]).saturating_sub(1).min(3)];
        let (n, v) = (e - b + 1, self.v);
        let first = b + lo * n / v;
        (first, (b + (hi + 1) * n / v).max(first + 1) - 1)
    }

    /// Whether throughput is being counted (BookSim2 counts while warming up and running).
    #[inline]
    pub fn measuring(&self) -> bool {
        self.phase != Phase::Draining
    }

    /// Records that the routing has no next hop from node `at` towards node `target` (the
    /// first such failure is kept; the cycle loop stops on it).
    pub fn broken_route(&mut self, at: usize, target: usize) {
        if self.broken.is_none() {
            self.broken = Some(format!(
                "the routing has no next hop from node {at} towards node {target}"
            ));
        }
    }
}
