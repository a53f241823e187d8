//! Tag URIs: RFC 4151, with its erratum 1485 and a lenient syntax for other authorities.
//!
//! [`TagUri`] is the value, [`TagSyntax`] chooses how strictly its authority is read,
//! [`TagDate`] is its date with the RFC's defaults, and [`TagMinter`] makes new tags under the
//! minting rules of RFC 4151 §2.2, against a [`Clock`].
//!
//! ```
//! use urn_tag::{TagDate, TagUri};
//!
//! let tag = TagUri::parse("tag:my-ids.com,2001-09-15:TimKindberg:presentations:UBath2004-05-19")?;
//! assert_eq!(tag.date(), TagDate::new(2001, 9, 15).unwrap());
//! assert_eq!(tag.specific(), "TimKindberg:presentations:UBath2004-05-19");
//! # Ok::<(), urn_tag::ParseError>(())
//! ```

mod date;
mod diagnose;
mod mint;
mod recognize;

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::error::{ErrorKind, ParseError, Part};
use recognize::Offsets;

#[cfg(feature = "std")]
pub use date::SystemClock;
pub use date::{Clock, TagDate};
pub use mint::{MintError, TagMinter};

/// The syntax a tag is parsed under.
///
/// ```
/// use urn_tag::{AuthorityKind, TagSyntax, TagUri};
///
/// let plus = "tag:a+b@example.com,2020:x";
/// assert!(TagUri::parse_with(plus, TagSyntax::Rfc4151).is_err());
/// assert!(TagUri::parse_with(plus, TagSyntax::Erratum1485).is_ok());
///
/// let phone = "tag:+1-617-253-7288,2005:x";
/// let tag = TagUri::parse_with(phone, TagSyntax::Lenient)?;
/// assert_eq!(tag.authority_kind(), AuthorityKind::Opaque);
/// assert!(!tag.is_conforming());
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum TagSyntax {
    /// The ABNF of RFC 4151 §2.1 exactly: the authority is a DNS name or an email address
    /// whose local part is letters, digits, `-`, `.` and `_`.
    #[default]
    Rfc4151,
    /// RFC 4151 with erratum 1485 (Verified, Technical): the email address is an RFC 5322
    /// `addr-spec`, here a `dot-atom` local part of the characters a URI holds unencoded
    /// (letters, digits and `! $ & ' * + - = _ ~`, with single dots between atoms) and a DNS
    /// name. It replaces the original local part, so a leading, trailing or doubled `.`,
    /// which the original allows, is an error here.
    Erratum1485,
    /// Accepts what either of the others accepts, and also any other authority written with
    /// URI path characters other than `:` and `,` ([`AuthorityKind::Opaque`]): RFC 4151 §2.1
    /// says that "software that processes tags MUST NOT reject them on the grounds that they
    /// are outside the syntax defined above". The date, specific and fragment stay strict.
    Lenient,
}

impl TagSyntax {
    /// Every syntax, strictest first.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// let accepting: Vec<_> = TagSyntax::ALL
    ///     .into_iter()
    ///     .filter(|&syntax| TagUri::parse_with("tag:a+b@example.com,2020:x", syntax).is_ok())
    ///     .collect();
    /// assert_eq!(accepting, [TagSyntax::Erratum1485, TagSyntax::Lenient]);
    /// ```
    pub const ALL: [TagSyntax; 3] = [
        TagSyntax::Rfc4151,
        TagSyntax::Erratum1485,
        TagSyntax::Lenient,
    ];

    /// A short name: `rfc4151`, `erratum1485` or `lenient`.
    ///
    /// ```
    /// assert_eq!(urn_tag::TagSyntax::Erratum1485.name(), "erratum1485");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            TagSyntax::Rfc4151 => "rfc4151",
            TagSyntax::Erratum1485 => "erratum1485",
            TagSyntax::Lenient => "lenient",
        }
    }
}

impl fmt::Display for TagSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`TagSyntax`] from a name other than its three.
///
/// ```
/// use urn_tag::TagSyntax;
///
/// assert_eq!("Lenient".parse::<TagSyntax>(), Ok(TagSyntax::Lenient));
/// let err = "rfc5322".parse::<TagSyntax>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown tag syntax (expected rfc4151, erratum1485 or lenient)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("unknown tag syntax (expected rfc4151, erratum1485 or lenient)")]
pub struct UnknownTagSyntax;

impl FromStr for TagSyntax {
    type Err = UnknownTagSyntax;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        TagSyntax::ALL
            .into_iter()
            .find(|syntax| syntax.name().eq_ignore_ascii_case(name))
            .ok_or(UnknownTagSyntax)
    }
}

/// The form of a tag's authority name (RFC 4151 §2.1 `authorityName`).
///
/// ```
/// use urn_tag::{AuthorityKind, TagUri};
///
/// assert_eq!(TagUri::parse("tag:yaml.org,2002:int")?.authority_kind(), AuthorityKind::Dns);
/// assert_eq!(TagUri::parse("tag:sandro@w3.org,2004-05:Sandro")?.authority_kind(), AuthorityKind::Email);
/// assert_eq!(AuthorityKind::Email.name(), "email");
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AuthorityKind {
    /// A DNS name (`DNSname`).
    Dns,
    /// An email address (`emailAddress`): a local part, `@` and a DNS name.
    Email,
    /// An authority of another form, accepted only by [`TagSyntax::Lenient`]; such a tag
    /// does not conform to RFC 4151.
    Opaque,
}

impl AuthorityKind {
    /// `dns`, `email` or `opaque`, as in JSON.
    ///
    /// ```
    /// assert_eq!(urn_tag::AuthorityKind::Dns.name(), "dns");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            AuthorityKind::Dns => "dns",
            AuthorityKind::Email => "email",
            AuthorityKind::Opaque => "opaque",
        }
    }
}

impl fmt::Display for AuthorityKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A finding on a valid tag: what RFC 4151 advises against, or requires in prose that the
/// ABNF does not check, without making the tag invalid.
///
/// ```
/// use urn_tag::TagUri;
/// use urn_tag::tag::Lint;
///
/// let tag = TagUri::parse("tag:Example-COM,2005:caf%C3%A9")?;
/// assert_eq!(
///     tag.lints(),
///     [
///         Lint::UppercaseDomain { index: 4 },
///         Lint::NotFullyQualified,
///         Lint::PercentEncoding { index: 24 },
///     ]
/// );
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Lint {
    /// An upper-case letter in the domain name (RFC 4151 §2.1: "It is RECOMMENDED that the
    /// domain name should be in lowercase form"). Reported at the first one.
    UppercaseDomain {
        /// Index of the letter.
        index: usize,
    },
    /// A domain name of one label (RFC 4151 §2.1: the domain name "MUST be fully qualified";
    /// the ABNF cannot say so).
    NotFullyQualified,
    /// A percent-encoded octet in the specific or the fragment (RFC 4151 §2.1: "tags SHOULD
    /// NOT be minted with percent-encoded parts"). Reported at the first one.
    PercentEncoding {
        /// Index of the `%`.
        index: usize,
    },
}

impl Lint {
    /// A short name for the finding: `uppercase-domain`, `not-fully-qualified` or
    /// `percent-encoding`.
    ///
    /// ```
    /// assert_eq!(urn_tag::tag::Lint::NotFullyQualified.name(), "not-fully-qualified");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Lint::UppercaseDomain { .. } => "uppercase-domain",
            Lint::NotFullyQualified => "not-fully-qualified",
            Lint::PercentEncoding { .. } => "percent-encoding",
        }
    }
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Lint::UppercaseDomain { index } => write!(
                f,
                "upper case in the domain name at byte {index} (RFC 4151 §2.1: lowercase is RECOMMENDED)"
            ),
            Lint::NotFullyQualified => {
                f.write_str("the domain name is not fully qualified (RFC 4151 §2.1: it MUST be)")
            }
            Lint::PercentEncoding { index } => write!(
                f,
                "percent-encoding at byte {index} (RFC 4151 §2.1: tags SHOULD NOT be minted with percent-encoded parts)"
            ),
        }
    }
}

/// A tag URI (RFC 4151): `tag:` authority `,` date `:` specific, and an optional `#fragment`.
///
/// A `TagUri` owns its text exactly as it was given and knows where each part lies; the
/// accessors borrow from it without copying or parsing again.
///
/// ```
/// use urn_tag::{AuthorityKind, TagDate, TagUri};
///
/// let tag = TagUri::parse("tag:timothy@hpl.hp.com,2001:web/externalHome")?;
/// assert_eq!(tag.authority(), "timothy@hpl.hp.com");
/// assert_eq!(tag.authority_kind(), AuthorityKind::Email);
/// assert_eq!(tag.local_part(), Some("timothy"));
/// assert_eq!(tag.domain(), Some("hpl.hp.com"));
/// assert_eq!(tag.date_as_written(), "2001");
/// assert_eq!(tag.date(), TagDate::new(2001, 1, 1).unwrap());
/// assert_eq!(tag.specific(), "web/externalHome");
/// assert_eq!(tag.fragment(), None);
/// assert_eq!(tag.to_string(), "tag:timothy@hpl.hp.com,2001:web/externalHome");
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
///
/// # Equality
///
/// `Eq`, `Ord` and `Hash` compare the exact text, which is what RFC 4151 §2.4 prescribes:
/// tags "are considered equal if and only if they are completely indistinguishable in their
/// machine representations". So `tag:example.com,2000:` and `tag:example.com,2000-01-01:`
/// differ, though they name the same day, and so do `tag:EXAMPLE.com,2000:` and
/// `tag:example.com,2000:`.
#[derive(Clone)]
pub struct TagUri {
    serialization: String,
    syntax: TagSyntax,
    date: TagDate,
    offsets: Offsets,
}

impl TagUri {
    /// Parses a tag under the ABNF of RFC 4151.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// let tag = TagUri::parse("tag:yaml.org,2002:int")?;
    /// assert_eq!(tag.specific(), "int");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse(input: &str) -> Result<TagUri, ParseError> {
        TagUri::parse_with(input, TagSyntax::Rfc4151)
    }

    /// Parses a tag under `syntax`.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// let tag = TagUri::parse_with("tag:a+b@example.com,2020:x", TagSyntax::Erratum1485)?;
    /// assert_eq!(tag.local_part(), Some("a+b"));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse_with(input: &str, syntax: TagSyntax) -> Result<TagUri, ParseError> {
        let (offsets, date) = check(input, syntax)?;
        Ok(TagUri {
            serialization: input.to_owned(),
            syntax,
            date,
            offsets,
        })
    }

    /// Parses an owned string under `syntax`, keeping its buffer.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// let tag = TagUri::parse_owned_with(String::from("tag:yaml.org,2002:int"), TagSyntax::Rfc4151)?;
    /// assert_eq!(tag.authority(), "yaml.org");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse_owned_with(input: String, syntax: TagSyntax) -> Result<TagUri, ParseError> {
        let (offsets, date) = check(&input, syntax)?;
        Ok(TagUri {
            serialization: input,
            syntax,
            date,
            offsets,
        })
    }

    /// The whole tag, exactly as parsed.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("TAG:yaml.org,2002:int")?.as_str(), "TAG:yaml.org,2002:int");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// Gives the tag's text back, without copying.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// let text: String = TagUri::parse("tag:yaml.org,2002:int")?.into_string();
    /// assert_eq!(text, "tag:yaml.org,2002:int");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.serialization
    }

    /// The syntax the tag was parsed under.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// assert_eq!(TagUri::parse("tag:yaml.org,2002:int")?.syntax(), TagSyntax::Rfc4151);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn syntax(&self) -> TagSyntax {
        self.syntax
    }

    /// The tagging entity: the authority name, `,` and the date (RFC 4151 §2.1
    /// `taggingEntity`, "the name space part of the URI").
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("tag:sandro@w3.org,2004-05:Sandro")?.tagging_entity(), "sandro@w3.org,2004-05");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn tagging_entity(&self) -> &str {
        &self.serialization[4..self.offsets.colon]
    }

    /// The authority name, as written.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("tag:EXAMPLE.com,2000:")?.authority(), "EXAMPLE.com");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn authority(&self) -> &str {
        &self.serialization[4..self.offsets.comma]
    }

    /// The form of the authority name.
    ///
    /// ```
    /// use urn_tag::{AuthorityKind, TagUri};
    ///
    /// assert_eq!(TagUri::parse("tag:blogger.com,1999:blog-555")?.authority_kind(), AuthorityKind::Dns);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn authority_kind(&self) -> AuthorityKind {
        self.offsets.kind
    }

    /// The rule of `tag.pest` that matched the authority name: `DNSname`, `emailAddress`
    /// (RFC 4151 §2.1), `erratum1485_emailAddress` (the RFC 5322 form of erratum 1485, which
    /// the lenient syntax tries after the original) or `opaqueAuthority` (lenient only).
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// let rule = |tag| TagUri::parse_with(tag, TagSyntax::Lenient).map(|tag| tag.authority_rule());
    /// assert_eq!(rule("tag:a.b@w3.org,2004:x")?, "emailAddress");
    /// assert_eq!(rule("tag:a+b@w3.org,2004:x")?, "erratum1485_emailAddress");
    /// assert_eq!(rule("tag:mac=00-00,2004:x")?, "opaqueAuthority");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn authority_rule(&self) -> &'static str {
        match self.offsets.kind {
            AuthorityKind::Dns => "DNSname",
            AuthorityKind::Email if self.offsets.erratum1485_email => "erratum1485_emailAddress",
            AuthorityKind::Email => "emailAddress",
            AuthorityKind::Opaque => "opaqueAuthority",
        }
    }

    /// Whether the tag conforms to RFC 4151 (with or without erratum 1485): false only for
    /// an [`AuthorityKind::Opaque`] authority, which only [`TagSyntax::Lenient`] accepts.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// assert!(TagUri::parse("tag:yaml.org,2002:int")?.is_conforming());
    /// let mac = TagUri::parse_with("tag:mac=00-00-5E-00-53-00,2005:x", TagSyntax::Lenient)?;
    /// assert!(!mac.is_conforming());
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn is_conforming(&self) -> bool {
        self.offsets.kind != AuthorityKind::Opaque
    }

    /// The local part of an email authority (before the `@`); `None` for other authorities.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("tag:sandro@w3.org,2004-05:Sandro")?.local_part(), Some("sandro"));
    /// assert_eq!(TagUri::parse("tag:w3.org,2004-05:Sandro")?.local_part(), None);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn local_part(&self) -> Option<&str> {
        match self.offsets.kind {
            AuthorityKind::Email => Some(&self.serialization[4..self.offsets.at]),
            AuthorityKind::Dns | AuthorityKind::Opaque => None,
        }
    }

    /// The DNS name of the authority: all of a DNS authority, the part after the `@` of an
    /// email authority; `None` for an opaque authority.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("tag:sandro@w3.org,2004-05:Sandro")?.domain(), Some("w3.org"));
    /// assert_eq!(TagUri::parse("tag:w3.org,2004-05:Sandro")?.domain(), Some("w3.org"));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn domain(&self) -> Option<&str> {
        match self.offsets.kind {
            AuthorityKind::Dns => Some(self.authority()),
            AuthorityKind::Email => {
                Some(&self.serialization[self.offsets.at + 1..self.offsets.comma])
            }
            AuthorityKind::Opaque => None,
        }
    }

    /// The date as written: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("tag:sandro@w3.org,2004-05:Sandro")?.date_as_written(), "2004-05");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn date_as_written(&self) -> &str {
        &self.serialization[self.offsets.comma + 1..self.offsets.colon]
    }

    /// The day the date denotes, the month and day defaulting to `01` (RFC 4151 §2.2).
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// let tag = TagUri::parse("tag:sandro@w3.org,2004-05:Sandro")?;
    /// assert_eq!(tag.date().to_string(), "2004-05-01");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn date(&self) -> TagDate {
        self.date
    }

    /// The specific part, as written (percent-encodings are not decoded); possibly empty.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// let tag = TagUri::parse("tag:my-ids.com,2001-09-15:TimKindberg:presentations:UBath2004-05-19")?;
    /// assert_eq!(tag.specific(), "TimKindberg:presentations:UBath2004-05-19");
    /// assert_eq!(TagUri::parse("tag:example.com,2000:")?.specific(), "");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn specific(&self) -> &str {
        let end = match self.offsets.hash {
            0 => self.serialization.len(),
            hash => hash,
        };
        &self.serialization[self.offsets.colon + 1..end]
    }

    /// The fragment (after `#`), if present, possibly empty.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("tag:example.com,2000:#anchor")?.fragment(), Some("anchor"));
    /// assert_eq!(TagUri::parse("tag:example.com,2000:#")?.fragment(), Some(""));
    /// assert_eq!(TagUri::parse("tag:example.com,2000:")?.fragment(), None);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        match self.offsets.hash {
            0 => None,
            hash => Some(&self.serialization[hash + 1..]),
        }
    }

    /// Every part, in order, with its byte range: the scheme (`tag`, without its colon), the
    /// authority, the date, the specific (perhaps empty) and, when there is a `#`, the
    /// fragment (perhaps empty).
    ///
    /// ```
    /// use urn_tag::{Part, TagUri};
    ///
    /// let tag = TagUri::parse("tag:yaml.org,2002:int#")?;
    /// let parts: Vec<_> = tag.parts().collect();
    /// assert_eq!(
    ///     parts,
    ///     [(Part::Scheme, 0..3), (Part::Authority, 4..12), (Part::Date, 13..17), (Part::Specific, 18..21), (Part::Fragment, 22..22)]
    /// );
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn parts(&self) -> impl Iterator<Item = (Part, core::ops::Range<usize>)> + '_ {
        let Offsets {
            comma, colon, hash, ..
        } = self.offsets;
        let len = self.serialization.len();
        let specific_end = if hash == 0 { len } else { hash };
        [
            Some((Part::Scheme, 0..3)),
            Some((Part::Authority, 4..comma)),
            Some((Part::Date, comma + 1..colon)),
            Some((Part::Specific, colon + 1..specific_end)),
            (hash != 0).then_some((Part::Fragment, hash + 1..len)),
        ]
        .into_iter()
        .flatten()
    }

    /// What RFC 4151 advises against in this tag, or requires only in prose, in the order of
    /// the bytes they are found at. An empty list for a tag minted as the RFC recommends.
    ///
    /// ```
    /// use urn_tag::TagUri;
    /// use urn_tag::tag::Lint;
    ///
    /// assert_eq!(TagUri::parse("tag:yaml.org,2002:int")?.lints(), []);
    /// assert_eq!(TagUri::parse("tag:diveintomark-org,2003:x")?.lints(), [Lint::NotFullyQualified]);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn lints(&self) -> Vec<Lint> {
        let mut lints = Vec::new();
        if let Some(domain) = self.domain() {
            let domain_start = self.offsets.comma - domain.len();
            if let Some(at) = domain.bytes().position(|b| b.is_ascii_uppercase()) {
                lints.push(Lint::UppercaseDomain {
                    index: domain_start + at,
                });
            }
            if !domain.contains('.') {
                lints.push(Lint::NotFullyQualified);
            }
        }
        let after_date = self.offsets.colon + 1;
        if let Some(at) = self.serialization[after_date..].find('%') {
            lints.push(Lint::PercentEncoding {
                index: after_date + at,
            });
        }
        lints
    }

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

/// Recognizes `input` and applies the rules the grammar cannot state.
fn check(input: &str, syntax: TagSyntax) -> Result<(Offsets, TagDate), ParseError> {
    let offsets = recognize::recognize(input, syntax)?;
    let date = check_prose_rules(input, &offsets)?;
    Ok((offsets, date))
}

/// The rules RFC 4151 states in prose or by reference, in the order of the bytes they apply
/// to: the RFC 1035 lengths of the DNS name, then a date that exists (§2.2: "according to the
/// Gregorian calendar"; months 01 to 12).
fn check_prose_rules(input: &str, offsets: &Offsets) -> Result<TagDate, ParseError> {
    let domain_start = match offsets.kind {
        AuthorityKind::Dns => Some(4),
        AuthorityKind::Email => Some(offsets.at + 1),
        AuthorityKind::Opaque => None,
    };
    if let Some(start) = domain_start {
        check_dns_lengths(&input[start..offsets.comma])
            .map_err(|(kind, index)| ParseError::new(kind, start + index))?;
    }
    let date_start = offsets.comma + 1;
    TagDate::from_written(&input[date_start..offsets.colon])
        .map_err(|(kind, index)| ParseError::new(kind, date_start + index))
}

/// RFC 1035 §2.3.4: "labels 63 octets or less"; "names 255 octets or less", counted as §3.1
/// does, with a length octet before each label and the empty root label at the end, so at
/// most 253 written characters. The index is that of the offending label, or 0 for the name.
fn check_dns_lengths(name: &str) -> Result<(), (ErrorKind, usize)> {
    let mut start = 0;
    for label in name.split('.') {
        if label.len() > 63 {
            return Err((ErrorKind::DnsLabelTooLong, start));
        }
        start += label.len() + 1;
    }
    if name.len() + 2 > 255 {
        return Err((ErrorKind::DnsNameTooLong, 0));
    }
    Ok(())
}

impl fmt::Debug for TagUri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("TagUri");
        debug
            .field("syntax", &self.syntax)
            .field("authority", &self.authority())
            .field("authority_kind", &self.authority_kind())
            .field("date", &self.date_as_written())
            .field("specific", &self.specific());
        if let Some(fragment) = self.fragment() {
            debug.field("fragment", &fragment);
        }
        debug.finish()
    }
}

crate::text::text_value!(TagUri, "a tag under RFC 4151", |input| {
    TagUri::parse_owned_with(input, TagSyntax::Rfc4151)
});

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::vec;

    /// The diagnosis must find an error exactly when the recognizer rejects; checked under
    /// each syntax on a dense set of short inputs over the characters that matter.
    #[test]
    fn diagnosis_agrees_with_recognizer() {
        let alphabet = [
            "a", "0", "-", ".", "@", "_", "+", "(", ",", ":", "#", "%", "/", "?", " ", "é",
        ];
        let prefixes = [
            "",
            "tag:",
            "tag:a",
            "tag:a.",
            "tag:a-",
            "tag:a@",
            "tag:a@b",
            "tag:.",
            "tag:+",
            "tag:a,",
            "tag:a,2000",
            "tag:a,2000-01",
            "tag:a,2000-01-01",
            "tag:a,2000:",
            "tag:a,2000:x#",
        ];
        let mut inputs = Vec::new();
        for prefix in prefixes {
            let mut level = vec![String::new()];
            inputs.push(String::from(prefix));
            for _ in 0..3 {
                level = level
                    .iter()
                    .flat_map(|tail| alphabet.iter().map(move |c| format!("{tail}{c}")))
                    .collect();
                inputs.extend(level.iter().map(|tail| format!("{prefix}{tail}")));
            }
        }
        // Dates: every digit run and hyphen placement up to 11 characters, then ":".
        for len in 0..=11 {
            for hyphens in 0u32..(1 << len) {
                let date: String = (0..len)
                    .map(|i| if hyphens & (1 << i) != 0 { '-' } else { '1' })
                    .collect();
                inputs.push(format!("tag:a,{date}:"));
                inputs.push(format!("tag:a,{date}"));
            }
        }
        assert!(inputs.len() > 60_000);
        for input in &inputs {
            for syntax in TagSyntax::ALL {
                let recognized = recognize::recognize(input, syntax);
                let diagnosis = diagnose::first_syntax_error(input, syntax);
                assert_eq!(recognized.err(), diagnosis, "{syntax} {input:?}");
            }
        }
    }

    /// The minter's checks of single parts agree with the grammar: an authority, specific or
    /// fragment passes alone exactly when a tag made with it is recognized with that part.
    #[test]
    fn part_checks_agree_with_recognizer() {
        let alphabet = [
            "a", "0", "-", ".", "@", "_", "+", "(", ",", ":", "#", "%", "/", " ",
        ];
        let mut texts = vec![String::new()];
        let mut level = vec![String::new()];
        for _ in 0..4 {
            level = level
                .iter()
                .flat_map(|text| alphabet.iter().map(move |c| format!("{text}{c}")))
                .collect();
            texts.extend(level.iter().cloned());
        }
        for text in &texts {
            for syntax in TagSyntax::ALL {
                let tag = format!("tag:{text},2000:");
                let whole = recognize::recognize(&tag, syntax)
                    .is_ok_and(|offsets| offsets.comma == 4 + text.len());
                let alone = diagnose::authority_error(text, syntax);
                assert_eq!(
                    alone.is_none(),
                    whole,
                    "{syntax} authority {text:?}: {alone:?}"
                );
            }
            for part in [crate::Part::Specific, crate::Part::Fragment] {
                let tag = match part {
                    crate::Part::Specific => format!("tag:a,2000:{text}"),
                    _ => format!("tag:a,2000:#{text}"),
                };
                let whole = recognize::recognize(&tag, TagSyntax::Rfc4151).is_ok_and(|offsets| {
                    (part == crate::Part::Fragment) == (offsets.hash != 0)
                        && tag.len() - text.len() == offsets.hash.max(offsets.colon) + 1
                });
                let alone = diagnose::component_error(text, part);
                assert_eq!(alone.is_none(), whole, "{part} {text:?}: {alone:?}");
            }
        }
    }

    #[test]
    fn dns_lengths_count_octets_as_rfc_1035_does() {
        let label = |n| "a".repeat(n);
        assert_eq!(check_dns_lengths(&label(63)), Ok(()));
        assert_eq!(
            check_dns_lengths(&format!("b.{}", label(64))),
            Err((ErrorKind::DnsLabelTooLong, 2))
        );
        // 253 written characters (255 octets on the wire) is the most a name can have.
        let name_253 = format!("{0}.{0}.{0}.{1}", label(63), label(61));
        assert_eq!(name_253.len(), 253);
        assert_eq!(check_dns_lengths(&name_253), Ok(()));
        let name_254 = format!("{0}.{0}.{0}.{1}", label(63), label(62));
        assert_eq!(
            check_dns_lengths(&name_254),
            Err((ErrorKind::DnsNameTooLong, 0))
        );
    }
}
