//! `Network` as a dispatcher: the registry, typed accessors, strategy names and the
//! serde round trip of `NetworkInfo`.

use icn_core::topology::d3::D3Routing;
use icn_core::topology::hypercycle::HypercycleRouting;
use icn_core::topology::kyklos::KyklosRouting;
use icn_core::{
    FamilyMismatch, Minimal, Network, NetworkInfo, StrategyError, UnknownStrategy, FAMILIES,
};

fn examples() -> Vec<Network> {
    FAMILIES
        .iter()
        .map(|f| f.example.parse().expect("example"))
        .collect()
}

#[test]
fn network_info_round_trips_through_serde() {
    for net in examples() {
        let info = net.info();
        let json = serde_json::to_string(&info).expect("serialize");
        let back: NetworkInfo = serde_json::from_str(&json).expect("deserialize");
        assert_eq!(back, info, "{json}");
        assert_eq!(serde_json::to_string(&back).expect("serialize"), json);
    }
}

#[test]
fn network_info_refuses_an_unknown_family() {
    let json = serde_json::to_string(&examples()[0].info())
        .expect("serialize")
        .replace("\"hypercycle\"", "\"nosuchfamily\"");
    let err = serde_json::from_str::<NetworkInfo>(&json).expect_err("nosuchfamily");
    assert!(
        err.to_string().contains("unknown family 'nosuchfamily'"),
        "{err}"
    );
}

#[test]
fn every_example_is_its_family() {
    for (net, info) in examples().iter().zip(FAMILIES) {
        assert_eq!(net.family(), info);
        assert_eq!(net.spec().parse::<Network>().as_ref(), Ok(net));
        assert_eq!(net.default_strategy(), net.strategies()[0].name);
    }
}

#[test]
fn typed_accessors_name_both_families() {
    let net: Network = "lens:p=4,q=4,n=3".parse().expect("spec");
    assert!(net.lens().is_ok());
    assert_eq!(
        net.kyklos().map(|_| ()),
        Err(FamilyMismatch {
            expected: "kyklos1 or kyklos2",
            actual: "lens",
            spec: "lens:p=4,q=4,n=3".into(),
        })
    );
    assert_eq!(
        net.d3().map(|_| ()).expect_err("no d3").to_string(),
        "'lens:p=4,q=4,n=3' is a lens network, not d3"
    );
    let cube: Network = "hypercube:n=3".parse().expect("spec");
    let h = cube.hypercycle().expect("hypercycle").clone();
    assert_eq!(Network::from(h), cube);
    assert!(cube.mdf().is_err());
    let d3: Network = "d3:k=3,m=4".parse().expect("spec");
    assert_eq!(Network::from(d3.d3().expect("d3").clone()), d3);
    assert_ne!(d3, "mdf:k=3,m=4".parse::<Network>().expect("spec"));
}

#[test]
fn strategy_names_parse_once() {
    for kind in HypercycleRouting::ALL {
        assert_eq!(kind.name().parse(), Ok(kind));
    }
    for kind in KyklosRouting::ALL {
        assert_eq!(kind.name().parse(), Ok(kind));
    }
    assert_eq!("minimal".parse(), Ok(KyklosRouting::D2));
    for kind in D3Routing::ALL {
        assert_eq!(kind.name().parse(), Ok(kind));
    }
    assert_eq!("minimal".parse(), Ok(Minimal));
    assert_eq!(
        "bfs".parse::<D3Routing>(),
        Err(UnknownStrategy { name: "bfs".into() })
    );
    let net: Network = "kyklos1:m=2,r=2,n=6".parse().expect("spec");
    assert!(matches!(
        net.routing("y2").map(|_| ()),
        Err(StrategyError::Unknown { .. } | StrategyError::Unavailable { .. })
    ));
}

#[test]
fn every_example_agrees_with_its_formulas_where_the_engine_counts_the_same_thing() {
    for f in FAMILIES {
        let net: Network = f
            .example
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", f.name));
        if net.cost().info.steps > 1 << 26 {
            continue;
        }
        let info = net.info();
        let mut checked = 0;
        for formula in &info.formulas {
            if let Some(computed) = info.computed(&formula.name) {
                assert_eq!(computed, formula.value, "{}: {}", f.example, formula.name);
                checked += 1;
            }
        }
        println!(
            "{}: {checked} of {} formulas checked",
            f.name,
            info.formulas.len()
        );
    }
}

/// Every node's degree, terminals and forwarding nodes apart: (min, max) of each.
fn degrees_by_kind(net: &Network) -> ((u64, u64), Option<(u64, u64)>) {
    let t = net.topology();
    let mut buf = Vec::new();
    let mut degree = |v| {
        buf.clear();
        t.neighbours(v, &mut buf);
        buf.len() as u64
    };
    let terminals: Vec<u64> = (0..t.terminal_count()).map(&mut degree).collect();
    let switches: Vec<u64> = (t.terminal_count()..t.node_count())
        .map(&mut degree)
        .collect();
    let range = |d: &[u64]| Some((*d.iter().min()?, *d.iter().max()?));
    (range(&terminals).expect("terminals"), range(&switches))
}

#[test]
fn info_reports_the_terminals_degree_and_the_switches_apart() {
    // The outside audit's two cases: every L-node has degree 2 (IB-nodes 2 or 3); the
    // Lens's processors have up to q = 5 busses, its busses up to p = 3 processors.
    for (spec, terminals, switches) in [
        ("kyklos2:m=2,r=2,n=4,shuffle=proposed", (2, 2), Some((2, 3))),
        ("lens:p=3,q=5,n=2", (4, 5), Some((2, 3))),
        ("hypercube:n=4", (4, 4), None),
    ] {
        let info = spec.parse::<Network>().expect("spec").info();
        assert_eq!((info.min_degree, info.max_degree), terminals, "{spec}");
        let reported = info.switch_min_degree.zip(info.switch_max_degree);
        assert_eq!(reported, switches, "{spec}");
    }
    // Every family's example against every node's own degree.
    for net in examples() {
        if net.cost().info.steps > 1 << 24 {
            continue;
        }
        let info = net.info();
        let (terminals, switches) = degrees_by_kind(&net);
        assert_eq!(
            (info.min_degree, info.max_degree),
            terminals,
            "{}",
            net.spec()
        );
        let reported = info.switch_min_degree.zip(info.switch_max_degree);
        assert_eq!(reported, switches, "{}", net.spec());
    }
}
