//! Histograms and categorical axes drawn as bars: at each integer x, one bar per series side
//! by side, from the axis up to the value. A distance distribution is counts at whole
//! distances; a line through them suggests values in between (and through zero, where a
//! network has no pair at an odd distance, it zig-zags).

use plotters::prelude::*;

use super::axis::Axis;

/// The share of the unit interval around each x that the bars of one x take together.
const GROUP_WIDTH: f64 = 0.8;

/// The bar of series `series` of `count` at `x`: its left and right edges.
pub fn bar_edges(x: f64, series: usize, count: usize) -> (f64, f64) {
    let w = GROUP_WIDTH / count.max(1) as f64;
    let left = x - GROUP_WIDTH / 2.0 + series as f64 * w;
    (left, left + w)
}

/// The x range that shows every bar whole: half a unit beyond the first and last x.
pub fn x_range(x0: f64, x1: f64) -> (f64, f64) {
    (x0 - 0.5, x1 + 0.5)
}

/// Draws each series (its colour and its points) as bars on `chart`, filled in the series'
/// colour and outlined, from `base` (0, or the bottom of a log axis) to the value.
///
/// # Errors
/// When a drawing call fails.
pub fn draw<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<Axis, Axis>>,
    series: &[(RGBColor, &[(f64, f64)])],
    base: f64,
    scale: f64,
) -> Result<(), String> {
    let count = series.len();
    let stroke = ((1.0 * scale).round() as u32).max(1);
    for (i, &(color, points)) in series.iter().enumerate() {
        let fill = color.mix(0.78).filled();
        let edge = color.stroke_width(stroke);
        let bars = points
            .iter()
            .filter(|p| p.1.is_finite() && p.1 > base)
            .map(|&(x, y)| {
                let (l, r) = bar_edges(x, i, count);
                ((l, base), (r, y))
            });
        chart
            .draw_series(bars.clone().map(|(a, b)| Rectangle::new([a, b], fill)))
            .map_err(|e| format!("drawing failed: {e:?}"))?;
        chart
            .draw_series(bars.map(|(a, b)| Rectangle::new([a, b], edge)))
            .map_err(|e| format!("drawing failed: {e:?}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn bars_of_one_x_sit_side_by_side_within_it() {
        // Three series at x = 4: three bars of 0.8/3 each, from 3.6 to 4.4, touching.
        let edges: Vec<(f64, f64)> = (0..3).map(|i| bar_edges(4.0, i, 3)).collect();
        assert!((edges[0].0 - 3.6).abs() < 1e-12);
        assert!((edges[2].1 - 4.4).abs() < 1e-12);
        for w in edges.windows(2) {
            assert!((w[0].1 - w[1].0).abs() < 1e-12);
        }
        // One series: one bar centred on x.
        let (l, r) = bar_edges(2.0, 0, 1);
        assert!(((l + r) / 2.0 - 2.0).abs() < 1e-12);
        assert_eq!(x_range(1.0, 6.0), (0.5, 6.5));
    }
}
