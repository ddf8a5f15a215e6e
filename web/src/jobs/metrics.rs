//! The explorer's exact metrics, computed in the worker: the distance distribution over
//! all ordered terminal pairs, with the diameter, average distance and degrees derived
//! from it ([`Network::info_from`]), and, when a strategy is named, the channel and node
//! loads under uniform traffic ([`load_summary_progress`], as `icn metrics` prints them).

use icn_core::analysis::LensLoads;
use icn_core::metrics::{load_summary_progress, LoadSummary};
use icn_core::{Network, NetworkInfo};
use serde::{Deserialize, Serialize};

/// What the worker computed for one network.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MetricsReport {
    /// The network's facts, as [`Network::info`] gives them (its `spec`, canonical: the page
    /// checks it against the network it shows).
    pub info: NetworkInfo,
    /// `distribution[d]`: ordered terminal pairs at distance d.
    pub distribution: Vec<u64>,
    /// Loads under the named strategy, when one was asked for.
    pub loads: Option<LoadSummary>,
}

/// A Lens's processor and bus loads (the walkthrough's loads card).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LensLoadsReport {
    /// The canonical spec (the page checks it against the lens it shows).
    pub spec: String,
    /// Core's loads.
    pub loads: LensLoads,
}

/// Computes the loads of the Lens `spec`.
///
/// # Errors
/// The spec's error, or that it is no Lens.
pub fn lens_loads_report(spec: &str) -> Result<LensLoadsReport, String> {
    match spec.parse::<Network>() {
        Ok(net) => match net.lens() {
            Ok(l) => Ok(LensLoadsReport {
                spec: l.spec_string(),
                loads: LensLoads::of(l),
            }),
            Err(_) => Err(format!("{spec} is not a Lens")),
        },
        Err(e) => Err(e.to_string()),
    }
}

/// Computes the metrics of `spec`, and the loads of `strategy` when given.
///
/// # Errors
/// The spec's or the strategy's error, for the user.
pub fn metrics_report(
    spec: &str,
    strategy: Option<&str>,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<MetricsReport, String> {
    let net: Network = spec
        .parse()
        .map_err(|e: icn_core::SpecError| e.to_string())?;
    let routing = match strategy {
        Some(s) => {
            Some(icn_core::routing::registry::build_oblivious(&net, s).map_err(|e| e.to_string())?)
        }
        None => None,
    };
    let steps = 1 + usize::from(routing.is_some());
    progress(0, steps, "the distance distribution");
    let dd = net.distance_distribution();
    let info = net.info_from(&dd);
    let loads = routing.map(|r| {
        progress(1, steps, "the loads");
        // The loads' passes (destinations, orbits or batches of sources), at most one
        // message per percent.
        let mut shown = 0;
        load_summary_progress(net.topology(), r.as_ref(), &mut |done, passes| {
            let percent = done * 100 / passes.max(1);
            if percent > shown {
                shown = percent;
                progress(done as usize, passes as usize, "the loads");
            }
        })
    });
    Ok(MetricsReport {
        info,
        distribution: dd.counts,
        loads,
    })
}

/// One route (the explorer's: the first `limit` paths and the exact count), computed
/// `repeat` times; what `make bench-browser` times in the worker, where a single route is
/// below the clock's resolution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RouteReport {
    /// Hops.
    pub length: u32,
    /// The exact number of paths, in decimal.
    pub path_count: String,
    /// Paths listed.
    pub listed: usize,
    /// How many times it was computed.
    pub repeat: u32,
}

/// Routes `from` → `to` of `spec` under `strategy`, `repeat` times (at least once).
///
/// # Errors
/// The spec's, an address's or the strategy's error.
pub fn route_report(
    spec: &str,
    strategy: &str,
    (from, to): (&str, &str),
    limit: usize,
    repeat: u32,
) -> Result<RouteReport, String> {
    let net: Network = spec
        .parse()
        .map_err(|e: icn_core::SpecError| e.to_string())?;
    let a = net.parse_node(from).map_err(|e| e.to_string())?;
    let b = net.parse_node(to).map_err(|e| e.to_string())?;
    let mut last = None;
    for _ in 0..repeat.max(1) {
        last = Some(
            net.route(strategy, a, b, limit)
                .map_err(|e| e.to_string())?,
        );
    }
    let r = last.ok_or("no route computed")?;
    Ok(RouteReport {
        length: r.length,
        path_count: r.path_count.to_string(),
        listed: r.paths.len(),
        repeat: repeat.max(1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn ignore(_: usize, _: usize, _: &str) {}

    #[wasm_bindgen_test]
    fn metrics_of_the_4_cube_are_binomial() {
        let r = metrics_report("hypercube:n=4", Some("ecube"), &mut ignore).unwrap();
        // 16 sources, C(4, d) destinations at distance d.
        assert_eq!(r.distribution, vec![0, 64, 96, 64, 16]);
        assert_eq!(
            (r.info.diameter, r.info.min_degree, r.info.max_degree),
            (4, 4, 4)
        );
        // Σ d·C(4,d) / 15 = 32 / 15.
        assert!((r.info.average_distance - 32.0 / 15.0).abs() < 1e-12);
        // e-cube: every ordered pair's hops spread evenly over the 64 channels:
        // 16 · 32 hops / 64 channels = 8 on each.
        let loads = r.loads.unwrap();
        assert_eq!(loads.channels, 64);
        assert_eq!((loads.max_channel_load, loads.min_channel_load), (8.0, 8.0));
    }

    #[wasm_bindgen_test]
    fn a_route_of_the_4_cube_counts_4_factorial_paths() {
        let r = route_report("hypercube:n=4", "minimal", ("0000", "1111"), 64, 3).unwrap();
        assert_eq!((r.length, r.path_count.as_str(), r.listed), (4, "24", 24));
        assert_eq!(r.repeat, 3);
        assert!(route_report("hypercube:n=4", "minimal", ("0000", "2"), 64, 1).is_err());
    }

    #[wasm_bindgen_test]
    fn lens_loads_need_a_lens() {
        assert!(lens_loads_report("hypercube:n=3").is_err());
        let r = lens_loads_report("lens:p=3,q=3,n=2,completed").unwrap();
        assert!(!r.loads.processor.is_empty() && !r.loads.bus.is_empty());
    }
}
