//! How the page is shown, beside any view's own state: `embed=`, `panel=` (which figure an
//! embed shows), `theme=`, `id=` and the URL format's version `v=`.

use super::{Query, View};

/// The version of the URL format this build writes and reads (`v=`). A query without `v=`
/// is version 1, the format of the first release; a later release that changes what a
/// parameter means bumps this number and keeps reading every older version
/// (docs/embedding.md, "Versioned URLs").
pub const URL_VERSION: u32 = 1;

/// The page's colour theme (`theme=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    /// Follow the system, or the host page when embedded (the default).
    Auto,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

impl Theme {
    /// The value of `theme=`.
    pub fn slug(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// What a figure-first embed (`embed=1&panel=…`) shows: the view's visual first and alone,
/// with its few controls around it and a link to the full view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    /// A drawing of the network (route, join site, deadlock cycle, sub-network).
    Diagram,
    /// A step-by-step player with its drawing (the walkthrough, a schedule).
    Player,
    /// A chart (charts, compare, simulation).
    Chart,
    /// A table (the papers' tables, the join grid).
    Table,
}

impl Panel {
    /// Every panel, in the order the Embed panel offers them.
    pub const ALL: [Panel; 4] = [Panel::Diagram, Panel::Player, Panel::Chart, Panel::Table];

    /// The value of `panel=`.
    pub fn slug(self) -> &'static str {
        match self {
            Panel::Diagram => "diagram",
            Panel::Player => "player",
            Panel::Chart => "chart",
            Panel::Table => "table",
        }
    }

    /// The panel whose slug is `slug` (exactly, lower case).
    pub fn from_slug(slug: &str) -> Option<Panel> {
        Panel::ALL.into_iter().find(|p| p.slug() == slug)
    }

    /// What the Embed panel calls it.
    pub fn label(self) -> &'static str {
        match self {
            Panel::Diagram => "the diagram",
            Panel::Player => "the step-by-step player",
            Panel::Chart => "the chart",
            Panel::Table => "the table",
        }
    }
}

impl View {
    /// The figure-first panels this view has, its main one first
    /// ([`ViewDef::PANELS`](super::ViewDef::PANELS)).
    pub fn panels(self) -> &'static [Panel] {
        self.facts().panels
    }
}

/// How the page is shown, beside the view's own state: `embed=1` (the view alone, no site
/// header, navigation or footer), `theme=`, `id=` (echoed in the height messages an embedded
/// page posts) and `v=` (the URL format). These are the same for every view and are kept in
/// the address bar as the view's state changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation {
    /// `embed=1`: the view without the site's chrome.
    pub embed: bool,
    /// `panel=`: the figure an embed shows first and alone; `None` when absent or not a
    /// panel's name (the whole view is embedded). Only read in embed mode
    /// ([`Presentation::panel_for`]).
    pub panel: Option<Panel>,
    /// `theme=`; anything else than `light`, `dark` or `auto` reads as `auto`.
    pub theme: Theme,
    /// `id=`, as given (at most 64 characters are kept).
    pub id: Option<String>,
    /// `v=`, as given; `None` when absent (version 1).
    pub version: Option<String>,
}

impl Presentation {
    /// Reads the presentation parameters of a query (with or without `?`). Never fails.
    pub fn from_query(query: &str) -> Presentation {
        let q = Query::parse(query);
        Presentation {
            embed: matches!(q.get("embed"), Some("1" | "true" | "yes")),
            panel: q.get("panel").and_then(Panel::from_slug),
            theme: match q.get("theme") {
                Some("light") => Theme::Light,
                Some("dark") => Theme::Dark,
                _ => Theme::Auto,
            },
            id: q
                .get("id")
                .filter(|id| !id.is_empty())
                .map(|id| id.chars().take(64).collect()),
            version: q.get("v").map(str::to_string),
        }
    }

    /// The parameters to append to a view's query, `&`-prefixed ("" when all are defaults).
    pub fn suffix(&self) -> String {
        let mut pairs: Vec<(String, String)> = Vec::new();
        if let Some(v) = &self.version {
            pairs.push(("v".into(), v.clone()));
        }
        if self.theme != Theme::Auto {
            pairs.push(("theme".into(), self.theme.slug().into()));
        }
        if self.embed {
            pairs.push(("embed".into(), "1".into()));
            if let Some(panel) = self.panel {
                pairs.push(("panel".into(), panel.slug().into()));
            }
        }
        if let Some(id) = &self.id {
            pairs.push(("id".into(), id.clone()));
        }
        if pairs.is_empty() {
            String::new()
        } else {
            format!("&{}", Query(pairs).encode())
        }
    }

    /// Whether `v=` names a format this build does not know (a newer release's, or not a
    /// number); the page then says so and reads the link as the current format.
    pub fn unknown_version(&self) -> Option<&str> {
        let v = self.version.as_deref()?;
        match v.parse::<u32>() {
            Ok(n) if (1..=URL_VERSION).contains(&n) => None,
            _ => Some(v),
        }
    }

    /// The query of the full site for `view_query` in this presentation: no `embed`, no `id`,
    /// the theme and version kept.
    pub fn full_site_query(&self, view_query: &str) -> String {
        let full = Presentation {
            embed: false,
            panel: None,
            id: None,
            ..self.clone()
        };
        format!("{view_query}{}", full.suffix())
    }

    /// The panel `view` shows: `panel=` when embedded and the view has that panel; `None`
    /// (the whole view) otherwise, so a panel another view has, or none, falls back to the
    /// whole view.
    pub fn panel_for(&self, view: View) -> Option<Panel> {
        self.panel
            .filter(|p| self.embed && view.panels().contains(p))
    }

    /// The query an embed of `view_query` uses: `v=` (the current format), the theme if one
    /// is chosen, `embed=1`, and `panel=` if one is chosen.
    pub fn embed_query(&self, view_query: &str) -> String {
        let embed = Presentation {
            embed: true,
            panel: self.panel,
            id: None,
            version: Some(URL_VERSION.to_string()),
            theme: self.theme,
        };
        format!("{view_query}{}", embed.suffix())
    }
}
