//! BookSim2's `traffic` key read as BookSim2 reads it, in icnplay's pattern grammar.

use super::{int, ConfigError};

/// BookSim2's `traffic` value in icnplay's pattern grammar, its parameters read as BookSim2
/// reads them ([`words`], [`leading_int`]): several only inside one pair of braces
/// (`hotspot({{0,5},{3,1}})`: endpoints 0 and 5 at rates 3 and 1; `hotspot(0,5)` is
/// endpoint 0), and those left out taken from other keys (`randperm`'s `perm_seed`,
/// `bad_dragon`'s `k` and `n`, `badperm_yarc`'s `k`, `n` and `xr`).
pub(super) fn booksim_traffic<'a>(
    get: &dyn Fn(&str) -> Option<(&'a str, usize)>,
) -> Result<String, ConfigError> {
    let (traffic, line) = get("traffic").unwrap_or(("uniform", 0));
    let traffic = traffic.trim();
    let (name, args) = match traffic.find('(') {
        Some(i) => (
            &traffic[..i],
            traffic[i + 1..]
                .strip_suffix(')')
                .unwrap_or(&traffic[i + 1..]),
        ),
        None => (traffic, ""),
    };
    let params = words(args);
    let fail = |message: String| ConfigError { line, message };
    let ints = |text: &str| {
        words(text)
            .iter()
            .map(|w| leading_int(w))
            .collect::<Vec<i64>>()
    };
    let list = |xs: &[i64]| xs.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    Ok(match name {
        "randperm" => match params.first() {
            Some(seed) => format!("randperm({})", leading_int(seed)),
            None => format!("randperm({})", int(get("perm_seed"), "perm_seed", 0)?),
        },
        "bad_dragon" => {
            let k = match params.first() {
                Some(k) => leading_int(k),
                None => int(get("k"), "k", 8)?,
            };
            let n = match params.get(1) {
                Some(n) => leading_int(n),
                None => int(get("n"), "n", 2)?,
            };
            format!("bad_dragon({k},{n})")
        }
        "badperm_yarc" => {
            // BookSim2 takes k, n and xr from the parameters, else from its keys.
            let key = |i: usize, name: &str, default: i64| match params.get(i) {
                Some(v) => Ok(leading_int(v)),
                None => int(get(name), name, default),
            };
            let (k, n, xr) = (key(0, "k", 8)?, key(1, "n", 2)?, key(2, "xr", 1)?);
            format!("badperm_yarc({k},{n},{xr})")
        }
        "hotspot" => {
            let ends = params.first().map_or_else(|| vec![-1], |e| ints(e));
            if ends.iter().any(|&e| e < 0) {
                return Err(fail(format!(
                    "traffic = {traffic}: BookSim2 draws a hotspot of -1 (or none given) at \
                     random; name the endpoints, e.g. hotspot(0) or hotspot({{{{0,5}},{{3,1}}}})"
                )));
            }
            match params.get(1) {
                Some(rates) => format!("hotspot({{{}}},{{{}}})", list(&ends), list(&ints(rates))),
                None => format!("hotspot({})", list(&ends)),
            }
        }
        "background" => format!(
            "background({{{}}})",
            list(&params.first().map_or_else(Vec::new, |e| ints(e)))
        ),
        _ => traffic.to_string(),
    })
}

/// BookSim2's list words (`tokenize_str`): a text not opening with a brace is one word;
/// else the words between the top-level commas of its braces (an inner brace pair stays
/// whole in its word).
fn words(text: &str) -> Vec<&str> {
    let Some(inner) = text.strip_prefix('{') else {
        return if text.is_empty() {
            Vec::new()
        } else {
            vec![text]
        };
    };
    let (mut out, mut depth, mut start) = (Vec::new(), 0u32, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            '}' | ',' if depth == 0 => {
                if i > start {
                    out.push(&inner[start..i]);
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    out
}

/// C's `atoi`: the whole number a text starts with (after blanks, with a sign), else 0.
fn leading_int(text: &str) -> i64 {
    let t = text.trim_start();
    let (sign, digits) = match t.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, t.strip_prefix('+').unwrap_or(t)),
    };
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    sign * digits[..end].parse::<i64>().unwrap_or(0)
}
