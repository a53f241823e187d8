//! Decodes arbitrary text, and encodes it for every part of every syntax: never panics,
//! encoding then decoding gives the text back, and the display form never loses a byte
//! that is not shown as a character.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urn_tag::{Part, UrnSyntax, percent, urn};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = percent::decode(&text);
    let _ = percent::decode_utf8(&text);
    let display = percent::decode_for_display(&text);
    assert!(display.len() <= text.len() + 3 * text.len());
    for syntax in UrnSyntax::ALL {
        for part in [Part::Nss, Part::RComponent, Part::QComponent, Part::FComponent, Part::Query, Part::Fragment] {
            if let Ok(encoded) = urn::encode(&text, syntax, part) {
                assert_eq!(&*percent::decode(&encoded), text.as_bytes());
            }
        }
    }
});
