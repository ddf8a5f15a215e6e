//! Small text helpers shared by several views.

/// `t` in subscript digits (X₀, Y₁ …).
pub fn sub(t: usize) -> String {
    const DIGITS: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
    t.to_string()
        .chars()
        .map(|c| c.to_digit(10).map_or(c, |d| DIGITS[d as usize]))
        .collect()
}

/// `n` and the noun: "1 level", "4 levels".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `n` with its digits grouped in threes: "1,180,980". Counts the reader compares at a
/// glance (nodes, links, steps) are printed this way; identifiers and addresses are not.
pub fn group(n: u64) -> String {
    group_digits(&n.to_string())
}

/// A string of decimal digits grouped in threes (any length: exact path counts are big
/// integers); anything that is not all digits is returned as it is.
pub fn group_digits(digits: &str) -> String {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return digits.to_string();
    }
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Counts longer than this many digits are shown in scientific form, the exact value on
/// demand.
pub const LONG_COUNT_DIGITS: usize = 15;

/// A count as shown: grouped digits, or for a long one three significant digits times a
/// power of ten ("3.53 × 10⁴⁰", rounded half up), with `long` set so the view offers the
/// exact value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountText {
    /// What the reader sees first.
    pub shown: String,
    /// The exact value, grouped.
    pub exact: String,
    /// Whether `shown` is a rounded, scientific form of `exact`.
    pub long: bool,
}

/// How a count given as decimal digits is shown (see [`CountText`]).
pub fn count_text(digits: &str) -> CountText {
    let exact = group_digits(digits);
    let all_digits = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    if !all_digits || digits.len() <= LONG_COUNT_DIGITS {
        return CountText {
            shown: exact.clone(),
            exact,
            long: false,
        };
    }
    // Three significant digits from the first four, rounded half up; 9.995 rolls over.
    let first4: u32 = digits[..4].parse().unwrap_or(0);
    let mut mantissa = (first4 + 5) / 10;
    let mut exponent = digits.len() - 1;
    if mantissa >= 1000 {
        mantissa /= 10;
        exponent += 1;
    }
    let shown = format!(
        "{}.{:02} × 10{}",
        mantissa / 100,
        mantissa % 100,
        sup(exponent)
    );
    CountText {
        shown,
        exact,
        long: true,
    }
}

/// `t` in superscript digits (10⁴⁰).
pub fn sup(t: usize) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    t.to_string()
        .chars()
        .map(|c| c.to_digit(10).map_or(c, |d| DIGITS[d as usize]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_digits_in_threes() {
        let cases = [
            (0, "0"),
            (7, "7"),
            (999, "999"),
            (1000, "1,000"),
            (65_536, "65,536"),
            (1_180_980, "1,180,980"),
            (u64::MAX, "18,446,744,073,709,551,615"),
        ];
        for (n, text) in cases {
            assert_eq!(group(n), text);
            // The grouping only inserts commas.
            assert_eq!(group(n).replace(',', ""), n.to_string());
        }
    }

    #[test]
    fn long_counts_are_scientific_with_the_exact_value_kept() {
        let short = count_text("123456789012345");
        assert_eq!(short.shown, "123,456,789,012,345");
        assert!(!short.long);
        let long = count_text("3528600000000000000000000000000000000000");
        assert_eq!(long.shown, "3.53 × 10³⁹");
        assert!(long.long);
        assert_eq!(
            long.exact.replace(',', ""),
            "3528600000000000000000000000000000000000"
        );
        // Rounding half up, and 9.995 rolling over to the next power.
        assert_eq!(count_text("1234499999999999").shown, "1.23 × 10¹⁵");
        assert_eq!(count_text("1235000000000000").shown, "1.24 × 10¹⁵");
        assert_eq!(count_text("9995000000000000").shown, "1.00 × 10¹⁶");
        assert_eq!(count_text("1000000000000000").shown, "1.00 × 10¹⁵");
        // Not a count: shown as it is.
        assert_eq!(count_text("—").shown, "—");
        assert_eq!(group_digits("12a4"), "12a4");
    }

    #[test]
    fn plurals_agree_with_their_count() {
        assert_eq!(plural(1, "hop", "hops"), "1 hop");
        assert_eq!(plural(0, "hop", "hops"), "0 hops");
        assert_eq!(plural(2, "hop", "hops"), "2 hops");
    }
}
