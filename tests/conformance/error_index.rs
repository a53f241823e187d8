//! A syntax error's index is the first byte at which no valid value can continue the input:
//! every byte before it begins some valid URN or tag, and the byte at it does not.
//!
//! The oracle is independent of the parser: each language is stated again below as a regular
//! expression, straight from the ABNF and this crate's rulings, and compiled to a DFA; the
//! first byte that sends the DFA to its dead state is where no valid value can continue.
//! Rules that only the prose states (a reserved NID, `%00`, calendar dates, DNS lengths) are
//! not syntax: on those the DFA accepts and the error is of a prose kind.

use std::sync::LazyLock;

use proptest::prelude::*;
use regex_automata::dfa::{Automaton, dense};
use regex_automata::{Anchored, Input, util::syntax};
use urn_tag::{ParseError, ParseErrorKind, TagSyntax, TagUri, Urn, UrnSyntax};

use crate::common;

/// `pchar` without `pct-encoded` (RFC 3986 §3.3), as a regex class body.
const PCHAR: &str = r"A-Za-z0-9\-._~!$&'()*+,;=:@";

fn pchar() -> String {
    format!(r"(?:[{PCHAR}]|%[0-9A-Fa-f]{{2}})")
}

/// The RFC 8141 language with the rulings: NID of 2 to 32 without a leading or trailing
/// hyphen; an r-component that cannot contain "?=" (§2.3.1); q only ends at "#".
fn rfc8141() -> String {
    let p = pchar();
    let p_not_equals = format!(r"(?:[{}]|%[0-9A-Fa-f]{{2}})", PCHAR.replace('=', ""));
    let nid = "[A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]";
    let r = format!(r"{p}(?:{p}|/|\?+(?:{p_not_equals}|/))*\?*");
    let q = format!(r"{p}(?:{p}|/|\?)*");
    let f = format!(r"(?:{p}|/|\?)*");
    format!(r"(?i:urn):{nid}:{p}(?:{p}|/)*(?:\?\+{r})?(?:\?={q})?(?:#{f})?")
}

/// RFC 2141: NID of 1 to 32, a trailing hyphen allowed; NSS of letters, digits, `<other>`
/// and escapes.
fn rfc2141() -> String {
    r"(?i:urn):[A-Za-z0-9][A-Za-z0-9-]{0,31}:(?:[A-Za-z0-9()+,\-.:=@;$_!*']|%[0-9A-Fa-f]{2})+"
        .to_owned()
}

/// The 2011 draft: NID of 2 to 32, a trailing hyphen allowed; `1*pchar`; query; fragment.
fn rfc2141bis() -> String {
    let p = pchar();
    format!(r"(?i:urn):[A-Za-z0-9][A-Za-z0-9-]{{1,31}}:{p}+(?:\?(?:{p}|/|\?)*)?(?:#(?:{p}|/|\?)*)?")
}

/// RFC 4151 §2.1.
fn rfc4151() -> String {
    let p = pchar();
    let comp = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
    let dns = format!(r"{comp}(?:\.{comp})*");
    let authority = format!(r"(?:{dns}|[A-Za-z0-9._-]+@{dns})");
    let date = "[0-9]{4}(?:-[0-9]{2}(?:-[0-9]{2})?)?";
    format!(r"(?i:tag:){authority},{date}:(?:{p}|/|\?)*(?:#(?:{p}|/|\?)*)?")
}

struct Oracle {
    dfa: dense::DFA<Vec<u32>>,
    whole: regex::bytes::Regex,
}

impl Oracle {
    fn new(pattern: &str) -> Oracle {
        // The DFA reads the language followed by 0xFF, a byte no UTF-8 input holds. Its match
        // states (which a DFA reports one byte late) then lie beyond every real input, so the
        // dead state comes exactly at the first byte no valid value can continue.
        let dfa = dense::Builder::new()
            .syntax(syntax::Config::new().unicode(false).utf8(false))
            .build(&format!(r"(?:{pattern})\xFF"))
            .expect("the pattern compiles");
        let whole = regex::bytes::RegexBuilder::new(&format!("^(?:{pattern})$"))
            .unicode(false)
            .build()
            .expect("the pattern compiles");
        Oracle { dfa, whole }
    }

    /// The first index at which no valid value can continue `input`: the byte that sends the
    /// DFA to its dead state, or the input's length if none does.
    fn first_dead_end(&self, input: &[u8]) -> usize {
        let start = Input::new(input).anchored(Anchored::Yes);
        let mut state = self.dfa.start_state_forward(&start).expect("a start state");
        for (i, &b) in input.iter().enumerate() {
            state = self.dfa.next_state(state, b);
            if self.dfa.is_dead_state(state) {
                return i;
            }
        }
        input.len()
    }
}

/// Whether an error is of a rule that only the prose states.
fn is_prose(error: &ParseError) -> bool {
    matches!(
        error.kind(),
        ParseErrorKind::ReservedNid(_)
            | ParseErrorKind::NulOctet { .. }
            | ParseErrorKind::MonthOutOfRange { .. }
            | ParseErrorKind::DayOutOfRange { .. }
            | ParseErrorKind::DnsLabelTooLong
            | ParseErrorKind::DnsNameTooLong
    )
}

#[track_caller]
fn check(oracle: &Oracle, what: &str, input: &str, result: Result<(), ParseError>) {
    let in_language = oracle.whole.is_match(input.as_bytes());
    match result {
        Ok(()) => assert!(
            in_language,
            "{what}: {input:?} accepted, but not in the language"
        ),
        Err(error) if is_prose(&error) => {
            assert!(
                in_language,
                "{what}: {input:?}: prose error {error} on a syntax error"
            )
        }
        Err(error) => {
            assert!(
                !in_language,
                "{what}: {input:?} is in the language, but: {error}"
            );
            let expected = oracle.first_dead_end(input.as_bytes());
            assert_eq!(error.index(), expected, "{what}: {input:?}: {error}");
        }
    }
}

/// The oracles, built once: a DFA takes a while to build.
static URN_ORACLES: LazyLock<[(UrnSyntax, Oracle); 3]> = LazyLock::new(|| {
    [
        (UrnSyntax::Rfc8141, Oracle::new(&rfc8141())),
        (UrnSyntax::Rfc2141, Oracle::new(&rfc2141())),
        (UrnSyntax::Rfc2141bis, Oracle::new(&rfc2141bis())),
    ]
});
static TAG_ORACLE: LazyLock<Oracle> = LazyLock::new(|| Oracle::new(&rfc4151()));

/// The issue's own example, and a few by hand.
#[test]
fn examples() {
    let [(_, rfc8141), ..] = &*URN_ORACLES;
    for input in [
        "urn:example:a%zz",
        "urn:example:a?b",
        "urn:ab-:x",
        "urn:example:a?+",
        "urn:a",
        "ur",
    ] {
        check(rfc8141, "rfc8141", input, Urn::parse(input).map(drop));
    }
    assert_eq!(rfc8141.first_dead_end(b"urn:example:a%zz"), 14);
}

fn urn_like() -> impl Strategy<Value = String> {
    let tail = prop::collection::vec(
        prop::sample::select(
            [
                "a", "Z", "0", "-", ".", "_", "~", ":", "@", "!", "&", "'", "+", "=", ";", "/",
                "?", "?+", "?=", "#", "%", "%2", "%2c", "%zz", "%00", " ", "é",
            ]
            .to_vec(),
        ),
        0..16,
    )
    .prop_map(|parts| parts.concat());
    ("(urn|URN|ur|u|)(:([a-zA-Z0-9]|-){0,35}(:)?)?", tail).prop_map(|(head, tail)| head + &tail)
}

fn tag_like() -> impl Strategy<Value = String> {
    let piece = |choices: &[&'static str]| prop::sample::select(choices.to_vec());
    let authority = prop::collection::vec(
        piece(&["a", "Z", "9", "-", ".", "_", "@", "+", ":", " "]),
        0..10,
    )
    .prop_map(|parts| parts.concat());
    let date = piece(&[
        "2000",
        "2000-01",
        "2000-02-29",
        "1900-02-29",
        "2001-13",
        "200",
        "2000-1",
        "20000",
        "",
    ]);
    let tail = prop::collection::vec(
        piece(&[
            "x", "/", "?", "#", "%", "%2F", "%z", ":", ",", "@", " ", "é",
        ]),
        0..8,
    )
    .prop_map(|parts| parts.concat());
    (
        piece(&["tag:", "TAG:", "tag", "ta", ""]),
        authority,
        prop::option::of(Just(",")),
        date,
        prop::option::of(Just(":")),
        tail,
    )
        .prop_map(|(scheme, authority, comma, date, colon, tail)| {
            format!(
                "{scheme}{authority}{}{date}{}{tail}",
                comma.unwrap_or(""),
                colon.unwrap_or("")
            )
        })
}

proptest! {
    #![proptest_config(common::keeping_regressions(ProptestConfig::with_cases(3000), "error_index"))]

    #[test]
    fn urn_error_index_is_the_first_dead_end(input in prop_oneof![urn_like(), any::<String>()]) {
        for (spec, oracle) in URN_ORACLES.iter() {
            check(oracle, spec.name(), &input, Urn::parse_with(&input, *spec).map(drop));
        }
    }

    #[test]
    fn tag_error_index_is_the_first_dead_end(input in prop_oneof![tag_like(), any::<String>()]) {
        check(&TAG_ORACLE, "rfc4151", &input, TagUri::parse_with(&input, TagSyntax::Rfc4151).map(drop));
    }
}

/// Every input of the vector files, and each with one character inserted, deleted or replaced.
#[test]
fn vector_inputs_and_their_mutations() {
    let mut inputs: Vec<String> = [
        common::column(include_str!("../data/peer-urn-vectors.tsv"), 3),
        common::column(include_str!("../data/peer-tag-vectors.tsv"), 2),
        common::column(include_str!("../data/urn-grammar-examples.tsv"), 1),
        common::column(include_str!("../data/tag-grammar-examples.tsv"), 1),
    ]
    .into_iter()
    .flatten()
    .map(str::to_owned)
    .collect();
    let mutated = common::one_edit_mutations(&inputs, &["", "-", ":", "?", "=", "#", "%", ","]);
    inputs.extend(mutated);
    for input in &inputs {
        for (spec, oracle) in URN_ORACLES.iter() {
            check(
                oracle,
                spec.name(),
                input,
                Urn::parse_with(input, *spec).map(drop),
            );
        }
        check(
            &TAG_ORACLE,
            "rfc4151",
            input,
            TagUri::parse(input).map(drop),
        );
    }
    assert!(inputs.len() > 100_000, "{}", inputs.len());
}
