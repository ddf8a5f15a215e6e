//! The Dragonfly chart: `d3-mdf`, D3(K, M) against the maximal Dragonfly MDF(K, M), the
//! pair of the paper's Table 1 ([`d3_vs_mdf`]): distances over ordered pairs of routers, loads per directed
//! channel, local and global links apart (docs/charts.md).

use serde::{Deserialize, Serialize};

use icn_analyses::{d3_vs_mdf, d3_vs_mdf_cost, DragonflyLoads};
use icn_families::d3::D3;

use super::info::{
    network, over_budget, quote, wrong_family, BuildError, Canonical, ChartDef, ChartError,
    ChartFamily, ChartInfo, ChartInput,
};

/// `d3-mdf`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct D3MdfChart {
    /// Both networks' distances and loads.
    pub result: Box<DragonflyLoads>,
}

impl ChartDef for D3MdfChart {
    const INFO: ChartInfo = ChartInfo {
        name: "d3-mdf",
        title: "D3 against MDF: distances and link loads",
        family: Some(ChartFamily::D3),
        n_range: None,
        takes_seed: false,
    };
    type Prepared = D3;

    /// Costs D3 and its MDF against the chart budget.
    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, D3), ChartError> {
        let net = network(input)?;
        let d = net
            .d3()
            .map_err(|_| wrong_family(&net, "Swapped Dragonflies (d3:k=…,m=…)"))?;
        over_budget(&d.spec_string(), "D3 and its MDF", d3_vs_mdf_cost(d))?;
        Ok((Canonical::spec(d.spec_string()), d.clone()))
    }

    fn build(
        d3: &D3,
        progress: &mut dyn FnMut(usize, usize, &str),
        _: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        Ok(D3MdfChart {
            result: Box::new(d3_mdf(d3, progress)),
        })
    }

    fn csv(&self) -> String {
        d3_mdf_csv(&self.result)
    }
}

/// `d3-mdf`: [`d3_vs_mdf`].
pub fn d3_mdf(d3: &D3, progress: &mut dyn FnMut(usize, usize, &str)) -> DragonflyLoads {
    progress(
        0,
        1,
        "distances and loads of both networks, every destination",
    );
    let r = d3_vs_mdf(d3);
    progress(1, 1, "done");
    r
}

/// The `d3-mdf` CSV: one table, `quantity` = `distance` (value: hops, count: ordered
/// pairs of routers), `local_load` or `global_load` (value: a directed channel's load,
/// count: channels carrying it).
pub fn d3_mdf_csv(r: &DragonflyLoads) -> String {
    let mut out = String::from("network,spec,quantity,value,count\n");
    for (name, s) in [("d3", &r.d3), ("mdf", &r.mdf)] {
        let spec = quote(&s.spec);
        for (d, &c) in s.distance_distribution.iter().enumerate().skip(1) {
            out.push_str(&format!("{name},{spec},distance,{d},{c}\n"));
        }
        for (what, k) in [("local_load", &s.local), ("global_load", &s.global)] {
            for c in &k.distribution {
                out.push_str(&format!("{name},{spec},{what},{},{}\n", c.load, c.channels));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_engine::metrics::bfs;
    use icn_graph::Graph;

    fn quiet() -> impl FnMut(usize, usize, &str) {
        |_, _, _| {}
    }

    #[test]
    fn d3_mdf_distances_and_loads_add_up() {
        let d3 = D3::new(2, 3).expect("valid");
        let r = d3_mdf(&d3, &mut quiet());
        let csv = d3_mdf_csv(&r);
        assert!(csv.starts_with("network,spec,quantity,value,count\nd3,\"d3:k=2,m=3\",distance,1,"));
        for s in [&r.d3, &r.mdf] {
            let n = s.routers;
            let pairs: u64 = s.distance_distribution.iter().sum();
            assert_eq!(pairs, n * (n - 1), "{}", s.spec);
            let hops: u64 = s
                .distance_distribution
                .iter()
                .enumerate()
                .map(|(d, &c)| d as u64 * c)
                .sum();
            // Σ channel loads over both kinds = Σ distances.
            let loads = s.local.total_load + s.global.total_load;
            assert!((loads - hops as f64).abs() < 1e-6, "{}", s.spec);
            // Channels in the histograms: every directed channel once.
            let channels: u64 = s
                .local
                .distribution
                .iter()
                .chain(&s.global.distribution)
                .map(|c| c.channels)
                .sum();
            assert_eq!(channels, 2 * s.links, "{}", s.spec);
        }
        // D3's distances, by BFS.
        let mut counts = vec![0u64; 8];
        for s in 0..d3.node_count() {
            for d in bfs(&d3, s) {
                counts[d as usize] += 1;
            }
        }
        counts[0] = 0;
        counts.truncate(r.d3.distance_distribution.len());
        assert_eq!(counts, r.d3.distance_distribution);
    }
}
