//! The networks the page builds, kept by spec: a view and the links under it ("On this
//! network") ask for the same spec, and it is built once.

use std::cell::RefCell;

use icn_core::{Network, SpecError};

/// How many specs are kept: the shown view's and the one before it (a pasted graph's
/// network can be large, and a spec being typed changes at every key).
const KEPT: usize = 2;

thread_local! {
    /// The last specs asked for, the most recent first, with what they built.
    static BUILT: RefCell<Vec<(String, Result<Network, SpecError>)>> = const { RefCell::new(Vec::new()) };
}

/// The network `spec` names ([`Network`]'s `FromStr`), built once while it is among the
/// last [`KEPT`] asked for.
pub fn build(spec: &str) -> Result<Network, SpecError> {
    let kept = BUILT.with_borrow_mut(|built| {
        let at = built.iter().position(|(s, _)| s == spec)?;
        let entry = built.remove(at);
        let result = entry.1.clone();
        built.insert(0, entry);
        Some(result)
    });
    if let Some(result) = kept {
        return result;
    }
    let result = spec.parse::<Network>();
    BUILT.with_borrow_mut(|built| {
        built.insert(0, (spec.to_owned(), result.clone()));
        built.truncate(KEPT);
    });
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn a_spec_is_built_once_while_kept() {
        let first = build("torus:k=4x4").unwrap();
        let again = build("torus:k=4x4").unwrap();
        assert!(
            std::ptr::eq(first.as_family(), again.as_family()),
            "kept, not rebuilt"
        );
        assert_eq!(first.topology().node_count(), 16);
        // An error is kept as it was read.
        let bad = build("kyklos2:m=2,r=2,n=99").unwrap_err();
        assert_eq!(bad, "kyklos2:m=2,r=2,n=99".parse::<Network>().unwrap_err());
        // Two other specs later, the first is built again: a new network, equal to it.
        for k in 5..7 {
            build(&format!("torus:k={k}x{k}")).unwrap();
        }
        let rebuilt = build("torus:k=4x4").unwrap();
        assert!(!std::ptr::eq(first.as_family(), rebuilt.as_family()));
        assert_eq!(first, rebuilt);
    }
}
