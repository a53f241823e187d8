//! The `TagUri` value: conversions, round-trips, exact equality and ordering, accessors.

use std::collections::{BTreeSet, HashSet};

use rstest::rstest;
use urn_tag::TagLint;
use urn_tag::tag::AuthorityKind;
use urn_tag::{TagSyntax, TagUri};

#[test]
fn from_str_and_try_from_parse_rfc4151() {
    let input = "tag:yaml.org,2002:int";
    let parsed: TagUri = input.parse().unwrap();
    let from_str = TagUri::try_from(input).unwrap();
    let from_string = TagUri::try_from(String::from(input)).unwrap();
    assert_eq!(parsed.syntax(), TagSyntax::Rfc4151);
    assert_eq!(parsed, from_str);
    assert_eq!(parsed, from_string);
    assert!("tag:a+b@example.com,2000:".parse::<TagUri>().is_err());
}

/// `TryFrom<String>` keeps the caller's buffer: no second allocation.
#[test]
fn try_from_string_keeps_the_buffer() {
    let text = String::from("tag:example.com,2000:keep-me");
    let pointer = text.as_ptr();
    let tag = TagUri::try_from(text).unwrap();
    assert_eq!(tag.as_str().as_ptr(), pointer);
    let back = tag.into_string();
    assert_eq!(back.as_ptr(), pointer);
}

#[rstest]
#[case("TAG:EXAMPLE.com,2000-01-01:a%2f?b#c")]
#[case("tag:example.com,2000:#")]
#[case("tag:example.com,2000:")]
fn display_and_as_str_round_trip(#[case] input: &str) {
    let tag = TagUri::parse(input).unwrap();
    assert_eq!(tag.to_string(), input);
    assert_eq!(tag.as_str(), input);
    assert_eq!(AsRef::<str>::as_ref(&tag), input);
    assert_eq!(String::from(tag.clone()), input);
    assert_eq!(TagUri::parse(tag.as_str()).unwrap(), tag);
}

/// Equality, hashing and ordering use the exact text (RFC 4151 §2.4).
#[test]
fn eq_hash_and_ord_are_exact() {
    let lower = TagUri::parse("tag:example.com,2000:").unwrap();
    let upper = TagUri::parse("tag:EXAMPLE.com,2000:").unwrap();
    let long_date = TagUri::parse("tag:example.com,2000-01-01:").unwrap();
    assert_ne!(lower, upper);
    assert_ne!(lower, long_date);
    assert_eq!(lower, "tag:example.com,2000:");
    assert_eq!(lower, *"tag:example.com,2000:");
    let set: HashSet<TagUri> = [
        lower.clone(),
        upper.clone(),
        long_date.clone(),
        lower.clone(),
    ]
    .into_iter()
    .collect();
    assert_eq!(set.len(), 3);
    assert!(set.contains("tag:example.com,2000:"), "Borrow<str> lookups");
    let sorted: Vec<_> = [lower.clone(), upper.clone(), long_date.clone()]
        .into_iter()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    // By bytes: "-" sorts before ":".
    assert_eq!(sorted, vec![upper, long_date, lower]);
}

/// The same text parsed under two syntaxes is the same value: equality is on the text.
#[test]
fn equality_ignores_the_syntax() {
    let a = TagUri::parse_with("tag:yaml.org,2002:int", TagSyntax::Rfc4151).unwrap();
    let b = TagUri::parse_with("tag:yaml.org,2002:int", TagSyntax::Lenient).unwrap();
    assert_eq!(a, b);
}

#[rstest]
#[case::dns("tag:yaml.org,2002:int", AuthorityKind::Dns, None, Some("yaml.org"))]
#[case::email(
    "tag:me@Example.org,2002:int",
    AuthorityKind::Email,
    Some("me"),
    Some("Example.org")
)]
#[case::opaque("tag:me@@example.org,2002:int", AuthorityKind::Opaque, None, None)]
fn authority_accessors(
    #[case] input: &str,
    #[case] kind: AuthorityKind,
    #[case] local: Option<&str>,
    #[case] domain: Option<&str>,
) {
    let tag = TagUri::parse_with(input, TagSyntax::Lenient).unwrap();
    assert_eq!(tag.authority_kind(), kind);
    assert_eq!(tag.local_part(), local);
    assert_eq!(tag.domain(), domain);
    assert_eq!(kind.to_string(), kind.name());
}

/// Lints point at the first offending byte and come in the order of the bytes.
#[rstest]
#[case::none("tag:yaml.org,2002:int", vec![])]
#[case::upper_case_domain("tag:me@Example.org,2002:int", vec![TagLint::UppercaseDomain { index: 7 }])]
#[case::upper_case_local_part_is_fine("tag:Me@example.org,2002:int", vec![])]
#[case::single_label("tag:localhost,2002:int", vec![TagLint::NotFullyQualified])]
#[case::percent_in_specific("tag:yaml.org,2002:a%20b", vec![TagLint::PercentEncoding { index: 19 }])]
#[case::percent_in_fragment("tag:yaml.org,2002:a#%20", vec![TagLint::PercentEncoding { index: 20 }])]
#[case::all("tag:LOCAL,2002:%41", vec![TagLint::UppercaseDomain { index: 4 }, TagLint::NotFullyQualified, TagLint::PercentEncoding { index: 15 }])]
fn lints_in_byte_order(#[case] input: &str, #[case] expected: Vec<TagLint>) {
    assert_eq!(TagUri::parse(input).unwrap().lints(), expected);
}

/// An opaque authority has no domain name to lint; percent-encoding in it is not a minted part.
#[test]
fn opaque_authorities_get_no_domain_lints() {
    let tag = TagUri::parse_with("tag:CAF%C3%A9,2005:x", TagSyntax::Lenient).unwrap();
    assert_eq!(tag.lints(), []);
}

#[test]
fn lint_names_and_messages() {
    assert_eq!(
        TagLint::UppercaseDomain { index: 4 }.name(),
        "uppercase-domain"
    );
    assert_eq!(
        TagLint::PercentEncoding { index: 4 }.name(),
        "percent-encoding"
    );
    assert_eq!(
        TagLint::UppercaseDomain { index: 4 }.to_string(),
        "upper case in the domain name at byte 4 (RFC 4151 §2.1: lowercase is RECOMMENDED)"
    );
    assert_eq!(
        TagLint::NotFullyQualified.to_string(),
        "the domain name is not fully qualified (RFC 4151 §2.1: it MUST be)"
    );
    assert_eq!(
        TagLint::PercentEncoding { index: 19 }.to_string(),
        "percent-encoding at byte 19 (RFC 4151 §2.1: tags SHOULD NOT be minted with percent-encoded parts)"
    );
}

#[test]
fn debug_shows_the_text_and_the_parts() {
    let tag = TagUri::parse("tag:sandro@w3.org,2004-05:Sandro#x").unwrap();
    assert_eq!(
        format!("{tag:?}"),
        r#"TagUri { text: "tag:sandro@w3.org,2004-05:Sandro#x", syntax: Rfc4151, authority: "sandro@w3.org", authority_rule: EmailAddress, date: "2004-05", specific: "Sandro", fragment: "x" }"#
    );
}

/// `Debug` shows what `==` compares: unequal tags never print alike.
#[test]
fn unequal_tags_debug_differently() {
    let upper = TagUri::parse("TAG:yaml.org,2002:int").unwrap();
    let lower = TagUri::parse("tag:yaml.org,2002:int").unwrap();
    assert_ne!(upper, lower);
    assert_ne!(format!("{upper:?}"), format!("{lower:?}"));
}

#[rstest]
#[case(TagSyntax::Rfc4151, "rfc4151")]
#[case(TagSyntax::Erratum1485, "erratum1485")]
#[case(TagSyntax::Lenient, "lenient")]
fn syntax_names(#[case] syntax: TagSyntax, #[case] name: &str) {
    assert_eq!(syntax.name(), name);
    assert_eq!(syntax.to_string(), name);
}

#[test]
fn values_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<TagUri>();
    check::<urn_tag::TagDate>();
    check::<urn_tag::MintError>();
}

/// `TagDate` reads the three written forms with the parser's checks and messages, indexed
/// into the date text.
#[rstest]
#[case::year("2001", Ok((2001, 1, 1)))]
#[case::month("2001-07", Ok((2001, 7, 1)))]
#[case::day("2001-07-15", Ok((2001, 7, 15)))]
#[case::empty("", Err("empty date at byte 0"))]
#[case::short_month("2001-7", Err("date must be YYYY, YYYY-MM or YYYY-MM-DD at byte 6"))]
#[case::no_hyphen("20010", Err("date must be YYYY, YYYY-MM or YYYY-MM-DD at byte 4"))]
#[case::time(
    "2001-07-15T00",
    Err("date must be YYYY, YYYY-MM or YYYY-MM-DD at byte 10")
)]
#[case::month_13("2001-13", Err("month 13 does not exist (01 to 12) in date at byte 5"))]
#[case::june_31("2001-06-31", Err("day 31 does not exist in 2001-06 at byte 8"))]
fn tag_date_from_str(#[case] written: &str, #[case] expected: Result<(u16, u8, u8), &str>) {
    let parsed = written.parse::<urn_tag::TagDate>();
    match expected {
        Ok((y, m, d)) => assert_eq!(parsed, Ok(urn_tag::TagDate::new(y, m, d).unwrap())),
        Err(message) => assert_eq!(parsed.unwrap_err().to_string(), message),
    }
}

/// Dates order chronologically and display in full.
#[test]
fn tag_dates_order_chronologically() {
    use urn_tag::TagDate;
    let dates = [
        TagDate::new(1999, 12, 31).unwrap(),
        TagDate::new(2000, 1, 1).unwrap(),
        TagDate::new(2000, 2, 29).unwrap(),
    ];
    assert!(dates.windows(2).all(|pair| pair[0] < pair[1]));
    assert_eq!(
        dates.map(|d| d.to_string()),
        ["1999-12-31", "2000-01-01", "2000-02-29"]
    );
    assert_eq!(
        (dates[2].year(), dates[2].month(), dates[2].day()),
        (2000, 2, 29)
    );
}
