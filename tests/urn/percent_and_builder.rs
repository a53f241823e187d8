//! Percent-decoding, the display form, encoding for each part and spec, and the builder.

use std::borrow::Cow;

use rstest::rstest;
use urn_tag::urn::encode;
use urn_tag::{BuildErrorKind, EncodeError, ParseErrorKind, Part, Urn, UrnSyntax, percent};

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
#[case::musical_format_char_u1d173("urn:ex:a%F0%9D%85%B3b", "urn:ex:a%F0%9D%85%B3b")]
#[case::arabic_number_sign_u0600("urn:ex:%D8%80x", "urn:ex:%D8%80x")]
#[case::braille_blank_u2800("urn:ex:a%E2%A0%80b", "urn:ex:a%E2%A0%80b")]
#[case::lone_combining_acute("urn:ex:%CC%81", "urn:ex:%CC%81")]
#[case::combining_acute_after_ascii("urn:ex:e%CC%81", "urn:ex:e%CC%81")]
#[case::combining_acute_after_decoded_base("urn:ex:%C3%A9%CC%81", "urn:ex:é\u{301}")]
#[case::noncharacter_u10ffff("urn:ex:%F4%8F%BF%BF", "urn:ex:%F4%8F%BF%BF")]
#[case::noncharacter_ufffe("urn:ex:%EF%BF%BE", "urn:ex:%EF%BF%BE")]
#[case::private_use_ue000("urn:ex:%EE%80%80", "urn:ex:%EE%80%80")]
#[case::unassigned_u0378("urn:ex:%CD%B8", "urn:ex:%CD%B8")]
#[case::hebrew_reorders("urn:ex:%D7%90b", "urn:ex:%D7%90b")]
#[case::ideographic_space("urn:ex:%E3%80%80", "urn:ex:%E3%80%80")]
#[case::line_separator("urn:ex:%E2%80%A8", "urn:ex:%E2%80%A8")]
#[case::variation_selector_after_base("urn:ex:%E2%9C%8C%EF%B8%8F", "urn:ex:✌%EF%B8%8F")]
#[case::hangul_filler("urn:ex:%E3%85%A4", "urn:ex:%E3%85%A4")]
#[case::cjk("urn:ex:%E6%97%A5%E6%9C%AC", "urn:ex:日本")]
fn display_form(#[case] input: &str, #[case] shown: &str) {
    assert_eq!(Urn::parse(input).unwrap().display_form(), shown);
}

/// Encoding escapes exactly what each part of each spec cannot hold.
#[rstest]
#[case::rfc8141_nss_leading_slash(UrnSyntax::Rfc8141, Part::Nss, "/a/b", "%2Fa/b")]
#[case::rfc8141_nss_delimiters(UrnSyntax::Rfc8141, Part::Nss, "a?b#c", "a%3Fb%23c")]
#[case::rfc8141_nss_keeps_sub_delims(UrnSyntax::Rfc8141, Part::Nss, "a,b;c=d&e~f", "a,b;c=d&e~f")]
#[case::rfc8141_r_question_equals(UrnSyntax::Rfc8141, Part::RComponent, "a?=b?+c", "a%3F=b?+c")]
#[case::rfc8141_r_leading_question(UrnSyntax::Rfc8141, Part::RComponent, "?x", "%3Fx")]
#[case::rfc8141_q_keeps_question_equals(UrnSyntax::Rfc8141, Part::QComponent, "a?=b", "a?=b")]
#[case::rfc8141_q_leading_slash(UrnSyntax::Rfc8141, Part::QComponent, "/x", "%2Fx")]
#[case::rfc8141_f_hash(UrnSyntax::Rfc8141, Part::FComponent, "a#b/?", "a%23b/?")]
#[case::rfc2141_reserved(UrnSyntax::Rfc2141, Part::Nss, "a/b?c#d", "a%2Fb%3Fc%23d")]
#[case::rfc2141_excluded(UrnSyntax::Rfc2141, Part::Nss, "a&b~c", "a%26b%7Ec")]
#[case::draft_nss_slash(UrnSyntax::Rfc2141bis, Part::Nss, "a/b&c", "a%2Fb&c")]
#[case::draft_query(UrnSyntax::Rfc2141bis, Part::Query, "x=1&y=2#", "x=1&y=2%23")]
#[case::percent_always(UrnSyntax::Rfc8141, Part::Nss, "100%", "100%25")]
#[case::utf8_upper_hex(UrnSyntax::Rfc8141, Part::Nss, "é€", "%C3%A9%E2%82%AC")]
#[case::controls(UrnSyntax::Rfc8141, Part::Nss, "a\tb\u{7f}", "a%09b%7F")]
fn encode_for_part(
    #[case] spec: UrnSyntax,
    #[case] part: Part,
    #[case] text: &str,
    #[case] encoded: &str,
) {
    let result = encode(text, spec, part).unwrap();
    assert_eq!(result, encoded);
    assert_eq!(&*percent::decode(&result), text.as_bytes(), "round trip");
}

#[test]
fn encode_borrows_when_nothing_needs_encoding() {
    assert!(matches!(
        encode("abc", UrnSyntax::Rfc8141, Part::Nss).unwrap(),
        Cow::Borrowed(_)
    ));
}

#[rstest]
#[case::nul_rfc2141(UrnSyntax::Rfc2141, Part::Nss, "a\0", EncodeError::NulOctet { syntax: UrnSyntax::Rfc2141, index: 1 })]
#[case::nul_draft(UrnSyntax::Rfc2141bis, Part::Query, "\0", EncodeError::NulOctet { syntax: UrnSyntax::Rfc2141bis, index: 0 })]
#[case::no_r_in_rfc2141(UrnSyntax::Rfc2141, Part::RComponent, "x", EncodeError::NoSuchPart { part: Part::RComponent, syntax: UrnSyntax::Rfc2141 })]
#[case::nid(UrnSyntax::Rfc8141, Part::Nid, "x", EncodeError::NoSuchPart { part: Part::Nid, syntax: UrnSyntax::Rfc8141 })]
fn encode_errors(
    #[case] syntax: UrnSyntax,
    #[case] part: Part,
    #[case] text: &str,
    #[case] expected: EncodeError,
) {
    assert_eq!(encode(text, syntax, part).unwrap_err(), expected);
}

#[test]
fn nul_encodes_under_rfc8141() {
    assert_eq!(
        encode("a\0", UrnSyntax::Rfc8141, Part::Nss).unwrap(),
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
        .r_component_text("x?=y")
        .q_component("q=1")
        .f_component_text("")
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
    UrnSyntax::Rfc8141,
    "x",
    Part::Nid,
    BuildErrorKind::Parse(ParseErrorKind::Empty(Part::Nid)),
    0,
    "empty NID (byte 0 of the NID given)"
)]
#[case::short_nid(
    "a",
    UrnSyntax::Rfc8141,
    "x",
    Part::Nid,
    BuildErrorKind::Parse(ParseErrorKind::NidTooShort),
    1,
    "NID shorter than 2 characters (byte 1 of the NID given)"
)]
#[case::colon_in_nid(
    "ab:c",
    UrnSyntax::Rfc8141,
    "x",
    Part::Nid,
    BuildErrorKind::Parse(ParseErrorKind::InvalidChar { part: Part::Nid, ch: ':' }),
    2,
    "invalid character ':' in NID (byte 2 of the NID given)"
)]
#[case::reserved_nid(
    "URN",
    UrnSyntax::Rfc2141,
    "x",
    Part::Nid,
    BuildErrorKind::Parse(ParseErrorKind::ReservedNid(UrnSyntax::Rfc2141)),
    0,
    "NID \"urn\" is reserved (RFC 2141 §2.1) (byte 0 of the NID given)"
)]
#[case::nss_with_r_delimiter(
    "ex",
    UrnSyntax::Rfc8141,
    "a?+b",
    Part::Nss,
    BuildErrorKind::Parse(ParseErrorKind::InvalidChar { part: Part::Nss, ch: '?' }),
    1,
    "invalid character '?' in NSS (byte 1 of the NSS given)"
)]
#[case::nss_leading_slash(
    "ex",
    UrnSyntax::Rfc8141,
    "/a",
    Part::Nss,
    BuildErrorKind::Parse(ParseErrorKind::InvalidStart { part: Part::Nss, ch: '/' }),
    0,
    "NSS must not start with '/' (byte 0 of the NSS given)"
)]
#[case::nss_bad_percent(
    "ex",
    UrnSyntax::Rfc8141,
    "a%2",
    Part::Nss,
    BuildErrorKind::Parse(ParseErrorKind::InvalidPercentEncoding(Part::Nss)),
    3,
    "invalid percent-encoding in NSS (byte 3 of the NSS given)"
)]
#[case::nss_reserved_rfc2141(
    "ex",
    UrnSyntax::Rfc2141,
    "a/b",
    Part::Nss,
    BuildErrorKind::Parse(ParseErrorKind::ReservedChar { ch: '/' }),
    1,
    "reserved character '/' in NSS must be percent-encoded (RFC 2141 §2.3) (byte 1 of the NSS given)"
)]
#[case::nss_nul_rfc2141(
    "ex",
    UrnSyntax::Rfc2141,
    "a%00",
    Part::Nss,
    BuildErrorKind::Parse(ParseErrorKind::NulOctet { part: Part::Nss, syntax: UrnSyntax::Rfc2141 }),
    1,
    "percent-encoded NUL (%00) is not allowed in NSS (RFC 2141 §2.4) (byte 1 of the NSS given)"
)]
#[case::nss_non_ascii(
    "ex",
    UrnSyntax::Rfc8141,
    "é",
    Part::Nss,
    BuildErrorKind::Parse(ParseErrorKind::NonAscii { part: Part::Nss, ch: 'é' }),
    0,
    "non-ASCII character 'é' in NSS must be percent-encoded (byte 0 of the NSS given)"
)]
fn builder_errors(
    #[case] nid: &str,
    #[case] syntax: UrnSyntax,
    #[case] nss: &str,
    #[case] part: Part,
    #[case] kind: BuildErrorKind,
    #[case] index: usize,
    #[case] message: &str,
) {
    let error = Urn::builder(nid)
        .syntax(syntax)
        .nss(nss)
        .build()
        .unwrap_err();
    assert_eq!(
        (
            error.part(),
            error.kind(),
            error.index(),
            error.to_string().as_str()
        ),
        (part, kind, index, message)
    );
}

#[rstest]
#[case::empty_r(
    Part::RComponent,
    "",
    BuildErrorKind::Parse(ParseErrorKind::Empty(Part::RComponent)),
    0
)]
#[case::r_with_question_equals(
    Part::RComponent,
    "a?=b",
    BuildErrorKind::QuestionEqualsInRComponent,
    1
)]
#[case::q_leading_question(Part::QComponent, "?x", BuildErrorKind::Parse(ParseErrorKind::InvalidStart { part: Part::QComponent, ch: '?' }), 0)]
#[case::f_with_hash(Part::FComponent, "a#b", BuildErrorKind::Parse(ParseErrorKind::InvalidChar { part: Part::FComponent, ch: '#' }), 1)]
#[case::draft_query_under_rfc8141(
    Part::Query,
    "x",
    BuildErrorKind::NotInSyntax { syntax: UrnSyntax::Rfc8141, part: Part::Query },
    0
)]
#[case::draft_fragment_under_rfc8141(
    Part::Fragment,
    "x",
    BuildErrorKind::NotInSyntax { syntax: UrnSyntax::Rfc8141, part: Part::Fragment },
    0
)]
fn builder_component_errors(
    #[case] part: Part,
    #[case] text: &str,
    #[case] kind: BuildErrorKind,
    #[case] index: usize,
) {
    let builder = Urn::builder("ex").nss("a");
    let builder = match part {
        Part::RComponent => builder.r_component(text),
        Part::QComponent => builder.q_component(text),
        Part::FComponent => builder.f_component(text),
        Part::Query => builder.query(text),
        _ => builder.fragment(text),
    };
    let error = builder.build().unwrap_err();
    assert_eq!(
        (error.kind(), error.index(), error.part()),
        (kind, index, part)
    );
}

#[test]
fn r_component_with_question_equals_message() {
    let error = Urn::builder("ex")
        .nss("a")
        .r_component("a?=b")
        .build()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "\"?=\" would end the r-component (RFC 8141 §2.3.1); encode the '?' as %3F (byte 1 of the r-component given)"
    );
}

/// The stable name of each reason a builder gives (what the bindings report as an error's
/// `kind`): the name of the parse error of the same fault, or the builder's own.
#[rstest]
#[case::empty(Urn::builder("ex").nss(""), "empty")]
#[case::invalid_char(Urn::builder("e_x").nss("a"), "invalid_char")]
#[case::non_ascii(Urn::builder("ex").nss("é"), "non_ascii")]
#[case::invalid_start(Urn::builder("ex").nss("/a"), "invalid_start")]
#[case::invalid_percent_encoding(Urn::builder("ex").nss("%zz"), "invalid_percent_encoding")]
#[case::nid_too_short(Urn::builder("e").nss("a"), "nid_too_short")]
#[case::nid_too_long(Urn::builder("e".repeat(33)).nss("a"), "nid_too_long")]
#[case::nid_ends_with_hyphen(Urn::builder("ex-").nss("a"), "nid_ends_with_hyphen")]
#[case::reserved_nid(Urn::builder("urn").syntax(UrnSyntax::Rfc2141).nss("a"), "reserved_nid")]
#[case::reserved_char(Urn::builder("ex").syntax(UrnSyntax::Rfc2141).nss("a/b"), "reserved_char")]
#[case::nul_octet(Urn::builder("ex").syntax(UrnSyntax::Rfc2141).nss("%00"), "nul_octet")]
#[case::question_equals_in_r_component(
    Urn::builder("ex").nss("a").r_component("r?=q"),
    "question_equals_in_r_component"
)]
#[case::not_in_syntax(Urn::builder("ex").nss("a").query("q"), "not_in_syntax")]
fn builder_error_codes_are_stable(#[case] builder: urn_tag::UrnBuilder<'_>, #[case] code: &str) {
    let error = builder.build().unwrap_err();
    assert_eq!(error.kind().code(), code, "{error}");
    if let BuildErrorKind::Parse(kind) = error.kind() {
        assert_eq!(kind.part(), error.part(), "{error}");
    }
}
