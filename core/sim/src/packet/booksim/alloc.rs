//! The allocator keys: `vc_allocator`, `sw_allocator` (BookSim2's names, an iterative
//! one's iterations in parentheses, `islip(3)`, else 1; a separable one's arbiter, which
//! must be `round_robin`) and `alloc_iters`, which BookSim2 reads but its `iq` router does
//! not pass to its allocators (`IQRouter` builds them with no configuration, so an
//! iterative one named without parentheses iterates once): checked, and changes nothing.

use super::{bad, ranged, ConfigError};
use crate::packet::config::{AllocatorChoice, AllocatorKind, RouterConfig, MAX_ALLOC_ITERS};

/// A statement's value and line.
type At<'a> = Option<(&'a str, usize)>;

/// Sets the allocators the keys name on `r`; a key left out keeps `r`'s allocator.
pub(super) fn allocators(
    vc: At<'_>,
    sw: At<'_>,
    iters: At<'_>,
    r: &mut RouterConfig,
) -> Result<(), ConfigError> {
    ranged(iters, "alloc_iters", 1, (1, MAX_ALLOC_ITERS))?;
    for (key, at, slot) in [
        ("vc_allocator", vc, &mut r.vc_allocator),
        ("sw_allocator", sw, &mut r.sw_allocator),
    ] {
        if let Some(text) = at {
            *slot = choice(text, key)?;
        }
    }
    Ok(())
}

/// The allocator `name` or `name(parameter)`: an iterative one's iterations are its
/// parameter, else 1.
fn choice(at: (&str, usize), key: &str) -> Result<AllocatorChoice, ConfigError> {
    let (value, _) = at;
    let (name, param) = match value.split_once('(') {
        Some((name, rest)) => (name, Some(rest.strip_suffix(')').unwrap_or(rest))),
        None => (value, None),
    };
    let names: Vec<&str> = AllocatorKind::ALL.iter().map(|k| k.name()).collect();
    let kind = AllocatorKind::from_name(name).ok_or_else(|| {
        let piggyback = if name == "piggyback" {
            " (piggyback needs speculative switch allocation, which is not modelled)"
        } else {
            ""
        };
        bad(
            Some(at),
            key,
            &format!(
                "one of BookSim2's allocators: {}{piggyback}",
                names.join(", ")
            ),
        )
    })?;
    let separable = matches!(
        kind,
        AllocatorKind::SeparableInputFirst | AllocatorKind::SeparableOutputFirst
    );
    let iters = match param {
        Some(p) if kind.iterates() => p
            .parse()
            .ok()
            .filter(|n| (1..=MAX_ALLOC_ITERS).contains(n))
            .ok_or_else(|| {
                bad(
                    Some(at),
                    key,
                    &format!("{name}(N) with N iterations from 1 to {MAX_ALLOC_ITERS}"),
                )
            })?,
        Some(p) if separable && p != "round_robin" => {
            return Err(ConfigError {
                line: at.1,
                message: format!(
                    "{key} = {value}: not modelled; icnplay's separable allocators have \
                     round_robin arbiters only"
                ),
            })
        }
        _ => 1,
    };
    Ok(AllocatorChoice { kind, iters })
}
