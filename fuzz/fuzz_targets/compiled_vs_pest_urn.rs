//! The recognizer compiled from `urn.pest` against the pest-derived parser of the same
//! grammar, on arbitrary input under every syntax. This target must be built with debug
//! assertions (cargo fuzz's default; not `-O`) and the library's `pest-reference` feature
//! (which fuzz/Cargo.toml turns on): then every parse runs both recognizers and asserts that
//! their verdicts and every offset agree, so a crash is a disagreement.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urn_tag::{Urn, UrnSyntax};

fuzz_target!(|data: &[u8]| {
    assert!(
        urn_tag::reference::CROSS_CHECKED,
        "build with debug assertions (no -O) and the pest-reference feature"
    );
    let Ok(text) = std::str::from_utf8(data) else { return };
    for syntax in UrnSyntax::ALL {
        let _ = Urn::parse_borrowed_with(text, syntax);
    }
});
