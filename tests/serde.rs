//! The `serde` feature: values as strings, parsing on the way in.
#![cfg(feature = "serde")]

use urn_tag::{Spec, Urn};

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
        r#"invalid URN "urn:example:a%zz": invalid percent-encoding in NSS at byte 14 at line 1 column 18"#
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
        serde_json::to_string(&Spec::Rfc2141bis).unwrap(),
        r#""rfc2141bis""#
    );
    assert_eq!(
        serde_json::from_str::<Spec>(r#""RFC2141""#).unwrap(),
        Spec::Rfc2141
    );
    assert!(serde_json::from_str::<Spec>(r#""rfc1""#).is_err());
}
