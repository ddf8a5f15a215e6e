//! The maximum-weight assignment of endpoints when endpoints come in groups that share
//! their weights (the endpoints of one terminal node): a transportation problem over the
//! groups, each group supplying and demanding its size, solved by successive shortest
//! paths with potentials (Dijkstra on the dense residual graph). O(E · T²) for E endpoints
//! in T groups, against O(E³) for the assignment over endpoints.

/// The amounts x[i·t + j] of group i sent to group j maximising Σ w·x, with Σⱼ x = size[i]
/// and Σᵢ x = size[j]; `w` is t × t, integral and non-negative.
pub(super) fn transport(w: &[i64], size: &[usize]) -> Vec<usize> {
    let t = size.len();
    let top = w.iter().copied().max().unwrap_or(0);
    // Costs top − w ≥ 0: potentials 0 are valid at first.
    let cost = |i: usize, j: usize| top - w[i * t + j];
    let mut x = vec![0usize; t * t];
    let mut supply: Vec<usize> = size.to_vec();
    let mut room: Vec<usize> = size.to_vec();
    // Potentials of rows (0..t) and columns (t..2t).
    let mut pot = vec![0i64; 2 * t];
    let mut dist = vec![i64::MAX; 2 * t];
    let mut from = vec![usize::MAX; 2 * t];
    let mut done = vec![false; 2 * t];
    while supply.iter().any(|&s| s > 0) {
        dist.iter_mut().for_each(|d| *d = i64::MAX);
        from.iter_mut().for_each(|f| *f = usize::MAX);
        done.iter_mut().for_each(|d| *d = false);
        for i in 0..t {
            if supply[i] > 0 {
                dist[i] = 0;
            }
        }
        let mut target = usize::MAX;
        while let Some(u) = (0..2 * t)
            .filter(|&v| !done[v] && dist[v] < i64::MAX)
            .min_by_key(|&v| dist[v])
        {
            done[u] = true;
            if u >= t && room[u - t] > 0 {
                target = u;
                break;
            }
            if u < t {
                for j in 0..t {
                    let v = t + j;
                    let d = dist[u] + cost(u, j) + pot[u] - pot[v];
                    if !done[v] && d < dist[v] {
                        dist[v] = d;
                        from[v] = u;
                    }
                }
            } else {
                let j = u - t;
                for i in 0..t {
                    if x[i * t + j] > 0 {
                        let d = dist[u] - cost(i, j) + pot[u] - pot[i];
                        if !done[i] && d < dist[i] {
                            dist[i] = d;
                            from[i] = u;
                        }
                    }
                }
            }
        }
        if target == usize::MAX {
            break;
        }
        let reach = dist[target];
        for v in 0..2 * t {
            if done[v] {
                pot[v] += dist[v] - reach;
            }
        }
        // The path back to a row with supply; its bottleneck.
        let mut amount = room[target - t];
        let mut v = target;
        while from[v] != usize::MAX {
            let u = from[v];
            if u >= t {
                amount = amount.min(x[v * t + (u - t)]);
            }
            v = u;
        }
        amount = amount.min(supply[v]);
        supply[v] -= amount;
        room[target - t] -= amount;
        let mut v = target;
        while from[v] != usize::MAX {
            let u = from[v];
            if u < t {
                x[u * t + (v - t)] += amount;
            } else {
                x[v * t + (u - t)] -= amount;
            }
            v = u;
        }
    }
    x
}

#[cfg(test)]
mod tests {
    use super::transport;

    /// Against every assignment of four endpoints in groups of 2, 1 and 1.
    #[test]
    fn transport_is_the_best_assignment() {
        let size = [2usize, 1, 1];
        let group = [0usize, 0, 1, 2];
        for seed in 0..50u64 {
            let mut r = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut next = || {
                r ^= r << 13;
                r ^= r >> 7;
                r ^= r << 17;
                (r % 100) as i64
            };
            let w: Vec<i64> = (0..9).map(|_| next()).collect();
            let x = transport(&w, &size);
            let got: i64 = (0..9).map(|k| w[k] * x[k] as i64).sum();
            for i in 0..3 {
                assert_eq!((0..3).map(|j| x[i * 3 + j]).sum::<usize>(), size[i]);
                assert_eq!((0..3).map(|j| x[j * 3 + i]).sum::<usize>(), size[i]);
            }
            let mut best = i64::MIN;
            // Every permutation of four: the 24 of the 256 maps that are one to one.
            for a in 0..4 {
                for b in 0..4 {
                    for c in 0..4 {
                        for d in 0..4 {
                            let p = [a, b, c, d];
                            let mut seen = [false; 4];
                            if p.iter().all(|&q| !std::mem::replace(&mut seen[q], true)) {
                                let v: i64 = (0..4).map(|s| w[group[s] * 3 + group[p[s]]]).sum();
                                best = best.max(v);
                            }
                        }
                    }
                }
            }
            assert_eq!(got, best, "{w:?}");
        }
    }
}
