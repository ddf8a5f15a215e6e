//! The views of the site and the `view=` parameter that picks one.

/// The views of the site, in menu order. The navigation is generated from [`View::ALL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// Distance, path counts and paths between two nodes, with a diagram.
    Route,
    /// The Lens walkthrough: a route played step by step, with the paper's analysis.
    Walk,
    /// KYKLOS relational joins: where the partial join of two fragments happens.
    Join,
    /// Every reproduced table of the five papers, printed beside computed.
    Papers,
    /// A D3 collective played step by step (`?view=schedule`).
    Schedule,
    /// D3 sub-networks (Theorem 1 and the maintenance sub-networks, `?view=subnet`).
    Subnet,
    /// Charts of load, density and distance (`?view=charts&chart=NAME`).
    Charts,
    /// Two to four networks side by side (`?view=compare&t1=SPEC&t2=SPEC…`).
    Compare,
    /// Whether a routing can deadlock: its channel dependency graph, a cycle drawn, the
    /// virtual channels it needs (`?view=deadlock&t=SPEC&s=ROUTING&scheme=S&vcs=N`).
    Deadlock,
    /// The packet simulator: latency against offered load, saturation, channel utilisation
    /// (`?view=sim&t=SPEC&s=ROUTING&traffic=T…`).
    Sim,
    /// Throughput: a routing's channel bound under a traffic, its worst-case permutation,
    /// the best any routing could do (`?view=throughput&t=SPEC&s=ROUTING&traffic=T`).
    Throughput,
}

impl View {
    /// Every view, in menu order; the first is the default.
    pub const ALL: &'static [View] = &[
        View::Route,
        View::Walk,
        View::Join,
        View::Schedule,
        View::Subnet,
        View::Charts,
        View::Compare,
        View::Deadlock,
        View::Sim,
        View::Throughput,
        View::Papers,
    ];

    /// The value of `view=` in the query.
    pub fn slug(self) -> &'static str {
        match self {
            View::Route => "route",
            View::Walk => "walk",
            View::Join => "join",
            View::Papers => "papers",
            View::Schedule => "schedule",
            View::Subnet => "subnet",
            View::Charts => "charts",
            View::Compare => "compare",
            View::Deadlock => "deadlock",
            View::Sim => "sim",
            View::Throughput => "throughput",
        }
    }

    /// The menu title.
    pub fn title(self) -> &'static str {
        match self {
            View::Route => "Route explorer",
            View::Walk => "Lens walkthrough",
            View::Join => "KYKLOS joins",
            View::Papers => "Papers",
            View::Schedule => "D3 schedules",
            View::Subnet => "D3 sub-networks",
            View::Charts => "Charts",
            View::Compare => "Compare",
            View::Deadlock => "Deadlock",
            View::Sim => "Simulation",
            View::Throughput => "Throughput",
        }
    }

    /// The view whose slug is `slug`.
    pub fn from_slug(slug: &str) -> Option<View> {
        View::ALL.iter().copied().find(|v| v.slug() == slug)
    }

    /// The view shown when the query names none but holds the keys it reads
    /// ([`START_BLOCKERS`]); the bare address opens the first screen ([`ViewChoice::Start`]).
    pub fn default_view() -> View {
        View::ALL[0]
    }

    /// The navigation's label: plain words, short enough for a phone's row.
    pub fn label(self) -> &'static str {
        match self {
            View::Route => "Route explorer",
            View::Compare => "Compare",
            View::Charts => "Charts",
            View::Walk => "Lens walkthrough",
            View::Join => "Database joins",
            View::Schedule => "Collective schedules",
            View::Subnet => "Sub-networks",
            View::Papers => "Papers",
            View::Sim => "Simulation",
            View::Deadlock => "Deadlock check",
            View::Throughput => "Throughput",
        }
    }

    /// One line on what the view does: the navigation link's `title`.
    pub fn blurb(self) -> &'static str {
        match self {
            View::Route => {
                "Any network: the distance, every path and the route drawn between two nodes"
            }
            View::Compare => "Two to four networks side by side: size, degree, distances, loads",
            View::Charts => "Load, density and distance charts, the papers' figures among them",
            View::Walk => "The Lens paper's route played bus by bus, with its analysis",
            View::Join => "KYKLOS: where the relational join of two fragments happens",
            View::Schedule => {
                "The Swapped Dragonfly's collectives (one-to-all, all-to-all) step by step"
            }
            View::Subnet => "The Swapped Dragonfly's sub-networks (Theorem 1) drawn and checked",
            View::Papers => "Every reproduced table of the five papers, printed beside computed",
            View::Sim => "Packets simulated: latency against offered load, saturation, channel use",
            View::Deadlock => "Can this routing deadlock? Its channel dependencies, a cycle drawn",
            View::Throughput => {
                "A routing's throughput, its bottleneck and worst-case permutation, the best possible"
            }
        }
    }

    /// The navigation's group of this view.
    pub fn group(self) -> NavGroup {
        match self {
            View::Route | View::Compare | View::Charts => NavGroup::Explore,
            View::Walk | View::Join | View::Schedule | View::Subnet | View::Papers => {
                NavGroup::Papers
            }
            View::Sim | View::Deadlock | View::Throughput => NavGroup::Verify,
        }
    }
}

/// The navigation's groups, in order; each lists its views in [`View::ALL`]'s order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NavGroup {
    /// Any network: routes, comparisons, charts.
    Explore,
    /// Simulation and the deadlock check.
    Verify,
    /// What the five papers show.
    Papers,
}

impl NavGroup {
    /// Every group, in the navigation's order.
    pub const ALL: [NavGroup; 3] = [NavGroup::Explore, NavGroup::Verify, NavGroup::Papers];

    /// The group's heading.
    pub fn label(self) -> &'static str {
        match self {
            NavGroup::Explore => "Explore a network",
            NavGroup::Verify => "Simulate and verify",
            NavGroup::Papers => "The papers",
        }
    }

    /// The group's views, in [`View::ALL`]'s order.
    pub fn views(self) -> impl Iterator<Item = View> {
        View::ALL.iter().copied().filter(move |v| v.group() == self)
    }
}

/// `view=` of the first screen; the bare address opens it too.
pub const START_SLUG: &str = "start";

/// The keys that, in a query without `view=`, keep the route explorer (the default view of
/// every release before the first screen): the route explorer's, the Papers view's (read
/// whatever the view), the aggregates opened, and embedding. A query without `view=` and
/// without any of these (the bare address; or only `theme=`, `v=`, `id=` or keys the site
/// does not read) opens the first screen.
pub const START_BLOCKERS: &[&str] = &[
    "t", "from", "to", "s", "path", "glgl", "open", "paper", "diff", "layout", "embed", "panel",
];

/// Which view the query asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ViewChoice {
    /// The first screen (`view=start`, or the bare address): what icnplay is, a network
    /// drawn, and a gallery of links into the views.
    Start,
    /// A view the site has.
    Known(View),
    /// `view=` named something else; kept to say so.
    Unknown(String),
}
