//! The views of the site and the `view=` parameter that picks one: what a view is
//! ([`ViewDef`], implemented by its state in its own module) and the macro that makes
//! [`View`], [`ViewState`](super::ViewState) and every dispatch on a view of the one list of
//! views in `url/mod.rs`.

use super::carry::Context;
use super::presentation::Panel;
use super::{NetworkDefaults, Query, View};

/// One view, implemented by its state (its form, the fields its `?view=SLUG` holds) in the
/// view's module and listed once in the registry (`views!` in `url/mod.rs`), which makes its
/// [`View`] and [`ViewState`](super::ViewState) variants, and every match on views, of it.
/// The constants after [`ViewDef::PANELS`] and [`ViewDef::context`] have defaults: a view
/// that does not take the network shown elsewhere writes nothing for them.
pub trait ViewDef: Clone + PartialEq + Send + Sync + Sized + 'static {
    /// The value of `view=` in the query.
    const SLUG: &'static str;
    /// The menu title (and the embed frame's).
    const TITLE: &'static str;
    /// The navigation's label: plain words, short enough for a phone's row.
    const LABEL: &'static str;
    /// One line on what the view does: the navigation link's `title`.
    const BLURB: &'static str;
    /// The navigation's group of the view.
    const GROUP: NavGroup;
    /// The figure-first panels the view has, its main one first.
    const PANELS: &'static [Panel];
    /// Whether the view draws a network's aggregates past what it draws node by node (and
    /// so keeps `open=`).
    const DRAWS_AGGREGATES: bool = false;
    /// The networks a link carries into the view (the navigation's and "on this network").
    const TAKES: Takes = Takes::Nothing;
    /// The keys a carried pair goes to, the first node's first ([`Context::from`], then
    /// [`Context::to`]); none: the view takes the network alone.
    const PAIR_KEYS: &'static [&'static str] = &[];
    /// What a link carrying the current network to the view says it shows.
    const RELATED: &'static str = "";

    /// The state read from `q` (missing keys at their defaults; `defaults` answers those
    /// that depend on the network).
    fn from_query(q: &Query, defaults: &dyn NetworkDefaults) -> Self;

    /// The query string (without `?`) of this state, `view=` first.
    fn to_query(&self) -> String;

    /// The network and pair the view shows, carried to the views that take it; `None` for
    /// a view without one network.
    fn context(&self) -> Option<Context> {
        None
    }
}

/// Which networks a link carries into a view ([`ViewDef::TAKES`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    /// None: the view opens as it was left, or fresh.
    Nothing,
    /// Any network.
    Any,
    /// The networks of one family, by name.
    Family(&'static str),
}

impl Takes {
    /// Whether a network of `family` is taken (by name: nothing is built here; the view
    /// reports what else it needs, as for any URL).
    pub fn accepts(self, family: &str) -> bool {
        match self {
            Takes::Nothing => false,
            Takes::Any => !family.is_empty(),
            Takes::Family(f) => family == f,
        }
    }
}

/// A view's facts, as its [`ViewDef`] states them (what the registry's `View::facts`
/// answers).
#[derive(Debug, Clone, Copy)]
pub(super) struct Facts {
    slug: &'static str,
    title: &'static str,
    label: &'static str,
    blurb: &'static str,
    group: NavGroup,
    pub(super) panels: &'static [Panel],
    pub(super) draws_aggregates: bool,
    pub(super) takes: Takes,
    pub(super) pair_keys: &'static [&'static str],
    pub(super) related: &'static str,
}

impl Facts {
    /// The facts of the view whose state is `D`.
    pub(super) fn of<D: ViewDef>() -> Facts {
        Facts {
            slug: D::SLUG,
            title: D::TITLE,
            label: D::LABEL,
            blurb: D::BLURB,
            group: D::GROUP,
            panels: D::PANELS,
            draws_aggregates: D::DRAWS_AGGREGATES,
            takes: D::TAKES,
            pair_keys: D::PAIR_KEYS,
            related: D::RELATED,
        }
    }
}

/// Makes, of the list of views (`Variant => module::State,` in menu order): the state's
/// `pub use` line, [`View`] and
/// [`View::ALL`], the view's facts (`View::facts`), [`ViewState`](super::ViewState) (the
/// first screen, an unknown view, and one variant per view holding its state) with its
/// reading, writing and context, and the [`ViewForm`](super::ViewForm) of each state.
macro_rules! views {
    ($($view:ident => $module:ident::$state:ident,)*) => {
        $(pub use $module::$state;)*

        /// The views of the site, in menu order (the registry in `url/mod.rs`). The
        /// navigation is generated from [`View::ALL`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum View {
            $(
                #[doc = concat!("The view whose state is [`", stringify!($state), "`].")]
                $view,
            )*
        }

        impl View {
            /// Every view, in menu order; the first is the default.
            pub const ALL: &'static [View] = &[$(View::$view),*];

            /// The facts its state's [`ViewDef`] states.
            fn facts(self) -> view::Facts {
                match self {
                    $(View::$view => view::Facts::of::<$state>(),)*
                }
            }
        }

        /// The shown view and its form: the view's state, nothing of the others (the page
        /// keeps the views left earlier in the session apart, `icn_web`'s `Nav`).
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum ViewState {
            /// The first screen.
            Start,
            /// A `view=` the site does not know, as given.
            Unknown(String),
            $(
                #[doc = concat!("[`View::", stringify!($view), "`] and its state.")]
                $view($state),
            )*
        }

        impl ViewState {
            /// `view`'s state read from `q` (missing keys at their defaults).
            fn read(view: &ViewChoice, q: &Query, defaults: &dyn NetworkDefaults) -> ViewState {
                match view {
                    ViewChoice::Start => ViewState::Start,
                    ViewChoice::Unknown(slug) => ViewState::Unknown(slug.clone()),
                    $(ViewChoice::Known(View::$view) => {
                        ViewState::$view(<$state as ViewDef>::from_query(q, defaults))
                    })*
                }
            }

            /// The view this is the state of.
            pub fn view(&self) -> ViewChoice {
                match self {
                    ViewState::Start => ViewChoice::Start,
                    ViewState::Unknown(slug) => ViewChoice::Unknown(slug.clone()),
                    $(ViewState::$view(_) => ViewChoice::Known(View::$view),)*
                }
            }

            /// The view's own keys (without the aggregates opened in it).
            pub fn to_query(&self) -> String {
                match self {
                    ViewState::Start => Query(vec![("view".into(), START_SLUG.into())]).encode(),
                    ViewState::Unknown(slug) => Query(vec![("view".into(), slug.clone())]).encode(),
                    $(ViewState::$view(s) => s.to_query(),)*
                }
            }

            /// The network and pair the view shows ([`ViewDef::context`]).
            fn context(&self) -> Option<Context> {
                match self {
                    ViewState::Start | ViewState::Unknown(_) => None,
                    $(ViewState::$view(s) => s.context(),)*
                }
            }
        }

        $(view_form!($state, $view);)*
    };
}

pub(super) use views;

impl View {
    /// The value of `view=` in the query.
    pub fn slug(self) -> &'static str {
        self.facts().slug
    }

    /// The menu title.
    pub fn title(self) -> &'static str {
        self.facts().title
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
        self.facts().label
    }

    /// One line on what the view does: the navigation link's `title`.
    pub fn blurb(self) -> &'static str {
        self.facts().blurb
    }

    /// The navigation's group of this view.
    pub fn group(self) -> NavGroup {
        self.facts().group
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
