//! The compare view's chart: the distance distributions of two to four networks overlaid,
//! each as the share of its ordered terminal pairs at distance d (networks of different
//! sizes on one scale), with its average distance as a dashed rule. The rows are core's
//! (`icn_core::analysis::CompareRow`, the same as `icn compare`).

use icn_core::analysis::CompareRow;

use super::plot::{self, Dash, LegendEntry, Line, Plot, Rule};
use super::surface::Surface;
use super::theme::{self, Theme};

/// The share of ordered pairs at each distance d ≥ 1 of `counts` (index d), as (d, %).
pub fn shares(counts: &[u64]) -> Vec<(f64, f64)> {
    let pairs: u64 = counts.iter().skip(1).sum();
    if pairs == 0 {
        return Vec::new();
    }
    counts
        .iter()
        .enumerate()
        .skip(1)
        .map(|(d, &c)| (d as f64, 100.0 * c as f64 / pairs as f64))
        .collect()
}

/// The plot of `rows`: one line per network, one rule per average.
pub fn distances(rows: &[CompareRow], theme: &Theme) -> Plot {
    let mut lines = Vec::new();
    let mut rules = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let color = theme.series[i % theme.series.len()];
        lines.push(Line {
            label: r.spec.clone(),
            color,
            points: shares(&r.distance_distribution),
        });
        rules.push(Rule {
            label: format!("average {:.3}", r.average_distance),
            x: r.average_distance,
            color,
            dash: Dash::Event,
        });
    }
    Plot {
        x_desc: "distance d (hops between terminals)".into(),
        y_desc: "pairs at distance d (%)".into(),
        x_integer: true,
        bars: true,
        lines,
        rules,
        ..Plot::default()
    }
}

/// Draws `rows` on `canvas` in the page's current colours; returns the legend's entries.
///
/// # Errors
/// When the canvas cannot be drawn on.
pub fn draw(canvas: Surface<'_>, rows: &[CompareRow]) -> Result<Vec<LegendEntry>, String> {
    let theme = theme::current();
    plot::render(canvas, &distances(rows, &theme), &theme)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn shares_add_up_to_one_hundred_percent() {
        // The 3-cube: C(3,d)·8 ordered pairs at distance d.
        let s = shares(&[0, 24, 24, 8]);
        assert_eq!(s.len(), 3);
        assert!((s[0].1 - 100.0 * 24.0 / 56.0).abs() < 1e-12);
        assert!((s.iter().map(|p| p.1).sum::<f64>() - 100.0).abs() < 1e-9);
        assert!(shares(&[0]).is_empty());
    }
}
