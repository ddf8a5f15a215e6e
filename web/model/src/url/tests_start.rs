//! The first screen: which addresses open it, and which keep the route explorer they opened
//! before it existed (e2e/tests/url-versions.spec.ts holds such links literally).

use super::*;
use crate::defaults::FromNetwork;

fn view_of(query: &str) -> ViewChoice {
    AppState::from_query(query, &FromNetwork).view()
}

#[test]
fn the_bare_address_opens_the_first_screen() {
    for q in [
        "",
        "?",
        "view=",
        "?theme=dark",
        "v=1&id=w",
        "theme=light&v=1",
        "utm_source=x",
    ] {
        assert_eq!(view_of(q), ViewChoice::Start, "{q:?}");
    }
    assert_eq!(view_of("view=start"), ViewChoice::Start);
    assert_eq!(view_of("view=start&t=hypercube:n=3"), ViewChoice::Start);
    // It writes its own slug, which reads back as itself.
    let s = AppState::from_query("", &FromNetwork);
    assert_eq!(s.to_query(), "view=start");
    assert_eq!(view_of(&s.to_query()), ViewChoice::Start);
}

#[test]
fn a_query_with_the_route_explorers_keys_keeps_the_route_explorer() {
    let route = ViewChoice::Known(View::Route);
    for q in [
        "t=hypercube:n=3&from=000&to=111",
        "from=000",
        "to=421",
        "s=ecube",
        "path=2",
        "glgl=1",
        "open=3",
        "paper=d2",
        "embed=1",
        "embed=1&theme=dark&id=w",
        "panel=diagram",
        "view=&t=hypercube:n=3",
        "view=route",
    ] {
        assert_eq!(view_of(q), route, "{q:?}");
    }
    // As before the first screen: the family's example and the pair given.
    let s = AppState::from_query("t=hypercube:n=3&from=000&to=111", &FromNetwork);
    assert_eq!(
        (s.route().spec(), s.route().from.as_str()),
        ("hypercube:n=3".into(), "000")
    );
}

#[test]
fn every_view_is_in_one_navigation_group_with_a_label_and_a_line() {
    let grouped: Vec<View> = NavGroup::ALL.iter().flat_map(|g| g.views()).collect();
    assert_eq!(grouped.len(), View::ALL.len());
    for v in View::ALL {
        assert_eq!(grouped.iter().filter(|g| *g == v).count(), 1, "{v:?}");
        assert!(!v.label().is_empty() && v.label().len() <= 20, "{v:?}");
        assert!(v.blurb().len() > v.label().len(), "{v:?}");
    }
}
