//! Error kinds, byte indexes and messages, asserted verbatim.

use rstest::rstest;
use urn_tag::{ParseErrorKind, Part, Urn, UrnSyntax};

use crate::common::{Parts, assert_error, assert_parts};

const RFC8141: UrnSyntax = UrnSyntax::Rfc8141;
const RFC2141: UrnSyntax = UrnSyntax::Rfc2141;
const DRAFT: UrnSyntax = UrnSyntax::Rfc2141bis;

fn nid_of(len: usize) -> String {
    "abcdefghijklmnopqrstuvwxyz0123456789"
        .chars()
        .cycle()
        .take(len)
        .collect()
}

/// NID length limits: 1, 2, 32 and 33 characters under each spec.
#[rstest]
#[case::one_rfc8141(1, RFC8141, Some((ParseErrorKind::NidTooShort, 5, "NID shorter than 2 characters at byte 5")))]
#[case::one_rfc2141(1, RFC2141, None)]
#[case::one_draft(1, DRAFT, Some((ParseErrorKind::NidTooShort, 5, "NID shorter than 2 characters at byte 5")))]
#[case::two_rfc8141(2, RFC8141, None)]
#[case::two_rfc2141(2, RFC2141, None)]
#[case::two_draft(2, DRAFT, None)]
#[case::thirty_two_rfc8141(32, RFC8141, None)]
#[case::thirty_two_rfc2141(32, RFC2141, None)]
#[case::thirty_two_draft(32, DRAFT, None)]
#[case::thirty_three_rfc8141(33, RFC8141, Some((ParseErrorKind::NidTooLong, 36, "NID longer than 32 characters at byte 36")))]
#[case::thirty_three_rfc2141(33, RFC2141, Some((ParseErrorKind::NidTooLong, 36, "NID longer than 32 characters at byte 36")))]
#[case::thirty_three_draft(33, DRAFT, Some((ParseErrorKind::NidTooLong, 36, "NID longer than 32 characters at byte 36")))]
fn nid_length_limits(
    #[case] len: usize,
    #[case] spec: UrnSyntax,
    #[case] error: Option<(ParseErrorKind, usize, &str)>,
) {
    let nid = nid_of(len);
    let input = format!("urn:{nid}:x");
    match error {
        None => drop(assert_parts(&input, spec, Parts::new(&nid, "x"))),
        Some((kind, index, message)) => assert_error(&input, spec, kind, index, message),
    }
}

/// A hyphen in the 32nd place can never be followed by the final alphanum RFC 8141 needs, so
/// that hyphen is already the offending byte.
#[rstest]
#[case::then_colon(
    ":x",
    ParseErrorKind::NidEndsWithHyphen,
    "NID must not end with '-' (RFC 8141 §2) at byte 35"
)]
#[case::then_letter(
    "a:x",
    ParseErrorKind::NidTooLong,
    "NID longer than 32 characters at byte 35"
)]
fn rfc8141_hyphen_in_32nd_place(
    #[case] rest: &str,
    #[case] kind: ParseErrorKind,
    #[case] message: &str,
) {
    let input = format!("urn:{}-{rest}", nid_of(31));
    assert_error(&input, RFC8141, kind, 35, message);
}

/// Leading and trailing hyphens under each spec.
#[rstest]
#[case::leading_rfc8141("urn:-ab:x", RFC8141, false)]
#[case::leading_rfc2141("urn:-ab:x", RFC2141, false)]
#[case::leading_draft("urn:-ab:x", DRAFT, false)]
#[case::trailing_rfc8141("urn:ab-:x", RFC8141, false)]
#[case::trailing_rfc2141("urn:ab-:x", RFC2141, true)]
#[case::trailing_draft("urn:ab-:x", DRAFT, true)]
#[case::only_hyphens_rfc2141("urn:--:x", RFC2141, false)]
fn nid_hyphens(#[case] input: &str, #[case] spec: UrnSyntax, #[case] valid: bool) {
    assert_eq!(
        Urn::parse_with(input, spec).is_ok(),
        valid,
        "{spec} {input}"
    );
}

/// Scheme errors point at the first byte that differs from "urn:".
#[rstest]
#[case::empty("", 0)]
#[case::other_scheme("tag:example.com,2000:x", 0)]
#[case::u("u", 1)]
#[case::ur("ur", 2)]
#[case::urn("urn", 3)]
#[case::urm("urm:ab:x", 2)]
#[case::urno("urno:ab:x", 3)]
#[case::urn_dash("urn-ab:x", 3)]
fn scheme_errors(
    #[case] input: &str,
    #[case] index: usize,
    #[values(RFC8141, RFC2141, DRAFT)] spec: UrnSyntax,
) {
    let message = format!("expected \"urn:\" at byte {index}");
    assert_error(
        input,
        spec,
        ParseErrorKind::ExpectedUrnScheme,
        index,
        &message,
    );
}

/// White space around a URN has its own messages: a copied identifier often carries some.
#[rstest]
#[case::leading_space(
    " urn:ab:x",
    ParseErrorKind::LeadingWhitespace,
    0,
    "white space before the identifier at byte 0"
)]
#[case::leading_tab(
    "\turn:ab:x",
    ParseErrorKind::LeadingWhitespace,
    0,
    "white space before the identifier at byte 0"
)]
#[case::trailing_space(
    "urn:ab:x ",
    ParseErrorKind::TrailingWhitespace(Part::Nss),
    8,
    "white space after the NSS at byte 8"
)]
#[case::trailing_newline(
    "urn:ab:x\r\n",
    ParseErrorKind::TrailingWhitespace(Part::Nss),
    8,
    "white space after the NSS at byte 8"
)]
#[case::trailing_after_nid(
    "urn:ab  ",
    ParseErrorKind::TrailingWhitespace(Part::Nid),
    6,
    "white space after the NID at byte 6"
)]
fn whitespace_errors(
    #[case] input: &str,
    #[case] kind: ParseErrorKind,
    #[case] index: usize,
    #[case] message: &str,
    #[values(RFC8141, RFC2141, DRAFT)] spec: UrnSyntax,
) {
    assert_error(input, spec, kind, index, message);
}

#[test]
fn trailing_whitespace_after_a_component() {
    assert_error(
        "urn:ab:x#f\r\n",
        RFC8141,
        ParseErrorKind::TrailingWhitespace(Part::FComponent),
        10,
        "white space after the f-component at byte 10",
    );
}

/// White space inside a URN is an invalid character like any other.
#[test]
fn inner_space_is_an_invalid_character() {
    assert_error(
        "urn:ab:x y",
        RFC8141,
        ParseErrorKind::InvalidChar {
            part: Part::Nss,
            ch: ' ',
        },
        8,
        "invalid character ' ' in NSS at byte 8",
    );
}

/// Structural errors: missing and empty parts.
#[rstest]
#[case::no_nid("urn:", ParseErrorKind::Empty(Part::Nid), 4, "empty NID at byte 4")]
#[case::empty_nid("urn::x", ParseErrorKind::Empty(Part::Nid), 4, "empty NID at byte 4")]
#[case::no_colon_after_nid("urn:example", ParseErrorKind::Expected { part: Part::Nid, expected: ':' }, 11, "expected ':' after NID at byte 11")]
#[case::no_nss(
    "urn:example:",
    ParseErrorKind::Empty(Part::Nss),
    12,
    "empty NSS at byte 12"
)]
#[case::nss_empty_before_r(
    "urn:example:?+r",
    ParseErrorKind::Empty(Part::Nss),
    12,
    "empty NSS at byte 12"
)]
#[case::nss_empty_before_f(
    "urn:example:#f",
    ParseErrorKind::Empty(Part::Nss),
    12,
    "empty NSS at byte 12"
)]
#[case::bad_char_in_nid("urn:a_b:x", ParseErrorKind::InvalidChar { part: Part::Nid, ch: '_' }, 5, "invalid character '_' in NID at byte 5")]
#[case::dot_in_nid("urn:a.b:x", ParseErrorKind::InvalidChar { part: Part::Nid, ch: '.' }, 5, "invalid character '.' in NID at byte 5")]
#[case::percent_in_nid("urn:example%:test", ParseErrorKind::InvalidChar { part: Part::Nid, ch: '%' }, 11, "invalid character '%' in NID at byte 11")]
#[case::hash_in_f("urn:example:a#b#c", ParseErrorKind::InvalidChar { part: Part::FComponent, ch: '#' }, 15, "invalid character '#' in f-component at byte 15")]
#[case::hash_in_q_then_bad("urn:example:a?=q#[", ParseErrorKind::InvalidChar { part: Part::FComponent, ch: '[' }, 17, "invalid character '[' in f-component at byte 17")]
#[case::space_in_r("urn:example:a?+r s", ParseErrorKind::InvalidChar { part: Part::RComponent, ch: ' ' }, 16, "invalid character ' ' in r-component at byte 16")]
#[case::bracket_in_q("urn:example:a?=q]", ParseErrorKind::InvalidChar { part: Part::QComponent, ch: ']' }, 16, "invalid character ']' in q-component at byte 16")]
fn structural_errors_rfc8141(
    #[case] input: &str,
    #[case] kind: ParseErrorKind,
    #[case] index: usize,
    #[case] message: &str,
) {
    assert_error(input, RFC8141, kind, index, message);
}

/// Percent-encoding errors point at the first byte that is not a hex digit (or the end).
#[rstest]
#[case::nss_not_hex("urn:example:a%zz", Part::Nss, 14)]
#[case::nss_second_not_hex("urn:example:a%2z", Part::Nss, 15)]
#[case::nss_truncated("urn:example:a%2", Part::Nss, 15)]
#[case::nss_bare("urn:example:%", Part::Nss, 13)]
#[case::r_bare("urn:ex:ex?+%", Part::RComponent, 12)]
#[case::q_bare("urn:ex:ex?=%", Part::QComponent, 12)]
#[case::f_bare("urn:ex:ex?=something#%", Part::FComponent, 22)]
fn percent_encoding_errors(#[case] input: &str, #[case] part: Part, #[case] index: usize) {
    let message = format!("invalid percent-encoding in {part} at byte {index}");
    assert_error(
        input,
        RFC8141,
        ParseErrorKind::InvalidPercentEncoding(part),
        index,
        &message,
    );
}

/// Percent-encodings of either hex case are valid; decoding is never done by the parser.
#[test]
fn percent_encodings_of_any_case_are_kept_as_written() {
    let urn = Urn::parse("urn:example:%e2%82%AC?+%2f?=%3F#%23").unwrap();
    assert_eq!(
        (
            urn.nss(),
            urn.r_component(),
            urn.q_component(),
            urn.f_component()
        ),
        ("%e2%82%AC", Some("%2f"), Some("%3F"), Some("%23"))
    );
}

/// RFC 2141 §2.4 `<excluded>`: each printable excluded character, in the NSS, per spec.
/// RFC 8141 and the draft allow "&" and "~" (they are `pchar`); every other one is an error.
#[rstest]
fn excluded_characters(
    #[values('\\', '"', '&', '<', '>', '[', ']', '^', '`', '{', '|', '}', '~')] ch: char,
    #[values(RFC8141, RFC2141, DRAFT)] spec: UrnSyntax,
) {
    let input = format!("urn:example:a{ch}b");
    let allowed = matches!(ch, '&' | '~') && spec != RFC2141;
    if allowed {
        assert_parts(&input, spec, Parts::new("example", &input[12..]));
    } else {
        let message = format!("invalid character {ch:?} in NSS at byte 13");
        assert_error(
            &input,
            spec,
            ParseErrorKind::InvalidChar {
                part: Part::Nss,
                ch,
            },
            13,
            &message,
        );
    }
}

/// Octets 1-32 and 127 (controls and space) are errors everywhere, with an escaped message.
#[rstest]
fn control_characters_and_space(
    #[values(0x00, 0x01, 0x09, 0x0a, 0x0d, 0x1f, 0x20, 0x7f)] byte: u8,
    #[values(RFC8141, RFC2141, DRAFT)] spec: UrnSyntax,
) {
    let ch = char::from(byte);
    let input = format!("urn:example:a{ch}b");
    let message = format!("invalid character {ch:?} in NSS at byte 13");
    assert_error(
        &input,
        spec,
        ParseErrorKind::InvalidChar {
            part: Part::Nss,
            ch,
        },
        13,
        &message,
    );
}

/// Non-ASCII characters must be percent-encoded as UTF-8 (RFC 8141 §2, RFC 2141 §2.2).
#[rstest]
#[case::nss_latin("urn:example:café", Part::Nss, 'é', 15)]
#[case::nss_cyrillic("urn:example:а123", Part::Nss, 'а', 12)]
#[case::r_emoji("urn:example:a?+🦀", Part::RComponent, '🦀', 15)]
#[case::f_nbsp("urn:example:a#\u{a0}", Part::FComponent, '\u{a0}', 14)]
fn non_ascii_characters(
    #[case] input: &str,
    #[case] part: Part,
    #[case] ch: char,
    #[case] index: usize,
) {
    let message =
        format!("non-ASCII character {ch:?} in {part} must be percent-encoded at byte {index}");
    assert_error(
        input,
        RFC8141,
        ParseErrorKind::NonAscii { part, ch },
        index,
        &message,
    );
}

/// NIDs are ASCII and cannot be percent-encoded (RFC 8141 §2.1), so a non-ASCII character
/// there is simply invalid.
#[test]
fn non_ascii_in_nid_is_invalid() {
    let kind = ParseErrorKind::InvalidChar {
        part: Part::Nid,
        ch: 'ä',
    };
    assert_error(
        "urn:exämple:x",
        RFC8141,
        kind,
        6,
        "invalid character 'ä' in NID at byte 6",
    );
}

/// The error value itself: small, `Copy`, and its parts agree with its message.
#[test]
fn error_value_is_small_and_copy() {
    fn is_copy<T: Copy + Send + Sync + 'static>() {}
    is_copy::<urn_tag::ParseError>();
    assert!(size_of::<urn_tag::ParseError>() <= 24);
    let error = Urn::parse("urn:example:a?+").unwrap_err();
    assert_eq!(error.part(), Part::RComponent);
    assert_eq!(error.kind().to_string(), "empty r-component");
}
