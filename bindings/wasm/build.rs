//! Generates, into `OUT_DIR`, the JavaScript recognizers of the npm package:
//! `urn_recognizer.js` and `tag_recognizer.js`, the entry rules of `urn.pest` and `tag.pest`
//! compiled by the JavaScript back end of the library's grammar compiler (the urn-tag-peg
//! crate, build/peg/), with the rules whose spans the package reads. build.sh copies them into
//! the package, where they decide in JavaScript what the grammars decide.

use std::env;
use std::fs;
use std::path::Path;

/// Each grammar, the module written from it, its entry rules and the rules whose spans the
/// package reads (those the library's build captures for the same entries).
const GRAMMARS: [(&str, &str, &[&str], &[&str]); 2] = [
    (
        "urn.pest",
        "urn_recognizer.js",
        &["rfc8141", "rfc2141", "rfc2141bis"],
        &[
            "NID",
            "rfc2141_NID",
            "rfc2141bis_NID",
            "r_component",
            "q_component",
            "f_component",
            "query",
            "fragment",
        ],
    ),
    (
        "tag.pest",
        "tag_recognizer.js",
        &["rfc4151", "erratum1485", "lenient"],
        &[
            "emailAddress",
            "erratum1485_emailAddress",
            "DNSname",
            "opaqueAuthority",
            "date",
            "fragment",
        ],
    ),
];

fn main() {
    let out_dir = env::var("OUT_DIR").unwrap();
    let root = Path::new("../..");
    for (file, module, entries, captures) in GRAMMARS {
        let path = root.join(file);
        println!("cargo::rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let source = urn_tag_peg::compile_js(file, &text, entries, captures)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let dest = Path::new(&out_dir).join(module);
        fs::write(&dest, source).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
    }
}
