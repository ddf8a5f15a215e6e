//! Well-formed specs of every family with arbitrary parameter values: huge numbers, zero,
//! long vectors, flags on and off. Exercises range checks and overflow-checked size
//! arithmetic (this profile has overflow checks on), and routes the small networks.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;

#[derive(Debug, Arbitrary)]
enum Value {
    Small(u8),
    Any(u64),
    Vector(Vec<u8>),
    Word(bool),
}

#[derive(Debug, Arbitrary)]
struct Input {
    family: u8,
    values: Vec<Option<Value>>,
    flags: Vec<bool>,
}

fuzz_target!(|input: Input| {
    let family = icn_fuzz::family(input.family);
    let mut items = Vec::new();
    for (i, p) in family.params.iter().enumerate() {
        let value = match input.values.get(i) {
            None | Some(None) => continue,
            Some(Some(Value::Small(v))) => (v % 40).to_string(),
            Some(Some(Value::Any(v))) => v.to_string(),
            Some(Some(Value::Vector(v))) => v
                .iter()
                .take(40)
                .map(|x| (x % 40).to_string())
                .collect::<Vec<_>>()
                .join("x"),
            Some(Some(Value::Word(b))) => p.example.to_string() + if *b { "" } else { "0" },
        };
        items.push(format!("{}={value}", p.key));
    }
    for (i, f) in family.flags.iter().enumerate() {
        if input.flags.get(i).copied().unwrap_or(false) {
            items.push(f.key.to_string());
        }
    }
    icn_fuzz::check_spec(&format!("{}:{}", family.name, items.join(",")));
});
