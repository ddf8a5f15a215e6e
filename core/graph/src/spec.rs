//! The topology spec grammar shared by URLs, the CLI and the docs.
//!
//! ```text
//! spec   = family [ ":" item { "," item } ]
//! item   = key "=" value | flag
//! family, key, flag = [a-z][a-z0-9_]*
//! value  = [A-Za-z0-9._-]+            (vectors are written 5x4x3)
//! ```
//!
//! Parsing here is purely syntactic; [`icn_engine::Network::from_spec`] checks the family
//! and its parameters.

use std::fmt;
use std::str::FromStr;

use crate::error::{ParamError, SpecError};

/// A syntactically valid spec: a family name and its items in the order typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// The family name, e.g. `hypercycle`.
    pub family: String,
    /// `(key, Some(value))` for `key=value`, `(flag, None)` for a bare flag.
    pub items: Vec<(String, Option<String>)>,
}

impl Spec {
    /// The value of `key`, if given with a value.
    pub fn value(&self, key: &str) -> Option<&str> {
        self.items
            .iter()
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| v.as_deref())
    }

    /// Whether `key` appears at all (as a flag or with a value).
    pub fn has(&self, key: &str) -> bool {
        self.items.iter().any(|(k, _)| k == key)
    }

    /// The required number `key` of `family`'s spec; `help` says what it is when missing.
    pub fn number(
        &self,
        family: &'static str,
        key: &'static str,
        help: &'static str,
    ) -> Result<u64, ParamError> {
        let text = self
            .value(key)
            .ok_or(ParamError::Missing { family, key, help })?;
        parse_number(key, text)
    }

    /// Rejects keys outside `allowed` and flags given where values are needed.
    pub fn check_keys(
        &self,
        family: &'static str,
        allowed: &'static [&'static str],
        flags: &'static [&'static str],
        allowed_text: &'static str,
    ) -> Result<(), ParamError> {
        for (k, v) in &self.items {
            let is_value_key = allowed.contains(&k.as_str());
            let is_flag = flags.contains(&k.as_str());
            if !is_value_key && !is_flag {
                return Err(ParamError::UnknownKey {
                    family,
                    key: k.clone(),
                    allowed: allowed_text,
                });
            }
            if let (true, Some(value)) = (is_flag && !is_value_key, v) {
                return Err(ParamError::Malformed {
                    key: flags.iter().copied().find(|f| f == k).unwrap_or("?"),
                    value: value.clone(),
                    why: format!(
                        "{k} is a flag and takes no value: write ,{k} to set it, leave it out otherwise"
                    ),
                });
            }
            if is_value_key && v.is_none() {
                return Err(ParamError::Malformed {
                    key: allowed.iter().copied().find(|a| a == k).unwrap_or("?"),
                    value: String::new(),
                    why: format!("needs a value: write {k}=…"),
                });
            }
        }
        Ok(())
    }
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_lowercase()
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'
}

fn is_value_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')
}

/// Checks one name (family, key or flag) starting at 1-based `offset`.
fn check_name(name: &str, offset: usize, what: &'static str) -> Result<(), SpecError> {
    let mut chars = name.chars();
    match chars.next() {
        None => Err(SpecError::BadCharacter {
            ch: name.chars().next().unwrap_or(' '),
            position: offset,
            why: what,
        }),
        Some(c) if !is_name_start(c) => Err(SpecError::BadCharacter {
            ch: c,
            position: offset,
            why: what,
        }),
        Some(_) => {
            for (i, c) in name.chars().enumerate().skip(1) {
                if !is_name_char(c) {
                    return Err(SpecError::BadCharacter {
                        ch: c,
                        position: offset + i,
                        why: "names use lowercase letters, digits and '_'",
                    });
                }
            }
            Ok(())
        }
    }
}

impl FromStr for Spec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim().is_empty() {
            return Err(SpecError::Empty);
        }
        // Strict: no whitespace anywhere, around the spec either (docs/specs.md).
        if let Some((i, ch)) = s.chars().enumerate().find(|(_, c)| c.is_whitespace()) {
            return Err(SpecError::BadCharacter {
                ch,
                position: i + 1,
                why: "a spec has no spaces: remove them",
            });
        }
        let (family, rest, rest_offset) = match s.find(':') {
            Some(i) => (&s[..i], Some(&s[i + 1..]), s[..=i].chars().count() + 1),
            None => (s, None, 0),
        };
        if family.is_empty() {
            return Err(SpecError::BadCharacter {
                ch: ':',
                position: 1,
                why: "the spec starts with the family name, e.g. hypercube:n=6",
            });
        }
        check_name(family, 1, "a family name starts with a lowercase letter")?;
        let mut items: Vec<(String, Option<String>)> = Vec::new();
        if rest == Some("") {
            return Err(SpecError::BadCharacter {
                ch: ':',
                position: rest_offset - 1,
                why: "nothing follows ':': write key=value after it, or drop the ':'",
            });
        }
        if let Some(rest) = rest {
            let mut offset = rest_offset;
            for raw in rest.split(',') {
                let len = raw.chars().count();
                if raw.is_empty() {
                    return Err(SpecError::BadCharacter {
                        ch: ',',
                        position: offset.saturating_sub(1).max(1),
                        why: "empty parameter: remove the extra ',' or write key=value",
                    });
                }
                let (key, value) = match raw.find('=') {
                    Some(i) => (&raw[..i], Some(&raw[i + 1..])),
                    None => (raw, None),
                };
                if key.is_empty() {
                    return Err(SpecError::BadCharacter {
                        ch: '=',
                        position: offset,
                        why: "a parameter name comes before '=', e.g. n=6",
                    });
                }
                check_name(
                    key,
                    offset,
                    "a parameter name starts with a lowercase letter",
                )?;
                if let Some(v) = value {
                    let voff = offset + key.chars().count() + 1;
                    if v.is_empty() {
                        return Err(SpecError::BadCharacter {
                            ch: '=',
                            position: voff - 1,
                            why: "a value follows '=', e.g. n=6",
                        });
                    }
                    if let Some((i, c)) = v.chars().enumerate().find(|&(_, c)| !is_value_char(c)) {
                        return Err(SpecError::BadCharacter {
                            ch: c,
                            position: voff + i,
                            why: "values use letters, digits, '.', '_' and '-' (vectors: 5x4x3)",
                        });
                    }
                }
                if items.iter().any(|(k, _)| k == key) {
                    return Err(SpecError::DuplicateKey {
                        key: key.to_string(),
                    });
                }
                items.push((key.to_string(), value.map(str::to_string)));
                offset += len + 1;
            }
        }
        Ok(Spec {
            family: family.to_string(),
            items,
        })
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.family)?;
        for (i, (k, v)) in self.items.iter().enumerate() {
            f.write_str(if i == 0 { ":" } else { "," })?;
            f.write_str(k)?;
            if let Some(v) = v {
                write!(f, "={v}")?;
            }
        }
        Ok(())
    }
}

/// Parses an `x`-separated vector of positive integers such as `5x4x3`.
pub fn parse_vector(key: &'static str, value: &str) -> Result<Vec<u64>, ParamError> {
    value
        .split('x')
        .map(|part| {
            if part.is_empty() {
                return Err(ParamError::Malformed {
                    key,
                    value: value.to_string(),
                    why: "an entry is empty; write numbers separated by 'x', e.g. 5x4x3".into(),
                });
            }
            part.parse::<u64>().map_err(|_| ParamError::Malformed {
                key,
                value: value.to_string(),
                why: match part.chars().find(|c| !c.is_ascii_digit()) {
                    Some(c) => format!("{c:?} is not a digit; write numbers separated by 'x'"),
                    None => format!("{part} is too large"),
                },
            })
        })
        .collect()
}

/// Parses one non-negative integer.
pub fn parse_number(key: &'static str, value: &str) -> Result<u64, ParamError> {
    value.parse::<u64>().map_err(|_| ParamError::Malformed {
        key,
        value: value.to_string(),
        why: match value.chars().find(|c| !c.is_ascii_digit()) {
            Some(c) => format!("{c:?} is not a digit"),
            None => "the number is too large".to_string(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_back() {
        let s: Spec = "hypercycle:m=5x4x3,rho=2x1x1".parse().expect("valid");
        assert_eq!(s.family, "hypercycle");
        assert_eq!(s.value("m"), Some("5x4x3"));
        assert_eq!(s.to_string(), "hypercycle:m=5x4x3,rho=2x1x1");
        let f: Spec = "lens:p=4,q=4,n=10,completed".parse().expect("valid");
        assert!(f.has("completed"));
        assert_eq!(f.to_string(), "lens:p=4,q=4,n=10,completed");
    }

    #[test]
    fn errors_name_the_character() {
        let e = "hypercycle:m=5x4;3".parse::<Spec>().unwrap_err();
        assert_eq!(
            e,
            SpecError::BadCharacter {
                ch: ';',
                position: 17,
                why: "values use letters, digits, '.', '_' and '-' (vectors: 5x4x3)"
            }
        );
        assert!(matches!(
            "Hyper:n=3".parse::<Spec>(),
            Err(SpecError::BadCharacter {
                ch: 'H',
                position: 1,
                ..
            })
        ));
        assert!(matches!(
            "hypercube:n=3,n=4".parse::<Spec>(),
            Err(SpecError::DuplicateKey { .. })
        ));
        assert!(matches!(
            "hypercube:n=3,,".parse::<Spec>(),
            Err(SpecError::BadCharacter { ch: ',', .. })
        ));
        assert_eq!("  ".parse::<Spec>(), Err(SpecError::Empty));
    }

    #[test]
    fn vectors() {
        assert_eq!(parse_vector("m", "5x4x3"), Ok(vec![5, 4, 3]));
        assert!(parse_vector("m", "5xx3").is_err());
        assert!(parse_vector("m", "99999999999999999999999").is_err());
    }
}
