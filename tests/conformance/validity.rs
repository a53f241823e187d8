//! `is_valid_with` against the parse it stands for: on every input of the vector files, their
//! one-edit mutations, and the rules that Rust checks after the grammar, under every syntax,
//! `is_valid_with` says yes exactly when `parse_borrowed_with` succeeds, and so does
//! `Identifier::is_valid_bytes_with` on the input's bytes; on bytes that are not UTF-8 it says
//! no.

use rstest::rstest;
use urn_tag::{Identifier, Syntax, TagSyntax, TagUri, Urn, UrnSyntax};

use crate::common;

const URN_SYNTAXES: [UrnSyntax; 3] = [
    UrnSyntax::Rfc8141,
    UrnSyntax::Rfc2141,
    UrnSyntax::Rfc2141bis,
];
const TAG_SYNTAXES: [TagSyntax; 3] = [
    TagSyntax::Rfc4151,
    TagSyntax::Erratum1485,
    TagSyntax::Lenient,
];

/// Asserts that every validity check agrees with its parse on `input`, under every syntax, and
/// gives the number of syntaxes that accept it (of the nine URN and tag ones).
#[track_caller]
fn assert_agrees_with_parse(input: &str) -> usize {
    let mut accepted = 0;
    for syntax in URN_SYNTAXES {
        let parsed = Urn::parse_borrowed_with(input, syntax).is_ok();
        assert_eq!(
            Urn::is_valid_with(input, syntax),
            parsed,
            "{syntax}: {input:?}"
        );
        accepted += usize::from(parsed);
    }
    for syntax in TAG_SYNTAXES {
        let parsed = TagUri::parse_borrowed_with(input, syntax).is_ok();
        assert_eq!(
            TagUri::is_valid_with(input, syntax),
            parsed,
            "{syntax}: {input:?}"
        );
        accepted += usize::from(parsed);
    }
    for (urn, tag) in URN_SYNTAXES.into_iter().zip(TAG_SYNTAXES) {
        for namespaces in [false, true] {
            let syntax = Syntax::new()
                .with_urn(urn)
                .with_tag(tag)
                .with_namespaces(namespaces);
            let parsed = Identifier::parse_borrowed_with(input, syntax).is_ok();
            assert_eq!(
                Identifier::is_valid_with(input, syntax),
                parsed,
                "{syntax:?}: {input:?}"
            );
            assert_eq!(
                Identifier::is_valid_bytes_with(input.as_bytes(), syntax),
                parsed,
                "{syntax:?}, as bytes: {input:?}"
            );
        }
    }
    accepted
}

/// The inputs of every vector file of URNs and tags.
fn vector_inputs() -> Vec<String> {
    let files = [
        (include_str!("../data/urn-grammar-examples.tsv"), 1),
        (include_str!("../data/tag-grammar-examples.tsv"), 1),
        (include_str!("../data/rejections.tsv"), 1),
        (include_str!("../data/peer-urn-vectors.tsv"), 3),
        (include_str!("../data/peer-tag-vectors.tsv"), 2),
    ];
    files
        .iter()
        .flat_map(|&(data, index)| common::column(data, index))
        .map(str::to_owned)
        .collect()
}

/// The inputs of the grammar examples' vector files, valid and invalid.
fn grammar_examples() -> Vec<String> {
    [
        include_str!("../data/urn-grammar-examples.tsv"),
        include_str!("../data/tag-grammar-examples.tsv"),
    ]
    .iter()
    .flat_map(|data| common::column(data, 1))
    .map(str::to_owned)
    .collect()
}

#[test]
fn validity_agrees_with_parse_on_every_vector_and_its_one_edit_mutations() {
    let inputs = vector_inputs();
    // The grammar examples' mutations: the peer vectors' too would take a minute in a test
    // build, where every parse also runs the pest-derived parser beside the compiled one.
    let examples = grammar_examples();
    let mutations = common::one_edit_mutations(&examples, &["", "%", ":", "#", "?", "-", "é", "0"]);
    let (mut accepted, mut rejected) = (0, 0);
    for input in inputs.iter().chain(&mutations) {
        let syntaxes = assert_agrees_with_parse(input);
        accepted += syntaxes;
        rejected += 9 - syntaxes;
    }
    // Both verdicts are well represented, so that neither side is checked vacuously.
    assert!(accepted > 5_000, "only {accepted} acceptances");
    assert!(rejected > 5_000, "only {rejected} rejections");
}

#[test]
fn bytes_that_are_not_utf8_are_never_an_identifier() {
    // Every grammar example, valid or not, with each of its bytes replaced by, and then
    // preceded by, a byte that cannot stand alone in UTF-8 (a continuation byte, a lead byte
    // without its continuation, a byte UTF-8 never uses): were a grammar to admit a byte past
    // ASCII anywhere, one of these would be accepted.
    let examples = grammar_examples();
    let syntaxes: Vec<Syntax> = URN_SYNTAXES
        .into_iter()
        .zip(TAG_SYNTAXES)
        .flat_map(|(urn, tag)| {
            [false, true].map(|namespaces| {
                Syntax::new()
                    .with_urn(urn)
                    .with_tag(tag)
                    .with_namespaces(namespaces)
            })
        })
        .collect();
    let mut checked = 0;
    for example in &examples {
        let bytes = example.as_bytes();
        for at in 0..bytes.len() {
            for stray in [0x80, 0xbf, 0xc3, 0xe9, 0xf0, 0xff] {
                let mut replaced = bytes.to_vec();
                replaced[at] = stray;
                let mut inserted = bytes.to_vec();
                inserted.insert(at, stray);
                for input in [replaced, inserted] {
                    if std::str::from_utf8(&input).is_ok() {
                        continue;
                    }
                    for &syntax in &syntaxes {
                        assert!(
                            !Identifier::is_valid_bytes_with(&input, syntax),
                            "{syntax:?}: {input:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "only {checked} inputs checked");
}

/// The rules that Rust checks after the grammar accepted an input (those the grammar files
/// leave to it), each of which `is_valid_with` must apply, and inputs the grammars reject
/// outright: the verdict under the syntax named.
#[rstest]
#[case::nid_at_its_bound("urn:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab:x", "rfc8141", true)]
#[case::nid_past_its_bound("urn:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab:x", "rfc8141", false)]
#[case::nid_past_its_bound_under_rfc2141(
    "urn:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab:x",
    "rfc2141",
    false
)]
#[case::reserved_nid_urn_under_rfc2141("urn:urn:x", "rfc2141", false)]
#[case::nid_urn_under_rfc8141("urn:urn:x", "rfc8141", true)]
#[case::nul_octet_under_rfc2141("urn:example:a%00b", "rfc2141", false)]
#[case::nul_octet_under_the_draft("urn:example:a%00b", "rfc2141bis", false)]
#[case::dns_label_past_63_octets(
    "tag:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com,2000:x",
    "rfc4151",
    false
)]
#[case::dns_label_past_63_octets_lenient(
    "tag:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com,2000:x",
    "lenient",
    true
)]
#[case::day_past_the_end_of_its_month("tag:example.com,2001-02-29:x", "rfc4151", false)]
#[case::leap_day("tag:example.com,2000-02-29:x", "rfc4151", true)]
#[case::no_scheme("http://example.com/", "rfc8141", false)]
#[case::empty("", "rfc8141", false)]
#[case::leading_white_space(" urn:example:x", "rfc8141", false)]
fn validity_applies_the_rules_the_grammar_leaves_to_rust(
    #[case] input: &str,
    #[case] syntax: &str,
    #[case] valid: bool,
) {
    assert_agrees_with_parse(input);
    let verdict = match syntax.parse::<UrnSyntax>() {
        Ok(syntax) => Urn::is_valid_with(input, syntax),
        Err(_) => TagUri::is_valid_with(input, syntax.parse().expect("a tag syntax")),
    };
    assert_eq!(verdict, valid, "{syntax}: {input:?}");
}
