//! Parses arbitrary bytes as a URN under every spec: never panics, errors point inside the
//! input, accepted values round-trip and re-parse identically, and the value's derived forms
//! (normalized, key, lints, display form) are computed without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urn_tag::{UrnSyntax, Urn};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for spec in UrnSyntax::ALL {
        match Urn::parse_with(text, spec) {
            Ok(urn) => {
                assert_eq!(urn.as_str(), text);
                let normalized = urn.normalized();
                assert_eq!(normalized.normalized(), normalized);
                assert!(normalized.equivalent(&urn));
                assert_eq!(Urn::parse_with(normalized.as_str(), spec).unwrap(), normalized);
                let _ = (urn.equivalence_key(), urn.lints(), urn.display_form(), urn.nid_class());
                assert_eq!(urn.parts().map(|(_, range)| range.len()).sum::<usize>() <= text.len(), true);
            }
            Err(error) => {
                assert!(error.index() <= text.len());
                assert!(text.is_char_boundary(error.index()));
                let _ = error.to_string();
            }
        }
    }
});
