//! URN-equivalence (RFC 8141 §3), lexical equivalence (RFC 2141 §5, draft §5), keys,
//! normalization and namespace rules.

use std::collections::HashSet;

use rstest::rstest;
use urn_tag::urn::{Equivalence, NamespaceRule};
use urn_tag::{Urn, UrnSyntax};

/// RFC 8141 §3.2's fourteen URNs, each with the group of URNs it is equivalent to.
const RFC8141_S3_2: [(&str, u8); 14] = [
    ("urn:example:a123,z456", 1),
    ("URN:example:a123,z456", 1),
    ("urn:EXAMPLE:a123,z456", 1),
    ("urn:example:a123,z456?+abc", 1),
    ("urn:example:a123,z456?=xyz", 1),
    ("urn:example:a123,z456#789", 1),
    ("urn:example:a123,z456/foo", 2),
    ("urn:example:a123,z456/bar", 3),
    ("urn:example:a123,z456/baz", 4),
    ("urn:example:a123%2Cz456", 5),
    ("URN:EXAMPLE:a123%2cz456", 5),
    ("urn:example:A123,z456", 6),
    ("urn:example:a123,Z456", 7),
    ("urn:example:%D0%B0123,z456", 8),
];

/// Every ordered pair of RFC 8141 §3.2's examples: equivalent exactly within a group.
#[rstest]
fn rfc8141_s3_2_every_pair(
    #[values(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)] i: usize,
    #[values(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)] j: usize,
) {
    let (a, group_a) = RFC8141_S3_2[i];
    let (b, group_b) = RFC8141_S3_2[j];
    let (a, b) = (Urn::parse(a).unwrap(), Urn::parse(b).unwrap());
    assert_eq!(a.equivalent(&b), group_a == group_b, "{a} vs {b}");
    assert_eq!(
        a.equivalence_key() == b.equivalence_key(),
        group_a == group_b
    );
}

/// RFC 2141 §6 (and draft §5.1): "URNs 1, 2, and 3 are all lexically equivalent. URN 4 is
/// not lexically equivalent any of the other URNs of the above set. URNs 5 and 6 are only
/// lexically equivalent to each other."
const RFC2141_S6: [(&str, u8); 6] = [
    ("URN:foo:a123,456", 1),
    ("urn:foo:a123,456", 1),
    ("urn:FOO:a123,456", 1),
    ("urn:foo:A123,456", 4),
    ("urn:foo:a123%2C456", 5),
    ("URN:FOO:a123%2c456", 5),
];

#[rstest]
fn rfc2141_s6_every_pair(
    #[values(0, 1, 2, 3, 4, 5)] i: usize,
    #[values(0, 1, 2, 3, 4, 5)] j: usize,
    #[values(UrnSyntax::Rfc2141, UrnSyntax::Rfc2141bis, UrnSyntax::Rfc8141)] spec: UrnSyntax,
) {
    let (a, group_a) = RFC2141_S6[i];
    let (b, group_b) = RFC2141_S6[j];
    let a = Urn::parse_with(a, spec).unwrap();
    let b = Urn::parse_with(b, spec).unwrap();
    assert_eq!(a.equivalent(&b), group_a == group_b, "{spec}: {a} vs {b}");
}

/// The key of RFC 8141 drops the components and normalizes only `urn`, the NID and the
/// hex digits of the NSS's percent-encodings.
#[rstest]
#[case::scheme_and_nid_lowercased("URN:EXAMPLE:AbC", "urn:example:AbC")]
#[case::hex_uppercased("urn:example:a%2c%e2%82%ac", "urn:example:a%2C%E2%82%AC")]
#[case::components_dropped("urn:example:a?+r?=q#f", "urn:example:a")]
#[case::never_decoded("urn:example:%41", "urn:example:%41")]
fn rfc8141_key(#[case] input: &str, #[case] key: &str) {
    assert_eq!(Urn::parse(input).unwrap().equivalence_key().as_str(), key);
}

/// Under RFC 2141 and the draft the whole URN is compared; the draft's query and fragment
/// are part of it, with their hex digits normalized too.
#[test]
fn draft_key_keeps_query_and_fragment() {
    let urn = Urn::parse_with("URN:Ex:a?q%2f#f%2f", UrnSyntax::Rfc2141bis).unwrap();
    assert_eq!(urn.equivalence_key().as_str(), "urn:ex:a?q%2F#f%2F");
    let other = Urn::parse_with("urn:ex:a?q%2F", UrnSyntax::Rfc2141bis).unwrap();
    assert!(!urn.equivalent(&other));
}

/// `normalized()` is the whole URN case-normalized, components included, never decoded.
#[rstest]
#[case("URN:Example:a%2cB?+R%3f?=Q#F%7e", "urn:example:a%2CB?+R%3F?=Q#F%7E")]
#[case("urn:example:already", "urn:example:already")]
fn normalized_form(#[case] input: &str, #[case] normalized: &str) {
    let urn = Urn::parse(input).unwrap();
    let once = urn.normalized();
    assert_eq!(once.as_str(), normalized);
    assert_eq!(once.normalized(), once, "idempotent");
    assert_eq!(once.q_component(), urn.q_component().map(|_| "Q"));
    assert!(once.equivalent(&urn));
}

/// uuid (RFC 4122 §3, RFC 9562 §4): hex digits are case-insensitive; only for UUIDs.
#[rstest]
#[case::upper_lower(
    "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
    "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
    true
)]
#[case::mixed(
    "URN:UUID:f81D4fae-7DEC-11d0-A765-00a0c91e6bf6",
    "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
    true
)]
#[case::different_uuid(
    "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
    "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf7",
    false
)]
#[case::not_a_uuid("urn:uuid:NOT-A-UUID", "urn:uuid:not-a-uuid", false)]
#[case::other_namespace("urn:example:F81D4FAE", "urn:example:f81d4fae", false)]
fn uuid_namespace_rule(#[case] a: &str, #[case] b: &str, #[case] equivalent: bool) {
    let (a, b) = (Urn::parse(a).unwrap(), Urn::parse(b).unwrap());
    assert_eq!(a.equivalent(&b), equivalent);
    // The RFC procedure alone keeps them apart unless they are textually equal but for case.
    assert!(!Equivalence::rfc().equivalent(&a, &b) || a.as_str().eq_ignore_ascii_case(b.as_str()));
}

/// isbn (IANA template, RFC 3187 §3.2): hyphens and the case of `x` do not count; an ISBN-10
/// is its ISBN-13. issn (RFC 3044): `x` is `X`, the hyphen may be omitted. ietf (RFC 2648):
/// the entire URN is case-insensitive. nbn (RFC 8458 §4.3): the prefix is case-insensitive,
/// the NBN string is not.
#[rstest]
#[case::isbn_hyphens("urn:isbn:0-395-36341-1", "urn:isbn:0395363411", true)]
#[case::isbn_10_is_13("urn:isbn:0-395-36341-1", "urn:isbn:978-0-395-36341-6", true)]
#[case::isbn_x_check("URN:ISBN:080442957x", "urn:isbn:9780804429573", true)]
#[case::isbn_different("urn:isbn:0395363411", "urn:isbn:0395363412", false)]
#[case::isbn_wrong_check_digit_hyphens("urn:isbn:0-395-36341-2", "urn:isbn:0395363412", true)]
#[case::isbn_wrong_check_digit_not_converted(
    "urn:isbn:0395363412",
    "urn:isbn:9780395363416",
    false
)]
#[case::issn_x("urn:ISSN:1050-124x", "urn:issn:1050-124X", true)]
#[case::issn_hyphen("urn:issn:1050124X", "urn:issn:1050-124X", true)]
#[case::issn_different("urn:issn:0317-8471", "urn:issn:0317-8472", false)]
#[case::ietf_rfc_2648_whole_urn("urn:ietf:RFC:2141", "urn:ietf:rfc:2141", true)]
#[case::ietf_params_label_ignores_case(
    "URN:IETF:PARAMS:xml:ns:yang:ietf-interfaces",
    "urn:ietf:params:xml:ns:yang:ietf-interfaces",
    true
)]
#[case::ietf_params_rest_is_exact_rfc_3553(
    "urn:ietf:params:XML:ns:yang:IETF-interfaces",
    "urn:ietf:params:xml:ns:yang:ietf-interfaces",
    false
)]
#[case::ietf_different("urn:ietf:rfc:2141", "urn:ietf:rfc:8141", false)]
#[case::nbn_prefix("URN:NBN:FI-fe19981001", "urn:nbn:fi-fe19981001", true)]
#[case::nbn_sub_namespace("urn:nbn:DE:Gbv:089-332175294", "urn:nbn:de:gbv:089-332175294", true)]
#[case::nbn_string_keeps_case("urn:nbn:fi-FE19981001", "urn:nbn:fi-fe19981001", false)]
fn namespace_rules_built_in(#[case] a: &str, #[case] b: &str, #[case] equivalent: bool) {
    let (a, b) = (Urn::parse(a).unwrap(), Urn::parse(b).unwrap());
    assert_eq!(a.equivalent(&b), equivalent, "{a} vs {b}");
}

/// Namespace rules only merge more: a rule that tries to tell `%2c` from `%2C` (which the RFC
/// calls equivalent) cannot, because it only ever sees the RFC-normalized NSS.
#[test]
fn namespace_rules_only_merge_more() {
    let splitter = |nss: &str, out: &mut String| {
        out.push_str(if nss.contains("%2c") {
            "lower-case hex"
        } else {
            "upper-case hex"
        });
    };
    let rules = Equivalence::rfc().with_rule("example", splitter);
    let a = Urn::parse("urn:example:a123%2Cz456").unwrap();
    let b = Urn::parse("URN:EXAMPLE:a123%2cz456").unwrap();
    assert!(Equivalence::rfc().equivalent(&a, &b));
    assert!(rules.equivalent(&a, &b));
    assert_eq!(rules.key(&b).as_str(), "urn:example:upper-case hex");
}

/// A rule given for a NID replaces the earlier one; NIDs match case-insensitively.
#[test]
fn custom_rules_replace_and_ignore_case() {
    struct Lowercase;
    impl NamespaceRule for Lowercase {
        fn canonicalize(&self, nss: &str, out: &mut String) {
            out.push_str(&nss.to_ascii_lowercase());
        }
    }
    let identity = |nss: &str, out: &mut String| out.push_str(nss);
    let rules = Equivalence::standard()
        .with_rule("EXAMPLE", identity)
        .with_rule("example", Lowercase);
    let a = Urn::parse("urn:Example:ABC").unwrap();
    let b = Urn::parse("urn:example:abc").unwrap();
    assert!(rules.equivalent(&a, &b));
    assert_eq!(rules.key(&a).as_str(), "urn:example:abc");
    assert!(format!("{rules:?}").contains("example"));
}

/// Keys deduplicate URNs the RFC way in a set.
#[test]
fn keys_deduplicate_in_a_hash_set() {
    let keys: HashSet<_> = RFC8141_S3_2
        .iter()
        .map(|(text, _)| Urn::parse(text).unwrap().equivalence_key())
        .collect();
    assert_eq!(keys.len(), 8);
}

// ---- Peer vectors ------------------------------------------------------------------------

struct Row<'a> {
    line: usize,
    a: &'a str,
    b: &'a str,
    equivalent: &'a str,
    run_as: &'a str,
    compare: &'a str,
    verdict: &'a str,
    disagreement: &'a str,
}

/// The equivalence vectors of other libraries (tests/data/peer-urn-equivalence.tsv): this
/// crate's verdicts, and a recorded reason for exactly the rows where it differs.
#[test]
fn peer_urn_equivalence_vectors() {
    let data = include_str!("../data/peer-urn-equivalence.tsv");
    let mut lines = data
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#'));
    let (_, header) = lines.next().unwrap();
    assert_eq!(
        header,
        "source_repo\tsource_path\tspec\ta\tb\tequivalent\tnote\trun_as\tcompare\tverdict\tdisagreement"
    );
    let rows: Vec<Row<'_>> = lines
        .map(|(index, line)| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 11, "line {}", index + 1);
            Row {
                line: index + 1,
                a: f[3],
                b: f[4],
                equivalent: f[5],
                run_as: f[7],
                compare: f[8],
                verdict: f[9],
                disagreement: f[10],
            }
        })
        .collect();
    assert!(rows.len() > 300);
    let mut failures = Vec::new();
    for row in &rows {
        let (spec, wrap) = row.run_as.split_once('-').unwrap_or((row.run_as, "urn"));
        let spec: UrnSyntax = spec.parse().unwrap();
        let text = |s: &str| {
            if wrap == "nid" {
                format!("urn:{s}:x")
            } else {
                s.to_owned()
            }
        };
        let ours = match (
            Urn::parse_with(&text(row.a), spec),
            Urn::parse_with(&text(row.b), spec),
        ) {
            (Ok(a), Ok(b)) => match row.compare {
                "exact" => a == b,
                "normalized" => a.normalized() == b.normalized(),
                _ => a.equivalent(&b),
            }
            .to_string(),
            _ => "invalid".to_owned(),
        };
        if ours != row.verdict {
            failures.push(format!(
                "line {}: {} vs {}: ours {ours}, table {}",
                row.line, row.a, row.b, row.verdict
            ));
        }
        if (ours == row.equivalent) != row.disagreement.is_empty() {
            failures.push(format!(
                "line {}: disagreement column out of date ({:?})",
                row.line, row.disagreement
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        rows.iter()
            .filter(|row| !row.disagreement.is_empty())
            .count(),
        15
    );
}
