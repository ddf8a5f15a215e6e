//! Property tests over every family in the live `FAMILIES` list: the spec, parameter and
//! address parsers never panic, errors name the offending character or parameter, valid
//! specs and addresses round-trip, and size guards hold for any parameter values.

use icn_core::graph::msbfs::LANES;
use icn_core::metrics::bfs;
use icn_core::{
    AddressError, FamilyInfo, Network, ParamError, Spec, SpecError, CONFIRM_LIMIT, FAMILIES,
    MAX_NODES, PAGE_BUDGET,
};
use proptest::prelude::*;

fn hypercycle_spec() -> impl Strategy<Value = String> {
    prop::collection::vec((2u64..=12).prop_flat_map(|m| (Just(m), 1..=m / 2)), 1..=4).prop_map(
        |dims| {
            let m: Vec<String> = dims.iter().map(|(m, _)| m.to_string()).collect();
            let r: Vec<String> = dims.iter().map(|(_, r)| r.to_string()).collect();
            format!("hypercycle:m={},rho={}", m.join("x"), r.join("x"))
        },
    )
}

/// A value for one parameter: the example, a small number, any number, a vector of small
/// numbers, or a word.
fn param_value() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        Just(None),
        (0u64..40).prop_map(|v| Some(v.to_string())),
        any::<u64>().prop_map(|v| Some(v.to_string())),
        "[0-9]{20,30}".prop_map(Some),
        prop::collection::vec(0u64..40, 1..8)
            .prop_map(|v| Some(v.iter().map(u64::to_string).collect::<Vec<_>>().join("x"))),
        "[a-z]{1,10}".prop_map(Some),
    ]
}

/// A spec of family `f` (any of the live list) whose parameters are the example's
/// values, each replaced by a generated one with some probability, and flags on or off.
fn family_spec() -> impl Strategy<Value = (&'static FamilyInfo, String)> {
    (
        0..FAMILIES.len(),
        prop::collection::vec((any::<bool>(), param_value()), 8),
        prop::collection::vec(any::<bool>(), 4),
    )
        .prop_map(|(i, values, flags)| {
            let f = &FAMILIES[i];
            let example: Spec = f.example.parse().expect("examples parse");
            let mut items = Vec::new();
            for (p, (replace, value)) in f.params.iter().zip(values) {
                let value = if replace {
                    value
                } else {
                    example.value(p.key).map(str::to_string)
                };
                if let Some(v) = value {
                    items.push(format!("{}={v}", p.key));
                }
            }
            for (flag, on) in f.flags.iter().zip(flags) {
                if on {
                    items.push(flag.key.to_string());
                }
            }
            (f, format!("{}:{}", f.name, items.join(",")))
        })
}

/// Checks a valid network: canonical spec, size guard, cost estimate, addresses.
fn check_valid(net: &Network, seed: u64) -> Result<(), TestCaseError> {
    let canon: Network = net.spec().parse().expect("canonical spec parses");
    prop_assert_eq!(&canon, net);
    let t = net.topology();
    let n = t.node_count();
    prop_assert!(n >= 1 && n as u64 <= MAX_NODES);
    let cost = net.cost();
    prop_assert_eq!(cost.nodes, n as u64);
    prop_assert_eq!(cost.terminals, t.terminal_count() as u64);
    let tc = cost.terminals;
    prop_assert_eq!(cost.pairs, tc * (tc - 1));
    for v in [0, (seed % n as u64) as usize, n - 1] {
        let text = net.format_node(v);
        prop_assert_eq!(net.parse_node(&text), Ok(v), "{} {}", net.spec(), text);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn valid_addresses_round_trip(spec in hypercycle_spec(), seed in any::<u64>()) {
        let net: Network = spec.parse().expect("generated specs are valid");
        check_valid(&net, seed)?;
    }

    /// Every family, any parameter values: a valid network that round-trips, or an error
    /// naming one of the family's parameters (or the spec as a whole).
    #[test]
    fn every_family_parameters(fs in family_spec(), seed in any::<u64>()) {
        let (f, text) = fs;
        match text.parse::<Network>() {
            Ok(net) => {
                prop_assert_eq!(net.family().name, f.name);
                check_valid(&net, seed)?;
            }
            Err(e) => {
                let msg = e.to_string();
                prop_assert!(!msg.is_empty());
                if let Some(key) = e.param_key() {
                    let known = f.params.iter().chain(f.flags).any(|p| p.key == key);
                    prop_assert!(known, "{}: error about unknown key {}", text, key);
                    prop_assert!(msg.contains(key), "{} does not name {}", msg, key);
                }
                if let SpecError::Param(ParamError::TooLarge { nodes, max }) = e {
                    prop_assert!(nodes > u128::from(max));
                }
            }
        }
    }

    /// Random text as an address of every family's example network.
    #[test]
    fn address_parsers_never_panic(i in 0..FAMILIES.len(), s in "\\PC{0,16}") {
        let net: Network = FAMILIES[i].example.parse().expect("example");
        match net.parse_node(&s) {
            Ok(v) => {
                prop_assert!(v < net.topology().node_count());
                let printed = net.format_node(v);
                prop_assert_eq!(net.parse_node(&printed), Ok(v));
            }
            Err(AddressError::BadDigit { ch, position, .. }) => {
                // The position counts characters from 1, in the text as typed or as trimmed
                // (families differ); either way it points at the character named.
                let at = |t: &str| t.chars().nth(position - 1);
                prop_assert!(at(&s) == Some(ch) || at(s.trim()) == Some(ch), "{:?}: {:?} at {}", s, ch, position);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    /// Digit strings near the right shape (the example's length, digits and dots).
    #[test]
    fn near_addresses(i in 0..FAMILIES.len(), s in "[0-9a-z.]{0,12}") {
        let net: Network = FAMILIES[i].example.parse().expect("example");
        if let Ok(v) = net.parse_node(&s) {
            prop_assert_eq!(net.parse_node(&net.format_node(v)), Ok(v));
        }
    }

    #[test]
    fn spec_parser_never_panics(s in "\\PC{0,40}") {
        let _ = s.parse::<Network>();
        match s.parse::<Spec>() {
            Ok(spec) => prop_assert_eq!(spec.to_string().parse::<Spec>(), Ok(spec)),
            Err(SpecError::BadCharacter { ch, position, .. }) => {
                // The position counts characters of the spec as typed, from 1 (a spec is
                // never trimmed: whitespace is a bad character like any other).
                let at = s.chars().nth(position - 1);
                prop_assert!(at == Some(ch) || ch == ',' || ch == ':', "{:?}: {:?} at {}", s, ch, position);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    /// Syntactically valid specs print back to themselves.
    #[test]
    fn spec_grammar_round_trips(
        family in "[a-z][a-z0-9_]{0,8}",
        items in prop::collection::btree_map("[a-z][a-z0-9_]{0,5}", prop::option::of("[A-Za-z0-9._-]{1,8}"), 0..5),
    ) {
        let text = if items.is_empty() {
            family.clone()
        } else {
            let body: Vec<String> = items
                .iter()
                .map(|(k, v)| v.as_ref().map_or(k.clone(), |v| format!("{k}={v}")))
                .collect();
            format!("{family}:{}", body.join(","))
        };
        let spec: Spec = text.parse().expect("grammatical");
        prop_assert_eq!(spec.to_string(), text);
        prop_assert_eq!(spec.items.len(), items.len());
    }

    #[test]
    fn structured_garbage_never_panics(i in 0..FAMILIES.len(), k in "[a-z]{1,4}", v in "[0-9x]{0,40}") {
        let family = FAMILIES[i].name;
        let _ = format!("{family}:{k}={v}").parse::<Network>();
        let keys: Vec<String> = FAMILIES[i].params.iter().map(|p| format!("{}={v}", p.key)).collect();
        let _ = format!("{family}:{}", keys.join(",")).parse::<Network>();
    }

    /// The route cost estimate never panics and is within the page budget for the
    /// examples' neighbourhood of small networks.
    #[test]
    fn route_cost_is_total(fs in family_spec(), a in any::<u64>(), b in any::<u64>()) {
        let (f, text) = fs;
        if let Ok(net) = text.parse::<Network>() {
            let n = net.topology().terminal_count() as u64;
            let (a, b) = ((a % n) as usize, (b % n) as usize);
            for s in f.strategies {
                let e = net.route_cost(s.name, a, b, 64);
                if net.topology().node_count() <= 4096 {
                    prop_assert!(e.within(PAGE_BUDGET), "{} {}: {:?}", text, s.name, e);
                }
            }
        }
    }
}

/// A few concrete values behind the estimates (checked by hand and by the closed forms).
#[test]
fn cost_values() {
    // The 6-cube: 64 nodes, 6·64/2 = 192 links; a closed-form distance distribution.
    let cube: Network = "hypercube:n=6".parse().expect("spec");
    let c = cube.cost();
    assert_eq!((c.nodes, c.links, c.pairs), (64, 192, 64 * 63));
    assert_eq!(c.info.bytes, 0);
    // The largest cube: closed forms everywhere, so a route is cheap even at 2³¹ nodes.
    let big: Network = "hypercube:n=31".parse().expect("spec");
    let e = big.route_cost("minimal", 0, (1 << 31) - 1, 64);
    assert!(e.within(PAGE_BUDGET), "{e:?}");
    // 64 listed paths of 31 calls, each a scan of 31 neighbours and a step.
    assert_eq!(e.steps, 64 * 31 * 32);
    // KYKLOS has no closed-form path count: the estimate is a walk over every node (too
    // large to count the paths on the spot), and the listing of 64 paths of at most
    // 4·⌈log₂ N⌉ = 88 hops, each call a scan of the 3 neighbours of an average node.
    let k: Network = "kyklos2:m=2,r=2,n=20,shuffle=proposed"
        .parse()
        .expect("spec");
    let kc = k.cost();
    let nodes = (1u64 << 20) + 2 * ((1 << 20) - 1);
    assert_eq!(kc.nodes, nodes);
    // D2 also searches the whole network once for its distance labels on first use
    // (CostHints::first_use_work): N + 2E more steps, half the walk's.
    let rc = k.route_cost("d2", 0, 1, 64);
    assert_eq!(rc.steps, kc.route.steps + 64 * 88 * 4 + kc.route.steps / 2);
    assert!(rc.bytes > kc.route.bytes);
    assert_eq!(kc.route.bytes, nodes * 72);
    // Its L-nodes are all alike (processor symmetry): exact metrics are one breadth-first
    // search from L-node 0, N + 2E steps, and the degrees a scan of L-node 0 and of every
    // IB-node (4 steps each: 3 neighbours on average, and the node).
    let links = 2 * ((1u64 << 20) - 2) + 2 * (1 << 20);
    assert_eq!(kc.links, links);
    let scanned = 1 + nodes - (1 << 20);
    assert_eq!(kc.info.steps, nodes + 2 * links + scanned * 4);
    assert!(kc.info.within(CONFIRM_LIMIT));
    // The uncompleted lens: its digit relabellings leave one orbit of processors per dot
    // position, so one breadth-first search each (N + 2E steps).
    let lens: Network = "lens:p=3,q=3,n=8".parse().expect("spec");
    let lc = lens.cost();
    assert_eq!((lc.nodes, lc.terminals, lc.links), (4096, 2048, 5888));
    // The degrees: every processor and bus scanned, ⌈2·5888/4096⌉ + 1 = 4 steps each.
    assert_eq!(lc.info.steps, 8 * (4096 + 2 * 5888) + 4096 * 4);
    // A random regular graph has none: every node's search, 256 at a time in bit-parallel
    // passes of 3/8 of a sweep over every node and channel per level (node 0's
    // eccentricity plus one), 3 steps a word operation while the search's memory fits the
    // cache; the degrees a scan of every node (⌈2E/N⌉ + 1 steps).
    let jelly: Network = "jellyfish:n=1024,r=8".parse().expect("spec");
    let jc = jelly.cost();
    assert_eq!((jc.nodes, jc.terminals, jc.links), (1024, 1024, 4096));
    let far = u64::from(*bfs(jelly.topology(), 0).iter().max().expect("nodes"));
    let pass = (1024 + 2 * 4096) * (far + 1).max(3) * 3 / 8;
    let passes = 1024 / LANES as u64;
    assert_eq!(jc.info.steps, passes * pass * 3 + 1024 * 9);
    // Within the page's budget, where one search per processor (2048 · (N + 2E) steps)
    // was not.
    assert!(lc.info.within(PAGE_BUDGET));
}

/// Regressions found by fuzzing: each must fail fast with an error naming a parameter.
#[test]
fn huge_values_fail_fast() {
    // Listed every divisor of n (1..=n) in the error message: a hang at n ≈ 10¹³.
    let e = "kyklos2:m=4,r=2,n=88888888888867"
        .parse::<Network>()
        .expect_err("n mod r ≠ 0");
    assert_eq!(e.param_key(), Some("r"));
    assert!(e.to_string().contains("up to 64 are 1"), "{e}");
    for f in FAMILIES {
        let all_max: Vec<String> = f
            .params
            .iter()
            .map(|p| format!("{}={}", p.key, u64::MAX))
            .collect();
        let spec = format!("{}:{}", f.name, all_max.join(","));
        assert!(spec.parse::<Network>().is_err(), "{spec}");
    }
}
