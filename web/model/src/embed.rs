//! The Embed panel's snippets as text (docs/embedding.md): the `embed.js` placeholder, which
//! sizes its frame from the content at the reader's width (the default), and the plain
//! `<iframe>`, whose height is the one measured at one width; and the preview's address,
//! which leaves the theme out (the panel sends it as a message, so that a theme change does
//! not load the preview again and re-run its view's job).

/// Escapes text for a double-quoted HTML attribute.
pub fn attr(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// What a snippet is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet<'a> {
    /// The page's address without its query (`https://host/sub/path/`).
    pub page: &'a str,
    /// The folder `embed.js` sits in, next to index.html (ends with `/`).
    pub folder: &'a str,
    /// The embed's query: the view's state, `v=`, the theme, `embed=1`, the panel.
    pub query: &'a str,
    /// The frame's accessible title.
    pub title: &'a str,
    /// The height measured at the chosen width (CSS px).
    pub height: u32,
}

impl Snippet<'_> {
    /// The `embed.js` placeholder and script: the frame follows its content at whatever
    /// width the reader's page gives it; `height` is only its first height.
    pub fn script(&self) -> String {
        // embed.js adds embed=1 and an id itself.
        let query = without_key(self.query, "embed");
        format!(
            "<div data-icnplay=\"{}\" data-icnplay-title=\"{}\" data-icnplay-height=\"{}\"></div>\n<script src=\"{}embed.js\" async></script>",
            attr(&query),
            attr(self.title),
            self.height,
            attr(self.folder),
        )
    }

    /// The plain `<iframe>`, at the height measured at one width.
    pub fn iframe(&self) -> String {
        format!(
            "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"{}\" style=\"border:0\" loading=\"lazy\"></iframe>",
            attr(&format!("{}?{}", self.page, self.query)),
            attr(self.title),
            self.height,
        )
    }
}

/// `query` without its `key=…` pairs (the others in their order).
pub fn without_key(query: &str, key: &str) -> String {
    query
        .split('&')
        .filter(|pair| pair.split('=').next() != Some(key) && !pair.is_empty())
        .collect::<Vec<_>>()
        .join("&")
}

/// The preview frame's query: the embed's without its theme (the panel sends the theme to
/// the frame as a message instead), with the preview's `id=`.
pub fn preview_query(embed_query: &str, id: &str) -> String {
    format!("{}&id={id}", without_key(embed_query, "theme"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUERY: &str =
        "view=walk&t=lens:p=4,q=4,n=10,completed&step=3&v=1&theme=dark&embed=1&panel=player";

    fn snippet() -> Snippet<'static> {
        Snippet {
            page: "https://example.org/icnplay/",
            folder: "https://example.org/icnplay/",
            query: QUERY,
            title: "icnplay: Lens walkthrough",
            height: 612,
        }
    }

    #[test]
    fn the_script_snippet_leaves_embed_to_embed_js_and_keeps_the_rest() {
        assert_eq!(
            snippet().script(),
            "<div data-icnplay=\"view=walk&amp;t=lens:p=4,q=4,n=10,completed&amp;step=3&amp;v=1&amp;theme=dark&amp;panel=player\" \
             data-icnplay-title=\"icnplay: Lens walkthrough\" data-icnplay-height=\"612\"></div>\n\
             <script src=\"https://example.org/icnplay/embed.js\" async></script>"
        );
    }

    #[test]
    fn the_iframe_snippet_carries_the_measured_height() {
        assert_eq!(
            snippet().iframe(),
            "<iframe src=\"https://example.org/icnplay/?view=walk&amp;t=lens:p=4,q=4,n=10,completed&amp;step=3&amp;v=1&amp;theme=dark&amp;embed=1&amp;panel=player\" \
             title=\"icnplay: Lens walkthrough\" width=\"100%\" height=\"612\" style=\"border:0\" loading=\"lazy\"></iframe>"
        );
    }

    #[test]
    fn attributes_are_escaped() {
        assert_eq!(attr(r#"a"b<c>&d"#), "a&quot;b&lt;c&gt;&amp;d");
        let odd = Snippet {
            title: "x\" onload=\"alert(1)",
            ..snippet()
        };
        assert!(odd
            .script()
            .contains("data-icnplay-title=\"x&quot; onload=&quot;alert(1)\""));
    }

    #[test]
    fn the_preview_drops_only_the_theme() {
        assert_eq!(
            preview_query(QUERY, "pv"),
            "view=walk&t=lens:p=4,q=4,n=10,completed&step=3&v=1&embed=1&panel=player&id=pv"
        );
        // A key that merely starts like another stays.
        assert_eq!(
            without_key("themes=1&theme=light&a=2", "theme"),
            "themes=1&a=2"
        );
        assert_eq!(without_key("", "theme"), "");
    }
}
