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
        }
    }

    /// The view whose slug is `slug`.
    pub fn from_slug(slug: &str) -> Option<View> {
        View::ALL.iter().copied().find(|v| v.slug() == slug)
    }

    /// The view shown when the query names none.
    pub fn default_view() -> View {
        View::ALL[0]
    }
}

/// Which view the query asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ViewChoice {
    /// A view the site has.
    Known(View),
    /// `view=` named something else; kept to say so.
    Unknown(String),
}
