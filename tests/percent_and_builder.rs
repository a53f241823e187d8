//! Percent-decoding, the display form, encoding for each part and spec, and the builder.

use std::borrow::Cow;

use rstest::rstest;
use urn_tag::{ErrorKind, Part, Spec, Urn, percent};

#[rstest]
#[case::plain("abc", b"abc")]
#[case::comma("a%2Cb", b"a,b")]
#[case::lower_hex("%c3%a9", &[0xC3, 0xA9])]
#[case::nul("%00", &[0])]
#[case::bare_percent_kept("100%", b"100%")]
#[case::bad_hex_kept("%zz%4", b"%zz%4")]
fn decode_octets(#[case] text: &str, #[case] octets: &[u8]) {
    assert_eq!(&*percent::decode(text), octets);
}

#[test]
fn decode_borrows_when_nothing_is_encoded() {
    assert!(matches!(percent::decode("abc"), Cow::Borrowed(_)));
    assert!(matches!(
        percent::decode_utf8("abc").unwrap(),
        Cow::Borrowed("abc")
    ));
    assert!(matches!(
        percent::decode_utf8("a%41").unwrap(),
        Cow::Owned(_)
    ));
}

#[test]
fn decode_utf8_reports_invalid_octets() {
    assert_eq!(percent::decode_utf8("%E2%82%AC").unwrap(), "€");
    let error = percent::decode_utf8("ab%C3").unwrap_err();
    assert_eq!(error.valid_up_to(), 2);
}

/// RFC 8141 §4.4: the display form shows encoded non-ASCII characters, and nothing that
/// could mislead.
#[rstest]
#[case::cyrillic("urn:example:%D0%B0123,z456", "urn:example:а123,z456")]
#[case::ascii_stays_encoded("urn:example:a%2Cb%41", "urn:example:a%2Cb%41")]
#[case::space_stays_encoded("urn:example:a%C2%A0b", "urn:example:a%C2%A0b")]
#[case::rtl_override_stays_encoded("urn:example:%E2%80%AEabc", "urn:example:%E2%80%AEabc")]
#[case::zero_width_stays_encoded("urn:example:a%E2%80%8Bb", "urn:example:a%E2%80%8Bb")]
#[case::invalid_utf8_stays_encoded("urn:example:%C3%28%E2%82%AC", "urn:example:%C3%28€")]
#[case::lower_hex_kept_as_written("urn:example:%c3%a9%c3", "urn:example:é%c3")]
#[case::emoji("urn:example:%F0%9F%A6%80", "urn:example:🦀")]
fn display_form(#[case] input: &str, #[case] shown: &str) {
    assert_eq!(Urn::parse(input).unwrap().display_form(), shown);
}

/// Encoding escapes exactly what each part of each spec cannot hold.
#[rstest]
#[case::rfc8141_nss_leading_slash(Spec::Rfc8141, Part::Nss, "/a/b", "%2Fa/b")]
#[case::rfc8141_nss_delimiters(Spec::Rfc8141, Part::Nss, "a?b#c", "a%3Fb%23c")]
#[case::rfc8141_nss_keeps_sub_delims(Spec::Rfc8141, Part::Nss, "a,b;c=d&e~f", "a,b;c=d&e~f")]
#[case::rfc8141_r_question_equals(Spec::Rfc8141, Part::RComponent, "a?=b?+c", "a%3F=b?+c")]
#[case::rfc8141_r_leading_question(Spec::Rfc8141, Part::RComponent, "?x", "%3Fx")]
#[case::rfc8141_q_keeps_question_equals(Spec::Rfc8141, Part::QComponent, "a?=b", "a?=b")]
#[case::rfc8141_q_leading_slash(Spec::Rfc8141, Part::QComponent, "/x", "%2Fx")]
#[case::rfc8141_f_hash(Spec::Rfc8141, Part::FComponent, "a#b/?", "a%23b/?")]
#[case::rfc2141_reserved(Spec::Rfc2141, Part::Nss, "a/b?c#d", "a%2Fb%3Fc%23d")]
#[case::rfc2141_excluded(Spec::Rfc2141, Part::Nss, "a&b~c", "a%26b%7Ec")]
#[case::draft_nss_slash(Spec::Rfc2141bis, Part::Nss, "a/b&c", "a%2Fb&c")]
#[case::draft_query(Spec::Rfc2141bis, Part::Query, "x=1&y=2#", "x=1&y=2%23")]
#[case::percent_always(Spec::Rfc8141, Part::Nss, "100%", "100%25")]
#[case::utf8_upper_hex(Spec::Rfc8141, Part::Nss, "é€", "%C3%A9%E2%82%AC")]
#[case::controls(Spec::Rfc8141, Part::Nss, "a\tb\u{7f}", "a%09b%7F")]
fn encode_for_part(
    #[case] spec: Spec,
    #[case] part: Part,
    #[case] text: &str,
    #[case] encoded: &str,
) {
    let result = percent::encode(text, spec, part).unwrap();
    assert_eq!(result, encoded);
    assert_eq!(&*percent::decode(&result), text.as_bytes(), "round trip");
}

#[test]
fn encode_borrows_when_nothing_needs_encoding() {
    assert!(matches!(
        percent::encode("abc", Spec::Rfc8141, Part::Nss).unwrap(),
        Cow::Borrowed(_)
    ));
}

#[rstest]
#[case::nul_rfc2141(Spec::Rfc2141, Part::Nss, "a\0", ErrorKind::NulOctet { part: Part::Nss, spec: Spec::Rfc2141 }, 1)]
#[case::nul_draft(Spec::Rfc2141bis, Part::Query, "\0", ErrorKind::NulOctet { part: Part::Query, spec: Spec::Rfc2141bis }, 0)]
#[case::no_r_in_rfc2141(Spec::Rfc2141, Part::RComponent, "x", ErrorKind::NoSuchPart { part: Part::RComponent, spec: Spec::Rfc2141 }, 0)]
#[case::nid(Spec::Rfc8141, Part::Nid, "x", ErrorKind::NoSuchPart { part: Part::Nid, spec: Spec::Rfc8141 }, 0)]
fn encode_errors(
    #[case] spec: Spec,
    #[case] part: Part,
    #[case] text: &str,
    #[case] kind: ErrorKind,
    #[case] index: usize,
) {
    let error = percent::encode(text, spec, part).unwrap_err();
    assert_eq!((error.kind(), error.index()), (kind, index));
}

#[test]
fn nul_encodes_under_rfc8141() {
    assert_eq!(
        percent::encode("a\0", Spec::Rfc8141, Part::Nss).unwrap(),
        "a%00"
    );
}

// ---- Builder -----------------------------------------------------------------------------

#[test]
fn builder_encodes_text_and_checks_encoded_parts() {
    let urn = Urn::builder("isbn").nss("0451450523").build().unwrap();
    assert_eq!(urn, "urn:isbn:0451450523");
    let urn = Urn::builder("example")
        .nss_text("a/b?c")
        .component_text(Part::RComponent, "x?=y")
        .component(Part::QComponent, "q=1")
        .component_text(Part::FComponent, "")
        .build()
        .unwrap();
    assert_eq!(urn.as_str(), "urn:example:a/b%3Fc?+x%3F=y?=q=1#");
    assert_eq!(urn.r_component(), Some("x%3F=y"));
}

/// Each part is checked on its own; the error names the part and the byte of the text
/// given for it.
#[rstest]
#[case::empty_nid(
    "",
    Spec::Rfc8141,
    "x",
    ErrorKind::Empty(Part::Nid),
    0,
    "empty NID (byte 0 of the NID given to the builder)"
)]
#[case::short_nid(
    "a",
    Spec::Rfc8141,
    "x",
    ErrorKind::NidTooShort,
    1,
    "NID shorter than 2 characters (byte 1 of the NID given to the builder)"
)]
#[case::colon_in_nid("ab:c", Spec::Rfc8141, "x", ErrorKind::InvalidChar { part: Part::Nid, ch: ':' }, 2, "invalid character ':' in NID (byte 2 of the NID given to the builder)")]
#[case::reserved_nid(
    "URN",
    Spec::Rfc2141,
    "x",
    ErrorKind::ReservedNid(Spec::Rfc2141),
    0,
    "NID \"urn\" is reserved (RFC 2141 §2.1) (byte 0 of the NID given to the builder)"
)]
#[case::nss_with_r_delimiter("ex", Spec::Rfc8141, "a?+b", ErrorKind::InvalidChar { part: Part::Nss, ch: '?' }, 1, "invalid character '?' in NSS (byte 1 of the NSS given to the builder)")]
#[case::nss_leading_slash("ex", Spec::Rfc8141, "/a", ErrorKind::InvalidStart { part: Part::Nss, ch: '/' }, 0, "NSS must not start with '/' (byte 0 of the NSS given to the builder)")]
#[case::nss_bad_percent(
    "ex",
    Spec::Rfc8141,
    "a%2",
    ErrorKind::InvalidPercentEncoding(Part::Nss),
    3,
    "invalid percent-encoding in NSS (byte 3 of the NSS given to the builder)"
)]
#[case::nss_reserved_rfc2141("ex", Spec::Rfc2141, "a/b", ErrorKind::ReservedChar { ch: '/' }, 1, "reserved character '/' in NSS must be percent-encoded (RFC 2141 §2.3) (byte 1 of the NSS given to the builder)")]
#[case::nss_nul_rfc2141("ex", Spec::Rfc2141, "a%00", ErrorKind::NulOctet { part: Part::Nss, spec: Spec::Rfc2141 }, 1, "percent-encoded NUL (%00) is not allowed in NSS (RFC 2141 §2.4) (byte 1 of the NSS given to the builder)")]
#[case::nss_non_ascii("ex", Spec::Rfc8141, "é", ErrorKind::NonAscii { part: Part::Nss, ch: 'é' }, 0, "non-ASCII character 'é' in NSS must be percent-encoded (byte 0 of the NSS given to the builder)")]
fn builder_errors(
    #[case] nid: &str,
    #[case] spec: Spec,
    #[case] nss: &str,
    #[case] kind: ErrorKind,
    #[case] index: usize,
    #[case] message: &str,
) {
    let error = Urn::builder(nid).spec(spec).nss(nss).build().unwrap_err();
    assert_eq!(
        (error.kind(), error.index(), error.to_string().as_str()),
        (kind, index, message)
    );
}

#[rstest]
#[case::empty_r(Part::RComponent, "", ErrorKind::Empty(Part::RComponent), 0)]
#[case::r_with_question_equals(Part::RComponent, "a?=b", ErrorKind::QuestionEqualsInRComponent, 1)]
#[case::q_leading_question(Part::QComponent, "?x", ErrorKind::InvalidStart { part: Part::QComponent, ch: '?' }, 0)]
#[case::f_with_hash(Part::FComponent, "a#b", ErrorKind::InvalidChar { part: Part::FComponent, ch: '#' }, 1)]
#[case::draft_query_under_rfc8141(Part::Query, "x", ErrorKind::NoSuchPart { part: Part::Query, spec: Spec::Rfc8141 }, 0)]
fn builder_component_errors(
    #[case] part: Part,
    #[case] text: &str,
    #[case] kind: ErrorKind,
    #[case] index: usize,
) {
    let error = Urn::builder("ex")
        .nss("a")
        .component(part, text)
        .build()
        .unwrap_err();
    assert_eq!(
        (error.kind(), error.index(), error.part()),
        (kind, index, part)
    );
}

#[test]
fn r_component_with_question_equals_message() {
    let error = Urn::builder("ex")
        .nss("a")
        .component(Part::RComponent, "a?=b")
        .build()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "\"?=\" would end the r-component (RFC 8141 §2.3.1); encode the '?' as %3F (byte 1 of the r-component given to the builder)"
    );
}
