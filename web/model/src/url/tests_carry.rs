//! The state an embed and a shared link carry (issue 17): the picked path, the figure-first
//! panel, and the links that carry the network and pair between views, hostile values
//! included.

use super::*;
use crate::defaults::FromNetwork;

/// Reads `query` as the app does: core answers the network's defaults.
fn read(query: &str) -> AppState {
    AppState::from_query(query, &FromNetwork)
}

/// The state a view opens with from `?view=SLUG` (what the page passes for a view not left
/// earlier).
fn fresh(view: View) -> AppState {
    AppState::fresh(view, &FromNetwork)
}

const EXAMPLE: &str = "view=route&t=hypercycle:m=5x4x3,rho=2x1x1&from=000&to=421&s=minimal";

#[test]
fn the_picked_path_is_in_the_url_and_hostile_values_are_no_pick() {
    let s = read(&format!("{EXAMPLE}&path=3"));
    assert_eq!(s.route().path, Some(3));
    assert_eq!(s.to_query(), format!("{EXAMPLE}&path=3"));
    assert_eq!(read(&s.to_query()), s);
    assert_eq!(read(EXAMPLE).route().path, None);
    assert!(!read(EXAMPLE).to_query().contains("path="));
    for odd in [
        "0",
        "-1",
        "",
        "x",
        "3x",
        "+3",
        " 3",
        "1e3",
        "99999999999999999999",
        "1234567890",
        "３",
    ] {
        let s = read(&format!("{EXAMPLE}&path={}", value(odd)));
        assert_eq!(s.route().path, None, "path={odd:?}");
        assert!(!s.to_query().contains("path="), "path={odd:?}");
    }
    assert_eq!(
        read(&format!("{EXAMPLE}&path=999999999")).route().path,
        Some(999_999_999)
    );
    assert_eq!(read(&format!("{EXAMPLE}&path=007")).route().path, Some(7));
    // A pick is about one route: another end or strategy is another route, glgl is not.
    let mut other = s.route().clone();
    other.glgl = true;
    other.path = None;
    assert!(s.route().same_route(&other));
    other.to = "420".into();
    assert!(!s.route().same_route(&other));
    let mut other = s.route().clone();
    other.strategy = "greedy".into();
    assert!(!s.route().same_route(&other));
    let mut other = s.route().clone();
    other.set_param("rho", "1x1x1");
    assert!(!s.route().same_route(&other));
}

#[test]
fn panel_is_read_only_in_embeds_and_only_for_views_that_have_it() {
    let p = Presentation::from_query("view=route&embed=1&panel=diagram");
    assert_eq!(p.panel, Some(Panel::Diagram));
    assert_eq!(p.panel_for(View::Route), Some(Panel::Diagram));
    // Another view's panel, or none: the whole view.
    assert_eq!(p.panel_for(View::Charts), None);
    assert_eq!(p.panel_for(View::Papers), None);
    assert_eq!(p.suffix(), "&embed=1&panel=diagram");
    // Not embedded: panel= is ignored and not written back.
    let full = Presentation::from_query("view=route&panel=diagram");
    assert_eq!(full.panel_for(View::Route), None);
    assert_eq!(full.suffix(), "");
    // The link back to the full site drops it; the embed snippet keeps it.
    assert_eq!(p.full_site_query("view=route"), "view=route");
    assert_eq!(
        p.embed_query("view=route"),
        "view=route&v=1&embed=1&panel=diagram"
    );
    for odd in [
        "",
        "DIAGRAM",
        "diagram ",
        "chart<script>",
        "0",
        "x".repeat(10_000).as_str(),
    ] {
        let q = format!("view=route&embed=1&panel={}", value(odd));
        let p = Presentation::from_query(&q);
        assert_eq!(p.panel, None, "panel={odd:?}");
        assert_eq!(p.panel_for(View::Route), None);
        assert_eq!(p.suffix(), "&embed=1");
    }
    // Every view has a panel, its main one first, and every slug reads back.
    for v in View::ALL {
        assert!(!v.panels().is_empty(), "{v:?}");
        let p = Presentation::from_query(&format!("embed=1&panel={}", v.panels()[0].slug()));
        assert_eq!(p.panel_for(*v), Some(v.panels()[0]));
    }
    for panel in Panel::ALL {
        assert_eq!(Panel::from_slug(panel.slug()), Some(panel));
    }
    // The view's own state does not see it.
    assert_eq!(read("view=join&embed=1&panel=table"), read("view=join"));
}

/// `text` escaped as a query value.
fn value(text: &str) -> String {
    Query(vec![(String::new(), text.to_string())]).encode()[1..].to_string()
}

#[test]
fn links_carry_the_network_and_pair_to_views_that_take_it() {
    // From D3(5,4) in the explorer: the schedule and sub-network views open on D3(5,4).
    let d3 = read("view=route&t=d3:k=5,m=4&from=(0,0,1)&to=(3,2,1)&s=lgl");
    assert_eq!(
        d3.carried_query(View::Schedule, &fresh),
        "view=schedule&t=d3:k=5,m=4&root=%280,0,1%29"
    );
    assert_eq!(
        d3.carried_query(View::Subnet, &fresh),
        "view=subnet&t=d3:k=5,m=4"
    );
    let schedule = read(&d3.carried_query(View::Schedule, &fresh));
    assert_eq!(
        (
            schedule.schedule().spec.as_str(),
            schedule.schedule().root.as_str()
        ),
        ("d3:k=5,m=4", "(0,0,1)")
    );
    // Views that do not take a D3 open as they were left, or fresh.
    for v in [
        View::Walk,
        View::Join,
        View::Papers,
        View::Charts,
        View::Compare,
    ] {
        assert_eq!(d3.carried_query(v, &fresh), fresh(v).to_query(), "{v:?}");
        let left = |_| read(&format!("view={}&t=left", v.slug()));
        assert_eq!(d3.carried_query(v, &left), left(v).to_query(), "{v:?}");
    }
    // The walkthrough's tab opens Figure 2 on its class-1 route (docs/specs.md).
    let tab = read(&d3.carried_query(View::Walk, &fresh)).walk().clone();
    assert_eq!(
        (tab.spec.as_str(), tab.from.as_str(), tab.to.as_str()),
        WALK_EXAMPLE
    );
    assert_eq!(tab.choice, "class1");
    assert!(d3
        .carried_query(View::Walk, &fresh)
        .contains("choice=class1"));
    // Those links open the view as it was left (the papers' choice …).
    assert!(!read("view=papers&paper=lens").carries(View::Route));
    assert!(!d3.carries(View::Walk) && !d3.carries(View::Route));
    assert!(d3.carries(View::Schedule) && d3.carries(View::Deadlock));
    // KYKLOS ⟨2,2,4⟩ 3→12: the join view at ⟨2,2,4⟩ with S = 3, R = 12, and back.
    let k = read("view=route&t=kyklos2:m=2,r=2,n=4,shuffle=proposed&from=3&to=12&s=d2");
    let join = read(&k.carried_query(View::Join, &fresh));
    assert_eq!(
        (
            join.join().spec.as_str(),
            join.join().s.as_str(),
            join.join().r.as_str()
        ),
        ("kyklos2:m=2,r=2,n=4,shuffle=proposed", "3", "12")
    );
    let back = read(&join.carried_query(View::Route, &fresh));
    assert_eq!(
        (
            back.route().spec(),
            back.route().from.as_str(),
            back.route().to.as_str()
        ),
        (
            "kyklos2:m=2,r=2,n=4,shuffle=proposed".to_string(),
            "3",
            "12"
        )
    );
    // This Lens in the walkthrough keeps from and to.
    let lens = read("view=route&t=lens:p=4,q=4,n=3,completed&from=02.1&to=1.20");
    let walk = read(&lens.carried_query(View::Walk, &fresh));
    assert_eq!(
        (
            walk.walk().spec.as_str(),
            walk.walk().from.as_str(),
            walk.walk().to.as_str()
        ),
        ("lens:p=4,q=4,n=3,completed", "02.1", "1.20")
    );
    // Deadlock, simulation and throughput take any network.
    let torus = read("view=sim&t=torus:k=4x4");
    assert_eq!(
        torus.carried_query(View::Deadlock, &fresh),
        "view=deadlock&t=torus:k=4x4"
    );
    assert_eq!(
        torus
            .related()
            .iter()
            .map(|(v, _, _)| *v)
            .collect::<Vec<_>>(),
        vec![View::Route, View::Deadlock, View::Throughput]
    );
    // The view shown keeps its whole state.
    assert_eq!(d3.carried_query(View::Route, &fresh), d3.to_query());
    // Hostile specs are carried as typed (escaped), never interpreted here.
    let odd = read("view=route&t=d3:k=%26view%3Dpapers,m=4&from=%3Cx%3E");
    let q = odd.carried_query(View::Schedule, &fresh);
    assert_eq!(read(&q).view(), ViewChoice::Known(View::Schedule));
    assert_eq!(read(&q).schedule().spec, "d3:k=&view=papers,m=4");
    assert_eq!(read(&q).schedule().root, "<x>");
    // Views without one network carry nothing.
    assert!(read("view=papers").related().is_empty());
    let compare = read("view=compare");
    assert_eq!(
        compare.carried_query(View::Route, &fresh),
        fresh(View::Route).to_query()
    );
}

#[test]
fn open_aggregates_are_in_the_url_and_hostile_values_are_left_out() {
    const D3: &str = "view=route&t=d3:k=16,m=16&from=%280,0,1%29&to=%289,7,3%29&s=lgl";
    let s = read(&format!("{D3}&open=3.5,3"));
    let opened: OpenItems = [vec![3], vec![3, 5]].into_iter().collect();
    assert_eq!(s.open, opened);
    // Written in order, read back the same.
    assert_eq!(s.to_query(), format!("{D3}&open=3,3.5"));
    assert_eq!(read(&s.to_query()), s);
    assert!(!read(D3).to_query().contains("open="));
    // Every view that draws aggregates keeps it; the others never read it.
    for (q, kept) in [
        ("view=schedule&t=d3:k=16,m=16", true),
        ("view=subnet&t=d3:k=16,m=16", true),
        ("view=deadlock&t=d3:k=16,m=16", true),
        ("view=sim&t=d3:k=16,m=16", true),
        ("view=walk", false),
        ("view=join", false),
        ("view=papers", false),
        ("view=charts", false),
        ("view=compare", false),
        ("view=nowhere", false),
    ] {
        let s = read(&format!("{q}&open=2"));
        assert_eq!(s.open.len(), usize::from(kept), "{q}");
        assert_eq!(s.to_query().contains("open=2"), kept, "{q}");
    }
    // Hostile items are left out one by one; the well-written ones kept.
    for (odd, kept) in [
        ("", 0),
        (",", 0),
        ("x", 0),
        ("3,x,4", 2),
        ("-1", 0),
        ("+3", 0),
        (" 3", 0),
        ("3.", 0),
        (".3", 0),
        ("3..5", 0),
        ("1e3", 0),
        ("３", 0),
        ("4294967295", 1),
        ("4294967296", 0),
        ("99999999999999999999", 0),
        ("%3Cscript%3E", 0),
        ("3&view=papers", 1),
    ] {
        let s = read(&format!("{D3}&open={odd}"));
        assert_eq!(s.open.len(), kept, "open={odd:?}");
        assert_eq!(s.view(), ViewChoice::Known(View::Route), "open={odd:?}");
        assert_eq!(read(&s.to_query()), s, "open={odd:?}");
    }
    // Bounded: at most MAX_OPEN items of at most MAX_DEPTH levels, however long the value.
    let many: Vec<String> = (0..10_000).map(|i| i.to_string()).collect();
    let s = read(&format!("{D3}&open={}", many.join(",")));
    assert_eq!(s.open.len(), aggregates::MAX_OPEN);
    let deep = vec!["1"; aggregates::MAX_DEPTH + 1].join(".");
    assert!(read(&format!("{D3}&open={deep}")).open.is_empty());
    let deepest = vec!["1"; aggregates::MAX_DEPTH].join(".");
    assert_eq!(read(&format!("{D3}&open={deepest}")).open.len(), 1);
    assert!(read(&format!("{D3}&open={}", "7".repeat(100_000)))
        .open
        .is_empty());
}

#[test]
fn another_network_or_view_forgets_the_open_aggregates() {
    let before = read("view=route&t=d3:k=16,m=16&open=3,3.5");
    // Another pair, strategy or pick on the same network keeps them.
    let mut after = before.clone();
    after.route_mut().to = "(1,2,3)".into();
    after.route_mut().strategy = "glgl-direct".into();
    after.forget_open(&before);
    assert_eq!(after.open.len(), 2);
    // Another network forgets them.
    let mut after = before.clone();
    after.route_mut().set_param("k", "8");
    after.forget_open(&before);
    assert!(after.open.is_empty());
    // So does another view, even on the same network.
    let mut after = read("view=schedule&t=d3:k=16,m=16");
    after.open = before.open.clone();
    after.forget_open(&before);
    assert!(after.open.is_empty());
    // Links to other views never carry them; the view shown keeps them.
    for v in View::ALL {
        let q = before.carried_query(*v, &fresh);
        assert_eq!(q.contains("open="), *v == View::Route, "{v:?}: {q}");
    }
}
