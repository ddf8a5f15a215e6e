//! Reading KYKLOS addresses: an L-node in decimal (`37`) or an IB-node `<t,v,o>`.
//!
//! A number that is too large is [`AddressError::OutOfRange`], naming the range (`L-node
//! 99 is out of range: 0-15`); a character that is no decimal digit is
//! [`AddressError::BadDigit`].

use icn_graph::error::AddressError;
use icn_graph::Node;

use super::Kyklos;

fn bad(ch: char, position: usize, allowed: String) -> AddressError {
    AddressError::BadDigit {
        ch,
        position,
        radix: 10,
        allowed,
    }
}

/// Reads one decimal field starting at 1-based `position`; `what` names it and `max`
/// is its largest value.
fn field(
    text: &str,
    position: usize,
    what: &str,
    (min, max): (usize, usize),
) -> Result<usize, AddressError> {
    let allowed = || format!("{what} {min}-{max}");
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return Err(bad(
            if text.is_empty() { ',' } else { ' ' },
            position,
            format!("a number ({what} {min}-{max}) here"),
        ));
    };
    for (i, ch) in text.chars().enumerate() {
        if !ch.is_ascii_digit() {
            return Err(bad(ch, position + i, format!("digits 0-9 ({})", allowed())));
        }
    }
    if first == '0' && text.len() > 1 {
        return Err(AddressError::Malformed {
            address: text.to_string(),
            why: format!(
                "'{text}' has a leading zero at position {position}: write the number without leading zeros ({})",
                allowed()
            ),
        });
    }
    match text.parse::<usize>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(AddressError::OutOfRange {
            what: what.to_string(),
            value: text.to_string(),
            min,
            max,
        }),
    }
}

pub(super) fn parse(net: &Kyklos, text: &str) -> Result<Node, AddressError> {
    let lead = text.len() - text.trim_start().len();
    let body = text.trim();
    let expected = || {
        format!(
            "type an L-node 0-{} or an IB-node <t,v,o>, e.g. <0,1,0>",
            net.leaves - 1
        )
    };
    if body.is_empty() {
        return Err(AddressError::Empty {
            expected: expected(),
        });
    }
    let start = text[..lead].chars().count() + 1;
    let Some(inner) = body.strip_prefix('<') else {
        return field(body, start, "L-node", (0, net.leaves - 1)).map_err(|e| match e {
            AddressError::BadDigit {
                ch,
                position,
                radix,
                ..
            } => AddressError::BadDigit {
                ch,
                position,
                radix,
                allowed: format!(
                    "an L-node number 0-{} in decimal, or <t,v,o> for an IB-node",
                    net.leaves - 1
                ),
            },
            other => other,
        });
    };
    let Some(inner) = inner.strip_suffix('>') else {
        return Err(AddressError::Malformed {
            address: body.to_string(),
            why: format!(
                "an IB-node ends with '>', as in <0,1,0>; '{body}' has no '>' after position {}",
                start + body.chars().count() - 1
            ),
        });
    };
    let parts: Vec<&str> = inner.split(',').collect();
    if parts.len() != 3 {
        return Err(AddressError::Malformed {
            address: body.to_string(),
            why: format!(
                "an IB-node <t,v,o> has three numbers; '{body}' has {}",
                parts.len()
            ),
        });
    }
    let mut position = start + 1;
    let t = field(parts[0], position, "tree t", (0, net.r - 1))?;
    position += parts[0].chars().count() + 1;
    if parts[1] == "0" {
        return Err(bad(
            '0',
            position,
            format!("level v 1-{} (level 0 holds the L-nodes)", net.n),
        ));
    }
    let v = field(parts[1], position, "level v", (1, net.n))?;
    position += parts[1].chars().count() + 1;
    let o = field(
        parts[2],
        position,
        &format!("at level {v} the specifier o"),
        (0, net.pow[net.n - v] - 1),
    )?;
    Ok(net.index(t, v, o))
}
