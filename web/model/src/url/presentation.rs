//! How the page is shown, beside any view's own state: `embed=`, `theme=`, `id=` and the
//! URL format's version `v=`.

use super::Query;

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

/// How the page is shown, beside the view's own state: `embed=1` (the view alone, no site
/// header, navigation or footer), `theme=`, `id=` (echoed in the height messages an embedded
/// page posts) and `v=` (the URL format). These are the same for every view and are kept in
/// the address bar as the view's state changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation {
    /// `embed=1`: the view without the site's chrome.
    pub embed: bool,
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
            id: None,
            ..self.clone()
        };
        format!("{view_query}{}", full.suffix())
    }

    /// The query an embed of `view_query` uses: `v=` (the current format), the theme if one
    /// is chosen, `embed=1`.
    pub fn embed_query(&self, view_query: &str) -> String {
        let embed = Presentation {
            embed: true,
            id: None,
            version: Some(URL_VERSION.to_string()),
            theme: self.theme,
        };
        format!("{view_query}{}", embed.suffix())
    }
}
