//! The `Urn` value: conversions, round-trips, exact equality and ordering.

use std::collections::{BTreeSet, HashSet};

use rstest::rstest;
use urn_tag::{Urn, UrnSyntax};

#[test]
fn from_str_and_try_from_parse_rfc8141() {
    let parsed: Urn = "urn:example:a?+r".parse().unwrap();
    let from_str = Urn::try_from("urn:example:a?+r").unwrap();
    let from_string = Urn::try_from(String::from("urn:example:a?+r")).unwrap();
    assert_eq!(parsed.syntax(), UrnSyntax::Rfc8141);
    assert_eq!(parsed, from_str);
    assert_eq!(parsed, from_string);
    assert!("urn:example:a?b".parse::<Urn>().is_err());
}

/// `TryFrom<String>` keeps the caller's buffer: no second allocation.
#[test]
fn try_from_string_keeps_the_buffer() {
    let text = String::from("urn:example:keep-me");
    let pointer = text.as_ptr();
    let urn = Urn::try_from(text).unwrap();
    assert_eq!(urn.as_str().as_ptr(), pointer);
    let back = urn.into_string();
    assert_eq!(back.as_ptr(), pointer);
}

#[rstest]
#[case("URN:Example:A%2c?+R?=Q#F")]
#[case("urn:example:a#")]
#[case("urn:ex:a//b/c:d@e!f$g&h'i(j)k*l+m,n;o=p-q.r_s~t")]
fn display_and_as_str_round_trip(#[case] input: &str) {
    let urn = Urn::parse(input).unwrap();
    assert_eq!(urn.to_string(), input);
    assert_eq!(urn.as_str(), input);
    assert_eq!(AsRef::<str>::as_ref(&urn), input);
    assert_eq!(String::from(urn.clone()), input);
    assert_eq!(Urn::parse(urn.as_str()).unwrap(), urn);
}

/// Equality, hashing and ordering use the exact text: RFC equivalence is a separate method.
#[test]
fn eq_hash_and_ord_are_exact() {
    let lower = Urn::parse("urn:example:a").unwrap();
    let upper = Urn::parse("URN:EXAMPLE:a").unwrap();
    assert_ne!(lower, upper);
    assert_eq!(lower, "urn:example:a");
    assert_eq!(lower, *"urn:example:a");
    let set: HashSet<Urn> = [lower.clone(), upper.clone(), lower.clone()]
        .into_iter()
        .collect();
    assert_eq!(set.len(), 2);
    assert!(set.contains("urn:example:a"), "Borrow<str> lookups");
    let sorted: Vec<_> = [lower.clone(), upper.clone()]
        .into_iter()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(sorted, vec![upper, lower]);
}

/// The same text parsed under two specs is the same value: equality is on the text.
#[test]
fn equality_ignores_the_spec() {
    let a = Urn::parse_with("urn:example:a", UrnSyntax::Rfc8141).unwrap();
    let b = Urn::parse_with("urn:example:a", UrnSyntax::Rfc2141).unwrap();
    assert_eq!(a, b);
}

#[test]
fn assigned_name_excludes_components() {
    let urn = Urn::parse("urn:example:a123,z456?+abc?=xyz#789").unwrap();
    assert_eq!(urn.assigned_name(), "urn:example:a123,z456");
    let draft = Urn::parse_with("urn:example:a?q#f", UrnSyntax::Rfc2141bis).unwrap();
    assert_eq!(draft.assigned_name(), "urn:example:a");
}

#[test]
fn debug_shows_the_text_and_the_parts() {
    let urn = Urn::parse("urn:example:a?=q").unwrap();
    assert_eq!(
        format!("{urn:?}"),
        r#"Urn { text: "urn:example:a?=q", syntax: Rfc8141, nid: "example", nss: "a", q_component: "q" }"#
    );
}

/// `Debug` shows what `==` compares: unequal URNs never print alike, even when every part
/// reads the same (`assert_eq!` failures would otherwise show two identical lines).
#[test]
fn unequal_urns_debug_differently() {
    let upper = Urn::parse("URN:ex:a").unwrap();
    let lower = Urn::parse("urn:ex:a").unwrap();
    assert_ne!(upper, lower);
    assert_ne!(format!("{upper:?}"), format!("{lower:?}"));
}

#[rstest]
#[case("rfc8141", UrnSyntax::Rfc8141)]
#[case("RFC2141", UrnSyntax::Rfc2141)]
#[case("rfc2141bis", UrnSyntax::Rfc2141bis)]
fn spec_names_round_trip(#[case] name: &str, #[case] spec: UrnSyntax) {
    assert_eq!(name.parse::<UrnSyntax>(), Ok(spec));
    assert_eq!(spec.to_string(), name.to_ascii_lowercase());
}

#[test]
fn values_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Urn>();
    check::<urn_tag::ParseError>();
}
