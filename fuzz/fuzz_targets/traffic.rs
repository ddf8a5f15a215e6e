//! Any bytes as a traffic pattern and, after a NUL byte, offered loads: the grammars `icn
//! sim` and the simulation view share read them or say why not.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (pattern, rates) = text.split_once('\0').unwrap_or((&text, ""));
    icn_fuzz::check_traffic(pattern, rates);
});
