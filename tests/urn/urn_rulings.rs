//! The design's rulings on the ambiguous points of the URN RFCs, one test (or case) each.

use rstest::rstest;
use urn_tag::{ParseErrorKind, Part, Urn, UrnSyntax};

use crate::common::{Parts, assert_error, assert_parts};

const RFC8141: UrnSyntax = UrnSyntax::Rfc8141;
const RFC2141: UrnSyntax = UrnSyntax::Rfc2141;
const DRAFT: UrnSyntax = UrnSyntax::Rfc2141bis;

// ---- RFC 8141 mode ----------------------------------------------------------------------

/// Ruling 1: the r-component ends at the first "?=" (RFC 8141 §2.3.1 prose).
#[test]
fn r_component_ends_at_question_equals() {
    assert_parts(
        "urn:example:a?+r?=q",
        RFC8141,
        Parts::new("example", "a").r("r").q("q"),
    );
}

/// Ruling 1: "?+" inside an r-component is data.
#[test]
fn question_plus_inside_r_component_is_data() {
    assert_parts(
        "urn:example:a?+r?+s",
        RFC8141,
        Parts::new("example", "a").r("r?+s"),
    );
}

/// Ruling 1: a "?" that does not start "?=" stays in the r-component, even at its end.
#[rstest]
#[case::question_then_letter("urn:example:a?+r?s", "r?s")]
#[case::question_at_end("urn:example:a?+r?", "r?")]
#[case::slash_and_question("urn:example:a?+r/?/", "r/?/")]
fn lone_question_mark_in_r_component(#[case] input: &str, #[case] r: &str) {
    assert_parts(input, RFC8141, Parts::new("example", "a").r(r));
}

/// Ruling 2: the q-component ends only at "#"; "?+" and "?=" inside it are data.
#[rstest]
#[case::question_plus("urn:example:a?=q?+x", "q?+x", None)]
#[case::question_equals("urn:example:a?=q?=x", "q?=x", None)]
#[case::then_fragment("urn:example:a?=q?+x#f", "q?+x", Some("f"))]
fn q_component_ends_only_at_hash(#[case] input: &str, #[case] q: &str, #[case] f: Option<&str>) {
    let parts = Parts {
        f,
        ..Parts::new("example", "a").q(q)
    };
    assert_parts(input, RFC8141, parts);
}

/// Ruling 3: r and q must not be empty (their ABNF starts with `pchar`).
#[rstest]
#[case::empty_r_at_end(
    "urn:example:a?+",
    ParseErrorKind::Empty(Part::RComponent),
    15,
    "empty r-component at byte 15"
)]
#[case::empty_q_at_end(
    "urn:example:a?=",
    ParseErrorKind::Empty(Part::QComponent),
    15,
    "empty q-component at byte 15"
)]
#[case::empty_r_before_q(
    "urn:example:a?+?=q",
    ParseErrorKind::Empty(Part::RComponent),
    15,
    "empty r-component at byte 15"
)]
#[case::empty_r_before_f(
    "urn:example:a?+#f",
    ParseErrorKind::Empty(Part::RComponent),
    15,
    "empty r-component at byte 15"
)]
#[case::empty_q_before_f(
    "urn:example:a?=#f",
    ParseErrorKind::Empty(Part::QComponent),
    15,
    "empty q-component at byte 15"
)]
#[case::empty_q_after_r(
    "urn:example:a?+r?=",
    ParseErrorKind::Empty(Part::QComponent),
    18,
    "empty q-component at byte 18"
)]
#[case::r_starting_with_slash(
    "urn:example:a?+/r",
    ParseErrorKind::InvalidStart { part: Part::RComponent, ch: '/' },
    15,
    "r-component must not start with '/' at byte 15"
)]
#[case::r_starting_with_question(
    "urn:example:a?+?x",
    ParseErrorKind::InvalidStart { part: Part::RComponent, ch: '?' },
    15,
    "r-component must not start with '?' at byte 15"
)]
#[case::q_starting_with_slash(
    "urn:example:a?=/x",
    ParseErrorKind::InvalidStart { part: Part::QComponent, ch: '/' },
    15,
    "q-component must not start with '/' at byte 15"
)]
fn r_and_q_must_not_be_empty(
    #[case] input: &str,
    #[case] kind: ParseErrorKind,
    #[case] index: usize,
    #[case] message: &str,
) {
    assert_error(input, RFC8141, kind, index, message);
}

/// Ruling 3: an empty f-component is valid and kept apart from an absent one.
#[test]
fn empty_f_component_is_valid_and_round_trips() {
    let empty = assert_parts("urn:example:a#", RFC8141, Parts::new("example", "a").f(""));
    let absent = assert_parts("urn:example:a", RFC8141, Parts::new("example", "a"));
    assert_ne!(empty, absent);
    assert_parts(
        "urn:example:a?+r?=q#",
        RFC8141,
        Parts::new("example", "a").r("r").q("q").f(""),
    );
}

/// Ruling 4: a "?" after the NSS that is not followed by "+" or "=" is a syntax error; the
/// offending byte is the one after the "?".
#[rstest]
#[case::letter("urn:example:a?b", 14)]
#[case::at_end("urn:example:a?", 14)]
#[case::hash("urn:example:a?#", 14)]
#[case::double("urn:example:a??+r", 14)]
fn bare_question_mark_is_a_syntax_error(#[case] input: &str, #[case] index: usize) {
    let message = format!("'?' must be followed by '+' or '=' at byte {index}");
    assert_error(
        input,
        RFC8141,
        ParseErrorKind::BareQuestionMark,
        index,
        &message,
    );
}

/// Ruling 4: the NSS may not start with "/", but may hold "//" later.
#[test]
fn nss_must_not_start_with_slash() {
    let kind = ParseErrorKind::InvalidStart {
        part: Part::Nss,
        ch: '/',
    };
    assert_error(
        "urn:example:/a",
        RFC8141,
        kind,
        12,
        "NSS must not start with '/' at byte 12",
    );
    assert_parts("urn:example:a//b/", RFC8141, Parts::new("example", "a//b/"));
}

/// Ruling 5: the literal "urn" is case-insensitive (RFC 5234 §2.3), under every spec.
#[rstest]
fn scheme_is_case_insensitive(
    #[values("URN", "Urn", "uRn", "urN")] scheme: &str,
    #[values(RFC8141, RFC2141, DRAFT)] spec: UrnSyntax,
) {
    let input = format!("{scheme}:example:a");
    assert_parts(&input, spec, Parts::new("example", "a"));
}

/// Ruling 6: NIDs of 2 to 32 characters; "--" inside is allowed by the syntax.
#[rstest]
#[case::two("urn:ab:x", "ab")]
#[case::thirty_two(
    "urn:abcdefghijklmnopqrstuvwxyz012345:x",
    "abcdefghijklmnopqrstuvwxyz012345"
)]
#[case::double_hyphen("urn:a--b:x", "a--b")]
#[case::xn_prefix("urn:xn--l8h:x", "xn--l8h")]
#[case::digits_only("urn:123:x", "123")]
fn nid_length_and_hyphens(#[case] input: &str, #[case] nid: &str) {
    assert_parts(input, RFC8141, Parts::new(nid, "x"));
}

/// Ruling 6: the NID neither starts nor ends with "-" under RFC 8141.
#[test]
fn nid_hyphen_at_either_end_is_an_error() {
    let start = ParseErrorKind::InvalidStart {
        part: Part::Nid,
        ch: '-',
    };
    assert_error(
        "urn:-ab:x",
        RFC8141,
        start,
        4,
        "NID must not start with '-' at byte 4",
    );
    assert_error(
        "urn:ab-:x",
        RFC8141,
        ParseErrorKind::NidEndsWithHyphen,
        7,
        "NID must not end with '-' (RFC 8141 §2) at byte 7",
    );
}

/// Ruling 7: "urn" is not a reserved NID under RFC 8141, but is under RFC 2141 and the draft.
#[test]
fn urn_nid_is_reserved_only_before_rfc8141() {
    assert_parts("urn:urn:x", RFC8141, Parts::new("urn", "x"));
    assert_parts("urn:URN:x", RFC8141, Parts::new("URN", "x"));
    assert_error(
        "urn:urn:x",
        RFC2141,
        ParseErrorKind::ReservedNid(RFC2141),
        4,
        "NID \"urn\" is reserved (RFC 2141 §2.1) at byte 4",
    );
    assert_error(
        "urn:UrN:x",
        DRAFT,
        ParseErrorKind::ReservedNid(DRAFT),
        4,
        "NID \"urn\" is reserved (draft-ietf-urnbis-rfc2141bis-urn-01 §2.1) at byte 4",
    );
    // Only the whole NID is reserved.
    assert_parts("urn:urnx:x", RFC2141, Parts::new("urnx", "x"));
    assert_parts("urn:burn:x", DRAFT, Parts::new("burn", "x"));
}

// ---- RFC 2141 mode ----------------------------------------------------------------------

/// RFC 2141: `<let-num> [ 1,31<let-num-hyp> ]` is 1 to 32 characters and may end with "-".
#[rstest]
#[case::one("urn:a:x", "a")]
#[case::trailing_hyphen("urn:ab-:x", "ab-")]
#[case::thirty_two(
    "urn:abcdefghijklmnopqrstuvwxyz01234-:x",
    "abcdefghijklmnopqrstuvwxyz01234-"
)]
fn rfc2141_nid_is_1_to_32_and_may_end_with_hyphen(#[case] input: &str, #[case] nid: &str) {
    assert_parts(input, RFC2141, Parts::new(nid, "x"));
}

/// RFC 2141: every `<other>` character and escapes of either case.
#[test]
fn rfc2141_nss_repertoire() {
    let nss = "()+,-.:=@;$_!*'AZaz09%2c%2C";
    assert_parts(
        &format!("urn:example:{nss}"),
        RFC2141,
        Parts::new("example", nss),
    );
}

/// RFC 2141 §2.3: "/", "?" and "#" are reserved and must be encoded.
#[rstest]
#[case::slash('/')]
#[case::question('?')]
#[case::hash('#')]
fn rfc2141_reserved_characters_are_errors(#[case] ch: char) {
    let input = format!("urn:example:a{ch}b");
    let message = format!(
        "reserved character {ch:?} in NSS must be percent-encoded (RFC 2141 §2.3) at byte 13"
    );
    assert_error(
        &input,
        RFC2141,
        ParseErrorKind::ReservedChar { ch },
        13,
        &message,
    );
}

/// RFC 2141 §2.3.1: "%" must be followed by two hex digits.
#[rstest]
#[case::bare_at_end("urn:example:a%", 14)]
#[case::one_digit("urn:example:a%A", 15)]
#[case::not_hex("urn:example:a%G0", 14)]
#[case::second_not_hex("urn:example:a%0G", 15)]
fn rfc2141_bare_percent_is_an_error(#[case] input: &str, #[case] index: usize) {
    let message = format!("invalid percent-encoding in NSS at byte {index}");
    assert_error(
        input,
        RFC2141,
        ParseErrorKind::InvalidPercentEncoding(Part::Nss),
        index,
        &message,
    );
}

/// RFC 2141 §2.4: "~" and "&" are excluded characters.
#[rstest]
#[case::tilde('~')]
#[case::ampersand('&')]
fn rfc2141_tilde_and_ampersand_are_excluded(#[case] ch: char) {
    let input = format!("urn:example:a{ch}");
    let message = format!("invalid character {ch:?} in NSS at byte 13");
    assert_error(
        &input,
        RFC2141,
        ParseErrorKind::InvalidChar {
            part: Part::Nss,
            ch,
        },
        13,
        &message,
    );
}

/// RFC 2141 §2.4: octet 0 "should NEVER be used", not even as "%00".
#[test]
fn rfc2141_percent_00_is_an_error() {
    assert_error(
        "urn:example:a%00b",
        RFC2141,
        ParseErrorKind::NulOctet {
            part: Part::Nss,
            syntax: RFC2141,
        },
        13,
        "percent-encoded NUL (%00) is not allowed in NSS (RFC 2141 §2.4) at byte 13",
    );
    assert_parts("urn:example:%000", RFC8141, Parts::new("example", "%000"));
}

/// RFC 2141 has no components: everything after the NID's colon is the NSS.
#[test]
fn rfc2141_has_no_components() {
    let urn = assert_parts(
        "urn:example:a%3F%2Bb",
        RFC2141,
        Parts::new("example", "a%3F%2Bb"),
    );
    assert_eq!(urn.assigned_name(), urn.as_str());
    assert_error(
        "urn:example:a?+b",
        RFC2141,
        ParseErrorKind::ReservedChar { ch: '?' },
        13,
        "reserved character '?' in NSS must be percent-encoded (RFC 2141 §2.3) at byte 13",
    );
}

// ---- 2011 draft mode --------------------------------------------------------------------

/// Draft: NID = (ALPHA / DIGIT) 1*31(ALPHA / DIGIT / "-"): 2 to 32, trailing "-" allowed.
#[test]
fn draft_nid_is_2_to_32_and_may_end_with_hyphen() {
    assert_parts("urn:ab-:x", DRAFT, Parts::new("ab-", "x"));
    assert_error(
        "urn:a:x",
        DRAFT,
        ParseErrorKind::NidTooShort,
        5,
        "NID shorter than 2 characters at byte 5",
    );
}

/// Draft: NSS = 1*pchar adds "&" and "~" to RFC 2141, but has no "/".
#[test]
fn draft_nss_is_pchar_without_slash() {
    assert_parts("urn:example:a&b~c", DRAFT, Parts::new("example", "a&b~c"));
    let kind = ParseErrorKind::InvalidChar {
        part: Part::Nss,
        ch: '/',
    };
    assert_error(
        "urn:example:a/b",
        DRAFT,
        kind,
        13,
        "invalid character '/' in NSS at byte 13",
    );
}

/// Draft: `[ "?" query ] [ "#" fragment ]`, both RFC 3986 rules that may be empty.
#[rstest]
#[case::query("urn:example:a?q=1", Some("q=1"), None)]
#[case::empty_query("urn:example:a?", Some(""), None)]
#[case::fragment("urn:example:a#f", None, Some("f"))]
#[case::empty_fragment("urn:example:a#", None, Some(""))]
#[case::both_empty("urn:example:a?#", Some(""), Some(""))]
#[case::query_with_slash_and_question("urn:example:a?/x?y#/z?", Some("/x?y"), Some("/z?"))]
#[case::rfc8141_delimiters_are_query_data("urn:example:a?+r?=q", Some("+r?=q"), None)]
fn draft_query_and_fragment(
    #[case] input: &str,
    #[case] query: Option<&str>,
    #[case] fragment: Option<&str>,
) {
    let urn = assert_parts(
        input,
        DRAFT,
        Parts {
            q: query,
            f: fragment,
            ..Parts::new("example", "a")
        },
    );
    assert_eq!(
        (urn.q_component(), urn.f_component(), urn.r_component()),
        (None, None, None)
    );
}

/// Draft §2.3.3: NUL "MUST NOT be used in URNs", encoded or not, in any part.
#[rstest]
#[case::nss("urn:example:a%00", 13, Part::Nss, "NSS")]
#[case::query("urn:example:a?%00", 14, Part::Query, "query")]
#[case::fragment("urn:example:a?x#%00", 16, Part::Fragment, "fragment")]
fn draft_percent_00_is_an_error(
    #[case] input: &str,
    #[case] index: usize,
    #[case] part: Part,
    #[case] name: &str,
) {
    let message = format!(
        "percent-encoded NUL (%00) is not allowed in {name} (draft-ietf-urnbis-rfc2141bis-urn-01 §2.3.3) at byte {index}"
    );
    assert_error(
        input,
        DRAFT,
        ParseErrorKind::NulOctet {
            part,
            syntax: DRAFT,
        },
        index,
        &message,
    );
}

/// The RFC 8141 accessors say nothing under the draft, and the draft's under RFC 8141.
#[test]
fn accessors_of_other_specs_are_none() {
    let urn = Urn::parse("urn:example:a?=q#f").unwrap();
    assert_eq!((urn.query(), urn.fragment()), (None, None));
    let urn = Urn::parse_with("urn:example:a?q#f", DRAFT).unwrap();
    assert_eq!((urn.q_component(), urn.f_component()), (None, None));
}
