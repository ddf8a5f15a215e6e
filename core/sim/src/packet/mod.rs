//! A packet-level, cycle-driven network simulator that follows BookSim2 (Jiang et al.,
//! ISPASS 2013): input-queued virtual-channel routers with credit-based flow control,
//! separable input-first allocation with round-robin arbiters, Bernoulli injection with
//! unbounded source queues, and BookSim2's latency-mode protocol and saturation decision;
//! on any network icnplay builds. docs/simulation.md describes the model and its
//! comparison with BookSim2.
//!
//! Parts: [`config`] (parameters, BookSim2's names and defaults), [`channel`] (the
//! fabric: routers, ports, channels, endpoints), [`routing`] (next hops and VC classes),
//! [`allocator`], [`router`], [`injection`], [`traffic`] (with [`knuth`], BookSim2's generator for `randperm`), [`measurement`], [`run`] (the
//! cycle loop and the latency-mode protocol), `batch` (BookSim2's batch mode).
//!
//! ```
//! use icn_sim::packet::{Simulator, SimSetup};
//! use icn_engine::Network;
//! use icn_graph::Spec;
//! let net = Network::from_spec(&"mesh:k=4x4".parse::<Spec>().unwrap()).unwrap();
//! let mut setup = SimSetup::new("dor");
//! setup.router.num_vcs = 2;
//! setup.protocol.sample_period = 200;
//! let sim = Simulator::new(&net, &setup).unwrap();
//! let point = sim.point(0.05, false, &mut |_, _| true).unwrap();
//! let latency = point.packet_latency.unwrap();
//! assert!(latency > 10.0 && latency < 40.0);
//! ```

pub mod adapt;
pub mod allocator;
mod batch;
pub mod booksim;
pub mod bound;
pub mod channel;
pub mod config;
pub mod estimate;
mod flit;
mod hops;
pub mod injection;
pub mod knuth;
pub mod measurement;
mod net;
mod pool;
pub mod router;
pub mod routing;
pub mod run;
pub mod traffic;
pub mod valiant;
mod wheel;

use serde::{Deserialize, Serialize};

pub use self::bound::{pattern_demand, pattern_estimate, uniform_bound};
pub use self::channel::Fabric;
pub use self::config::{
    AllocatorChoice, AllocatorKind, Batch, InternalSpeedup, PointConfig, Protocol, ReadWrite,
    RouterConfig, SimError,
};
pub use self::estimate::{credit_round_trip, short_buffer, sim_estimate, ShortBuffer, SimEstimate};
pub use self::measurement::{
    BatchResult, ChannelUse, PointResult, Status, BATCH_CSV_HEADER, CSV_HEADER,
};
pub use self::traffic::{permutation_text, Pattern, PermutationText, Shape, Traffic};

use self::allocator::AnyAllocator;
use self::router::{IqRouter, RouterKind};
use self::routing::HopChooser;
pub use self::run::PointUse;
use self::run::{run_point, Engine};
use icn_analyses::deadlock::{applies, deadlock_estimate, deadlock_with, Scheme};
use icn_engine::network::Network;
use icn_engine::routing::registry;
use icn_families::family::Structure;
use icn_graph::Routing;

/// The routing names the registry adds to every family's own
/// ([`icn_engine::routing::registry`]): BookSim2 anynet's table, UGAL and Valiant's.
pub use icn_engine::routing::registry::{
    TABLE as TABLE_ROUTING, UGAL as UGAL_ROUTING, VALIANT as VALIANT_ROUTING,
};

/// The deadlock analysis is run to choose or check a scheme when it costs at most this
/// many steps ([`deadlock_estimate`], an upper bound; docs/limits.md gives what such an
/// analysis costs, the 1,040-router Dragonfly's `minimal` among the cases inside it).
const DEADLOCK_CHECK_STEPS: u64 = 1 << 32;

/// What to simulate on a network: routing, VC scheme, traffic, router, protocol, seed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimSetup {
    /// A strategy of the network (`icn families`), or `table` (BookSim2 anynet's).
    pub routing: String,
    /// How hops get virtual-channel classes; `None`: the first of one, dateline, phases,
    /// hops that the deadlock analysis finds deadlock-free.
    pub scheme: Option<Scheme>,
    /// How a two-phase routing's legs take VCs under the `phases` scheme (BookSim2's mesh
    /// functions: [`valiant::Legs::Halves`]).
    #[serde(default)]
    pub legs: valiant::Legs,
    /// How a router chooses among the next hops and VCs from what it sees of its outputs
    /// (BookSim2's `fattree_anca`, `min_adapt_mesh`: [`adapt::Adapt`]).
    #[serde(default)]
    pub adapt: adapt::Adapt,
    /// The traffic pattern.
    pub traffic: Pattern,
    /// The router.
    pub router: RouterConfig,
    /// The latency-mode protocol.
    pub protocol: Protocol,
    /// The seed.
    pub seed: u64,
}

impl SimSetup {
    /// `routing` under uniform traffic with BookSim2's defaults.
    pub fn new(routing: &str) -> SimSetup {
        SimSetup {
            routing: routing.to_string(),
            scheme: None,
            legs: valiant::Legs::Classes,
            adapt: adapt::Adapt::None,
            traffic: Pattern::Uniform,
            router: RouterConfig::default(),
            protocol: Protocol::default(),
            seed: 1,
        }
    }

    /// What is wrong with the setup's parameters, before any network is built: every
    /// router parameter out of its range at once (a form says each at its field, `icn sim`
    /// joins them); once all are in range, the point's other checks
    /// ([`PointConfig::check`]); empty when the setup can run.
    pub fn problems(&self) -> Vec<SimError> {
        let ranges: Vec<SimError> = self.router.out_of_range().collect();
        if !ranges.is_empty() {
            return ranges;
        }
        let point = PointConfig {
            router: self.router,
            protocol: self.protocol,
            rate: 0.5,
            seed: self.seed,
        };
        point.check().err().into_iter().collect()
    }
}

/// BookSim2's channel latencies for the topology it would build for `net`: 2 cycles in a
/// torus, 10 on a Dragonfly's local links and 100 on its global ones (dragonflynew), 1
/// elsewhere. Returns (channel latency, global latency).
pub fn booksim_latencies(net: &Network) -> (u32, Option<u32>) {
    match net.family().name {
        "torus" => (2, None),
        "dragonfly" => (10, Some(100)),
        _ => (1, None),
    }
}

/// Whether BookSim2 lays `net` out on a chip by default (`use_noc_latency = 1` in a
/// topology with a floorplan: the concentrated mesh, the flattened butterfly `onchip`):
/// its channels then take their lengths in tiles ([`RouterConfig::noc_latency`]).
pub fn booksim_noc(net: &Network) -> bool {
    let mut next = Vec::new();
    net.topology().neighbours(0, &mut next);
    next.first()
        .is_some_and(|&v| net.noc_latency(0, v).is_some())
}

/// Loads in a sweep up to a single rate ([`sweep_up_to`]).
pub const SWEEP_POINTS: u32 = 5;

/// The loads of a sweep that ends at `rate`: [`SWEEP_POINTS`] evenly spaced, the last
/// `rate` itself, each rounded to nine decimals (as `icn sim --rates` rounds a range). A
/// BookSim2 file gives one `injection_rate` for its one run; a curve up to it shows where
/// that run sits.
pub fn sweep_up_to(rate: f64) -> Vec<f64> {
    (1..=SWEEP_POINTS)
        .map(|i| (rate * f64::from(i) / f64::from(SWEEP_POINTS) * 1e9).round() / 1e9)
        .filter(|&r| r > 0.0)
        .collect()
}

/// A network ready to simulate at any rate: its fabric, routing, scheme and traffic.
#[allow(missing_debug_implementations)]
pub struct Simulator<'a> {
    net: &'a Network,
    fabric: Fabric,
    traffic: Traffic,
    routing: Box<dyn Routing + 'a>,
    scheme: Scheme,
    classes: u32,
    deadlock_free: Option<bool>,
    setup: SimSetup,
}

/// The VC scheme a [`Simulator`] chose and what the deadlock analysis said of it: the
/// costly part of setting one up, to hand to another built for the same network and setup
/// ([`Simulator::with_choice`]; `icn sim`'s threads, each with its own network).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchemeChoice {
    scheme: Scheme,
    deadlock_free: Option<bool>,
}

impl<'a> Simulator<'a> {
    /// Builds the fabric and checks routing, scheme and traffic against the network.
    ///
    /// # Errors
    /// [`SimError`] naming what does not fit.
    pub fn new(net: &'a Network, setup: &SimSetup) -> Result<Simulator<'a>, SimError> {
        Simulator::build(net, setup, None, &mut |_, _, _| {})
    }

    /// [`Simulator::new`], calling `progress(what, done, total)` while the deadlock
    /// analysis that chooses or checks the scheme runs (`what` names the scheme).
    ///
    /// # Errors
    /// As [`Simulator::new`].
    pub fn new_with_progress(
        net: &'a Network,
        setup: &SimSetup,
        progress: &mut dyn FnMut(&str, usize, usize),
    ) -> Result<Simulator<'a>, SimError> {
        Simulator::build(net, setup, None, progress)
    }

    /// The same as [`Simulator::new`] for a network and setup equal to those of the
    /// simulator `choice` came from ([`Simulator::choice`]), without running the deadlock
    /// analysis again.
    ///
    /// # Errors
    /// As [`Simulator::new`].
    pub fn with_choice(
        net: &'a Network,
        setup: &SimSetup,
        choice: SchemeChoice,
    ) -> Result<Simulator<'a>, SimError> {
        Simulator::build(net, setup, Some(choice), &mut |_, _, _| {})
    }

    /// The scheme chosen and the deadlock analysis' word on it.
    pub fn choice(&self) -> SchemeChoice {
        SchemeChoice {
            scheme: self.scheme,
            deadlock_free: self.deadlock_free,
        }
    }

    fn build(
        net: &'a Network,
        setup: &SimSetup,
        choice: Option<SchemeChoice>,
        progress: &mut dyn FnMut(&str, usize, usize),
    ) -> Result<Simulator<'a>, SimError> {
        PointConfig {
            router: setup.router,
            protocol: setup.protocol,
            rate: 0.5,
            seed: setup.seed,
        }
        .check()?;
        let r = &setup.router;
        if setup.adapt.output_sets() {
            if let Some(why) = adapt::unranked(r.vc_allocator.kind) {
                return Err(SimError::Routing(format!("vc_allocator: give {why}")));
            }
        }
        let mut fabric = Fabric::of(
            net,
            r.channel_latency,
            r.global_latency.unwrap_or(r.channel_latency),
        )?;
        if r.noc_latency {
            fabric = fabric.with_noc_latencies(net);
        }
        let t = net.topology();
        let routing =
            registry::build(net, &setup.routing).map_err(|e| SimError::Routing(e.to_string()))?;
        let (scheme, deadlock_free) = match (choice, setup.scheme) {
            (Some(c), _) => (c.scheme, c.deadlock_free),
            (None, Some(s)) => {
                // BookSim2's halves split a two-phase route by its legs or its draw, not by
                // boundaries.
                let halves =
                    s == Scheme::Phases && setup.legs.booksim() && routing.two_phase().is_some();
                if !halves {
                    applies(t, s).map_err(|e| SimError::Routing(e.to_string()))?;
                }
                let classes = classes_for(s, routing.as_ref(), setup.legs, r.num_vcs);
                (
                    s,
                    check_deadlock(
                        net,
                        routing.as_ref(),
                        (s, setup.legs, classes),
                        "",
                        progress,
                    ),
                )
            }
            (None, None) => choose_scheme(net, routing.as_ref(), setup.legs, r.num_vcs, progress),
        };
        let classes = classes_for(scheme, routing.as_ref(), setup.legs, r.num_vcs);
        if classes > r.num_vcs {
            return Err(SimError::Routing(format!(
                "the {scheme} scheme uses {classes} virtual-channel classes; give num_vcs ≥ {classes} (it is {})",
                r.num_vcs
            )));
        }
        let endpoints = u32::try_from(fabric.endpoints())
            .map_err(|_| SimError::Network("too many endpoints".into()))?;
        let traffic = Traffic::new(&setup.traffic, endpoints, shape(net))?;
        Ok(Simulator {
            net,
            fabric,
            traffic,
            routing,
            scheme,
            classes,
            deadlock_free,
            setup: setup.clone(),
        })
    }

    /// A point's engine at `rate`, checked, with routers of kind `R`.
    fn engine<R: RouterKind>(&self, rate: f64) -> Result<(Engine<'_, R>, PointConfig), SimError> {
        let point = PointConfig {
            router: self.setup.router,
            protocol: self.setup.protocol,
            rate,
            seed: self.setup.seed,
        };
        point.check()?;
        let hops = HopChooser::new(
            self.net.topology(),
            self.routing.as_ref(),
            self.scheme,
            self.classes,
            self.setup.router.num_vcs,
        )?
        .with_ugal(self.setup.routing == UGAL_ROUTING)
        .with_legs(self.setup.legs)
        .with_adapt(self.setup.adapt);
        let mut engine = Engine::new(&self.fabric, hops, &self.traffic, &point);
        engine.may_deadlock = self.deadlock_free != Some(true);
        Ok((engine, point))
    }

    /// The VC scheme in use.
    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// Virtual-channel classes of the scheme.
    pub fn classes(&self) -> u32 {
        self.classes
    }

    /// What the deadlock analysis says of the routing under the scheme with its classes
    /// (`None`: too large to analyse here).
    pub fn deadlock_free(&self) -> Option<bool> {
        self.deadlock_free
    }

    /// The fabric.
    pub fn fabric(&self) -> &Fabric {
        &self.fabric
    }

    /// Simulates one point at `rate` flits per endpoint per cycle; `channels` asks for
    /// every channel's utilisation; `progress(cycles, bound)` is called every 1024 cycles
    /// and stops the run when it returns false.
    ///
    /// # Errors
    /// [`SimError::Param`] for a rate out of range, [`SimError::Routing`] when the routing
    /// has no next hop, [`SimError::Cancelled`].
    pub fn point(
        &self,
        rate: f64,
        channels: bool,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<PointResult, SimError> {
        self.run(rate, channels, progress).map(|(r, _)| r)
    }

    /// [`Simulator::point`] with what it used (`core/tests/estimates.rs` holds
    /// [`sim_estimate`] against it).
    ///
    /// # Errors
    /// As [`Simulator::point`].
    pub fn point_with_use(
        &self,
        rate: f64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<(PointResult, PointUse), SimError> {
        self.run(rate, false, progress)
    }

    /// Simulates one point: with separable input-first allocation on both stages (icnplay's
    /// default) the router is compiled for it; any other choice goes through
    /// [`AnyAllocator`].
    fn run(
        &self,
        rate: f64,
        channels: bool,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<(PointResult, PointUse), SimError> {
        let r = &self.setup.router;
        if r.vc_allocator == AllocatorChoice::default()
            && r.sw_allocator == AllocatorChoice::default()
        {
            let (engine, point) = self.engine::<IqRouter>(rate)?;
            run_mode(engine, &point, channels, progress)
        } else {
            let (engine, point) = self.engine::<IqRouter<AnyAllocator, AnyAllocator>>(rate)?;
            run_mode(engine, &point, channels, progress)
        }
    }
}

/// Simulates one point in its protocol's mode: latency (BookSim2's default) or batch.
fn run_mode<R: RouterKind>(
    engine: run::Engine<'_, R>,
    point: &PointConfig,
    channels: bool,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<(PointResult, PointUse), SimError> {
    if point.protocol.batch.is_some() {
        batch::run_batches(engine, point, channels, progress)
    } else {
        run_point(engine, point, channels, progress)
    }
}

/// The classes a scheme uses: one; two (dateline: before and after the wrap-around;
/// phases: before and after a global link; for a two-phase route four with 4 VCs or
/// more, else BookSim2's three, [`valiant`]; BookSim2's halves, two); every VC its own hop
/// class (hops).
fn classes_for(scheme: Scheme, routing: &dyn Routing, legs: valiant::Legs, vcs: u32) -> u32 {
    match scheme {
        Scheme::One => 1,
        Scheme::Dateline => 2,
        Scheme::Phases if routing.two_phase().is_some() && legs.booksim() => 2,
        Scheme::Phases if routing.two_phase().is_some() && vcs >= 4 => 4,
        Scheme::Phases if routing.two_phase().is_some() => 3,
        Scheme::Phases => 2,
        Scheme::Hops => vcs,
    }
}

/// Whether `routing` on `net` is deadlock-free under `scheme` with `classes` classes, by
/// the analysis when it is cheap enough (`None` beyond [`DEADLOCK_CHECK_STEPS`]);
/// `progress(what, destinations done, destinations)`, `what` naming the scheme after
/// `which` (which analysis of how many, or nothing).
fn check_deadlock(
    net: &Network,
    routing: &dyn Routing,
    (scheme, legs, classes): (Scheme, valiant::Legs, u32),
    which: &str,
    progress: &mut dyn FnMut(&str, usize, usize),
) -> Option<bool> {
    let t = net.topology();
    if routing.two_phase().is_some() && scheme == Scheme::Phases {
        return valiant::legs_deadlock_free(t, routing, legs, classes);
    }
    if deadlock_estimate(t, routing, classes).steps > DEADLOCK_CHECK_STEPS {
        return None;
    }
    let plural = if classes == 1 { "" } else { "es" };
    let what = format!("deadlock analysis{which}: the {scheme} scheme, {classes} VC class{plural}");
    deadlock_with(t, routing, scheme, classes, &mut |done, total| {
        progress(&what, done, total)
    })
    .ok()
    .map(|r| r.acyclic)
}

/// What choosing or checking the scheme of `setup` on `net` costs: the deadlock analysis,
/// for each scheme [`choose_scheme`] may try, when it is cheap enough to run at all
/// (nothing beyond [`DEADLOCK_CHECK_STEPS`]); `None` for a routing the network lacks.
pub(crate) fn scheme_estimate(
    net: &Network,
    setup: &SimSetup,
) -> Option<icn_engine::cost::Estimate> {
    let t = net.topology();
    let routing = registry::build(net, &setup.routing)
        .or_else(|_| registry::build(net, net.default_strategy()))
        .ok()?;
    let one = deadlock_estimate(t, routing.as_ref(), setup.router.num_vcs);
    if one.steps > DEADLOCK_CHECK_STEPS {
        return Some(icn_engine::cost::Estimate { steps: 0, bytes: 0 });
    }
    let tries = if setup.scheme.is_some() { 1 } else { 4 };
    Some(icn_engine::cost::Estimate {
        steps: one.steps.saturating_mul(tries),
        bytes: one.bytes,
    })
}

/// The first of one, dateline, phases, hops that applies, fits `vcs` and is deadlock-free
/// (by the analysis, when it is cheap enough; otherwise the network's natural scheme).
fn choose_scheme(
    net: &Network,
    routing: &dyn Routing,
    legs: valiant::Legs,
    vcs: u32,
    progress: &mut dyn FnMut(&str, usize, usize),
) -> (Scheme, Option<bool>) {
    let t = net.topology();
    let order = [Scheme::One, Scheme::Dateline, Scheme::Phases, Scheme::Hops];
    let fits = |s: Scheme| applies(t, s).is_ok() && classes_for(s, routing, legs, vcs) <= vcs;
    if deadlock_estimate(t, routing, vcs).steps > DEADLOCK_CHECK_STEPS {
        let s = [Scheme::Dateline, Scheme::Phases]
            .into_iter()
            .find(|&s| fits(s))
            .unwrap_or(Scheme::One);
        return (s, None);
    }
    // Hops always fits (its classes are the VCs): it is the last tried, and the answer
    // when none is deadlock-free.
    let tried: Vec<Scheme> = order.into_iter().filter(|&s| fits(s)).collect();
    let mut hops = None;
    for (k, &s) in tried.iter().enumerate() {
        let which = format!(" {} of at most {}", k + 1, tried.len());
        let classes = classes_for(s, routing, legs, vcs);
        let free = check_deadlock(net, routing, (s, legs, classes), &which, progress);
        if free == Some(true) {
            return (s, free);
        }
        if s == Scheme::Hops {
            hops = free;
        }
    }
    (Scheme::Hops, hops)
}

/// What the traffic patterns read of `net`: its grid digits and its groups.
pub fn shape(net: &Network) -> Shape {
    Shape {
        digits: grid_digits(net),
        group: group_endpoints(net),
    }
}

/// Endpoints per group, where the nodes come in equal groups of consecutive node numbers
/// (a Dragonfly's), every node a terminal router with the network's concentration: group
/// g's endpoints are then g·size … (g + 1)·size − 1.
fn group_endpoints(net: &Network) -> Option<u32> {
    let Structure::Groups { groups, .. } = net.structure() else {
        return None;
    };
    let size = groups.first()?.len();
    let consecutive = groups.iter().enumerate().all(|(g, members)| {
        members.len() == size && members.iter().enumerate().all(|(i, &v)| v == g * size + i)
    });
    let nodes = net.topology().node_count();
    (consecutive && groups.len() * size == nodes && net.topology().terminal_count() == nodes)
        .then(|| {
            u32::try_from(size)
                .ok()?
                .checked_mul(net.concentration().max(1))
        })
        .flatten()
}

/// The grid's (radix, digits) when the endpoints are the points of a k-ary n-cube grid
/// (for tornado and neighbour traffic).
pub fn grid_digits(net: &Network) -> Option<(u32, u32)> {
    match net.structure() {
        Structure::Grid { radices } if net.concentration() <= 1 => {
            let k = *radices.first()?;
            radices
                .iter()
                .all(|&x| x == k)
                .then_some((k, radices.len() as u32))
        }
        _ => None,
    }
}
