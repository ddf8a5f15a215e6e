//! The network, routing function and VC scheme of a configuration's topology keys: each
//! of BookSim2's topologies that icnplay models, as the icnplay network with the same
//! wiring and endpoint numbering.

use super::size::size_check;
use super::{int, ConfigError, Statements};
use crate::packet::adapt::Adapt;
use crate::packet::valiant::Legs;
use crate::packet::{TABLE_ROUTING, UGAL_ROUTING, VALIANT_ROUTING};
use icn_analyses::deadlock::Scheme;
use icn_engine::network::Network;
use icn_families::imported::Imported;

/// How a BookSim2 routing function runs in icnplay: the routing, its VC scheme (`None`:
/// the simulator's choice), how a two-phase route's legs take VCs and how the router
/// adapts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Choice {
    pub routing: &'static str,
    pub scheme: Option<Scheme>,
    pub legs: Legs,
    pub adapt: Adapt,
}

impl Choice {
    /// `routing` under `scheme`, neither two-phase legs nor adaptation.
    const fn plain(routing: &'static str, scheme: Option<Scheme>) -> Choice {
        Choice {
            routing,
            scheme,
            legs: Legs::Classes,
            adapt: Adapt::None,
        }
    }
}

/// The network and routing choice of the configuration's topology keys.
pub(super) fn topology(
    st: &Statements,
    network_file: Option<&str>,
) -> Result<(Network, Choice), ConfigError> {
    let get = |key: &str| st.get(key).map(|(v, l)| (v.as_str(), *l));
    let (topo, line) = get("topology").unwrap_or(("torus", 0));
    let (k, n, c) = (
        int(get("k"), "k", 8)?,
        int(get("n"), "n", 2)?,
        int(get("c"), "c", 1)?,
    );
    let (rf, rf_line) = get("routing_function").unwrap_or(("none", 0));
    let unknown = |what: &str| ConfigError {
        line: rf_line,
        message: format!("routing_function = {rf}: not modelled for topology = {topo} ({what})"),
    };
    size_check(topo, (k, n), |key| get(key))?;
    let radices = || vec![k.to_string(); usize::try_from(n).unwrap_or(0)].join("x");
    let (spec, routing, scheme) = match topo {
        "mesh" | "torus" if c != 1 => {
            return Err(ConfigError {
                line: get("c").map_or(0, |(_, l)| l),
                message: format!("c = {c}: concentrated {topo}es are not modelled (c = 1 only)"),
            })
        }
        "mesh" | "torus" | "cmesh" | "flatfly" => {
            let spec = match topo {
                "cmesh" => cmesh(st, (k, n, c))?,
                "flatfly" => flatfly(st, (k, n, c))?,
                // BookSim2's mesh and torus functions all follow its dimension order, x (a
                // node number's low digit) first.
                _ => format!("{topo}:k={},lowfirst", radices()),
            };
            let net = grid(&spec, topo, (k, n), line)?;
            let choice = grid_routing(topo, rf).map_err(|e| match e {
                Some(why) => ConfigError {
                    line: rf_line,
                    message: format!("routing_function = {rf}: {why}"),
                },
                None => unknown(GRID_MODELLED.iter().find(|m| m.0 == topo).map_or("", |m| m.1)),
            })?;
            if choice.legs.by_order() {
                xy_yx_keys(st, rf, n)?;
            }
            if topo == "cmesh" && rf == "xy_yx" && k != 4 {
                return Err(at(st, "k", format!("k = {k}: BookSim2's xy_yx on the cmesh takes an edge's express channel for any way longer than one router, which is dor's rule (k/2 or more) at k = 4 only; modelled at k = 4 (xy_yx_no_express at any k)")));
            }
            return Ok((net, choice));
        }
        "fattree" => {
            let choice = function_choice(topo, rf).ok_or_else(|| unknown("nca, anca"))?;
            let net = grid(&format!("fattree:k={k},n={n}"), topo, (k, n), line)?;
            return Ok((net, choice));
        }
        "dragonflynew" if n != 1 => {
            return Err(ConfigError {
                line: get("n").map_or(0, |(_, l)| l),
                message: format!(
                    "n = {n}: dragonflynew takes n = 1 only (BookSim2 asserts it; its default \
                     n = 2 must be overridden)"
                ),
            })
        }
        "dragonflynew" => {
            let (a, h) = (2 * k, k);
            let spec = format!("dragonfly:a={a},p={k},h={h}");
            let choice = grid_routing("dragonfly", rf).map_err(|_| unknown("min, ugal"))?;
            return Ok((grid(&spec, topo, (k, n), line)?, choice));
        }
        // BookSim2's k-ary n-fly: terminal t injects at stage-0 router t / k (input t mod
        // k) and ejects from the last stage's router t / k (output t mod k); icnplay's
        // butterfly is that wiring, and `dest_tag` (BookSim2's `dest_tag_fly`, every VC)
        // its one path.
        "fly" => match rf {
            "dest_tag" => (format!("butterfly:k={k},n={n}"), "desttag", Some(Scheme::One)),
            _ => return Err(unknown("dest_tag")),
        },
        "anynet" => {
            if rf != "min" {
                return Err(unknown("min"));
            }
            let text = network_file.ok_or_else(|| ConfigError {
                line: get("network_file").map_or(0, |(_, l)| l),
                message: "network_file: give the anynet network file's text".into(),
            })?;
            let graph = Imported::from_text(text).map_err(|e| ConfigError {
                line: get("network_file").map_or(0, |(_, l)| l),
                message: format!("network_file: {e}"),
            })?;
            let net = Network::from(graph);
            return Ok((net, Choice::plain(TABLE_ROUTING, Some(Scheme::One))));
        }
        _ => {
            return Err(ConfigError {
                line,
                message: format!(
                    "topology = {topo}: not modelled (mesh, torus, cmesh, fattree, dragonflynew, flatfly, fly, anynet)"
                ),
            })
        }
    };
    let net = grid(&spec, topo, (k, n), line)?;
    Ok((net, Choice::plain(routing, scheme)))
}

/// The network of `spec`, an error at the topology's line naming k and n.
fn grid(spec: &str, topo: &str, (k, n): (i64, i64), line: usize) -> Result<Network, ConfigError> {
    spec.parse::<Network>().map_err(|e| ConfigError {
        line,
        message: format!("topology = {topo} with k = {k}, n = {n}: {e}"),
    })
}

/// The routing functions modelled on BookSim2's mesh, torus, cmesh and flatfly, listed in the
/// refusal of any other.
const GRID_MODELLED: [(&str, &str); 4] = [
    (
        "mesh",
        "dim_order, valiant, romm, xy_yx, adaptive_xy_yx, min_adapt, planar_adapt",
    ),
    ("torus", "dim_order, min_adapt"),
    ("cmesh", "dor_no_express, dor, xy_yx_no_express, xy_yx"),
    ("flatfly", "ran_min, xyyx, adaptive_xyyx, valiant, ugal"),
];

/// BookSim2's routing functions of the mesh, torus, cmesh, flatfly and dragonflynew that
/// icnplay models: BookSim2's name (it appends the topology's: `valiant` is
/// `valiant_mesh`), the icnplay families it is modelled on, and how icnplay runs it
/// ([`Choice`]).
///
/// On the mesh and the torus every function's dimension order is BookSim2's, x (a node
/// number's low digit) first: the network is built with the flag `lowfirst`, which
/// `dor`, ROMM's and Valiant's legs and XY or YX's order follow.
///
/// - `dim_order` (`dor`): icnplay's `dor`, the simulator's choice of scheme (BookSim2's
///   ring classes on the torus).
/// - `valiant` (`valiant_mesh`): via any router, the pair's own included, dimension order
///   on both legs, the VCs in halves by leg ([`Legs::Halves`]).
/// - `romm` (`romm_mesh`): the mesh's `romm`, via a router of the box the source and
///   destination span (theirs included), in halves the same way.
/// - `xy_yx` (`xy_yx_mesh`): the mesh's `xyyx`, XY or YX drawn at the source, the VC half
///   the order's for the whole route ([`Legs::Order`]).
/// - `adaptive_xy_yx` (`adaptive_xy_yx_mesh`): the same, the order chosen at the source
///   router by the two first outputs' credits in use ([`Legs::AdaptiveOrder`]).
/// - cmesh's `dor_no_express` and `dor` (`dor_cmesh`): the cmesh's `dor` (the mesh only)
///   and `express` (with the edges' express channels), both on every VC under `one`.
/// - cmesh's `xy_yx_no_express` and `xy_yx` (`xy_yx_cmesh`): the cmesh's `xyyx` and
///   `xyyx-express` under the mesh's order rule ([`Legs::Order`]).
/// - flatfly's `ran_min` (`min_flatfly`): not random, x then y on every VC: `dor` (the
///   on-chip flatfly's first digit is x) under `one`.
/// - flatfly's `xyyx` and `adaptive_xyyx` (`xyyx_flatfly`, `adaptive_xyyx_flatfly`): the
///   flatfly's `xyyx` under the mesh's order rules.
/// - flatfly's `valiant` (`valiant_flatfly`): via any router, in halves by leg, a packet
///   ejecting at its destination's router in either leg ([`Legs::HalvesEjecting`]).
/// - flatfly's `ugal` (`ugal_flatfly_onchip`): `valiant-dims` (via a router of the
///   dimensions the pair differs in) or the minimal route, chosen at the source by hop-weighted
///   credits in use ([`Legs::UgalHops`]).
/// - `min_adapt` (`min_adapt_mesh`): `dor` on one class, each hop an output set of VCs
///   1 … V − 1 at high priority and the escape VC 0 at low priority ([`Adapt::MinAdapt`]:
///   BookSim2's set keeps the dimension-order output alone).
/// - `min_adapt` on the torus (`min_adapt_torus`): `dor` under BookSim2's ring classes,
///   each hop but at the destination an output set of VC 3 on the first unmatched
///   dimension's minimal way at high priority and the escape hop at low, dimension order
///   on VC 0 or 1 by its ring class chosen afresh at that router
///   ([`Adapt::MinAdaptTorus`]).
/// - `planar_adapt` (`planar_adapt_mesh`): `dor` on one class, every hop on the top third of
///   the VCs ([`Adapt::Planar`]: without faults BookSim2's set keeps the first plane's
///   output, the first unmatched dimension from x, alone).
/// - dragonflynew's `min` (`min_dragonflynew`): `lgl` under `phases`; its `ugal`
///   (`ugal_dragonflynew`): `ugal` under `phases` with BookSim2's draw among every router
///   and its phase-2 start within a group ([`Legs::UgalDraw`]).
type GridFunction = (&'static str, &'static [&'static str], Choice);
const MESH: &[&str] = &["mesh"];
const CMESH: &[&str] = &["cmesh"];
const FLATFLY: &[&str] = &["flatfly"];
const DRAGONFLY: &[&str] = &["dragonfly"];
const GRID_FUNCTIONS: [GridFunction; 20] = [
    ("dim_order", &["mesh", "torus"], Choice::plain("dor", None)),
    ("dor", &["mesh", "torus"], Choice::plain("dor", None)),
    ("valiant", MESH, legs(VALIANT_ROUTING, Legs::Halves)),
    ("romm", MESH, legs("romm", Legs::Halves)),
    ("xy_yx", MESH, legs("xyyx", Legs::Order)),
    ("adaptive_xy_yx", MESH, legs("xyyx", Legs::AdaptiveOrder)),
    (
        "min_adapt",
        MESH,
        Choice {
            adapt: Adapt::MinAdapt,
            ..Choice::plain("dor", Some(Scheme::One))
        },
    ),
    (
        "min_adapt",
        &["torus"],
        Choice {
            adapt: Adapt::MinAdaptTorus,
            ..Choice::plain("dor", Some(Scheme::Dateline))
        },
    ),
    (
        "planar_adapt",
        MESH,
        Choice {
            adapt: Adapt::Planar,
            ..Choice::plain("dor", Some(Scheme::One))
        },
    ),
    (
        "dor_no_express",
        CMESH,
        Choice::plain("dor", Some(Scheme::One)),
    ),
    ("dor", CMESH, Choice::plain("express", Some(Scheme::One))),
    ("xy_yx_no_express", CMESH, legs("xyyx", Legs::Order)),
    ("xy_yx", CMESH, legs("xyyx-express", Legs::Order)),
    ("ran_min", FLATFLY, Choice::plain("dor", Some(Scheme::One))),
    ("xyyx", FLATFLY, legs("xyyx", Legs::Order)),
    ("adaptive_xyyx", FLATFLY, legs("xyyx", Legs::AdaptiveOrder)),
    (
        "valiant",
        FLATFLY,
        legs(VALIANT_ROUTING, Legs::HalvesEjecting),
    ),
    ("ugal", FLATFLY, legs("valiant-dims", Legs::UgalHops)),
    ("min", DRAGONFLY, Choice::plain("lgl", Some(Scheme::Phases))),
    ("ugal", DRAGONFLY, legs(UGAL_ROUTING, Legs::UgalDraw)),
];

/// A two-phase `routing` under `phases` with BookSim2's rule `legs`.
const fn legs(routing: &'static str, legs: Legs) -> Choice {
    Choice {
        routing,
        scheme: Some(Scheme::Phases),
        legs,
        adapt: Adapt::None,
    }
}

/// icnplay's routing choice for BookSim2's routing function `rf` on `topo`
/// ([`GRID_FUNCTIONS`]); `Err(Some(why))` for one BookSim2 has but cannot run or icnplay
/// cannot follow, `Err(None)` for one not modelled.
pub(super) fn grid_routing(topo: &str, rf: &str) -> Result<Choice, Option<&'static str>> {
    if let Some(&(_, _, choice)) = GRID_FUNCTIONS
        .iter()
        .find(|f| f.0 == rf && f.1.contains(&topo))
    {
        return Ok(choice);
    }
    match (topo, rf) {
        ("torus", "valiant") => Err(Some(
            "BookSim2's valiant_torus stops on its own assertion at the first hop that \
             continues along a ring (its ring half is read unset there), so there is no \
             run of it to agree with; modelled on the mesh (valiant_mesh)",
        )),
        ("flatfly", "ugal_xyyx") => Err(Some(
            "not modelled: its XY or YX order, drawn at the source, holds on both legs of a \
             non-minimal route, which then turns at up to three routers, and icnplay's \
             two-phase routes turn at one intermediate (ugal, valiant, xyyx and \
             adaptive_xyyx are modelled)",
        )),
        ("flatfly", "ugal_pni") => Err(Some(
            "not modelled: it gives a packet the VCs of its destination's coordinate in the \
             next dimension (num_vcs / k of them per coordinate), a VC rule the simulator's \
             halves do not express (ugal, valiant, xyyx and adaptive_xyyx are modelled)",
        )),
        _ => Err(None),
    }
}

/// The choice of BookSim2's routing function `rf` on `topo` where it says more than the
/// routing and scheme ([`grid_routing`]'s, and the fat tree's `nca` and `anca`); `None`
/// for another.
pub(super) fn function_choice(topo: &str, rf: &str) -> Option<Choice> {
    match (topo, rf) {
        ("fattree", "nca") => Some(Choice::plain("updown", None)),
        ("fattree", "anca") => Some(Choice {
            adapt: Adapt::LeastOfTwo,
            ..Choice::plain("updown", None)
        }),
        _ => grid_routing(topo, rf).ok(),
    }
}

/// BookSim2's name of the routing function that is `routing` under `legs` and `adapt` on
/// `topo` (the inverse of [`grid_routing`], and `anca` on the fat tree).
pub(super) fn booksim_function(
    topo: &str,
    routing: &str,
    legs: Legs,
    adapt: Adapt,
) -> Option<&'static str> {
    if topo == "fattree" && routing == "updown" && adapt == Adapt::LeastOfTwo {
        return Some("anca");
    }
    GRID_FUNCTIONS
        .iter()
        .find(|f| {
            f.2.routing == routing && f.2.legs == legs && f.2.adapt == adapt && f.1.contains(&topo)
        })
        .map(|f| f.0)
}

/// The spec of BookSim2's cmesh: `cmesh:k=K`, after the checks BookSim2 asserts (n = 2,
/// c = 4 = xr·yr, x = y, xr = yr; `x` and `y` are read for that check only: the grid is
/// k × k).
fn cmesh(st: &Statements, (k, n, c): (i64, i64, i64)) -> Result<String, ConfigError> {
    if n != 2 {
        return Err(at(st, "n", format!("n = {n}: BookSim2's cmesh takes n = 2 (it asserts n ≤ 2 and numbers its ports for 2 only)")));
    }
    if c != 4 {
        return Err(at(st, "c", format!("c = {c}: BookSim2's cmesh takes c = 4 (2 × 2 terminals a router; it asserts c = 4)")));
    }
    chip_keys(st, "cmesh", c)?;
    Ok(format!("cmesh:k={k}"))
}

/// An error at `key`'s statement (line 0 when the key is left out).
fn at(st: &Statements, key: &str, message: String) -> ConfigError {
    ConfigError {
        line: st.get(key).map_or(0, |(_, l)| *l),
        message,
    }
}

/// `x` and `xr` of an on-chip topology (`cmesh`, `flatfly`), after the assertions
/// BookSim2 makes of them: x = y, xr = yr and xr·yr = c (its defaults x = y = 8,
/// xr = yr = 1).
fn chip_keys(st: &Statements, topo: &str, c: i64) -> Result<(i64, i64), ConfigError> {
    let get = |key: &str| st.get(key).map(|(v, l)| (v.as_str(), *l));
    let (x, y) = (int(get("x"), "x", 8)?, int(get("y"), "y", 8)?);
    let (xr, yr) = (int(get("xr"), "xr", 1)?, int(get("yr"), "yr", 1)?);
    if x != y {
        return Err(at(
            st,
            "y",
            format!("x = {x}, y = {y}: BookSim2's {topo} asserts x = y"),
        ));
    }
    if xr != yr || xr * yr != c {
        return Err(at(
            st,
            "xr",
            format!("xr = {xr}, yr = {yr}: BookSim2's {topo} asserts xr = yr and xr·yr = c = {c}"),
        ));
    }
    Ok((x, xr))
}

/// The spec of BookSim2's flatfly (always its on-chip one, `flatfly_onchip.cpp`):
/// `flatfly:k=K,n=3,onchip`, after the checks BookSim2 asserts (x = y, xr = yr,
/// xr·yr = c) and those of icnplay's model (n = 2, a k × k grid: x = k; c = k terminals a
/// router; terminal channels of 1 cycle, which BookSim2's `use_noc_latency` lengthens
/// from blocks 4 wide).
fn flatfly(st: &Statements, (k, n, c): (i64, i64, i64)) -> Result<String, ConfigError> {
    if n != 2 {
        return Err(at(st, "n", format!("n = {n}: icnplay models BookSim2's flatfly with n = 2 (a k × k grid of routers on the chip)")));
    }
    if c != k {
        return Err(at(st, "c", format!("c = {c}: icnplay's flattened butterfly has k = {k} terminals per router (give c = {k})")));
    }
    let (x, xr) = chip_keys(st, "flatfly", c)?;
    if x != k {
        return Err(at(st, "x", format!("x = {x}: give x = y = k = {k} (BookSim2 places the routers in rows of x; icnplay models the k × k grid)")));
    }
    let get = |key: &str| st.get(key).map(|(v, l)| (v.as_str(), *l));
    if xr >= 4 && int(get("use_noc_latency"), "use_noc_latency", 1)? == 1 {
        return Err(at(st, "xr", format!("xr = {xr}: with use_noc_latency = 1 BookSim2 gives blocks 4 or more tiles wide terminal channels longer than 1 cycle, which icnplay does not model (give use_noc_latency = 0)")));
    }
    Ok(format!("flatfly:k={k},n={},onchip", n + 1))
}

/// The keys BookSim2's XY-or-YX functions (`rf`: the mesh's `xy_yx` and `adaptive_xy_yx`,
/// the cmesh's `xy_yx_no_express` and `xy_yx`, the flatfly's `xyyx` and `adaptive_xyyx`)
/// need: two dimensions (its YX is the reverse of
/// dimension order, one corner on a plane), and an even `num_vcs` (with an odd number the
/// two halves share the middle VC, and BookSim2, which reads a packet's order back from its
/// VC, turns a packet on it to YX).
fn xy_yx_keys(st: &Statements, rf: &str, n: i64) -> Result<(), ConfigError> {
    if n != 2 {
        return Err(at(
            st,
            "n",
            format!("n = {n}: {rf} is modelled on a two-dimensional mesh (n = 2)"),
        ));
    }
    let get = |key: &str| st.get(key).map(|(v, l)| (v.as_str(), *l));
    let vcs = int(get("num_vcs"), "num_vcs", 16)?;
    if vcs % 2 != 0 {
        return Err(at(st, "num_vcs", format!("num_vcs = {vcs}: {rf} is modelled with an even number of VCs (BookSim2 reads a packet's order back from its VC, and with an odd number the two halves share one)")));
    }
    Ok(())
}
