//! The Embed panel's snippets as text (docs/embedding.md): the `embed.js` placeholder, which
//! sizes its frame from the content at the reader's width (the default), and the plain
//! `<iframe>`, for pages that allow no script, whose height per width is the one measured at
//! the preview's widths (a container query per width); and the preview's address,
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
    /// Every height measured so far: `(width, height)` in CSS px, by increasing width.
    pub heights: &'a [(u32, u32)],
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

    /// The plain `<iframe>`. With one height measured, fixed at it. With heights measured at
    /// several widths, wrapped in a box whose container queries give the frame, at each
    /// width, the height measured at the widest measured width not above it: content grows
    /// as it narrows, so the frame is never shorter than it is at a measured width. The
    /// frame's own `height` (for browsers without container queries) is the narrowest
    /// width's, the tallest.
    pub fn iframe(&self) -> String {
        let src = attr(&format!("{}?{}", self.page, self.query));
        let title = attr(self.title);
        if self.heights.len() < 2 {
            return format!(
                "<iframe src=\"{src}\" title=\"{title}\" width=\"100%\" height=\"{}\" style=\"border:0\" loading=\"lazy\"></iframe>",
                self.heights.first().map_or(self.height, |&(_, h)| h),
            );
        }
        let class = format!("icnplay-{:08x}", fnv1a(self.query));
        let rules: String = self
            .heights
            .iter()
            .map(|&(w, h)| {
                format!("@container (min-width:{w}px){{.{class}>iframe{{height:{h}px}}}}")
            })
            .collect();
        format!(
            "<div class=\"{class}\" style=\"container-type:inline-size\">\n<style>{rules}</style>\n\
             <iframe src=\"{src}\" title=\"{title}\" width=\"100%\" height=\"{}\" style=\"border:0;display:block\" loading=\"lazy\"></iframe>\n</div>",
            self.heights[0].1,
        )
    }
}

/// The 32-bit FNV-1a hash of `text`: a class name that differs between two embeds of one
/// page and stays the same for the same state.
fn fnv1a(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// `(width, height)` pairs with `height` recorded at `width`, replacing an older one there,
/// by increasing width.
pub fn record_height(heights: &mut Vec<(u32, u32)>, width: u32, height: u32) {
    match heights.binary_search_by_key(&width, |&(w, _)| w) {
        Ok(i) => heights[i].1 = height,
        Err(i) => heights.insert(i, (width, height)),
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
            heights: &[],
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

    /// At 390, 700 and 1000 px the frame gets each width's height; between them, the
    /// narrower width's (taller); the fallback height is the narrowest's.
    #[test]
    fn the_iframe_snippet_has_a_height_per_width() {
        let mut heights = Vec::new();
        record_height(&mut heights, 700, 812);
        record_height(&mut heights, 1000, 640);
        record_height(&mut heights, 390, 1100);
        record_height(&mut heights, 700, 820);
        assert_eq!(heights, [(390, 1100), (700, 820), (1000, 640)]);
        let text = Snippet {
            heights: &heights,
            ..snippet()
        }
        .iframe();
        let class = format!("icnplay-{:08x}", fnv1a(QUERY));
        assert_eq!(
            text,
            format!(
                "<div class=\"{class}\" style=\"container-type:inline-size\">\n<style>\
                 @container (min-width:390px){{.{class}>iframe{{height:1100px}}}}\
                 @container (min-width:700px){{.{class}>iframe{{height:820px}}}}\
                 @container (min-width:1000px){{.{class}>iframe{{height:640px}}}}</style>\n\
                 <iframe src=\"https://example.org/icnplay/?view=walk&amp;t=lens:p=4,q=4,n=10,completed&amp;step=3&amp;v=1&amp;theme=dark&amp;embed=1&amp;panel=player\" \
                 title=\"icnplay: Lens walkthrough\" width=\"100%\" height=\"1100\" style=\"border:0;display:block\" loading=\"lazy\"></iframe>\n</div>"
            )
        );
        // Another state, another class: two embeds on one page keep their own heights.
        let other = Snippet {
            query: "view=route&v=1&embed=1",
            heights: &heights,
            ..snippet()
        }
        .iframe();
        assert!(!other.contains(&class));
        // One width measured: the plain frame at that height.
        let one = Snippet {
            heights: &heights[1..2],
            ..snippet()
        }
        .iframe();
        assert!(one.ends_with("height=\"820\" style=\"border:0\" loading=\"lazy\"></iframe>"));
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
