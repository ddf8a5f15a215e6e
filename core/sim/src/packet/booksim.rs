//! BookSim2 configuration files: the experiment a file describes, as icnplay runs it
//! (`icn sim --config FILE`, and text pasted into the simulation view).
//!
//! The file is BookSim2's syntax: `key = value;` statements, `//` and `/* */` comments,
//! `{a, b}` lists. BookSim2's own topologies `mesh`, `torus`, `fattree`, `dragonflynew`,
//! `cmesh`, `flatfly`, `fly` and `anynet` (with its network file's text) become icnplay networks; the
//! routing functions that match an icnplay routing, the router, traffic and protocol keys
//! take BookSim2's defaults when left out (including its channel latencies per topology);
//! a key the simulator does not model, or a value of it other than BookSim2's default,
//! is an error that names the key and its line.

use std::collections::BTreeMap;
use std::fmt;

mod alloc;
mod mode;
mod size;
mod syntax;
mod topology;
mod traffic;

pub use size::MAX_CONFIG_ROUTERS;
pub use syntax::booksim_string;
use topology::topology;
use traffic::booksim_traffic;

use super::adapt::Adapt;
use super::config::{AllocatorChoice, AllocatorKind};
use super::SimSetup;
use icn_engine::network::Network;

/// Why a configuration cannot be run: its line (1-based; 0 for a key left out) and
/// what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The line of the statement (0: a default or the whole file).
    pub line: usize,
    /// The message, naming the key.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for ConfigError {}

/// The experiment of a BookSim2 configuration.
#[derive(Debug, Clone)]
pub struct Experiment {
    /// The network.
    pub network: Network,
    /// Routing, scheme, traffic, router, protocol and seed.
    pub setup: SimSetup,
    /// The offered loads (`injection_rate`, in flits per node per cycle).
    pub rates: Vec<f64>,
}

/// Keys the simulator accepts only at BookSim2's default value (they name behaviour it
/// does not model otherwise), with that value.
const DEFAULT_ONLY: &[(&str, &str)] = &[
    ("router", "iq"),
    ("classes", "1"),
    ("subnets", "1"),
    ("injection_process", "bernoulli"),
    ("priority", "none"),
    ("speculative", "0"),
    ("noq", "0"),
    ("arb_type", "round_robin"),
    ("vc_busy_when_full", "0"),
    ("vc_prioritize_empty", "0"),
    ("vc_shuffle_requests", "0"),
    ("sim_count", "1"),
    ("include_queuing", "1"),
    ("measure_stats", "1"),
    ("buf_size", "-1"),
    ("private_bufs", "-1"),
    ("max_held_slots", "-1"),
    ("link_failures", "0"),
    ("fail_seed", "0"),
];

/// Keys that only change what BookSim2 prints: accepted with any value.
const OUTPUT_ONLY: &[&str] = &[
    "print_activity",
    "deadlock_warn_timeout",
    "watch_file",
    "watch_packets",
    "watch_flits",
    "watch_transactions",
    "watch_out",
    "stats_out",
    "sim_power",
    "viewer_trace",
];

/// Keys the simulator reads, besides [`EXTRA_KEYS`].
const MODELLED: &[&str] = &[
    "topology",
    "k",
    "n",
    "c",
    "x",
    "y",
    "xr",
    "yr",
    "network_file",
    "routing_function",
    "num_vcs",
    "vc_buf_size",
    "packet_size",
    "injection_rate",
    "injection_rate_uses_flits",
    "traffic",
    "seed",
    "perm_seed",
];

/// The statements of a configuration: key → (value, line).
pub type Statements = BTreeMap<String, (String, usize)>;

/// The statements of a configuration: key → (value, line), later ones replacing earlier.
///
/// # Errors
/// A statement that is not `key = value`, or a key the simulator does not model.
pub fn statements(text: &str) -> Result<Statements, ConfigError> {
    let mut out = BTreeMap::new();
    for (key, value, first) in syntax::parse(text)? {
        let known = MODELLED.contains(&key.as_str())
            || EXTRA_KEYS.contains(&key.as_str())
            || OUTPUT_ONLY.contains(&key.as_str())
            || DEFAULT_ONLY.iter().any(|&(k, _)| k == key);
        if !known {
            return Err(ConfigError {
                line: first,
                message: format!("{key}: this BookSim2 key is not modelled by icnplay's simulator"),
            });
        }
        if let Some(&(_, want)) = DEFAULT_ONLY.iter().find(|&&(k, _)| k == key) {
            let same = value == want
                || matches!((value.parse::<f64>(), want.parse::<f64>()), (Ok(a), Ok(b)) if a == b);
            if !same {
                return Err(ConfigError {
                    line: first,
                    message: format!(
                        "{key} = {value}: not modelled; icnplay's simulator has {key} = {want} only"
                    ),
                });
            }
        }
        out.insert(key, (value, first));
    }
    Ok(out)
}

/// The experiment of the configuration `text`; `network_file` is the text of its anynet
/// network file (for `topology = anynet`).
///
/// # Errors
/// [`ConfigError`] naming the key (and its line) that cannot be run.
pub fn experiment(text: &str, network_file: Option<&str>) -> Result<Experiment, ConfigError> {
    let st = statements(text)?;
    let get = |key: &str| st.get(key).map(|(v, l)| (v.as_str(), *l));
    let (network, choice) = topology(&st, network_file)?;
    let routing = choice.routing;
    let mut setup = SimSetup::new(routing);
    // BookSim2's default allocators, where icnplay's own is separable input-first.
    let islip = AllocatorChoice {
        kind: AllocatorKind::Islip,
        iters: 1,
    };
    (setup.router.vc_allocator, setup.router.sw_allocator) = (islip, islip);
    setup.scheme = choice.scheme;
    setup.legs = choice.legs;
    setup.adapt = choice.adapt;
    (setup.router.channel_latency, setup.router.global_latency) =
        super::booksim_latencies(&network);
    setup.router.noc_latency = super::booksim_noc(&network);
    router_and_protocol(&st, &network, &mut setup)?;
    if setup.protocol.read_write.is_some() && (routing != "dor" || setup.adapt != Adapt::None) {
        return Err(bad(
            get("use_read_write"),
            "use_read_write",
            "0 here: read and write requests are modelled under dim_order only (BookSim2's \
             dim_order_mesh and dim_order_torus give each kind its VC range on every hop)",
        ));
    }
    if network.family().name == "torus" && routing == "dor" && setup.adapt == Adapt::None {
        ring_halves(&st, &setup.protocol, setup.router.num_vcs)?;
    }
    setup.seed = u64::try_from(int(get("seed"), "seed", 0)?)
        .map_err(|_| bad(get("seed"), "seed", "a number of 0 or more"))?;
    let traffic = booksim_traffic(&get)?;
    setup.traffic = traffic.parse().map_err(|e: super::SimError| ConfigError {
        line: get("traffic").map_or(0, |(_, l)| l),
        message: format!("traffic: {e}"),
    })?;
    let flits = int(
        get("injection_rate_uses_flits"),
        "injection_rate_uses_flits",
        0,
    )? != 0;
    let per_packet = if flits {
        1.0
    } else {
        f64::from(setup.router.packet_size)
    };
    let rates: Vec<f64> = rate_list(get("injection_rate"))?
        .into_iter()
        .map(|x| x * per_packet)
        .collect();
    if let Some(&off) = rates.iter().find(|&&x| !(x > 0.0 && x <= 1.0)) {
        let (value, line) = get("injection_rate").unwrap_or(("0.1 (BookSim2's default)", 0));
        let p = setup.router.packet_size;
        let message = if flits {
            format!("injection_rate = {value}: give rates above 0 and at most 1 flit per endpoint per cycle")
        } else {
            format!(
                "injection_rate = {value} with packet_size = {p} offers {off} flits per endpoint \
                 per cycle: give rates (packets per cycle) above 0 and at most 1/{p}, or a \
                 packet_size that fits"
            )
        };
        return Err(ConfigError { line, message });
    }
    Ok(Experiment {
        network,
        setup,
        rates,
    })
}

/// Sets the router's and the protocol's keys of `st` on `setup`; a key left out keeps
/// `setup`'s value. `use_noc_latency` gives a torus BookSim2's 2-cycle channels (1) or
/// 1-cycle ones (0), a concentrated mesh its channels' lengths in tiles (1) or 1 cycle (0).
fn router_and_protocol(
    st: &Statements,
    net: &Network,
    setup: &mut SimSetup,
) -> Result<(), ConfigError> {
    let get = |key: &str| st.get(key).map(|(v, l)| (v.as_str(), *l));
    let r = &mut setup.router;
    let on_chip = super::booksim_noc(net);
    if get("use_noc_latency").is_some() && (net.family().name == "torus" || on_chip) {
        let noc = int(get("use_noc_latency"), "use_noc_latency", 1)?;
        r.channel_latency = match noc {
            0 => 1,
            1 => super::booksim_latencies(net).0,
            _ => {
                return Err(bad(
                    get("use_noc_latency"),
                    "use_noc_latency",
                    "0 or 1 (BookSim2 takes only 1 as on)",
                ))
            }
        };
        r.noc_latency = on_chip && noc == 1;
    }
    let u32s: [(&str, &mut u32); 10] = [
        ("num_vcs", &mut r.num_vcs),
        ("vc_buf_size", &mut r.vc_buf_size),
        ("packet_size", &mut r.packet_size),
        ("routing_delay", &mut r.routing_delay),
        ("vc_alloc_delay", &mut r.vc_alloc_delay),
        ("sw_alloc_delay", &mut r.sw_alloc_delay),
        ("st_final_delay", &mut r.st_final_delay),
        ("credit_delay", &mut r.credit_delay),
        ("input_speedup", &mut r.input_speedup),
        ("output_speedup", &mut r.output_speedup),
    ];
    for (key, slot) in u32s {
        *slot = ranged(
            get(key),
            key,
            i64::from(*slot),
            super::config::range_of(key),
        )?;
    }
    let speedup = float(
        get("internal_speedup"),
        "internal_speedup",
        r.internal_speedup.0,
    )?;
    if !(1.0..=16.0).contains(&speedup) {
        return Err(bad(
            get("internal_speedup"),
            "internal_speedup",
            "a number from 1 to 16",
        ));
    }
    r.internal_speedup = super::config::InternalSpeedup(speedup);
    if speedup != 1.0 && (r.routing_delay > 1 || r.vc_alloc_delay > 1 || r.sw_alloc_delay > 1) {
        return Err(bad(
            get("internal_speedup"),
            "internal_speedup",
            "1.0 unless routing_delay is 0 or 1 and vc_alloc_delay and sw_alloc_delay are 1 \
             (longer stages under an internal speedup are not modelled)",
        ));
    }
    alloc::allocators(
        get("vc_allocator"),
        get("sw_allocator"),
        get("alloc_iters"),
        r,
    )?;
    adapt_keys(st, setup)?;
    let r = &mut setup.router;
    for (key, slot) in [
        ("wait_for_tail_credit", &mut r.wait_for_tail_credit),
        ("hold_switch_for_packet", &mut r.hold_switch_for_packet),
    ] {
        *slot = ranged(get(key), key, i64::from(*slot), (0, 1))? != 0;
    }
    let p = &mut setup.protocol;
    let period = i64::try_from(p.sample_period).unwrap_or(i64::MAX);
    p.sample_period = u64::from(ranged(
        get("sample_period"),
        "sample_period",
        period,
        super::config::range_of("sample_period"),
    )?);
    for (key, slot) in [
        ("warmup_periods", &mut p.warmup_periods),
        ("max_samples", &mut p.max_samples),
    ] {
        *slot = ranged(
            get(key),
            key,
            i64::from(*slot),
            super::config::range_of(key),
        )?;
    }
    for (key, slot) in [
        ("latency_thres", &mut p.latency_thres),
        ("warmup_thres", &mut p.warmup_thres),
        ("acc_warmup_thres", &mut p.acc_warmup_thres),
        ("stopping_thres", &mut p.stopping_thres),
        ("acc_stopping_thres", &mut p.acc_stopping_thres),
    ] {
        *slot = float(get(key), key, *slot)?;
        if slot.is_nan() {
            return Err(bad(get(key), key, super::config::THRESHOLD_RANGE));
        }
    }
    if get("sim_type").is_some() {
        p.batch = mode::batch(&get)?;
        p.throughput = mode::throughput(&get);
    }
    if get("use_read_write").is_some() {
        p.read_write = mode::read_write(&get, net, r.num_vcs)?;
        if let Some(rw) = p.read_write {
            // BookSim2's packet size under requests: what the injection rate is divided by.
            r.packet_size = rw.average_size();
        }
    }
    Ok(())
}

/// BookSim2's `dim_order_torus` splits a packet's VCs (every VC, or its kind's range under
/// `use_read_write`) into its two ring classes as ⌊n/2⌋ from each end: n odd leaves the
/// middle VC in both, where icnplay's classes take disjoint halves. An odd count is
/// refused, naming the key that sets it.
fn ring_halves(st: &Statements, p: &super::config::Protocol, vcs: u32) -> Result<(), ConfigError> {
    let get = |key: &str| st.get(key).map(|(v, l)| (v.as_str(), *l));
    const SHARED: &str = "under dim_order on the torus: BookSim2 splits an odd number of VCs \
                          into two ring classes that share the middle VC, where icnplay's \
                          classes are disjoint";
    let Some(rw) = p.read_write else {
        if vcs % 2 == 1 {
            return Err(bad(
                get("num_vcs"),
                "num_vcs",
                &format!("an even number {SHARED}"),
            ));
        }
        return Ok(());
    };
    for (i, (b, e)) in rw.vcs.into_iter().enumerate() {
        if (e - b + 1) % 2 == 1 {
            let key = mode::KINDS[i].2;
            return Err(bad(
                get(key).or(get("use_read_write")),
                key,
                &format!("a range of an even number of VCs {SHARED}"),
            ));
        }
    }
    Ok(())
}

/// The router's keys an adaptive routing function ([`Adapt`]) needs: `anca` a
/// `routing_delay` of 1 or more; `min_adapt` 2 VCs or more (4 on the torus) and a VC
/// allocator whose use of the output set's priorities is modelled.
fn adapt_keys(st: &Statements, setup: &SimSetup) -> Result<(), ConfigError> {
    let get = |key: &str| st.get(key).map(|(v, l)| (v.as_str(), *l));
    if setup.adapt.output_sets() {
        let least = if setup.adapt == Adapt::MinAdaptTorus {
            4
        } else {
            2
        };
        if setup.router.num_vcs < least {
            return Err(bad(
                get("num_vcs"),
                "num_vcs",
                if least == 4 {
                    "4 or more under min_adapt on the torus (VCs 0 and 1 are its escape VCs, \
                     one per ring class, VC 3 its adaptive one; BookSim2 gives VC 3 whatever \
                     num_vcs is)"
                } else {
                    "2 or more under min_adapt (VC 0 is its escape VC, VCs 1 and up its \
                     adaptive ones; BookSim2 asserts on an empty range)"
                },
            ));
        }
        if let Some(why) = super::adapt::unranked(setup.router.vc_allocator.kind) {
            return Err(bad(get("vc_allocator"), "vc_allocator", why));
        }
    }
    if setup.adapt == Adapt::LeastOfTwo && setup.router.routing_delay == 0 {
        return Err(bad(
            get("routing_delay"),
            "routing_delay",
            "1 or more under anca: with routing_delay = 0 BookSim2 routes a hop ahead \
             (look-ahead routing), so fattree_anca reads the next router's credits when the \
             flit leaves the router before it, which is not modelled",
        ));
    }
    Ok(())
}

/// The keys of a configuration that the simulation view keeps beside its fields (which hold
/// the network, routing, traffic, virtual channels, buffers, packet size, seed and loads):
/// BookSim2's routing function where the routing and scheme alone do not say how it takes
/// VCs (the mesh's `valiant`, `romm`, `xy_yx`: its halves), the router's delays and allocators, the torus's
/// `use_noc_latency` and the protocol, batch mode's and the read and write requests'
/// included.
pub const EXTRA_KEYS: &[&str] = &[
    "routing_function",
    "vc_allocator",
    "sw_allocator",
    "alloc_iters",
    "routing_delay",
    "vc_alloc_delay",
    "sw_alloc_delay",
    "st_final_delay",
    "credit_delay",
    "wait_for_tail_credit",
    "hold_switch_for_packet",
    "input_speedup",
    "output_speedup",
    "internal_speedup",
    "use_noc_latency",
    "sample_period",
    "warmup_periods",
    "max_samples",
    "latency_thres",
    "warmup_thres",
    "acc_warmup_thres",
    "stopping_thres",
    "acc_stopping_thres",
    "sim_type",
    "batch_size",
    "batch_count",
    "max_outstanding_requests",
    "use_read_write",
    "write_fraction",
    "read_request_size",
    "write_request_size",
    "read_reply_size",
    "write_reply_size",
    "read_request_begin_vc",
    "read_request_end_vc",
    "write_request_begin_vc",
    "write_request_end_vc",
    "read_reply_begin_vc",
    "read_reply_end_vc",
    "write_reply_begin_vc",
    "write_reply_end_vc",
];

/// Sets the [`EXTRA_KEYS`] statements of `text` (`key = value;`, BookSim2's syntax; the
/// `;` may be left off the last) on `setup`; a key left out keeps `setup`'s value.
///
/// # Errors
/// A statement that is not `key = value`, a key that is not one of [`EXTRA_KEYS`], or a
/// value that is not a number of the key's kind.
pub fn apply_extra(text: &str, net: &Network, setup: &mut SimSetup) -> Result<(), ConfigError> {
    let mut text = text.trim().to_string();
    if !text.is_empty() && !text.ends_with(';') {
        text.push(';');
    }
    let st = statements(&text)?;
    if let Some((key, (_, line))) = st.iter().find(|(k, _)| !EXTRA_KEYS.contains(&k.as_str())) {
        return Err(ConfigError {
            line: *line,
            message: format!(
                "{key}: not one of the other keys ({}); the network, routing, traffic, virtual \
                 channels, buffer, packet size, seed and loads have fields (and flags) of their own",
                EXTRA_KEYS.join(", ")
            ),
        });
    }
    if let Some((rf, line)) = st.get("routing_function") {
        let choice = topology::function_choice(net.family().name, rf)
            .filter(|c| c.routing == setup.routing)
            .ok_or_else(|| ConfigError {
                line: *line,
                message: format!(
                    "routing_function = {rf}: kept beside the fields for BookSim2's own \
                     routing functions, one that maps to the routing ({})",
                    setup.routing
                ),
            })?;
        (setup.legs, setup.adapt) = (choice.legs, choice.adapt);
    }
    router_and_protocol(&st, net, setup)
}

/// The [`EXTRA_KEYS`] of `setup` that differ from BookSim2's defaults for `net`, as
/// [`apply_extra`] reads them (`key=value` joined by `;`; empty when every one is the
/// default).
pub fn extra_text(net: &Network, setup: &SimSetup) -> String {
    let mut base = SimSetup::new(&setup.routing);
    (base.router.channel_latency, base.router.global_latency) = super::booksim_latencies(net);
    base.router.noc_latency = super::booksim_noc(net);
    let (r, d) = (&setup.router, &base.router);
    let (p, q) = (&setup.protocol, &base.protocol);
    let mut out: Vec<String> = Vec::new();
    if let Some(rf) = (setup.legs != super::valiant::Legs::Classes || setup.adapt != Adapt::None)
        .then(|| {
            let topo = net.family().name;
            topology::booksim_function(topo, &setup.routing, setup.legs, setup.adapt)
        })
        .flatten()
    {
        out.push(format!("routing_function={rf}"));
    }
    let mut num = |key: &str, a: String, b: String| {
        if a != b {
            out.push(format!("{key}={a}"));
        }
    };
    num(
        "vc_allocator",
        r.vc_allocator.to_string(),
        d.vc_allocator.to_string(),
    );
    num(
        "sw_allocator",
        r.sw_allocator.to_string(),
        d.sw_allocator.to_string(),
    );
    for (key, a, b) in [
        ("routing_delay", r.routing_delay, d.routing_delay),
        ("vc_alloc_delay", r.vc_alloc_delay, d.vc_alloc_delay),
        ("sw_alloc_delay", r.sw_alloc_delay, d.sw_alloc_delay),
        ("st_final_delay", r.st_final_delay, d.st_final_delay),
        ("credit_delay", r.credit_delay, d.credit_delay),
        ("input_speedup", r.input_speedup, d.input_speedup),
        ("output_speedup", r.output_speedup, d.output_speedup),
        (
            "wait_for_tail_credit",
            u32::from(r.wait_for_tail_credit),
            u32::from(d.wait_for_tail_credit),
        ),
        (
            "hold_switch_for_packet",
            u32::from(r.hold_switch_for_packet),
            u32::from(d.hold_switch_for_packet),
        ),
        (
            "use_noc_latency",
            u32::from(r.channel_latency == d.channel_latency && r.noc_latency == d.noc_latency),
            1,
        ),
        ("warmup_periods", p.warmup_periods, q.warmup_periods),
        ("max_samples", p.max_samples, q.max_samples),
    ] {
        num(key, a.to_string(), b.to_string());
    }
    num(
        "internal_speedup",
        r.internal_speedup.to_string(),
        d.internal_speedup.to_string(),
    );
    num(
        "sample_period",
        p.sample_period.to_string(),
        q.sample_period.to_string(),
    );
    for (key, a, b) in [
        ("latency_thres", p.latency_thres, q.latency_thres),
        ("warmup_thres", p.warmup_thres, q.warmup_thres),
        ("acc_warmup_thres", p.acc_warmup_thres, q.acc_warmup_thres),
        ("stopping_thres", p.stopping_thres, q.stopping_thres),
        (
            "acc_stopping_thres",
            p.acc_stopping_thres,
            q.acc_stopping_thres,
        ),
    ] {
        num(key, a.to_string(), b.to_string());
    }
    out.extend(mode::batch_text(p.batch, p.throughput));
    out.extend(mode::read_write_text(p.read_write));
    out.join(";")
}

fn bad(at: Option<(&str, usize)>, key: &str, want: &str) -> ConfigError {
    let (value, line) = at.unwrap_or(("", 0));
    ConfigError {
        line,
        message: format!("{key} = {value}: give {want}"),
    }
}

fn int(at: Option<(&str, usize)>, key: &str, default: i64) -> Result<i64, ConfigError> {
    match at {
        None => Ok(default),
        Some((v, _)) => v.parse().map_err(|_| bad(at, key, "a whole number")),
    }
}

/// The whole number of `key` within `lo ..= hi`; `default` when left out, as it is (the
/// form's field holds it, and that field's check names it).
fn ranged(
    at: Option<(&str, usize)>,
    key: &str,
    default: i64,
    (lo, hi): (u32, u32),
) -> Result<u32, ConfigError> {
    let v = u32::try_from(int(at, key, default)?).ok();
    if let (None, Some(v)) = (at, v) {
        return Ok(v);
    }
    v.filter(|v| (lo..=hi).contains(v))
        .ok_or_else(|| bad(at, key, &format!("a whole number from {lo} to {hi}")))
}

fn float(at: Option<(&str, usize)>, key: &str, default: f64) -> Result<f64, ConfigError> {
    match at {
        None => Ok(default),
        Some((v, _)) => v.parse().map_err(|_| bad(at, key, "a number")),
    }
}

/// `injection_rate`: a number or a `{a, b, …}` list (BookSim2's default 0.1).
fn rate_list(at: Option<(&str, usize)>) -> Result<Vec<f64>, ConfigError> {
    let Some((v, _)) = at else {
        return Ok(vec![0.1]);
    };
    let list = v
        .strip_prefix('{')
        .and_then(|x| x.strip_suffix('}'))
        .unwrap_or(v);
    super::config::parse_rates(list).map_err(|e| {
        let (_, line) = at.unwrap_or(("", 0));
        ConfigError {
            line,
            message: format!("injection_rate: {e} (a number or a {{a,b,…}} list)"),
        }
    })
}
