//! A shortest cycle of the dependency graph: what is not on or behind a cycle is peeled
//! off (Kahn), then a breadth-first search from each remaining pair, bounded by the best
//! cycle so far, finds a shortest cycle through it.

/// Largest cyclic part searched from every pair for the shortest cycle; beyond it, from
/// its first [`SAMPLED`] pairs.
const SHORTEST_SEARCH: usize = 4096;

/// Pairs searched from when the cyclic part is larger than [`SHORTEST_SEARCH`].
const SAMPLED: usize = 64;

/// A directed graph over pair numbers `0 .. n`, as adjacency arrays.
struct Csr {
    start: Vec<usize>,
    to: Vec<u32>,
}

impl Csr {
    /// From sorted edges.
    fn of(n: usize, edges: &[(u32, u32)]) -> Csr {
        let mut start = vec![0usize; n + 1];
        for &(a, _) in edges {
            start[a as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        Csr {
            start,
            to: edges.iter().map(|&(_, b)| b).collect(),
        }
    }

    fn out(&self, x: u32) -> &[u32] {
        &self.to[self.start[x as usize]..self.start[x as usize + 1]]
    }
}

/// A cycle of the graph over pairs `0 .. n` with these (sorted) edges, as its pairs with the
/// first repeated at the end (empty when acyclic), and whether it is a shortest one.
pub(super) fn find_cycle(n: usize, edges: &[(u32, u32)]) -> (Vec<u32>, bool) {
    let g = Csr::of(n, edges);
    let mut indeg = vec![0u32; n];
    for &(_, b) in edges {
        indeg[b as usize] += 1;
    }
    let mut removed = vec![false; n];
    let mut queue: Vec<u32> = (0..n as u32).filter(|&x| indeg[x as usize] == 0).collect();
    while let Some(x) = queue.pop() {
        removed[x as usize] = true;
        for &y in g.out(x) {
            indeg[y as usize] -= 1;
            if indeg[y as usize] == 0 {
                queue.push(y);
            }
        }
    }
    let core: Vec<u32> = (0..n as u32).filter(|&x| !removed[x as usize]).collect();
    if core.is_empty() {
        return (Vec::new(), true);
    }
    let shortest = core.len() <= SHORTEST_SEARCH;
    let starts = if shortest {
        &core[..]
    } else {
        &core[..SAMPLED]
    };
    let mut search = Search {
        depth: vec![u32::MAX; n],
        parent: vec![0; n],
        touched: Vec::new(),
    };
    let mut best: Vec<u32> = Vec::new();
    for &s in starts {
        if let Some(c) = search.cycle_through(s, &g, &removed, best.len()) {
            best = c;
            if best.len() == 2 {
                break;
            }
        }
    }
    (best, shortest)
}

/// A breadth-first search's arrays, reset after each search through what it touched.
struct Search {
    depth: Vec<u32>,
    parent: Vec<u32>,
    touched: Vec<u32>,
}

impl Search {
    /// A shortest cycle through `s` shorter than `bound` pairs (0: any), as its pairs with
    /// `s` at both ends.
    fn cycle_through(
        &mut self,
        s: u32,
        g: &Csr,
        removed: &[bool],
        bound: usize,
    ) -> Option<Vec<u32>> {
        let found = self.search(s, g, removed, bound);
        for &x in &self.touched {
            self.depth[x as usize] = u32::MAX;
        }
        self.touched.clear();
        found
    }

    fn search(&mut self, s: u32, g: &Csr, removed: &[bool], bound: usize) -> Option<Vec<u32>> {
        self.depth[s as usize] = 0;
        self.touched.push(s);
        let mut head = 0;
        while head < self.touched.len() {
            let x = self.touched[head];
            head += 1;
            let d = self.depth[x as usize] as usize;
            if bound > 0 && d + 2 >= bound {
                return None;
            }
            for &y in g.out(x) {
                if removed[y as usize] {
                    continue;
                }
                if y == s {
                    let mut path = vec![s];
                    let mut at = x;
                    while at != s {
                        path.push(at);
                        at = self.parent[at as usize];
                    }
                    path.push(s);
                    path.reverse();
                    return Some(path);
                }
                if self.depth[y as usize] == u32::MAX {
                    self.depth[y as usize] = d as u32 + 1;
                    self.parent[y as usize] = x;
                    self.touched.push(y);
                }
            }
        }
        None
    }
}
