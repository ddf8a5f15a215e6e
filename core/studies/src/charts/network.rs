//! The charts of any network (`t=` any spec): `net-distances` (ordered pairs of distinct
//! terminals per distance, [`distance_distribution`]) and `net-loads` (the load profile of
//! the directed channels under every strategy the network offers, [`channel_loads`]).
//!
//! Conventions (docs/charts.md): ordered pairs of distinct terminals; each pair sends one
//! unit split equally among the strategy's paths (two-phase routings such as Valiant's
//! through each intermediate equally); loads per **directed channel** (per direction).
//! A strategy's profile is bounded whatever the network's size: 101 points, the load
//! at each percentile of the channels sorted heaviest first.

use serde::{Deserialize, Serialize};

use icn_engine::cost::Estimate;
use icn_engine::metrics::{channel_loads, distance_distribution, load_estimate, tidy};
use icn_engine::network::Network;

use super::info::{
    network, over_budget, quote, BuildError, Canonical, ChartDef, ChartError, ChartFamily,
    ChartInfo, ChartInput,
};

/// `net-distances`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NetDistancesChart {
    /// The network, canonical.
    pub spec: String,
    /// The unit the paper counts distances in where it is not a link (`bus` for the
    /// Lens: each row's `hops`); absent for the other families.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// Ordered pairs of distinct terminals per distance.
    pub rows: Vec<NetDistanceRow>,
}

impl ChartDef for NetDistancesChart {
    const INFO: ChartInfo = ChartInfo {
        name: "net-distances",
        title: "Distance distribution",
        family: Some(ChartFamily::Any),
        n_range: None,
        takes_seed: false,
    };
    type Prepared = Network;

    /// Costs the chart as the network's own distance estimate.
    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, Network), ChartError> {
        let net = network(input)?;
        over_budget(&net.spec(), "the distance distribution", net.cost().info)?;
        Ok((Canonical::spec(net.spec()), net))
    }

    fn build(
        net: &Network,
        progress: &mut dyn FnMut(usize, usize, &str),
        _: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        progress(0, 1, "distance distribution");
        let rows = net_distances(net);
        progress(1, 1, "done");
        Ok(NetDistancesChart {
            spec: net.spec(),
            unit: net.hop_unit().map(|u| u.name.to_string()),
            rows,
        })
    }

    fn csv(&self) -> String {
        net_distances_csv(self.unit.as_deref(), &self.rows)
    }
}

/// `net-loads`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NetLoadsChart {
    /// The network, canonical.
    pub spec: String,
    /// Per strategy, the load at percentiles 0 … 100 of the channels.
    pub rows: Vec<NetLoadRow>,
}

impl ChartDef for NetLoadsChart {
    const INFO: ChartInfo = ChartInfo {
        name: "net-loads",
        title: "Channel loads by strategy",
        family: Some(ChartFamily::Any),
        n_range: None,
        takes_seed: false,
    };
    type Prepared = Network;

    /// Costs the chart as [`loads_cost`].
    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, Network), ChartError> {
        let net = network(input)?;
        over_budget(
            &net.spec(),
            "every strategy's channel loads",
            loads_cost(&net),
        )?;
        Ok((Canonical::spec(net.spec()), net))
    }

    fn build(
        net: &Network,
        progress: &mut dyn FnMut(usize, usize, &str),
        _: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        Ok(NetLoadsChart {
            spec: net.spec(),
            rows: net_loads(net, progress)?,
        })
    }

    fn csv(&self) -> String {
        net_loads_csv(&self.rows)
    }
}

/// Points of a strategy's load profile: percentiles 0, 1, …, 100.
pub const NET_LOAD_POINTS: u32 = 101;

/// [`load_estimate`] of every strategy `net` offers: steps summed, bytes the largest.
pub fn loads_cost(net: &Network) -> Estimate {
    let mut total = Estimate { steps: 0, bytes: 0 };
    for s in net.strategies() {
        if let Ok(routing) = net.routing(s.name) {
            let e = load_estimate(net.topology(), routing.as_ref());
            total.steps = total.steps.saturating_add(e.steps);
            total.bytes = total.bytes.max(e.bytes);
        }
    }
    total
}

/// Ordered pairs of distinct terminals at one distance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NetDistanceRow {
    /// Links traversed.
    pub distance: u32,
    /// Ordered pairs of distinct terminals at this distance.
    pub ordered_pairs: u64,
    /// Their share of all ordered pairs of distinct terminals, in per cent.
    pub share: f64,
    /// The mean distance over all ordered pairs, in links.
    pub average: f64,
    /// The distance in the paper's unit where it is not a link (the Lens's busses:
    /// `distance` / 2), what the chart shows first; absent for the other families.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hops: Option<u32>,
    /// The mean distance in that unit; absent with `hops`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub average_hops: Option<f64>,
}

/// `net-distances`: ordered pairs of distinct terminals per distance, from 1 to the
/// diameter, the distances no pair lies at left out (a fat tree's odd ones)
/// ([`distance_distribution`]: closed forms and symmetry where the family has them).
/// For a family whose paper counts another unit ([`Network::hop_unit`], the Lens's
/// busses) each row also carries the distance and the mean in that unit.
pub fn net_distances(net: &Network) -> Vec<NetDistanceRow> {
    let dd = distance_distribution(net.topology());
    let pairs = dd.pairs().max(1) as f64;
    let average = tidy(dd.average());
    let per_hop = net.hop_unit().map(|u| u.links);
    dd.counts
        .iter()
        .enumerate()
        .skip(1)
        .filter(|&(_, &c)| c > 0)
        .map(|(d, &c)| NetDistanceRow {
            distance: d as u32,
            ordered_pairs: c,
            share: tidy(100.0 * c as f64 / pairs),
            average,
            hops: per_hop.map(|l| d as u32 / l),
            average_hops: per_hop.map(|l| tidy(dd.average() / f64::from(l))),
        })
        .collect()
}

/// One point of a strategy's load profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NetLoadRow {
    /// The strategy's name.
    pub strategy: String,
    /// p, 0 … 100: the heaviest p % of the directed channels (at least one) each carry at
    /// least `load`, and the channel ranked ⌈p·C/100⌉ (heaviest first) carries exactly it:
    /// p = 0 is the busiest channel, p = 100 the least busy.
    pub percentile: u32,
    /// That channel's load (units; one per ordered pair).
    pub load: f64,
    /// The strategy's mean load over all directed channels.
    pub mean: f64,
}

/// The profile of `loads`: [`NET_LOAD_POINTS`] rows (none without channels).
fn profile(strategy: &str, mut loads: Vec<f64>) -> Vec<NetLoadRow> {
    let channels = loads.len() as u64;
    if channels == 0 {
        return Vec::new();
    }
    loads.sort_by(|a, b| b.total_cmp(a));
    let mean = tidy(loads.iter().sum::<f64>() / channels as f64);
    (0..NET_LOAD_POINTS)
        .map(|p| {
            let rank = (u64::from(p) * channels).div_ceil(100).max(1);
            NetLoadRow {
                strategy: strategy.to_string(),
                percentile: p,
                load: tidy(loads[rank as usize - 1]),
                mean,
            }
        })
        .collect()
}

/// `net-loads`: every strategy's load profile ([`channel_loads`]: symmetry where the
/// routing has it, two-phase routings honoured), in the network's order of strategies.
///
/// # Errors
/// A strategy the network lists but does not build (not in practice).
pub fn net_loads(
    net: &Network,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<Vec<NetLoadRow>, BuildError> {
    let strategies = net.strategies();
    let total = strategies.len();
    let mut rows = Vec::with_capacity(total * NET_LOAD_POINTS as usize);
    for (i, s) in strategies.iter().enumerate() {
        progress(i, total, &format!("{} loads", s.name));
        let routing = net.routing(s.name)?;
        let loads = channel_loads(net.topology(), routing.as_ref()).loads;
        rows.extend(profile(s.name, loads));
    }
    progress(total, total, "done");
    Ok(rows)
}

/// The `net-distances` CSV. Where the paper counts another unit (`unit`, the Lens's
/// `bus`), its distance and mean come first (`bus_hops`, `average_bus_hops`), the links
/// beside them (`links`, `average_links`).
pub fn net_distances_csv(unit: Option<&str>, rows: &[NetDistanceRow]) -> String {
    let Some(unit) = unit else {
        let mut out = String::from("distance,ordered_pairs,share,average\n");
        for r in rows {
            out.push_str(&format!(
                "{},{},{},{}\n",
                r.distance, r.ordered_pairs, r.share, r.average
            ));
        }
        return out;
    };
    let mut out =
        format!("{unit}_hops,links,ordered_pairs,share,average_{unit}_hops,average_links\n");
    for r in rows {
        let hops = r.hops.map(|h| h.to_string()).unwrap_or_default();
        let average_hops = r.average_hops.map(|h| h.to_string()).unwrap_or_default();
        out.push_str(&format!(
            "{hops},{},{},{},{average_hops},{}\n",
            r.distance, r.ordered_pairs, r.share, r.average
        ));
    }
    out
}

/// The `net-loads` CSV.
pub fn net_loads_csv(rows: &[NetLoadRow]) -> String {
    let mut out = String::from("strategy,percentile,load,mean\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{}\n",
            quote(&r.strategy),
            r.percentile,
            r.load,
            r.mean
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::{build, ChartKind, ChartRequest};
    use icn_engine::metrics::{bfs, channel_loads_every_destination, load_summary, Split};

    fn net(spec: &str) -> Network {
        spec.parse().expect("valid spec")
    }

    fn quiet() -> impl FnMut(usize, usize, &str) {
        |_, _, _| {}
    }

    fn of<'a>(rows: &'a [NetLoadRow], strategy: &str) -> Vec<&'a NetLoadRow> {
        rows.iter().filter(|r| r.strategy == strategy).collect()
    }

    #[test]
    fn torus_distances_are_the_rings_convolution() {
        // A 4-ring from one node: 1, 2, 1 at distances 0, 1, 2; the 4 × 4 torus is
        // (1 + 2x + x²)² = 1 + 4x + 6x² + 4x³ + x⁴, times 16 sources.
        let rows = net_distances(&net("torus:k=4x4"));
        let pairs: Vec<u64> = rows.iter().map(|r| r.ordered_pairs).collect();
        assert_eq!(pairs, [64, 96, 64, 16]);
        assert_eq!(rows[0].share, tidy(100.0 * 64.0 / 240.0));
        assert_eq!(rows[3].share, tidy(100.0 * 16.0 / 240.0));
        assert!(rows.iter().all(|r| r.average == tidy(512.0 / 240.0)));
        assert!(rows.iter().all(|r| r.hops.is_none()));
        assert_eq!(
            net_distances_csv(None, &rows[..1]),
            "distance,ordered_pairs,share,average\n1,64,26.6666666667,2.13333333333\n"
        );
    }

    #[test]
    fn fat_tree_distances_equal_bfs_between_processors() {
        // Not vertex-transitive (switches are not terminals): every processor's BFS.
        let n = net("fattree:k=2,n=3");
        let t = n.topology();
        let terminals = t.terminal_count();
        let mut counts = [0u64; 16];
        for s in 0..terminals {
            for &d in &bfs(t, s)[..terminals] {
                counts[d as usize] += 1;
            }
        }
        let rows = net_distances(&n);
        assert_eq!(rows.len(), 3);
        for r in &rows {
            assert_eq!(r.ordered_pairs, counts[r.distance as usize], "{r:?}");
        }
        // 2·(level of the lowest common switch): 1, 2 and 4 processors at 2, 4 and 6.
        let at: Vec<(u32, u64)> = rows.iter().map(|r| (r.distance, r.ordered_pairs)).collect();
        assert_eq!(at, [(2, 8), (4, 16), (6, 32)]);
        assert_eq!(rows[0].average, tidy(272.0 / 56.0));
        let shares: f64 = rows.iter().map(|r| r.share).sum();
        assert!((shares - 100.0).abs() < 1e-9);
    }

    #[test]
    fn lens_distances_come_in_busses_first_with_the_links_beside() {
        // The paper counts busses: a processor-to-processor distance of 2h links is h
        // busses. Checked against BFS over every pair of processors and the Lens's own
        // closed-form (bus) distance.
        for spec in [
            "lens:p=3,q=3,n=3",
            "lens:p=3,q=3,n=3,completed",
            "lens:p=3,q=5,n=2",
        ] {
            let n = net(spec);
            let lens = n.lens().expect("a lens");
            let t = n.topology();
            let procs = t.terminal_count();
            let mut counts = vec![0u64; 2 * t.node_count()];
            for s in 0..procs {
                for (b, &d) in bfs(t, s)[..procs]
                    .iter()
                    .enumerate()
                    .filter(|&(b, _)| b != s)
                {
                    assert_eq!(d, 2 * lens.processor_distance(s, b), "{spec}");
                    counts[d as usize] += 1;
                }
            }
            let rows = net_distances(&n);
            let mut hop_sum = 0u64;
            for r in &rows {
                assert_eq!(r.hops, Some(r.distance / 2), "{spec} {r:?}");
                assert_eq!(r.ordered_pairs, counts[r.distance as usize], "{spec} {r:?}");
                hop_sum += u64::from(r.distance / 2) * r.ordered_pairs;
            }
            let pairs = (procs * (procs - 1)) as f64;
            assert_eq!(rows[0].average_hops, Some(tidy(hop_sum as f64 / pairs)));
            assert_eq!(rows[0].average, tidy(2.0 * hop_sum as f64 / pairs));
            let NetDistancesChart { unit, .. } =
                NetDistancesChart::build(&n, &mut quiet(), &mut |_| {}).expect("builds");
            assert_eq!(unit.as_deref(), Some("bus"));
        }
        // The CSV puts the busses first and names the links.
        let n = net("lens:p=3,q=3,n=3");
        let csv = build(
            &ChartRequest::new("net-distances", &n.spec(), "", None).expect("valid"),
            &mut quiet(),
        )
        .expect("builds")
        .csv();
        let rows = net_distances(&n);
        let first = &rows[0];
        assert!(
            csv.starts_with(&format!(
            "bus_hops,links,ordered_pairs,share,average_bus_hops,average_links\n1,2,{},{},{},{}\n",
            first.ordered_pairs,
            first.share,
            first.average_hops.expect("busses"),
            first.average
        )),
            "{csv}"
        );
    }

    #[test]
    fn torus_loads_minimal_are_uniform_and_dor_is_not() {
        let n = net("torus:k=4x4");
        let rows = net_loads(&n, &mut quiet()).expect("builds");
        assert_eq!(rows.len(), 2 * NET_LOAD_POINTS as usize);
        // Minimal: every one of the 64 channels carries N(N − 1)·d̄ / 64 = 512 / 64 = 8.
        let minimal = of(&rows, "minimal");
        assert!(minimal.iter().all(|r| r.load == 8.0 && r.mean == 8.0));
        // Dimension order, the increasing way at a tie: per dimension, offsets 1 and 2 go
        // up (1 and 2 hops, 4 destinations each), offset 3 down (1 hop): 16·12 over the 16
        // rising channels, 16·4 over the 16 falling ones. Half the channels carry 12.
        let dor = of(&rows, "dor");
        assert_eq!(dor.len(), NET_LOAD_POINTS as usize);
        assert!(dor.iter().all(|r| r.mean == 8.0));
        assert_eq!((dor[0].load, dor[50].load), (12.0, 12.0));
        assert_eq!((dor[51].load, dor[100].load), (4.0, 4.0));
        let percentiles: Vec<u32> = dor.iter().map(|r| r.percentile).collect();
        assert_eq!(percentiles, (0..=100).collect::<Vec<_>>());
    }

    #[test]
    fn dragonfly_strategies_against_load_summary_and_every_destination() {
        let n = net("dragonfly:a=4,p=2,h=2");
        let rows = net_loads(&n, &mut quiet()).expect("builds");
        let names: Vec<&str> = n.strategies().iter().map(|s| s.name).collect();
        assert_eq!(names, ["minimal", "lgl", "valiant", "valiant-min"]);
        for name in names {
            let mine = of(&rows, name);
            assert_eq!(mine.len(), NET_LOAD_POINTS as usize);
            assert!(mine.windows(2).all(|w| w[0].load >= w[1].load), "{name}");
            let routing = n.routing(name).expect("offered");
            let summary = load_summary(n.topology(), routing.as_ref());
            assert_eq!(mine[0].load, summary.max_channel_load, "{name}");
            assert_eq!(mine[100].load, summary.min_channel_load, "{name}");
            assert!(
                (mine[0].mean - summary.mean_channel_load).abs() < 1e-9,
                "{name}"
            );
            // Without symmetry, destination by destination: the same busiest channel.
            let brute =
                channel_loads_every_destination(n.topology(), routing.as_ref(), Split::PerPath);
            let max = brute.loads.iter().copied().fold(0.0, f64::max);
            assert!((mine[0].load - max).abs() < 1e-9 * max, "{name}: {max}");
        }
        // Under uniform traffic Valiant's detour through a third group only adds load: a
        // longer mean path and a busier busiest channel.
        let (minimal, valiant) = (of(&rows, "minimal"), of(&rows, "valiant"));
        assert!(valiant[0].mean > minimal[0].mean);
        assert!(valiant[0].load > minimal[0].load);
    }

    #[test]
    fn any_family_is_accepted_and_large_ones_refused_at_t() {
        for spec in [
            "torus:k=8x8",
            "fattree:k=2,n=3",
            "slimfly:q=5",
            "hypercube:n=4",
        ] {
            for chart in ["net-distances", "net-loads"] {
                let r = ChartRequest::new(chart, spec, "", None).expect(spec);
                assert!(ChartKind::from_name(chart).expect("known").suits(spec));
                let data = build(&r, &mut quiet()).expect(spec);
                assert!(!data.csv().is_empty());
            }
        }
        let e = ChartRequest::new("net-loads", "dragonfly:a=16,p=8,h=8", "", None)
            .expect_err("too large");
        assert_eq!(e.field, "t");
        assert!(e.message.contains("CHART_BUDGET"), "{}", e.message);
        let e = ChartRequest::new("net-distances", "nope:k=1", "", None).expect_err("bad");
        assert_eq!(e.field, "t");
    }
}
