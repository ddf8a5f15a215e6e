//! The traffic-density charts: `density` (maximum link traffic against N for K-1, M-2,
//! H-2, P-2, Y-2 and D2, beside TR-88-27 Table 3's and the D2 paper's printed values) and
//! `d2h2` (D2 against H2 by the D2 paper's processor symmetry).

use serde::{Deserialize, Serialize};

use crate::papers::d2::{D2_PRINTED, H2_PRINTED};
use crate::papers::kyklos_traffic::{DENSITY_COLUMNS, DENSITY_PRINTED};
use icn_families::kyklos::{density, DensityRule, Shuffle};

use super::info::{
    n_only, opt, quote, BuildError, Canonical, ChartDef, ChartError, ChartInfo, ChartInput,
};
use super::kyklos::kyklos;

/// `density`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DensityChart {
    /// Every computed and printed point.
    pub rows: Vec<DensityRow>,
}

impl ChartDef for DensityChart {
    const INFO: ChartInfo = ChartInfo {
        name: "density",
        title: "Maximum link traffic density against N",
        family: None,
        n_range: Some((
            2,
            12,
            10,
            "largest n (N = 2ⁿ, n even for Table 3's strategies)",
        )),
        takes_seed: false,
    };
    /// The largest n.
    type Prepared = u64;

    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, u64), ChartError> {
        n_only(&Self::INFO, input)
    }

    fn build(
        &max_n: &u64,
        progress: &mut dyn FnMut(usize, usize, &str),
        partial: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        density_chart(max_n, progress, partial)
    }

    fn csv(&self) -> String {
        csv(&self.rows)
    }
}

/// `d2h2`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct D2h2Chart {
    /// Every computed and printed point.
    pub rows: Vec<DensityRow>,
}

impl ChartDef for D2h2Chart {
    const INFO: ChartInfo = ChartInfo {
        name: "d2h2",
        title: "D2 against H2 traffic density",
        family: None,
        n_range: Some((3, MAX_D2H2_N, 20, "largest n (N = 2ⁿ processors)")),
        takes_seed: false,
    };
    /// The largest n.
    type Prepared = u64;

    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, u64), ChartError> {
        n_only(&Self::INFO, input)
    }

    fn build(
        &max_n: &u64,
        progress: &mut dyn FnMut(usize, usize, &str),
        partial: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        d2h2_chart(max_n, progress, partial)
    }

    fn csv(&self) -> String {
        csv(&self.rows)
    }
}

/// The largest n of the `d2h2` chart ([`icn_families::kyklos::MAX_DENSITY_N`]).
pub const MAX_D2H2_N: u64 = icn_families::kyklos::MAX_DENSITY_N as u64;

/// The source of TR-88-27's printed values.
pub const TR_SOURCE: &str = "TR-88-27 Table 3";
/// The source of the D2 paper's printed values.
pub const D2_SOURCE: &str = "D2 paper §4";

/// One point of a density-against-N chart: a computed value, a printed one, or both.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DensityRow {
    /// The series (K-1, M-2, H-2, P-2, Y-2, D2, H2).
    pub series: String,
    /// n.
    pub n: u64,
    /// N = 2ⁿ L-nodes (processors).
    pub nodes: u64,
    /// The computed maximum link traffic (ordered pairs, both directions, per link).
    pub computed: Option<f64>,
    /// The same as an exact fraction, where it is computed exactly.
    pub exact: Option<String>,
    /// The level(s) where the maximum occurs (D2 paper's density), space separated.
    pub levels: Option<String>,
    /// The paper's printed value.
    pub printed: Option<f64>,
    /// Which paper printed it.
    pub source: Option<String>,
}

/// `density`: Table 3's strategies at even n up to `max_n`, D2 at every n.
fn density_chart(
    max_n: u64,
    progress: &mut dyn FnMut(usize, usize, &str),
    partial: &mut dyn FnMut(DensityChart),
) -> Result<DensityChart, BuildError> {
    let evens: Vec<u64> = (2..=max_n).step_by(2).collect();
    let total = evens.len() * DENSITY_COLUMNS.len() + (max_n as usize - 1);
    let mut done = 0;
    let mut rows = Vec::new();
    for (c, (column, k1, kind)) in DENSITY_COLUMNS.into_iter().enumerate() {
        for &n in &evens {
            progress(done, total, &format!("{column}, N = {}", 1u64 << n));
            let k = kyklos(
                if k1 {
                    Shuffle::Identity
                } else {
                    Shuffle::Proposed
                },
                n,
            )?;
            let printed = DENSITY_PRINTED.iter().find(|p| p.0 == n).map(|p| p.1[c]);
            let exact = k.max_link_traffic_exact(kind).map_err(BuildError::kyklos)?;
            rows.push(DensityRow {
                series: column.into(),
                n,
                nodes: 1 << n,
                computed: Some(exact.value()),
                exact: exact.fraction(),
                levels: None,
                printed,
                source: printed.map(|_| TR_SOURCE.into()),
            });
            done += 1;
            partial(DensityChart { rows: rows.clone() });
        }
    }
    for n in 2..=max_n {
        progress(done, total, &format!("D2, N = {}", 1u64 << n));
        rows.push(density_row(DensityRule::D2, n)?);
        done += 1;
        partial(DensityChart { rows: rows.clone() });
    }
    progress(total, total, "done");
    Ok(DensityChart { rows })
}

fn density_row(rule: DensityRule, n: u64) -> Result<DensityRow, BuildError> {
    let d = density(rule, n as usize)?;
    let printed_table = match rule {
        DensityRule::D2 => &D2_PRINTED,
        DensityRule::H2 => &H2_PRINTED,
    };
    let printed = printed_table.iter().find(|p| p.0 == n).map(|p| p.1);
    Ok(DensityRow {
        series: rule.name().to_uppercase(),
        n,
        nodes: 1 << n,
        computed: Some(icn_engine::metrics::tidy(d.max.value())),
        exact: Some(d.max.to_string()),
        levels: Some(
            d.max_levels
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        ),
        printed,
        source: printed.map(|_| D2_SOURCE.into()),
    })
}

/// `d2h2`: D2 and H2 for n = 3 … `max_n`.
fn d2h2_chart(
    max_n: u64,
    progress: &mut dyn FnMut(usize, usize, &str),
    partial: &mut dyn FnMut(D2h2Chart),
) -> Result<D2h2Chart, BuildError> {
    // Work doubles with n: report progress in units of 2^n sequences.
    let weight = |n: u64| 1usize << n.saturating_sub(3);
    let total: usize = (3..=max_n).map(|n| 2 * weight(n)).sum();
    let mut done = 0;
    let mut rows = Vec::new();
    for n in 3..=max_n {
        for rule in [DensityRule::D2, DensityRule::H2] {
            progress(
                done,
                total,
                &format!("{}, n = {n} (2^{n} sequences)", rule.name().to_uppercase()),
            );
            rows.push(density_row(rule, n)?);
            done += weight(n);
            partial(D2h2Chart { rows: rows.clone() });
        }
    }
    progress(total, total, "done");
    Ok(D2h2Chart { rows })
}

/// The `density` and `d2h2` CSV.
fn csv(rows: &[DensityRow]) -> String {
    let mut out = String::from("series,n,N,computed,exact,levels,printed,source\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{}\n",
            quote(&r.series),
            r.n,
            r.nodes,
            opt(&r.computed),
            opt(&r.exact),
            opt(&r.levels),
            opt(&r.printed),
            quote(&opt(&r.source)),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::{build, build_partial, ChartData, ChartRequest};
    use icn_engine::network::Network;

    fn quiet() -> impl FnMut(usize, usize, &str) {
        |_, _, _| {}
    }

    #[test]
    fn sweeps_hand_over_each_point_as_a_prefix_of_the_final_chart() {
        // A reader who stops the sweep keeps these: every partial chart's CSV is the final
        // CSV cut after one more row, and the last one is the final chart.
        for chart in ["density", "d2h2"] {
            let req = ChartRequest::new(chart, "", "", Some("6")).expect("valid");
            let mut partials = Vec::new();
            let last = build_partial(&req, &mut quiet(), &mut |d| partials.push(d.csv()))
                .expect("builds")
                .csv();
            let lines: Vec<&str> = last.lines().collect();
            assert_eq!(partials.len(), lines.len() - 1, "{chart}: one per row");
            for (i, p) in partials.iter().enumerate() {
                assert_eq!(
                    p.lines().collect::<Vec<_>>(),
                    lines[..i + 2],
                    "{chart} point {i}"
                );
            }
            assert_eq!(partials.last(), Some(&last));
            assert_eq!(build(&req, &mut quiet()).expect("builds").csv(), last);
        }
    }

    #[test]
    fn density_chart_h2_equals_table3_at_printed_sizes() {
        let req = ChartRequest::new("density", "", "", Some("8")).expect("valid");
        let ChartData::Density(DensityChart { rows }) = build(&req, &mut quiet()).expect("builds")
        else {
            panic!("density")
        };
        for n in [4u64, 6, 8] {
            let row = rows
                .iter()
                .find(|r| r.series == "H-2" && r.n == n)
                .expect("row");
            assert_eq!(row.computed, row.printed, "H-2 at n = {n}");
        }
        // D2 rows carry the D2 paper's printed values.
        let d2 = rows
            .iter()
            .find(|r| r.series == "D2" && r.n == 4)
            .expect("row");
        assert_eq!((d2.computed, d2.printed), (Some(24.0), Some(24.0)));
    }

    #[test]
    fn d2h2_reports_exact_values_and_csv_quotes_sources() {
        let req = ChartRequest::new("d2h2", "", "", Some("5")).expect("valid");
        let data = build(&req, &mut quiet()).expect("builds");
        let ChartData::D2h2(D2h2Chart { rows }) = &data else {
            panic!("d2h2")
        };
        assert_eq!(rows.len(), 6);
        let h2_4 = rows
            .iter()
            .find(|r| r.series == "H2" && r.n == 4)
            .expect("row");
        assert_eq!(h2_4.computed, Some(32.0));
        assert!(data.csv().contains("H2,4,16,32,32,2,32,D2 paper §4\n"));
        // Nodes grow as 2ⁿ.
        let net: Network = "kyklos2:m=2,r=2,n=5,shuffle=original"
            .parse()
            .expect("valid");
        assert_eq!(net.topology().terminal_count() as u64, rows[4].nodes);
    }
}
