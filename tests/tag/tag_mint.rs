//! Minting tags (RFC 4151 §2.2) with a fixed clock: the shortest date form, the refusals and
//! their messages, and the lints left to the caller.

use rstest::rstest;
use urn_tag::TagLint;
use urn_tag::{
    BuildErrorKind, Clock, MintError, ParseErrorKind, Part, SystemClock, TagDate, TagSyntax, TagUri,
};

fn date(year: u16, month: u8, day: u8) -> TagDate {
    TagDate::new(year, month, day).expect("a real day")
}

/// The fixed "today" of these tests.
const TODAY: (u16, u8, u8) = (2026, 11, 22);

fn today() -> TagDate {
    date(TODAY.0, TODAY.1, TODAY.2)
}

#[track_caller]
fn mint_error(authority: &str, specific: &str, fragment: Option<&str>) -> MintError {
    let mut minter = TagUri::minter(authority, date(2001, 1, 1)).specific(specific);
    if let Some(fragment) = fragment {
        minter = minter.fragment(fragment);
    }
    minter.mint(&today()).unwrap_err()
}

/// RFC 4151 §2.2: "A day value of "01" MAY be omitted; a month value of "01" MAY be omitted
/// unless it is followed by a day value other than "01"": the minter omits all it may.
#[rstest]
#[case::first_of_january(date(2000, 1, 1), "2000")]
#[case::first_of_july(date(2001, 7, 1), "2001-07")]
#[case::january_with_a_day(date(2001, 1, 15), "2001-01-15")]
#[case::full(date(2001, 9, 15), "2001-09-15")]
#[case::today(today(), "2026-11-22")]
fn shortest_date_form(#[case] day: TagDate, #[case] written: &str) {
    let tag = TagUri::minter("example.com", day)
        .specific("x")
        .mint(&today())
        .unwrap();
    assert_eq!(tag.as_str(), format!("tag:example.com,{written}:x"));
    assert_eq!(tag.date(), day);
    assert_eq!(tag.syntax(), TagSyntax::Rfc4151);
    assert_eq!(day.to_shortest_string(), written);
}

#[rstest]
#[case::no_specific(None, None, "tag:sandro@w3.org,2004-05:")]
#[case::specific(Some("Sandro"), None, "tag:sandro@w3.org,2004-05:Sandro")]
#[case::empty_fragment(Some("Sandro"), Some(""), "tag:sandro@w3.org,2004-05:Sandro#")]
#[case::fragment(Some(""), Some("x"), "tag:sandro@w3.org,2004-05:#x")]
fn specific_and_fragment_are_optional(
    #[case] specific: Option<&str>,
    #[case] fragment: Option<&str>,
    #[case] expected: &str,
) {
    let mut minter = TagUri::minter("sandro@w3.org", date(2004, 5, 1));
    if let Some(specific) = specific {
        minter = minter.specific(specific);
    }
    if let Some(fragment) = fragment {
        minter = minter.fragment(fragment);
    }
    let tag = minter.mint(&today()).unwrap();
    assert_eq!(tag, expected);
    assert_eq!(tag.fragment(), fragment);
}

/// RFC 4151 §2.2: "it MUST NOT mint tags under a future date", reckoned in UTC by the clock.
#[test]
fn future_date_is_refused() {
    let tomorrow = date(2026, 11, 23);
    let error = TagUri::minter("example.com", tomorrow)
        .mint(&today())
        .unwrap_err();
    assert_eq!(
        error,
        MintError::FutureDate {
            date: tomorrow,
            today: today()
        }
    );
    assert_eq!(
        error.to_string(),
        "date 2026-11-23 is after today (2026-11-22 UTC); RFC 4151 §2.2: tags MUST NOT be minted under a future date"
    );
}

/// The system clock is a `Clock` too; it is past RFC 4151's publication and before 9999.
#[test]
fn system_clock_mints_past_dates_and_refuses_the_last_day() {
    let now = SystemClock.today();
    assert!(now > date(2005, 10, 1));
    assert!(
        TagUri::minter("example.com", date(2005, 10, 1))
            .mint(&SystemClock)
            .is_ok()
    );
    let last = date(9999, 12, 31);
    assert_eq!(
        TagUri::minter("example.com", last).mint(&SystemClock),
        Err(MintError::FutureDate {
            date: last,
            today: now
        })
    );
}

/// RFC 4151 §2.1: the domain name "MUST be fully qualified".
#[rstest]
#[case::dns("localhost")]
#[case::email("me@localhost")]
fn authority_must_be_fully_qualified(#[case] authority: &str) {
    let error = mint_error(authority, "", None);
    assert_eq!(error, MintError::NotFullyQualified);
    assert_eq!(
        error.to_string(),
        "the domain name in the authority is not fully qualified (it has no '.'); RFC 4151 §2.1: it MUST be"
    );
}

/// Each part is checked on its own, with an index into the text given for it.
#[rstest]
#[case::plus_in_local_part(
    "a+b@example.com",
    "",
    None,
    Part::Authority,
    BuildErrorKind::Parse(ParseErrorKind::InvalidChar { part: Part::Authority, ch: '+' }),
    1,
    "invalid character '+' in authority (byte 1 of the authority given)"
)]
#[case::empty_authority(
    "",
    "",
    None,
    Part::Authority,
    BuildErrorKind::Parse(ParseErrorKind::Empty(Part::Authority)),
    0,
    "empty authority (byte 0 of the authority given)"
)]
#[case::comma_in_authority(
    "a,b.c",
    "",
    None,
    Part::Authority,
    BuildErrorKind::Parse(ParseErrorKind::InvalidChar { part: Part::Authority, ch: ',' }),
    1,
    "invalid character ',' in authority (byte 1 of the authority given)"
)]
#[case::colon_in_authority(
    "a:b.c",
    "",
    None,
    Part::Authority,
    BuildErrorKind::Parse(ParseErrorKind::InvalidChar { part: Part::Authority, ch: ':' }),
    1,
    "invalid character ':' in authority (byte 1 of the authority given)"
)]
#[case::trailing_dot(
    "example.com.",
    "",
    None,
    Part::Authority,
    BuildErrorKind::Parse(ParseErrorKind::EmptyDnsLabel),
    12,
    "empty DNS label in authority (byte 12 of the authority given)"
)]
#[case::long_label(&format!("me@{}.com", "a".repeat(64)), "", None, Part::Authority, BuildErrorKind::Parse(ParseErrorKind::DnsLabelTooLong), 3, "DNS label in authority longer than 63 octets (RFC 1035 §2.3.4) (byte 3 of the authority given)")]
#[case::space_in_specific(
    "example.com",
    "a b",
    None,
    Part::Specific,
    BuildErrorKind::Parse(ParseErrorKind::InvalidChar { part: Part::Specific, ch: ' ' }),
    1,
    "invalid character ' ' in specific (byte 1 of the specific given)"
)]
#[case::hash_in_specific(
    "example.com",
    "a#b",
    None,
    Part::Specific,
    BuildErrorKind::Parse(ParseErrorKind::InvalidChar { part: Part::Specific, ch: '#' }),
    1,
    "invalid character '#' in specific (byte 1 of the specific given)"
)]
#[case::bad_encoding(
    "example.com",
    "%zz",
    None,
    Part::Specific,
    BuildErrorKind::Parse(ParseErrorKind::InvalidPercentEncoding(Part::Specific)),
    1,
    "invalid percent-encoding in specific (byte 1 of the specific given)"
)]
#[case::hash_in_fragment(
    "example.com",
    "",
    Some("x#y"),
    Part::Fragment,
    BuildErrorKind::Parse(ParseErrorKind::InvalidChar { part: Part::Fragment, ch: '#' }),
    1,
    "invalid character '#' in fragment (byte 1 of the fragment given)"
)]
#[case::non_ascii_fragment(
    "example.com",
    "",
    Some("é"),
    Part::Fragment,
    BuildErrorKind::Parse(ParseErrorKind::NonAscii { part: Part::Fragment, ch: 'é' }),
    0,
    "non-ASCII character 'é' in fragment must be percent-encoded (byte 0 of the fragment given)"
)]
fn invalid_parts_are_refused(
    #[case] authority: &str,
    #[case] specific: &str,
    #[case] fragment: Option<&str>,
    #[case] part: Part,
    #[case] kind: BuildErrorKind,
    #[case] index: usize,
    #[case] message: &str,
) {
    let error = mint_error(authority, specific, fragment);
    let MintError::InvalidPart(cause) = error else {
        panic!("expected an invalid part, got {error:?}");
    };
    assert_eq!(
        (cause.part(), cause.kind(), cause.index()),
        (part, kind, index)
    );
    assert_eq!(error.to_string(), message);
}

/// The first refusal in the order of the tag is the one reported.
#[test]
fn refusals_come_in_the_order_of_the_tag() {
    let future = date(2999, 1, 1);
    let bad_authority = TagUri::minter("localhost", future).specific("a b");
    assert_eq!(
        bad_authority.mint(&today()),
        Err(MintError::NotFullyQualified)
    );
    let bad_date = TagUri::minter("example.com", future).specific("a b");
    assert!(matches!(
        bad_date.mint(&today()),
        Err(MintError::FutureDate { .. })
    ));
}

/// What RFC 4151 only advises against is minted, and reported as lints.
#[rstest]
#[case::upper_case_domain("Example.com", "x", vec![TagLint::UppercaseDomain { index: 4 }])]
#[case::percent_encoding("example.com", "My%20slippers", vec![TagLint::PercentEncoding { index: 23 }])]
#[case::clean("example.com", "x", vec![])]
fn lints_are_reported_not_refused(
    #[case] authority: &str,
    #[case] specific: &str,
    #[case] lints: Vec<TagLint>,
) {
    let tag = TagUri::minter(authority, date(2000, 1, 1))
        .specific(specific)
        .mint(&today())
        .unwrap();
    assert_eq!(tag.lints(), lints);
}

/// Minting is strict RFC 4151: the erratum's wider local part is refused.
#[test]
fn minting_uses_the_abnf() {
    let tag = "tag:a+b@example.com,2001:";
    assert!(TagUri::parse_with(tag, TagSyntax::Erratum1485).is_ok());
    assert!(matches!(
        mint_error("a+b@example.com", "", None),
        MintError::InvalidPart(_)
    ));
}

/// The stable name of each reason the minter refuses an authority for (what the bindings
/// report as an error's `kind`): the name of the parse error of the same fault. (The minter
/// mints RFC 4151 tags, so the erratum's `misplaced_dot` is not among them.)
#[rstest]
#[case::missing_at("a_b", "missing_at")]
#[case::dns_label_starts_with_hyphen("a@-b.com", "dns_label_starts_with_hyphen")]
#[case::dns_label_ends_with_hyphen("a@b-.com", "dns_label_ends_with_hyphen")]
#[case::empty_dns_label("a@b..com", "empty_dns_label")]
#[case::dns_label_too_long(&format!("{}.com", "a".repeat(64)), "dns_label_too_long")]
#[case::dns_name_too_long(&format!("{}com", "a.".repeat(130)), "dns_name_too_long")]
fn minter_error_codes_are_stable(#[case] authority: &str, #[case] code: &str) {
    let error = mint_error(authority, "", None);
    let MintError::InvalidPart(cause) = error else {
        panic!("expected an invalid part, got {error:?}");
    };
    assert_eq!(
        (cause.part(), cause.kind().code()),
        (Part::Authority, code),
        "{error}"
    );
}
