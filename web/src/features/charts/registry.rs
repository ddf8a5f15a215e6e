//! The charts' side of the page, listed once: each line pairs a chart of core's list
//! (`icn_core::charts::ChartKind`, `ChartData`) with its data type, whose [`ChartView`]
//! (in the chart's module of this folder) says what the view shows of it, and the
//! functions the view calls are made of the list. A chart of core missing here is a
//! compile error (the matches are exhaustive).

use icn_core::charts::{
    ChartData, ChartKind, ChartRequest, D2h2Chart, D3MdfChart, DensityChart, DistancesChart,
    HcDistancesChart, HcLoadsChart, HcSimChart, LensDistancesChart, LensLoadsChart, LevelsChart,
    LoadChart, NetDistancesChart, NetLoadsChart,
};
use leptos::prelude::*;

use super::view::ChartView;
use crate::charts::{plot, theme, LegendEntry, Surface};

/// Makes of the list of charts the functions that hand a kind, or a chart's data, to its
/// [`ChartView`].
macro_rules! registry {
    ($($kind:ident => $chart:ty,)*) => {
        /// What chart `kind` shows and how it counts (its [`ChartView::EXPLANATION`]).
        pub(super) fn explanation(kind: ChartKind) -> &'static str {
            match kind {
                $(ChartKind::$kind => <$chart as ChartView>::EXPLANATION,)*
            }
        }

        /// The glossary keys of chart `kind` (its [`ChartView::TERMS`]).
        pub(super) fn terms(kind: ChartKind) -> &'static [&'static str] {
            match kind {
                $(ChartKind::$kind => <$chart as ChartView>::TERMS,)*
            }
        }

        /// Draws `data` on `canvas` in the page's current colours; returns the legend's
        /// entries.
        ///
        /// # Errors
        /// When the canvas cannot be drawn on.
        pub(super) fn draw(
            canvas: Surface<'_>,
            data: &ChartData,
        ) -> Result<Vec<LegendEntry>, String> {
            let theme = theme::current();
            let plots = match data {
                $(ChartData::$kind(d) => d.plots(&theme),)*
            };
            plot::render_panels(canvas, &plots, &theme)
        }

        /// The figure's title of `data`, asked for by `request`.
        pub(super) fn title(data: &ChartData, request: &ChartRequest) -> String {
            match data {
                $(ChartData::$kind(d) => d.title(request),)*
            }
        }

        /// What the figure of `data` says between its drawing and its table.
        pub(super) fn notes(data: &ChartData) -> Option<AnyView> {
            match data {
                $(ChartData::$kind(d) => d.notes(),)*
            }
        }

        /// The head and body of `data`'s table.
        pub(super) fn table(data: ChartData) -> AnyView {
            match data {
                $(ChartData::$kind(d) => d.table(),)*
            }
        }
    };
}

registry! {
    Density => DensityChart,
    Levels => LevelsChart,
    Load => LoadChart,
    Distances => DistancesChart,
    D2h2 => D2h2Chart,
    LensLoads => LensLoadsChart,
    LensDistances => LensDistancesChart,
    HcDistances => HcDistancesChart,
    HcLoads => HcLoadsChart,
    HcSim => HcSimChart,
    D3Mdf => D3MdfChart,
    NetDistances => NetDistancesChart,
    NetLoads => NetLoadsChart,
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn every_chart_is_explained_in_the_glossarys_terms() {
        for k in ChartKind::ALL {
            assert!(!explanation(k).is_empty(), "{}", k.name());
            assert!(!terms(k).is_empty(), "{}", k.name());
            for key in terms(k) {
                let known = icn_web_model::glossary::term(key).is_some();
                assert!(known, "{}: {key} is not in the glossary", k.name());
            }
        }
    }
}
