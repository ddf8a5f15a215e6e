//! The Hypercycles paper's Figure 2 in the papers registry (`icn table hypercycle-figure2`).
//!
//! The OCR copy keeps the figure's caption, not its curves, so the only printed values are
//! the text's claim: backtrack-to-the-origin-and-retry is "clearly superior" to e-cube on
//! the 4-cube. The table shows the simulated delays (computed only) and, per offered load,
//! whether the claim holds there.

use crate::error::ParamError;
use crate::table::PaperTable;
use crate::topology::hypercycle::Hypercycle;

use super::{simulate, Policy, SimConfig, SimError};

/// Why the Figure 2 item could not be computed (never in practice: its network and
/// configuration are fixed and valid).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Figure2Error {
    /// The 4-cube was refused.
    #[error(transparent)]
    Network(#[from] ParamError),
    /// The simulator refused the configuration.
    #[error(transparent)]
    Sim(#[from] SimError),
}

/// The offered loads of the audit: up to 0.7, where the paper's comparison is about the
/// curves' shape (docs/paper-notes.md: at 0.8 and above both saturate in the model).
pub const FIGURE2_LOADS: [f64; 7] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7];

/// The registry item: mean set-up delays of backtrack and e-cube on the 4-cube (seed 1,
/// the default model of [`SimConfig`]), and the paper's claim checked at every load.
///
/// # Errors
/// Never in practice (the network and configuration are fixed and valid).
pub fn figure2_claims() -> Result<PaperTable, Figure2Error> {
    let net = Hypercycle::new(&[2, 2, 2, 2], &[1, 1, 1, 1])?;
    let cfg = SimConfig {
        loads: FIGURE2_LOADS.to_vec(),
        policies: vec![Policy::Backtrack, Policy::Ecube],
        ..SimConfig::default()
    };
    let report = simulate(&net, &cfg)?;
    let mut table = PaperTable::new(
        "hypercycle-figure2",
        "Dimopoulos et al., Hypercycles: a status report, §4, Figure 2".into(),
        "Circuit set-up on the 4-cube: mean set-up delay (in transmission times T = 100 ticks) against offered load normalised to capacity, for backtrack-to-the-origin-and-retry and e-cube (hold and wait). Seeded discrete-event simulation, seed 1, 5 000 warm-up and 50 000 measured ticks (the model: docs/charts.md). The OCR copy has the caption, not the curves: the printed value is the text's claim that backtracking is clearly superior (1 = its delay is below e-cube's at that load).",
    );
    table.notes.push("The delays are computed only: the curves are not in the OCR copy. Where the model's curves knee and what happens beyond 0.7: docs/paper-notes.md, Hypercycles, Figure 2.".into());
    let group = format!("the 4-cube ({}), seed {}", report.spec, cfg.seed);
    let backtrack = report.series(Policy::Backtrack);
    let ecube = report.series(Policy::Ecube);
    for (b, e) in backtrack.iter().zip(&ecube) {
        let row = format!("offered load {}", b.offered_load);
        let tidy = crate::metrics::tidy;
        table.cell(
            &group,
            row.clone(),
            "backtrack delay / T".into(),
            None,
            Some(tidy(b.mean_delay)),
            None,
        );
        table.cell(
            &group,
            row.clone(),
            "e-cube delay / T".into(),
            None,
            Some(tidy(e.mean_delay)),
            None,
        );
        let superior = b.mean_delay < e.mean_delay && !b.saturated;
        table.cell(
            &group,
            row,
            "backtrack superior (1 = yes)".into(),
            Some(1.0),
            Some(if superior { 1.0 } else { 0.0 }),
            Some("not reproduced (unexplained)"),
        );
    }
    Ok(table.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Verdict;

    /// The claim holds at every load, and both curves rise with the load (a second,
    /// independent property of any queueing curve).
    #[test]
    fn backtracking_is_superior_and_delays_rise() {
        let t = figure2_claims().unwrap();
        let col = |name: &str| -> Vec<f64> {
            t.cells
                .iter()
                .filter(|c| c.column == name)
                .map(|c| c.computed.unwrap().value())
                .collect()
        };
        assert_eq!(col("backtrack superior (1 = yes)"), vec![1.0; 7]);
        for name in ["backtrack delay / T", "e-cube delay / T"] {
            let d = col(name);
            assert_eq!(d.len(), 7);
            assert!(d.windows(2).all(|w| w[0] < w[1]), "{name}: {d:?}");
        }
        assert!(t
            .cells
            .iter()
            .all(|c| matches!(c.verdict, Verdict::Match | Verdict::NotPrinted)));
    }
}
