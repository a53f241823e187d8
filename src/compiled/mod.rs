//! The recognizers that build.rs compiles from `urn.pest` and `tag.pest` (see `build/peg/`):
//! allocation-free code over bytes, proven equal to the pest-derived parsers of
//! [`crate::grammar`] by the tests below.

pub mod report;
pub mod support;

/// `urn.pest`: entries `rfc8141`, `rfc2141`, `rfc2141bis`.
pub(crate) mod urn {
    include!(concat!(env!("OUT_DIR"), "/urn_recognizer.rs"));
}

/// `tag.pest`: entries `rfc4151`, `erratum1485`, `lenient`.
pub(crate) mod tag {
    include!(concat!(env!("OUT_DIR"), "/tag_recognizer.rs"));
}

#[cfg(test)]
mod tests {
    //! Each compiled entry against the pest-derived parser of the same rule: the verdict and
    //! the span of every captured rule (pest's: the last pair of that rule in the flattened
    //! parse) on every input of the vector files and on every short string after a set of
    //! prefixes.

    use alloc::borrow::ToOwned;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;
    use core::ops::Range;

    use pest::Parser;
    use pest::iterators::Pairs;

    use super::{tag, urn};
    use crate::grammar::tag::{Rule as TagRule, TagGrammar};
    use crate::grammar::{Rule as UrnRule, UrnGrammar};

    /// A verdict with its captures: `None` for a rejection, else each captured rule's span.
    type Outcome = Option<Vec<(&'static str, Option<Range<usize>>)>>;

    /// One entry rule, compiled and as pest runs it.
    struct Entry {
        rule: &'static str,
        compiled: fn(&str) -> Outcome,
        pest: fn(&str) -> Outcome,
    }

    /// pest's outcome: for each rule the compiled recognizer captures (named by `names`), the
    /// span of the last pair of that rule.
    fn pest_outcome<R: pest::RuleType>(
        parsed: Result<Pairs<'_, R>, pest::error::Error<R>>,
        names: &[(&'static str, Option<Range<usize>>)],
    ) -> Outcome {
        let pairs = parsed.ok()?;
        let mut outcome: Vec<_> = names.iter().map(|&(name, _)| (name, None)).collect();
        for pair in pairs.flatten() {
            let rule = format!("{:?}", pair.as_rule());
            if let Some(slot) = outcome.iter_mut().find(|(name, _)| *name == rule) {
                slot.1 = Some(pair.as_span().start()..pair.as_span().end());
            }
        }
        Some(outcome)
    }

    macro_rules! entry {
        ($module:ident, $grammar:ident, $rules:ident, $rule:ident) => {
            Entry {
                rule: stringify!($rule),
                compiled: |input| {
                    $module::$rule(input.as_bytes()).map(|spans| spans.all().to_vec())
                },
                pest: |input| {
                    pest_outcome(
                        $grammar::parse($rules::$rule, input),
                        &$module::Spans::default().all(),
                    )
                },
            }
        };
    }

    const URN_ENTRIES: [Entry; 3] = [
        entry!(urn, UrnGrammar, UrnRule, rfc8141),
        entry!(urn, UrnGrammar, UrnRule, rfc2141),
        entry!(urn, UrnGrammar, UrnRule, rfc2141bis),
    ];

    const TAG_ENTRIES: [Entry; 3] = [
        entry!(tag, TagGrammar, TagRule, rfc4151),
        entry!(tag, TagGrammar, TagRule, erratum1485),
        entry!(tag, TagGrammar, TagRule, lenient),
    ];

    /// Checks every entry of `entries` on `input`; returns how many accepted it.
    #[track_caller]
    fn assert_same(entries: &[Entry], input: &str) -> usize {
        let mut accepted = 0;
        for entry in entries {
            let compiled = (entry.compiled)(input);
            assert_eq!(
                compiled,
                (entry.pest)(input),
                "{} on {input:?}: compiled, then pest",
                entry.rule
            );
            accepted += usize::from(compiled.is_some());
        }
        accepted
    }

    /// The vector files of tests/data/, each with the column(s) holding its inputs.
    const VECTOR_FILES: [(&str, &str); 5] = [
        (
            "peer-tag-vectors.tsv",
            include_str!("../../tests/data/peer-tag-vectors.tsv"),
        ),
        (
            "peer-urn-equivalence.tsv",
            include_str!("../../tests/data/peer-urn-equivalence.tsv"),
        ),
        (
            "peer-urn-vectors.tsv",
            include_str!("../../tests/data/peer-urn-vectors.tsv"),
        ),
        (
            "tag-grammar-examples.tsv",
            include_str!("../../tests/data/tag-grammar-examples.tsv"),
        ),
        (
            "urn-grammar-examples.tsv",
            include_str!("../../tests/data/urn-grammar-examples.tsv"),
        ),
    ];

    /// Every input of the vector files (the `input` column, or `a` and `b`), as written and
    /// wrapped the ways the files' `run_as` columns wrap them (a NID, an NSS, an authority, a
    /// date, a specific).
    fn vector_inputs() -> Vec<String> {
        let mut inputs = Vec::new();
        for (file, text) in VECTOR_FILES {
            let mut lines = text.lines().filter(|line| !line.starts_with('#'));
            let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
            let columns: Vec<usize> = header
                .iter()
                .enumerate()
                .filter(|(_, name)| matches!(**name, "input" | "a" | "b"))
                .map(|(index, _)| index)
                .collect();
            assert!(!columns.is_empty(), "{file}: no input column");
            for line in lines {
                let fields: Vec<&str> = line.split('\t').collect();
                for &column in &columns {
                    let input = fields[column];
                    inputs.push(input.to_owned());
                    inputs.push(format!("urn:{input}:x"));
                    inputs.push(format!("urn:example:{input}"));
                    inputs.push(format!("tag:{input},2000:"));
                    inputs.push(format!("tag:example.com,{input}:"));
                    inputs.push(format!("tag:example.com,2000:{input}"));
                }
            }
        }
        inputs
    }

    #[test]
    fn vector_inputs_get_the_verdicts_and_spans_of_pest() {
        let inputs = vector_inputs();
        let mut accepted = 0;
        for input in &inputs {
            accepted += assert_same(&URN_ENTRIES, input) + assert_same(&TAG_ENTRIES, input);
        }
        // Both verdicts occur, so the comparison is not vacuous.
        assert!(inputs.len() > 5_000, "{} inputs", inputs.len());
        assert!(accepted > 1_000, "{accepted} acceptances");
    }

    /// One byte of each class of bytes that the terminals of `urn.pest` and `tag.pest` tell
    /// apart, past the scheme: upper- and lower-case letters (RFC 2141 names them apart), hex
    /// and other letters, a digit, the sub-delims by the other sets they belong to (RFC 2141
    /// `<other>`, erratum 1485 `atext`, the literals `?+`, `?=` and `,`), every other
    /// punctuation mark of the grammars, and a character in none of them.
    const ALPHABET: [&str; 22] = [
        "b", "B", "x", "X", "0", "!", "&", "(", "+", ",", "=", "-", ".", "_", "~", "%", ":", "@",
        "/", "?", "#", "é",
    ];

    /// The scheme's letters in both cases, for the case-insensitive `urn`, `urn:` and `tag:`.
    const SCHEME_ALPHABET: [&str; 14] = [
        "u", "U", "r", "R", "n", "N", "t", "T", "a", "A", "g", "G", ":", "x",
    ];

    /// Calls `check` on every string of up to `max_len` symbols of `alphabet` after `prefix`.
    fn for_each_string(
        prefix: &str,
        alphabet: &[&str],
        max_len: usize,
        check: &mut impl FnMut(&str),
    ) {
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

    #[test]
    fn short_urns_get_the_verdicts_and_spans_of_pest() {
        let mut strings = 0;
        let mut accepted = 0;
        let mut check = |input: &str| {
            strings += 1;
            accepted += assert_same(&URN_ENTRIES, input);
        };
        for_each_string("", &SCHEME_ALPHABET, 4, &mut check);
        for prefix in [
            "urn:",
            "URN:a",
            "urn:a-",
            "urn:ab:",
            "urn:a-b:c",
            "urn:ab:c?+",
            "urn:ab:c?=",
            "urn:ab:c#",
            "urn:ab:c%4",
        ] {
            for_each_string(prefix, &ALPHABET, 3, &mut check);
        }
        assert!(
            accepted > 10_000,
            "{accepted} acceptances of {strings} strings"
        );
    }

    #[test]
    fn short_tags_get_the_verdicts_and_spans_of_pest() {
        let mut strings = 0;
        let mut accepted = 0;
        let mut check = |input: &str| {
            strings += 1;
            accepted += assert_same(&TAG_ENTRIES, input);
        };
        for_each_string("", &SCHEME_ALPHABET, 4, &mut check);
        for prefix in [
            "tag:",
            "tag:a",
            "tag:a.b",
            "tag:a@",
            "tag:a!b@c",
            "tag:a@b.c,",
            "tag:a.b,2000",
            "tag:a.b,2000-01",
            "tag:a.b,2000-01-01:",
            "tag:a.b,2000:c#",
        ] {
            for_each_string(prefix, &ALPHABET, 3, &mut check);
        }
        assert!(
            accepted > 10_000,
            "{accepted} acceptances of {strings} strings"
        );
    }

    /// The recognizers skip runs of one byte class eight bytes at a time, then byte by byte;
    /// the short strings above never fill a window. Here a run of every length up to 24 ends
    /// at every kind of byte, with and without more text after it, in every part.
    #[test]
    fn long_runs_get_the_verdicts_and_spans_of_pest() {
        let mut strings = 0;
        let mut accepted = 0;
        let parts = [
            (&URN_ENTRIES[..], "urn:"),
            (&URN_ENTRIES[..], "urn:ab:"),
            (&URN_ENTRIES[..], "urn:ab:c?+"),
            (&URN_ENTRIES[..], "urn:ab:c?="),
            (&URN_ENTRIES[..], "urn:ab:c#"),
            (&TAG_ENTRIES[..], "tag:"),
            (&TAG_ENTRIES[..], "tag:a@"),
            (&TAG_ENTRIES[..], "tag:a.b,2000:"),
            (&TAG_ENTRIES[..], "tag:a.b,2000:c#"),
        ];
        for (entries, prefix) in parts {
            for len in 0..=24 {
                for end in ALPHABET.iter().chain(&[""]) {
                    for tail in ["", ":b", "bbbbbbbbb"] {
                        let input = format!("{prefix}{}{end}{tail}", "b".repeat(len));
                        strings += 1;
                        accepted += assert_same(entries, &input);
                    }
                }
            }
        }
        assert!(
            accepted > 1_000,
            "{accepted} acceptances of {strings} strings"
        );
    }
}
