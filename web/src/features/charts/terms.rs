//! The terms each chart's axes, lines and table use (the glossary's keys), shown under the
//! chart's explanation.

use icn_core::charts::ChartKind;

/// The glossary keys of chart `kind`'s measures and strategies, in reading order.
pub(super) fn terms(kind: ChartKind) -> &'static [&'static str] {
    match kind {
        ChartKind::Density => &[
            "kyklos.density",
            "routing.mr",
            "routing.hr",
            "routing.pr",
            "routing.y2",
            "routing.d2",
        ],
        ChartKind::Levels => &["chart.level", "kyklos.density", "routing.y2"],
        ChartKind::Load => &["kyklos.partial-join", "kyklos.ib-load", "kyklos.join-level"],
        ChartKind::Distances => &["chart.p2d", "routing.mr", "routing.hr", "routing.d2"],
        ChartKind::D2h2 => &["kyklos.density", "routing.d2", "routing.hr"],
        ChartKind::LensLoads => &["chart.relay-load", "lens.bus"],
        ChartKind::LensDistances => &["lens.paper-distance", "lens.bus-distance"],
        ChartKind::HcDistances => &[
            "hypercycle.digits",
            "route.distance",
            "route.average-distance",
        ],
        ChartKind::HcLoads => &[
            "chart.channel-class",
            "net.link-load",
            "routing.ecube",
            "routing.greedy",
        ],
        ChartKind::HcSim => &["chart.setup-delay", "chart.rho", "routing.ecube"],
        ChartKind::NetDistances => &["net.terminal", "route.distance", "route.average-distance"],
        ChartKind::NetLoads => &["net.link-load", "chart.load-profile", "net.terminal"],
        ChartKind::D3Mdf => &["chart.mdf", "chart.local-global", "net.link-load"],
    }
}
