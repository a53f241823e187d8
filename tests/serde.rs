//! The `serde` feature: values as strings, parsing on the way in.
#![cfg(feature = "serde")]

use urn_tag::{Urn, UrnSyntax};

#[test]
fn urn_serializes_as_its_text() {
    let urn = Urn::parse("URN:Example:a%2c?=q").unwrap();
    assert_eq!(
        serde_json::to_string(&urn).unwrap(),
        r#""URN:Example:a%2c?=q""#
    );
}

#[test]
fn urn_deserializes_by_parsing() {
    let urn: Urn = serde_json::from_str(r#""urn:isbn:0451450523""#).unwrap();
    assert_eq!(urn.nss(), "0451450523");
    let urns: Vec<Urn> = serde_json::from_str(r#"["urn:ex:a", "urn:ex:b#f"]"#).unwrap();
    assert_eq!(urns[1].f_component(), Some("f"));
}

#[test]
fn invalid_urn_error_carries_the_parse_error() {
    let error = serde_json::from_str::<Urn>(r#""urn:example:a%zz""#).unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"invalid URN: invalid percent-encoding in NSS at byte 14 at line 1 column 18"#
    );
    let error = serde_json::from_str::<Urn>("42").unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("invalid type: integer `42`, expected a URN (RFC 8141)")
    );
}

#[test]
fn owned_strings_are_parsed_in_place() {
    let value = serde_json::Value::String("urn:ex:owned".to_owned());
    let urn: Urn = serde_json::from_value(value).unwrap();
    assert_eq!(urn, "urn:ex:owned");
    let error =
        serde_json::from_value::<Urn>(serde_json::Value::String("urn:x".into())).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid URN: NID shorter than 2 characters at byte 5"
    );
}

#[test]
fn spec_round_trips_by_name() {
    assert_eq!(
        serde_json::to_string(&UrnSyntax::Rfc2141bis).unwrap(),
        r#""rfc2141bis""#
    );
    assert_eq!(
        serde_json::from_str::<UrnSyntax>(r#""RFC2141""#).unwrap(),
        UrnSyntax::Rfc2141
    );
    assert!(serde_json::from_str::<UrnSyntax>(r#""rfc1""#).is_err());
}

#[test]
fn tag_uri_round_trips_as_text() {
    use urn_tag::TagUri;
    let tag: TagUri = serde_json::from_str(r#""tag:yaml.org,2002:int""#).unwrap();
    assert_eq!(tag.specific(), "int");
    assert_eq!(
        serde_json::to_string(&tag).unwrap(),
        r#""tag:yaml.org,2002:int""#
    );
    let error = serde_json::from_str::<TagUri>(r#""tag:example.com,1900-02-29:x""#).unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"invalid tag URI: day 29 does not exist in 1900-02 at byte 24 at line 1 column 30"#
    );
}

#[test]
fn identifier_parses_by_scheme() {
    use urn_tag::{Identifier, Scheme};
    let ids: Vec<Identifier> =
        serde_json::from_str(r#"["urn:isbn:0451450523", "tag:a.org,2000:x"]"#).unwrap();
    assert_eq!(
        ids.iter().map(Identifier::scheme).collect::<Vec<_>>(),
        [Scheme::Urn, Scheme::Tag]
    );
    assert_eq!(
        serde_json::to_string(&ids).unwrap(),
        r#"["urn:isbn:0451450523","tag:a.org,2000:x"]"#
    );
    let error = serde_json::from_str::<Identifier>(r#""mailto:x@y""#).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with(r#"invalid identifier: expected "urn:" or "tag:" at byte 0"#)
    );
}
