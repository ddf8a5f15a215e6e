//! How large a network a BookSim2 configuration's own topology asks for, checked from its
//! `k` and `n` before any network is built.

use super::ConfigError;

/// The most routers a configuration's own topology may have: beyond it the simulator's
/// state alone (routers × ports × virtual channels × buffers) outgrows a page and most
/// machines; refused before any network is built.
pub const MAX_CONFIG_ROUTERS: u64 = 1 << 16;

/// The routers of BookSim2's `topology` with these `k` and `n` (in u128, every product
/// checked: a count beyond it reads as more than 2^128), and the range each key takes.
pub(super) fn size_check<'a>(
    topo: &str,
    (k, n): (i64, i64),
    get: impl Fn(&str) -> Option<(&'a str, usize)>,
) -> Result<(), ConfigError> {
    let out_of = |key: &str, value: i64, range: &str| ConfigError {
        line: get(key).map_or(0, |(_, l)| l),
        message: format!("{key} = {value}: give {range} for topology = {topo}"),
    };
    let (k_min, n_min) = match topo {
        "mesh" | "torus" | "cmesh" | "fattree" => (2, 1),
        "flatfly" | "fly" => (2, 1),
        "dragonflynew" => (1, 1),
        _ => return Ok(()),
    };
    if !(k_min..=1 << 20).contains(&k) {
        return Err(out_of("k", k, &format!("{k_min} to {}", 1 << 20)));
    }
    if !(n_min..=64).contains(&n) {
        return Err(out_of("n", n, &format!("{n_min} to 64")));
    }
    let (k, n) = (k as u128, n as u32);
    let routers = match topo {
        "mesh" | "torus" | "cmesh" => k.checked_pow(n),
        "fattree" => k
            .checked_pow(n - 1)
            .and_then(|x| x.checked_mul(u128::from(n))),
        "flatfly" => k.checked_pow(n),
        // n stages of k^(n−1) routers.
        "fly" => k
            .checked_pow(n - 1)
            .and_then(|x| x.checked_mul(u128::from(n))),
        // a = 2k routers in each of a·h + 1 = 2k² + 1 groups.
        _ => Some(2 * k * (2 * k * k + 1)),
    }
    .unwrap_or(u128::MAX);
    if routers > u128::from(MAX_CONFIG_ROUTERS) {
        let shown = if routers == u128::MAX {
            "more than 2^128".to_string()
        } else {
            routers.to_string()
        };
        return Err(ConfigError {
            line: get("k").or(get("n")).map_or(0, |(_, l)| l),
            message: format!(
                "topology = {topo} with k = {k}, n = {n} has {shown} routers; the simulator takes \
                 at most {MAX_CONFIG_ROUTERS}: give a smaller k or n"
            ),
        });
    }
    Ok(())
}
