//! The ABNF oracle of the cross-check (`urn_tag::grammar_tools::abnf`), with what the tests
//! need besides: the ABNF files of tests/data/abnf/, calls that stop the test with the reason
//! where the library returns it (these texts are the repository's own), and mutations of
//! strings.

pub use urn_tag::grammar_tools::abnf::{Grammar, Matcher, Rng};

/// Reads an ABNF file of tests/data/abnf/.
pub fn read(name: &str) -> String {
    let path = format!("{}/tests/data/abnf/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `text` parsed (see [`Grammar::parse`]).
#[track_caller]
pub fn parse(text: &str, restated: &[&str]) -> Grammar {
    Grammar::parse(text, restated).unwrap_or_else(|e| panic!("{e}"))
}

/// Rule `top` of `grammar` compiled (see [`Matcher::new`]).
#[track_caller]
pub fn matcher(grammar: &Grammar, top: &str) -> Matcher {
    Matcher::new(grammar, top).unwrap_or_else(|e| panic!("{top}: {e}"))
}

/// `grammar` with the rules of `text` (see [`Grammar::with_rules`]).
#[track_caller]
pub fn with_rules(grammar: &Grammar, text: &str) -> Grammar {
    grammar
        .with_rules(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The names of the rules `text` defines (see [`Grammar::rule_names`]).
#[track_caller]
pub fn rule_names(text: &str) -> Vec<String> {
    Grammar::rule_names(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// A random string of rule `top`, of any length (see [`Grammar::generate`]).
#[track_caller]
pub fn generate(grammar: &Grammar, top: &str, reading: usize, rng: &mut Rng) -> String {
    grammar
        .generate(top, reading, rng, usize::MAX)
        .unwrap_or_else(|| panic!("{top} cannot be generated from"))
}

/// Characters and short sequences that sit on the grammars' boundaries: delimiters, escapes,
/// characters some grammars exclude, non-ASCII and controls.
const INTERESTING: &[&str] = &[
    "%", "?", "+", "=", "#", "/", ":", "-", "~", "&", "é", "\0", "\t", "\n", "\u{7f}", " ", "?+",
    "?=", "%2", "%00", "%zz", "%C3%A9", "a", "Z", "0", "9", ".", "_", "@", "!", "$", "'", "(", "*",
    ",", ";", "[", "\\", "^", "`", "{", "|", "\"", "<", "\u{212A}",
];

/// `input` with one to three random edits: insert, delete or replace a character, using the
/// characters of [`INTERESTING`].
pub fn mutate(input: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = input.chars().collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        let piece: Vec<char> = INTERESTING[rng.below(INTERESTING.len())].chars().collect();
        match rng.below(3) {
            0 => {
                chars.splice(at..at, piece);
            }
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() => {
                chars.splice(at..=at, piece);
            }
            _ => chars.extend(piece),
        }
    }
    chars.into_iter().collect()
}
