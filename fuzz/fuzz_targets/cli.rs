//! Any bytes as `icn`'s command line (arguments separated by NUL bytes): clap's parser,
//! with every subcommand's arguments, never panics, and its errors render (the control
//! characters of the arguments escaped, as `icn` prints them).
#![no_main]

use std::ffi::OsString;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let args: Vec<OsString> = std::iter::once("icn")
        .chain(text.split('\0'))
        .map(OsString::from)
        .collect();
    icn_fuzz::check_args(&args);
});
