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
