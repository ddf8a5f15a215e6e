//! A simulation's fields as the page checks them and the worker runs them: [`SimAsk`], one
//! curve's fields without the load, read from the simulation view's form
//! ([`SimAsk::of_form`]), turned into the simulator's setup ([`SimAsk::setup`], as `icn sim`
//! builds it) and checked against the network ([`SimAsk::check`]), each trouble under its
//! field ([`SimTroubles`]).

use icn_core::analysis::deadlock::Scheme;
use icn_core::sim::packet::estimate::STEPS_PER_ROUTER_CYCLE;
use icn_core::sim::packet::{
    booksim, booksim_latencies, booksim_noc, short_buffer, sim_estimate, Batch, Fabric, Pattern,
    RouterConfig, ShortBuffer, SimError, SimEstimate, SimSetup,
};
use icn_core::{amount, bytes_text, Budget, Network, CONFIRM_LIMIT, PAGE_BUDGET};
use serde::{Deserialize, Serialize};

use crate::url::{SimForm, SIM_BUF, SIM_SEED, SIM_SIZE, SIM_VCS};

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
    pub fn file(&mut self, e: &SimError) {
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
    /// The fields of `form` for the network `spec` (canonical) and `routing`, and what does
    /// not read: a number that does not stands in as the form's default (so that the other
    /// fields are still checked) and has its message in the troubles.
    pub fn of_form(form: &SimForm, spec: String, routing: &str) -> (SimAsk, SimTroubles) {
        fn whole<T: std::str::FromStr>(
            text: &str,
            what: &str,
            slot: &mut Option<String>,
        ) -> Option<T> {
            let v = text.trim().parse::<T>().ok();
            if v.is_none() {
                *slot = Some(format!("'{text}' is not {what}"));
            }
            v
        }
        let mut unread = SimTroubles::default();
        let channels = "a whole number of virtual channels";
        let flits = "a whole number of flits";
        let seed = "a whole number from 0 to 2⁶⁴ − 1";
        let ask = SimAsk {
            spec,
            routing: routing.to_string(),
            traffic: form.traffic.trim().to_string(),
            scheme: form.scheme.clone(),
            vcs: whole(&form.vcs, channels, &mut unread.vcs).unwrap_or(SIM_VCS),
            buf: whole(&form.buf, flits, &mut unread.buf).unwrap_or(SIM_BUF),
            size: whole(&form.size, flits, &mut unread.size).unwrap_or(SIM_SIZE),
            seed: whole(&form.seed, seed, &mut unread.seed).unwrap_or(SIM_SEED),
            extra: form.extra.trim().to_string(),
        };
        (ask, unread)
    }

    /// The simulator's setup for `net`: BookSim2's router defaults and its channel
    /// latencies for the topology (`booksim_latencies`), with this ask's fields.
    ///
    /// # Errors
    /// The traffic's or the scheme's error, by field.
    // The troubles, one per field, are the answer the view shows, made once per edit (and
    // under the lint's size on wasm32, where the page runs this).
    #[allow(clippy::result_large_err)]
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
        for e in s.problems() {
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
    // The troubles, one per field, are the answer the view shows, made once per edit (and
    // under the lint's size on wasm32, where the page runs this).
    #[allow(clippy::result_large_err)]
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The form's numbers as the page reads them: spaces around a number are fine; one that
    /// does not read (a letter, 2⁶⁴ for the seed) says so at its field and stands in as the
    /// form's default, so that the other fields are still checked.
    #[test]
    fn the_forms_numbers_read_or_say_why() {
        use crate::defaults::FromNetwork;
        use crate::url::{AppState, View};
        let fresh = AppState::fresh(View::Sim, &FromNetwork);
        let mut form = fresh.form::<SimForm>().expect("the form").clone();
        form.vcs = " 4 ".into();
        form.buf = "x".into();
        form.seed = "18446744073709551616".into();
        form.traffic = " transpose ".into();
        form.extra = " credit_delay = 2 ".into();
        let (ask, unread) = SimAsk::of_form(&form, "mesh:k=4x4".into(), "dor");
        assert_eq!((ask.vcs, ask.buf, ask.seed), (4, SIM_BUF, SIM_SEED));
        assert_eq!(
            (ask.traffic.as_str(), ask.extra.as_str()),
            ("transpose", "credit_delay = 2")
        );
        assert_eq!(
            unread.buf.as_deref(),
            Some("'x' is not a whole number of flits")
        );
        assert_eq!(
            unread.seed.as_deref(),
            Some("'18446744073709551616' is not a whole number from 0 to 2⁶⁴ − 1")
        );
        assert_eq!((unread.vcs, unread.size, unread.spec), (None, None, None));
        let net: Network = ask.spec.parse().expect("a mesh");
        assert_eq!(ask.setup(&net).expect("in range").router.num_vcs, 4);
    }

    /// Every field out of range is said at once, each at its field, and none is blamed on
    /// the keys field left empty (the page showed "num_vcs = : give …" under it, and the
    /// packet size's trouble only once the virtual channels were fixed).
    #[test]
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
