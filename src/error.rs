//! The errors, one type per operation: [`ParseError`] for parsing (a byte index into the
//! input), [`BuildError`] for building from parts (which part, and a byte index into the text
//! given for it), [`EncodeError`] for percent-encoding text for a part. Minting tags has its
//! own [`MintError`](crate::MintError), next to the minter.

use core::fmt;

use crate::namespace::{NamespaceError, NamespaceErrorKind};
use crate::syntax::UrnSyntax;

/// An identifier could not be parsed.
///
/// A `ParseError` is small and `Copy`: a [`ParseErrorKind`] and the byte index into the
/// input at which the problem lies. Its message names the part that failed and the reason,
/// and ends with the index:
///
/// ```
/// use urn_tag::{ParseErrorKind, Part, Urn};
///
/// let err = Urn::parse("urn:example:a%zz").unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::InvalidPercentEncoding(Part::Nss));
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
    kind: ParseErrorKind,
    index: usize,
}

impl ParseError {
    pub(crate) const fn new(kind: ParseErrorKind, index: usize) -> Self {
        ParseError { kind, index }
    }

    /// This error, said in terms of white space when white space around the identifier is
    /// what makes `input` invalid: a copied identifier often carries some, and "invalid
    /// character ' '" would hide the cause.
    pub(crate) fn explain_whitespace(self, input: &str) -> ParseError {
        let rest = input.get(self.index..).unwrap_or_default();
        let blank = |b: &u8| b.is_ascii_whitespace();
        if self.index == 0 && input.as_bytes().first().is_some_and(blank) {
            ParseError::new(ParseErrorKind::LeadingWhitespace, 0)
        } else if !rest.is_empty() && rest.as_bytes().iter().all(blank) {
            let part = self.kind.part();
            ParseError::new(ParseErrorKind::TrailingWhitespace(part), self.index)
        } else {
            self
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// use urn_tag::{ParseErrorKind, Urn};
    ///
    /// let err = Urn::parse("urn:a-:x").unwrap_err();
    /// assert_eq!(err.kind(), ParseErrorKind::NidEndsWithHyphen);
    /// ```
    pub const fn kind(&self) -> ParseErrorKind {
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

/// A namespace error is the parse error of a parse that checks namespaces
/// ([`Syntax::with_namespaces`](crate::Syntax::with_namespaces)).
///
/// ```
/// use urn_tag::{ParseError, ParseErrorKind, Urn};
///
/// let error = Urn::parse("urn:uuid:x")?.into_namespace_checked().unwrap_err();
/// let parse_error = ParseError::from(error);
/// assert!(matches!(parse_error.kind(), ParseErrorKind::Namespace(_)));
/// assert_eq!((parse_error.index(), parse_error.to_string()), (error.index(), error.to_string()));
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
impl From<NamespaceError> for ParseError {
    fn from(error: NamespaceError) -> ParseError {
        ParseError::new(ParseErrorKind::Namespace(error.kind()), error.index())
    }
}

/// The part of an identifier that an error is about.
///
/// Parts are equal when they are the same part.
///
/// Its `Display` is the name the RFCs use: `NID`, `NSS`, `r-component`, ...; [`Part::code`]
/// is a stable snake_case name for programs.
///
/// ```
/// use urn_tag::Part;
///
/// assert_eq!(Part::RComponent.to_string(), "r-component");
/// assert_eq!(Part::RComponent.code(), "r_component");
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

    /// A stable snake_case name for programs, as `urn-tag check --json` writes it: `scheme`,
    /// `nid`, `nss`, `r_component`, `q_component`, `f_component`, `query`, `fragment`,
    /// `authority`, `date`, `specific`.
    ///
    /// ```
    /// assert_eq!(urn_tag::Part::Nss.code(), "nss");
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            Part::Scheme => "scheme",
            Part::Nid => "nid",
            Part::Nss => "nss",
            Part::RComponent => "r_component",
            Part::QComponent => "q_component",
            Part::FComponent => "f_component",
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
/// `Eq` compares the kind and what it holds (the part, the character, the syntax, the date).
///
/// Its `Display` is the message without the byte index; [`ParseError`]'s adds it.
/// [`ParseErrorKind::code`] is a stable snake_case name for programs.
///
/// ```
/// use urn_tag::{ParseErrorKind, Part};
///
/// let kind = ParseErrorKind::InvalidChar { part: Part::Nid, ch: '_' };
/// assert_eq!(kind.to_string(), "invalid character '_' in NID");
/// assert_eq!(kind.code(), "invalid_char");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input does not start with `urn:` (in any case).
    #[error("expected \"urn:\"")]
    ExpectedUrnScheme,
    /// The input does not start with `tag:` (in any case).
    #[error("expected \"tag:\"")]
    ExpectedTagScheme,
    /// The input starts with neither `urn:` nor `tag:` (in any case).
    #[error("expected \"urn:\" or \"tag:\"")]
    ExpectedScheme,
    /// The input starts with white space (ASCII space, tab, line feed, form feed or carriage
    /// return), which no identifier holds.
    #[error("white space before the identifier")]
    LeadingWhitespace,
    /// The input ends with white space, which no identifier holds; the index is that of the
    /// first of the trailing white-space characters.
    #[error("white space after the {0}")]
    TrailingWhitespace(Part),
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
    /// An RFC 2141 NSS holds `/`, `?` or `#`, which RFC 2141 §2.3 reserves.
    #[error("reserved character {ch:?} in NSS must be percent-encoded (RFC 2141 §2.3)")]
    ReservedChar {
        /// The reserved character.
        ch: char,
    },
    /// The NID `urn`, which RFC 2141 and the 2011 draft reserve.
    #[error("NID \"urn\" is reserved ({} §2.1)", .0.document())]
    ReservedNid(UrnSyntax),
    /// `%00`, which RFC 2141 and the 2011 draft forbid.
    #[error("percent-encoded NUL (%00) is not allowed in {part} ({} §{})", .syntax.document(), .syntax.nul_section())]
    NulOctet {
        /// Where the `%00` was found.
        part: Part,
        /// The URN syntax that forbids it.
        syntax: UrnSyntax,
    },
    /// An NSS that breaks the grammar or a prose rule of its namespace, when the syntax asks
    /// for namespaces to be checked ([`Syntax::with_namespaces`](crate::Syntax::with_namespaces));
    /// see [`crate::namespace`].
    #[error("{0}")]
    Namespace(NamespaceErrorKind),
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

impl ParseErrorKind {
    /// `InvalidChar`, or `NonAscii` for a character that percent-encoding would make valid
    /// (not in the scheme or the NID: RFC 8141 §2.1 "no encoding mechanism for such characters
    /// is supported").
    pub(crate) const fn unexpected(part: Part, ch: char) -> ParseErrorKind {
        match part {
            Part::Scheme | Part::Nid => ParseErrorKind::InvalidChar { part, ch },
            _ if ch.is_ascii() => ParseErrorKind::InvalidChar { part, ch },
            _ => ParseErrorKind::NonAscii { part, ch },
        }
    }

    /// This kind as a check of `part` on its own reports it: the kinds that name their part
    /// name `part`; `None` for a kind about another part, or about the whole identifier (its
    /// scheme, a delimiter, white space around it, a date, its namespace).
    fn in_part(self, part: Part) -> Option<ParseErrorKind> {
        Some(match self {
            ParseErrorKind::Empty(_) => ParseErrorKind::Empty(part),
            ParseErrorKind::InvalidChar { ch, .. } => ParseErrorKind::InvalidChar { part, ch },
            ParseErrorKind::NonAscii { ch, .. } => ParseErrorKind::NonAscii { part, ch },
            ParseErrorKind::InvalidStart { ch, .. } => ParseErrorKind::InvalidStart { part, ch },
            ParseErrorKind::InvalidPercentEncoding(_) => {
                ParseErrorKind::InvalidPercentEncoding(part)
            }
            ParseErrorKind::NulOctet { syntax, .. } => ParseErrorKind::NulOctet { part, syntax },
            ParseErrorKind::NidTooShort
            | ParseErrorKind::NidTooLong
            | ParseErrorKind::NidEndsWithHyphen
            | ParseErrorKind::ReservedNid(_)
            | ParseErrorKind::ReservedChar { .. }
            | ParseErrorKind::MissingAt
            | ParseErrorKind::DnsLabelStartsWithHyphen
            | ParseErrorKind::DnsLabelEndsWithHyphen
            | ParseErrorKind::EmptyDnsLabel
            | ParseErrorKind::MisplacedDot
            | ParseErrorKind::DnsLabelTooLong
            | ParseErrorKind::DnsNameTooLong
                if self.part() == part =>
            {
                self
            }
            _ => return None,
        })
    }

    /// The part of the identifier this kind of error is about.
    ///
    /// ```
    /// use urn_tag::{ParseErrorKind, Part};
    ///
    /// assert_eq!(ParseErrorKind::NidTooLong.part(), Part::Nid);
    /// ```
    pub const fn part(self) -> Part {
        match self {
            ParseErrorKind::ExpectedUrnScheme
            | ParseErrorKind::ExpectedTagScheme
            | ParseErrorKind::ExpectedScheme
            | ParseErrorKind::LeadingWhitespace => Part::Scheme,
            ParseErrorKind::TrailingWhitespace(part)
            | ParseErrorKind::Empty(part)
            | ParseErrorKind::InvalidChar { part, .. }
            | ParseErrorKind::NonAscii { part, .. }
            | ParseErrorKind::InvalidStart { part, .. }
            | ParseErrorKind::InvalidPercentEncoding(part)
            | ParseErrorKind::Expected { part, .. }
            | ParseErrorKind::NulOctet { part, .. } => part,
            ParseErrorKind::NidTooShort
            | ParseErrorKind::NidTooLong
            | ParseErrorKind::NidEndsWithHyphen
            | ParseErrorKind::ReservedNid(_) => Part::Nid,
            ParseErrorKind::BareQuestionMark
            | ParseErrorKind::ReservedChar { .. }
            | ParseErrorKind::Namespace(_) => Part::Nss,
            ParseErrorKind::MissingAt
            | ParseErrorKind::DnsLabelStartsWithHyphen
            | ParseErrorKind::DnsLabelEndsWithHyphen
            | ParseErrorKind::EmptyDnsLabel
            | ParseErrorKind::MisplacedDot
            | ParseErrorKind::DnsLabelTooLong
            | ParseErrorKind::DnsNameTooLong => Part::Authority,
            ParseErrorKind::InvalidDate
            | ParseErrorKind::MonthOutOfRange { .. }
            | ParseErrorKind::DayOutOfRange { .. } => Part::Date,
        }
    }

    /// A stable snake_case name of the kind, for programs (`urn-tag check --json` writes it
    /// as the error's `kind`): the variant's name in snake case, `invalid_char`,
    /// `nid_too_long`, `day_out_of_range`, ...
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::parse("urn:example:a?b").unwrap_err().kind().code(), "bare_question_mark");
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            ParseErrorKind::ExpectedUrnScheme => "expected_urn_scheme",
            ParseErrorKind::ExpectedTagScheme => "expected_tag_scheme",
            ParseErrorKind::ExpectedScheme => "expected_scheme",
            ParseErrorKind::LeadingWhitespace => "leading_whitespace",
            ParseErrorKind::TrailingWhitespace(_) => "trailing_whitespace",
            ParseErrorKind::Empty(_) => "empty",
            ParseErrorKind::InvalidChar { .. } => "invalid_char",
            ParseErrorKind::NonAscii { .. } => "non_ascii",
            ParseErrorKind::InvalidStart { .. } => "invalid_start",
            ParseErrorKind::InvalidPercentEncoding(_) => "invalid_percent_encoding",
            ParseErrorKind::Expected { .. } => "expected",
            ParseErrorKind::NidTooShort => "nid_too_short",
            ParseErrorKind::NidTooLong => "nid_too_long",
            ParseErrorKind::NidEndsWithHyphen => "nid_ends_with_hyphen",
            ParseErrorKind::BareQuestionMark => "bare_question_mark",
            ParseErrorKind::ReservedChar { .. } => "reserved_char",
            ParseErrorKind::ReservedNid(_) => "reserved_nid",
            ParseErrorKind::NulOctet { .. } => "nul_octet",
            ParseErrorKind::Namespace(_) => "namespace",
            ParseErrorKind::MissingAt => "missing_at",
            ParseErrorKind::DnsLabelStartsWithHyphen => "dns_label_starts_with_hyphen",
            ParseErrorKind::DnsLabelEndsWithHyphen => "dns_label_ends_with_hyphen",
            ParseErrorKind::EmptyDnsLabel => "empty_dns_label",
            ParseErrorKind::MisplacedDot => "misplaced_dot",
            ParseErrorKind::DnsLabelTooLong => "dns_label_too_long",
            ParseErrorKind::DnsNameTooLong => "dns_name_too_long",
            ParseErrorKind::InvalidDate => "invalid_date",
            ParseErrorKind::MonthOutOfRange { .. } => "month_out_of_range",
            ParseErrorKind::DayOutOfRange { .. } => "day_out_of_range",
        }
    }
}

/// A part given to a builder ([`UrnBuilder`](crate::UrnBuilder)) or a minter
/// ([`TagMinter`](crate::TagMinter)) is invalid.
///
/// It says which part, why, and where: the index is into the text given for that part, since
/// the whole identifier does not exist yet. Why is mostly what a parse of the whole
/// identifier would report, [`BuildErrorKind::Parse`].
///
/// `Eq` compares the kind and the index.
///
/// ```
/// use urn_tag::{BuildErrorKind, ParseErrorKind, Part, Urn};
///
/// let err = Urn::builder("a_b").nss("x").build().unwrap_err();
/// assert_eq!(err.part(), Part::Nid);
/// assert_eq!(err.kind(), BuildErrorKind::Parse(ParseErrorKind::InvalidChar { part: Part::Nid, ch: '_' }));
/// assert_eq!(err.index(), 1);
/// assert_eq!(err.to_string(), "invalid character '_' in NID (byte 1 of the NID given)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BuildError {
    kind: BuildErrorKind,
    index: usize,
}

impl BuildError {
    pub(crate) const fn new(kind: BuildErrorKind, index: usize) -> Self {
        BuildError { kind, index }
    }

    /// The error a parse of the whole identifier would report, found at `index` of the text
    /// given for `part`.
    pub(crate) const fn parse(kind: ParseErrorKind, index: usize) -> Self {
        BuildError::new(BuildErrorKind::Parse(kind), index)
    }

    /// The error of `text`, given for `part`, that a check of that part alone found.
    ///
    /// The part checks are the grammar's rules for one part, so they report only what a part
    /// can be faulted for; a kind about the whole identifier (a scheme, a delimiter, a date)
    /// cannot come out of them, and would be reported as the character at its index.
    pub(crate) fn from_part_check(part: Part, text: &str, error: ParseError) -> Self {
        let index = error.index();
        let kind = match error.kind().in_part(part) {
            Some(kind) => kind,
            None => match text.get(index..).and_then(|rest| rest.chars().next()) {
                Some(ch) => ParseErrorKind::InvalidChar { part, ch },
                None => ParseErrorKind::Empty(part),
            },
        };
        BuildError::parse(kind, index)
    }

    /// The part that is invalid.
    ///
    /// ```
    /// use urn_tag::{Part, Urn};
    ///
    /// let err = Urn::builder("ex").nss("a").q_component("").build().unwrap_err();
    /// assert_eq!(err.part(), Part::QComponent);
    /// ```
    pub const fn part(&self) -> Part {
        self.kind.part()
    }

    /// What is wrong with it.
    ///
    /// ```
    /// use urn_tag::{BuildErrorKind, ParseErrorKind, Part, Urn};
    ///
    /// let err = Urn::builder("ex").nss("").build().unwrap_err();
    /// assert_eq!(err.kind(), BuildErrorKind::Parse(ParseErrorKind::Empty(Part::Nss)));
    /// ```
    pub const fn kind(&self) -> BuildErrorKind {
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
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = self.part();
        write!(f, "{} (byte {} of the {part} given)", self.kind, self.index)
    }
}

impl core::error::Error for BuildError {}

/// The reason a [`BuildError`] was raised: what can be wrong with one part checked on its own.
///
/// `Eq` compares the kind and what it holds. Its `Display` is the message without the index;
/// [`BuildErrorKind::code`] is a stable snake_case name for programs.
///
/// ```
/// use urn_tag::{BuildErrorKind, Part, Urn, UrnSyntax};
///
/// let err = Urn::builder("isbn").syntax(UrnSyntax::Rfc2141).nss("x").f_component("f").build();
/// let kind = err.unwrap_err().kind();
/// assert_eq!(kind, BuildErrorKind::NotInSyntax { syntax: UrnSyntax::Rfc2141, part: Part::FComponent });
/// assert_eq!(kind.to_string(), "RFC 2141 has no f-component");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// The text given for the part breaks the part's grammar or a rule its RFC states in
    /// prose: the reason a parse of the whole identifier would give, about that part (a
    /// character, a length, a reserved NID, a DNS label, ...).
    #[error("{0}")]
    Parse(ParseErrorKind),
    /// A `?=` inside an RFC 8141 r-component given on its own: it would end the r-component
    /// (RFC 8141 §2.3.1).
    #[error("\"?=\" would end the r-component (RFC 8141 §2.3.1); encode the '?' as %3F")]
    QuestionEqualsInRComponent,
    /// A part that the URN syntax does not have (an r-component under RFC 2141, a query
    /// under RFC 8141, ...).
    #[error("{} has no {part}", .syntax.document())]
    NotInSyntax {
        /// The URN syntax.
        syntax: UrnSyntax,
        /// The part it does not have.
        part: Part,
    },
}

impl BuildErrorKind {
    /// The part this kind of error is about.
    ///
    /// ```
    /// use urn_tag::{BuildErrorKind, Part};
    ///
    /// assert_eq!(BuildErrorKind::QuestionEqualsInRComponent.part(), Part::RComponent);
    /// ```
    pub const fn part(self) -> Part {
        match self {
            BuildErrorKind::Parse(kind) => kind.part(),
            BuildErrorKind::QuestionEqualsInRComponent => Part::RComponent,
            BuildErrorKind::NotInSyntax { part, .. } => part,
        }
    }

    /// The kind's stable name (what a binding or a JSON record reports as the error's `kind`):
    /// the [`ParseErrorKind::code`] of a parse's reason (`invalid_char`, `empty`, ...), and
    /// `question_equals_in_r_component` or `not_in_syntax`.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let error = Urn::builder("example").nss("a?=b").build().unwrap_err();
    /// assert_eq!(error.kind().code(), "invalid_char");
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            BuildErrorKind::Parse(kind) => kind.code(),
            BuildErrorKind::QuestionEqualsInRComponent => "question_equals_in_r_component",
            BuildErrorKind::NotInSyntax { .. } => "not_in_syntax",
        }
    }
}

/// Text could not be percent-encoded for a URN part ([`urn::encode`](crate::urn::encode)).
///
/// `Eq` compares the variant and what it holds.
///
/// ```
/// use urn_tag::{EncodeError, Part, UrnSyntax};
/// use urn_tag::urn::encode;
///
/// let err = encode("x", UrnSyntax::Rfc2141, Part::FComponent).unwrap_err();
/// assert_eq!(err, EncodeError::NoSuchPart { syntax: UrnSyntax::Rfc2141, part: Part::FComponent });
/// assert_eq!(err.to_string(), "RFC 2141 has no percent-encodable f-component");
///
/// let err = encode("a\0b", UrnSyntax::Rfc2141, Part::Nss).unwrap_err();
/// assert_eq!(err.to_string(), "NUL at byte 1 cannot be encoded: RFC 2141 §2.4 forbids %00");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// The syntax has no such part, or the part cannot hold percent-encoding (the NID).
    #[error("{} has no percent-encodable {part}", .syntax.document())]
    NoSuchPart {
        /// The URN syntax.
        syntax: UrnSyntax,
        /// The part asked for.
        part: Part,
    },
    /// The text holds a NUL character, which RFC 2141 and the draft forbid even encoded.
    #[error("NUL at byte {index} cannot be encoded: {} §{} forbids %00", .syntax.document(), .syntax.nul_section())]
    NulOctet {
        /// The URN syntax.
        syntax: UrnSyntax,
        /// The byte index of the NUL in the text.
        index: usize,
    },
}
