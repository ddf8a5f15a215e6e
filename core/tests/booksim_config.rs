//! BookSim2 configuration files (`sim::packet::booksim`): the reference configurations in
//! scripts/booksim/configs/ become the experiments their `// icn:` lines name, BookSim2's
//! defaults fill what a file leaves out, and what the simulator does not model is an
//! error naming the key and its line.

use icn_core::analysis::deadlock::Scheme;
use icn_core::sim::packet::booksim::{
    booksim_string, experiment, statements, ConfigError, Experiment,
};
use icn_core::sim::packet::{booksim_latencies, AllocatorChoice, AllocatorKind, Simulator};
use icn_core::{Network, Spec};

const CONFIGS: &[(&str, &str, Option<&str>)] = &[
    (
        "mesh88",
        include_str!("../../scripts/booksim/configs/mesh88.cfg"),
        None,
    ),
    (
        "torus88",
        include_str!("../../scripts/booksim/configs/torus88.cfg"),
        None,
    ),
    (
        "fattree43",
        include_str!("../../scripts/booksim/configs/fattree43.cfg"),
        None,
    ),
    (
        "dragonfly2",
        include_str!("../../scripts/booksim/configs/dragonfly2.cfg"),
        None,
    ),
    (
        "dragonfly2ugal",
        include_str!("../../scripts/booksim/configs/dragonfly2ugal.cfg"),
        None,
    ),
    (
        "hypercube6",
        include_str!("../../scripts/booksim/configs/hypercube6.cfg"),
        Some(include_str!(
            "../../scripts/booksim/configs/hypercube6.anynet"
        )),
    ),
    (
        "slimfly5",
        include_str!("../../scripts/booksim/configs/slimfly5.cfg"),
        Some(include_str!(
            "../../scripts/booksim/configs/slimfly5.anynet"
        )),
    ),
];

fn network(spec: &str) -> Network {
    Network::from_spec(&spec.parse::<Spec>().expect("a spec")).expect("a network")
}

fn key(text: &str, name: &str) -> u32 {
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("{name} =")))
        .expect("the key");
    line[name.len() + 2..]
        .trim()
        .trim_end_matches(';')
        .parse()
        .expect("a number")
}

/// Each reference configuration is the experiment its `// icn: SPEC ROUTING [--scheme S]`
/// line names: the same network (routers and endpoints for the anynet files, written by
/// `icn export`; `lowfirst` on a mesh or torus), routing, scheme, VCs, buffers and BookSim2's channel latencies.
#[test]
fn reference_configurations_are_their_icn_runs() {
    for &(name, text, file) in CONFIGS {
        let x: Experiment = experiment(text, file).expect(name);
        let icn: Vec<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix("// icn: "))
            .expect("an icn line")
            .split_whitespace()
            .collect();
        let want = network(icn[0]);
        assert_eq!(x.setup.routing, icn[1], "{name}");
        if let Some(i) = icn.iter().position(|&w| w == "--scheme") {
            assert_eq!(x.setup.scheme, Some(icn[i + 1].parse().expect("a scheme")));
        }
        assert_eq!(x.setup.router.num_vcs, key(text, "num_vcs"), "{name}");
        assert_eq!(
            x.setup.router.vc_buf_size,
            key(text, "vc_buf_size"),
            "{name}"
        );
        assert_eq!(x.rates, [0.1], "{name}: BookSim2's default injection_rate");
        if file.is_none() {
            // A line without `--config` names icnplay's page run beside the file (mesh88,
            // torus88: uniform traffic, which either dimension order loads alike); the file
            // itself runs its mesh or torus in BookSim2's order, `lowfirst`.
            let page =
                !icn.contains(&"--config") && ["mesh", "torus"].contains(&want.family().name);
            let spec = if page {
                format!("{},lowfirst", want.spec())
            } else {
                want.spec()
            };
            assert_eq!(x.network.spec(), spec, "{name}");
            let (local, global) = booksim_latencies(&want);
            assert_eq!(x.setup.router.channel_latency, local, "{name}");
            assert_eq!(x.setup.router.global_latency, global, "{name}");
        } else {
            let ours = Simulator::new(&x.network, &x.setup).expect("a simulator");
            let theirs = Simulator::new(&want, &x.setup).expect("a simulator");
            assert_eq!(ours.fabric().routers(), theirs.fabric().routers(), "{name}");
            assert_eq!(ours.fabric().endpoints(), theirs.fabric().endpoints());
            assert_eq!(x.setup.router.channel_latency, 1);
        }
    }
}

fn error(text: &str) -> ConfigError {
    experiment(text, None).expect_err("an error")
}

const BASE: &str = "topology = mesh;\nk = 4;\nn = 2;\nrouting_function = dim_order;\n\
                    vc_allocator = separable_input_first;\nsw_allocator = separable_input_first;\n";

/// A traffic's parameters as BookSim2 reads them: several only inside one pair of braces
/// (`hotspot(0,5)` is endpoint 0, C's atoi of "0,5"; the braces' first list the endpoints,
/// the second their rates), and the missing ones from other keys.
#[test]
fn traffic_parameters_as_booksim2_reads_them() {
    let traffic = |value: &str, more: &str| {
        let text = format!("{BASE}k = 8;\ntraffic = {value};\n{more}");
        experiment(&text, None)
            .expect("an experiment")
            .setup
            .traffic
            .to_string()
    };
    assert_eq!(traffic("hotspot(0,5)", ""), "hotspot(0)");
    assert_eq!(traffic("hotspot({0,5},{3,1})", ""), "hotspot(0)");
    assert_eq!(
        traffic("hotspot({{0,5,9},{3,1}})", ""),
        "hotspot({0,5,9},{3,1,1})"
    );
    assert_eq!(traffic("hotspot({{0,5}})", ""), "hotspot(0,5)");
    assert_eq!(traffic("background({1,2})", ""), "background({1})");
    assert_eq!(traffic("background({{1,2}})", ""), "background({1,2})");
    assert_eq!(traffic("bad_dragon", "n = 1;"), "bad_dragon(8,1)");
    assert_eq!(traffic("bad_dragon(2,1)", ""), "bad_dragon(2,2)");
    assert_eq!(traffic("bad_dragon({2,1})", ""), "bad_dragon(2,1)");
    assert_eq!(traffic("randperm(7)", "perm_seed = 3;"), "randperm(7)");
    // badperm_yarc: k, n and xr from the parameters inside braces, else from the keys.
    assert_eq!(traffic("badperm_yarc", "xr = 2;"), "badperm_yarc(8,2,2)");
    assert_eq!(traffic("badperm_yarc(4,3,1)", ""), "badperm_yarc(4,2,1)");
    assert_eq!(traffic("badperm_yarc({4,3,1})", ""), "badperm_yarc(4,3,1)");
    assert_eq!(traffic("diagonal", ""), "diagonal");
}

/// BookSim2's defaults for keys left out; comments, lists and packets-per-cycle rates.
#[test]
fn defaults_comments_and_rates() {
    let x = experiment(BASE, None).expect("an experiment");
    let r = x.setup.router;
    assert_eq!(
        (r.num_vcs, r.vc_buf_size, r.packet_size, r.routing_delay),
        (16, 8, 1, 1)
    );
    assert_eq!(x.setup.protocol.sample_period, 1000);
    assert_eq!(x.setup.protocol.latency_thres, 500.0);
    assert_eq!(x.setup.seed, 0);
    assert_eq!(x.setup.traffic.to_string(), "uniform");
    let text = format!(
        "{BASE}/* a block\n comment */ packet_size = 4; // packets per cycle\n\
         injection_rate = {{0.01, 0.02}};\ntraffic = randperm; perm_seed = 5;\nseed = 3;"
    );
    let x = experiment(&text, None).expect("an experiment");
    assert_eq!(x.rates, [0.04, 0.08]);
    assert_eq!(x.setup.traffic.to_string(), "randperm(5)");
    assert_eq!(x.setup.seed, 3);
    let flits = format!("{text}\ninjection_rate_uses_flits = 1;");
    assert_eq!(experiment(&flits, None).expect("ok").rates, [0.01, 0.02]);
    // BookSim2's failure keys at their defaults: no link fails, the same experiment.
    let unfailed = format!("{flits}\nlink_failures = 0;\nfail_seed = 0;");
    assert_eq!(
        experiment(&unfailed, None).expect("ok").setup,
        experiment(&flits, None).expect("ok").setup
    );
    // The torus's 2-cycle channels, or 1 without use_noc_latency.
    let torus = BASE.replace("mesh", "torus");
    assert_eq!(
        experiment(&torus, None)
            .expect("ok")
            .setup
            .router
            .channel_latency,
        2
    );
    let flat = format!("{torus}use_noc_latency = 0;");
    assert_eq!(
        experiment(&flat, None)
            .expect("ok")
            .setup
            .router
            .channel_latency,
        1
    );
    assert_eq!(
        experiment(&torus, None).expect("ok").setup.scheme,
        None,
        "the simulator's choice: BookSim2's dateline classes"
    );
    let ugal = "topology = dragonflynew; k = 2; n = 1; routing_function = ugal; num_vcs = 3;\n\
                vc_allocator = separable_input_first; sw_allocator = separable_input_first;";
    let x = experiment(ugal, None).expect("ok");
    assert_eq!(
        (x.setup.routing.as_str(), x.setup.scheme),
        ("ugal", Some(Scheme::Phases))
    );
    assert_eq!(x.setup.router.global_latency, Some(100));
}

/// What is not modelled is an error naming the key, on its line.
#[test]
fn unmodelled_keys_are_named() {
    let cases: &[(String, usize, &str)] = &[
        (
            format!("{BASE}speculative = 1;"),
            7,
            "speculative = 1: not modelled",
        ),
        (
            format!("{BASE}link_failures = 2;"),
            7,
            "link_failures = 2: not modelled",
        ),
        (
            format!("{BASE}\n\nfoo_bar = 2;"),
            9,
            "foo_bar: this BookSim2 key",
        ),
        (
            BASE.replace("mesh", "torus").replace("dim_order", "planar_adapt"),
            4,
            "routing_function = planar_adapt: not modelled for topology = torus (dim_order, min_adapt)",
        ),
        (
            BASE.replace("dim_order", "chaos"),
            4,
            "routing_function = chaos: not modelled for topology = mesh (dim_order, valiant, romm, xy_yx, adaptive_xy_yx, min_adapt, planar_adapt)",
        ),
        (
            format!(
                "{}num_vcs = 2;",
                BASE.replace("mesh", "torus").replace("dim_order", "min_adapt")
            ),
            7,
            "num_vcs = 2: give 4 or more under min_adapt on the torus",
        ),
        (
            format!("{}num_vcs = 1;", BASE.replace("dim_order", "min_adapt")),
            7,
            "num_vcs = 1: give 2 or more under min_adapt",
        ),
        (
            BASE.replace("dim_order", "min_adapt")
                .replace("vc_allocator = separable_input_first", "vc_allocator = wavefront"),
            5,
            "vc_allocator = wavefront: give separable_input_first, islip, pim, max_size or loa under min_adapt",
        ),
        (
            format!("{}num_vcs = 3;", BASE.replace("dim_order", "xy_yx")),
            7,
            "num_vcs = 3: xy_yx is modelled with an even number of VCs",
        ),
        (
            BASE.replace("dim_order", "xy_yx").replace("n = 2", "n = 3"),
            3,
            "n = 3: xy_yx is modelled on a two-dimensional mesh",
        ),
        (
            BASE.replace("mesh", "torus").replace("dim_order", "valiant"),
            4,
            "routing_function = valiant: BookSim2's valiant_torus stops on its own assertion",
        ),
        (
            "topology = fattree;\nk = 4;\nn = 3;\nrouting_function = anca;\nrouting_delay = 0;"
                .to_string(),
            5,
            "routing_delay = 0: give 1 or more under anca: with routing_delay = 0 BookSim2 routes a hop ahead",
        ),
        (
            "topology = fattree;\nk = 4;\nn = 3;\nrouting_function = dest_tag;".to_string(),
            4,
            "routing_function = dest_tag: not modelled for topology = fattree (nca, anca)",
        ),
        (BASE.replace("mesh", "qtree"), 1, "topology = qtree"),
        (
            format!("{BASE}foo_x = 2;"),
            7,
            "foo_x: this BookSim2 key is not modelled by icnplay's simulator",
        ),
        (
            format!("{BASE}num_vcs = many;"),
            7,
            "num_vcs = many: give a whole number",
        ),
        (format!("{BASE}traffic = zigzag;"), 7, "traffic:"),
        (
            format!("{BASE}traffic = hotspot;"),
            7,
            "BookSim2 draws a hotspot of -1 (or none given) at random",
        ),
        (
            format!("{BASE}k 4;"),
            7,
            "is not a `key = value;` statement",
        ),
    ];
    for (text, line, want) in cases {
        let e = error(text);
        assert_eq!(e.line, *line, "{e}");
        assert!(e.to_string().contains(want), "{e}");
    }
    // An anynet configuration needs its network file's text.
    let any = "topology = anynet; network_file = x.anynet; routing_function = min;\n\
               vc_allocator = separable_input_first; sw_allocator = separable_input_first;";
    assert!(error(any).to_string().contains("network_file"));
    // Output-only keys are accepted with any value; a later statement wins.
    let st = statements("print_activity = 1; k = 4; k = 6;").expect("statements");
    assert_eq!(st["k"].0, "6");
}

/// The allocator keys as BookSim2's `iq` router reads them: left out, islip; an iterative
/// allocator's iterations in parentheses; `alloc_iters`, which that router does not pass
/// to its allocators, checked and changing nothing; other arbiters and names refused.
#[test]
fn allocators_as_booksim2_builds_them() {
    let of = |text: &str| {
        let r = experiment(text, None).expect("an experiment").setup.router;
        (r.vc_allocator, r.sw_allocator)
    };
    let choice = |kind, iters| AllocatorChoice { kind, iters };
    let bare = BASE
        .replace("vc_allocator = separable_input_first;\n", "")
        .replace("sw_allocator = separable_input_first;\n", "");
    let islip = choice(AllocatorKind::Islip, 1);
    assert_eq!(of(&bare), (islip, islip), "BookSim2's default");
    assert_eq!(of(&format!("{bare}alloc_iters = 3;")), (islip, islip));
    let sif = choice(AllocatorKind::SeparableInputFirst, 1);
    assert_eq!(of(BASE), (sif, sif));
    let text = format!("{bare}vc_allocator = islip(3); sw_allocator = rr_wavefront;");
    let (vc, sw) = of(&text);
    assert_eq!(
        (vc, sw),
        (
            choice(AllocatorKind::Islip, 3),
            choice(AllocatorKind::RrWavefront, 1)
        )
    );
    assert_eq!(
        (vc.to_string(), sw.to_string()),
        ("islip(3)".into(), "rr_wavefront".into())
    );
    for kind in AllocatorKind::ALL {
        let text = format!("{bare}vc_allocator = {0}; sw_allocator = {0};", kind.name());
        assert_eq!(of(&text), (choice(kind, 1), choice(kind, 1)));
    }
    let sof = format!("{bare}sw_allocator = separable_output_first(round_robin);");
    assert_eq!(of(&sof).1, choice(AllocatorKind::SeparableOutputFirst, 1));
    for (text, want) in [
        (
            "sw_allocator = separable_input_first(matrix);",
            "round_robin arbiters only",
        ),
        ("vc_allocator = piggyback;", "piggyback needs speculative"),
        (
            "vc_allocator = fancy;",
            "one of BookSim2's allocators: max_size, pim, islip",
        ),
        (
            "vc_allocator = islip(0);",
            "islip(N) with N iterations from 1 to 64",
        ),
        (
            "alloc_iters = 0;",
            "alloc_iters = 0: give a whole number from 1 to 64",
        ),
    ] {
        let (line, message) = refusal(&format!("{bare}{text}"));
        assert_eq!(line, 5, "{message}");
        assert!(message.contains(want), "{message}");
    }
}

/// The line and message of the error `text` gives.
fn refusal(text: &str) -> (usize, String) {
    let e = error(text);
    (e.line, e.message)
}

/// Issue 36: the configuration is read as BookSim2's grammar reads it, and what it reads
/// differently is refused at its line: a byte-order mark, a value `use_noc_latency` does
/// not take, dragonflynew's n, an unclosed list or comment, quotes.
#[test]
fn read_as_booksim2_reads_it() {
    let bom = format!("\u{feff}{BASE}");
    assert!(
        experiment(&bom, None).is_ok(),
        "a byte-order mark is no part of the first key"
    );
    let torus = BASE.replace("mesh", "torus");
    let (line, m) = refusal(&format!("{torus}use_noc_latency = 7;"));
    assert_eq!(line, 7);
    assert!(m.contains("use_noc_latency = 7: give 0 or 1"), "{m}");
    let df = "topology = dragonflynew; k = 2;\nn = 7; routing_function = min;\n\
              vc_allocator = separable_input_first; sw_allocator = separable_input_first;";
    let (line, m) = refusal(df);
    assert_eq!(line, 2);
    assert!(m.contains("n = 7: dragonflynew takes n = 1"), "{m}");
    let (line, m) = refusal(&format!("{BASE}\ninjection_rate = {{0.1, 0.2;"));
    assert_eq!(line, 8);
    assert!(m.contains("list opened here is not closed"), "{m}");
    let (line, m) = refusal(&format!("{BASE}/* open\n\nk = 8;"));
    assert_eq!(line, 7);
    assert!(m.contains("never closed"), "{m}");
    for quoted in ["traffic = \"uniform;\";", "traffic = \"a//b\";"] {
        let (line, m) = refusal(&format!("{BASE}{quoted}"));
        assert_eq!(line, 7, "{quoted}");
        assert!(m.contains("without quotes"), "{m}");
    }
    // A comment may follow a value directly, and a list may span lines.
    let ok = format!("{BASE}injection_rate = {{0.01,\n 0.02}}; // two loads\n");
    assert_eq!(experiment(&ok, None).expect("ok").rates, [0.01, 0.02]);
}

/// A threshold is read as BookSim2 reads it: any number, a negative one turning its test
/// off (the simulator skips a test whose threshold is below 0, as trafficmanager.cpp does),
/// and the point's own check lets it through; only a NaN is refused (above).
#[test]
fn negative_thresholds_turn_their_tests_off() {
    let text = format!("{BASE}latency_thres = -1; stopping_thres = -0.5; warmup_thres = 0;\n");
    let x = experiment(&text, None).expect("an experiment");
    let p = x.setup.protocol;
    assert_eq!(
        (p.latency_thres, p.stopping_thres, p.warmup_thres),
        (-1.0, -0.5, 0.0)
    );
    assert_eq!(x.setup.problems().len(), 0, "{:?}", x.setup.problems());
}

/// Issue 36: messages that misled now name the key, its line and the values allowed.
#[test]
fn messages_name_the_key_line_and_range() {
    let cases: &[(&str, usize, &str)] = &[
        (
            "topology = mesh\nk = 4;",
            1,
            "topology = mesh is not ended by ';' (line 2 goes on with 'k')",
        ),
        (
            "packet_size = 0;",
            7,
            "packet_size = 0: give a whole number from 1 to 4096",
        ),
        (
            "packet_size = 20;",
            0,
            "injection_rate = 0.1 (BookSim2's default) with packet_size = 20 offers 2 flits",
        ),
        (
            "input_speedup = 17;",
            7,
            "input_speedup = 17: give a whole number from 1 to 16",
        ),
        (
            "internal_speedup = 17;",
            7,
            "internal_speedup = 17: give a number from 1 to 16",
        ),
        (
            "internal_speedup = 0.5;",
            7,
            "internal_speedup = 0.5: give a number from 1 to 16",
        ),
        (
            "vc_alloc_delay = 2; internal_speedup = 2.0;",
            7,
            "internal_speedup = 2.0: give 1.0 unless routing_delay is 0 or 1 and vc_alloc_delay \
             and sw_alloc_delay are 1",
        ),
        (
            "warmup_periods = 100000000000;",
            7,
            "warmup_periods = 100000000000: give a whole number from 0 to 1000",
        ),
        (
            "latency_thres = NaN;",
            7,
            "latency_thres = NaN: give a number (a negative one turns its test off, as in BookSim2)",
        ),
    ];
    for (extra, line, says) in cases {
        let text = if extra.starts_with("topology") {
            (*extra).to_string()
        } else {
            format!("{BASE}{extra}")
        };
        let (l, m) = refusal(&text);
        assert_eq!(l, *line, "{extra}: {m}");
        assert!(m.contains(says), "{extra}: {m}");
    }
    let net = |topo: &str, k: &str, n: &str| {
        format!(
            "topology = {topo};\nk = {k};\nn = {n};\nrouting_function = dim_order;\n\
             vc_allocator = separable_input_first; sw_allocator = separable_input_first;"
        )
    };
    for (text, line, says) in [
        (
            net("mesh", "4", "0"),
            3,
            "n = 0: give 1 to 64 for topology = mesh",
        ),
        (
            net("flatfly", "4", "0"),
            3,
            "n = 0: give 1 to 64 for topology = flatfly",
        ),
        (
            net("mesh", "4", "1000000000"),
            3,
            "n = 1000000000: give 1 to 64",
        ),
        (
            net("mesh", "2", "18"),
            2,
            "has 262144 routers; the simulator takes at most 65536",
        ),
        (net("dragonflynew", "32", "1"), 2, "has 131136 routers"),
        // k^(n-1) fits in 128 bits, n stages of it do not (a fuzzed input overflowed here).
        (net("fly", "8", "43"), 2, "has more than 2^128 routers"),
        (net("fattree", "8", "43"), 2, "has more than 2^128 routers"),
        (
            net("dragonflynew", "4611686018427387904", "1"),
            2,
            "k = 4611686018427387904: give 1 to 1048576",
        ),
    ] {
        let (l, m) = refusal(&text);
        assert_eq!(l, line, "{text}: {m}");
        assert!(m.contains(says), "{text}: {m}");
        assert!(!m.contains('-'), "no overflowed number: {m}");
    }
}

/// Issue 36: one grammar of offered loads, with one point limit in both forms (a comma list
/// had none), used by BookSim2's injection_rate lists too.
#[test]
fn rates_have_one_grammar_and_one_limit() {
    use icn_core::sim::packet::config::{parse_rates, MAX_RATE_POINTS};
    assert_eq!(parse_rates("0.1:0.3:0.1"), Ok(vec![0.1, 0.2, 0.3]));
    assert_eq!(parse_rates("0.5, 1"), Ok(vec![0.5, 1.0]));
    let many = vec!["0.1"; MAX_RATE_POINTS + 1].join(",");
    assert!(parse_rates(&many).is_err_and(|e| e.0.contains("1001 loads; at most 1000")));
    let exactly = vec!["0.1"; MAX_RATE_POINTS].join(",");
    assert_eq!(parse_rates(&exactly).map(|v| v.len()), Ok(MAX_RATE_POINTS));
    assert!(parse_rates("0.001:1:0.0001").is_err_and(|e| e.0.contains("more than 1000")));
    assert_eq!(parse_rates("0.001:1:0.001").map(|v| v.len()), Ok(1000));
    for bad in [
        "",
        "0",
        "1.5",
        "NaN",
        "0.1:0.2",
        "0.2:0.1:0.1",
        "0.1:0.2:0",
        "x,0.1",
    ] {
        assert!(parse_rates(bad).is_err(), "{bad}");
    }
    let text = format!("{BASE}injection_rate = {{{many}}};");
    let (line, m) = refusal(&text);
    assert_eq!(line, 7);
    assert!(
        m.contains("injection_rate: '0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,… ("),
        "{m}"
    );
}

/// A `topology = fly` configuration of radix `k` and `n` stages under `dest_tag`.
fn fly(k: u32, n: u32) -> String {
    format!(
        "topology = fly;\nk = {k};\nn = {n};\nrouting_function = dest_tag;\n\
         vc_allocator = separable_input_first; sw_allocator = separable_input_first;"
    )
}

/// Issue 37: `topology = fly` is BookSim2's k-ary n-fly port for port. Written from
/// BookSim2's own numbering (its `fly.cpp`): router (stage s, address a) is router
/// s·kⁿ⁻¹ + a; at stage 0 its input p is terminal a·k + p's injection, at the last stage its
/// output p terminal a·k + p's ejection; between stages, input p of (s, a) is output
/// a_j of (s − 1, a with digit j set to p), j = n − 1 − s counting from the least
/// significant of the address's n − 1 digits. Every channel is one cycle.
#[test]
fn fly_is_booksim2s_wiring_port_for_port() {
    use icn_core::sim::packet::channel::Sink;
    for (k, n) in [(10u32, 1u32), (2, 4), (4, 3), (3, 2)] {
        let x = experiment(&fly(k, n), None).expect("a fly");
        assert_eq!(x.network.spec(), format!("butterfly:k={k},n={n}"));
        assert_eq!(
            (x.setup.routing.as_str(), x.setup.scheme),
            ("desttag", Some(Scheme::One))
        );
        let sim = Simulator::new(&x.network, &x.setup).expect("a simulator");
        let f = sim.fabric();
        let (k, n) = (k as usize, n as usize);
        let per = k.pow(n as u32 - 1);
        assert_eq!((f.routers(), f.endpoints()), (n * per, k.pow(n as u32)));
        let port = |r: usize, p: usize| f.port_start[r] as usize + p;
        for s in 0..n {
            for a in 0..per {
                let r = s * per + a;
                assert_eq!(f.port_start[r + 1] - f.port_start[r], k as u32);
                for p in 0..k {
                    let here = port(r, p);
                    assert_eq!(f.latency[here], 1);
                    if s == 0 {
                        assert_eq!(f.source[here], Sink::Endpoint((a * k + p) as u32));
                        assert_eq!(f.endpoint_port[a * k + p] as usize, here);
                    } else {
                        let shift = k.pow((n - 1 - s) as u32);
                        let digit = (a / shift) % k;
                        let up = a - digit * shift + p * shift;
                        let want = port((s - 1) * per + up, digit);
                        assert_eq!(f.source[here], Sink::Router(want as u32), "k={k} n={n}");
                        assert_eq!(f.sink[want], Sink::Router(here as u32));
                    }
                    if s == n - 1 {
                        assert_eq!(f.sink[here], Sink::Endpoint((a * k + p) as u32));
                        assert_eq!(f.eject_port[a * k + p] as usize, here);
                        assert_eq!(f.eject_router[a * k + p] as usize, r);
                    }
                }
            }
        }
    }
}

/// Issue 37: what of a fly the simulator does not model is refused by name: another
/// routing function than dest_tag, and a fly too large for it.
#[test]
fn fly_refusals_name_the_key() {
    let (line, m) = refusal(&fly(4, 3).replace("dest_tag", "min"));
    assert_eq!(line, 4);
    assert!(
        m.contains("routing_function = min: not modelled for topology = fly (dest_tag)"),
        "{m}"
    );
    let (line, m) = refusal(&fly(4, 0));
    assert_eq!(line, 3);
    assert!(m.contains("n = 0: give 1 to 64 for topology = fly"), "{m}");
    let (line, m) = refusal(&fly(2, 16));
    assert_eq!(line, 2);
    assert!(m.contains("has 524288 routers"), "{m}");
    let (line, m) = refusal(&fly(4, 3).replace("fly", "qtree"));
    assert_eq!(line, 1);
    assert!(
        m.contains("(mesh, torus, cmesh, fattree, dragonflynew, flatfly, fly, anynet)"),
        "{m}"
    );
}

/// Issue 37: BookSim2's own src/examples/dragonflyconfig, its text unchanged, is the
/// 264-router Dragonfly with p = 4 under minimal routing, its routers of internal speedup
/// 2.0 with BookSim2's delays, its protocol and its own injection rate.
#[test]
fn booksim2s_dragonflyconfig_is_read_unchanged() {
    let text = include_str!("../../scripts/booksim/configs/dragonfly_example.cfg");
    let x = experiment(text, None).expect("BookSim2's dragonflyconfig");
    assert_eq!(x.network.spec(), network("dragonfly:a=8,p=4,h=4").spec());
    assert_eq!(x.setup.routing, "lgl");
    assert_eq!(x.setup.scheme, Some(Scheme::Phases));
    let r = &x.setup.router;
    assert_eq!(r.internal_speedup.0, 2.0);
    assert_eq!(
        (r.num_vcs, r.vc_buf_size, r.packet_size),
        (2, 256, 10),
        "num_vcs, vc_buf_size, packet_size"
    );
    assert_eq!(
        (
            r.routing_delay,
            r.vc_alloc_delay,
            r.sw_alloc_delay,
            r.st_final_delay,
            r.credit_delay
        ),
        (0, 1, 1, 1, 2)
    );
    assert_eq!((r.input_speedup, r.output_speedup), (1, 1));
    assert_eq!((r.channel_latency, r.global_latency), (10, Some(100)));
    let sif = AllocatorChoice {
        kind: AllocatorKind::SeparableInputFirst,
        iters: 1,
    };
    assert_eq!((r.vc_allocator, r.sw_allocator), (sif, sif));
    assert_eq!(x.setup.protocol.sample_period, 10_000);
    assert_eq!(x.rates, [0.8], "injection_rate in flits");
    let sim = Simulator::new(&x.network, &x.setup).expect("a simulator");
    assert_eq!(
        (sim.fabric().routers(), sim.fabric().endpoints()),
        (264, 1056)
    );
}

/// A name BookSim2's own lexer reads as one string (src/config.l's StrConst) is one word to
/// this reader too, with the same value; what BookSim2 would split or refuse (a space, `;`,
/// `=`, a quote, a first digit or `+`, a leading `//`) is not such a name.
#[test]
fn booksim_strings_read_back_as_one_word() {
    for name in [
        "network.anynet",
        "nets/t4.anynet",
        "../a+b/c-d_e.anynet",
        "_x",
        "/abs/p.anynet",
        "a(b),c{d}",
        "a//b",
    ] {
        assert!(booksim_string(name), "{name}");
        let read = statements(&format!("network_file = {name};")).unwrap();
        assert_eq!(read["network_file"].0, name);
    }
    for name in [
        "", "a b", "a;b", "a=b", "'a'", "\"a\"", "4net", "//net", "+a", "(a)", "a\tb",
    ] {
        assert!(!booksim_string(name), "{name:?}");
    }
}
