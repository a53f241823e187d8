//! Searches arbitrary text for URNs (under every spec) and tag URIs: never panics, every
//! match lies inside the text on character boundaries, matches do not overlap and each is the
//! exact text of a valid identifier.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urn_tag::UrnSyntax;
use urn_tag::find::Finder;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for spec in UrnSyntax::ALL {
        for trim in [true, false] {
            let mut end = 0;
            for found in Finder::new().spec(spec).trim_punctuation(trim).identifiers(&text) {
                let range = found.range();
                assert!(range.start >= end && range.end <= text.len());
                assert_eq!(found.value().as_str(), &text[range.clone()]);
                end = range.end;
            }
        }
    }
});
