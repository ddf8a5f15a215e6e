//! The first screen's content as data: the network drawn alive on it ([`LIVE_SPEC`],
//! [`LIVE_PAIRS`]) and the gallery of stories, each a link into a view in a prepared state
//! ([`STORIES`]). Tested here: every story's query opens the view it names.

use crate::url::View;

/// The network drawn on the first screen: a small torus everyone has seen.
pub const LIVE_SPEC: &str = "torus:k=6x6";

/// The routing lit on it: every minimal path soft, the first one strong.
pub const LIVE_ROUTING: &str = "minimal";

/// The pairs the drawing moves through, one after the other (source, destination).
pub const LIVE_PAIRS: &[(&str, &str)] = &[
    ("(0,0)", "(2,3)"),
    ("(1,4)", "(4,1)"),
    ("(5,5)", "(3,2)"),
    ("(2,0)", "(2,3)"),
    ("(4,4)", "(0,1)"),
];

/// One card of the gallery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Story {
    /// Its name in `data-testid="story-{slug}"`.
    pub slug: &'static str,
    /// The title, in plain words.
    pub title: &'static str,
    /// What to look at, in one sentence.
    pub look: &'static str,
    /// The view it opens.
    pub view: View,
    /// The query (without `?`) of the prepared state.
    pub query: &'static str,
}

/// A small BookSim2 configuration, as a reader would paste it (the story "paste your
/// BookSim2 file"; `?view=sim&booksim=…`).
pub const BOOKSIM_EXAMPLE: &str = "// A 4-ary 2-cube under transpose traffic\n\
topology = torus;\nk = 4;\nn = 2;\nrouting_function = dim_order;\nnum_vcs = 2;\n\
vc_buf_size = 8;\nvc_allocator = separable_input_first;\nsw_allocator = separable_input_first;\n\
traffic = transpose;\npacket_size = 1;\nseed = 7;\n";

/// The gallery, in the order shown.
pub const STORIES: &[Story] = &[
    Story {
        slug: "lens-figure-2",
        title: "Why the Lens's Figure 2 route takes its steps",
        look: "Step through the paper's class-1 route: each bus it takes changes the digits \
               that still differ, in the order the region of difference sets.",
        view: View::Walk,
        query: "view=walk&t=lens:p=4,q=4,n=10,completed&from=021.0212012&to=0110010.212\
                &choice=class1&step=1",
    },
    Story {
        slug: "dragonfly-valiant",
        title: "A Dragonfly's latency against load: minimal against Valiant",
        look: "Under tornado traffic minimal routing crowds a few global channels and \
               saturates first; Valiant's detour through a random group doubles the latency \
               at low load but carries more.",
        view: View::Sim,
        query: "view=sim&t=dragonfly:a=4,p=2,h=2&s=minimal&traffic=tornado&scheme=auto&vcs=4\
                &buf=256&size=1&rates=0.02:0.4:0.02&seed=1&s2=valiant",
    },
    Story {
        slug: "deadlock",
        title: "Is my routing deadlock-free?",
        look: "Dimension-order routing on a 4 × 4 torus with one virtual channel: the wrap-around \
               links close a cycle of channels that wait on each other; step along it, then \
               apply the fix.",
        view: View::Deadlock,
        query: "view=deadlock&t=torus:k=4x4&s=dor&scheme=one&vcs=1",
    },
    Story {
        slug: "booksim",
        title: "Paste your BookSim2 file",
        look: "A BookSim2 configuration fills the simulator's fields (see which key went where) \
               and its latency curve is drawn; replace it with yours.",
        view: View::Sim,
        query: "view=sim&booksim=%2F%2F+A+4-ary+2-cube+under+transpose+traffic%0Atopology+%3D+\
                torus%3B%0Ak+%3D+4%3B%0An+%3D+2%3B%0Arouting_function+%3D+dim_order%3B%0A\
                num_vcs+%3D+2%3B%0Avc_buf_size+%3D+8%3B%0Avc_allocator+%3D+\
                separable_input_first%3B%0Asw_allocator+%3D+separable_input_first%3B%0A\
                traffic+%3D+transpose%3B%0Apacket_size+%3D+1%3B%0Aseed+%3D+7%3B%0A",
    },
    Story {
        slug: "graph",
        title: "Bring your own graph",
        look: "The Petersen graph as an edge list: type or paste yours in its place (or a \
               BookSim2 anynet file) and every view works on it.",
        view: View::Route,
        query: "view=route&t=graph:g=AQoKAQADAAIAAgADAgADAgADAQQCAQACAQABAQAA&from=0&to=7\
                &s=minimal",
    },
    Story {
        slug: "d3-all-to-all",
        title: "The Swapped Dragonfly's all-to-all, step by step",
        look: "Step 6 of the paper's schedule on D3(2,3): the channels it uses are lit; play \
               on, and see the totals checked against its theorem.",
        view: View::Schedule,
        query: "view=schedule&t=d3:k=2,m=3&c=all-to-all&root=(0,0,0)&rule=paper&step=6",
    },
    Story {
        slug: "kyklos-y2-h2",
        title: "KYKLOS: Y-2 against H-2",
        look: "From L-node 24 to 62, Y-2 turns back inside one tree (8 hops) where H-2 climbs \
               through L-node 30 into the other tree (12 hops); the table compares every \
               strategy.",
        view: View::Route,
        query: "view=route&t=kyklos2:m=2,r=2,n=6,shuffle=proposed&from=24&to=62&s=y2",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::defaults::FromNetwork;
    use crate::url::{AppState, ViewChoice};
    use icn_core::Network;

    fn read(q: &str) -> AppState {
        AppState::from_query(q, &FromNetwork)
    }

    #[test]
    fn every_story_opens_its_view_in_the_state_it_names() {
        for s in STORIES {
            let state = read(s.query);
            assert_eq!(state.view(), ViewChoice::Known(s.view), "{}", s.slug);
            // Written and read again, the same query: the view's state is all in it.
            assert_eq!(
                read(&state.to_query()).to_query(),
                state.to_query(),
                "{}",
                s.slug
            );
            assert!(s.look.ends_with('.') && s.title.len() < 70, "{}", s.slug);
        }
        let walk = read(STORIES[0].query).walk().clone();
        assert_eq!((walk.choice.as_str(), walk.step), ("class1", 1));
        let sim = read(STORIES[1].query).sim().clone();
        assert_eq!(
            (sim.routing.as_str(), sim.routing2.as_str()),
            ("minimal", "valiant")
        );
        assert_eq!(read(STORIES[3].query).sim().pasted, BOOKSIM_EXAMPLE);
        let kyklos = read(STORIES[6].query).route().clone();
        assert_eq!(
            (
                kyklos.from.as_str(),
                kyklos.to.as_str(),
                kyklos.strategy.as_str()
            ),
            ("24", "62", "y2")
        );
    }

    #[test]
    fn the_pasted_example_reads_as_the_simulators_fields() {
        let fields = read("view=sim").sim().clone();
        let (form, _) = crate::booksim::form_of_config(BOOKSIM_EXAMPLE, None, &fields).unwrap();
        assert_eq!(
            (form.spec.as_str(), form.routing.as_str()),
            ("torus:k=4x4,lowfirst", "dor")
        );
        assert_eq!(
            (form.traffic.as_str(), form.vcs.as_str()),
            ("transpose", "2")
        );
    }

    #[test]
    fn the_live_pairs_are_addresses_of_the_live_network() {
        let net: Network = LIVE_SPEC.parse().unwrap();
        assert!(net.strategies().iter().any(|s| s.name == LIVE_ROUTING));
        for (a, b) in LIVE_PAIRS {
            let (a, b) = (net.parse_node(a).unwrap(), net.parse_node(b).unwrap());
            let route = net.route(LIVE_ROUTING, a, b, 1).unwrap();
            assert!(route.length >= 2 && a != b);
        }
    }
}
