//! Exact combinatorics on big integers: path counts overflow `u64` quickly.

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};

/// The binomial coefficient C(n, k), exactly. O(k) big-integer steps.
pub fn binomial(n: u64, k: u64) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    let k = k.min(n - k);
    let mut r = BigUint::one();
    for i in 1..=k {
        r *= n - k + i;
        r /= i;
    }
    r
}

/// The multinomial coefficient (Σ q_i)! / Π q_i!, exactly.
pub fn multinomial(parts: &[u64]) -> BigUint {
    let mut total = 0u64;
    let mut r = BigUint::one();
    for &q in parts {
        total += q;
        r *= binomial(total, q);
    }
    r
}

/// The number of ordered ways to write `sum` as `parts` integers each in `1..=max`.
///
/// Inclusion–exclusion: Σ_j (-1)^j C(parts, j) C(sum - j·max - 1, parts - 1).
pub fn bounded_compositions(sum: u64, parts: u64, max: u64) -> BigUint {
    if parts == 0 {
        return if sum == 0 {
            BigUint::one()
        } else {
            BigUint::zero()
        };
    }
    if sum < parts || max == 0 || sum > parts.saturating_mul(max) {
        return BigUint::zero();
    }
    let mut acc = BigInt::zero();
    let mut j = 0u64;
    while j <= parts && j * max + parts <= sum {
        let term =
            BigInt::from(binomial(parts, j)) * BigInt::from(binomial(sum - j * max - 1, parts - 1));
        if j % 2 == 0 {
            acc += term;
        } else {
            acc -= term;
        }
        j += 1;
    }
    acc.to_biguint().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_values() {
        assert_eq!(binomial(5, 2), BigUint::from(10u32));
        assert_eq!(binomial(2, 5), BigUint::zero());
        assert_eq!(multinomial(&[2, 1, 1]), BigUint::from(12u32));
        assert_eq!(multinomial(&[]), BigUint::one());
        // 30!/(10!)^3 = 5550996791340
        assert_eq!(
            multinomial(&[10, 10, 10]),
            BigUint::from(5_550_996_791_340u64)
        );
    }

    /// Bounded compositions against direct enumeration.
    #[test]
    fn compositions_match_enumeration() {
        fn brute(sum: u64, parts: u64, max: u64) -> u64 {
            if parts == 0 {
                return u64::from(sum == 0);
            }
            (1..=max.min(sum))
                .map(|x| brute(sum - x, parts - 1, max))
                .sum()
        }
        for sum in 0..14 {
            for parts in 0..6 {
                for max in 1..6 {
                    assert_eq!(
                        bounded_compositions(sum, parts, max),
                        BigUint::from(brute(sum, parts, max)),
                        "sum {sum} parts {parts} max {max}"
                    );
                }
            }
        }
    }
}
