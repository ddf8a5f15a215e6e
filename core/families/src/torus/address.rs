//! Tuple addresses `(x₁,…,x_r)`: one decimal number per dimension, most significant
//! first, so a radix of 64 or 1000 reads as plainly as a radix of 4.
//!
//! Input may leave out the parentheses (`3,5,1`) and put spaces around the numbers
//! (`( 3, 5 ,1 )`); a one-dimensional network also reads a bare `5`. Errors name the
//! character (1-based position in the text as typed) or the coordinate at fault.

use icn_graph::error::AddressError;

/// `(x₁,…,x_r)`, without spaces.
pub(crate) fn format_tuple(digits: &[u32]) -> String {
    let parts: Vec<String> = digits.iter().map(u32::to_string).collect();
    format!("({})", parts.join(","))
}

/// The shape and an example, for messages: `(x1,x2,x3)` and `(0,0,0)`.
fn shape(radices: &[u32]) -> (String, String) {
    let names: Vec<String> = (1..=radices.len()).map(|i| format!("x{i}")).collect();
    let zeros = vec![0; radices.len()];
    (format!("({})", names.join(",")), format_tuple(&zeros))
}

/// Reads a tuple of `radices.len()` coordinates, coordinate i below `radices[i]`.
///
/// # Errors
/// [`AddressError::Empty`] for blank text; [`AddressError::Malformed`] naming an unpaired
/// parenthesis, a character that is not a digit (with its position), an empty
/// coordinate, a space inside a number, the wrong number of coordinates, or a coordinate
/// out of range.
pub(crate) fn parse_tuple(text: &str, radices: &[u32]) -> Result<Vec<u32>, AddressError> {
    let (shape, example) = shape(radices);
    let malformed = |why: String| AddressError::Malformed {
        address: text.to_string(),
        why,
    };
    let chars: Vec<char> = text.chars().collect();
    let Some(first) = chars.iter().position(|c| !c.is_whitespace()) else {
        return Err(AddressError::Empty {
            expected: format!("write a node as {shape}, e.g. {example}"),
        });
    };
    let last = chars
        .iter()
        .rposition(|c| !c.is_whitespace())
        .unwrap_or(first);
    let (opens, closes) = (chars[first] == '(', chars[last] == ')');
    if opens != closes || (opens && first == last) {
        let (ch, at) = if opens {
            (chars[last], last)
        } else {
            (')', last)
        };
        return Err(malformed(format!(
            "character {ch:?} at position {}: parentheses must come in a pair, as in {example}",
            at + 1
        )));
    }
    let (start, end) = if opens {
        (first + 1, last)
    } else {
        (first, last + 1)
    };
    let mut parts: Vec<(usize, usize)> = Vec::new();
    let mut from = start;
    for (j, &c) in chars.iter().enumerate().take(end).skip(start) {
        if c == ',' {
            parts.push((from, j));
            from = j + 1;
        }
    }
    parts.push((from, end));
    if parts.len() != radices.len() {
        let n = parts.len();
        return Err(malformed(format!(
            "the address '{}' has {n} coordinate{}; this network's nodes have {}: {shape}, e.g. {example}",
            text.trim(),
            if n == 1 { "" } else { "s" },
            radices.len()
        )));
    }
    parts
        .iter()
        .zip(radices)
        .enumerate()
        .map(|(i, (&(a, b), &k))| coordinate(&chars, a, b, i + 1, k, &shape, &example))
        .collect()
}

/// Coordinate `index` (1-based), the characters `chars[a..b]`, below radix `k`.
fn coordinate(
    chars: &[char],
    a: usize,
    b: usize,
    index: usize,
    k: u32,
    shape: &str,
    example: &str,
) -> Result<u32, AddressError> {
    let malformed = |why: String| AddressError::Malformed {
        address: chars.iter().collect(),
        why,
    };
    let name = format!("x{index}");
    if let Some(j) = (a..b).find(|&j| !chars[j].is_ascii_digit() && !chars[j].is_whitespace()) {
        return Err(malformed(format!(
            "character {:?} at position {} is not a digit; coordinate {name} is a number 0 to {}",
            chars[j],
            j + 1,
            k - 1
        )));
    }
    let digits: String = chars[a..b].iter().collect();
    let digits = digits.trim();
    if digits.is_empty() {
        return Err(malformed(format!(
            "coordinate {name} is empty; write {shape}, e.g. {example}"
        )));
    }
    if digits.contains(char::is_whitespace) {
        return Err(malformed(format!(
            "coordinate {name} = '{digits}' has a space inside; write {shape}, e.g. {example}"
        )));
    }
    match digits.parse::<u64>() {
        Ok(v) if v < u64::from(k) => Ok(v as u32),
        _ => Err(malformed(format!(
            "coordinate {name} = {digits} is out of range: 0 ≤ {name} < {k}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_with_and_without_parentheses() {
        assert_eq!(parse_tuple("(3,5,1)", &[8, 8, 4]), Ok(vec![3, 5, 1]));
        assert_eq!(parse_tuple(" 3, 5 ,1 ", &[8, 8, 4]), Ok(vec![3, 5, 1]));
        assert_eq!(parse_tuple("( 63 ,0)", &[64, 2]), Ok(vec![63, 0]));
        assert_eq!(parse_tuple("7", &[9]), Ok(vec![7]));
        assert_eq!(format_tuple(&[3, 5, 1]), "(3,5,1)");
    }

    #[test]
    fn errors_say_where_and_why() {
        let why = |t: &str| parse_tuple(t, &[8, 8, 4]).unwrap_err().to_string();
        assert!(
            why("(3,x,1)").contains("'x' at position 4"),
            "{}",
            why("(3,x,1)")
        );
        assert!(why("(3,5,4)").contains("x3 = 4 is out of range: 0 ≤ x3 < 4"));
        assert!(why("(3,5)").contains("has 2 coordinates"));
        assert!(why("(3,5,1").contains("parentheses"));
        assert!(why("3,5,1)").contains("parentheses"));
        assert!(why("(").contains("parentheses"));
        assert!(why("(3,,1)").contains("x2 is empty"));
        assert!(why("(3,5 5,1)").contains("space inside"));
        assert!(why("(3,99999999999999999999999,1)").contains("out of range"));
        assert!(matches!(
            parse_tuple("  ", &[8]),
            Err(AddressError::Empty { .. })
        ));
    }
}
