//! Every allocator's grants: a matching of the requests (each input and output at most
//! once, each pair asked for, each label the request's), worked examples of BookSim2's
//! rules, and the properties that define each (a maximum-size matching is as large as any,
//! `select` with one iteration is `islip`).

use super::*;
use crate::packet::config::{AllocatorKind, Protocol, RouterConfig};
use crate::rng::SplitMix64;

fn point(kind: AllocatorKind, iters: u32) -> PointConfig {
    let choice = AllocatorChoice { kind, iters };
    PointConfig {
        router: RouterConfig {
            vc_allocator: choice,
            sw_allocator: choice,
            ..RouterConfig::default()
        },
        protocol: Protocol::default(),
        rate: 0.1,
        seed: 1,
    }
}

fn size(routers: u32, n: u32) -> Size {
    Size {
        routers: routers as usize,
        inputs: (routers * n) as usize,
        outputs: (routers * n) as usize,
        max_inputs: n,
        max_outputs: n,
    }
}

fn round(router: u32, n: u32) -> Round {
    Round {
        router: router as usize,
        first_input: router * n,
        inputs: n,
        first_output: router * n,
        outputs: n,
    }
}

/// One round of `a` over `asks` (input → its (output, label) requests, inputs increasing):
/// its grants (input, output, label).
fn run<A: Allocator>(a: &mut A, r: Round, asks: &[(u32, Vec<(u32, u32)>)]) -> Vec<(u32, u32, u32)> {
    a.begin(r);
    for (input, outs) in asks {
        a.request(*input, outs.iter().copied());
    }
    let mut got = Vec::new();
    a.allocate(|i, o, l| got.push((i, o, l)));
    got
}

/// Random requests of `n` inputs over `n` outputs, each pair with probability 1/3 (a label
/// per pair).
fn random_asks(rng: &mut SplitMix64, n: u32) -> Vec<(u32, Vec<(u32, u32)>)> {
    let mut asks = Vec::new();
    for i in 0..n {
        let mut outs = Vec::new();
        for o in 0..n {
            if rng.below(3) == 0 {
                outs.push((o, rng.below(16) as u32));
            }
        }
        if !outs.is_empty() {
            asks.push((i, outs));
        }
    }
    asks
}

/// The largest matching of `asks` by brute force over the inputs.
fn maximum(asks: &[(u32, Vec<(u32, u32)>)], used: u64, k: usize) -> u32 {
    let Some((_, outs)) = asks.get(k) else {
        return 0;
    };
    let mut best = maximum(asks, used, k + 1);
    for &(o, _) in outs {
        if used & (1 << o) == 0 {
            best = best.max(1 + maximum(asks, used | (1 << o), k + 1));
        }
    }
    best
}

#[test]
fn every_allocator_grants_a_matching_of_the_requests() {
    let mut rng = SplitMix64::new(37);
    for kind in AllocatorKind::ALL {
        for iters in [1, 3] {
            let (routers, n) = (3, 7);
            let p = point(kind, iters);
            let mut a = AnyAllocator::new(size(routers, n), Role::Switch, &p);
            for _ in 0..300 {
                let r = rng.below(u64::from(routers)) as u32;
                let asks = random_asks(&mut rng, n);
                let got = run(&mut a, round(r, n), &asks);
                let mut ins = 0u64;
                let mut outs = 0u64;
                let mut last = None;
                for &(i, o, l) in &got {
                    assert!(
                        ins & (1 << i) == 0 && outs & (1 << o) == 0,
                        "{kind:?}: {got:?}"
                    );
                    ins |= 1 << i;
                    outs |= 1 << o;
                    let asked = asks.iter().find(|x| x.0 == i).map(|x| &x.1);
                    assert!(asked.is_some_and(|v| v.contains(&(o, l))), "{kind:?}");
                    assert!(last < Some(o), "{kind:?}: outputs increasing");
                    last = Some(o);
                }
                if asks.is_empty() {
                    assert!(got.is_empty());
                } else {
                    assert!(!got.is_empty(), "{kind:?}: some request granted");
                }
                if kind == AllocatorKind::MaxSize {
                    assert_eq!(got.len() as u32, maximum(&asks, 0, 0), "{asks:?}");
                }
            }
        }
    }
}

/// iSLIP's first iteration: outputs grant from their pointers, inputs accept from theirs,
/// and only accepted grants move the pointers; a second iteration matches what is left.
#[test]
fn islip_grants_accepts_and_moves_pointers_on_the_first_iteration() {
    let asks = vec![
        (0, vec![(0, 0), (1, 0)]),
        (1, vec![(0, 0)]),
        (2, vec![(1, 0)]),
    ];
    // Iteration 1: outputs 0 and 1 (pointers at 0) both grant input 0, which accepts
    // output 0 (its pointer at 0); output 1's grant is lost.
    let mut one = Islip::new(size(1, 3), Role::Vc, &point(AllocatorKind::Islip, 1));
    assert_eq!(run(&mut one, round(0, 3), &asks), [(0, 0, 0)]);
    assert_eq!(
        (one.matcher().grant_ptr_of(0), one.matcher().grant_ptr_of(1)),
        (1, 0)
    );
    // Next round, same requests: output 0 now grants input 1, output 1 input 0.
    assert_eq!(run(&mut one, round(0, 3), &asks), [(1, 0, 0), (0, 1, 0)]);
    // Two iterations: output 1 grants input 2 in the second, its pointer unmoved.
    let mut two = Islip::new(size(1, 3), Role::Vc, &point(AllocatorKind::Islip, 2));
    assert_eq!(run(&mut two, round(0, 3), &asks), [(0, 0, 0), (2, 1, 0)]);
    assert_eq!(
        (two.matcher().grant_ptr_of(0), two.matcher().grant_ptr_of(1)),
        (1, 0)
    );
}

/// With one iteration BookSim2's `select` grants as `islip`; with two it keeps an unused
/// grant: input 0, granted outputs 0 and 1 in the first iteration, accepted 0, and moves
/// to 1 in the second (output 1 has no unmatched input left), output 0 staying taken.
#[test]
fn select_is_islip_once_and_keeps_its_grants_after() {
    let mut rng = SplitMix64::new(5);
    let n = 6;
    let mut s = Select::new(size(2, n), Role::Vc, &point(AllocatorKind::Select, 1));
    let mut i = Islip::new(size(2, n), Role::Vc, &point(AllocatorKind::Islip, 1));
    for _ in 0..300 {
        let r = rng.below(2) as u32;
        let asks = random_asks(&mut rng, n);
        assert_eq!(
            run(&mut s, round(r, n), &asks),
            run(&mut i, round(r, n), &asks)
        );
    }
    let asks = vec![(0, vec![(0, 0), (1, 0)]), (1, vec![(0, 0)])];
    let mut s = Select::new(size(1, 2), Role::Vc, &point(AllocatorKind::Select, 2));
    assert_eq!(run(&mut s, round(0, 2), &asks), [(0, 1, 0)]);
    let mut i = Islip::new(size(1, 2), Role::Vc, &point(AllocatorKind::Islip, 2));
    assert_eq!(run(&mut i, round(0, 2), &asks), [(0, 0, 0)]);
}

/// Output-first: each output picks from its pointer, then each input from its own.
#[test]
fn separable_output_first_picks_outputs_first() {
    let p = point(AllocatorKind::SeparableOutputFirst, 1);
    let mut a = SeparableOutputFirst::new(size(1, 3), Role::Switch, &p);
    // Outputs 0 and 1 both pick input 0 (pointers at 0), which takes output 0; input 1
    // gets nothing though output 1 was free for it.
    let asks = vec![(0, vec![(0, 4), (1, 5)]), (1, vec![(1, 6)])];
    assert_eq!(run(&mut a, round(0, 3), &asks), [(0, 0, 4)]);
    // Input 0's pointer moved past output 0, output 0's past input 0: now output 1 wins.
    assert_eq!(run(&mut a, round(0, 3), &asks), [(0, 1, 5)]);
}

/// Wavefront sweeps diagonals from its priority one; a lone request is granted at once.
#[test]
fn wavefront_sweeps_from_its_priority_diagonal() {
    let p = point(AllocatorKind::Wavefront, 1);
    let mut a = Wavefront::new(size(1, 3), Role::Vc, &p);
    let asks = vec![(0, vec![(0, 0), (1, 0)]), (1, vec![(0, 0)])];
    // Diagonal 0: (0, 0); diagonal 1: (1, 0) taken by output 0, (0, 1) by input 0.
    assert_eq!(run(&mut a, round(0, 3), &asks), [(0, 0, 0)]);
    // Priority diagonal 1: (1, 0) and (0, 1).
    assert_eq!(run(&mut a, round(0, 3), &asks), [(1, 0, 0), (0, 1, 0)]);
    let p = point(AllocatorKind::RrWavefront, 1);
    let mut rr = Wavefront::new(size(1, 3), Role::Vc, &p);
    assert_eq!(run(&mut rr, round(0, 3), &[(2, vec![(2, 0)])]), [(2, 2, 0)]);
    // rr_wavefront moved past diagonal 4 (mod 3: 2): its sweep starts at diagonal 2.
    let asks = vec![
        (0, vec![(2, 0)]),
        (1, vec![(1, 0), (2, 0)]),
        (2, vec![(0, 0)]),
    ];
    assert_eq!(
        run(&mut rr, round(0, 3), &asks),
        [(2, 0, 0), (1, 1, 0), (0, 2, 0)]
    );
}

/// LOA: each input asks only for its loneliest output.
#[test]
fn loa_asks_for_the_loneliest_output() {
    let p = point(AllocatorKind::Loa, 1);
    let mut a = Loa::new(size(1, 3), Role::Vc, &p);
    // Output 0 has two requests, output 1 one: input 0 asks for 1, input 1 for 0.
    let asks = vec![(0, vec![(0, 0), (1, 1)]), (1, vec![(0, 2)])];
    assert_eq!(run(&mut a, round(0, 3), &asks), [(1, 0, 2), (0, 1, 1)]);
}

/// PIM with enough iterations leaves no request between an unmatched input and an
/// unmatched output (a maximal matching), and its draws follow the seed.
#[test]
fn pim_iterates_to_a_maximal_matching() {
    let mut rng = SplitMix64::new(9);
    let n = 8;
    let p = point(AllocatorKind::Pim, 8);
    let mut a = Pim::new(size(1, n), Role::Switch, &p);
    let mut b = Pim::new(size(1, n), Role::Switch, &p);
    for _ in 0..200 {
        let asks = random_asks(&mut rng, n);
        let got = run(&mut a, round(0, n), &asks);
        assert_eq!(got, run(&mut b, round(0, n), &asks));
        for (i, outs) in &asks {
            for (o, _) in outs {
                assert!(
                    got.iter().any(|g| g.0 == *i || g.1 == *o),
                    "{asks:?} {got:?}"
                );
            }
        }
    }
}

/// BookSim2's wavefront loop, written as it is (every cell of the square, diagonal by
/// diagonal): its grants (input, output) and the next priority diagonal.
fn dense_wavefront(
    asks: &[(u32, Vec<(u32, u32)>)],
    n: u32,
    pri: u32,
    skip: bool,
) -> (Vec<(u32, u32)>, u32) {
    let asked = |i: u32, o: u32| {
        asks.iter()
            .any(|(x, v)| *x == i && v.iter().any(|r| r.0 == o))
    };
    let total: usize = asks.iter().map(|x| x.1.len()).sum();
    let (mut inm, mut outm) = (vec![None; n as usize], vec![None; n as usize]);
    let mut first = None;
    if total == 1 {
        let (i, o) = (asks[0].0, asks[0].1[0].0);
        inm[i as usize] = Some(o);
        first = Some(i + o);
    } else {
        for p in 0..n {
            for o in 0..n {
                let i = (pri + p + n - o) % n;
                if inm[i as usize].is_none() && outm[o as usize].is_none() && asked(i, o) {
                    inm[i as usize] = Some(o);
                    outm[o as usize] = Some(i);
                    first.get_or_insert(i + o);
                }
            }
        }
    }
    let mut got: Vec<(u32, u32)> = (0..n)
        .filter_map(|i| inm[i as usize].map(|o| (i, o)))
        .collect();
    got.sort_by_key(|g| g.1);
    (got, (if skip { first.unwrap_or(0) } else { pri } + 1) % n)
}

/// BookSim2's maximum-size loop, written as it is (every output tried in turn for each
/// input of a level): its grants.
fn dense_max_size(asks: &[(u32, Vec<(u32, u32)>)], n: u32, start: u32) -> Vec<(u32, u32)> {
    let asked = |i: u32, o: u32| {
        asks.iter()
            .any(|(x, v)| *x == i && v.iter().any(|r| r.0 == o))
    };
    let (mut inm, mut outm) = (vec![u32::MAX; n as usize], vec![u32::MAX; n as usize]);
    'augment: loop {
        let mut level: Vec<u32> = (0..n)
            .map(|k| (k + start) % n)
            .filter(|&i| inm[i as usize] == u32::MAX)
            .collect();
        let mut from = vec![u32::MAX; n as usize];
        for _ in 0..n {
            let mut next = Vec::new();
            for &i in &level {
                for j in 0..n {
                    if asked(i, j) && inm[i as usize] != j && from[j as usize] == u32::MAX {
                        from[j as usize] = i;
                        if outm[j as usize] == u32::MAX {
                            let mut j = j;
                            loop {
                                let i = from[j as usize];
                                let was = inm[i as usize];
                                inm[i as usize] = j;
                                outm[j as usize] = i;
                                if was == u32::MAX {
                                    continue 'augment;
                                }
                                j = was;
                            }
                        }
                        next.push(outm[j as usize]);
                    }
                }
            }
            level = next;
        }
        break;
    }
    let mut got: Vec<(u32, u32)> = (0..n)
        .filter(|&i| inm[i as usize] != u32::MAX)
        .map(|i| (i, inm[i as usize]))
        .collect();
    got.sort_by_key(|g| g.1);
    got
}

/// The wavefront and maximum-size allocators grant exactly what BookSim2's loops over the
/// whole request matrix grant, round after round (requests given in any order of output).
#[test]
fn wavefront_and_max_size_are_booksim2s_loops() {
    let mut rng = SplitMix64::new(11);
    for n in [1, 2, 5, 9] {
        for skip in [false, true] {
            let kind = if skip {
                AllocatorKind::RrWavefront
            } else {
                AllocatorKind::Wavefront
            };
            let mut a = Wavefront::new(size(2, n), Role::Switch, &point(kind, 1));
            let mut m = MaxSize::new(size(2, n), Role::Switch, &point(AllocatorKind::MaxSize, 1));
            let (mut pri, mut start) = ([0u32; 2], [0u32; 2]);
            for _ in 0..300 {
                let r = rng.below(2) as u32;
                let mut asks = random_asks(&mut rng, n);
                for x in &mut asks {
                    x.1.reverse();
                }
                let strip =
                    |g: Vec<(u32, u32, u32)>| g.into_iter().map(|x| (x.0, x.1)).collect::<Vec<_>>();
                let got = strip(run(&mut a, round(r, n), &asks));
                if !asks.is_empty() {
                    let (want, next) = dense_wavefront(&asks, n, pri[r as usize], skip);
                    assert_eq!(got, want, "{asks:?}");
                    pri[r as usize] = next;
                    let want = dense_max_size(&asks, n, start[r as usize]);
                    assert_eq!(strip(run(&mut m, round(r, n), &asks)), want, "{asks:?}");
                    start[r as usize] = (start[r as usize] + 1) % n;
                }
            }
        }
    }
}
