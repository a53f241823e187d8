//! Parses arbitrary bytes as a tag URI under every syntax: never panics, errors point inside
//! the input, accepted values round-trip, their parts re-assemble, and the date and lints are
//! computed without panicking; `Identifier` agrees with the direct parse.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urn_tag::{Identifier, TagSyntax, TagUri};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for syntax in TagSyntax::ALL {
        match TagUri::parse_with(text, syntax) {
            Ok(tag) => {
                assert_eq!(tag.as_str(), text);
                let rebuilt: usize = tag.parts().map(|(_, range)| range.len()).sum();
                assert!(rebuilt < text.len());
                let _ = (tag.date().to_string(), tag.lints(), tag.local_part(), tag.domain());
                assert_eq!(TagUri::parse_with(tag.as_str(), syntax).unwrap(), tag);
            }
            Err(error) => {
                assert!(error.index() <= text.len());
                assert!(text.is_char_boundary(error.index()));
                let _ = error.to_string();
            }
        }
    }
    let direct = TagUri::parse(text).map(Identifier::Tag);
    if text.get(..4).is_some_and(|head| head.eq_ignore_ascii_case("tag:")) {
        assert_eq!(Identifier::parse(text), direct);
    }
});
