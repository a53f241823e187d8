//! Every URN example printed in RFC 8141, RFC 2141 and the 2011 URNbis draft.

use rstest::rstest;
use urn_tag::{Urn, UrnSyntax};

use crate::common::{Parts, assert_parts};

/// RFC 8141 §2.2, §2.3.1, §2.3.2, §2.3.3 and §5: the example URNs of the prose.
#[rstest]
#[case::s2_2_hierarchical_nss("urn:example:1/406/47452/2", Parts::new("example", "1/406/47452/2"))]
#[case::s2_3_1_r_component(
    "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
    Parts::new("example", "foo-bar-baz-qux").r("CCResolve:cc=uk")
)]
#[case::s2_3_2_q_component(
    "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
    Parts::new("example", "weather").q("op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z")
)]
#[case::s2_3_3_f_component(
    "urn:example:foo-bar-baz-qux#somepart",
    Parts::new("example", "foo-bar-baz-qux").f("somepart")
)]
#[case::s5_colons_in_nss(
    "urn:example:apple:pear:plum:cherry",
    Parts::new("example", "apple:pear:plum:cherry")
)]
fn rfc8141_prose_examples(#[case] input: &str, #[case] parts: Parts<'_>) {
    assert_parts(input, UrnSyntax::Rfc8141, parts);
}

/// RFC 8141 §3.2: the fourteen URNs of the equivalence examples all parse.
#[rstest]
#[case::first_1("urn:example:a123,z456", Parts::new("example", "a123,z456"))]
#[case::first_2("URN:example:a123,z456", Parts::new("example", "a123,z456"))]
#[case::first_3("urn:EXAMPLE:a123,z456", Parts::new("EXAMPLE", "a123,z456"))]
#[case::second_r("urn:example:a123,z456?+abc", Parts::new("example", "a123,z456").r("abc"))]
#[case::second_q("urn:example:a123,z456?=xyz", Parts::new("example", "a123,z456").q("xyz"))]
#[case::second_f("urn:example:a123,z456#789", Parts::new("example", "a123,z456").f("789"))]
#[case::third_foo("urn:example:a123,z456/foo", Parts::new("example", "a123,z456/foo"))]
#[case::third_bar("urn:example:a123,z456/bar", Parts::new("example", "a123,z456/bar"))]
#[case::third_baz("urn:example:a123,z456/baz", Parts::new("example", "a123,z456/baz"))]
#[case::fourth_upper("urn:example:a123%2Cz456", Parts::new("example", "a123%2Cz456"))]
#[case::fourth_lower("URN:EXAMPLE:a123%2cz456", Parts::new("EXAMPLE", "a123%2cz456"))]
#[case::fifth_a("urn:example:A123,z456", Parts::new("example", "A123,z456"))]
#[case::fifth_z("urn:example:a123,Z456", Parts::new("example", "a123,Z456"))]
#[case::sixth_cyrillic("urn:example:%D0%B0123,z456", Parts::new("example", "%D0%B0123,z456"))]
fn rfc8141_s3_2_equivalence_examples(#[case] input: &str, #[case] parts: Parts<'_>) {
    assert_parts(input, UrnSyntax::Rfc8141, parts);
}

/// RFC 2141 §6 and draft §5.1 print the same six URNs; they parse under every spec.
#[rstest]
#[case::urn_1("URN:foo:a123,456", Parts::new("foo", "a123,456"))]
#[case::urn_2("urn:foo:a123,456", Parts::new("foo", "a123,456"))]
#[case::urn_3("urn:FOO:a123,456", Parts::new("FOO", "a123,456"))]
#[case::urn_4("urn:foo:A123,456", Parts::new("foo", "A123,456"))]
#[case::urn_5("urn:foo:a123%2C456", Parts::new("foo", "a123%2C456"))]
#[case::urn_6("URN:FOO:a123%2c456", Parts::new("FOO", "a123%2c456"))]
fn rfc2141_s6_and_draft_s5_1_examples(
    #[case] input: &str,
    #[case] parts: Parts<'_>,
    #[values(UrnSyntax::Rfc2141, UrnSyntax::Rfc2141bis, UrnSyntax::Rfc8141)] spec: UrnSyntax,
) {
    assert_parts(input, spec, parts);
}

/// tests/data/urn-grammar-examples.tsv (the inputs the grammar tools run): the verdict of each
/// row is this crate's, and every entry rule is a spec.
#[test]
fn grammar_examples_file_states_this_crates_verdicts() {
    let data = include_str!("../data/urn-grammar-examples.tsv");
    let mut lines = data.lines().filter(|line| !line.starts_with('#'));
    assert_eq!(lines.next(), Some("entry\tinput\tvalid\tsource"));
    let mut rows = 0;
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        let [entry, input, valid, source] = fields[..] else {
            panic!("four columns: {line:?}");
        };
        let spec: UrnSyntax = entry.parse().expect("entry names a spec");
        let ours = if Urn::parse_with(input, spec).is_ok() {
            "valid"
        } else {
            "invalid"
        };
        assert_eq!(ours, valid, "{entry}: {input:?} ({source})");
        assert!(!source.is_empty(), "{input:?}: no source");
        rows += 1;
    }
    assert!(rows > 40);
}
