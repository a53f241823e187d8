//! Parse errors: a kind, the byte index of the offending byte, and a message naming the part.

use core::fmt;

use crate::urn::Spec;

/// An identifier could not be parsed.
///
/// A `ParseError` is small and `Copy`: a [`ErrorKind`] and the byte index into the input at
/// which the problem lies. Its message names the part that failed and the reason, and ends
/// with the index:
///
/// ```
/// use urn_tag::{ErrorKind, Part, Urn};
///
/// let err = Urn::parse("urn:example:a%zz").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidPercentEncoding(Part::Nss));
/// assert_eq!(err.index(), 14);
/// assert_eq!(err.part(), Part::Nss);
/// assert_eq!(err.to_string(), "invalid percent-encoding in NSS at byte 14");
/// ```
///
/// For a syntax error the index is the first byte at which no valid identifier can continue
/// the input read so far: every byte before it is a possible beginning of a valid value. It
/// equals the input's length when the input stops too early. For a rule that the RFC states
/// in prose (a reserved NID, `%00`, a date that does not exist), it is the first byte of the
/// offending item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParseError {
    kind: ErrorKind,
    index: usize,
}

impl ParseError {
    pub(crate) const fn new(kind: ErrorKind, index: usize) -> Self {
        ParseError { kind, index }
    }

    /// What went wrong.
    ///
    /// ```
    /// use urn_tag::{ErrorKind, Urn};
    ///
    /// let err = Urn::parse("urn:a-:x").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::NidEndsWithHyphen);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte index of the offending byte in the input (the input's length if it ended too
    /// early).
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::parse("urn:example:").unwrap_err().index(), 12);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The part of the identifier the error is about.
    ///
    /// ```
    /// use urn_tag::{Part, Urn};
    ///
    /// assert_eq!(Urn::parse("urn:example:a?+").unwrap_err().part(), Part::RComponent);
    /// ```
    pub const fn part(&self) -> Part {
        self.kind.part()
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.index)
    }
}

impl core::error::Error for ParseError {}

/// A part given to a builder is invalid.
///
/// Like [`ParseError`], a kind and a byte index; the index is into the text given for the
/// part the kind names, since the whole identifier does not exist yet.
///
/// ```
/// use urn_tag::{ErrorKind, Part, Urn};
///
/// let err = Urn::builder("a_b").nss("x").build().unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidChar { part: Part::Nid, ch: '_' });
/// assert_eq!(err.index(), 1);
/// assert_eq!(err.part(), Part::Nid);
/// assert_eq!(err.to_string(), "invalid character '_' in NID (byte 1 of the NID given to the builder)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BuildError {
    kind: ErrorKind,
    index: usize,
}

impl BuildError {
    pub(crate) const fn new(kind: ErrorKind, index: usize) -> Self {
        BuildError { kind, index }
    }

    /// What went wrong.
    ///
    /// ```
    /// use urn_tag::{ErrorKind, Part, Urn};
    ///
    /// let err = Urn::builder("ex").nss("").build().unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Empty(Part::Nss));
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte index of the offending byte in the text given for the part.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::builder("ex").nss("ab%zz").build().unwrap_err().index(), 3);
    /// ```
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The part that is invalid.
    ///
    /// ```
    /// use urn_tag::{Part, Urn};
    ///
    /// assert_eq!(Urn::builder("ex").nss("a").component(Part::QComponent, "").build().unwrap_err().part(), Part::QComponent);
    /// ```
    pub const fn part(&self) -> Part {
        self.kind.part()
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, index, part) = (self.kind, self.index, self.part());
        write!(
            f,
            "{kind} (byte {index} of the {part} given to the builder)"
        )
    }
}

impl core::error::Error for BuildError {}

/// The part of an identifier that an error is about.
///
/// Its `Display` is the name the RFCs use: `NID`, `NSS`, `r-component`, ...
///
/// ```
/// use urn_tag::Part;
///
/// assert_eq!(Part::RComponent.to_string(), "r-component");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Part {
    /// The scheme and its colon: `urn:` or `tag:`.
    Scheme,
    /// The URN namespace identifier.
    Nid,
    /// The URN namespace-specific string.
    Nss,
    /// The RFC 8141 r-component (after `?+`).
    RComponent,
    /// The RFC 8141 q-component (after `?=`).
    QComponent,
    /// The RFC 8141 f-component (after `#`).
    FComponent,
    /// The query of the 2011 URNbis draft (after `?`).
    Query,
    /// The fragment of the 2011 URNbis draft or of a tag URI (after `#`).
    Fragment,
    /// The authority name of a tag URI (a DNS name or an email address, before the `,`).
    Authority,
    /// The date of a tag URI's tagging entity (after the `,`).
    Date,
    /// The specific part of a tag URI (after the tagging entity's `:`).
    Specific,
}

impl Part {
    /// The name of the part as the RFCs write it.
    ///
    /// ```
    /// use urn_tag::Part;
    ///
    /// assert_eq!(Part::Nid.name(), "NID");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Part::Scheme => "scheme",
            Part::Nid => "NID",
            Part::Nss => "NSS",
            Part::RComponent => "r-component",
            Part::QComponent => "q-component",
            Part::FComponent => "f-component",
            Part::Query => "query",
            Part::Fragment => "fragment",
            Part::Authority => "authority",
            Part::Date => "date",
            Part::Specific => "specific",
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The reason a [`ParseError`] was raised.
///
/// Its `Display` is the message without the byte index; [`ParseError`]'s adds it.
///
/// ```
/// use urn_tag::{ErrorKind, Part};
///
/// let kind = ErrorKind::InvalidChar { part: Part::Nid, ch: '_' };
/// assert_eq!(kind.to_string(), "invalid character '_' in NID");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input does not start with `urn:` (in any case).
    #[error("expected \"urn:\"")]
    ExpectedUrnScheme,
    /// The input starts with neither `urn:` nor `tag:` (in any case).
    #[error("expected \"urn:\" or \"tag:\"")]
    ExpectedScheme,
    /// A part that must hold at least one character is empty.
    #[error("empty {0}")]
    Empty(Part),
    /// A character that the part's grammar does not allow.
    #[error("invalid character {ch:?} in {part}")]
    InvalidChar {
        /// Where the character was found.
        part: Part,
        /// The character.
        ch: char,
    },
    /// A character outside ASCII, which must be percent-encoded as UTF-8.
    #[error("non-ASCII character {ch:?} in {part} must be percent-encoded")]
    NonAscii {
        /// Where the character was found.
        part: Part,
        /// The character.
        ch: char,
    },
    /// A character that may appear in the part, but not as its first character.
    #[error("{part} must not start with {ch:?}")]
    InvalidStart {
        /// The part.
        part: Part,
        /// Its offending first character.
        ch: char,
    },
    /// A `%` not followed by two hexadecimal digits.
    #[error("invalid percent-encoding in {0}")]
    InvalidPercentEncoding(Part),
    /// A delimiter is missing where the input ends.
    #[error("expected {expected:?} after {part}")]
    Expected {
        /// The part that must be followed by the delimiter.
        part: Part,
        /// The delimiter.
        expected: char,
    },
    /// An RFC 8141 or draft NID of one character (they need 2 to 32).
    #[error("NID shorter than 2 characters")]
    NidTooShort,
    /// A NID of more than 32 characters.
    #[error("NID longer than 32 characters")]
    NidTooLong,
    /// An RFC 8141 NID that ends with `-`.
    #[error("NID must not end with '-' (RFC 8141 §2)")]
    NidEndsWithHyphen,
    /// An RFC 8141 `?` after the NSS that does not start `?+` or `?=`.
    #[error("'?' must be followed by '+' or '='")]
    BareQuestionMark,
    /// A part that the spec does not have, or that cannot hold percent-encoding (the NID).
    #[error("{} has no percent-encodable {part}", .spec.document())]
    NoSuchPart {
        /// The part asked for.
        part: Part,
        /// The spec.
        spec: Spec,
    },
    /// A "?=" inside an RFC 8141 r-component given on its own: it would end the r-component
    /// (RFC 8141 §2.3.1).
    #[error("\"?=\" would end the r-component (RFC 8141 §2.3.1); encode the '?' as %3F")]
    QuestionEqualsInRComponent,
    /// An RFC 2141 NSS holds `/`, `?` or `#`, which RFC 2141 §2.3 reserves.
    #[error("reserved character {ch:?} in NSS must be percent-encoded (RFC 2141 §2.3)")]
    ReservedChar {
        /// The reserved character.
        ch: char,
    },
    /// The NID `urn`, which RFC 2141 and the 2011 draft reserve.
    #[error("NID \"urn\" is reserved ({} §2.1)", .0.document())]
    ReservedNid(Spec),
    /// `%00`, which RFC 2141 and the 2011 draft forbid.
    #[error("percent-encoded NUL (%00) is not allowed in {part} ({} §{})", .spec.document(), .spec.nul_section())]
    NulOctet {
        /// Where the `%00` was found.
        part: Part,
        /// The specification that forbids it.
        spec: Spec,
    },
    /// The input does not start with `tag:` (in any case).
    #[error("expected \"tag:\"")]
    ExpectedTagScheme,
    /// A tag authority that is not a DNS name and has no `@`, so it could only have been the
    /// local part of an email address.
    #[error("expected '@': the authority is not a DNS name, so it must be an email address")]
    MissingAt,
    /// A label of a DNS name in a tag authority that starts with `-` (RFC 4151 `DNScomp`).
    #[error("DNS label in authority must not start with '-'")]
    DnsLabelStartsWithHyphen,
    /// A label of a DNS name in a tag authority that ends with `-` (RFC 4151 `DNScomp`).
    #[error("DNS label in authority must not end with '-'")]
    DnsLabelEndsWithHyphen,
    /// An empty label in a DNS name of a tag authority: a leading, trailing or doubled `.`.
    #[error("empty DNS label in authority")]
    EmptyDnsLabel,
    /// A `.` that does not stand between two atoms of an erratum 1485 email local part (RFC
    /// 5322 `dot-atom-text`).
    #[error(
        "'.' must stand between two atoms in the local part of the authority (RFC 5322 §3.2.3)"
    )]
    MisplacedDot,
    /// A DNS label of more than 63 octets in a tag authority (RFC 1035 §2.3.4).
    #[error("DNS label in authority longer than 63 octets (RFC 1035 §2.3.4)")]
    DnsLabelTooLong,
    /// A DNS name of more than 255 octets in a tag authority (RFC 1035 §3.1), counting the
    /// length octet of each label and the root label, so at most 253 written characters.
    #[error("DNS name in authority longer than 255 octets (RFC 1035 §3.1: at most 253 characters)")]
    DnsNameTooLong,
    /// A tag date that is not `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (RFC 4151 §2.1, §2.2).
    #[error("date must be YYYY, YYYY-MM or YYYY-MM-DD")]
    InvalidDate,
    /// A tag date whose month is not 01 to 12.
    #[error("month {month:02} does not exist (01 to 12) in date")]
    MonthOutOfRange {
        /// The month as written.
        month: u8,
    },
    /// A tag date whose day does not exist in its month of the Gregorian calendar (RFC 4151
    /// §2.2: "according to the Gregorian calendar").
    #[error("day {day:02} does not exist in {year:04}-{month:02}")]
    DayOutOfRange {
        /// The year.
        year: u16,
        /// The month (1 to 12).
        month: u8,
        /// The day as written.
        day: u8,
    },
}

impl ErrorKind {
    /// `InvalidChar`, or `NonAscii` for a character that percent-encoding would make valid
    /// (not in the scheme or the NID: RFC 8141 §2.1 "no encoding mechanism for such characters
    /// is supported").
    pub(crate) const fn unexpected(part: Part, ch: char) -> ErrorKind {
        match part {
            Part::Scheme | Part::Nid => ErrorKind::InvalidChar { part, ch },
            _ if ch.is_ascii() => ErrorKind::InvalidChar { part, ch },
            _ => ErrorKind::NonAscii { part, ch },
        }
    }

    /// The part of the identifier this kind of error is about.
    ///
    /// ```
    /// use urn_tag::{ErrorKind, Part};
    ///
    /// assert_eq!(ErrorKind::NidTooLong.part(), Part::Nid);
    /// ```
    pub const fn part(self) -> Part {
        match self {
            ErrorKind::ExpectedUrnScheme | ErrorKind::ExpectedScheme => Part::Scheme,
            ErrorKind::Empty(part)
            | ErrorKind::InvalidChar { part, .. }
            | ErrorKind::NonAscii { part, .. }
            | ErrorKind::InvalidStart { part, .. }
            | ErrorKind::InvalidPercentEncoding(part)
            | ErrorKind::Expected { part, .. }
            | ErrorKind::NulOctet { part, .. }
            | ErrorKind::NoSuchPart { part, .. } => part,
            ErrorKind::NidTooShort
            | ErrorKind::NidTooLong
            | ErrorKind::NidEndsWithHyphen
            | ErrorKind::ReservedNid(_) => Part::Nid,
            ErrorKind::BareQuestionMark | ErrorKind::ReservedChar { .. } => Part::Nss,
            ErrorKind::QuestionEqualsInRComponent => Part::RComponent,
            ErrorKind::ExpectedTagScheme => Part::Scheme,
            ErrorKind::MissingAt
            | ErrorKind::DnsLabelStartsWithHyphen
            | ErrorKind::DnsLabelEndsWithHyphen
            | ErrorKind::EmptyDnsLabel
            | ErrorKind::MisplacedDot
            | ErrorKind::DnsLabelTooLong
            | ErrorKind::DnsNameTooLong => Part::Authority,
            ErrorKind::InvalidDate
            | ErrorKind::MonthOutOfRange { .. }
            | ErrorKind::DayOutOfRange { .. } => Part::Date,
        }
    }
}
