//! Exact arithmetic: combinatorics on big integers (path counts overflow `u64` quickly),
//! and the rationals the papers' averages and expected loads are.

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use serde::Serialize;

/// An exact non-negative rational number, in lowest terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Ratio {
    /// Numerator.
    pub num: u128,
    /// Denominator (≥ 1), coprime with the numerator.
    pub den: u128,
}

impl Ratio {
    /// num/den in lowest terms (den = 0 is read as 1: callers divide by counts ≥ 1).
    pub fn new(num: u128, den: u128) -> Ratio {
        let den = den.max(1);
        let g = gcd(num, den).max(1);
        Ratio {
            num: num / g,
            den: den / g,
        }
    }

    /// The value as f64.
    pub fn value(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// self / other (other ≠ 0).
    pub fn over(self, other: Ratio) -> Ratio {
        Ratio::new(self.num * other.den, self.den * other.num)
    }

    /// The fraction for a table cell: `None` when the value is an integer (the decimal
    /// already says everything).
    pub fn fraction(self) -> Option<String> {
        (self.den != 1).then(|| self.to_string())
    }
}

impl std::fmt::Display for Ratio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// The greatest common divisor (gcd(0, 0) = 0).
pub fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Sums of unit shares 1/d over a row of slots, kept exactly: a route split equally among
/// d alternatives adds 1/d to each slot it uses. Per denominator d the shares are counted
/// as integers, and [`ShareSums::scaled`] brings them over the least common denominator,
/// so no rounding happens until a value is shown.
#[derive(Debug, Clone)]
pub struct ShareSums {
    slots: usize,
    by_den: Vec<(u64, Vec<u64>)>,
}

impl ShareSums {
    /// `slots` sums, all zero.
    pub fn new(slots: usize) -> ShareSums {
        ShareSums {
            slots,
            by_den: Vec::new(),
        }
    }

    /// The counts of 1/`den` shares, one per slot, to add to.
    pub fn shares_of(&mut self, den: u64) -> &mut [u64] {
        let den = den.max(1);
        let at = match self.by_den.iter().position(|(d, _)| *d == den) {
            Some(at) => at,
            None => {
                self.by_den.push((den, vec![0; self.slots]));
                self.by_den.len() - 1
            }
        };
        &mut self.by_den[at].1
    }

    /// The least common denominator L and every slot's sum times L (an integer).
    pub fn scaled(&self) -> (u64, Vec<u64>) {
        let scale = self.by_den.iter().fold(1u64, |l, &(d, _)| {
            l / gcd(u128::from(l), u128::from(d)) as u64 * d
        });
        let mut out = vec![0u64; self.slots];
        for (d, counts) in &self.by_den {
            let unit = scale / d;
            for (o, &c) in out.iter_mut().zip(counts) {
                *o += c * unit;
            }
        }
        (scale, out)
    }
}

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

/// Rounds a load to 12 significant digits. Loads are exact rationals summed in `f64`;
/// this removes the last-bit noise (31.999999999999993 -> 32) without hiding any
/// difference a load can really have at the sizes the engine handles.
pub fn tidy(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let scale = 10f64.powi(11 - x.abs().log10().floor() as i32);
    (x * scale).round() / scale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn share_sums_add_exactly() {
        let mut s = ShareSums::new(3);
        // 1/2 + 1/3 + 1/6 = 1 on slot 0; 1/3 twice on slot 1; 1/2 on slot 2.
        s.shares_of(2)[0] += 1;
        s.shares_of(3)[0] += 1;
        s.shares_of(6)[0] += 1;
        s.shares_of(3)[1] += 2;
        s.shares_of(2)[2] += 1;
        let (scale, v) = s.scaled();
        assert_eq!(scale, 6);
        assert_eq!(v, vec![6, 4, 3]);
        assert_eq!(Ratio::new(v[1].into(), scale.into()).to_string(), "2/3");
        assert_eq!(Ratio::new(v[0].into(), scale.into()).fraction(), None);
    }

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
