//! Plane geometry for the diagram: points, straight and curved edges, arrowheads and SVG
//! path text. Pure: no Leptos, no web-sys.

use std::fmt::Write;

/// A point in the diagram's user units (the SVG viewBox).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// Rightwards.
    pub x: f64,
    /// Downwards.
    pub y: f64,
}

impl Point {
    /// The point (x, y).
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// This point moved by `d` times `k`.
    pub fn plus(self, d: Point, k: f64) -> Point {
        Point::new(self.x + d.x * k, self.y + d.y * k)
    }

    /// The vector from `self` to `to`.
    pub fn to(self, to: Point) -> Point {
        Point::new(to.x - self.x, to.y - self.y)
    }

    /// Euclidean length, as a vector.
    pub fn norm(self) -> f64 {
        self.x.hypot(self.y)
    }
}

// Used by the layout tests.
#[cfg(test)]
impl Point {
    /// Euclidean distance.
    pub fn distance(self, other: Point) -> f64 {
        self.to(other).norm()
    }
}

/// An edge's drawn shape, from its first node to its second.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Curve {
    /// A straight segment.
    Line(Point, Point),
    /// A cubic Bézier: start, two control points, end.
    Cubic(Point, Point, Point, Point),
    /// A polyline through six points (repeat a point for fewer corners), for links routed
    /// around the outside of a drawing.
    Poly([Point; 6]),
}

impl Curve {
    /// A symmetric arc from `a` to `b` whose middle lies `bulge` away from the chord, on the
    /// side of `normal` (a unit vector). `spread` in 0..=0.5 places the control points along
    /// the chord: 0 makes the arc leave its ends perpendicularly, 0.25 makes a round bow.
    pub fn arc(a: Point, b: Point, normal: Point, bulge: f64, spread: f64) -> Curve {
        // A symmetric cubic reaches 3/4 of its control offset at t = 1/2.
        let c = bulge / 0.75;
        let chord = a.to(b);
        Curve::Cubic(
            a,
            a.plus(chord, spread).plus(normal, c),
            b.plus(chord, -spread).plus(normal, c),
            b,
        )
    }

    /// The same shape, traversed the other way.
    pub fn reversed(&self) -> Curve {
        match *self {
            Curve::Line(a, b) => Curve::Line(b, a),
            Curve::Cubic(a, c1, c2, b) => Curve::Cubic(b, c2, c1, a),
            Curve::Poly(mut p) => {
                p.reverse();
                Curve::Poly(p)
            }
        }
    }

    /// The points whose convex hull holds the curve: ends, control points, corners.
    pub fn hull(&self) -> Vec<Point> {
        match *self {
            Curve::Line(a, b) => vec![a, b],
            Curve::Cubic(a, c1, c2, b) => vec![a, c1, c2, b],
            Curve::Poly(p) => p.to_vec(),
        }
    }

    /// For a polyline: the segment at parameter `t` (by length) and the fraction along it.
    fn poly_segment(p: &[Point; 6], t: f64) -> (usize, f64) {
        let lengths: Vec<f64> = p.windows(2).map(|w| w[0].to(w[1]).norm()).collect();
        let total: f64 = lengths.iter().sum();
        let mut left = t.clamp(0.0, 1.0) * total;
        let mut last = 0;
        for (i, &len) in lengths.iter().enumerate() {
            if len <= f64::EPSILON {
                continue;
            }
            last = i;
            if left <= len {
                return (i, left / len);
            }
            left -= len;
        }
        (last, 1.0)
    }

    /// The same path bowed `bulge` to the right of its direction of travel (its ends kept):
    /// the two directions of one link, each bowed, are two separate arcs (a cycle of two
    /// channels drawn visibly).
    pub fn bowed(&self, bulge: f64) -> Curve {
        let (a, b) = (self.at(0.0), self.at(1.0));
        let chord = a.to(b);
        let len = chord.norm().max(f64::EPSILON);
        // Right of travel in screen coordinates (y down).
        let right = Point::new(-chord.y / len, chord.x / len);
        match *self {
            Curve::Line(a, b) => Curve::arc(a, b, right, bulge, 0.25),
            Curve::Cubic(a, c1, c2, b) => {
                let c = bulge / 0.75;
                Curve::Cubic(a, c1.plus(right, c), c2.plus(right, c), b)
            }
            Curve::Poly(mut p) => {
                for q in &mut p[1..5] {
                    *q = q.plus(right, bulge);
                }
                Curve::Poly(p)
            }
        }
    }

    /// The same shape moved by `d`.
    pub fn translated(&self, d: Point) -> Curve {
        match *self {
            Curve::Line(a, b) => Curve::Line(a.plus(d, 1.0), b.plus(d, 1.0)),
            Curve::Cubic(a, c1, c2, b) => Curve::Cubic(
                a.plus(d, 1.0),
                c1.plus(d, 1.0),
                c2.plus(d, 1.0),
                b.plus(d, 1.0),
            ),
            Curve::Poly(p) => Curve::Poly(p.map(|q| q.plus(d, 1.0))),
        }
    }

    /// The point at parameter `t` in 0..=1.
    pub fn at(&self, t: f64) -> Point {
        match *self {
            Curve::Line(a, b) => a.plus(a.to(b), t),
            Curve::Cubic(a, c1, c2, b) => {
                let u = 1.0 - t;
                let (k0, k1, k2, k3) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
                Point::new(
                    k0 * a.x + k1 * c1.x + k2 * c2.x + k3 * b.x,
                    k0 * a.y + k1 * c1.y + k2 * c2.y + k3 * b.y,
                )
            }
            Curve::Poly(p) => {
                let (i, f) = Curve::poly_segment(&p, t);
                p[i].plus(p[i].to(p[i + 1]), f)
            }
        }
    }

    /// The direction of travel at parameter `t` (not normalised).
    pub fn tangent(&self, t: f64) -> Point {
        match *self {
            Curve::Line(a, b) => a.to(b),
            Curve::Cubic(a, c1, c2, b) => {
                let u = 1.0 - t;
                let (k0, k1, k2) = (3.0 * u * u, 6.0 * u * t, 3.0 * t * t);
                Point::new(
                    k0 * (c1.x - a.x) + k1 * (c2.x - c1.x) + k2 * (b.x - c2.x),
                    k0 * (c1.y - a.y) + k1 * (c2.y - c1.y) + k2 * (b.y - c2.y),
                )
            }
            Curve::Poly(p) => {
                let (i, _) = Curve::poly_segment(&p, t);
                p[i].to(p[i + 1])
            }
        }
    }

    /// Points along the curve, ends included, for the layout tests.
    #[cfg(test)]
    pub fn samples(&self, n: usize) -> impl Iterator<Item = Point> + '_ {
        let n = n.max(1);
        (0..=n).map(move |i| self.at(i as f64 / n as f64))
    }

    /// The SVG path data, one decimal.
    pub fn path_data(&self) -> String {
        let mut d = String::new();
        match *self {
            Curve::Line(a, b) => {
                let _ = write!(d, "M{:.1} {:.1}L{:.1} {:.1}", a.x, a.y, b.x, b.y);
            }
            Curve::Cubic(a, c1, c2, b) => {
                let _ = write!(
                    d,
                    "M{:.1} {:.1}C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1}",
                    a.x, a.y, c1.x, c1.y, c2.x, c2.y, b.x, b.y
                );
            }
            Curve::Poly(p) => {
                for (i, q) in p.iter().enumerate() {
                    let _ = write!(d, "{}{:.1} {:.1}", if i == 0 { 'M' } else { 'L' }, q.x, q.y);
                }
            }
        }
        d
    }

    /// A filled triangle of side about `size` at the middle of the curve, pointing along it.
    pub fn arrowhead(&self, size: f64) -> [Point; 3] {
        let mid = self.at(0.5);
        let t = self.tangent(0.5);
        let len = t.norm().max(f64::EPSILON);
        let dir = Point::new(t.x / len, t.y / len);
        let side = Point::new(-dir.y, dir.x);
        let tip = mid.plus(dir, size * 0.6);
        let back = mid.plus(dir, -size * 0.4);
        [
            tip,
            back.plus(side, size * 0.45),
            back.plus(side, -size * 0.45),
        ]
    }
}

// Used by the layout tests.
#[cfg(test)]
impl Curve {
    /// The start point.
    pub fn start(&self) -> Point {
        match *self {
            Curve::Line(a, _) | Curve::Cubic(a, _, _, _) => a,
            Curve::Poly(p) => p[0],
        }
    }

    /// The end point.
    pub fn end(&self) -> Point {
        match *self {
            Curve::Line(_, b) | Curve::Cubic(_, _, _, b) => b,
            Curve::Poly(p) => p[5],
        }
    }
}

/// SVG `points` text for a polygon, one decimal.
pub fn polygon_points(points: &[Point]) -> String {
    points
        .iter()
        .map(|p| format!("{:.1},{:.1}", p.x, p.y))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Point, b: Point) -> bool {
        a.distance(b) < 1e-9
    }

    #[test]
    fn an_arc_bulges_by_the_amount_asked() {
        let (a, b) = (Point::new(0.0, 0.0), Point::new(100.0, 0.0));
        let arc = Curve::arc(a, b, Point::new(0.0, -1.0), 20.0, 0.0);
        assert!(close(arc.start(), a) && close(arc.end(), b));
        assert!(close(arc.at(0.5), Point::new(50.0, -20.0)));
        // The middle tangent of a symmetric arc is parallel to the chord.
        assert!(arc.tangent(0.5).y.abs() < 1e-9 && arc.tangent(0.5).x > 0.0);
    }

    #[test]
    fn reversing_keeps_the_shape() {
        let arc = Curve::arc(
            Point::new(3.0, 4.0),
            Point::new(50.0, 90.0),
            Point::new(-1.0, 0.0),
            12.0,
            0.25,
        );
        let back = arc.reversed();
        for i in 0..=10 {
            let t = i as f64 / 10.0;
            assert!(close(arc.at(t), back.at(1.0 - t)));
        }
    }

    #[test]
    fn arrowheads_point_along_the_travel() {
        let line = Curve::Line(Point::new(0.0, 0.0), Point::new(0.0, 100.0));
        let [tip, left, right] = line.arrowhead(10.0);
        assert!(tip.y > left.y && tip.y > right.y);
        assert!((tip.x).abs() < 1e-9);
        let up = line.reversed().arrowhead(10.0);
        assert!(up[0].y < up[1].y);
    }

    #[test]
    fn a_polyline_is_walked_by_length() {
        let (a, b, c) = (
            Point::new(0.0, 0.0),
            Point::new(0.0, 30.0),
            Point::new(10.0, 30.0),
        );
        let poly = Curve::Poly([a, a, b, b, c, c]);
        assert!(close(poly.at(0.0), a) && close(poly.at(1.0), c));
        assert!(close(poly.at(0.5), Point::new(0.0, 20.0)));
        assert!(poly.tangent(0.5).x.abs() < 1e-9 && poly.tangent(0.5).y > 0.0);
        assert!(poly.tangent(0.9).x > 0.0);
        let back = poly.reversed();
        assert!(close(back.at(0.25), poly.at(0.75)));
        assert_eq!(back.start(), c);
        assert!(poly.path_data().starts_with("M0.0 0.0L0.0 0.0L0.0 30.0"));
    }

    #[test]
    fn path_data_is_compact() {
        let line = Curve::Line(Point::new(1.0, 2.26), Point::new(3.0, 4.0));
        assert_eq!(line.path_data(), "M1.0 2.3L3.0 4.0");
        assert_eq!(
            polygon_points(&[Point::new(1.0, 2.0), Point::new(3.5, 4.0)]),
            "1.0,2.0 3.5,4.0"
        );
    }

    /// A link's two directions, bowed, part: their middles lie on either side of the chord,
    /// `2 · bulge` apart, and each keeps its ends.
    #[test]
    fn the_two_directions_of_a_link_bow_apart() {
        let (a, b) = (Point::new(0.0, 0.0), Point::new(100.0, 0.0));
        let there = Curve::Line(a, b).bowed(8.0);
        let back = Curve::Line(b, a).bowed(8.0);
        assert_eq!((there.start(), there.end()), (a, b));
        assert_eq!((back.start(), back.end()), (b, a));
        let (m1, m2) = (there.at(0.5), back.at(0.5));
        assert!((m1.x - 50.0).abs() < 1e-9 && (m2.x - 50.0).abs() < 1e-9);
        assert!(
            (m1.y - 8.0).abs() < 1e-9 && (m2.y + 8.0).abs() < 1e-9,
            "{m1:?} {m2:?}"
        );
        let curved = Curve::arc(a, b, Point::new(0.0, 1.0), 20.0, 0.25);
        let (c1, c2) = (
            curved.bowed(5.0).at(0.5),
            curved.reversed().bowed(5.0).at(0.5),
        );
        assert!((c1.distance(c2) - 10.0).abs() < 1e-9, "{c1:?} {c2:?}");
    }
}
