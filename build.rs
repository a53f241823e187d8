//! Generates, into `OUT_DIR`, with the modules of `build/`:
//!
//! * `registry.rs`: the IANA URN namespace snapshot (`build/registry.rs`);
//! * `urn_recognizer.rs` and `tag_recognizer.rs`: the grammars `urn.pest` and `tag.pest`
//!   compiled into allocation-free recognizers by the grammar compiler of `build/peg/`;
//! * `namespaces.rs`, and `namespaces/NID.rs` for each grammar of `namespaces/`
//!   (`build/namespaces.rs`);
//! * with the `grammar-tools` feature, `peg/NAME.rs` for each small grammar of
//!   `tests/data/peg/` (`build/test_grammars.rs`).

#[path = "build/namespaces.rs"]
mod namespaces;
#[path = "build/registry.rs"]
mod registry;
#[path = "build/test_grammars.rs"]
mod test_grammars;
// The keys and hash slots of NIDs, as the library computes them to read the tables.
#[path = "src/nid_hash.rs"]
mod nid_hash;

use std::env;
use std::fs;
use std::path::Path;

use test_grammars::TEST_GRAMMARS;
// The grammar compiler (build/peg/, a crate of its own).
use urn_tag_peg as peg;

/// The grammars of the crate, their entry rules, and the rules whose spans the crate reads.
const GRAMMARS: [(&str, &str, peg::Config<'static>); 2] = [
    (
        "urn.pest",
        "urn_recognizer.rs",
        peg::Config {
            entries: &["rfc8141", "rfc2141", "rfc2141bis"],
            captures: &[
                "NID",
                "rfc2141_NID",
                "rfc2141bis_NID",
                "r_component",
                "q_component",
                "f_component",
                "query",
                "fragment",
            ],
            // src/rejection/urn.rs explains a rejected URN from its failure report.
            reports: true,
            prefixes: &[],
        },
    ),
    (
        "tag.pest",
        "tag_recognizer.rs",
        peg::Config {
            entries: &["rfc4151", "erratum1485", "lenient"],
            captures: &[
                "emailAddress",
                "erratum1485_emailAddress",
                "DNSname",
                "opaqueAuthority",
                "date",
                "fragment",
            ],
            // src/rejection/tag.rs explains a rejected tag from its failure report.
            reports: true,
            prefixes: &[],
        },
    ),
];

fn main() {
    let out_dir = env::var("OUT_DIR").unwrap();
    let out_dir = Path::new(&out_dir);
    registry::registry(out_dir);
    for (file, generated, config) in &GRAMMARS {
        compile_grammar(file, config, &out_dir.join(generated));
    }
    namespaces::namespace_grammars(out_dir);
    if env::var_os("CARGO_FEATURE_GRAMMAR_TOOLS").is_some() && Path::new(TEST_GRAMMARS).is_dir() {
        test_grammars::test_grammars(&out_dir.join("peg"));
    }
}

/// Compiles the grammar file `file` into `dest`, or stops the build with the reason.
fn compile_grammar(file: &str, config: &peg::Config<'_>, dest: &Path) {
    println!("cargo::rerun-if-changed={file}");
    let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let name = Path::new(file).file_name().unwrap().to_str().unwrap();
    let source = peg::compile(name, &text, config).unwrap_or_else(|e| panic!("{file}: {e}"));
    fs::write(dest, source).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
