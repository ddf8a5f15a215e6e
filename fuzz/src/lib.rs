//! What the fuzz targets check, shared by all of them: parsing anything either fails with
//! an error that prints, or succeeds and round-trips; nothing panics, nothing allocates
//! beyond the size guards (a parsed network is at most `MAX_NODES` nodes and its cost
//! estimate is computed without building anything).

use icn_core::{Network, Spec, FAMILIES, MAX_NODES};

/// Networks at most this large are also routed between two nodes by every strategy.
pub const ROUTE_NODES: usize = 256;

/// Parses `text` as a spec and as a network and checks every round-trip.
pub fn check_spec(text: &str) -> Option<Network> {
    match text.parse::<Spec>() {
        Ok(spec) => {
            let printed = spec.to_string();
            assert_eq!(printed.parse::<Spec>().as_ref(), Ok(&spec), "{text:?}");
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    match text.parse::<Network>() {
        Ok(net) => {
            check_network(&net);
            Some(net)
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            None
        }
    }
}

/// Checks a valid network: canonical spec, size guard, cost estimate, first and last
/// address round-trips, and (when small) a route under every strategy.
pub fn check_network(net: &Network) {
    let canonical = net.spec();
    assert_eq!(
        canonical.parse::<Network>().as_ref(),
        Ok(net),
        "{canonical}"
    );
    let t = net.topology();
    let n = t.node_count();
    assert!(n >= 1 && n as u64 <= MAX_NODES, "{canonical}: {n} nodes");
    let cost = net.cost();
    assert_eq!(cost.nodes, n as u64, "{canonical}");
    for v in [0, t.terminal_count() - 1, n - 1] {
        let text = net.format_node(v);
        assert_eq!(net.parse_node(&text), Ok(v), "{canonical}: {text}");
    }
    if n <= ROUTE_NODES {
        let last = t.terminal_count() - 1;
        for s in net.strategies() {
            let route = net
                .route(s.name, 0, last, 4)
                .expect("an offered strategy routes");
            assert!(route.paths.len() <= 4);
        }
    }
}

/// Reads `text` as an address of `net`: an error that prints, or a node that prints back
/// to an address reading as the same node.
pub fn check_address(net: &Network, text: &str) {
    match net.parse_node(text) {
        Ok(v) => {
            assert!(v < net.topology().node_count(), "{text:?} -> {v}");
            let printed = net.format_node(v);
            assert_eq!(net.parse_node(&printed), Ok(v), "{text:?} -> {printed}");
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

/// The family `index` picks (modulo the number of families), from the live list.
pub fn family(index: u8) -> &'static icn_core::FamilyInfo {
    &FAMILIES[usize::from(index) % FAMILIES.len()]
}

/// Reads `text` as an imported graph: refused with a message naming where, or read, and
/// then its spec and its anynet export read back as the same network.
pub fn check_graph_text(text: &str) {
    use icn_core::topology::imported::Imported;
    match Imported::from_text(text) {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(g) => {
            let net = Network::from(g);
            check_network(&net);
            let mut out = Vec::new();
            icn_core::io::anynet(&net, &mut out).expect("anynet writes to memory");
            let back = Imported::from_text(&String::from_utf8_lossy(&out))
                .unwrap_or_else(|e| panic!("{text:?}: its anynet export does not read: {e}"));
            use icn_core::Graph;
            let t = net.topology();
            assert_eq!(back.node_count(), t.node_count(), "{text:?}");
            assert_eq!(back.link_count(), t.link_count(), "{text:?}");
        }
    }
}

/// Parses `args` as `icn`'s command line: a command, or an error that renders; nothing
/// panics (clap's own consistency checks included: the fuzz profile keeps debug
/// assertions on).
pub fn check_args(args: &[std::ffi::OsString]) {
    if let Err(e) = icn_cli::parse(args) {
        assert!(!e.render().to_string().is_empty());
    }
}
