//! A chart axis, linear or logarithmic, as one coordinate type: the plotting routine and
//! plotters' chart code under it are then instantiated once per drawing backend, not once
//! per pair of scales (four, for each backend). Each variant keeps plotters' own mapping
//! and tick choice, so a chart draws exactly as with plotters' types.

use std::ops::Range;

use plotters::coord::combinators::{IntoLogRange, LogCoord};
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::coord::types::RangedCoordf64;

/// One axis's scale from `lo` to `hi`.
pub enum Axis {
    /// Linear.
    Lin(RangedCoordf64),
    /// Logarithmic (base 10).
    Log(LogCoord<f64>),
}

impl Axis {
    /// The axis from `lo` to `hi`, logarithmic when `log`.
    pub fn new(lo: f64, hi: f64, log: bool) -> Axis {
        if log {
            Axis::Log((lo..hi).log_scale().into())
        } else {
            Axis::Lin((lo..hi).into())
        }
    }
}

impl Ranged for Axis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        match self {
            Axis::Lin(a) => a.map(value, limit),
            Axis::Log(a) => a.map(value, limit),
        }
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        match self {
            Axis::Lin(a) => a.key_points(hint),
            Axis::Log(a) => a.key_points(hint),
        }
    }

    fn range(&self) -> Range<f64> {
        match self {
            Axis::Lin(a) => a.range(),
            Axis::Log(a) => a.range(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Axis;
    use plotters::coord::combinators::{IntoLogRange, LogCoord};
    use plotters::coord::ranged1d::Ranged;
    use plotters::coord::types::RangedCoordf64;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn maps_and_ticks_as_plotters_own_scales() {
        // A latency axis (linear) and a traffic axis over five decades (log), each against
        // the plotters type the chart used before: the same pixels, ticks and range.
        let lin: RangedCoordf64 = (12.5..480.0).into();
        let log: LogCoord<f64> = (2.0..250_000.0).log_scale().into();
        let (a, b) = (
            Axis::new(12.5, 480.0, false),
            Axis::new(2.0, 250_000.0, true),
        );
        for limit in [(0, 640), (400, 20)] {
            for k in 0..=50 {
                let v = 12.5 + f64::from(k) * 9.35;
                assert_eq!(a.map(&v, limit), lin.map(&v, limit));
                let w = 2.0 * 1.26_f64.powi(k);
                assert_eq!(b.map(&w, limit), log.map(&w, limit));
            }
        }
        for hint in [4_usize, 10, 30] {
            assert_eq!(a.key_points(hint), lin.key_points(hint));
            assert_eq!(b.key_points(hint), log.key_points(hint));
        }
        assert_eq!((a.range(), b.range()), (lin.range(), log.range()));
        // The log axis's ticks are powers of ten and their multiples, as plotters draws them.
        assert!(b.key_points(10).contains(&1000.0));
    }
}
