//! BookSim2's random permutation (`traffic = randperm`, seeded by `perm_seed`) and the
//! generator it is drawn from: Knuth's subtractive lagged-Fibonacci generator `ran_array`
//! (The Art of Computer Programming, vol. 2, 3rd edition, §3.6, with the seeding of its
//! 2002 printing), read from BookSim2's rng.c and traffic.cpp and written here anew. Used
//! for `randperm(SEED)` only, so that icnplay's permutation is BookSim2's for the same seed;
//! the simulator's own draws come from [`crate::rng`].

/// The long lag: the generator's state is this many 30-bit numbers.
const LONG: usize = 100;
/// The short lag.
const SHORT: usize = 37;
/// Every number is taken modulo 2³⁰.
const MODULUS: i64 = 1 << 30;
/// Numbers generated per refill, of which only the first [`LONG`] are handed out (Knuth's
/// recommended "quality" for high-resolution use: the rest are discarded).
const BLOCK: usize = 1009;
/// Squarings during seeding, so that streams of different seeds stay apart.
const SEPARATION: u32 = 70;

/// `x − y` modulo 2³⁰ (both already reduced).
fn minus(x: i64, y: i64) -> i64 {
    (x - y) & (MODULUS - 1)
}

/// The generator: its state, and the block of numbers now being handed out.
#[derive(Debug, Clone)]
pub struct Knuth {
    state: [i64; LONG],
    block: Vec<i64>,
    /// The next number of `block` to hand out; at [`LONG`] a new block is generated.
    next: usize,
}

impl Knuth {
    /// The generator seeded as BookSim2's `RandomSeed(seed)` seeds it (Knuth's
    /// `ran_start`): the state is built from the seed's bits by repeated squaring and
    /// multiplication in the generator's polynomial ring, then warmed up by ten rounds.
    pub fn new(seed: i64) -> Knuth {
        let mut x = [0i64; 2 * LONG - 1];
        // Bootstrap: an even number from the seed, shifted cyclically in 29 bits.
        let mut s = (seed + 2) & (MODULUS - 2);
        for v in x.iter_mut().take(LONG) {
            *v = s;
            s <<= 1;
            if s >= MODULUS {
                s -= MODULUS - 2;
            }
        }
        // Exactly one odd entry.
        x[1] += 1;
        let mut bits = seed & (MODULUS - 1);
        let mut rounds = SEPARATION - 1;
        while rounds > 0 {
            // Square the polynomial: spread the coefficients to the even places...
            for j in (1..LONG).rev() {
                x[2 * j] = x[j];
                x[2 * j - 1] = 0;
            }
            // ...and reduce modulo the generator's recurrence, from the top down.
            for j in (LONG..2 * LONG - 1).rev() {
                x[j - (LONG - SHORT)] = minus(x[j - (LONG - SHORT)], x[j]);
                x[j - LONG] = minus(x[j - LONG], x[j]);
            }
            // Multiply by z where the seed's next bit is one.
            if bits & 1 == 1 {
                for j in (1..=LONG).rev() {
                    x[j] = x[j - 1];
                }
                x[0] = x[LONG];
                x[SHORT] = minus(x[SHORT], x[LONG]);
            }
            if bits != 0 {
                bits >>= 1;
            } else {
                rounds -= 1;
            }
        }
        let mut state = [0i64; LONG];
        state[LONG - SHORT..].copy_from_slice(&x[..SHORT]);
        state[..LONG - SHORT].copy_from_slice(&x[SHORT..LONG]);
        let mut knuth = Knuth {
            state,
            block: vec![0; BLOCK],
            next: LONG,
        };
        let mut warm = vec![0i64; 2 * LONG - 1];
        for _ in 0..10 {
            knuth.generate(&mut warm);
        }
        knuth
    }

    /// Fills `out` (at least [`LONG`] long) with the next numbers of the sequence and
    /// advances the state past them (Knuth's `ran_array`).
    fn generate(&mut self, out: &mut [i64]) {
        let n = out.len();
        debug_assert!(n >= LONG);
        out[..LONG].copy_from_slice(&self.state);
        for j in LONG..n {
            out[j] = minus(out[j - LONG], out[j - SHORT]);
        }
        // The state becomes the LONG numbers that would follow.
        let mut j = n;
        for i in 0..SHORT {
            self.state[i] = minus(out[j - LONG], out[j - SHORT]);
            j += 1;
        }
        for i in SHORT..LONG {
            self.state[i] = minus(out[j - LONG], self.state[i - SHORT]);
            j += 1;
        }
    }

    /// The next number, in 0 … 2³⁰ − 1: the first [`LONG`] of each block of [`BLOCK`]
    /// (BookSim2's `ran_next`).
    pub fn draw(&mut self) -> i64 {
        if self.next == LONG {
            let mut block = std::mem::take(&mut self.block);
            self.generate(&mut block);
            self.block = block;
            self.next = 0;
        }
        self.next += 1;
        self.block[self.next - 1]
    }

    /// A number in 0 … `max` inclusive, as BookSim2's `RandomInt(max)` maps a draw: its
    /// remainder modulo `max + 1`.
    pub fn upto(&mut self, max: u32) -> u32 {
        // The remainder is at most `max`, a u32.
        (self.draw() % (i64::from(max) + 1)) as u32
    }
}

/// BookSim2's random permutation of `n` endpoints for `seed` (its
/// `RandomPermutationTrafficPattern`): the generator seeded afresh with `seed` (BookSim2
/// saves and restores its own state round this, so the permutation does not depend on
/// anything drawn before); then for each destination d = 0, 1, …, n − 1 in turn, a draw r
/// in 0 … n − 1 − d picks the (r + 1)-th source, in increasing order, not yet given a
/// destination, and that source sends to d. Entry `s` of the result is source s's
/// destination. BookSim2 scans its table for the free source (quadratic in n); a Fenwick
/// tree over the free sources finds it in O(log n).
///
/// BookSim2 reads `perm_seed` as a C `int`: the seeds both accept are 0 … 2³¹ − 1.
pub fn permutation(n: u32, seed: u64) -> Vec<u32> {
    let size = n as usize;
    let mut rng = Knuth::new(seed as i64);
    // tree[i] (1-based) counts the free sources in (i − lowbit(i), i]; all free at first.
    let mut tree: Vec<u32> = (0..=size)
        .map(|i| {
            if i == 0 {
                0
            } else {
                (i & i.wrapping_neg()) as u32
            }
        })
        .collect();
    let top = if size == 0 {
        0
    } else {
        1usize << (usize::BITS - 1 - size.leading_zeros())
    };
    let mut out = vec![0u32; size];
    for d in 0..n {
        let rank = rng.upto(n - 1 - d);
        // The smallest position whose free count up to it exceeds `rank`.
        let (mut pos, mut left, mut step) = (0usize, rank, top);
        while step > 0 {
            if pos + step <= size && tree[pos + step] <= left {
                pos += step;
                left -= tree[pos];
            }
            step >>= 1;
        }
        // Source `pos` (0-based) is the free one: give it d and mark it taken.
        out[pos] = d;
        let mut i = pos + 1;
        while i <= size {
            tree[i] -= 1;
            i += i & i.wrapping_neg();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The check printed in Knuth's own program (rng.c's `main`, as BookSim2 ships it):
    /// seeded with 310952, the first number after 2010 arrays of 1009 is 995235265, and
    /// the same after 1010 arrays of 2009.
    #[test]
    fn knuths_own_check_value() {
        for (arrays, len) in [(2010, 1009), (1010, 2009)] {
            let mut rng = Knuth::new(310_952);
            let mut a = vec![0i64; len];
            for _ in 0..arrays {
                rng.generate(&mut a);
            }
            assert_eq!(a[0], 995_235_265, "{arrays} arrays of {len}");
        }
    }

    /// A permutation for every size, each source drawn once, and the one-endpoint case.
    #[test]
    fn permutations_are_permutations() {
        assert_eq!(permutation(0, 3), Vec::<u32>::new());
        assert_eq!(permutation(1, 3), vec![0]);
        for n in [2, 7, 64, 100, 1000] {
            let mut p = permutation(n, 5);
            p.sort_unstable();
            assert_eq!(p, (0..n).collect::<Vec<_>>());
        }
    }
}
