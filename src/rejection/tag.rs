//! Why `tag.pest` rejected a tag, said from the grammar's failure report.
//!
//! The report names the furthest byte at which a step failed and the rules around the steps
//! that failed there. The label table below says which part of the tag each rule of
//! `tag.pest` belongs to; the bytes around the failing one say why the part cannot go on
//! there. Where the authority's alternatives fail at the same byte, the reason of the one that
//! explains best is given: the opaque authority's where any authority may stand (the lenient
//! syntax), the email address's when the authority holds an `@`, else the DNS name's.

use alloc::format;

use crate::compiled::report::Report;
use crate::compiled::tag::{self, RULES};
use crate::error::{ParseError, ParseErrorKind, Part};
use crate::syntax::{SCHEME_LEN, TagSyntax};

/// What a failure inside a rule of `tag.pest` means.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    /// A character class or another helper: its failures are those of the part around it.
    Helper,
    /// The scheme and the delimiters between the parts.
    Delimiters,
    /// The choice of an authority's form.
    AuthorityChoice,
    /// A DNS name, or one of its labels.
    DnsName,
    /// RFC 4151's email address.
    EmailAddress,
    /// Erratum 1485's email address, or its local part.
    ErratumEmailAddress,
    /// The lenient syntax's opaque authority.
    OpaqueAuthority,
    /// The date: a failure inside it, but in none of its fields, is the `-` that may follow a
    /// whole field.
    Date,
    /// A field of the date (year, month, day): a digit was expected.
    DateField,
    /// RFC 4151's `specific`.
    Specific,
    /// RFC 4151's `fragment`.
    Fragment,
    /// A percent-encoding: a failure after its `%` is a bad percent-encoding.
    PercentEncoding,
}

/// Every rule of `tag.pest` with its label.
const LABELS: [(&str, Label); 31] = [
    ("rfc4151", Label::Delimiters),
    ("tagURI", Label::Delimiters),
    ("taggingEntity", Label::Delimiters),
    ("erratum1485", Label::Delimiters),
    ("erratum1485_tagURI", Label::Delimiters),
    ("lenient", Label::Delimiters),
    ("lenient_tagURI", Label::Delimiters),
    ("authorityName", Label::AuthorityChoice),
    ("erratum1485_authorityName", Label::AuthorityChoice),
    ("lenient_authorityName", Label::AuthorityChoice),
    ("DNSname", Label::DnsName),
    ("DNScomp", Label::DnsName),
    ("emailAddress", Label::EmailAddress),
    ("erratum1485_emailAddress", Label::ErratumEmailAddress),
    ("erratum1485_dot_atom_text", Label::ErratumEmailAddress),
    ("erratum1485_atext", Label::ErratumEmailAddress),
    ("opaqueAuthority", Label::OpaqueAuthority),
    ("date", Label::Date),
    ("year", Label::DateField),
    ("month", Label::DateField),
    ("day", Label::DateField),
    ("specific", Label::Specific),
    ("fragment", Label::Fragment),
    ("pct_encoded", Label::PercentEncoding),
    ("alphaNum", Label::Helper),
    ("ALPHA", Label::Helper),
    ("DIGIT", Label::Helper),
    ("HEXDIG", Label::Helper),
    ("pchar", Label::Helper),
    ("unreserved", Label::Helper),
    ("sub_delims", Label::Helper),
];

/// How many labels there are: [`MASKS`] has one mask for each, at the label's index.
const LABEL_COUNT: usize = Label::PercentEncoding as usize + 1;

/// The rules of each label, as masks over `RULES`; the build stops unless every rule of
/// `tag.pest` has one label.
const MASKS: [u64; LABEL_COUNT] = masks();

const fn mask(label: Label) -> u64 {
    MASKS[label as usize]
}

const fn masks() -> [u64; LABEL_COUNT] {
    let mut masks = [0; LABEL_COUNT];
    let mut covered = 0u64;
    let mut i = 0;
    while i < LABELS.len() {
        let bit = super::bit_of(&RULES, LABELS[i].0);
        assert!(
            covered & bit == 0,
            "src/rejection/tag.rs labels a rule twice"
        );
        covered |= bit;
        masks[LABELS[i].1 as usize] |= bit;
        i += 1;
    }
    assert!(
        covered.count_ones() as usize == RULES.len(),
        "a rule of tag.pest has no label in src/rejection/tag.rs"
    );
    masks
}

/// The error for an input that `tag.pest` rejected under `syntax`.
#[cold]
pub(crate) fn tag_error(input: &str, syntax: TagSyntax) -> ParseError {
    explain(input, syntax).explain_whitespace(input)
}

/// The error for an input that `tag.pest` rejected under `syntax`, as the report says it.
fn explain(input: &str, syntax: TagSyntax) -> ParseError {
    let bytes = input.as_bytes();
    let report = match syntax {
        TagSyntax::Rfc4151 => tag::rfc4151_report(bytes),
        TagSyntax::Erratum1485 => tag::erratum1485_report(bytes),
        TagSyntax::Lenient => tag::lenient_report(bytes),
    };
    Explanation { input, report }.error()
}

/// Whether `tag.pest` accepts `input` under `syntax`.
fn accepts(input: &str, syntax: TagSyntax) -> bool {
    let bytes = input.as_bytes();
    match syntax {
        TagSyntax::Rfc4151 => tag::rfc4151(bytes).is_some(),
        TagSyntax::Erratum1485 => tag::erratum1485(bytes).is_some(),
        TagSyntax::Lenient => tag::lenient(bytes).is_some(),
    }
}

/// The first syntax error in `text` read as a whole authority name under `syntax`, with its
/// index into `text`: the grammar's verdict on it where it stands in a tag.
pub(crate) fn authority_error(text: &str, syntax: TagSyntax) -> Option<ParseError> {
    // In a tag, a "," or ":" would end the authority: the text before it is what the grammar
    // reads as one, and the delimiter is then a character the authority cannot hold.
    let part = Part::Authority;
    part_in_tag(text, &[',', ':'], ("tag:", ",2000:"), syntax, part)
}

/// The first syntax error in `text` read as a whole specific (`part` is `Part::Specific`) or
/// fragment (`Part::Fragment`), with its index into `text`.
pub(crate) fn component_error(text: &str, part: Part) -> Option<ParseError> {
    let syntax = TagSyntax::Rfc4151;
    match part {
        Part::Fragment => part_in_tag(text, &[], ("tag:a,2000:#", ""), syntax, part),
        // In a tag, a "#" would end the specific.
        _ => part_in_tag(text, &['#'], ("tag:a,2000:", ""), syntax, part),
    }
}

/// The error in `text` (with its index into it) as the part `part` of a tag that is valid but
/// for it, between `around.0` and `around.1`. The part ends at the first of `ends`: one there
/// is a character the part cannot hold, if the text before it is valid.
fn part_in_tag(
    text: &str,
    ends: &[char],
    around: (&str, &str),
    syntax: TagSyntax,
    part: Part,
) -> Option<ParseError> {
    let (before, after) = around;
    let (text, end) = match text.find(ends) {
        Some(end) => (&text[..end], text[end..].chars().next()),
        None => (text, None),
    };
    let tag = format!("{before}{text}{after}");
    if accepts(&tag, syntax) {
        let ch = end?;
        return Some(ParseError::new(
            ParseErrorKind::InvalidChar { part, ch },
            text.len(),
        ));
    }
    let error = explain(&tag, syntax);
    Some(ParseError::new(error.kind(), error.index() - before.len()))
}

struct Explanation<'a> {
    input: &'a str,
    report: Report,
}

impl Explanation<'_> {
    fn failed_in(&self, label: Label) -> bool {
        self.report.within & mask(label) != 0
    }

    fn byte(&self, i: usize) -> Option<u8> {
        self.input.as_bytes().get(i).copied()
    }

    /// The error at `i` for a character that cannot stand there: outside ASCII, one that
    /// percent-encoding would make valid where the part can hold percent-encoding.
    fn bad_char(&self, i: usize, part: Part, encodable: bool) -> ParseError {
        // Every step before `i` matched ASCII, so `i` is a char boundary.
        let ch = self.input[i..].chars().next().unwrap_or('\u{FFFD}');
        let kind = if ch.is_ascii() || !encodable {
            ParseErrorKind::InvalidChar { part, ch }
        } else {
            ParseErrorKind::NonAscii { part, ch }
        };
        ParseError::new(kind, i)
    }

    fn error(&self) -> ParseError {
        let i = self.report.index;
        let at = |kind| ParseError::new(kind, i);
        for (label, part) in [
            (Label::Fragment, Part::Fragment),
            (Label::Specific, Part::Specific),
        ] {
            if self.failed_in(label) {
                if self.report.entered & mask(Label::PercentEncoding) != 0 {
                    return at(ParseErrorKind::InvalidPercentEncoding(part));
                }
                return self.bad_char(i, part, true);
            }
        }
        if self.failed_in(Label::Date) {
            return at(self.date(i));
        }
        if self.failed_in(Label::OpaqueAuthority) {
            return self.opaque_authority(i);
        }
        let email =
            self.failed_in(Label::EmailAddress) || self.failed_in(Label::ErratumEmailAddress);
        let dns = self.failed_in(Label::DnsName);
        if email && (!dns || self.authority_holds_at()) {
            return self.email_address(i);
        }
        if dns {
            return self.dns_name(i, SCHEME_LEN, ParseErrorKind::Empty(Part::Authority));
        }
        // Only delimiters failed here: the scheme's, or the ":" after a whole date (the
        // others fail where the part before them does).
        if i < SCHEME_LEN {
            at(ParseErrorKind::ExpectedTagScheme)
        } else {
            at(ParseErrorKind::Expected {
                part: Part::Date,
                expected: ':',
            })
        }
    }

    /// Whether the authority (up to the first delimiter that could end it) holds an `@`.
    fn authority_holds_at(&self) -> bool {
        self.input.as_bytes()[SCHEME_LEN..]
            .iter()
            .take_while(|&&b| !matches!(b, b',' | b':' | b'/' | b'?' | b'#'))
            .any(|&b| b == b'@')
    }

    /// A date field's digits, or the `-` or `:` after a field, failed at `i`.
    fn date(&self, i: usize) -> ParseErrorKind {
        let digit_expected = self.report.within & mask(Label::DateField) != 0;
        let date_started = self.report.entered & mask(Label::Date) != 0;
        match self.byte(i) {
            Some(b':') if digit_expected && !date_started => ParseErrorKind::Empty(Part::Date),
            None if !digit_expected => ParseErrorKind::Expected {
                part: Part::Date,
                expected: ':',
            },
            _ => ParseErrorKind::InvalidDate,
        }
    }

    /// A DNS name that starts at `start` failed at `i`; `empty` is the error for one that has
    /// not begun.
    fn dns_name(&self, i: usize, start: usize, empty: ParseErrorKind) -> ParseError {
        let before = (i > start).then(|| self.input.as_bytes()[i - 1]);
        let in_label = before.is_some_and(|b| b != b'.');
        let after_hyphen = before == Some(b'-');
        let kind = match self.byte(i) {
            Some(b'-') if !in_label => ParseErrorKind::DnsLabelStartsWithHyphen,
            Some(b) if !matches!(b, b'.' | b',' | b':') && (!in_label || after_hyphen) => {
                return self.bad_char(i, Part::Authority, false);
            }
            _ if after_hyphen => ParseErrorKind::DnsLabelEndsWithHyphen,
            Some(b'.') => ParseErrorKind::EmptyDnsLabel,
            _ if i == start => empty,
            _ if !in_label => ParseErrorKind::EmptyDnsLabel,
            // The name is whole: the "," that must follow it is missing.
            None | Some(b':') => ParseErrorKind::Expected {
                part: Part::Authority,
                expected: ',',
            },
            Some(_) => return self.bad_char(i, Part::Authority, false),
        };
        ParseError::new(kind, i)
    }

    /// An email address failed at `i`: in its local part, or in its domain.
    fn email_address(&self, i: usize) -> ParseError {
        let bytes = self.input.as_bytes();
        if let Some(at) = bytes[SCHEME_LEN..i].iter().position(|&b| b == b'@') {
            return self.dns_name(i, SCHEME_LEN + at + 1, ParseErrorKind::EmptyDnsLabel);
        }
        let erratum = self.failed_in(Label::ErratumEmailAddress);
        let after_dot = i > SCHEME_LEN && bytes[i - 1] == b'.';
        let kind = match self.byte(i) {
            // Erratum 1485's dot-atom-text: an atom must follow each ".".
            Some(b'.' | b'@' | b',' | b':') | None if erratum && after_dot => {
                ParseErrorKind::MisplacedDot
            }
            Some(_) if erratum && after_dot => return self.bad_char(i, Part::Authority, false),
            Some(b @ (b'@' | b'.')) if i == SCHEME_LEN => ParseErrorKind::InvalidStart {
                part: Part::Authority,
                ch: char::from(b),
            },
            Some(b',' | b':') | None if i == SCHEME_LEN => ParseErrorKind::Empty(Part::Authority),
            Some(b',' | b':') | None => ParseErrorKind::MissingAt,
            Some(_) => return self.bad_char(i, Part::Authority, false),
        };
        ParseError::new(kind, i)
    }

    /// The lenient syntax's opaque authority failed at `i`.
    fn opaque_authority(&self, i: usize) -> ParseError {
        let kind = if self.report.entered & mask(Label::PercentEncoding) != 0 {
            ParseErrorKind::InvalidPercentEncoding(Part::Authority)
        } else {
            match self.byte(i) {
                Some(b',' | b':') | None if i == SCHEME_LEN => {
                    ParseErrorKind::Empty(Part::Authority)
                }
                None | Some(b':') => ParseErrorKind::Expected {
                    part: Part::Authority,
                    expected: ',',
                },
                Some(_) => return self.bad_char(i, Part::Authority, true),
            }
        };
        ParseError::new(kind, i)
    }
}
