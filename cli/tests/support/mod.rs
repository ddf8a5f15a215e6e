//! What the `icn` end-to-end tests share: running the binary and reading what it printed.
//! Each test file uses part of it.
#![allow(dead_code)]

use std::process::{Command, Output};

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
