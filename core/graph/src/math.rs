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

/// Why a list is not a permutation of 0 … n − 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotPermutation {
    /// Too few or too many entries.
    #[error("not a permutation of the {n} endpoints: it has {len} destinations")]
    Length {
        /// The endpoints.
        n: usize,
        /// The entries given.
        len: usize,
    },
    /// An entry beyond n − 1.
    #[error(
        "not a permutation of the {n} endpoints: endpoint {at} sends to {to}, beyond the last"
    )]
    Beyond {
        /// The endpoints.
        n: usize,
        /// The entry's position.
        at: usize,
        /// Its value.
        to: u32,
    },
    /// A value given twice.
    #[error("not a permutation of the {n} endpoints: endpoint {to} receives twice")]
    Twice {
        /// The endpoints.
        n: usize,
        /// The value.
        to: u32,
    },
}

/// Checks that `p` is a permutation of 0 … n − 1.
///
/// # Errors
/// [`NotPermutation`], the first thing wrong.
pub fn check_permutation(p: &[u32], n: usize) -> Result<(), NotPermutation> {
    if p.len() != n {
        return Err(NotPermutation::Length { n, len: p.len() });
    }
    let mut seen = vec![false; n];
    for (at, &to) in p.iter().enumerate() {
        let Some(slot) = seen.get_mut(to as usize) else {
            return Err(NotPermutation::Beyond { n, at, to });
        };
        if std::mem::replace(slot, true) {
            return Err(NotPermutation::Twice { n, to });
        }
    }
    Ok(())
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

/// The prime power `q = pᵏ` as `(p, k)`, or `None` when q is not a prime power (0, 1, 6, …).
///
/// # Complexity
/// Trial division: O(√q) at worst; callers bound q first.
pub fn prime_power(q: u64) -> Option<(u64, u32)> {
    if q < 2 {
        return None;
    }
    let p = (2..)
        .take_while(|d: &u64| d.saturating_mul(*d) <= q)
        .find(|d| q % d == 0)
        .unwrap_or(q);
    let (mut rest, mut k) = (q, 0u32);
    while rest % p == 0 {
        rest /= p;
        k += 1;
    }
    (rest == 1).then_some((p, k))
}

/// The finite field GF(q), q = pᵏ, for the finite-geometry families (Slim Fly's MMS
/// graphs, PolarFly's polarity graphs).
///
/// An element is a number `0 .. q`: the coefficients `c₀ … cₖ₋₁` (each below p) of the
/// polynomial `c₀ + c₁x + … + cₖ₋₁xᵏ⁻¹` written in base p, `c₀` the least significant
/// digit. For a prime q (k = 1) that is the residue itself, and the field is ℤ_q.
/// Addition is digit-wise modulo p; multiplication goes through discrete logarithms to
/// the base of the primitive element ξ:
///
/// - k = 1: ξ is the smallest primitive root modulo q (2 for q = 5, 3 for q = 7);
/// - k > 1: ξ is x, modulo the first monic polynomial of degree k (in the order of its
///   coefficients as a base-p number `c₀ + c₁p + … `) of which x is a primitive element;
///   such a polynomial is irreducible, so the quotient ring is the field.
///
/// Construction is O(q) per candidate root or polynomial (a few), then O(q) memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GaloisField {
    p: u32,
    k: u32,
    q: u32,
    /// `exp[i]` = ξⁱ for `i < 2(q − 1)`, so a product of two logarithms needs no reduction.
    exp: Vec<u32>,
    /// `log[a]` = i with ξⁱ = a, for a ≠ 0 (`log[0]` is unused).
    log: Vec<u32>,
}

impl GaloisField {
    /// GF(q), or `None` when q is not a prime power. Callers bound q (the families take
    /// q ≤ 2¹⁶); the tables take O(q) memory.
    pub fn new(q: u32) -> Option<GaloisField> {
        let (p, k) = prime_power(u64::from(q))?;
        let p = p as u32;
        let powers = if k == 1 {
            (1..q).find_map(|g| {
                Self::powers(q, |a| (u64::from(a) * u64::from(g) % u64::from(q)) as u32)
            })?
        } else {
            (1..q).find_map(|f| Self::powers(q, |a| times_x(a, f, p, k)))?
        };
        let mut log = vec![0u32; q as usize];
        for (i, &a) in powers.iter().enumerate() {
            log[a as usize] = i as u32;
        }
        let mut exp = powers.clone();
        exp.extend_from_slice(&powers);
        Some(GaloisField { p, k, q, exp, log })
    }

    /// ξ⁰ … ξ^(q−2) when `step` (multiplication by ξ) has order q − 1, else `None`.
    fn powers(q: u32, step: impl Fn(u32) -> u32) -> Option<Vec<u32>> {
        let mut out = Vec::with_capacity(q as usize - 1);
        let mut a = 1u32;
        for _ in 0..q - 1 {
            out.push(a);
            a = step(a);
            if a == 1 && out.len() < q as usize - 1 {
                return None;
            }
        }
        (a == 1).then_some(out)
    }

    /// The order q.
    pub fn order(&self) -> u32 {
        self.q
    }

    /// The characteristic p.
    pub fn characteristic(&self) -> u32 {
        self.p
    }

    /// The degree k over the prime field.
    pub fn degree(&self) -> u32 {
        self.k
    }

    /// a + b.
    pub fn add(&self, a: u32, b: u32) -> u32 {
        if self.k == 1 {
            let s = a + b;
            return if s >= self.p { s - self.p } else { s };
        }
        if self.p == 2 {
            return a ^ b;
        }
        self.digitwise(a, b, |x, y| (x + y) % self.p)
    }

    /// −a.
    pub fn neg(&self, a: u32) -> u32 {
        if self.k == 1 {
            return if a == 0 { 0 } else { self.p - a };
        }
        if self.p == 2 {
            return a;
        }
        self.digitwise(a, 0, |x, _| (self.p - x) % self.p)
    }

    /// a − b.
    pub fn sub(&self, a: u32, b: u32) -> u32 {
        self.add(a, self.neg(b))
    }

    /// a · b.
    pub fn mul(&self, a: u32, b: u32) -> u32 {
        if a == 0 || b == 0 {
            return 0;
        }
        self.exp[(self.log[a as usize] + self.log[b as usize]) as usize]
    }

    /// a / b, for b ≠ 0 (0 when b = 0).
    pub fn div(&self, a: u32, b: u32) -> u32 {
        if a == 0 || b == 0 {
            return 0;
        }
        let q1 = self.q - 1;
        self.exp[(self.log[a as usize] + q1 - self.log[b as usize]) as usize]
    }

    /// ξⁱ, the primitive element to the power i (any i).
    pub fn primitive_power(&self, i: u64) -> u32 {
        self.exp[(i % u64::from(self.q - 1)) as usize]
    }

    /// The digits of a and b in base p combined one by one.
    fn digitwise(&self, mut a: u32, mut b: u32, f: impl Fn(u32, u32) -> u32) -> u32 {
        let (mut out, mut place) = (0u32, 1u32);
        for _ in 0..self.k {
            out += f(a % self.p, b % self.p) * place;
            place *= self.p;
            a /= self.p;
            b /= self.p;
        }
        out
    }
}

/// x · a modulo the monic polynomial xᵏ + f(x), f's coefficients being the base-p digits
/// of `f` (elements as in [`GaloisField`]).
fn times_x(a: u32, f: u32, p: u32, k: u32) -> u32 {
    let top = a / p.pow(k - 1);
    let shifted = (a % p.pow(k - 1)) * p;
    // xᵏ = −f(x): subtract top·f digit by digit.
    let (mut out, mut place, mut s, mut g) = (0u32, 1u32, shifted, f);
    for _ in 0..k {
        let digit = (s % p + p * p - (top * (g % p)) % p) % p;
        out += digit * place;
        place *= p;
        s /= p;
        g /= p;
    }
    out
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
    #[test]
    fn prime_powers() {
        assert_eq!(prime_power(2), Some((2, 1)));
        assert_eq!(prime_power(9), Some((3, 2)));
        assert_eq!(prime_power(1024), Some((2, 10)));
        assert_eq!(prime_power(49), Some((7, 2)));
        assert_eq!(prime_power(46337), Some((46337, 1)));
        for q in [0, 1, 6, 12, 100, 46341] {
            assert_eq!(prime_power(q), None, "{q}");
        }
    }

    /// Every field up to 256: the axioms on all pairs (distributivity on triples for the
    /// small ones), ξ of order q − 1, and the primitive roots of the docs.
    #[test]
    fn galois_fields_are_fields() {
        for q in 2..=256u32 {
            let Some(f) = GaloisField::new(q) else {
                assert!(prime_power(u64::from(q)).is_none());
                continue;
            };
            let (p, k) = prime_power(u64::from(q)).expect("prime power");
            assert_eq!(
                (f.characteristic(), f.degree(), f.order()),
                (p as u32, k, q)
            );
            let mut seen = vec![false; q as usize];
            for i in 0..u64::from(q - 1) {
                seen[f.primitive_power(i) as usize] = true;
            }
            assert_eq!(
                seen.iter().filter(|&&s| s).count(),
                q as usize - 1,
                "GF({q})"
            );
            for a in 0..q {
                assert_eq!(f.add(a, f.neg(a)), 0);
                assert_eq!(f.mul(a, 1), a);
                if a != 0 {
                    assert_eq!(f.mul(a, f.div(1, a)), 1, "GF({q}) inverse of {a}");
                }
                for b in 0..q {
                    assert_eq!(f.add(a, b), f.add(b, a));
                    assert_eq!(f.mul(a, b), f.mul(b, a));
                    assert_eq!(f.sub(f.add(a, b), b), a);
                    if q <= 32 {
                        for c in 0..q {
                            let left = f.mul(a, f.add(b, c));
                            assert_eq!(left, f.add(f.mul(a, b), f.mul(a, c)), "GF({q})");
                            assert_eq!(f.mul(f.mul(a, b), c), f.mul(a, f.mul(b, c)));
                            assert_eq!(f.add(f.add(a, b), c), f.add(a, f.add(b, c)));
                        }
                    }
                }
            }
        }
        assert_eq!(GaloisField::new(5).map(|f| f.primitive_power(1)), Some(2));
        assert_eq!(GaloisField::new(7).map(|f| f.primitive_power(1)), Some(3));
        // GF(4) = GF(2)[x]/(x² + x + 1): ξ = x is 2, ξ² = x + 1 is 3.
        assert_eq!(GaloisField::new(4).map(|f| f.primitive_power(2)), Some(3));
    }
}
