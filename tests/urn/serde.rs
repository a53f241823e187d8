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

/// Every value serialized deserializes back to an equal value of the same syntax, whatever
/// syntax it was parsed under, through the module of that syntax.
mod round_trip {
    use proptest::prelude::*;
    use serde::{Deserialize, Serialize};
    use urn_tag::{Identifier, TagSyntax, TagUri, Urn, UrnSyntax};

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Record {
        default: Urn,
        #[serde(with = "urn_tag::serde::rfc2141")]
        rfc2141: Urn,
        #[serde(with = "urn_tag::serde::rfc2141bis")]
        rfc2141bis: Urn,
        tag: TagUri,
        #[serde(with = "urn_tag::serde::erratum1485")]
        erratum1485: TagUri,
        #[serde(with = "urn_tag::serde::lenient")]
        lenient: TagUri,
        #[serde(with = "urn_tag::serde::identifier")]
        any: Identifier,
    }

    /// A URN valid under `syntax`, from pieces each syntax has.
    fn urn(syntax: UrnSyntax) -> impl Strategy<Value = Urn> {
        let nss = match syntax {
            UrnSyntax::Rfc8141 => "[a-z0-9][a-z0-9/:%&~,=-]{0,8}(\\?\\+r1)?(\\?=q)?(#f?)?",
            UrnSyntax::Rfc2141 => "[a-z0-9][a-z0-9:,=()-]{0,8}",
            UrnSyntax::Rfc2141bis => "[a-z0-9][a-z0-9:&~,=-]{0,8}(\\?[a-z?/]{0,3})?(#[a-z]{0,3})?",
        };
        ("[a-z][a-z0-9]{0,5}", nss).prop_filter_map("valid", move |(nid, nss)| {
            Urn::parse_with(&format!("urn:{nid}:{nss}"), syntax).ok()
        })
    }

    fn tag(syntax: TagSyntax) -> impl Strategy<Value = TagUri> {
        let authority = match syntax {
            TagSyntax::Rfc4151 => "[a-z]{1,5}\\.(com|org)",
            TagSyntax::Erratum1485 => "[a-z+!]{1,4}@[a-z]{1,5}\\.org",
            TagSyntax::Lenient => "[a-z+=!]{1,6}",
        };
        (authority, "(19|20)[0-9]{2}(-0[1-9])?", "[a-z0-9/:?]{0,6}").prop_filter_map(
            "valid",
            move |(authority, date, specific)| {
                TagUri::parse_with(&format!("tag:{authority},{date}:{specific}"), syntax).ok()
            },
        )
    }

    fn identifier() -> impl Strategy<Value = Identifier> {
        prop_oneof![
            prop::sample::select(UrnSyntax::ALL.to_vec())
                .prop_flat_map(urn)
                .prop_map(Identifier::Urn),
            prop::sample::select(TagSyntax::ALL.to_vec())
                .prop_flat_map(tag)
                .prop_map(Identifier::Tag),
        ]
    }

    proptest! {
        #![proptest_config(crate::common::keeping_regressions(ProptestConfig::default(), "serde"))]

        #[test]
        fn every_syntax_reads_back_what_it_wrote(
            default in urn(UrnSyntax::Rfc8141),
            rfc2141 in urn(UrnSyntax::Rfc2141),
            rfc2141bis in urn(UrnSyntax::Rfc2141bis),
            tag4151 in tag(TagSyntax::Rfc4151),
            erratum1485 in tag(TagSyntax::Erratum1485),
            lenient in tag(TagSyntax::Lenient),
            any in identifier(),
        ) {
            let record = Record { default, rfc2141, rfc2141bis, tag: tag4151, erratum1485, lenient, any };
            let json = serde_json::to_string(&record).unwrap();
            let back: Record = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(back.rfc2141.syntax(), UrnSyntax::Rfc2141);
            prop_assert_eq!(back.rfc2141bis.syntax(), UrnSyntax::Rfc2141bis);
            prop_assert_eq!(back.erratum1485.syntax(), TagSyntax::Erratum1485);
            prop_assert_eq!(back.lenient.syntax(), TagSyntax::Lenient);
            // Same text, and the same parts, since the same syntax read it.
            prop_assert_eq!(back.rfc2141bis.query(), record.rfc2141bis.query());
            prop_assert_eq!(format!("{:?}", back.any), format!("{:?}", record.any));
            prop_assert_eq!(back, record);
        }

        /// A value's own impls read it under the default syntaxes; the error names the part
        /// and the byte, never the input.
        #[test]
        fn errors_do_not_repeat_the_input(text in "urn:[a-z]{2}:[a-z]{1,4}%zz[a-z]{0,4}") {
            let json = serde_json::to_string(&text).unwrap();
            let message = serde_json::from_str::<Urn>(&json).unwrap_err().to_string();
            prop_assert!(!message.contains(&text), "{}", message);
            prop_assert!(message.starts_with("invalid URN: invalid percent-encoding in NSS at byte "), "{}", message);
        }
    }
}
