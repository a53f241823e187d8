//! Minting tags by the rules of RFC 4151 §2.2.

use alloc::string::String;
use core::fmt;

use super::authority::check_dns_lengths;
use super::date::{Clock, TagDate};
use super::value::TagUri;
use crate::error::{BuildError, ParseError, Part};
use crate::rejection;
use crate::syntax::TagSyntax;

/// Builds a tag from its parts, by the rules for minting of RFC 4151 §2.2.
///
/// `Eq` compares every setting: the authority, the date, the specific and the fragment.
///
/// The date is written in its shortest form ("A day value of "01" MAY be omitted; a month
/// value of "01" MAY be omitted unless it is followed by a day value other than "01""). The
/// minter refuses what RFC 4151 forbids: an authority that is not a DNS name or email
/// address of the RFC 4151 ABNF, a domain name that is not fully qualified (§2.1 "MUST be
/// fully qualified"), a date after today in UTC (§2.2 "MUST NOT mint tags under a future
/// date"), and a specific or fragment with characters a tag cannot hold. What the RFC only
/// advises against (upper case in the domain name, percent-encoding) is left to the caller,
/// who reads it from [`TagUri::lints`].
///
/// ```
/// use urn_tag::{TagDate, TagLint, TagUri};
///
/// let today = TagDate::new(2026, 1, 1).unwrap();
/// let tag = TagUri::minter("Example.com", TagDate::new(2000, 1, 1).unwrap())
///     .specific("My%20slippers")
///     .fragment("left")
///     .mint(&today)?;
/// assert_eq!(tag.as_str(), "tag:Example.com,2000:My%20slippers#left");
/// assert_eq!(
///     tag.lints(),
///     [TagLint::UppercaseDomain { index: 4 }, TagLint::PercentEncoding { index: 23 }]
/// );
/// # Ok::<(), urn_tag::MintError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagMinter<'a> {
    authority: &'a str,
    date: TagDate,
    specific: &'a str,
    fragment: Option<&'a str>,
}

impl<'a> TagMinter<'a> {
    /// A minter for tags of `authority` (a DNS name or an email address) on `date`, with an
    /// empty specific and no fragment.
    ///
    /// ```
    /// use urn_tag::{TagDate, TagMinter};
    ///
    /// let today = TagDate::new(2026, 1, 1).unwrap();
    /// let minter = TagMinter::new("yaml.org", TagDate::new(2002, 1, 1).unwrap());
    /// assert_eq!(minter.mint(&today)?.as_str(), "tag:yaml.org,2002:");
    /// # Ok::<(), urn_tag::MintError>(())
    /// ```
    pub fn new(authority: &'a str, date: TagDate) -> TagMinter<'a> {
        TagMinter {
            authority,
            date,
            specific: "",
            fragment: None,
        }
    }

    /// Sets the specific part, already percent-encoded where needed.
    ///
    /// ```
    /// use urn_tag::{TagDate, TagUri};
    ///
    /// let today = TagDate::new(2026, 1, 1).unwrap();
    /// let tag = TagUri::minter("yaml.org", TagDate::new(2002, 1, 1).unwrap())
    ///     .specific("int")
    ///     .mint(&today)?;
    /// assert_eq!(tag.as_str(), "tag:yaml.org,2002:int");
    /// # Ok::<(), urn_tag::MintError>(())
    /// ```
    pub fn specific(self, specific: &'a str) -> TagMinter<'a> {
        TagMinter { specific, ..self }
    }

    /// Sets the fragment (what follows `#`), already percent-encoded where needed.
    ///
    /// ```
    /// use urn_tag::{TagDate, TagUri};
    ///
    /// let today = TagDate::new(2026, 1, 1).unwrap();
    /// let tag = TagUri::minter("example.org", TagDate::new(2004, 1, 1).unwrap())
    ///     .specific("/2004_07.html")
    ///     .fragment("someitemanchor")
    ///     .mint(&today)?;
    /// assert_eq!(tag.as_str(), "tag:example.org,2004:/2004_07.html#someitemanchor");
    /// # Ok::<(), urn_tag::MintError>(())
    /// ```
    pub fn fragment(self, fragment: &'a str) -> TagMinter<'a> {
        TagMinter {
            fragment: Some(fragment),
            ..self
        }
    }

    /// Mints the tag, refusing a date after the day that `clock` gives.
    ///
    /// ```
    /// use urn_tag::{MintError, TagDate, TagUri};
    ///
    /// let today = TagDate::new(2026, 1, 1).unwrap();
    /// let err = TagUri::minter("hp.com", TagDate::new(2999, 1, 1).unwrap()).mint(&today).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "date 2999-01-01 is after today (2026-01-01 UTC); RFC 4151 §2.2: tags MUST NOT be minted under a future date"
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// A [`MintError`] saying which rule the parts break, for the first of them in the order
    /// of the tag: authority, date, specific, fragment.
    pub fn mint(&self, clock: &dyn Clock) -> Result<TagUri, MintError> {
        let TagMinter {
            authority,
            date,
            specific,
            fragment,
        } = *self;
        let invalid = |part, text: &str, error| {
            MintError::InvalidPart(BuildError::from_part_check(part, text, error))
        };
        if let Some(error) = rejection::authority_error(authority, TagSyntax::Rfc4151) {
            return Err(invalid(Part::Authority, authority, error));
        }
        // A valid authority holds at most one "@", before its DNS name.
        let domain_start = authority.rfind('@').map_or(0, |at| at + 1);
        let domain = &authority[domain_start..];
        check_dns_lengths(domain.as_bytes()).map_err(|(kind, index)| {
            invalid(
                Part::Authority,
                authority,
                ParseError::new(kind, domain_start + index),
            )
        })?;
        if !domain.contains('.') {
            return Err(MintError::NotFullyQualified);
        }
        let today = clock.today();
        if date > today {
            return Err(MintError::FutureDate { date, today });
        }
        if let Some(error) = rejection::component_error(specific, Part::Specific) {
            return Err(invalid(Part::Specific, specific, error));
        }
        if let Some(fragment) = fragment
            && let Some(error) = rejection::component_error(fragment, Part::Fragment)
        {
            return Err(invalid(Part::Fragment, fragment, error));
        }
        let date = date.to_shortest_string();
        let mut text = String::with_capacity(
            "tag:,:#".len()
                + authority.len()
                + date.len()
                + specific.len()
                + fragment.map_or(0, str::len),
        );
        for part in ["tag:", authority, ",", &date, ":", specific] {
            text.push_str(part);
        }
        if let Some(fragment) = fragment {
            text.push('#');
            text.push_str(fragment);
        }
        // Every part has been checked on its own, so the whole parses; should it not, the
        // error is reported (as the specific's, the part the grammar reads last) rather than
        // a tag made.
        let specific_start = text.len() - specific.len() - fragment.map_or(0, |f| f.len() + 1);
        TagUri::parse_owned_with(text, TagSyntax::Rfc4151).map_err(|error| {
            let index = error.index().saturating_sub(specific_start);
            invalid(
                Part::Specific,
                specific,
                ParseError::new(error.kind(), index),
            )
        })
    }
}

impl TagUri {
    /// Starts minting a tag for `authority` on `date` (RFC 4151 §2.2); see [`TagMinter`].
    ///
    /// ```
    /// use urn_tag::{TagDate, TagUri};
    ///
    /// let today = TagDate::new(2026, 1, 1).unwrap();
    /// let tag = TagUri::minter("example.com", "2001-07-01".parse()?)
    ///     .specific("web/home")
    ///     .mint(&today)?;
    /// assert_eq!(tag.as_str(), "tag:example.com,2001-07:web/home");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn minter(authority: &str, date: TagDate) -> TagMinter<'_> {
        TagMinter::new(authority, date)
    }
}

/// Why a [`TagMinter`] refused to mint a tag.
///
/// `Eq` compares the variant and what it holds.
///
/// ```
/// use urn_tag::{BuildErrorKind, MintError, ParseErrorKind, Part, TagDate, TagUri};
///
/// let today = TagDate::new(2026, 1, 1).unwrap();
/// let date = TagDate::new(2001, 1, 1).unwrap();
/// let err = TagUri::minter("a+b@example.com", date).mint(&today).unwrap_err();
/// let MintError::InvalidPart(cause) = err else { panic!("{err}") };
/// let kind = ParseErrorKind::InvalidChar { part: Part::Authority, ch: '+' };
/// assert_eq!((cause.part(), cause.kind()), (Part::Authority, BuildErrorKind::Parse(kind)));
/// assert_eq!(err.to_string(), "invalid character '+' in authority (byte 1 of the authority given)");
///
/// let err = TagUri::minter("localhost", date).mint(&today).unwrap_err();
/// assert_eq!(err, MintError::NotFullyQualified);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MintError {
    /// A part is not what the RFC 4151 ABNF (or the RFC 1035 lengths) allows: the authority,
    /// the specific or the fragment, with the index into the text given for that part.
    InvalidPart(BuildError),
    /// The domain name of the authority has a single label (RFC 4151 §2.1: the domain name
    /// "MUST be fully qualified").
    NotFullyQualified,
    /// The date is after today (RFC 4151 §2.2: an entity "MUST NOT mint tags under a future
    /// date").
    FutureDate {
        /// The date asked for.
        date: TagDate,
        /// Today, in UTC, as the clock said.
        today: TagDate,
    },
}

impl fmt::Display for MintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MintError::InvalidPart(error) => write!(f, "{error}"),
            MintError::NotFullyQualified => f.write_str(
                "the domain name in the authority is not fully qualified (it has no '.'); RFC 4151 §2.1: it MUST be",
            ),
            MintError::FutureDate { date, today } => write!(
                f,
                "date {date} is after today ({today} UTC); RFC 4151 §2.2: tags MUST NOT be minted under a future date"
            ),
        }
    }
}

impl core::error::Error for MintError {}
