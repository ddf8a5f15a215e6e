//! The simulation view's job, run in the worker: one point of a latency–load curve by the
//! packet simulator ([`icn_core::sim::packet`], as `icn sim` prints it), with the
//! network's channel-load bound under uniform traffic when asked. The page checks the
//! fields with the same [`SimAsk::setup`] before it asks.

use std::cell::RefCell;

use icn_core::analysis::deadlock::Scheme;
use icn_core::sim::packet::config::{parse_rates, MAX_RATE_POINTS};
use icn_core::sim::packet::estimate::STEPS_PER_ROUTER_CYCLE;
use icn_core::sim::packet::{
    booksim, booksim_latencies, booksim_noc, short_buffer, sim_estimate, uniform_bound, Batch,
    Fabric, Pattern, PointConfig, PointResult, RouterConfig, SchemeChoice, ShortBuffer, SimError,
    SimEstimate, SimSetup, Simulator,
};
use icn_core::{amount, bytes_text, Budget, Network, CONFIRM_LIMIT, PAGE_BUDGET};
use serde::{Deserialize, Serialize};

/// Where the page asks before simulating: a point estimated over these steps or bytes
/// ([`sim_estimate`] on one thread): the confirm limit's steps (2²⁸ router-cycles of bound,
/// about 2,100 routers at BookSim2's protocol; the 1,040-router Dragonfly's bound is
/// 1.8·10⁸) and the page budget's memory. A simulation is a job with its progress and
/// Cancel, so its time is the user's to confirm up to [`SIM_REFUSE`].
pub const SIM_ASK: Budget = Budget {
    steps: CONFIRM_LIMIT.steps,
    bytes: PAGE_BUDGET.bytes,
};

/// What the page never starts, confirmed or not: a point over the confirm limit's memory
/// (a tab's), or over four times its steps (`icn`'s own budget, 2³⁸: about 10⁹
/// router-cycles, many minutes in a tab); the message gives the `icn sim` command.
pub const SIM_REFUSE: Budget = Budget {
    steps: CONFIRM_LIMIT.steps * 4,
    bytes: CONFIRM_LIMIT.bytes,
};

/// What the page checked of a curve before any point runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimChecked {
    /// Routers of the fabric.
    pub routers: usize,
    /// Endpoints.
    pub endpoints: usize,
    /// What a point costs, from the parameters.
    pub estimate: SimEstimate,
    /// Buffers shorter than the longest channel's credit round trip, if they are.
    pub short: Option<ShortBuffer>,
    /// BookSim2's batch mode (`sim_type = batch` among the other keys): one run, whose
    /// load the simulator does not read.
    pub batch: Option<Batch>,
    /// BookSim2's throughput mode (`sim_type = throughput`): no load stops as saturated.
    pub throughput_mode: bool,
}

impl SimChecked {
    /// Whether the page asks before running it ([`SIM_ASK`]).
    pub fn asks(&self) -> bool {
        !self.estimate.one_thread().within(SIM_ASK)
    }
}

/// A simulation's fields, checked by the page, without the offered load: what every point
/// of one curve shares.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SimAsk {
    /// The canonical spec.
    pub spec: String,
    /// The routing strategy.
    pub routing: String,
    /// The traffic pattern, as `icn sim --traffic` reads it.
    pub traffic: String,
    /// `auto` (the first deadlock-free scheme) or a scheme's name.
    pub scheme: String,
    /// Virtual channels per port.
    pub vcs: u32,
    /// Flits of buffer per virtual channel.
    pub buf: u32,
    /// Flits per packet.
    pub size: u32,
    /// The seed.
    pub seed: u64,
    /// Other router and protocol keys in BookSim2's syntax (`booksim::apply_extra`; as
    /// `icn sim --keys`), empty for BookSim2's defaults.
    #[serde(default)]
    pub extra: String,
}

/// What is wrong with a simulation's fields, by field (the page shows each at its field).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SimTroubles {
    /// The network: its spec, or a network the simulator cannot run (one-way links, too
    /// large for the page).
    pub spec: Option<String>,
    /// The routing, or the scheme's classes against the virtual channels.
    pub routing: Option<String>,
    /// The traffic pattern.
    pub traffic: Option<String>,
    /// The scheme.
    pub scheme: Option<String>,
    /// The virtual channels.
    pub vcs: Option<String>,
    /// The buffer size.
    pub buf: Option<String>,
    /// The packet size.
    pub size: Option<String>,
    /// The seed.
    pub seed: Option<String>,
    /// The other BookSim2 keys.
    pub extra: Option<String>,
}

impl SimTroubles {
    /// Whether every field is fine.
    pub fn is_empty(&self) -> bool {
        *self == SimTroubles::default()
    }

    /// Files a simulator error under its field.
    fn file(&mut self, e: &SimError) {
        let text = Some(e.to_string());
        match e {
            SimError::Param { name, .. } => match *name {
                "num_vcs" => self.vcs = text,
                "vc_buf_size" => self.buf = text,
                "packet_size" => self.size = text,
                _ => self.extra = text,
            },
            SimError::Traffic(_) => self.traffic = text,
            SimError::Routing(_) => self.routing = text,
            SimError::Network(_) | SimError::Cancelled => self.spec = text,
        }
    }
}

impl SimAsk {
    /// The simulator's setup for `net`: BookSim2's router defaults and its channel
    /// latencies for the topology (`booksim_latencies`), with this ask's fields.
    ///
    /// # Errors
    /// The traffic's or the scheme's error, by field.
    pub fn setup(&self, net: &Network) -> Result<SimSetup, SimTroubles> {
        let mut troubles = SimTroubles::default();
        let mut s = SimSetup::new(&self.routing);
        match self.traffic.parse::<Pattern>() {
            Ok(p) => s.traffic = p,
            Err(e) => troubles.traffic = Some(e.to_string()),
        }
        if self.scheme != "auto" {
            match self.scheme.parse::<Scheme>() {
                Ok(k) => s.scheme = Some(k),
                Err(e) => troubles.scheme = Some(e.to_string()),
            }
        }
        let (local, global) = booksim_latencies(net);
        s.router = RouterConfig {
            num_vcs: self.vcs,
            vc_buf_size: self.buf,
            packet_size: self.size,
            channel_latency: local,
            global_latency: global,
            noc_latency: booksim_noc(net),
            ..RouterConfig::default()
        };
        s.seed = self.seed;
        if let Err(e) = booksim::apply_extra(&self.extra, net, &mut s) {
            troubles.extra = Some(e.to_string());
        }
        // Every field out of its range at once, each under its field; the point's other
        // checks once they all are in range.
        let mut ranged = false;
        for e in s.router.out_of_range() {
            troubles.file(&e);
            ranged = true;
        }
        let point = PointConfig {
            router: s.router,
            protocol: s.protocol,
            rate: 0.5,
            seed: s.seed,
        };
        if let (false, Err(e)) = (ranged, point.check()) {
            troubles.file(&e);
        }
        if troubles.is_empty() {
            Ok(s)
        } else {
            Err(troubles)
        }
    }

    /// Checks what the page can check at once (no deadlock analysis, no simulation): the
    /// fields, the routing, the point's estimate against [`SIM_REFUSE`], and whether the
    /// traffic fits the endpoints. Returns the fabric's size and the estimate.
    ///
    /// # Errors
    /// Every field's trouble.
    pub fn check(&self, net: &Network) -> Result<SimChecked, SimTroubles> {
        let mut troubles = self.setup(net).err().unwrap_or_default();
        if let Err(e) = icn_core::routing::registry::find(net, &self.routing) {
            troubles.routing = Some(e.to_string());
        }
        let setup = self.setup(net).ok();
        // With fields in error, BookSim2's defaults: a huge network is refused before its
        // fabric is built either way.
        let e = sim_estimate(net, setup.as_ref().unwrap_or(&SimSetup::new(&self.routing)));
        let one = e.one_thread();
        if !one.within(SIM_REFUSE) {
            troubles.spec = Some(format!(
                "a point may simulate up to {} router-cycles ({} routers, at most {} cycles) and \
                 hold {} in the worker, more than a browser tab runs (at most {} router-cycles \
                 and {}); `icn sim '{}'` runs it natively on every core",
                amount(e.router_cycles),
                amount(e.routers),
                amount(e.cycles),
                bytes_text(one.bytes),
                amount(SIM_REFUSE.steps / STEPS_PER_ROUTER_CYCLE),
                bytes_text(SIM_REFUSE.bytes),
                net.spec()
            ));
            return Err(troubles);
        }
        let fabric = match Fabric::of(net, 1, 1) {
            Ok(f) => f,
            Err(e) => {
                troubles.file(&e);
                return Err(troubles);
            }
        };
        if troubles.traffic.is_none() {
            if let Ok(p) = self.traffic.parse::<Pattern>() {
                let endpoints = u32::try_from(fabric.endpoints()).unwrap_or(u32::MAX);
                if let Err(e) = icn_core::sim::packet::Traffic::new(
                    &p,
                    endpoints,
                    icn_core::sim::packet::shape(net),
                ) {
                    troubles.traffic = Some(e.to_string());
                }
            }
        }
        match (troubles.is_empty(), setup) {
            (true, Some(setup)) => Ok(SimChecked {
                routers: fabric.routers(),
                endpoints: fabric.endpoints(),
                estimate: e,
                short: short_buffer(net, &setup.router),
                batch: setup.protocol.batch,
                throughput_mode: setup.protocol.throughput,
            }),
            _ => Err(troubles),
        }
    }
}

/// One point of the curve, from the worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimPointReport {
    /// What was simulated.
    pub ask: SimAsk,
    /// The offered load, flits per endpoint per cycle.
    pub rate: f64,
    /// The virtual-channel scheme used.
    pub scheme: Scheme,
    /// Its classes.
    pub classes: u32,
    /// What the deadlock analysis says of the routing under the scheme (`None`: too large
    /// to analyse in the worker).
    pub deadlock_free: Option<bool>,
    /// Routers of the fabric.
    pub routers: usize,
    /// Endpoints.
    pub endpoints: usize,
    /// The throughput bound from the busiest channel's exact load under uniform traffic
    /// (flits per endpoint per cycle, at most 1), when asked and within the page's budget.
    pub bound: Option<f64>,
    /// The point.
    pub point: PointResult,
}

/// Simulates one point; `channels` lists every channel's utilisation, `bound` computes the
/// channel-load bound. `progress(cycles, bound, label)` every 1,024 cycles.
///
/// # Errors
/// The fields' troubles, or the simulator's error, for the user.
pub fn sim_point(
    ask: &SimAsk,
    rate: &str,
    (channels, bound): (bool, bool),
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<SimPointReport, String> {
    let net: Network = ask
        .spec
        .parse()
        .map_err(|e: icn_core::SpecError| e.to_string())?;
    let rate: f64 = rate
        .parse()
        .map_err(|_| format!("'{rate}' is not an offered load"))?;
    let setup = ask.setup(&net).map_err(|t| first(&t))?;
    let sim = simulator(&net, &setup).map_err(|e| e.to_string())?;
    let label = format!("load {rate}");
    let point = sim
        .point(rate, channels, &mut |done, total| {
            progress(done as usize, total as usize, &label);
            true
        })
        .map_err(|e| e.to_string())?;
    let fabric = sim.fabric();
    let bound = if bound {
        uniform_bound(&net, &ask.routing, fabric.endpoints(), PAGE_BUDGET)
    } else {
        None
    };
    Ok(SimPointReport {
        ask: ask.clone(),
        rate,
        scheme: sim.scheme(),
        classes: sim.classes(),
        deadlock_free: sim.deadlock_free(),
        routers: fabric.routers(),
        endpoints: fabric.endpoints(),
        bound,
        point,
    })
}

/// What the scheme choice of a curve depends on: the network, the routing, the scheme
/// asked for and the virtual channels.
type ChoiceKey = (String, String, Option<Scheme>, u32);

/// Curves whose scheme choice a worker keeps (the view overlays two; a worker's points
/// alternate between them).
const CHOICES_KEPT: usize = 4;

thread_local! {
    /// The last curves' scheme choices in this worker, latest last: the deadlock analysis
    /// behind one runs once per curve, not once per point (its cost: docs/limits.md,
    /// `DEADLOCK_CHECK_STEPS`).
    static CHOICES: RefCell<Vec<(ChoiceKey, SchemeChoice)>> = const { RefCell::new(Vec::new()) };
}

/// The simulator of `setup` on `net`, with the scheme this worker chose for the same
/// curve before, if any.
fn simulator<'a>(net: &'a Network, setup: &SimSetup) -> Result<Simulator<'a>, SimError> {
    let key: ChoiceKey = (
        net.spec(),
        setup.routing.clone(),
        setup.scheme,
        setup.router.num_vcs,
    );
    let known = CHOICES.with_borrow(|c| c.iter().find(|(k, _)| *k == key).map(|c| c.1));
    if let Some(choice) = known {
        return Simulator::with_choice(net, setup, choice);
    }
    let sim = Simulator::new(net, setup)?;
    CHOICES.with_borrow_mut(|c| {
        if c.len() == CHOICES_KEPT {
            c.remove(0);
        }
        c.push((key, sim.choice()));
    });
    Ok(sim)
}

/// The first trouble, for a message.
fn first(t: &SimTroubles) -> String {
    [
        &t.spec, &t.routing, &t.traffic, &t.scheme, &t.vcs, &t.buf, &t.size, &t.seed, &t.extra,
    ]
    .into_iter()
    .find_map(Clone::clone)
    .unwrap_or_default()
}

/// The most points one curve has in the page.
pub const SIM_MAX_POINTS: usize = 100;

/// The offered loads of `text`, by the one grammar `icn sim --rates` reads too
/// ([`parse_rates`]: FROM:TO:STEP (TO included) or a comma list, each in (0, 1]), and at
/// most [`SIM_MAX_POINTS`] of them, the page's curve; every load with the text the job
/// and the URL carry (nine decimals at most, as the CLI rounds them).
///
/// # Errors
/// What is allowed, for the field.
pub fn sim_rates(text: &str) -> Result<Vec<(String, f64)>, String> {
    let loads = parse_rates(text).map_err(|e| e.to_string())?;
    if loads.len() > SIM_MAX_POINTS {
        return Err(format!(
            "'{}' gives {} loads; a curve in the page has at most {SIM_MAX_POINTS} (icn sim \
             --rates takes up to {MAX_RATE_POINTS})",
            text.trim(),
            loads.len()
        ));
    }
    Ok(loads.into_iter().map(|r| (format!("{r}"), r)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// Every field out of range is said at once, each at its field, and none is blamed on
    /// the keys field left empty (the page showed "num_vcs = : give …" under it, and the
    /// packet size's trouble only once the virtual channels were fixed).
    #[wasm_bindgen_test]
    fn every_field_out_of_range_is_said_at_once() {
        let net: Network = "mesh:k=4x4".parse().expect("a mesh");
        let ask = SimAsk {
            spec: net.spec(),
            routing: "dor".into(),
            traffic: "uniform".into(),
            scheme: "auto".into(),
            vcs: 0,
            buf: 0,
            size: 0,
            seed: 1,
            extra: String::new(),
        };
        let t = ask.check(&net).expect_err("three fields out of range");
        assert_eq!(t.vcs.as_deref(), Some("num_vcs = 0: give 1 to 64"));
        assert_eq!(t.buf.as_deref(), Some("vc_buf_size = 0: give 1 to 65536"));
        assert_eq!(t.size.as_deref(), Some("packet_size = 0: give 1 to 4096"));
        assert_eq!((t.extra, t.traffic, t.spec), (None, None, None));
        let fine = SimAsk {
            vcs: 2,
            buf: 8,
            size: 1,
            ..ask
        };
        assert!(fine.check(&net).is_ok());
    }
}
