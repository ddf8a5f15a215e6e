//! Reading and writing every view's state, hostile values included.

use icn_core::FAMILIES;

use super::route::split_spec;
use super::*;
use crate::defaults::FromNetwork;

/// Reads `query` as the app does: core answers the network's defaults.
fn read(query: &str) -> AppState {
    AppState::from_query(query, &FromNetwork)
}

const EXAMPLE: &str = "view=route&t=hypercycle:m=5x4x3,rho=2x1x1&from=000&to=421&s=minimal";

#[test]
fn flags_toggle_and_are_not_extra_items() {
    let mut s = read("?view=route&t=lens:p=3,q=3,n=3,completed");
    assert!(s.route().has_flag("completed"));
    assert!(s.route().extra_items().is_empty());
    s.route_mut().set_flag("completed", false);
    assert_eq!(s.route().spec(), "lens:p=3,q=3,n=3");
    s.route_mut().set_flag("completed", true);
    s.route_mut().set_flag("completed", true);
    assert_eq!(s.route().spec(), "lens:p=3,q=3,n=3,completed");
    // A flag given a value is not a flag: it stays visible as an extra item.
    let odd = read("?view=route&t=lens:p=3,n=3,completed=yes");
    assert!(!odd.route().has_flag("completed"));
    assert_eq!(odd.route().extra_items().len(), 1);
}

#[test]
fn d3_glgl_path_is_url_state_like_the_strategy() {
    // §10's glgl path beside the strategy's route: `glgl=1`, written only when on.
    let q = "view=route&t=d3:k=3,m=4&from=(0,0,1)&to=(0,2,1)&s=glgl-direct&glgl=1";
    let s = read(&format!("?{q}"));
    assert!(s.route().glgl);
    assert_eq!(s.route().strategy, "glgl-direct");
    assert_eq!(read(&s.to_query()), s);
    assert!(s.to_query().ends_with("&glgl=1"), "{}", s.to_query());
    let mut off = s.clone();
    off.route_mut().glgl = false;
    assert!(!off.to_query().contains("glgl="), "{}", off.to_query());
    assert!(!read("?view=route&t=d3:k=3,m=4&glgl=0").route().glgl);
    assert!(!read("?view=route&t=d3:k=3,m=4").route().glgl);
}

#[test]
fn reads_the_documented_example() {
    let s = read(&format!("?{EXAMPLE}"));
    assert_eq!(s.view(), ViewChoice::Known(View::Route));
    assert_eq!(s.route().family, "hypercycle");
    assert_eq!(s.route().param("m"), "5x4x3");
    assert_eq!(s.route().param("rho"), "2x1x1");
    assert_eq!(s.route().spec(), "hypercycle:m=5x4x3,rho=2x1x1");
    assert_eq!(
        (s.route().from.as_str(), s.route().to.as_str()),
        ("000", "421")
    );
    assert_eq!(s.route().strategy, "minimal");
    assert_eq!(s.to_query(), EXAMPLE);
}

#[test]
fn percent_encoded_and_plain_queries_agree() {
    let encoded = "view=route&t=hypercycle%3Am%3D5x4x3%2Crho%3D2x1x1&from=000&to=421&s=minimal";
    assert_eq!(read(encoded), read(EXAMPLE));
}

#[test]
fn missing_values_take_the_family_example() {
    // The bare address is the first screen (tests_start.rs); `view=route` alone, the
    // example the route explorer always opened with.
    let s = read("view=route");
    assert_eq!(s.view(), ViewChoice::Known(View::Route));
    assert_eq!(*s.route(), RouteForm::example(&FAMILIES[0]));

    let cube = read("t=hypercube:n=6");
    assert_eq!(
        (cube.route().from.as_str(), cube.route().to.as_str()),
        ("000000", "101101")
    );
    assert_eq!(cube.route().strategy, "minimal");
}

#[test]
fn missing_addresses_fit_the_network_when_the_example_does_not() {
    let s = read("t=hypercube:n=3");
    assert_eq!(
        (s.route().from.as_str(), s.route().to.as_str()),
        ("000", "111")
    );
}

#[test]
fn invalid_values_are_kept_as_typed() {
    let q = "view=route&t=hypercycle:m=5xx3,rho=2x1x1,zz&from=0z9&to=&s=fastest";
    let s = read(q);
    assert_eq!(s.route().param("m"), "5xx3");
    assert_eq!(s.route().from, "0z9");
    assert_eq!(s.route().to, "");
    assert_eq!(s.route().strategy, "fastest");
    assert_eq!(s.route().spec(), "hypercycle:m=5xx3,rho=2x1x1,zz");
    assert_eq!(s.to_query(), q);
    let unknown = read("t=nosuchfamily:k=4");
    assert_eq!(unknown.route().family, "nosuchfamily");
    assert_eq!(unknown.route().spec(), "nosuchfamily:k=4");
}

#[test]
fn every_state_round_trips() {
    let specs = [
        "hypercycle:m=5x4x3,rho=2x1x1",
        "hypercube:n=6",
        "hypercycle",
        "hypercycle:",
        "hypercycle:m=3,,",
        "a b:c=d&e=f+g%",
        "hypercycle:rho=1x1,m=6x5,m=7",
        "Üñí:x=ø",
    ];
    for spec in specs {
        for (from, to, s) in [
            ("000", "421", "minimal"),
            ("", "a&b=c", "e cube"),
            ("#1", "%zz", ""),
        ] {
            let state = AppState {
                open: if s == "minimal" {
                    [vec![1], vec![1, 0]].into_iter().collect()
                } else {
                    OpenItems::new()
                },
                shown: ViewState::Route(RouteForm {
                    family: split_spec(spec).0,
                    items: split_spec(spec).1,
                    from: from.into(),
                    to: to.into(),
                    strategy: s.into(),
                    glgl: s == "minimal",
                    path: (s == "minimal").then_some(3),
                }),
            };
            assert_eq!(state.route().spec(), spec);
            assert_eq!(read(&state.to_query()), state, "{spec} {from} {to} {s}");
        }
    }
}

#[test]
fn deadlock_state_round_trips_and_opens_on_a_torus_with_dimension_order() {
    let s = read("view=deadlock");
    assert_eq!(s.view(), ViewChoice::Known(View::Deadlock));
    let f = &s.deadlock();
    assert_eq!(
        (
            f.spec.as_str(),
            f.routing.as_str(),
            f.scheme.as_str(),
            f.vcs.as_str(),
            f.step.as_str()
        ),
        ("torus:k=4x4", "dor", "one", "1", "1")
    );
    // A spec without a routing takes the network's first; a hostile value is kept as typed.
    let s = read("view=deadlock&t=hypercube:n=4");
    assert_eq!(s.deadlock().routing, "minimal");
    let q = "view=deadlock&t=torus:k=8&s=dor&scheme=dateline&vcs=2%26x&step=3";
    let s = read(q);
    assert_eq!(s.deadlock().vcs, "2&x");
    assert_eq!(read(&s.to_query()), s);
    assert!(!s.deadlock().duato());
    assert!(!s.to_query().contains("escape"), "{}", s.to_query());
    // Duato's condition: the escape routing and its scheme round-trip, hostile values as
    // typed (the view reports them at their fields).
    let q =
        "view=deadlock&t=torus:k=4x4&s=minimal&scheme=one&vcs=3&step=2&escape=dor&escheme=dateline";
    let s = read(q);
    assert!(s.deadlock().duato());
    assert_eq!(
        (
            s.deadlock().escape.as_str(),
            s.deadlock().escape_scheme.as_str()
        ),
        ("dor", "dateline")
    );
    assert_eq!(read(&s.to_query()), s);
    for hostile in ["%3Cscript%3E", "%26escape%3Dx", "%E2%80%AE", "a%20b"] {
        let s = read(&format!(
            "view=deadlock&t=torus:k=4x4&s=minimal&escape={hostile}&escheme={hostile}"
        ));
        assert!(s.deadlock().duato());
        assert_eq!(read(&s.to_query()), s, "{hostile}");
    }
    // An empty escape is the plain graph; a scheme without an escape is dropped.
    let s = read("view=deadlock&t=torus:k=4x4&escape=&escheme=dateline");
    assert!(!s.deadlock().duato());
    assert_eq!(s.deadlock().escape_scheme, "one");
    assert!(!s.to_query().contains("escheme"));
    assert_eq!(read(&s.to_query()), s);
    // Another view's state holds no deadlock form: its keys are that view's.
    let route = read("view=route&t=mesh:k=3x3&s=dor");
    assert_eq!(route.form::<DeadlockForm>(), None);
}

#[test]
fn sim_state_round_trips_and_opens_on_an_8x8_mesh_with_dimension_order() {
    let s = read("view=sim");
    assert_eq!(s.view(), ViewChoice::Known(View::Sim));
    let f = &s.sim();
    assert_eq!(
        (
            f.spec.as_str(),
            f.routing.as_str(),
            f.traffic.as_str(),
            f.scheme.as_str()
        ),
        ("mesh:k=8x8", "dor", "uniform", "auto")
    );
    assert_eq!(
        (
            f.vcs.as_str(),
            f.buf.as_str(),
            f.size.as_str(),
            f.rates.as_str(),
            f.seed.as_str()
        ),
        ("2", "8", "1", SIM_RATES, "1")
    );
    assert!(f.spec2.is_empty() && f.routing2.is_empty() && f.at.is_empty() && f.extra.is_empty());
    // The comparison, the chosen load and the other keys are written only when set.
    assert!(!s.to_query().contains("t2=") && !s.to_query().contains("keys="));
    // The other BookSim2 keys travel as typed, `;` and `=` included.
    let s = read("view=sim&keys=routing_delay%3D0%3Bcredit_delay%3D2");
    assert_eq!(s.sim().extra, "routing_delay=0;credit_delay=2");
    assert_eq!(read(&s.to_query()).sim(), s.sim());
    // A spec without a routing takes the network's first; hostile values are kept as typed.
    let s = read("view=sim&t=hypercube:n=4");
    assert_eq!(s.sim().routing, "minimal");
    let q =
        "view=sim&t=torus:k=8&s=dor&traffic=tornado&vcs=x%26y&rates=0.1,0.2&t2=ring&s2=dor&at=0.2";
    let s = read(q);
    assert_eq!(
        (
            s.sim().vcs.as_str(),
            s.sim().spec2.as_str(),
            s.sim().at.as_str()
        ),
        ("x&y", "ring", "0.2")
    );
    assert_eq!(read(&s.to_query()), s);
    // Another view's state holds no simulation form.
    assert_eq!(read("view=route&t=hypercube:n=3").form::<SimForm>(), None);
}

#[test]
fn schedule_state_round_trips_and_defaults_to_one_to_all_on_d3_3_4() {
    let s = read("view=schedule");
    assert_eq!(s.view(), ViewChoice::Known(View::Schedule));
    assert_eq!(
        (s.schedule().spec.as_str(), s.schedule().collective.as_str()),
        ("d3:k=3,m=4", "one-to-all")
    );
    let q = "view=schedule&t=d3:k=2,m=3&c=all-to-all&root=(1,2,0)&rule=greedy&step=5";
    let s = read(q);
    assert_eq!(s.schedule().root, "(1,2,0)");
    assert_eq!(s.schedule().step, 5);
    assert_eq!(read(&s.to_query()), s);
    // The walkthrough's `t` and `step` stay the walkthrough's.
    let walk = read("view=walk&t=d3:k=2,m=3");
    assert_eq!(walk.form::<ScheduleForm>(), None);
    assert_eq!(walk.walk().spec, "d3:k=2,m=3");
}

#[test]
fn permutation_and_play_round_trip_in_the_schedule_state() {
    let q = "view=schedule&t=d3:k=3,m=4&c=permutation&root=(0,0,1)&rule=paper&step=2&perm=random&seed=7&play=1";
    let s = read(q);
    assert_eq!(
        (s.schedule().perm.as_str(), s.schedule().seed.as_str()),
        ("random", "7")
    );
    assert!(s.schedule().play);
    assert_eq!(read(&s.to_query()), s);
    for part in ["perm=random", "seed=7", "play=1"] {
        assert!(s.to_query().contains(part), "{part} in {}", s.to_query());
    }
    // play is on only for `1`; perm and seed are written only for a permutation.
    assert!(!read("view=schedule&play=yes").schedule().play);
    let other = read("view=schedule&c=all-to-all&perm=swap");
    assert!(!other.to_query().contains("perm"));
    assert_eq!(other.schedule().perm, "shift");
}

/// What is not written is not read either: the state an address opens is the state its
/// rewritten address opens (the fuzz target `query` checks this of any address; these are
/// its findings: seed=5 kept under perm=shift, an empty s= kept as an empty strategy).
#[test]
fn an_address_opens_the_state_its_rewrite_opens() {
    for q in [
        "view=schedule&c=all-to-all&perm=swap",
        "view=schedule&c=permutation&perm=shift&seed=5",
        "view=charts&chart=kyklos-load&s&t=kyklos2:m=2,r=2,n=4",
    ] {
        let s = read(q);
        assert_eq!(read(&s.to_query()), s, "{q}");
    }
    assert_eq!(read("view=charts&s=").charts().strategy, "y2");
}

#[test]
fn subnet_state_round_trips_and_defaults_to_the_papers_kappa() {
    let s = read("view=subnet");
    assert_eq!(s.view(), ViewChoice::Known(View::Subnet));
    assert_eq!(
        (
            s.subnet().spec.as_str(),
            s.subnet().kind.as_str(),
            s.subnet().set.as_str()
        ),
        ("d3:k=9,m=3", "cabinets", "1,2,5,8")
    );
    let q = "view=subnet&t=d3:k=5,m=4&kind=drawers&set=0%2C+x%26";
    let s = read(q);
    assert_eq!(s.subnet().set, "0, x&");
    assert_eq!(read(&s.to_query()), s);
    // Another view's `t` is not the sub-network's.
    assert_eq!(
        read("view=schedule&t=d3:k=2,m=3").form::<SubnetForm>(),
        None
    );
}

#[test]
fn unknown_views_are_reported_not_replaced() {
    let s = read("view=no-such-view&t=hypercube:n=4");
    assert_eq!(s.view(), ViewChoice::Unknown("no-such-view".into()));
    assert_eq!(s.to_query(), "view=no-such-view");
    for v in View::ALL {
        assert_eq!(View::from_slug(v.slug()), Some(*v));
    }
}

#[test]
fn walk_state_round_trips_and_defaults_to_figure_2() {
    let q = "view=walk&t=lens:p=4,q=4,n=10,completed&from=021.0212012&to=0110010.212&choice=class1&step=3";
    let s = read(q);
    assert_eq!(s.view(), ViewChoice::Known(View::Walk));
    assert_eq!(s.walk().choice, "class1");
    assert_eq!(s.walk().step, 3);
    assert!(!s.walk().loads);
    assert_eq!(s.to_query(), q);
    let region = "view=walk&t=lens:p=3,q=3,n=3,completed&from=0.00&to=1.11&choice=class3:2&loads=1";
    let r = read(region);
    assert_eq!(
        (r.walk().choice.as_str(), r.walk().loads),
        ("class3:2", true)
    );
    assert_eq!(r.to_query(), region);
    let d = read("view=walk").walk().clone();
    assert_eq!(
        (d.spec.as_str(), d.from.as_str(), d.to.as_str()),
        WALK_EXAMPLE
    );
    // Figure 2 opens on its class-1 route (docs/specs.md), any other pair on a shortest path.
    assert_eq!((d.choice.as_str(), d.step), ("class1", 0));
    let other = read("view=walk&t=lens:p=4,q=4,n=10,completed&from=0.000000000&to=0110010.212");
    assert_eq!(other.walk().choice, "shortest");
    let small = read("view=walk&t=lens:p=3,q=3,n=3&step=x").walk().clone();
    assert_eq!(small.step, 0);
    assert!(!small.from.is_empty() && !small.to.is_empty());
    let odd = read("view=walk&from=0z.1&to=&choice=sideways");
    assert_eq!(odd.walk().from, "0z.1");
    assert_eq!(odd.walk().to, "");
    assert_eq!(odd.walk().choice, "sideways");
    assert_eq!(read(&odd.to_query()).walk(), odd.walk());
}

#[test]
fn join_state_round_trips_and_defaults_to_the_worked_example() {
    let q = "view=join&t=kyklos2:m=2,r=2,n=4,shuffle=proposed&s=3&r=12";
    let s = read(q);
    assert_eq!(s.view(), ViewChoice::Known(View::Join));
    assert_eq!((s.join().s.as_str(), s.join().r.as_str()), ("3", "12"));
    assert_eq!(s.to_query(), q);
    let d = read("view=join").join().clone();
    assert_eq!((d.spec.as_str(), d.s.as_str(), d.r.as_str()), JOIN_EXAMPLE);
    // Another network without nodes: its default route's ends.
    let other = read("view=join&t=kyklos2:m=2,r=2,n=4").join().clone();
    assert!(!other.s.is_empty() && !other.r.is_empty());
    // Anything typed is kept as typed, even when it is nothing like a node.
    for bad in [
        "",
        "x",
        "-1",
        "99999999999999999999",
        "<0,1,0>",
        "4 2",
        "%zz",
    ] {
        let st = AppState {
            shown: ViewState::Join(JoinForm {
                spec: "kyklos2:m=3,r=2,n=4".into(),
                s: bad.into(),
                r: bad.into(),
            }),
            open: OpenItems::new(),
        };
        assert_eq!(read(&st.to_query()).join(), st.join(), "{bad}");
    }
    // The route explorer's `s` (a strategy) is not the join view's `s`: the join view reads
    // its keys only when shown.
    let route = read("view=route&t=kyklos2:m=2,r=2,n=6&s=y2");
    assert_eq!(route.route().strategy, "y2");
    assert_eq!(route.form::<JoinForm>(), None);
}

#[test]
fn parameters_are_edited_in_place() {
    let mut f = RouteForm::example(&FAMILIES[0]);
    f.set_param("m", "6x5");
    f.set_param("rho", "");
    assert_eq!(f.spec(), "hypercycle:m=6x5");
    f.set_param("rho", "1x2");
    assert_eq!(f.spec(), "hypercycle:m=6x5,rho=1x2");
    f.set_param("m", "");
    f.set_param("rho", "");
    assert_eq!(f.spec(), "hypercycle");
}

#[test]
fn extra_items_are_listed_and_removable() {
    let mut s = read("t=hypercube:n=4,n=5,x=1,flag").route().clone();
    let extras: Vec<usize> = s.extra_items().iter().map(|(i, _)| *i).collect();
    assert_eq!(extras, vec![1, 2, 3]);
    s.remove_item(2);
    assert_eq!(s.spec(), "hypercube:n=4,n=5,flag");
}

#[test]
fn escapes_only_what_changes_meaning() {
    let q = Query(vec![("t".into(), "a:b=c,d&e+f g%#".into())]);
    assert_eq!(q.encode(), "t=a:b=c,d%26e%2Bf%20g%25%23");
    assert_eq!(Query::parse(&q.encode()), q);
    assert_eq!(Query::parse("a=%zz&b=%4").get("a"), Some("%zz"));
    assert_eq!(Query::parse("a=%zz&b=%4").get("b"), Some("%4"));
    assert_eq!(Query::parse("a=x+y").get("a"), Some("x y"));
}

#[test]
fn presentation_parameters_are_read_and_kept_beside_any_view() {
    let p = Presentation::from_query("view=walk&embed=1&theme=dark&id=fig%202&v=1");
    assert!(p.embed);
    assert_eq!(p.theme, Theme::Dark);
    assert_eq!(p.id.as_deref(), Some("fig 2"));
    assert_eq!(p.unknown_version(), None);
    assert_eq!(p.suffix(), "&v=1&theme=dark&embed=1&id=fig%202");
    // The view's own state does not see them, and they do not change it.
    let with = read("view=walk&embed=1&theme=dark&id=x&v=1");
    assert_eq!(with, read("view=walk"));
    assert_eq!(
        p.full_site_query("view=walk"),
        "view=walk&v=1&theme=dark",
        "the link back to the full site drops embed and id"
    );
    let plain = Presentation::from_query("view=route");
    assert_eq!(
        (plain.embed, plain.theme, plain.suffix()),
        (false, Theme::Auto, String::new())
    );
    assert_eq!(plain.embed_query("view=route"), "view=route&v=1&embed=1");
    for odd in ["theme=blue", "theme=", "theme=DARK"] {
        assert_eq!(Presentation::from_query(odd).theme, Theme::Auto, "{odd}");
    }
    assert!(!Presentation::from_query("embed=0").embed);
    assert_eq!(Presentation::from_query("v=2").unknown_version(), Some("2"));
    assert_eq!(Presentation::from_query("v=x").unknown_version(), Some("x"));
    assert_eq!(Presentation::from_query("v=0").unknown_version(), Some("0"));
    let long = format!("id={}", "a".repeat(500));
    assert_eq!(
        Presentation::from_query(&long).id.map(|i| i.len()),
        Some(64)
    );
}

#[test]
fn charts_view_round_trips_hostile_values() {
    let s = read("view=charts&chart=levels&t=kyklos2:m=2,r=2,n=4&s=hr&n=x%26y");
    assert_eq!(s.view(), ViewChoice::Known(View::Charts));
    assert_eq!(s.charts().chart, "levels");
    assert_eq!(s.charts().n.as_deref(), Some("x&y"));
    assert_eq!(read(&s.to_query()), s);
    let d = read("view=charts");
    assert_eq!(d.charts().chart, CHARTS_DEFAULT.0);
    assert_eq!(d.charts().n, None);
    assert_eq!(
        d.to_query(),
        "view=charts&chart=density&t=kyklos2:m=2,r=2,n=6,shuffle=proposed&s=y2"
    );
    // The family charts default to their own network; seed and ticks round-trip.
    let h = read("view=charts&chart=hc-sim&seed=7&ticks=x%26");
    assert_eq!(h.charts().spec, "hypercube:n=4");
    assert_eq!(
        (
            h.charts_sim().seed.as_deref(),
            h.charts_sim().ticks.as_deref()
        ),
        (Some("7"), Some("x&"))
    );
    let back = read(&h.to_query());
    assert_eq!(
        (&back.charts(), &back.charts_sim()),
        (&h.charts(), &h.charts_sim())
    );
    assert_eq!(
        read("view=charts&chart=lens-loads").charts().spec,
        "lens:p=3,q=3,n=3"
    );
}

#[test]
fn papers_view_round_trips() {
    let s = read("view=papers&paper=lens");
    assert_eq!(s.view(), ViewChoice::Known(View::Papers));
    assert_eq!(s.papers().paper, "lens");
    assert_eq!(s.to_query(), "view=papers&paper=lens");
    assert_eq!(read("view=papers").papers().paper, "kyklos");
    // The filter and the layout, kept; anything else reads as the defaults.
    let s = read("view=papers&paper=d2&diff=1&layout=list");
    assert!(s.papers().differences_only);
    assert_eq!(s.papers().layout, PaperLayout::List);
    assert_eq!(s.to_query(), "view=papers&paper=d2&diff=1&layout=list");
    for hostile in [
        "diff=yes",
        "diff=",
        "diff=1%00",
        "layout=LIST",
        "layout=grid",
        "layout=%E2%80%AE",
    ] {
        let s = read(&format!("view=papers&paper=d2&{hostile}"));
        assert_eq!(s.to_query(), "view=papers&paper=d2", "{hostile}");
    }
}

#[test]
fn compare_view_round_trips_hostile_specs_in_order() {
    let hostile = [
        "hypercycle:m=5x4x3,rho=2x1x1",
        "a&b=c#d",
        "lens:p=3,q=3,n=2,completed",
        "x%y+z",
    ];
    let form = CompareForm {
        specs: hostile.iter().map(|s| s.to_string()).collect(),
    };
    let state = read(&form.to_query());
    assert_eq!(state.view(), ViewChoice::Known(View::Compare));
    assert_eq!(*state.compare(), form);
    assert_eq!(state.to_query(), form.to_query());
    // Specs keep their ':', ',' and '=' readable; '&', '#', '%' and '+' are escaped.
    assert!(form
        .to_query()
        .contains("t1=hypercycle:m=5x4x3,rho=2x1x1&t2=a%26b=c%23d&t3="));
    // Defaults fill up to two; gaps close; `t` stands for a missing `t1`.
    let d = read("view=compare");
    assert_eq!(
        d.compare().specs,
        COMPARE_DEFAULT.map(String::from).to_vec()
    );
    let gap = read("view=compare&t3=hypercube:n=3&t1=lens:p=2,q=2,n=2");
    assert_eq!(gap.compare().specs, ["lens:p=2,q=2,n=2", "hypercube:n=3"]);
    let one = read("view=compare&t=mdf:k=2,m=3&t5=hypercube:n=2");
    assert_eq!(one.compare().specs, ["mdf:k=2,m=3", COMPARE_DEFAULT[1]]);
    // Other views' `t` is not the compare view's.
    assert_eq!(read("view=route&t=mdf:k=2,m=3").form::<CompareForm>(), None);
}

#[test]
fn throughput_state_round_trips_and_opens_on_the_rings_worst_case() {
    let s = read("view=throughput");
    assert_eq!(s.view(), ViewChoice::Known(View::Throughput));
    let f = &s.throughput();
    assert_eq!(
        (
            f.spec.as_str(),
            f.routing.as_str(),
            f.traffic.as_str(),
            f.optimal,
            f.pair.as_str()
        ),
        ("torus:k=8", "dor", "worst", false, "1")
    );
    assert!(!s.to_query().contains("optimal"), "{}", s.to_query());
    // Another network: its first routing, uniform traffic.
    let s = read("view=throughput&t=hypercube:n=3");
    assert_eq!(
        (
            s.throughput().routing.as_str(),
            s.throughput().traffic.as_str()
        ),
        ("minimal", "uniform")
    );
    // A permutation (with its commas and colon), the optimal toggle and a hostile pair
    // round-trip as typed.
    let q = "view=throughput&t=mesh:k=4x4&s=dor&traffic=perm:1,0,x&optimal=1&pair=2%26y";
    let s = read(q);
    assert_eq!(s.throughput().traffic, "perm:1,0,x");
    assert!(s.throughput().optimal);
    assert_eq!(s.throughput().pair, "2&y");
    assert_eq!(read(&s.to_query()), s);
    assert!(s.to_query().contains("optimal=1"), "{}", s.to_query());
    assert!(!s.to_query().contains("sort="), "{}", s.to_query());
    assert!(!s.to_query().contains("link="), "{}", s.to_query());
    // The link-load table's order and selected channel round-trip as typed, hostile ones
    // too (the view says what is wrong with them).
    for (sort, link) in [
        ("-from", "3"),
        ("share", "0"),
        ("x%26y", "99999999999999999999"),
    ] {
        let s = read(&format!(
            "view=throughput&t=torus:k=4x4&sort={sort}&link={link}"
        ));
        assert_eq!(read(&s.to_query()), s);
        assert!(
            s.to_query().contains(&format!("&link={link}")),
            "{}",
            s.to_query()
        );
    }
    let s = read("view=throughput&sort=-from&link=3");
    assert_eq!(
        (s.throughput().sort.as_str(), s.throughput().link.as_str()),
        ("-from", "3")
    );
    // The keys belong to the view shown: the simulator's traffic does not leak in.
    let s = read("view=sim&t=mesh:k=4x4&traffic=tornado");
    assert_eq!(s.form::<ThroughputForm>(), None);
    assert_eq!(s.sim().traffic, "tornado");
}

#[test]
fn the_throughput_views_simulate_link_opens_the_simulator_on_that_permutation() {
    let href = throughput::sim_href("torus:k=8", "dor", "perm:4,0,5,6,7,1,2,3");
    let s = read(href.trim_start_matches('?'));
    assert_eq!(s.view(), ViewChoice::Known(View::Sim));
    assert_eq!(
        (
            s.sim().spec.as_str(),
            s.sim().routing.as_str(),
            s.sim().traffic.as_str()
        ),
        ("torus:k=8", "dor", "perm:4,0,5,6,7,1,2,3")
    );
}
