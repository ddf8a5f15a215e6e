//! Circuit set-up on a Hypercycle: backtrack-to-the-origin-and-retry against e-cube, the
//! experiment of Figure 2 of "Hypercycles: a status report", as a seeded, deterministic
//! discrete-event simulation.
//!
//! # The model (docs/charts.md states the same list)
//!
//! - **Traffic.** Circuit requests arrive as one Poisson process per node (merged: one
//!   network-wide Poisson process of rate N·λ whose source is uniform over the nodes);
//!   the destination is uniform over the other N − 1 nodes.
//! - **Resources.** Every undirected link is two directed channels, one per direction;
//!   a circuit holds the channels of its path. Nodes have no other limit: a node may
//!   source, sink and switch any number of circuits at once.
//! - **Set-up.** A probe leaves the source and advances one channel per `hop_ticks`
//!   (default 1). A channel is taken when the probe leaves its tail. At the destination
//!   the circuit is established; the set-up delay is that time minus the arrival time.
//!   The circuit then transmits for `transmission_ticks` (100, as in the paper) and
//!   releases all its channels at once.
//! - **Backtrack-to-the-origin-and-retry** (the paper's §5): at each node the probe
//!   lists the next hops of the routing (default eq. 3.1.1, as the paper says),
//!   drops those whose channel is busy and takes one of the rest uniformly at random.
//!   With none free, the partial path is released at once (a simplification: the paper's
//!   "break" frees each link as it passes back), the break travels back to the origin
//!   (`hops_taken · hop_ticks`), and a new attempt starts after a further random
//!   back-off, uniform in 1 ..= `retry_ticks` (default 10). Paths are always minimal.
//! - **E-cube** (hold and wait): the single dimension-order path; a blocked probe keeps
//!   the channels it holds and queues (first come, first served) for the busy channel,
//!   taking it the moment it is released. Dimension order makes this deadlock-free when
//!   every dimension is one hop across (binary cubes, as the paper notes, and complete
//!   rings); other Hypercycles are refused for it.
//! - **E-cube with backtrack**: the same single path, but a blocked probe backtracks and
//!   retries as above (works on every Hypercycle).
//! - **Ties.** Events at the same time are handled in the order they were scheduled (the
//!   paper resolves collisions by link priorities; any fixed rule serves).
//! - **Offered load**, normalised to capacity: ρ = N·λ·T·d̄ / C, with T the transmission
//!   time, d̄ the mean distance and C the directed channels — the fraction of all channel
//!   time that the requests would occupy if none ever waited. So λ = ρ·C/(N·T·d̄).
//!   Carried load is the same ratio for the circuits actually established in the window.
//! - **Measurement.** Requests arriving during the first `warmup_ticks` are simulated but
//!   not measured; requests arriving in the next `ticks` are measured; arrivals then stop
//!   and the simulation drains. Delay is reported in ticks and normalised to the
//!   transmission time (the paper's Figure 2 axis).
//! - **Bounds.** A point stops after `max_events` events; measured requests still waiting
//!   then count with the delay they have accrued (a lower bound) and the point is flagged
//!   `saturated`. A request expected to generate more than [`MAX_ARRIVALS`] arrivals per
//!   point is refused before it starts.
//!
//! Files: `config` (policies, [`SimConfig`], limits, [`SimError`]), `engine` (one point,
//! [`CircuitSim`]), `sweep` ([`Sweep`], [`simulate`]), `report` ([`SimPoint`],
//! [`SimReport`]).

mod config;
mod engine;
mod report;
mod sweep;

pub use config::{
    ecube_wait_safe, sweep_estimate, Policy, SimConfig, SimError, EVENT_STEPS, MAX_ARRIVALS,
    MAX_CHANNELS, MAX_LOAD, MAX_POINTS,
};
pub use engine::CircuitSim;
pub use report::{SimPoint, SimReport};
pub use sweep::{simulate, Sweep, SweepProgress};

#[cfg(test)]
mod tests {
    use super::*;
    use icn_families::hypercycle::Hypercycle;

    fn cube(n: u64) -> Hypercycle {
        Hypercycle::hypercube(n).unwrap()
    }

    fn small(loads: &[f64], policies: &[Policy]) -> SimConfig {
        SimConfig {
            policies: policies.to_vec(),
            loads: loads.to_vec(),
            warmup_ticks: 2_000,
            ticks: 30_000,
            ..SimConfig::default()
        }
    }

    #[test]
    fn chunking_and_reruns_do_not_change_the_numbers() {
        let net = cube(4);
        let cfg = small(&[0.3, 0.7], &[Policy::Backtrack, Policy::Ecube]);
        let whole = simulate(&net, &cfg).unwrap();
        let mut sweep = Sweep::new(&net, &cfg).unwrap();
        let mut last = 0.0;
        loop {
            let p = sweep.step(997);
            assert!(p.fraction >= last && p.fraction <= 1.0);
            last = p.fraction;
            if p.finished {
                break;
            }
        }
        assert_eq!(sweep.report(), whole);
        assert_eq!(whole.points.len(), 4);
        let other = simulate(&net, &SimConfig { seed: 2, ..cfg }).unwrap();
        assert_ne!(
            other.points[0].mean_delay_ticks,
            whole.points[0].mean_delay_ticks
        );
    }

    #[test]
    fn light_load_delay_is_the_probe_travel_time() {
        // Almost nothing blocks: a set-up takes d̄ hops of one tick; d̄ = 32/15 on the
        // 4-cube. The carried load equals the offered one up to sampling noise.
        let net = cube(4);
        let cfg = SimConfig {
            ticks: 2_000_000,
            ..small(&[0.002], &[Policy::Backtrack, Policy::Ecube])
        };
        let r = simulate(&net, &cfg).unwrap();
        assert!((r.average_distance - 32.0 / 15.0).abs() < 1e-12);
        for p in &r.points {
            assert!(p.measured > 1_000, "{p:?}");
            assert_eq!(p.established, p.measured);
            let delay = p.mean_delay_ticks.expect("requests measured");
            assert!(delay >= 1.0);
            assert!((delay - 32.0 / 15.0).abs() < 0.35, "{p:?}");
            assert!((p.carried_load - 0.002).abs() < 0.0003, "{p:?}");
        }
    }

    #[test]
    fn one_link_ecube_is_an_m_d_1_queue() {
        // hypercube:n=1: each direction is one channel, held for hop + T = 101 ticks from
        // the moment a probe takes it. Requests per direction: Poisson at λ = load/100
        // (degree 1, d̄ = 1). Pollaczek–Khinchine: W = ρS / (2(1 − ρ)), ρ = λS; the
        // delay adds one hop.
        let net = cube(1);
        let load = 0.5;
        let cfg = SimConfig {
            policies: vec![Policy::Ecube],
            loads: vec![load],
            warmup_ticks: 10_000,
            ticks: 3_000_000,
            ..SimConfig::default()
        };
        let r = simulate(&net, &cfg).unwrap();
        let p = &r.points[0];
        let (lambda, s) = (load / 100.0, 101.0);
        let rho = lambda * s;
        let want = rho * s / (2.0 * (1.0 - rho)) + 1.0;
        assert!((p.arrival_rate - lambda).abs() < 1e-15);
        let delay = p.mean_delay_ticks.expect("requests measured");
        assert!((delay - want).abs() < 0.08 * want, "{delay} vs {want}");
    }

    #[test]
    fn backtracking_beats_ecube_on_the_4_cube_as_in_figure_2() {
        let net = cube(4);
        let r = simulate(
            &net,
            &small(&[0.2, 0.6], &[Policy::Backtrack, Policy::Ecube]),
        )
        .unwrap();
        let (bt, ec) = (r.series(Policy::Backtrack), r.series(Policy::Ecube));
        for (b, e) in bt.iter().zip(&ec) {
            assert!(b.mean_delay_ticks < e.mean_delay_ticks, "{b:?} {e:?}");
        }
        // Delay grows with load.
        assert!(bt[1].mean_delay_ticks > bt[0].mean_delay_ticks);
        assert!(ec[1].mean_delay_ticks > ec[0].mean_delay_ticks);
    }

    #[test]
    fn bad_requests_are_refused_with_a_reason() {
        let ring = Hypercycle::new(&[5, 4], &[1, 1]).unwrap();
        let e = Sweep::new(&ring, &small(&[0.5], &[Policy::Ecube])).unwrap_err();
        assert!(matches!(e, SimError::EcubeDeadlock { .. }));
        assert!(e.to_string().contains("ecube-backtrack"));
        // Ring dimensions are fine with backtracking (and with a complete ring, e-cube).
        assert!(Sweep::new(
            &ring,
            &small(&[0.5], &[Policy::Backtrack, Policy::EcubeBacktrack])
        )
        .is_ok());
        let k3 = Hypercycle::new(&[3, 2], &[1, 1]).unwrap();
        assert!(Sweep::new(&k3, &small(&[0.5], &[Policy::Ecube])).is_ok());
        let net = cube(4);
        for bad in [0.0, -1.0, 2.5, f64::NAN] {
            let e = Sweep::new(&net, &small(&[bad], &[Policy::Backtrack])).unwrap_err();
            assert!(matches!(e, SimError::Load { .. }), "{bad}");
        }
        let huge = SimConfig {
            ticks: 1 << 40,
            ..small(&[0.5], &[Policy::Backtrack])
        };
        assert!(matches!(
            Sweep::new(&net, &huge),
            Err(SimError::TooLarge { .. })
        ));
        assert!(matches!(
            Sweep::new(&net, &small(&[], &[Policy::Backtrack])),
            Err(SimError::Points { points: 0 })
        ));
    }

    #[test]
    fn an_event_cap_flags_the_point_saturated() {
        let net = cube(4);
        let cfg = SimConfig {
            max_events: 500,
            ..small(&[0.9], &[Policy::Ecube])
        };
        let r = simulate(&net, &cfg).unwrap();
        let p = &r.points[0];
        assert!(p.saturated);
        assert_eq!(p.events, 500);
        assert!(p.established + p.censored <= p.measured);
    }
}
