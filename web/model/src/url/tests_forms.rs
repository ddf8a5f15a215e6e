//! The state is the shown view's: one form, found through [`ViewForm`].

use super::*;
use crate::defaults::FromNetwork;

/// Reads `query` as the app does: core answers the network's defaults.
fn read(query: &str) -> AppState {
    AppState::from_query(query, &FromNetwork)
}

#[test]
fn a_state_holds_the_shown_views_form_and_no_other() {
    /// Whether `s` holds a form `F`.
    fn holds<F: ViewForm>(s: &AppState) -> bool {
        s.form::<F>().is_some()
    }
    for &v in View::ALL {
        let s = AppState::fresh(v, &FromNetwork);
        assert_eq!(s.view(), ViewChoice::Known(v));
        // The same state `?view=SLUG` opens.
        assert_eq!(read(&format!("view={}", v.slug())), s, "{v:?}");
        let held = [
            holds::<RouteForm>(&s),
            holds::<WalkForm>(&s),
            holds::<JoinForm>(&s),
            holds::<PapersForm>(&s),
            holds::<ScheduleForm>(&s),
            holds::<SubnetForm>(&s),
            holds::<ChartsForm>(&s) && holds::<ChartsSimForm>(&s),
            holds::<CompareForm>(&s),
            holds::<DeadlockForm>(&s),
            holds::<SimForm>(&s),
            holds::<ThroughputForm>(&s),
        ];
        assert_eq!(held.iter().filter(|h| **h).count(), 1, "{v:?}");
    }
    // A view's fresh form (its fallback while another view replaces it) is the one its
    // bare address opens with, where that needs no network's defaults.
    assert_eq!(SimForm::fresh(), *read("view=sim").sim());
    assert_eq!(ChartsForm::fresh(), *read("view=charts").charts());
    assert_eq!(PapersForm::fresh(), *read("view=papers").papers());
    for s in [read(""), read("view=nowhere")] {
        assert!(!holds::<RouteForm>(&s) && !holds::<SimForm>(&s));
    }
}
