//! Searches arbitrary text for URNs (under every URN syntax) and tag URIs (under every tag
//! syntax): never panics, every match lies inside the text on character boundaries, matches
//! come in order without overlapping, and each is the exact text of a valid identifier; the
//! invalid tokens come in order too, each with the error its text's parse gives, and none
//! overlaps a match (one verdict per token).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urn_tag::find::Finder;
use urn_tag::{Identifier, Syntax, TagSyntax, UrnSyntax};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for (urn, tag) in UrnSyntax::ALL.into_iter().zip(TagSyntax::ALL) {
        let syntax = Syntax::new().with_urn(urn).with_tag(tag);
        for trim in [true, false] {
            let mut end = 0;
            let finder = Finder::new().syntax(syntax).trim_punctuation(trim);
            let mut matches = Vec::new();
            for found in finder.identifiers(&text) {
                let range = found.range();
                assert!(range.start >= end && range.end <= text.len());
                assert_eq!(found.value().as_str(), &text[range.clone()]);
                assert!(Identifier::parse_borrowed_with(&text[range.clone()], syntax).is_ok());
                end = range.end;
                matches.push(range);
            }
            let mut end = 0;
            for invalid in finder.invalid(&text) {
                let range = invalid.range();
                assert!(range.start >= end && range.end <= text.len());
                let parsed = Identifier::parse_borrowed_with(&text[range.clone()], syntax);
                assert_eq!(parsed.err(), Some(invalid.error()));
                assert!(matches.iter().all(|m| m.end <= range.start || range.end <= m.start));
                end = range.end;
            }
        }
    }
});
