//! The design's rulings on RFC 4151, one test (or case) each, and every tag error kind with
//! its byte index and message, verbatim.

use rstest::rstest;
use urn_tag::TagLint;
use urn_tag::tag::AuthorityKind;
use urn_tag::{ParseErrorKind, Part, TagDate, TagSyntax, TagUri};

use crate::common::{TagParts, assert_tag, assert_tag_error};

const RFC4151: TagSyntax = TagSyntax::Rfc4151;
const ERRATUM: TagSyntax = TagSyntax::Erratum1485;
const LENIENT: TagSyntax = TagSyntax::Lenient;

// ---- The ABNF is the default; erratum 1485 is an option ----------------------------------

/// `TagUri::parse`, `FromStr` and `TryFrom` use the RFC 4151 ABNF, whose email local part is
/// `1*(alphaNum / "-" / "." / "_")`.
#[test]
fn abnf_is_the_default() {
    let input = "tag:a_b.c-d@example.com,2000:";
    let tag = TagUri::parse(input).unwrap();
    assert_eq!(tag.syntax(), RFC4151);
    assert_eq!(TagSyntax::default(), RFC4151);
    assert_eq!(tag.local_part(), Some("a_b.c-d"));
    assert!("tag:a+b@example.com,2000:".parse::<TagUri>().is_err());
}

/// The original local part allows dots anywhere; erratum 1485's `dot-atom-text` does not,
/// so the erratum is an alternative syntax, not a superset.
#[rstest]
#[case::leading_dot("tag:.a@example.com,2000:", 4)]
#[case::doubled_dot("tag:a..b@example.com,2000:", 6)]
#[case::trailing_dot("tag:a.@example.com,2000:", 6)]
fn abnf_local_part_dots_that_the_erratum_refuses(#[case] input: &str, #[case] index: usize) {
    assert_eq!(
        TagUri::parse(input).unwrap().authority_kind(),
        AuthorityKind::Email
    );
    let error = TagUri::parse_with(input, ERRATUM).unwrap_err();
    assert_eq!(error.index(), index);
    assert_eq!(error.part(), Part::Authority);
}

/// Erratum 1485: the RFC 5322 `atext` characters that a URI holds unencoded are allowed.
#[rstest]
#[case::plus("tag:a+b@example.com,2020:x", "a+b")]
#[case::every_allowed("tag:!$&'*+-=_~@example.com,2020:x", "!$&'*+-=_~")]
#[case::dotted_atoms("tag:first.last+tag@example.com,2020:x", "first.last+tag")]
fn erratum_1485_widens_the_local_part(#[case] input: &str, #[case] local: &str) {
    assert!(TagUri::parse(input).is_err(), "not under the ABNF");
    let tag = TagUri::parse_with(input, ERRATUM).unwrap();
    assert_eq!(tag.local_part(), Some(local));
    assert_eq!(tag.domain(), Some("example.com"));
    assert!(tag.is_conforming());
}

/// Erratum 1485: `atext` characters that need encoding in a URI stay errors; the domain stays
/// a DNS name.
#[rstest]
#[case::hash("tag:a#b@example.com,2020:x", '#', 5)]
#[case::slash("tag:a/b@example.com,2020:x", '/', 5)]
#[case::question_mark("tag:a?b@example.com,2020:x", '?', 5)]
#[case::caret("tag:a^b@example.com,2020:x", '^', 5)]
#[case::brace("tag:a{b@example.com,2020:x", '{', 5)]
#[case::underscore_in_domain("tag:a@ex_ample.com,2020:x", '_', 8)]
fn erratum_1485_stays_within_uri_characters(
    #[case] input: &str,
    #[case] ch: char,
    #[case] index: usize,
) {
    let message = format!("invalid character {ch:?} in authority at byte {index}");
    let kind = ParseErrorKind::InvalidChar {
        part: Part::Authority,
        ch,
    };
    assert_tag_error(input, ERRATUM, kind, index, &message);
}

// ---- PEG traps ------------------------------------------------------------------------------

/// `DNScomp = alphaNum [*(alphaNum /"-") alphaNum]`: the greedy repetition must not eat the
/// label's last alphaNum.
#[rstest]
#[case::hyphen_inside("tag:a-b,2000:", "a-b")]
#[case::hyphen_runs("tag:xn--bcher-kva.tld,2000:", "xn--bcher-kva.tld")]
#[case::single_characters("tag:a.b.c.d.e.f.g.h,2000:", "a.b.c.d.e.f.g.h")]
fn dns_comp_keeps_its_last_alphanum(#[case] input: &str, #[case] authority: &str) {
    assert_tag(input, RFC4151, TagParts::dns(authority, "2000", ""));
}

/// `DNScomp`: a label that ends with "-" is refused at the byte after it.
#[test]
fn dns_comp_refuses_a_final_hyphen() {
    assert_tag_error(
        "tag:ab-,2000:",
        RFC4151,
        ParseErrorKind::DnsLabelEndsWithHyphen,
        7,
        "DNS label in authority must not end with '-' at byte 7",
    );
}

/// `authorityName = DNSname / emailAddress`: the email address is tried first, so the DNS
/// name "timothy" does not stop the parse before the "@".
#[test]
fn email_address_is_tried_before_dns_name() {
    let tag = assert_tag(
        "tag:timothy@hpl.hp.com,2001:web/externalHome",
        RFC4151,
        TagParts::email("timothy@hpl.hp.com", "2001", "web/externalHome"),
    );
    assert_eq!(tag.local_part(), Some("timothy"));
}

/// The literal "tag:" is case-insensitive (RFC 5234 §2.3) and kept as written.
#[rstest]
#[case::upper("TAG:yaml.org,2002:int")]
#[case::mixed("tAg:yaml.org,2002:int")]
fn tag_literal_is_case_insensitive(#[case] input: &str) {
    assert_tag(input, RFC4151, TagParts::dns("yaml.org", "2002", "int"));
}

// ---- Dates ----------------------------------------------------------------------------------

/// `date = year ["-" month ["-" day]]`; month and day default to 01 (RFC 4151 §2.2).
#[rstest]
#[case::year("2000", (2000, 1, 1))]
#[case::month("2000-02", (2000, 2, 1))]
#[case::day("2000-02-29", (2000, 2, 29))]
#[case::leap_2024("2024-02-29", (2024, 2, 29))]
#[case::year_zero("0000", (0, 1, 1))]
#[case::last_day("9999-12-31", (9999, 12, 31))]
fn date_forms_and_defaults(#[case] written: &str, #[case] (y, m, d): (u16, u8, u8)) {
    let input = format!("tag:example.com,{written}:");
    let tag = assert_tag(&input, RFC4151, TagParts::dns("example.com", written, ""));
    assert_eq!(tag.date(), TagDate::new(y, m, d).unwrap());
    assert_eq!(tag.date().to_string(), format!("{y:04}-{m:02}-{d:02}"));
}

/// The day must exist in the Gregorian calendar; the month must be 01 to 12. The error points
/// at the offending month or day.
#[rstest]
#[case::feb_29_1900("1900-02-29", ParseErrorKind::DayOutOfRange { year: 1900, month: 2, day: 29 }, 24, "day 29 does not exist in 1900-02 at byte 24")]
#[case::feb_29_2100("2100-02-29", ParseErrorKind::DayOutOfRange { year: 2100, month: 2, day: 29 }, 24, "day 29 does not exist in 2100-02 at byte 24")]
#[case::feb_30_2000("2000-02-30", ParseErrorKind::DayOutOfRange { year: 2000, month: 2, day: 30 }, 24, "day 30 does not exist in 2000-02 at byte 24")]
#[case::april_31("2001-04-31", ParseErrorKind::DayOutOfRange { year: 2001, month: 4, day: 31 }, 24, "day 31 does not exist in 2001-04 at byte 24")]
#[case::day_00("2001-01-00", ParseErrorKind::DayOutOfRange { year: 2001, month: 1, day: 0 }, 24, "day 00 does not exist in 2001-01 at byte 24")]
#[case::day_32("2001-01-32", ParseErrorKind::DayOutOfRange { year: 2001, month: 1, day: 32 }, 24, "day 32 does not exist in 2001-01 at byte 24")]
#[case::month_00("2001-00", ParseErrorKind::MonthOutOfRange { month: 0 }, 21, "month 00 does not exist (01 to 12) in date at byte 21")]
#[case::month_13("2001-13-01", ParseErrorKind::MonthOutOfRange { month: 13 }, 21, "month 13 does not exist (01 to 12) in date at byte 21")]
fn dates_must_exist(
    #[case] written: &str,
    #[case] kind: ParseErrorKind,
    #[case] index: usize,
    #[case] message: &str,
) {
    let input = format!("tag:example.com,{written}:");
    for syntax in TagSyntax::ALL {
        assert_tag_error(&input, syntax, kind, index, message);
    }
    assert_eq!(
        written.parse::<TagDate>().unwrap_err().index(),
        index - 16,
        "TagDate::from_str agrees"
    );
}

/// Only the three ISO 8601 forms: "The tag specification permits no other formats."
#[rstest]
#[case::two_digit_year(
    "tag:a.b,03-11:x",
    ParseErrorKind::InvalidDate,
    10,
    "date must be YYYY, YYYY-MM or YYYY-MM-DD at byte 10"
)]
#[case::one_digit_month(
    "tag:a.b,2003-9-11:x",
    ParseErrorKind::InvalidDate,
    14,
    "date must be YYYY, YYYY-MM or YYYY-MM-DD at byte 14"
)]
#[case::no_hyphens(
    "tag:a.b,20030101:x",
    ParseErrorKind::InvalidDate,
    12,
    "date must be YYYY, YYYY-MM or YYYY-MM-DD at byte 12"
)]
#[case::cut_off(
    "tag:a.b,2003-:x",
    ParseErrorKind::InvalidDate,
    13,
    "date must be YYYY, YYYY-MM or YYYY-MM-DD at byte 13"
)]
#[case::with_time(
    "tag:a.b,2003-06-30T14:00:00Z:x",
    ParseErrorKind::Expected { part: Part::Date, expected: ':' },
    18,
    "expected ':' after date at byte 18"
)]
#[case::missing(
    "tag:a.b,:x",
    ParseErrorKind::Empty(Part::Date),
    8,
    "empty date at byte 8"
)]
#[case::ends_after_date(
    "tag:a.b,2003",
    ParseErrorKind::Expected { part: Part::Date, expected: ':' },
    12,
    "expected ':' after date at byte 12"
)]
fn dates_have_three_forms_only(
    #[case] input: &str,
    #[case] kind: ParseErrorKind,
    #[case] index: usize,
    #[case] message: &str,
) {
    assert_tag_error(input, RFC4151, kind, index, message);
}

// ---- Specific and fragment ----------------------------------------------------------------

/// `specific` and `fragment` may be empty; an empty fragment is kept apart from none, and the
/// two tags are unequal.
#[rstest]
#[case::empty_specific("tag:example.com,2000:", TagParts::dns("example.com", "2000", ""))]
#[case::empty_fragment("tag:example.com,2000:#", TagParts::dns("example.com", "2000", "").fragment(""))]
#[case::fragment_only("tag:example.com,2000:#anchor", TagParts::dns("example.com", "2000", "").fragment("anchor"))]
#[case::query_in_specific(
    "tag:example.net,2014:specific?query#fragment",
    TagParts::dns("example.net", "2014", "specific?query").fragment("fragment")
)]
#[case::every_character(
    "tag:example.com,2000:aZ0-._~!$&'()*+,;=:@/?%2F#aZ0-._~!$&'()*+,;=:@/?%2f",
    TagParts::dns("example.com", "2000", "aZ0-._~!$&'()*+,;=:@/?%2F").fragment("aZ0-._~!$&'()*+,;=:@/?%2f")
)]
fn specific_and_fragment_may_be_empty(#[case] input: &str, #[case] parts: TagParts<'_>) {
    assert_tag(input, RFC4151, parts);
}

#[test]
fn empty_fragment_differs_from_no_fragment() {
    let none = TagUri::parse("tag:example.com,2000:").unwrap();
    let empty = TagUri::parse("tag:example.com,2000:#").unwrap();
    assert_eq!((none.fragment(), empty.fragment()), (None, Some("")));
    assert_ne!(none, empty);
}

// ---- DNS names --------------------------------------------------------------------------------

/// `DNScomp` allows one-character labels, labels starting with a digit, all-digit names and a
/// single label (which RFC 4151's prose forbids: reported by a lint, refused by minting).
#[rstest]
#[case::one_character("a.b", vec![])]
#[case::all_digits("1.1.1.1.1", vec![])]
#[case::digit_first("12345.b", vec![])]
#[case::single_label("diveintomark-org", vec![TagLint::NotFullyQualified])]
fn dns_labels_follow_dns_comp(#[case] authority: &str, #[case] lints: Vec<TagLint>) {
    let input = format!("tag:{authority},2003:x");
    let tag = assert_tag(&input, RFC4151, TagParts::dns(authority, "2003", "x"));
    assert_eq!(tag.lints(), lints);
}

/// RFC 1035 limits, checked after the grammar: 63 octets per label, 255 per name (253
/// written characters).
#[rstest]
#[case::label_63(format!("{}.com", "a".repeat(63)), None)]
#[case::label_64(format!("{}.com", "a".repeat(64)), Some((ParseErrorKind::DnsLabelTooLong, 4, "DNS label in authority longer than 63 octets (RFC 1035 §2.3.4) at byte 4")))]
#[case::email_label_64(format!("me@b.{}", "a".repeat(64)), Some((ParseErrorKind::DnsLabelTooLong, 9, "DNS label in authority longer than 63 octets (RFC 1035 §2.3.4) at byte 9")))]
#[case::name_253(format!("{0}.{0}.{0}.{1}", "a".repeat(63), "b".repeat(61)), None)]
#[case::name_254(format!("{0}.{0}.{0}.{1}", "a".repeat(63), "b".repeat(62)), Some((ParseErrorKind::DnsNameTooLong, 4, "DNS name in authority longer than 255 octets (RFC 1035 §3.1: at most 253 characters) at byte 4")))]
#[case::email_name_254(format!("me@{0}.{0}.{0}.{1}", "a".repeat(63), "b".repeat(62)), Some((ParseErrorKind::DnsNameTooLong, 7, "DNS name in authority longer than 255 octets (RFC 1035 §3.1: at most 253 characters) at byte 7")))]
fn dns_lengths_are_checked(
    #[case] authority: String,
    #[case] error: Option<(ParseErrorKind, usize, &str)>,
) {
    let input = format!("tag:{authority},2000:");
    match error {
        None => {
            TagUri::parse(&input).unwrap();
        }
        Some((kind, index, message)) => assert_tag_error(&input, RFC4151, kind, index, message),
    }
}

// ---- Lenient parsing: "MUST NOT reject them on the grounds that they are outside the syntax" --

/// Authorities of other forms parse as opaque under `TagSyntax::Lenient`, flagged
/// non-conforming; conforming authorities keep their kind.
#[rstest]
#[case::phone_number(
    "tag:+1-617-253-7288,2005:x",
    TagParts::opaque("+1-617-253-7288", "2005", "x")
)]
#[case::underscore(
    "tag:diveintomark_org,2003:x",
    TagParts::opaque("diveintomark_org", "2003", "x")
)]
#[case::double_at(
    "tag:invalid@@name.com,2002:int",
    TagParts::opaque("invalid@@name.com", "2002", "int")
)]
#[case::encoded(
    "tag:caf%C3%A9.example,2005:x",
    TagParts::opaque("caf%C3%A9.example", "2005", "x")
)]
#[case::with_slash(
    "tag:192.0.2.0/24,2005:x",
    TagParts::opaque("192.0.2.0/24", "2005", "x")
)]
#[case::empty_dns_label("tag:a..b,2000:x", TagParts::opaque("a..b", "2000", "x"))]
fn lenient_accepts_other_authorities(#[case] input: &str, #[case] parts: TagParts<'_>) {
    assert!(TagUri::parse(input).is_err(), "not under the ABNF");
    let tag = assert_tag(input, LENIENT, parts);
    assert!(!tag.is_conforming());
    assert_eq!((tag.local_part(), tag.domain()), (None, None));
}

/// A name that breaks RFC 1035's lengths is no DNS name, and an address around it no email
/// address: an authority of no form RFC 4151 defines, like `a..b`. The ABNF and erratum 1485
/// refuse it with the RFC 1035 error; the lenient syntax keeps it as an opaque authority
/// (RFC 4151 §2.1: "MUST NOT reject them on the grounds that they are outside the syntax").
#[rstest]
#[case::label_64_octets(format!("{}.com", "a".repeat(64)), ParseErrorKind::DnsLabelTooLong, 4, "DNS label in authority longer than 63 octets (RFC 1035 §2.3.4) at byte 4")]
#[case::email_label_64_octets(format!("me@b.{}", "a".repeat(64)), ParseErrorKind::DnsLabelTooLong, 9, "DNS label in authority longer than 63 octets (RFC 1035 §2.3.4) at byte 9")]
#[case::name_256_octets(format!("{0}.{0}.{0}.{1}", "a".repeat(63), "b".repeat(62)), ParseErrorKind::DnsNameTooLong, 4, "DNS name in authority longer than 255 octets (RFC 1035 §3.1: at most 253 characters) at byte 4")]
#[case::email_name_256_octets(format!("me@{0}.{0}.{0}.{1}", "a".repeat(63), "b".repeat(62)), ParseErrorKind::DnsNameTooLong, 7, "DNS name in authority longer than 255 octets (RFC 1035 §3.1: at most 253 characters) at byte 7")]
fn lenient_keeps_what_is_no_dns_name_as_opaque(
    #[case] authority: String,
    #[case] kind: ParseErrorKind,
    #[case] index: usize,
    #[case] message: &str,
) {
    let input = format!("tag:{authority},2000:x");
    for strict in [RFC4151, ERRATUM] {
        assert_tag_error(&input, strict, kind, index, message);
    }
    let tag = assert_tag(&input, LENIENT, TagParts::opaque(&authority, "2000", "x"));
    assert!(!tag.is_conforming());
    assert_eq!((tag.local_part(), tag.domain()), (None, None));
    assert_eq!(tag.lints(), []);
}

#[rstest]
#[case::dns("tag:yaml.org,2002:int", AuthorityKind::Dns)]
#[case::email("tag:sandro@w3.org,2004-05:Sandro", AuthorityKind::Email)]
#[case::erratum_email("tag:a+b@example.com,2020:x", AuthorityKind::Email)]
fn lenient_keeps_conforming_kinds(#[case] input: &str, #[case] kind: AuthorityKind) {
    let tag = TagUri::parse_with(input, LENIENT).unwrap();
    assert_eq!(tag.authority_kind(), kind);
    assert!(tag.is_conforming());
}

/// Leniency is for the authority only: the date, specific and fragment stay strict, and the
/// authority still ends at the first "," and cannot be empty.
#[rstest]
#[case::bad_date("tag:+1-617,2005-13:x", ParseErrorKind::MonthOutOfRange { month: 13 }, 16, "month 13 does not exist (01 to 12) in date at byte 16")]
#[case::no_date("tag:+1-617:x", ParseErrorKind::Expected { part: Part::Authority, expected: ',' }, 10, "expected ',' after authority at byte 10")]
#[case::empty(
    "tag:,2005:x",
    ParseErrorKind::Empty(Part::Authority),
    4,
    "empty authority at byte 4"
)]
#[case::bad_encoding(
    "tag:a%zz,2005:x",
    ParseErrorKind::InvalidPercentEncoding(Part::Authority),
    6,
    "invalid percent-encoding in authority at byte 6"
)]
#[case::non_ascii("tag:aλ,2005:x", ParseErrorKind::NonAscii { part: Part::Authority, ch: 'λ' }, 5, "non-ASCII character 'λ' in authority must be percent-encoded at byte 5")]
#[case::space_in_specific("tag:+1,2005:x y", ParseErrorKind::InvalidChar { part: Part::Specific, ch: ' ' }, 13, "invalid character ' ' in specific at byte 13")]
fn lenient_is_strict_elsewhere(
    #[case] input: &str,
    #[case] kind: ParseErrorKind,
    #[case] index: usize,
    #[case] message: &str,
) {
    assert_tag_error(input, LENIENT, kind, index, message);
}

// ---- Every error kind, verbatim ---------------------------------------------------------------

/// Each kind of syntax error under the ABNF, at the first byte no valid tag can continue.
#[rstest]
#[case::not_a_tag(
    "urn:example:a",
    ParseErrorKind::ExpectedTagScheme,
    0,
    "expected \"tag:\" at byte 0"
)]
#[case::scheme_cut_short(
    "tag",
    ParseErrorKind::ExpectedTagScheme,
    3,
    "expected \"tag:\" at byte 3"
)]
#[case::empty_authority(
    "tag::int",
    ParseErrorKind::Empty(Part::Authority),
    4,
    "empty authority at byte 4"
)]
#[case::space_in_authority("tag:a b,2000:", ParseErrorKind::InvalidChar { part: Part::Authority, ch: ' ' }, 5, "invalid character ' ' in authority at byte 5")]
#[case::plus_in_local_part("tag:a+b@example.com,2020:x", ParseErrorKind::InvalidChar { part: Part::Authority, ch: '+' }, 5, "invalid character '+' in authority at byte 5")]
#[case::non_ascii_authority("tag:aλ@example.com,2020:x", ParseErrorKind::InvalidChar { part: Part::Authority, ch: 'λ' }, 5, "invalid character 'λ' in authority at byte 5")]
#[case::at_first("tag:@example.com,2000:", ParseErrorKind::InvalidStart { part: Part::Authority, ch: '@' }, 4, "authority must not start with '@' at byte 4")]
#[case::second_at("tag:invalid@@name.com,2002:int", ParseErrorKind::InvalidChar { part: Part::Authority, ch: '@' }, 12, "invalid character '@' in authority at byte 12")]
#[case::underscore_without_at(
    "tag:diveintomark_org,2003:x",
    ParseErrorKind::MissingAt,
    20,
    "expected '@': the authority is not a DNS name, so it must be an email address at byte 20"
)]
#[case::hyphen_first_in_domain(
    "tag:a@-b.c,2000:",
    ParseErrorKind::DnsLabelStartsWithHyphen,
    6,
    "DNS label in authority must not start with '-' at byte 6"
)]
#[case::hyphen_last_in_domain(
    "tag:a@b-.c,2000:",
    ParseErrorKind::DnsLabelEndsWithHyphen,
    8,
    "DNS label in authority must not end with '-' at byte 8"
)]
#[case::doubled_dot_in_domain(
    "tag:a@b..c,2000:",
    ParseErrorKind::EmptyDnsLabel,
    8,
    "empty DNS label in authority at byte 8"
)]
#[case::trailing_dot(
    "tag:a.,2000:",
    ParseErrorKind::EmptyDnsLabel,
    6,
    "empty DNS label in authority at byte 6"
)]
#[case::empty_domain(
    "tag:joeblow@,2024-03-01:x",
    ParseErrorKind::EmptyDnsLabel,
    12,
    "empty DNS label in authority at byte 12"
)]
#[case::no_comma("tag:a.b:x", ParseErrorKind::Expected { part: Part::Authority, expected: ',' }, 7, "expected ',' after authority at byte 7")]
#[case::comma_in_authority(
    "tag:diveintomark,org,2003-11-30:foo",
    ParseErrorKind::InvalidDate,
    17,
    "date must be YYYY, YYYY-MM or YYYY-MM-DD at byte 17"
)]
#[case::bad_date(
    "tag:yaml.org,20-2:int",
    ParseErrorKind::InvalidDate,
    15,
    "date must be YYYY, YYYY-MM or YYYY-MM-DD at byte 15"
)]
#[case::space_in_specific("tag:a.b,2000:x y", ParseErrorKind::InvalidChar { part: Part::Specific, ch: ' ' }, 14, "invalid character ' ' in specific at byte 14")]
#[case::bracket_in_specific("tag:a.b,2000:[foo", ParseErrorKind::InvalidChar { part: Part::Specific, ch: '[' }, 13, "invalid character '[' in specific at byte 13")]
#[case::non_ascii_specific("tag:a.b,2000:é", ParseErrorKind::NonAscii { part: Part::Specific, ch: 'é' }, 13, "non-ASCII character 'é' in specific must be percent-encoded at byte 13")]
#[case::bad_encoding(
    "tag:a.b,2000:%zz",
    ParseErrorKind::InvalidPercentEncoding(Part::Specific),
    14,
    "invalid percent-encoding in specific at byte 14"
)]
#[case::second_hash("tag:a.b,2000:x#y#", ParseErrorKind::InvalidChar { part: Part::Fragment, ch: '#' }, 16, "invalid character '#' in fragment at byte 16")]
#[case::fragment_encoding(
    "tag:a.b,2000:x#%4",
    ParseErrorKind::InvalidPercentEncoding(Part::Fragment),
    17,
    "invalid percent-encoding in fragment at byte 17"
)]
fn error_kinds(
    #[case] input: &str,
    #[case] kind: ParseErrorKind,
    #[case] index: usize,
    #[case] message: &str,
) {
    assert_tag_error(input, RFC4151, kind, index, message);
}

/// The erratum's own error: a "." that does not stand between two atoms.
#[test]
fn erratum_misplaced_dot() {
    assert_tag_error(
        "tag:a..b@example.com,2000:",
        ERRATUM,
        ParseErrorKind::MisplacedDot,
        6,
        "'.' must stand between two atoms in the local part of the authority (RFC 5322 §3.2.3) at byte 6",
    );
}

/// The part each tag error is about, and its name.
#[rstest]
#[case(ParseErrorKind::ExpectedTagScheme, Part::Scheme, "scheme")]
#[case(ParseErrorKind::MissingAt, Part::Authority, "authority")]
#[case(ParseErrorKind::DnsNameTooLong, Part::Authority, "authority")]
#[case(ParseErrorKind::InvalidDate, Part::Date, "date")]
#[case(ParseErrorKind::DayOutOfRange { year: 2001, month: 2, day: 29 }, Part::Date, "date")]
#[case(ParseErrorKind::InvalidChar { part: Part::Specific, ch: ' ' }, Part::Specific, "specific")]
fn error_parts(#[case] kind: ParseErrorKind, #[case] part: Part, #[case] name: &str) {
    assert_eq!(kind.part(), part);
    assert_eq!(part.to_string(), name);
}
