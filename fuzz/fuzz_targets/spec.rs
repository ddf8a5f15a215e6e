//! Any bytes as a spec: `Spec` and `Network` parsing, round-trips, the cost estimate.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    icn_fuzz::check_spec(&text);
});
