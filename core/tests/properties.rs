//! Property tests: parsers never panic, valid addresses round-trip.

use icn_core::{Network, Spec};
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

proptest! {
    #[test]
    fn valid_addresses_round_trip(spec in hypercycle_spec(), seed in any::<u64>()) {
        let net: Network = spec.parse().expect("generated specs are valid");
        let t = net.topology();
        let v = (seed % t.node_count() as u64) as usize;
        prop_assert_eq!(t.parse_node(&t.format_node(v)), Ok(v));
        let canon: Network = net.spec().parse().expect("canonical");
        prop_assert_eq!(canon, net);
    }

    #[test]
    fn spec_parser_never_panics(s in "\\PC{0,40}") {
        let _ = s.parse::<Spec>();
        let _ = s.parse::<Network>();
    }

    #[test]
    fn structured_garbage_never_panics(family in "(hypercycle|hypercube|x)", k in "[a-z]{1,4}", v in "[0-9x]{0,12}") {
        let _ = format!("{family}:{k}={v}").parse::<Network>();
        let _ = format!("{family}:m={v},rho={v}").parse::<Network>();
    }

    #[test]
    fn address_parser_never_panics(s in "\\PC{0,12}") {
        let net: Network = "hypercycle:m=5x4x3,rho=2x1x1".parse().expect("spec");
        let _ = net.parse_node(&s);
    }
}
