//! What the `icn` end-to-end tests share: running the binary and reading what it printed.
//! Each test file uses part of it.
#![allow(dead_code)]

use std::process::{Command, Output};

use icn_core::Budget;
use serde_json::Value;

/// Exit status (-1 for a signal), stdout and stderr of a finished `icn`.
pub fn outcome(out: Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `icn args`: exit status, stdout, stderr.
pub fn icn(args: &[&str]) -> (i32, String, String) {
    outcome(
        Command::new(env!("CARGO_BIN_EXE_icn"))
            .args(args)
            .output()
            .expect("icn runs"),
    )
}

/// `icn args`, which must succeed, read as JSON.
pub fn json(args: &[&str]) -> Value {
    let (code, out, err) = icn(args);
    assert_eq!(code, 0, "icn {args:?} failed: {err}");
    serde_json::from_str(&out).expect("valid JSON")
}

/// The address space `icn` gets under [`capped`] (KiB, as `ulimit -v` reads it).
pub const CAP_KIB: &str = "4000000";

/// `icn args` under a 4 GB address-space cap: a regression aborts instead of eating the
/// machine. Exit status, stdout, stderr.
pub fn capped(args: &[&str]) -> (i32, String, String) {
    outcome(
        Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v {CAP_KIB}; exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_icn"))
            .args(args)
            .output()
            .expect("icn runs"),
    )
}

/// A clean refusal under the cap: exit 2, nothing on stdout, one line on stderr; the line.
pub fn refused(args: &[&str]) -> String {
    let (code, out, err) = capped(args);
    assert_eq!(code, 2, "icn {args:?}: {out} {err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("icn: error: "), "{err}");
    err
}

/// A finished case of a property test: a result (exit 0, output, valid JSON when it looks
/// like JSON) or a clean refusal (exit 2, one short `icn: error:` line, nothing on stdout);
/// `must_refuse` when its estimate exceeds `icn`'s budget.
pub fn clean_outcome(
    args: &[String],
    (code, out, err): (i32, String, String),
    must_refuse: bool,
) -> Result<(), proptest::test_runner::TestCaseError> {
    use proptest::{prop_assert, prop_assert_eq};
    prop_assert!(
        code == 0 || code == 2,
        "{:?}: status {} {}",
        args,
        code,
        err
    );
    if code == 2 {
        prop_assert_eq!(err.lines().count(), 1, "{:?}: {}", args, err);
        prop_assert!(err.starts_with("icn: error: "), "{:?}: {}", args, err);
        prop_assert!(err.len() < 1000, "{:?}: a long message", args);
        prop_assert!(out.is_empty(), "{:?}", args);
    } else {
        prop_assert!(!must_refuse, "{:?} ran beyond the budget", args);
        prop_assert!(!out.is_empty(), "{:?}", args);
        if out.starts_with('{') || out.starts_with('[') {
            let parsed: Result<Value, _> = serde_json::from_str(&out);
            prop_assert!(parsed.is_ok(), "{:?}: invalid JSON", args);
        }
    }
    Ok(())
}

/// What a case may cost to be run here (debug build, many cases).
pub const TEST_BUDGET: Budget = Budget {
    steps: 1 << 23,
    bytes: 256 << 20,
};

/// `icn`'s budget without `--force` (cli/src/output.rs).
pub const CLI_BUDGET: Budget = Budget {
    steps: 1 << 38,
    bytes: 8 << 30,
};

/// An edge list of a connected random graph: node v ≥ 1 linked to a node before it (a
/// random tree), then `extra` more random links a node.
pub fn random_edges(n: u64, extra: u64, seed: u64) -> String {
    use std::fmt::Write;
    let mut rng = icn_core::sim::SplitMix64::new(seed);
    let mut text = String::new();
    for v in 0..n {
        if v > 0 {
            let _ = writeln!(text, "{} {v}", rng.below(v));
        }
        for _ in 0..extra {
            let w = rng.below(n);
            if w != v {
                let _ = writeln!(text, "{v} {w}");
            }
        }
    }
    text
}
