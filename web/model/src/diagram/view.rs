//! Pan and zoom of a drawing, and moving the keyboard focus between its nodes. Pure: the
//! app's `diagram/svg.rs` feeds it pointer, wheel and key events and draws the viewBox.
//!
//! The visible part of a drawing is a [`View`]: a rectangle of the drawing's viewBox, of the
//! drawing's aspect ratio (so zooming never distorts), from the whole drawing (zoom 1) to
//! [`MAX_ZOOM`] times closer, never panned off the drawing.

use super::geometry::Point;
use super::layout::{Layout, Shape};

/// The closest zoom: the visible part is this many times smaller than the drawing.
pub const MAX_ZOOM: f64 = 40.0;
/// The smallest label size (CSS px on screen) shown; smaller labels are hidden until
/// zoomed enough.
pub const MIN_SCREEN_LABEL_PX: f64 = 11.0;
/// The zoom step of the +/− buttons and keys.
pub const STEP: f64 = 1.5;

/// The narrowest a label is squeezed to, as a share of its natural width, before it is
/// hidden instead.
pub const MIN_SQUEEZE: f64 = 0.58;

/// How a node's label is drawn at the current zoom.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LabelFit {
    /// Its font size, user units.
    pub font: f64,
    /// The width it is squeezed to (SVG `textLength`), when it is wider than its outline.
    pub squeeze: Option<f64>,
}

/// How a label of `chars` characters (monospace), laid out at `font` units inside `shape`,
/// is drawn when `visible_w` units of the drawing are shown `screen_width` CSS px wide: at
/// its own size where that is legible; else at the legible size ([`MIN_SCREEN_LABEL_PX`] on
/// screen) where it fits inside the outline, squeezed if need be to no less than
/// [`MIN_SQUEEZE`] of its width (a Lens's labels on a phone); else not at all.
pub fn label_fit(
    (visible_w, screen_width): (f64, f64),
    shape: Shape,
    chars: usize,
    font: f64,
) -> Option<LabelFit> {
    if screen_width <= 0.0 || font <= 0.0 || visible_w <= 0.0 {
        return None;
    }
    let size = MIN_SCREEN_LABEL_PX * visible_w / screen_width;
    if font >= size - 1e-9 {
        return Some(LabelFit {
            font,
            squeeze: None,
        });
    }
    // Digits stand about 0.72 em tall; a monospace glyph is 0.6 em wide.
    let glyph = 0.72 * size;
    let (room_w, room_h) = match shape {
        Shape::Circle(r) => {
            let half = 0.5 * glyph;
            (2.0 * (r * r - half * half).max(0.0).sqrt() - 2.0, 2.0 * r)
        }
        Shape::Rect { hw, hh } => (2.0 * hw - 3.0, 2.0 * hh),
    };
    let natural = 0.6 * size * chars as f64;
    if glyph > room_h || natural * MIN_SQUEEZE > room_w {
        None
    } else if natural <= room_w {
        Some(LabelFit {
            font: size,
            squeeze: None,
        })
    } else {
        Some(LabelFit {
            font: size,
            squeeze: Some(room_w),
        })
    }
}

/// The visible rectangle of a drawing `width` × `height` units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// Left edge, user units.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Visible width (the drawing's width at zoom 1).
    pub w: f64,
    /// Visible height.
    pub h: f64,
    /// The drawing's width.
    pub full_w: f64,
    /// The drawing's height.
    pub full_h: f64,
}

impl View {
    /// The whole drawing.
    pub fn whole(width: f64, height: f64) -> View {
        let (w, h) = (width.max(1.0), height.max(1.0));
        View {
            x: 0.0,
            y: 0.0,
            w,
            h,
            full_w: w,
            full_h: h,
        }
    }

    /// How many times closer than the whole drawing.
    pub fn zoom(&self) -> f64 {
        self.full_w / self.w
    }

    /// Whether this is the whole drawing.
    pub fn is_whole(&self) -> bool {
        self.zoom() <= 1.0 + 1e-9
    }

    /// The `viewBox` attribute.
    pub fn view_box(&self) -> String {
        format!("{:.2} {:.2} {:.2} {:.2}", self.x, self.y, self.w, self.h)
    }

    /// The point of the drawing at fraction (`fx`, `fy`) of the visible rectangle (0 at
    /// its left or top, 1 at its right or bottom).
    pub fn at(&self, fx: f64, fy: f64) -> Point {
        Point::new(self.x + fx * self.w, self.y + fy * self.h)
    }

    /// Zoomed by `factor` (> 1 closer) keeping the drawing's point `at` where it is on
    /// screen; clamped to zoom 1 ..= [`MAX_ZOOM`] and to the drawing.
    pub fn zoomed(&self, factor: f64, at: Point) -> View {
        if !factor.is_finite() || factor <= 0.0 {
            return *self;
        }
        let zoom = (self.zoom() * factor).clamp(1.0, MAX_ZOOM);
        let w = self.full_w / zoom;
        let h = self.full_h / zoom;
        // `at` stays at the same fraction of the visible rectangle.
        let fx = (at.x - self.x) / self.w;
        let fy = (at.y - self.y) / self.h;
        View {
            x: at.x - fx * w,
            y: at.y - fy * h,
            w,
            h,
            ..*self
        }
        .clamped()
    }

    /// Zoomed by `factor` about the middle of the visible rectangle.
    pub fn zoomed_centre(&self, factor: f64) -> View {
        self.zoomed(factor, self.at(0.5, 0.5))
    }

    /// Moved by (`dx`, `dy`) user units, kept on the drawing.
    pub fn panned(&self, dx: f64, dy: f64) -> View {
        if !dx.is_finite() || !dy.is_finite() {
            return *self;
        }
        View {
            x: self.x + dx,
            y: self.y + dy,
            ..*self
        }
        .clamped()
    }

    /// The smallest move that brings the point `p` (with `margin` units around it) into
    /// view.
    pub fn showing(&self, p: Point, margin: f64) -> View {
        let m = margin.min(self.w / 2.0).min(self.h / 2.0);
        let dx = if p.x - m < self.x {
            p.x - m - self.x
        } else if p.x + m > self.x + self.w {
            p.x + m - self.x - self.w
        } else {
            0.0
        };
        let dy = if p.y - m < self.y {
            p.y - m - self.y
        } else if p.y + m > self.y + self.h {
            p.y + m - self.y - self.h
        } else {
            0.0
        };
        self.panned(dx, dy)
    }

    fn clamped(self) -> View {
        View {
            x: self.x.clamp(0.0, (self.full_w - self.w).max(0.0)),
            y: self.y.clamp(0.0, (self.full_h - self.h).max(0.0)),
            ..self
        }
    }

    /// Zoomed in about `p` just enough that labels of `font` units are legible when shown
    /// `screen_width` CSS px wide (unchanged when they already are, or nothing is measured).
    pub fn reading(&self, p: Point, font: f64, screen_width: f64) -> View {
        if screen_width <= 0.0 || font <= 0.0 || self.legible(font, screen_width) {
            return *self;
        }
        // Legible when w ≤ font · screen_width / MIN; a little closer than that.
        let w = font * screen_width / MIN_SCREEN_LABEL_PX / 1.05;
        self.zoomed(self.w / w, p)
    }

    /// Whether a label of `font` user units is legible when the visible rectangle is shown
    /// `screen_width` CSS px wide: at least [`MIN_SCREEN_LABEL_PX`] on screen.
    pub fn legible(&self, font: f64, screen_width: f64) -> bool {
        font * screen_width / self.w >= MIN_SCREEN_LABEL_PX - 1e-9
    }
}

/// Which way an arrow key moves the focus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// ArrowLeft.
    Left,
    /// ArrowRight.
    Right,
    /// ArrowUp.
    Up,
    /// ArrowDown.
    Down,
}

impl Direction {
    /// The direction of a `KeyboardEvent.key`, if it is an arrow.
    pub fn of_key(key: &str) -> Option<Direction> {
        match key {
            "ArrowLeft" => Some(Direction::Left),
            "ArrowRight" => Some(Direction::Right),
            "ArrowUp" => Some(Direction::Up),
            "ArrowDown" => Some(Direction::Down),
            _ => None,
        }
    }

    fn unit(self) -> Point {
        match self {
            Direction::Left => Point::new(-1.0, 0.0),
            Direction::Right => Point::new(1.0, 0.0),
            Direction::Up => Point::new(0.0, -1.0),
            Direction::Down => Point::new(0.0, 1.0),
        }
    }
}

/// The node entry an arrow key moves the focus to from entry `from`: among the network's
/// nodes (not copies) lying within 60° of the direction, the one nearest, with distance
/// across the direction counted twice; `None` when there is none that way.
pub fn next_node(l: &Layout, from: usize, dir: Direction) -> Option<usize> {
    next_point(&l.nodes[..l.node_count()], from, dir)
}

/// [`next_node`] among any points (a drawing's focusable items outside a [`Layout`]).
pub fn next_point(points: &[Point], from: usize, dir: Direction) -> Option<usize> {
    let at = *points.get(from)?;
    let u = dir.unit();
    (0..points.len())
        .filter(|&v| v != from)
        .filter_map(|v| {
            let d = at.to(points[v]);
            let along = d.x * u.x + d.y * u.y;
            let across = (d.x * u.y - d.y * u.x).abs();
            // tan 60° ≈ 1.732: a cone wide enough that a row or a level above is reached.
            (along > 1e-9 && across <= 1.732 * along).then_some((v, along + 2.0 * across))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
        .map(|(v, _)| v)
}

#[cfg(test)]
mod tests {
    use super::super::draw::{draw, Drawing};
    use super::*;
    use icn_core::Network;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn zoom_keeps_the_point_under_the_pointer_and_stays_on_the_drawing() {
        let v = View::whole(400.0, 200.0);
        assert!(v.is_whole());
        let at = Point::new(100.0, 50.0);
        let z = v.zoomed(2.0, at);
        assert!(close(z.zoom(), 2.0) && close(z.w, 200.0) && close(z.h, 100.0));
        // (100, 50) was at 1/4 of the width and height; it still is.
        assert!(close((at.x - z.x) / z.w, 0.25) && close((at.y - z.y) / z.h, 0.25));
        // Zooming out past the whole drawing gives the whole drawing.
        assert_eq!(z.zoomed(0.1, at), v);
        // Zooming in far stops at MAX_ZOOM.
        assert!(close(v.zoomed(1e9, at).zoom(), MAX_ZOOM));
        // Reading 11-unit labels on a 200 px screen: zoomed in until they are 11 px.
        let r = v.reading(at, 11.0, 200.0);
        assert!(r.legible(11.0, 200.0) && r.zoom() > 1.0);
        assert!(close((at.x - r.x) / r.w, 0.25));
        assert_eq!(r.reading(at, 11.0, 200.0), r);
        assert_eq!(v.reading(at, 11.0, 0.0), v);
        // Hostile factors change nothing.
        for f in [f64::NAN, f64::INFINITY, 0.0, -2.0] {
            assert_eq!(z.zoomed(f, at), z);
        }
        // Zooming about a corner keeps the corner.
        let c = v.zoomed(4.0, Point::new(400.0, 200.0));
        assert!(close(c.x + c.w, 400.0) && close(c.y + c.h, 200.0));
    }

    #[test]
    fn panning_stops_at_the_edges() {
        let z = View::whole(400.0, 200.0).zoomed_centre(2.0);
        assert!(close(z.x, 100.0) && close(z.y, 50.0));
        let p = z.panned(-1000.0, 30.0);
        assert!(close(p.x, 0.0) && close(p.y, 80.0));
        let p = z.panned(1000.0, 1000.0);
        assert!(close(p.x, 200.0) && close(p.y, 100.0));
        assert_eq!(z.panned(f64::NAN, 0.0), z);
        // The whole drawing cannot pan.
        assert_eq!(
            View::whole(400.0, 200.0).panned(50.0, 50.0),
            View::whole(400.0, 200.0)
        );
        // Showing a point off to the right moves just enough.
        let s = z.showing(Point::new(350.0, 100.0), 10.0);
        assert!(close(s.x + s.w, 360.0) && close(s.y, 50.0));
        assert_eq!(z.showing(Point::new(200.0, 100.0), 10.0), z);
    }

    #[test]
    fn labels_are_legible_from_eleven_screen_pixels() {
        // A 9-unit label in a 900-unit drawing shown 700 px wide: 7 px, hidden; 2x: 14 px.
        let v = View::whole(900.0, 300.0);
        assert!(!v.legible(9.0, 700.0));
        assert!(v.zoomed_centre(2.0).legible(9.0, 700.0));
        assert!(View::whole(100.0, 100.0).legible(11.0, 100.0));
    }

    #[test]
    fn arrow_keys_walk_a_grid_by_rows_and_columns() {
        let net: Network = "hypercycle:m=4x4".parse().expect("spec");
        let Drawing::Layout(l) = draw(&net) else {
            panic!("drawn")
        };
        let at = |s: &str| l.labels.iter().position(|a| a == s).expect(s);
        // Rows are the first digit, columns the second (see grid.rs).
        assert_eq!(next_node(&l, at("11"), Direction::Right), Some(at("12")));
        assert_eq!(next_node(&l, at("11"), Direction::Left), Some(at("10")));
        assert_eq!(next_node(&l, at("11"), Direction::Down), Some(at("21")));
        assert_eq!(next_node(&l, at("11"), Direction::Up), Some(at("01")));
        assert_eq!(next_node(&l, at("00"), Direction::Up), None);
        assert_eq!(next_node(&l, at("00"), Direction::Left), None);
        assert_eq!(next_node(&l, 999, Direction::Left), None);
        // Every node is reached from 00 by Right and Down presses.
        let mut seen = vec![false; l.node_count()];
        let mut row = Some(at("00"));
        while let Some(r) = row {
            let mut v = Some(r);
            while let Some(x) = v {
                seen[x] = true;
                v = next_node(&l, x, Direction::Right);
            }
            row = next_node(&l, r, Direction::Down);
        }
        assert!(seen.iter().all(|&s| s));
    }

    /// A label too small at its own size is drawn at the legible size where it fits its
    /// outline, squeezed if need be, and hidden where even squeezed it would not: a Lens
    /// of p = 3 (four-character labels in circles of radius 12.2, 379 units wide) on a
    /// 324 px phone column keeps its labels; at 250 px they go.
    #[test]
    fn labels_too_small_are_drawn_larger_where_they_fit() {
        let fit =
            |screen: f64, shape: Shape, chars: usize| label_fit((379.0, screen), shape, chars, 9.0);
        let circle = Shape::Circle(12.24);
        assert_eq!(
            fit(700.0, circle, 4),
            Some(LabelFit {
                font: 9.0,
                squeeze: None
            })
        );
        let phone = fit(324.0, circle, 4).expect("drawn");
        assert!((phone.font * 324.0 / 379.0 - MIN_SCREEN_LABEL_PX).abs() < 1e-9);
        let squeezed = phone.squeeze.expect("squeezed");
        assert!(
            squeezed < 0.6 * phone.font * 4.0 && squeezed >= MIN_SQUEEZE * 0.6 * phone.font * 4.0
        );
        assert!(squeezed <= 2.0 * 12.24);
        let bus = Shape::Rect { hw: 14.3, hh: 8.0 };
        assert!(fit(324.0, bus, 4).is_some_and(|f| f.squeeze.is_some_and(|w| w <= 2.0 * 14.3)));
        assert!(fit(324.0, bus, 3).is_some_and(|f| f.squeeze.is_none()));
        assert_eq!(fit(250.0, circle, 4), None);
        assert_eq!(fit(0.0, circle, 4), None);
    }
}
