//! The throughput view's traffic field read (`uniform`, `worst`, `longest`, any pattern the
//! simulator knows, or `perm:D0,D1,…`), and a given permutation checked against
//! the network's endpoints: every mistake a small error the page shows at the field. Builds
//! no network: the endpoints are counted by the caller.

use std::fmt;

use icn_core::graph::math::{check_permutation, NotPermutation};
use icn_core::sim::packet::Pattern;

/// What the traffic field asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrafficChoice {
    /// Every endpoint to every other, equally.
    Uniform,
    /// The routing's worst-case permutation (Towles and Dally).
    Worst,
    /// The permutation of the largest total distance (Jyothi et al.'s near-worst case).
    Longest,
    /// A pattern the simulator knows: a permutation (`transpose`, `tornado`, `randperm(7)`,
    /// …, or one given in full, `perm:…`), or a traffic matrix (`hotspot(0)`, `diagonal`,
    /// `bad_dragon`, …).
    Pattern(Pattern),
}

impl TrafficChoice {
    /// The permutation given in full, if it is one.
    pub fn given(&self) -> Option<&[u32]> {
        match self {
            TrafficChoice::Pattern(Pattern::Given(p)) => Some(p),
            _ => None,
        }
    }
}

/// Why the traffic field cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrafficError {
    /// Nothing typed.
    Empty,
    /// Not a name the simulator or the throughput view knows, or `perm:` with something
    /// that is not a whole number (the simulator's own message).
    Unknown(String),
    /// A given permutation that is not one of the network's endpoints.
    Permutation(NotPermutation),
}

impl fmt::Display for TrafficError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrafficError::Empty => f.write_str(
                "give a traffic: uniform, worst, longest, a pattern of the simulator or \
                 perm:D0,D1,…",
            ),
            // The simulator's list of names, and the throughput view's own two.
            TrafficError::Unknown(why) if why.contains("choose one of") => {
                write!(f, "{why}, worst or longest")
            }
            TrafficError::Unknown(why) => f.write_str(why),
            TrafficError::Permutation(e) => write!(
                f,
                "{e} (perm: lists each endpoint's destination, endpoints numbered from 0)"
            ),
        }
    }
}

/// Reads the traffic field.
///
/// # Errors
/// [`TrafficError`]: empty, unknown, or `perm:` with an entry that is not a number.
pub fn parse_traffic(text: &str) -> Result<TrafficChoice, TrafficError> {
    let text = text.trim();
    match text {
        "" => Err(TrafficError::Empty),
        "worst" => Ok(TrafficChoice::Worst),
        "longest" => Ok(TrafficChoice::Longest),
        _ => match text.parse::<Pattern>() {
            Ok(Pattern::Uniform) => Ok(TrafficChoice::Uniform),
            Ok(p) => Ok(TrafficChoice::Pattern(p)),
            Err(e) => Err(TrafficError::Unknown(e.to_string())),
        },
    }
}

/// Reads the traffic field for a network of `endpoints` endpoints: a permutation given in
/// full must be one of them.
///
/// # Errors
/// As [`parse_traffic`], and [`TrafficError::Permutation`] for a wrong length, an entry
/// beyond the last endpoint or one given twice.
pub fn check_traffic(text: &str, endpoints: usize) -> Result<TrafficChoice, TrafficError> {
    let choice = parse_traffic(text)?;
    if let Some(p) = choice.given() {
        check_permutation(p, endpoints).map_err(TrafficError::Permutation)?;
    }
    Ok(choice)
}

/// `perm:D0,D1,…`, the traffic that sends endpoint e to `p[e]` (the simulator's and
/// `icn throughput`'s grammar).
pub fn perm_text(p: &[u32]) -> String {
    Pattern::Given(p.to_vec()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_patterns_read() {
        assert_eq!(parse_traffic(" uniform "), Ok(TrafficChoice::Uniform));
        assert_eq!(parse_traffic("worst"), Ok(TrafficChoice::Worst));
        assert_eq!(parse_traffic("longest"), Ok(TrafficChoice::Longest));
        assert_eq!(
            parse_traffic("tornado"),
            Ok(TrafficChoice::Pattern(Pattern::Tornado))
        );
        assert_eq!(
            parse_traffic("perm:1,2,0"),
            Ok(TrafficChoice::Pattern(Pattern::Given(vec![1, 2, 0])))
        );
    }

    #[test]
    fn a_permutation_prints_back_as_read() {
        let text = perm_text(&[4, 0, 5, 6, 7, 1, 2, 3]);
        assert_eq!(text, "perm:4,0,5,6,7,1,2,3");
        let back = check_traffic(&text, 8).unwrap();
        assert_eq!(back.given(), Some(&[4, 0, 5, 6, 7, 1, 2, 3][..]));
    }

    #[test]
    fn malformed_permutations_say_what_is_wrong() {
        let e = check_traffic("perm:0,1,x", 3).unwrap_err();
        assert!(matches!(e, TrafficError::Unknown(_)), "{e:?}");
        assert!(
            e.to_string().contains("'x' is not an endpoint number"),
            "{e}"
        );
        let e = check_traffic("perm:0,1", 3).unwrap_err();
        assert_eq!(
            e,
            TrafficError::Permutation(NotPermutation::Length { n: 3, len: 2 })
        );
        assert!(e.to_string().contains("it has 2 destinations"), "{e}");
        let e = check_traffic("perm:0,1,3", 3).unwrap_err();
        assert_eq!(
            e,
            TrafficError::Permutation(NotPermutation::Beyond { n: 3, at: 2, to: 3 })
        );
        let e = check_traffic("perm:0,0,1", 3).unwrap_err();
        assert!(e.to_string().contains("endpoint 0 receives twice"), "{e}");
        let e = check_traffic("perm:", 3).unwrap_err();
        assert_eq!(
            e,
            TrafficError::Permutation(NotPermutation::Length { n: 3, len: 0 })
        );
        let e = check_traffic("perm:-1,0,1", 3).unwrap_err();
        assert!(matches!(e, TrafficError::Unknown(_)), "{e:?}");
        assert!(matches!(
            parse_traffic("hotspot(0)"),
            Ok(TrafficChoice::Pattern(Pattern::Hotspot { .. }))
        ));
        assert_eq!(parse_traffic("  "), Err(TrafficError::Empty));
        assert!(matches!(
            parse_traffic("zigzag"),
            Err(TrafficError::Unknown(_))
        ));
    }
}
