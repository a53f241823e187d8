//! The module's work counted, where a doctest cannot see it: how much of a text reading looks
//! at, and how deep the repository's own grammars nest against the limits.

use std::num::NonZeroUsize;
use std::string::String;
use std::sync::{Mutex, MutexGuard};
use std::vec::Vec;
use std::{format, vec};

use super::limits::nesting;
use super::{GrammarText, MAX_CALL_NESTING, MAX_NESTING};

/// pest's budget of rule calls is the process's ([`super::Runner::run`] sets it for each run),
/// so the tests that set it take turns.
fn serial() -> MutexGuard<'static, ()> {
    static PEST: Mutex<()> = Mutex::new(());
    PEST.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A flat grammar of `n` rules, `qI = { "xI" | ASCII_DIGIT+ }`, after the line `rfc8141 = {
/// q0 }`: 30 000 of them are a megabyte.
fn flat(n: usize) -> String {
    let mut text = String::from("rfc8141 = { q0 }\n");
    for i in 0..n {
        text.push_str(&format!("q{i} = {{ \"x{i}\" | ASCII_DIGIT+ }}\n"));
    }
    text
}

#[test]
fn reading_a_megabyte_of_rules_is_linear_work() {
    let _pest = serial();
    let text = flat(30_000);
    assert!(text.len() > 1_000_000, "{}", text.len());
    // pest's budget of calls counts the reader's work: at most 16 calls a byte.
    pest::set_call_limit(NonZeroUsize::new(16 * text.len()));
    let read = GrammarText::read(&text);
    pest::set_call_limit(None);
    let grammar = read.unwrap_or_else(|errors| panic!("{}", errors[0]));
    assert_eq!(grammar.rules.len(), 30_001);
    assert_eq!(grammar.rules[30_000].line, 30_001);
    // The lines of all the rules were numbered with one look at each byte before the last.
    assert!(grammar.line_work <= text.len(), "{}", grammar.line_work);
}

/// The repository's grammar files: `urn.pest`, `tag.pest` and `namespaces/*.pest`.
fn grammar_files() -> Vec<(String, String)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut paths = vec![format!("{root}/urn.pest"), format!("{root}/tag.pest")];
    let namespaces = std::fs::read_dir(format!("{root}/namespaces")).expect("namespaces/");
    for entry in namespaces {
        let path = entry.expect("a directory entry").path();
        if path
            .extension()
            .is_some_and(|extension| extension == "pest")
        {
            paths.push(path.to_string_lossy().into_owned());
        }
    }
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            (path, text)
        })
        .collect()
}

#[test]
fn the_shipped_grammars_nest_well_within_the_limits() {
    let files = grammar_files();
    assert!(files.len() > 80, "{}", files.len());
    for (path, text) in files {
        let (rule, calls) = nesting(&text);
        // namespaces/said.pest nests 90 levels: a code's length is a repetition `e{86}`, each
        // copy a level as pest_meta writes them out.
        assert!(rule <= MAX_NESTING * 3 / 4, "{path}: {rule}");
        assert!(calls <= MAX_CALL_NESTING / 4, "{path}: {calls}");
    }
}
