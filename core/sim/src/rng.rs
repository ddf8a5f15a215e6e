//! A small seeded generator (SplitMix64) and the few distributions the simulations need,
//! written with IEEE basic operations only (+, −, ×, ÷, bit casts) so that the native
//! CLI and the wasm web worker draw exactly the same numbers.

/// SplitMix64 (Steele, Lea, Flood 2014): 64-bit state, passes BigCrush, and any seed,
/// including 0, is fine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// A generator for sub-stream `stream` of `seed`: independent-looking streams for
    /// different (seed, stream) pairs.
    pub fn stream(seed: u64, stream: u64) -> Self {
        let mut g = SplitMix64::new(seed ^ stream.wrapping_mul(0xD605_BBB5_8C8A_BBF5));
        let mixed = g.next_u64();
        SplitMix64::new(mixed ^ stream)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in (0, 1]: 53 random bits, never 0 (so its logarithm is finite).
    pub fn unit_open0(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in 0 .. n (n ≥ 1), by Lemire's multiply-shift with rejection (unbiased).
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let threshold = n.wrapping_neg() % n;
        loop {
            let x = self.next_u64();
            let m = u128::from(x) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }

    /// Exponentially distributed with the given mean.
    pub fn exponential(&mut self, mean: f64) -> f64 {
        -ln(self.unit_open0()) * mean
    }
}

/// The natural logarithm of a positive, finite, normal `x`, from basic operations only:
/// x = 2^e · f with f in [√½, √2), ln f = 2·atanh((f−1)/(f+1)) by its series (|z| < 0.172,
/// 14 terms reach 2⁻⁵³), plus e·ln 2. Accurate to a few ulps; identical on every platform.
pub fn ln(x: f64) -> f64 {
    debug_assert!(x > 0.0 && x.is_finite());
    let bits = x.to_bits();
    let mut e = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mut f = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000);
    if f > std::f64::consts::SQRT_2 {
        f /= 2.0;
        e += 1;
    }
    let z = (f - 1.0) / (f + 1.0);
    let z2 = z * z;
    let mut term = z;
    let mut sum = 0.0;
    for k in 0..14 {
        sum += term / f64::from(2 * k + 1);
        term *= z2;
    }
    2.0 * sum + e as f64 * std::f64::consts::LN_2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ln_agrees_with_the_platform() {
        for &x in &[
            1e-300, 1e-9, 0.001, 0.3, 0.5, 0.70716, 1.0, 1.5, 2.0, 10.0, 1e12, 1e300,
        ] {
            let (a, b) = (ln(x), x.ln());
            assert!(
                (a - b).abs() <= 4.0 * f64::EPSILON * b.abs().max(1.0),
                "{x}: {a} {b}"
            );
        }
    }

    #[test]
    fn splitmix_matches_the_reference_sequence() {
        // The reference implementation's first outputs for seed 1234567.
        let mut g = SplitMix64::new(1_234_567);
        assert_eq!(g.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(g.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn below_is_uniform_and_exponential_has_its_mean() {
        let mut g = SplitMix64::new(7);
        let mut counts = [0u32; 5];
        for _ in 0..50_000 {
            counts[g.below(5) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
        let mean: f64 = (0..50_000).map(|_| g.exponential(3.0)).sum::<f64>() / 50_000.0;
        assert!((mean - 3.0).abs() < 0.06, "{mean}");
    }
}
