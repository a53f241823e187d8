//! `peg/NAME.rs`: each small grammar of `tests/data/peg/`, which
//! `tests/grammar/peg_compiler.rs` checks against pest (with the `grammar-tools` feature).

use std::fs;
use std::path::Path;

use crate::{compile_grammar, peg};

/// The small grammars that test the compiler (present in the repository, not in the package).
pub const TEST_GRAMMARS: &str = "tests/data/peg";

/// Compiles each grammar of `tests/data/peg/` with the entries and captures its header names
/// (`// entries: a, b` and `// captures: c, d` lines), and with failure reports when it says
/// `// reports: yes`.
pub fn test_grammars(dest: &Path) {
    println!("cargo::rerun-if-changed={TEST_GRAMMARS}");
    fs::create_dir_all(dest).unwrap();
    let mut files: Vec<_> = fs::read_dir(TEST_GRAMMARS)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "pest"))
        .collect();
    files.sort();
    for path in files {
        let file = path.to_str().unwrap();
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let header = |key: &str| -> Vec<&str> {
            text.lines()
                .find_map(|line| line.strip_prefix(key))
                .map(|names| {
                    names
                        .split(',')
                        .map(str::trim)
                        .filter(|n| !n.is_empty())
                        .collect()
                })
                .unwrap_or_default()
        };
        let (entries, captures) = (header("// entries:"), header("// captures:"));
        assert!(!entries.is_empty(), "{file}: no `// entries:` line");
        let config = peg::Config {
            entries: &entries,
            captures: &captures,
            reports: header("// reports:") == ["yes"],
            prefixes: &[],
        };
        let stem = path.file_stem().unwrap().to_str().unwrap();
        compile_grammar(file, &config, &dest.join(format!("{stem}.rs")));
    }
    // The prefix matchers of `urn.pest`'s URN rules, each without the end of input: no
    // library code calls them, and the compiler's tests hold them to pest on a real grammar.
    let config = peg::Config {
        entries: &["rfc8141"],
        captures: &[],
        reports: false,
        prefixes: &["namestring", "rfc2141_URN", "rfc2141bis_URI"],
    };
    compile_grammar("urn.pest", &config, &dest.join("urn_prefixes.rs"));
}
