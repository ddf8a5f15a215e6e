//! Any bytes as an address of a family's example network (from the live FAMILIES list).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let family = icn_fuzz::family(pick);
    let net: icn_core::Network = family
        .example
        .parse()
        .expect("every family's example parses");
    icn_fuzz::check_address(&net, &String::from_utf8_lossy(rest));
});
