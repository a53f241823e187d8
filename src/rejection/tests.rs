//! The explanation from the failure report against the hand-written diagnosis of
//! `src/urn/diagnose.rs`, which it is to replace: the same error (kind, byte, message) on every
//! rejection of the exhaustive short-string sets and of the vector files, in every syntax.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::*;
use crate::urn::diagnose::first_syntax_error;

/// Calls `check` on every string of up to `max_len` symbols of `alphabet` after `prefix`.
fn for_each_string(prefix: &str, alphabet: &[&str], max_len: usize, check: &mut impl FnMut(&str)) {
    let mut input = String::from(prefix);
    check(&input);
    if max_len == 0 {
        return;
    }
    for symbol in alphabet {
        input.push_str(symbol);
        for_each_string(&input, alphabet, max_len - 1, check);
        input.truncate(prefix.len());
    }
}

/// What the two explanations say of `input` under `syntax` when `urn.pest` (with the NID
/// bound) rejects it: `None` if they agree or the input is a URN.
fn disagreement(input: &str, syntax: UrnSyntax) -> Option<String> {
    let bytes = input.as_bytes();
    let accepted = match syntax {
        UrnSyntax::Rfc8141 => urn::rfc8141(bytes),
        UrnSyntax::Rfc2141 => urn::rfc2141(bytes),
        UrnSyntax::Rfc2141bis => urn::rfc2141bis(bytes),
    };
    let diagnosis = first_syntax_error(input, syntax);
    let explained = match accepted {
        None => Some(urn_error(input, syntax)),
        Some(_) => diagnosis.map(|_| nid_too_long(input, syntax)),
    };
    (explained != diagnosis).then(|| {
        let say = |error: Option<ParseError>| match error {
            Some(error) => format!("{:?} at {}: {error}", error.kind(), error.index()),
            None => "no error".to_string(),
        };
        format!(
            "{syntax} {input:?}: diagnosis {}; report {}",
            say(diagnosis),
            say(explained)
        )
    })
}

/// Checks `inputs` under every syntax; panics with the disagreements, if any.
#[track_caller]
fn assert_agreement(inputs: impl IntoIterator<Item = String>) {
    let mut rejected = 0;
    let mut disagreements = Vec::new();
    for input in inputs {
        for syntax in UrnSyntax::ALL {
            rejected += usize::from(first_syntax_error(&input, syntax).is_some());
            disagreements.extend(disagreement(&input, syntax));
        }
    }
    // Rejections are what is compared: enough of them that the comparison is not vacuous.
    assert!(rejected > 1_000, "only {rejected} rejections");
    assert!(
        disagreements.is_empty(),
        "{} disagreements in {rejected} rejections, first:\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(40)].join("\n")
    );
}

/// One byte of each class the URN grammars and the diagnosis tell apart (as in the tests of
/// `compiled.rs`), white space, and a character outside ASCII.
const ALPHABET: [&str; 24] = [
    "b", "B", "x", "X", "0", "!", "&", "(", "+", ",", "=", "-", ".", "_", "~", "%", ":", "@", "/",
    "?", "#", " ", "\"", "é",
];

/// The scheme's letters in both cases.
const SCHEME_ALPHABET: [&str; 9] = ["u", "U", "r", "R", "n", "N", ":", "x", " "];

#[test]
fn short_strings_get_the_errors_of_the_diagnosis() {
    let mut inputs = Vec::new();
    let mut collect = |input: &str| inputs.push(String::from(input));
    for_each_string("", &SCHEME_ALPHABET, 5, &mut collect);
    for prefix in [
        "urn:",
        "URN:a",
        "urn:a-",
        "urn:ab:",
        "urn:a-b:c",
        "urn:ab:c?",
        "urn:ab:c?+",
        "urn:ab:c?+r",
        "urn:ab:c?=",
        "urn:ab:c#",
        "urn:ab:c%4",
    ] {
        for_each_string(prefix, &ALPHABET, 3, &mut collect);
    }
    assert_agreement(inputs);
}

/// The grammar's prefix matchers give `find` the longest valid prefix the scan gave, prose
/// rules included, on the short strings and on NULs and reserved NIDs in every part.
#[test]
fn longest_valid_prefixes_are_those_of_the_scan() {
    let mut inputs = Vec::new();
    let mut collect = |input: &str| inputs.push(String::from(input));
    for_each_string("", &SCHEME_ALPHABET, 5, &mut collect);
    for prefix in [
        "urn:",
        "URN:a",
        "urn:a-",
        "urn:ab:",
        "urn:a-b:c",
        "urn:ab:c?",
        "urn:ab:c?+",
        "urn:ab:c?+r",
        "urn:ab:c?=",
        "urn:ab:c#",
        "urn:ab:c%4",
        "urn:ab:c%0",
        "urn:urn:",
        "urn:URN:x",
    ] {
        for_each_string(prefix, &ALPHABET, 3, &mut collect);
    }
    for nul in [
        "urn:ab:%00",
        "urn:ab:c%00",
        "urn:ab:c?q%00x",
        "urn:ab:c?%00",
        "urn:ab:c#%00",
    ] {
        for_each_string(nul, &["x", "%", "0", "?", "#"], 2, &mut collect);
    }
    let mut compared = 0;
    for input in &inputs {
        for syntax in UrnSyntax::ALL {
            let expected = crate::urn::diagnose::longest_valid_prefix(input, syntax);
            compared += usize::from(expected.is_some());
            assert_eq!(
                crate::urn::longest_valid_prefix(input, syntax),
                expected,
                "{syntax} {input:?}"
            );
        }
    }
    assert!(compared > 10_000, "only {compared} prefixes");
}

/// NIDs around the bound of 32 characters, ending every way, followed by every kind of byte.
#[test]
fn nids_around_the_bound_get_the_errors_of_the_diagnosis() {
    let mut inputs = Vec::new();
    for len in 28..36 {
        for body in ["a", "-", "a-"] {
            let nid: String = body.repeat(len).chars().take(len).collect();
            for first in ["a", "-"] {
                for last in ["", "a", "-", "a-", "-a"] {
                    for after in ["", ":", ":x", "!", "é", "%"] {
                        inputs.push(format!("urn:{first}{nid}{last}{after}"));
                    }
                }
            }
        }
    }
    assert_agreement(inputs);
}

/// The vector files of tests/data/, each with its input columns.
const VECTOR_FILES: [&str; 5] = [
    include_str!("../../tests/data/peer-tag-vectors.tsv"),
    include_str!("../../tests/data/peer-urn-equivalence.tsv"),
    include_str!("../../tests/data/peer-urn-vectors.tsv"),
    include_str!("../../tests/data/tag-grammar-examples.tsv"),
    include_str!("../../tests/data/urn-grammar-examples.tsv"),
];

#[test]
fn vector_inputs_get_the_errors_of_the_diagnosis() {
    let mut inputs = Vec::new();
    for text in VECTOR_FILES {
        let mut lines = text.lines().filter(|line| !line.starts_with('#'));
        let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
        let columns: Vec<usize> = (0..header.len())
            .filter(|&i| matches!(header[i], "input" | "a" | "b"))
            .collect();
        for line in lines {
            let fields: Vec<&str> = line.split('\t').collect();
            for &column in &columns {
                let input = fields[column];
                inputs.push(String::from(input));
                inputs.push(format!("urn:{input}:x"));
                inputs.push(format!("urn:example:{input}"));
                inputs.push(format!("urn:example:a?+{input}"));
                inputs.push(format!("urn:example:a?={input}"));
                inputs.push(format!("urn:example:a?{input}"));
                inputs.push(format!("urn:example:a#{input}"));
            }
        }
    }
    assert_agreement(inputs);
}

/// A small deterministic generator (xorshift64), so that the random inputs below are the same
/// on every run.
pub(super) struct Xorshift(pub(super) u64);

impl Xorshift {
    pub(super) fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

/// Longer strings than the exhaustive sets reach: random symbols of the alphabet after a valid
/// start, the way a fuzzer would mutate a URN.
#[test]
fn random_strings_get_the_errors_of_the_diagnosis() {
    let starts = [
        "",
        "urn:",
        "urn:ab:",
        "urn:a-b-c:d",
        "urn:ab:c?+r",
        "urn:ab:c?=q#",
    ];
    let mut random = Xorshift(0x2545_f491_4f6c_dd1d);
    let inputs = (0..40_000).map(|_| {
        let mut input = String::from(starts[random.below(starts.len())]);
        for _ in 0..random.below(24) {
            let symbol = match random.below(3) {
                0 => "a",
                _ => ALPHABET[random.below(ALPHABET.len())],
            };
            input.push_str(symbol);
        }
        input
    });
    assert_agreement(inputs);
}

/// The report types and the fixed functions, where the compiled grammar below looks for them.
#[cfg(feature = "grammar-tools")]
use crate::compiled::{report, support};

/// `tests/data/peg/urn_nss_without_slash.pest`, compiled by build.rs with failure reports.
#[cfg(feature = "grammar-tools")]
#[allow(dead_code)] // only the report and its tables are read
mod nss_without_slash {
    include!(concat!(env!("OUT_DIR"), "/peg/urn_nss_without_slash.rs"));
}

/// The explanation follows the grammar: in a copy of urn.pest whose NSS rule no longer allows
/// "/", the "/" of an NSS is an invalid character, with no change to the Rust code.
#[cfg(feature = "grammar-tools")]
#[test]
fn an_edited_rule_changes_the_message() {
    let original = include_str!("../../urn.pest");
    let copy = include_str!("../../tests/data/peg/urn_nss_without_slash.pest");
    let rule = "NSS = @{ pchar ~ (pchar | \"/\")* }";
    assert_eq!(original.matches(rule).count(), 1);
    let edited = original.replace(rule, "NSS = @{ pchar ~ pchar* }");
    let header = copy
        .strip_suffix(edited.as_str())
        .expect("urn.pest with the one edit");
    assert!(
        header.lines().all(|line| line.starts_with("// ")),
        "{header}"
    );
    assert_eq!(nss_without_slash::RULES, RULES);

    let input = "urn:example:a/b";
    assert!(urn::rfc8141(input.as_bytes()).is_some());
    let report = nss_without_slash::rfc8141_report(input.as_bytes());
    let error = explain_rejection(input, &report, &nss_without_slash::RULE_BYTES);
    assert_eq!(error.to_string(), "invalid character '/' in NSS at byte 13");
}
