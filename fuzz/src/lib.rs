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

/// Reads `config` as a BookSim2 configuration (with `network_file` as its anynet file), as
/// `icn sim --config` and the simulation view's paste do: an error that prints, or an
/// experiment whose network checks as a spec's ([`check_network`]), whose loads are in
/// (0, 1], and which the view's fields hold whole: its fields
/// (`icn_web_model::booksim::form_of_config`), read back by the page's own
/// `SimAsk::of_form` and `setup`, give the same routing, scheme, traffic, router, protocol
/// and seed.
pub fn check_booksim(config: &str, network_file: Option<&str>) {
    use icn_core::sim::packet::booksim::experiment;
    use icn_web_model::defaults::FromNetwork;
    use icn_web_model::sim::SimAsk;
    use icn_web_model::url::{AppState, SimForm, View};
    let x = match experiment(config, network_file) {
        Ok(x) => x,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    check_network(&x.network);
    assert!(
        x.rates.iter().all(|&r| r > 0.0 && r <= 1.0),
        "{config:?}: loads {:?}",
        x.rates
    );
    let fresh = AppState::fresh(View::Sim, &FromNetwork);
    let blank = fresh.form::<SimForm>().expect("the simulation view's form");
    let (form, said) = match icn_web_model::booksim::form_of_config(config, network_file, blank) {
        Ok(f) => f,
        Err(e) => panic!("{config:?}: an experiment the view's fields refuse: {e}"),
    };
    assert!(!said.is_empty());
    let net: Network = form
        .spec
        .parse()
        .unwrap_or_else(|e| panic!("{config:?}: the spec field {:?}: {e}", form.spec));
    assert_eq!(net, x.network, "{config:?}");
    // The fields read back as the page reads them before it asks the worker.
    let (ask, unread) = SimAsk::of_form(&form, net.spec(), &form.routing);
    assert!(unread.is_empty(), "{config:?}: fields that do not read: {unread:?}");
    let back = ask
        .setup(&net)
        .unwrap_or_else(|t| panic!("{config:?}: fields the page refuses: {t:?}"));
    assert_eq!(back, x.setup, "{config:?}: keys {:?}", form.extra);
}

/// Reads `pattern` as a traffic pattern (and as the throughput view's traffic field, and as
/// a permutation file) and `rates` as offered loads, the one grammar of `icn sim` and the
/// simulation view: errors that print; a pattern that prints back to itself and binds to
/// small networks of every shape (or says why not), a file's permutation that prints back
/// to itself, and loads in (0, 1], at most `MAX_RATE_POINTS` of them.
pub fn check_traffic(pattern: &str, rates: &str) {
    use icn_core::sim::packet::{config::parse_rates, config::MAX_RATE_POINTS, shape};
    use icn_core::sim::packet::{Pattern, Traffic};
    match pattern.parse::<Pattern>() {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(p) => {
            let printed = p.to_string();
            assert_eq!(printed.parse::<Pattern>().as_ref(), Ok(&p), "{pattern:?}");
            // Every family's example: grids, rings, groups and concentrations.
            for family in FAMILIES.iter() {
                let Ok(net) = family.example.parse::<Network>() else {
                    continue;
                };
                let terminals = net.topology().terminal_count() as u32;
                let nodes = terminals.saturating_mul(net.concentration());
                match Traffic::new(&p, nodes, shape(&net)) {
                    Ok(_) => {}
                    Err(e) => assert!(!e.to_string().is_empty()),
                }
            }
        }
    }
    // The throughput view's field (worst, longest, and given permutations checked against
    // the endpoints), and the same text as a permutation file.
    for endpoints in [1, 8, 64] {
        if let Err(e) = icn_web_model::traffic::check_traffic(pattern, endpoints) {
            assert!(!e.to_string().is_empty());
        }
    }
    match icn_core::sim::packet::permutation_text(pattern) {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(p) => {
            let text = icn_web_model::traffic::perm_text(&p);
            assert_eq!(
                text.parse::<Pattern>(),
                Ok(Pattern::Given(p)),
                "{pattern:?}"
            );
        }
    }
    match parse_rates(rates) {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(list) => {
            assert!(
                !list.is_empty() && list.len() <= MAX_RATE_POINTS,
                "{rates:?}"
            );
            assert!(
                list.iter().all(|&r| r > 0.0 && r <= 1.0),
                "{rates:?}: {list:?}"
            );
        }
    }
}

/// Reads `query` as the page's address: the state it opens (never a failure) writes a query
/// that reads back as the same state and writes itself again, and so do the presentation
/// parameters (`embed=`, `theme=`, `id=`, `v=`, and `panel=` in embed mode).
pub fn check_query(query: &str) {
    use icn_web_model::defaults::FromNetwork;
    use icn_web_model::url::{AppState, Presentation};
    let state = AppState::from_query(query, &FromNetwork);
    let written = state.to_query();
    let back = AppState::from_query(&written, &FromNetwork);
    assert_eq!(back, state, "{query:?} -> {written:?}");
    assert_eq!(back.to_query(), written, "{query:?}");
    let shown = Presentation::from_query(query);
    let suffix = shown.suffix();
    // `panel=` counts only in embed mode, and is written only then.
    let mut kept = shown.clone();
    if !kept.embed {
        kept.panel = None;
    }
    assert_eq!(
        Presentation::from_query(&suffix),
        kept,
        "{query:?} -> {suffix:?}"
    );
}
