//! The packet simulator against BookSim2's committed curves (core/tests/data/booksim/,
//! written by scripts/booksim/run_reference.py from the configurations beside it): zero-load
//! latency within 2 %, average packet latency within 5 % up to 80 % of BookSim2's
//! saturation throughput, saturation throughput within 0.02 flits per node per cycle.
//!
//! The fast tests run a few points per configuration (zero load, the last load up to 80 %
//! of saturation, and the loads round saturation); the full sweep is `#[ignore]`d (`make
//! sim-validate` runs it in release).

use icn_core::analysis::deadlock::Scheme;
use icn_core::sim::packet::adapt::Adapt;
use icn_core::sim::packet::booksim::{experiment, Experiment};
use icn_core::sim::packet::{booksim_latencies, SimSetup, Simulator, Status};
use icn_core::{Network, Spec};

/// The zero-load latency tolerance.
const ZERO_LOAD: f64 = 0.02;
/// The references whose first point is held to [`LATENCY`] instead of [`ZERO_LOAD`]: its
/// latency varies with the seed beyond 2 % in BookSim2 itself. mesh88_lat_example (20-flit
/// packets at 0.001 packets a cycle): BookSim2 gives 46.75 cycles with its seed 0 and
/// 49.89, 44.12, 43.83 and 48.56 with seeds 1 to 4 (−6.2 % to +6.7 %). torus88_rw (5-flit
/// replies at 0.05 flits a cycle): BookSim2 gives 33.94 with seed 0 and 33.57 to 33.91 with
/// seeds 1 to 4, icnplay 33.21 with seed 0 and 33.67 to 34.36 with seeds 1 to 4 (means
/// 33.73 and 33.85).
const NOISY_FIRST_POINT: &[&str] = &["mesh88_lat_example", "torus88_rw"];
/// The latency tolerance up to [`UP_TO`] of saturation.
const LATENCY: f64 = 0.05;
/// The share of BookSim2's saturation throughput up to which latency is held.
const UP_TO: f64 = 0.8;
/// The saturation throughput tolerance, flits per node per cycle.
const SATURATION: f64 = 0.02;

/// One BookSim2 point: offered, stable, packet latency, accepted.
struct Row {
    offered: f64,
    stable: bool,
    latency: f64,
    accepted: f64,
}

/// A reference: the CSV and the icnplay spec, routing and router settings it matches.
struct Reference {
    name: &'static str,
    csv: &'static str,
    spec: &'static str,
    routing: &'static str,
    /// The VC scheme matching BookSim2's routing function (anynet's `min` lets every hop
    /// take every VC: `one`); `None`: the simulator's choice.
    scheme: Option<Scheme>,
    vcs: u32,
    buf: u32,
}

const REFERENCES: &[Reference] = &[
    Reference {
        name: "mesh88",
        csv: include_str!("data/booksim/mesh88.csv"),
        spec: "mesh:k=8x8",
        routing: "dor",
        scheme: None,
        vcs: 2,
        buf: 8,
    },
    Reference {
        name: "torus88",
        csv: include_str!("data/booksim/torus88.csv"),
        spec: "torus:k=8x8",
        routing: "dor",
        scheme: None,
        vcs: 2,
        buf: 8,
    },
    Reference {
        name: "fattree43",
        csv: include_str!("data/booksim/fattree43.csv"),
        spec: "fattree:k=4,n=3",
        routing: "updown",
        scheme: None,
        vcs: 2,
        buf: 8,
    },
    Reference {
        name: "dragonfly2",
        csv: include_str!("data/booksim/dragonfly2.csv"),
        spec: "dragonfly:a=4,p=2,h=2",
        routing: "lgl",
        scheme: None,
        vcs: 2,
        buf: 256,
    },
    Reference {
        name: "hypercube6",
        csv: include_str!("data/booksim/hypercube6.csv"),
        spec: "hypercube:n=6",
        routing: "table",
        scheme: Some(Scheme::One),
        vcs: 2,
        buf: 8,
    },
    Reference {
        name: "slimfly5",
        csv: include_str!("data/booksim/slimfly5.csv"),
        spec: "slimfly:q=5,p=2",
        routing: "table",
        scheme: Some(Scheme::One),
        vcs: 2,
        buf: 8,
    },
];

fn rows(csv: &str) -> Vec<Row> {
    csv.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("offered"))
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let num = |i: usize| f[i].parse::<f64>().expect("a number");
            Row {
                offered: num(0),
                stable: f[1] == "stable",
                latency: num(2),
                accepted: num(4),
            }
        })
        .collect()
}

fn network(spec: &str) -> Network {
    Network::from_spec(&spec.parse::<Spec>().expect("a spec")).expect("a network")
}

fn setup(r: &Reference, net: &Network) -> SimSetup {
    let mut s = SimSetup::new(r.routing);
    s.scheme = r.scheme;
    s.router.num_vcs = r.vcs;
    s.router.vc_buf_size = r.buf;
    let (local, global) = booksim_latencies(net);
    s.router.channel_latency = local;
    s.router.global_latency = global;
    s
}

/// Saturation throughput as BookSim2 reads its sweep: the largest accepted rate of a
/// stable point.
fn saturation(rows: &[Row]) -> f64 {
    rows.iter()
        .filter(|r| r.stable)
        .map(|r| r.accepted)
        .fold(0.0, f64::max)
}

/// Checks `reference`'s latency at the rows `pick` chooses (given the rows and BookSim2's
/// saturation throughput) where BookSim2 is stable up to 80 % of saturation; then its
/// saturation throughput, read as BookSim2's is (the largest accepted rate of a stable
/// point) from icnplay's points at the loads round BookSim2's saturation.
fn check(r: &Reference, pick: &dyn Fn(&[Row], f64) -> Vec<usize>) {
    let net = network(r.spec);
    let sim = Simulator::new(&net, &setup(r, &net)).expect("a simulator");
    check_sim(r.name, r.csv, &sim, pick);
}

/// [`check`] of `sim` against the BookSim2 curve `csv` of configuration `name`.
fn check_sim(name: &str, csv: &str, sim: &Simulator, pick: &dyn Fn(&[Row], f64) -> Vec<usize>) {
    let all = rows(csv);
    let sat = saturation(&all);
    let run = |offered: f64| {
        sim.point(offered, false, &mut |_, _| true)
            .expect("a point")
    };
    for i in pick(&all, sat) {
        let row = &all[i];
        if !row.stable || (i > 0 && row.offered > UP_TO * sat) {
            continue;
        }
        let got = run(row.offered);
        assert_eq!(got.status, Status::Stable, "{} at {}", name, row.offered);
        let tol = if i == 0 && !NOISY_FIRST_POINT.contains(&name) {
            ZERO_LOAD
        } else {
            LATENCY
        };
        let err = (got.packet_latency.expect("measured") - row.latency).abs() / row.latency;
        assert!(
            err <= tol,
            "{} at {}: latency {} against BookSim2's {} ({:.1} %)",
            name,
            row.offered,
            got.packet_latency.expect("measured"),
            row.latency,
            err * 100.0
        );
    }
    // icnplay's saturation: the largest accepted rate of its stable points among the
    // loads from sat − 0.02 to the first past sat + 0.02, going down from BookSim2's
    // saturation point until one is stable, and the first load past sat + 0.02 (stable
    // there, it would accept more than sat + 0.02).
    let at_sat = all
        .iter()
        .rposition(|x| x.stable && (x.accepted - sat).abs() < 1e-12)
        .expect("a saturation point");
    let mut ours = 0.0f64;
    for i in (0..=at_sat).rev() {
        if all[i].offered < sat - SATURATION - 1e-9 {
            break;
        }
        let got = run(all[i].offered);
        if got.status == Status::Stable {
            ours = got.accepted;
            break;
        }
    }
    if let Some(past) = all.iter().find(|x| x.offered > sat + SATURATION + 1e-9) {
        let got = run(past.offered);
        if got.status == Status::Stable {
            ours = ours.max(got.accepted);
        }
    }
    assert!(
        (ours - sat).abs() <= SATURATION,
        "{}: saturation throughput {ours} against BookSim2's {sat}",
        name
    );
}

/// Zero load and the largest load up to 80 % of saturation.
fn few(rows: &[Row], sat: f64) -> Vec<usize> {
    let mut out = vec![0];
    if let Some(i) = rows
        .iter()
        .rposition(|r| r.stable && r.offered <= UP_TO * sat)
    {
        out.push(i);
    }
    out
}

fn reference(name: &str) -> &'static Reference {
    REFERENCES
        .iter()
        .find(|r| r.name == name)
        .expect("a reference")
}

#[test]
fn mesh_matches_booksim() {
    check(reference("mesh88"), &few);
}

#[test]
fn torus_matches_booksim() {
    check(reference("torus88"), &few);
}

#[test]
fn fat_tree_matches_booksim() {
    check(reference("fattree43"), &few);
}

#[test]
fn dragonfly_matches_booksim() {
    check(reference("dragonfly2"), &few);
}

#[test]
fn dragonfly_ugal_matches_booksim() {
    check_config("dragonfly2ugal", &few);
}

#[test]
fn hypercube_anynet_matches_booksim() {
    check(reference("hypercube6"), &few);
}

#[test]
fn slim_fly_anynet_matches_booksim() {
    check(reference("slimfly5"), &few);
}

/// A configuration file of scripts/booksim/configs/ and BookSim2's curve for it: (name,
/// file, CSV).
macro_rules! config_reference {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../scripts/booksim/configs/", $name, ".cfg")),
            include_str!(concat!("data/booksim/", $name, ".csv")),
        )
    };
}

/// BookSim2's own files run as `icn sim --config` runs them (scripts/booksim/configs/), each
/// beside BookSim2's curve for it: BookSim2's torus88, fattree_config and mesh88_lat
/// examples unchanged (torus88's allocators BookSim2's default, islip), an 8×8 mesh with
/// each allocator, and one each with `hold_switch_for_packet`, input and output speedup,
/// `wait_for_tail_credit` and internal speedup 2 and 1.5; BookSim2's dragonflyconfig
/// unchanged (internal speedup 2); BookSim2's singleconfig (a 10×10 crossbar, `fly` with n = 1)
/// unchanged, and k-ary n-flies of 2 to 4 stages under uniform traffic and bit reversal;
/// and BookSim2's random traffic patterns (diagonal, asymmetric, taper64, hotspot with
/// rates, background, bad_dragon, and badperm_yarc on BookSim2's flatflyconfig, whose rows
/// of k·xr terminals it names) each on one network; BookSim2's random permutation
/// (`randperm`, perm_seed 7) on an 8×8 mesh and on BookSim2's flatflyconfig; and an 8×8 mesh
/// with read and write requests and their replies (`use_read_write`) on BookSim2's default
/// VC ranges; BookSim2's mesh routing functions on an 8×8 mesh, its flattened
/// butterfly's (`xyyx`, `adaptive_xyyx`, `valiant`, `ugal`) on its flatflyconfig and its
/// cmesh's `xy_yx_no_express` and `xy_yx` on its cmeshconfig.
const CONFIG_REFERENCES: &[(&str, &str, &str)] = &[
    config_reference!("torus88_example"),
    config_reference!("dragonfly2ugal"),
    config_reference!("torus44_islip"),
    config_reference!("mesh88_islip"),
    config_reference!("mesh88_islip3"),
    config_reference!("mesh88_pim"),
    config_reference!("mesh88_select"),
    config_reference!("mesh88_select2"),
    config_reference!("mesh88_separable_output_first"),
    config_reference!("mesh88_wavefront"),
    config_reference!("mesh88_max_size"),
    config_reference!("mesh88_loa"),
    config_reference!("fattree_example"),
    config_reference!("mesh88_hold"),
    config_reference!("mesh88_lat_example"),
    config_reference!("mesh88_speedup"),
    config_reference!("mesh88_tail"),
    config_reference!("fly_example"),
    config_reference!("fly24"),
    config_reference!("fly43"),
    config_reference!("fly43_bitrev"),
    config_reference!("mesh88_diagonal"),
    config_reference!("mesh88_asymmetric"),
    config_reference!("mesh88_taper64"),
    config_reference!("mesh88_hotspot"),
    config_reference!("mesh88_background"),
    config_reference!("mesh88_randperm"),
    config_reference!("dragonfly2_bad"),
    config_reference!("cmesh_example"),
    config_reference!("cmesh_express"),
    config_reference!("cmesh8_express"),
    config_reference!("flatfly_example"),
    config_reference!("flatfly_transpose"),
    config_reference!("flatfly_badperm_yarc"),
    config_reference!("flatfly_randperm"),
    config_reference!("mesh88_ispeed2"),
    config_reference!("mesh88_ispeed15"),
    config_reference!("dragonfly_example"),
    config_reference!("mesh88_rw"),
    config_reference!("mesh88_valiant"),
    config_reference!("mesh88_romm"),
    config_reference!("mesh88_xyyx"),
    config_reference!("mesh88_adaptive_xyyx"),
    config_reference!("flatfly_xyyx"),
    config_reference!("flatfly_adaptive_xyyx"),
    config_reference!("flatfly_valiant"),
    config_reference!("flatfly_ugal"),
    config_reference!("cmesh_xyyx"),
    config_reference!("cmesh_xyyx_express"),
    config_reference!("fattree_anca"),
    config_reference!("mesh88_min_adapt"),
    config_reference!("mesh88_planar_adapt"),
    config_reference!("torus88_min_adapt"),
    config_reference!("mesh88_throughput"),
    config_reference!("torus88_rw"),
];

/// [`check`] of the configuration file `name` of [`CONFIG_REFERENCES`], read as
/// `icn sim --config` reads it.
fn check_config(name: &str, pick: &dyn Fn(&[Row], f64) -> Vec<usize>) {
    let &(_, cfg, csv) = CONFIG_REFERENCES
        .iter()
        .find(|r| r.0 == name)
        .expect("a reference");
    let x = experiment(cfg, None).expect("the configuration runs");
    let sim = Simulator::new(&x.network, &x.setup).expect("a simulator");
    check_sim(name, csv, &sim, pick);
}

#[test]
fn torus88_example_matches_booksim() {
    check_config("torus88_example", &few);
}

#[test]
fn torus44_islip_matches_booksim() {
    check_config("torus44_islip", &few);
}

#[test]
fn islip_matches_booksim() {
    check_config("mesh88_islip", &few);
    check_config("mesh88_islip3", &few);
}

#[test]
fn pim_matches_booksim() {
    check_config("mesh88_pim", &few);
}

#[test]
fn select_matches_booksim() {
    check_config("mesh88_select", &few);
    check_config("mesh88_select2", &few);
}

#[test]
fn separable_output_first_matches_booksim() {
    check_config("mesh88_separable_output_first", &few);
}

#[test]
fn wavefront_matches_booksim() {
    check_config("mesh88_wavefront", &few);
}

#[test]
fn max_size_matches_booksim() {
    check_config("mesh88_max_size", &few);
}

#[test]
fn loa_matches_booksim() {
    check_config("mesh88_loa", &few);
}

#[test]
fn fattree_example_matches_booksim() {
    check_config("fattree_example", &few);
}

#[test]
fn hold_switch_for_packet_matches_booksim() {
    check_config("mesh88_hold", &few);
}

#[test]
fn mesh88_lat_example_matches_booksim() {
    check_config("mesh88_lat_example", &few);
}

#[test]
fn speedup_matches_booksim() {
    check_config("mesh88_speedup", &few);
}

#[test]
fn internal_speedup_matches_booksim() {
    check_config("mesh88_ispeed2", &few);
    check_config("mesh88_ispeed15", &few);
}

/// BookSim2's own src/examples/dragonflyconfig, unchanged (internal speedup 2 on a
/// 264-router Dragonfly, 10,000-cycle samples): its lightest load, where a point takes
/// seconds; the sweep is `make sim-validate`'s.
#[test]
fn dragonflyconfig_example_matches_booksim() {
    let x = one_point("dragonfly_example", 0, ZERO_LOAD);
    assert_eq!(x.rates, [0.8], "the file's own injection rate");
}

/// Runs row `i` of configuration `name`'s BookSim2 curve, as the file reads, and holds its
/// latency within `tol` of BookSim2's: the experiment.
fn one_point(name: &str, i: usize, tol: f64) -> Experiment {
    let &(name, cfg, csv) = CONFIG_REFERENCES
        .iter()
        .find(|r| r.0 == name)
        .expect("a reference");
    let x = experiment(cfg, None).expect("the configuration runs");
    let row = &rows(csv)[i];
    let got = Simulator::new(&x.network, &x.setup)
        .expect("a simulator")
        .point(row.offered, false, &mut |_, _| true)
        .expect("a point");
    assert_eq!(got.status, Status::Stable, "{name} at {}", row.offered);
    let latency = got.packet_latency.expect("measured");
    let err = (latency - row.latency).abs() / row.latency;
    assert!(
        err <= tol,
        "{name} at {}: latency {latency} against BookSim2's {} ({:.1} %)",
        row.offered,
        row.latency,
        err * 100.0
    );
    x
}

#[test]
fn wait_for_tail_credit_matches_booksim() {
    check_config("mesh88_tail", &few);
}

#[test]
fn singleconfig_example_matches_booksim() {
    check_config("fly_example", &few);
}

#[test]
fn fly_matches_booksim() {
    check_config("fly24", &few);
    check_config("fly43", &few);
    check_config("fly43_bitrev", &few);
}

#[test]
#[ignore = "the full sweep of every configuration: make sim-validate"]
fn every_point_matches_booksim() {
    let all = |rows: &[Row], _| (0..rows.len()).collect();
    for r in REFERENCES {
        check(r, &all);
    }
    for &(name, _, _) in CONFIG_REFERENCES {
        check_config(name, &all);
    }
}

/// BookSim2's random traffic patterns, each in a file of its own, run as BookSim2 reads it.
#[test]
fn booksims_random_patterns_match_booksim() {
    for name in [
        "mesh88_diagonal",
        "mesh88_asymmetric",
        "mesh88_taper64",
        "mesh88_hotspot",
        "mesh88_background",
    ] {
        check_config(name, &few);
    }
}

/// `traffic = randperm` with `perm_seed = 7`: BookSim2's own permutation for that seed
/// (core/tests/booksim_randperm.rs holds the permutation itself). On BookSim2's
/// flatflyconfig, whose terminals icnplay numbers and routes as BookSim2 does, the same
/// pairs load the same channels: the curves agree to saturation (0.381 on both), past the
/// loads where three or four pairs share a channel. On the 8×8 mesh the file runs on
/// `mesh:k=8x8,lowfirst`, whose `dor` takes a node number's low digit (x) first as
/// BookSim2's `dim_order` does, so the same pairs take the same routes
/// (docs/simulation.md).
#[test]
fn randperm_matches_booksim() {
    check_config("flatfly_randperm", &few);
    check_config("mesh88_randperm", &few);
}

/// `traffic = bad_dragon` on BookSim2's dragonflynew: k and n from the file, groups of
/// 2k·k endpoints, each to the next.
#[test]
fn bad_dragon_matches_booksim() {
    check_config("dragonfly2_bad", &few);
}

/// BookSim2's cmeshconfig unchanged (bit complement under dor_no_express on its 4 × 4
/// concentrated mesh), and with `dor`'s express channels under uniform traffic at k = 4
/// and k = 8 (4- and 8-cycle express channels).
#[test]
fn cmesh_matches_booksim() {
    check_config("cmesh_example", &few);
    check_config("cmesh_express", &few);
    check_config("cmesh8_express", &few);
}

/// BookSim2's flatflyconfig unchanged (its on-chip flattened butterfly under ran_min,
/// uniform traffic), and with transpose traffic (where x first and the terminals'
/// numbering matter).
#[test]
fn flatfly_matches_booksim() {
    check_config("flatfly_example", &few);
    check_config("flatfly_transpose", &few);
}

/// BookSim2's flatflyconfig with `traffic = badperm_yarc`: k = 4 and xr = 2 from the file,
/// rows of 8 terminals across the chip, each row's terminals sending to the chip column of
/// the row's number (the terminals numbered as BookSim2's flatfly numbers them).
#[test]
fn badperm_yarc_matches_booksim() {
    check_config("flatfly_badperm_yarc", &few);
}

/// `use_read_write = 1`: requests and replies of two sizes on their own VC ranges (BookSim2's
/// defaults over 16 VCs), 30 % writes; zero load and the loads up to 80 % of the largest
/// accepted rate, and the file's own rate, 0.3, within 5 %.
#[test]
fn read_write_requests_match_booksim() {
    check_config("mesh88_rw", &few);
    // Row 2: 0.3, the file's own rate.
    let x = one_point("mesh88_rw", 2, LATENCY);
    assert_eq!(x.rates, [0.3], "the file's own injection rate");
    // BookSim2's packet size under requests: (1 + 5 + 5 + 1) / 2 flits.
    assert_eq!(x.setup.router.packet_size, 6);
}

/// The same on an 8×8 torus under `dim_order_torus`: each kind's range split into the two
/// ring classes, its lower half for class 0 and its upper for class 1.
#[test]
fn read_write_requests_on_the_torus_match_booksim() {
    check_config("torus88_rw", &few);
}

/// [`check_config`] of `name` (a few points against BookSim2's), and the experiment its
/// file reads as.
fn checked_config(name: &str) -> Experiment {
    check_config(name, &few);
    let cfg = CONFIG_REFERENCES
        .iter()
        .find(|r| r.0 == name)
        .expect("a reference")
        .1;
    experiment(cfg, None).expect("the configuration runs")
}

/// [`check_config`] of a mesh, cmesh or flatfly configuration whose routing function splits the
/// VCs in BookSim2's halves, and what its simulator says: two classes under `phases`, and the
/// deadlock analysis' word, `deadlock_free`.
fn check_halves(name: &str, deadlock_free: bool) {
    let x = checked_config(name);
    let sim = Simulator::new(&x.network, &x.setup).expect("a simulator");
    assert_eq!((sim.scheme(), sim.classes()), (Scheme::Phases, 2));
    assert_eq!(sim.deadlock_free(), Some(deadlock_free), "{name}");
}

/// BookSim2's `valiant_mesh` on an 8×8 mesh (via any router, the pair's own included, the
/// VCs in halves by leg, every VC at the destination's router): not deadlock-free (the hop
/// out of the destination's router in the first leg takes either half).
#[test]
fn valiant_mesh_matches_booksim() {
    check_halves("mesh88_valiant", false);
}

/// BookSim2's `romm_mesh` on an 8×8 mesh under transpose traffic (via a router of the box
/// the source and destination span, theirs included, the VCs in halves by leg):
/// deadlock-free (a first leg stays in the box, so it never passes through the
/// destination's router).
#[test]
fn romm_mesh_matches_booksim() {
    check_halves("mesh88_romm", true);
}

/// BookSim2's `xy_yx_mesh` on an 8×8 mesh under transpose traffic (XY or YX drawn at the
/// source, the order's VC half on every hop): deadlock-free (each half carries one
/// dimension order).
#[test]
fn xy_yx_mesh_matches_booksim() {
    check_halves("mesh88_xyyx", true);
}

/// BookSim2's `adaptive_xy_yx_mesh` on an 8×8 mesh under transpose traffic (XY or YX
/// chosen at the source router by the two first outputs' credits in use, the order's VC
/// half on every hop): deadlock-free as `xy_yx`, and saturating 0.1 higher.
#[test]
fn adaptive_xy_yx_mesh_matches_booksim() {
    check_halves("mesh88_adaptive_xyyx", true);
}

/// BookSim2's `xyyx_flatfly` and `adaptive_xyyx_flatfly` on its flatflyconfig under
/// transpose traffic (XY or YX, drawn or chosen by credits at the source router, the
/// order's VC half on every hop): deadlock-free (each half carries one dimension order).
#[test]
fn xyyx_flatfly_matches_booksim() {
    check_halves("flatfly_xyyx", true);
    check_halves("flatfly_adaptive_xyyx", true);
}

/// BookSim2's `valiant_flatfly` on its flatflyconfig under transpose traffic (via any
/// router, the VCs in halves by leg, a packet ejecting at its destination's router in
/// either leg): deadlock-free, unlike `valiant_mesh` (no hop leaves the destination's
/// router).
#[test]
fn valiant_flatfly_matches_booksim() {
    check_halves("flatfly_valiant", true);
}

/// BookSim2's `ugal_flatfly` on its flatflyconfig under badperm_yarc (minimal, or via a
/// router of the dimensions the pair differs in, chosen at the source by hop-weighted
/// credits in use, in halves by leg): deadlock-free.
#[test]
fn ugal_flatfly_matches_booksim() {
    check_halves("flatfly_ugal", true);
}

/// BookSim2's `xy_yx_no_express` and `xy_yx` on its cmeshconfig under transpose traffic
/// (XY or YX drawn at the source, along the mesh only or with the edges' express
/// channels as `dor` takes them, the order's VC half on every hop): deadlock-free.
#[test]
fn xy_yx_cmesh_matches_booksim() {
    check_halves("cmesh_xyyx", true);
    check_halves("cmesh_xyyx_express", true);
}

/// BookSim2's `fattree_anca` on its fattree_config (routing_delay = 1): going up, of two up
/// ports drawn at random the one whose output holds fewer flits; up*/down* paths, so
/// deadlock-free on one class as `nca`.
#[test]
fn fattree_anca_matches_booksim() {
    check_adaptive("fattree_anca", "updown", Adapt::LeastOfTwo);
}

/// BookSim2's `min_adapt_mesh` on an 8×8 mesh under transpose traffic: dimension order (its
/// output set keeps the dimension-order output alone), VCs 1 … 3 at high priority and the
/// escape VC 0 at low priority in the VC allocator's input arbiters, VC 0 alone once a
/// packet is on it; deadlock-free on one class, as dimension order over every VC.
#[test]
fn min_adapt_mesh_matches_booksim() {
    check_adaptive("mesh88_min_adapt", "dor", Adapt::MinAdapt);
}

/// BookSim2's `planar_adapt_mesh` on an 8×8 mesh under shuffle traffic: without faults its
/// output set keeps the first plane's output, dimension order from x, on VCs 4 and 5 of 6
/// (the top third); deadlock-free on one class.
#[test]
fn planar_adapt_mesh_matches_booksim() {
    check_adaptive("mesh88_planar_adapt", "dor", Adapt::Planar);
}

/// BookSim2's `min_adapt_torus` on an 8×8 torus under uniform traffic, 4 VCs: VC 3 on the
/// first unmatched dimension's minimal way at high priority, the escape hop (dimension
/// order on VC 0 or 1 by its ring class, chosen afresh at each router a packet leaves
/// adaptively) at low; its escape routes are dimension order in BookSim2's two ring
/// classes, deadlock-free.
#[test]
fn min_adapt_torus_matches_booksim() {
    let x = checked_config("torus88_min_adapt");
    assert_eq!(
        (x.setup.routing.as_str(), x.setup.adapt),
        ("dor", Adapt::MinAdaptTorus)
    );
    let sim = Simulator::new(&x.network, &x.setup).expect("a simulator");
    assert_eq!((sim.scheme(), sim.classes()), (Scheme::Dateline, 2));
    assert_eq!(sim.deadlock_free(), Some(true));
}

/// BookSim2's throughput mode (`sim_type = throughput`) on its 8×8 mesh: latency as the
/// other references below 80 % of saturation; past it every point is stable in both (no
/// latency threshold; the measured packets drain once the sources stop), and the accepted
/// rate, the network's throughput at that load, is BookSim2's within the saturation
/// tolerance at every load.
#[test]
fn throughput_mode_matches_booksim() {
    let x = checked_config("mesh88_throughput");
    assert!(x.setup.protocol.throughput);
    let sim = Simulator::new(&x.network, &x.setup).expect("a simulator");
    let all = rows(
        CONFIG_REFERENCES
            .iter()
            .find(|r| r.0 == "mesh88_throughput")
            .expect("a reference")
            .2,
    );
    let sat = saturation(&all);
    let past: Vec<&Row> = all.iter().filter(|r| r.offered > sat + 0.05).collect();
    assert!(
        past.len() >= 3 && past.iter().all(|r| r.stable),
        "BookSim2 past saturation"
    );
    for row in past {
        let got = sim
            .point(row.offered, false, &mut |_, _| true)
            .expect("a point");
        assert_eq!(got.status, Status::Stable, "at {}", row.offered);
        assert!(
            (got.accepted - row.accepted).abs() <= SATURATION,
            "at {}: accepted {} against BookSim2's {}",
            row.offered,
            got.accepted,
            row.accepted
        );
    }
}

/// [`check_config`] of a configuration whose routing function adapts (`adapt`) on
/// `routing`, and what its simulator says: one class, deadlock-free.
fn check_adaptive(name: &str, routing: &str, adapt: Adapt) {
    let x = checked_config(name);
    assert_eq!((x.setup.routing.as_str(), x.setup.adapt), (routing, adapt));
    let sim = Simulator::new(&x.network, &x.setup).expect("a simulator");
    assert_eq!((sim.scheme(), sim.classes()), (Scheme::One, 1));
    assert_eq!(sim.deadlock_free(), Some(true), "{name}");
}
