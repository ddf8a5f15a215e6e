//! BookSim2's batch mode (`sim_type = batch`) against BookSim2's committed runs
//! (core/tests/data/booksim/, written by scripts/booksim/run_reference.py): the average
//! batch duration, the average packet and network latency and the accepted rate within
//! 5 %; and how a file's batch keys are read, and refused.

use icn_core::sim::packet::booksim::{apply_extra, experiment, extra_text};
use icn_core::sim::packet::{Batch, PointResult, SimSetup, Simulator, Status};
use icn_core::{Network, Spec};

/// The tolerance of the batch duration and the averages.
const TOLERANCE: f64 = 0.05;

macro_rules! batch_reference {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../scripts/booksim/configs/", $name, ".cfg")),
            include_str!(concat!("data/booksim/", $name, ".csv")),
        )
    };
}

/// An 8×8 mesh in batch mode: BookSim2's defaults (one batch of 1,000 packets), five
/// batches of 200 under transpose, three of 250 four-flit packets with at most 4 in
/// flight per endpoint, and two of 500 read and write requests and replies.
const BATCH_REFERENCES: &[(&str, &str, &str)] = &[
    batch_reference!("mesh88_batch"),
    batch_reference!("mesh88_batch5"),
    batch_reference!("mesh88_batch_outstanding"),
    batch_reference!("mesh88_rw_batch"),
];

/// BookSim2's run: packet latency, network latency, accepted rate, hops, the minimum,
/// average and maximum batch duration, and the average cycles until every endpoint had made
/// a batch's packets.
fn booksim_row(csv: &str) -> [f64; 8] {
    let line = csv
        .lines()
        .find(|l| !l.starts_with('#') && !l.starts_with("offered"))
        .expect("a row");
    let f: Vec<f64> = line
        .split(',')
        .skip(2)
        .map(|x| x.parse().expect("a number"))
        .collect();
    [f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]]
}

fn run(name: &str) -> (PointResult, [f64; 8]) {
    let &(_, cfg, csv) = BATCH_REFERENCES
        .iter()
        .find(|r| r.0 == name)
        .expect("a reference");
    let x = experiment(cfg, None).expect("the configuration runs");
    assert!(x.setup.protocol.batch.is_some(), "{name} is in batch mode");
    let sim = Simulator::new(&x.network, &x.setup).expect("a simulator");
    let got = sim
        .point(x.rates[0], false, &mut |_, _| true)
        .expect("a run");
    assert_eq!(got.status, Status::Stable, "{name}: {:?}", got.note);
    (got, booksim_row(csv))
}

fn close(name: &str, what: &str, got: f64, want: f64) {
    let err = (got - want).abs() / want;
    assert!(
        err <= TOLERANCE,
        "{name}: {what} {got} against BookSim2's {want} ({:.1} %)",
        err * 100.0
    );
}

fn check(name: &str) -> PointResult {
    let (got, [plat, nlat, acc, _, _, avg, _, made]) = run(name);
    let b = got.batch.as_ref().expect("batch results");
    assert_eq!(b.durations.len(), b.count as usize, "{name}: every batch");
    let made_in = b.made_in.iter().sum::<u64>() as f64 / b.made_in.len() as f64;
    close(name, "cycles to make a batch", made_in, made);
    close(
        name,
        "average batch duration",
        b.average_duration.expect("a batch"),
        avg,
    );
    close(
        name,
        "packet latency",
        got.packet_latency.expect("measured"),
        plat,
    );
    close(
        name,
        "network latency",
        got.network_latency.expect("measured"),
        nlat,
    );
    close(name, "accepted rate", got.accepted, acc);
    got
}

#[test]
fn batch_mode_defaults_match_booksim() {
    let got = check("mesh88_batch");
    let b = got.batch.expect("batch results");
    // BookSim2: one batch of 1,000 packets per endpoint in 3,828 cycles.
    assert_eq!((b.size, b.count), (1000, 1));
    assert_eq!(got.packets, 64 * 1000, "every packet of the batch counts");
}

#[test]
fn deterministic_batches_match_booksim_exactly() {
    // Transpose, dimension order and separable allocation draw nothing at random: every
    // batch starts from an empty network and takes BookSim2's 2,154 cycles exactly.
    let got = check("mesh88_batch5");
    let b = got.batch.as_ref().expect("batch results");
    assert_eq!(b.durations, [2154; 5]);
    // BookSim2: "Batch injected. Time used is 1928 cycles." for each.
    assert_eq!(b.made_in, [1928; 5]);
    assert_eq!(got.cycles, 5 * 2154);
    let plat = got.packet_latency.expect("measured");
    assert!((plat - 601.844).abs() < 0.01, "packet latency {plat}");
}

#[test]
fn max_outstanding_requests_match_booksim() {
    let got = check("mesh88_batch_outstanding");
    // At most 4 packets of an endpoint in flight hold the latency near zero load's
    // (BookSim2: 48.7 cycles for 4-flit packets) where a batch without the limit queues.
    assert!(got.packet_latency.expect("measured") < 60.0);
}

fn small_batch(rate: f64) -> PointResult {
    let net = Network::from_spec(&"mesh:k=4x4".parse::<Spec>().expect("spec")).expect("net");
    let mut s = SimSetup::new("dor");
    s.router.num_vcs = 2;
    s.protocol.batch = Some(Batch {
        size: 50,
        count: 2,
        max_outstanding: 0,
    });
    let sim = Simulator::new(&net, &s).expect("a simulator");
    sim.point(rate, false, &mut |_, _| true).expect("a run")
}

#[test]
fn batch_mode_does_not_read_the_rate() {
    // BookSim2's batch mode makes a packet whenever a source holds none.
    let (a, b) = (small_batch(0.05), small_batch(0.9));
    assert_eq!(a.batch, b.batch);
    assert_eq!(a.packet_latency, b.packet_latency);
    assert_eq!(a.packets, 16 * 50 * 2);
}

const MESH: &str = "topology = mesh; k = 4; n = 2; routing_function = dor; num_vcs = 2;";

#[test]
fn batch_keys_are_read_in_batch_mode_only() {
    // Latency mode (BookSim2's default, as cmeshconfig runs) ignores the batch keys.
    let x = experiment(&format!("{MESH} batch_size = 2000;"), None).expect("runs");
    assert_eq!(x.setup.protocol.batch, None);
    let x = experiment(&format!("{MESH} sim_type = latency;"), None).expect("runs");
    assert_eq!(x.setup.protocol.batch, None);
    // BookSim2's defaults: one batch of 1,000, no limit on requests in flight.
    let x = experiment(&format!("{MESH} sim_type = batch;"), None).expect("runs");
    assert_eq!(x.setup.protocol.batch, Some(Batch::default()));
    let x = experiment(
        &format!("{MESH} sim_type = batch; batch_size = 20; batch_count = 3; max_outstanding_requests = -1;"),
        None,
    )
    .expect("runs");
    let want = Batch {
        size: 20,
        count: 3,
        max_outstanding: 0,
    };
    assert_eq!(x.setup.protocol.batch, Some(want));
    // The page's other keys carry batch mode and read it back.
    let text = extra_text(&x.network, &x.setup);
    assert!(
        text.contains("sim_type=batch;batch_size=20;batch_count=3"),
        "{text}"
    );
    let mut back = SimSetup::new("dor");
    apply_extra(&text, &x.network, &mut back).expect("reads back");
    assert_eq!(back.protocol.batch, Some(want));
}

#[test]
fn bad_batch_keys_are_named_with_their_line() {
    for (text, key) in [
        (
            "sim_type = trace;",
            "sim_type = trace: give latency, throughput or batch",
        ),
        (
            "sim_type = batch;\nbatch_size = 0;",
            "batch_size = 0: give a whole number from 1",
        ),
        (
            "sim_type = batch;\nbatch_count = x;",
            "batch_count = x: give a whole number",
        ),
    ] {
        let e = experiment(&format!("{MESH}\n{text}"), None).expect_err(text);
        assert!(e.message.starts_with(key), "{text}: {e}");
        assert_eq!(e.line, 1 + text.lines().count(), "{text}: {e}");
    }
}

#[test]
fn read_write_batches_match_booksim() {
    let got = check("mesh88_rw_batch");
    // Replies count among a source's batch (BookSim2's sequence numbers), and a source
    // answers the requests it receives after its own are out: at least 500 packets per
    // endpoint a batch.
    assert!(got.packets >= 64 * 1000, "{}", got.packets);
}

const TORUS: &str = "topology = torus; k = 4; n = 2; routing_function = dim_order; num_vcs = 4;";

#[test]
fn read_write_keys_are_read_and_refused_by_name() {
    // BookSim2's fallbacks for VC keys below 0: requests the lower half, replies the upper.
    let text = format!(
        "{MESH} num_vcs = 4; use_read_write = 1; read_request_begin_vc = -1; read_request_end_vc = -1; \
         write_request_begin_vc = -1; write_request_end_vc = -1; read_reply_begin_vc = -1; \
         read_reply_end_vc = -1; write_reply_begin_vc = -1; write_reply_end_vc = -1; \
         write_request_size = 3; write_fraction = 0.25;"
    );
    let x = experiment(&text, None).expect("runs");
    let rw = x
        .setup
        .protocol
        .read_write
        .expect("read and write requests");
    assert_eq!(rw.vcs, [(0, 1), (0, 1), (2, 3), (2, 3)]);
    assert_eq!((rw.sizes, rw.write_fraction), ([1, 3, 1, 1], 0.25));
    assert_eq!(x.setup.router.packet_size, 3, "(1 + 3 + 1 + 1) / 2");
    let back = extra_text(&x.network, &x.setup);
    let mut setup = SimSetup::new("dor");
    setup.router.num_vcs = 4;
    apply_extra(&back, &x.network, &mut setup).expect("reads back");
    assert_eq!(setup.protocol.read_write, Some(rw));
    // Off (BookSim2's default), the request keys are not read.
    let x = experiment(&format!("{MESH} read_request_size = 9;"), None).expect("runs");
    assert_eq!(x.setup.protocol.read_write, None);
    for (text, want) in [
        // BookSim2's default ranges are for 16 VCs.
        (format!("{MESH}\nuse_read_write = 1;"), "read_request_end_vc: read_request_begin_vc to read_request_end_vc = 0 to 5: give a range of VCs within num_vcs = 2"),
        (format!("{}\nuse_read_write = 1;", TORUS.replace("torus", "fattree").replace("dim_order", "nca")), "use_read_write = 1: give 0 here: read and write requests are modelled on a mesh and a torus"),
        // An odd kind range on the torus: BookSim2's two ring classes would share its middle VC.
        (format!("{}\nuse_read_write = 1;\nread_request_begin_vc = 0; read_request_end_vc = 2;", TORUS.replace("num_vcs = 4", "num_vcs = 16")), "read_request_end_vc = 2: give a range of an even number of VCs under dim_order on the torus"),
        (format!("{}\n", TORUS.replace("; ", ";\n").replace("num_vcs = 4", "num_vcs = 3")), "num_vcs = 3: give an even number under dim_order on the torus"),
        (format!("{} num_vcs = 16;\nuse_read_write = 1;", MESH.replace("dor", "valiant")), "use_read_write = 1: give 0 here: read and write requests are modelled under dim_order only"),
        (format!("{MESH} num_vcs = 16;\nuse_read_write = 1;\nwrite_fraction = 1.5;"), "write_fraction = 1.5: give a number from 0 to 1"),
        (format!("{MESH}\nuse_read_write = 2;"), "use_read_write = 2: give a whole number from 0 to 1"),
    ] {
        let e = experiment(&text, None).expect_err(&text);
        assert!(e.message.starts_with(want), "{text}: {e}");
        assert!(e.line > 1, "{text}: {e}");
    }
}
