//! The stress layout of a graph with no structure to show: node positions whose distances
//! follow the hop distances, found by classical scaling (the two leading eigenvectors of
//! the doubly centred squared distances, by power iteration) and refined by stress
//! majorisation with weights 1/d² (Gansner, Koren and North, "Graph drawing by stress
//! majorization", GD 2004). Deterministic: the same graph is always drawn the same way.
//! Quadratic in the node count, for the few hundred nodes a diagram draws.

use icn_core::graph::{bfs, UNREACHABLE};
use icn_core::Topology;

use super::geometry::Point;

/// Refinement sweeps of stress majorisation.
const SWEEPS: usize = 80;
/// Power-iteration steps per eigenvector of classical scaling.
const POWER_STEPS: usize = 60;

/// Hop distances between every two nodes, row by row (`UNREACHABLE` between
/// components).
pub fn all_pairs_hops(t: &dyn Topology) -> Vec<u32> {
    (0..t.node_count()).flat_map(|v| bfs(t, v)).collect()
}

/// Positions in hop units for `n` nodes with the hop matrix `hops`.
pub fn layout(hops: &[u32], n: usize) -> Vec<(f64, f64)> {
    if n <= 1 {
        return vec![(0.0, 0.0); n];
    }
    let far = hops
        .iter()
        .filter(|&&h| h != UNREACHABLE)
        .max()
        .copied()
        .unwrap_or(1)
        + 1;
    let d: Vec<f64> = hops
        .iter()
        .map(|&h| f64::from(if h == UNREACHABLE { far } else { h }))
        .collect();
    let mut xy = classical_scaling(&d, n);
    majorise(&d, n, &mut xy);
    xy
}

/// The two leading eigenvectors of −½·J·D²·J, scaled by the square roots of their
/// eigenvalues (classical multidimensional scaling).
fn classical_scaling(d: &[f64], n: usize) -> Vec<(f64, f64)> {
    let sq: Vec<f64> = d.iter().map(|x| x * x).collect();
    let row_mean: Vec<f64> = (0..n)
        .map(|i| sq[i * n..(i + 1) * n].iter().sum::<f64>() / n as f64)
        .collect();
    let all_mean = row_mean.iter().sum::<f64>() / n as f64;
    let b = |i: usize, j: usize| -0.5 * (sq[i * n + j] - row_mean[i] - row_mean[j] + all_mean);
    let mut axes: Vec<(Vec<f64>, f64)> = Vec::new();
    for axis in 0..2 {
        // A fixed, irregular start so that no symmetry of the graph traps the iteration.
        let mut v: Vec<f64> = (0..n)
            .map(|i| ((i * (7 + axis) + 3) as f64 * 0.618_033_988_7).fract() - 0.5)
            .collect();
        let mut value = 0.0;
        for _ in 0..POWER_STEPS {
            let mut w: Vec<f64> = (0..n)
                .map(|i| (0..n).map(|j| b(i, j) * v[j]).sum())
                .collect();
            for (u, _) in &axes {
                let dot: f64 = u.iter().zip(&w).map(|(a, b)| a * b).sum();
                for (x, y) in w.iter_mut().zip(u) {
                    *x -= dot * y;
                }
            }
            let norm = w.iter().map(|x| x * x).sum::<f64>().sqrt();
            if norm < 1e-12 {
                break;
            }
            value = norm;
            v = w.into_iter().map(|x| x / norm).collect();
        }
        axes.push((v, value));
    }
    (0..n)
        .map(|i| {
            (
                axes[0].0[i] * axes[0].1.sqrt(),
                axes[1].0[i] * axes[1].1.sqrt(),
            )
        })
        .collect()
}

/// Stress majorisation, node by node: each node moves to the weighted average of where
/// every other node would put it.
fn majorise(d: &[f64], n: usize, xy: &mut [(f64, f64)]) {
    for _ in 0..SWEEPS {
        for i in 0..n {
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            let (xi, yi) = xy[i];
            for j in (0..n).filter(|&j| j != i) {
                let dij = d[i * n + j];
                let w = 1.0 / (dij * dij);
                let (xj, yj) = xy[j];
                let (dx, dy) = (xi - xj, yi - yj);
                let len = dx.hypot(dy).max(1e-9);
                sx += w * (xj + dij * dx / len);
                sy += w * (yj + dij * dy / len);
                sw += w;
            }
            xy[i] = (sx / sw, sy / sw);
        }
    }
}

/// The points pushed apart until no two are closer than `gap`.
pub fn separate(mut p: Vec<Point>, gap: f64) -> Vec<Point> {
    let n = p.len();
    for _ in 0..200 {
        let mut moved = false;
        for a in 0..n {
            for b in a + 1..n {
                let d = p[a].to(p[b]);
                let len = d.norm();
                if len >= gap {
                    continue;
                }
                moved = true;
                // Coincident points part along a fixed direction depending on the pair.
                let dir = if len < 1e-9 {
                    let angle = (a * 31 + b) as f64;
                    Point::new(angle.cos(), angle.sin())
                } else {
                    Point::new(d.x / len, d.y / len)
                };
                let push = (gap - len) / 2.0 + 0.01;
                p[a] = p[a].plus(dir, -push);
                p[b] = p[b].plus(dir, push);
            }
        }
        if !moved {
            break;
        }
    }
    p
}
