//! The simulation view's state (`?view=sim&t=SPEC&s=ROUTING&traffic=T&scheme=S&vcs=N&buf=N
//! &size=N&rates=FROM:TO:STEP&seed=N&keys=K&t2=SPEC&s2=ROUTING&at=LOAD&booksim=TEXT`).

use super::{routing_of, Context, NavGroup, NetworkDefaults, Panel, Query, Takes, ViewDef};

/// The network the simulation view opens with: BookSim2's classic 8 × 8 mesh under
/// dimension-order routing.
pub const SIM_EXAMPLE: &str = "mesh:k=8x8";

/// The offered loads swept when the query names none (the sweep stops at saturation).
pub const SIM_RATES: &str = "0.05:0.95:0.05";

/// The virtual channels the view opens with.
pub const SIM_VCS: u32 = 2;
/// The buffer per virtual channel (flits) the view opens with.
pub const SIM_BUF: u32 = 8;
/// The packet size (flits) the view opens with.
pub const SIM_SIZE: u32 = 1;
/// The seed the view opens with.
pub const SIM_SEED: u64 = 1;

/// The simulation view's fields, as typed; nothing is validated here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimForm {
    /// The network's spec.
    pub spec: String,
    /// The routing strategy (the network's first when the query names none).
    pub routing: String,
    /// The traffic pattern (`uniform`, `transpose`, … as `icn sim --traffic`).
    pub traffic: String,
    /// The virtual-channel scheme: `auto` (the first deadlock-free one) or a scheme's name.
    pub scheme: String,
    /// Virtual channels per port.
    pub vcs: String,
    /// Flits of buffer per virtual channel.
    pub buf: String,
    /// Flits per packet.
    pub size: String,
    /// Offered loads: FROM:TO:STEP or a comma list, flits per endpoint per cycle.
    pub rates: String,
    /// The seed.
    pub seed: String,
    /// Other router and protocol keys in BookSim2's syntax (`routing_delay=0;…`, as `icn
    /// sim --keys`; empty: BookSim2's defaults).
    pub extra: String,
    /// A second network to overlay (empty: none).
    pub spec2: String,
    /// The second curve's routing (empty: the second network's first, or this routing on
    /// the same network).
    pub routing2: String,
    /// The offered load whose channel utilisation the diagram shows (empty: the highest
    /// stable one).
    pub at: String,
    /// A pasted BookSim2 configuration (`booksim=`, as typed; empty: none): the page applies
    /// it to the fields as it does a paste.
    pub pasted: String,
}

impl ViewDef for SimForm {
    const SLUG: &'static str = "sim";
    const TITLE: &'static str = "Simulation";
    const LABEL: &'static str = "Simulation";
    const BLURB: &'static str =
        "Packets simulated: latency against offered load, saturation, channel use";
    const GROUP: NavGroup = NavGroup::Verify;
    const PANELS: &'static [Panel] = &[Panel::Chart];
    const DRAWS_AGGREGATES: bool = true;
    const TAKES: Takes = Takes::Any;
    const RELATED: &'static str = "packets simulated on it";

    fn from_query(q: &Query, defaults: &dyn NetworkDefaults) -> Self {
        let spec = q.get("t").unwrap_or(SIM_EXAMPLE).to_string();
        let routing = routing_of(q, &spec, "dor", defaults);
        let get = |key: &str, default: &str| q.get(key).unwrap_or(default).to_string();
        let num = |key: &str, default: u64| {
            q.get(key)
                .map_or_else(|| default.to_string(), str::to_string)
        };
        SimForm {
            spec,
            routing,
            traffic: get("traffic", "uniform"),
            scheme: get("scheme", "auto"),
            vcs: num("vcs", SIM_VCS.into()),
            buf: num("buf", SIM_BUF.into()),
            size: num("size", SIM_SIZE.into()),
            rates: get("rates", SIM_RATES),
            seed: num("seed", SIM_SEED),
            extra: get("keys", ""),
            spec2: get("t2", ""),
            routing2: get("s2", ""),
            at: get("at", ""),
            pasted: get("booksim", ""),
        }
    }

    /// The query string (without `?`) of this form; the comparison and the chosen load only
    /// when set.
    fn to_query(&self) -> String {
        let mut q = vec![
            ("view".into(), Self::SLUG.into()),
            ("t".into(), self.spec.clone()),
            ("s".into(), self.routing.clone()),
            ("traffic".into(), self.traffic.clone()),
            ("scheme".into(), self.scheme.clone()),
            ("vcs".into(), self.vcs.clone()),
            ("buf".into(), self.buf.clone()),
            ("size".into(), self.size.clone()),
            ("rates".into(), self.rates.clone()),
            ("seed".into(), self.seed.clone()),
        ];
        for (key, value) in [
            ("keys", &self.extra),
            ("t2", &self.spec2),
            ("s2", &self.routing2),
            ("at", &self.at),
            ("booksim", &self.pasted),
        ] {
            if !value.is_empty() {
                q.push((key.into(), value.clone()));
            }
        }
        Query(q).encode()
    }

    fn context(&self) -> Option<Context> {
        Some(Context::network(&self.spec))
    }
}
