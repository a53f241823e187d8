//! How to read identifiers: the two schemes, the URN syntaxes, the tag syntaxes, and
//! [`Syntax`], the one value that chooses both.
//!
//! This module sits at the bottom of the crate (it imports nothing from it): the grammars, the
//! errors and the values above all refer to these names.

use core::fmt;
use core::str::FromStr;

/// The length of either scheme with its colon: `urn:` and `tag:` are both four bytes, so the
/// first part after the scheme always starts at this index.
pub(crate) const SCHEME_LEN: usize = "urn:".len();

/// The longest NID any URN syntax allows: RFC 8141 `0*30(ldh)` between two alphanums,
/// RFC 2141 `[ 1,31<let-num-hyp> ]` after one, the draft's `1*31(...)` after one. The grammars
/// leave this bound to Rust (see the NID rules of urn.pest).
pub(crate) const NID_MAX_LEN: usize = 32;
const _: () = assert!("tag:".len() == SCHEME_LEN);

/// The two schemes this crate parses.
///
/// Values are equal when they name the same scheme.
///
/// ```
/// use urn_tag::Scheme;
///
/// assert_eq!(Scheme::of("URN:isbn:0451450523"), Some(Scheme::Urn));
/// assert_eq!(Scheme::of("tag:yaml.org,2002:int"), Some(Scheme::Tag));
/// assert_eq!(Scheme::of("http://example.com/"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scheme {
    /// `urn:` (RFC 8141, RFC 2141).
    Urn,
    /// `tag:` (RFC 4151).
    Tag,
}

impl Scheme {
    /// The scheme `input` starts with (`urn:` or `tag:`, in any case), if either. Only the
    /// first four bytes are read: whether the rest is valid is for the parsers to say.
    ///
    /// ```
    /// use urn_tag::Scheme;
    ///
    /// assert_eq!(Scheme::of("TAG:whatever"), Some(Scheme::Tag));
    /// assert_eq!(Scheme::of("urn"), None);
    /// ```
    pub fn of(input: &str) -> Option<Scheme> {
        Scheme::of_bytes(input.as_bytes())
    }

    /// [`Scheme::of`] for bytes, which need not be UTF-8 (for
    /// [`Identifier::is_valid_bytes_with`](crate::Identifier::is_valid_bytes_with)'s callers,
    /// which hold bytes).
    ///
    /// ```
    /// use urn_tag::Scheme;
    ///
    /// assert_eq!(Scheme::of_bytes(b"URN:\xff"), Some(Scheme::Urn));
    /// assert_eq!(Scheme::of_bytes(b"tag"), None);
    /// ```
    #[inline]
    pub fn of_bytes(input: &[u8]) -> Option<Scheme> {
        // The four bytes as one number, the 0x20 bit of the three letters set: for each letter
        // exactly its two cases give the lower-case one, and the colon is compared as it is.
        const LETTERS_LOWERED: u32 = u32::from_le_bytes([0x20, 0x20, 0x20, 0]);
        let head = u32::from_le_bytes(*input.first_chunk::<SCHEME_LEN>()?) | LETTERS_LOWERED;
        if head == u32::from_le_bytes(*b"urn:") {
            Some(Scheme::Urn)
        } else if head == u32::from_le_bytes(*b"tag:") {
            Some(Scheme::Tag)
        } else {
            None
        }
    }

    /// The scheme's name, lower case: `urn` or `tag`.
    ///
    /// ```
    /// assert_eq!(urn_tag::Scheme::Tag.name(), "tag");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Scheme::Urn => "urn",
            Scheme::Tag => "tag",
        }
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The URN specification whose syntax a URN is read under.
///
/// Values are equal when they name the same syntax.
///
/// ```
/// use urn_tag::{Urn, UrnSyntax};
///
/// // RFC 2141 reserves "/" in the NSS; RFC 8141 allows it.
/// assert!(Urn::parse_with("urn:example:a/b", UrnSyntax::Rfc8141).is_ok());
/// assert!(Urn::parse_with("urn:example:a/b", UrnSyntax::Rfc2141).is_err());
/// assert_eq!("rfc2141bis".parse::<UrnSyntax>(), Ok(UrnSyntax::Rfc2141bis));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum UrnSyntax {
    /// RFC 8141 (2017), the current standard: `urn:NID:NSS` with optional `?+r`, `?=q` and
    /// `#f` components, NIDs of 2 to 32 characters that neither start nor end with `-`.
    #[default]
    Rfc8141,
    /// RFC 2141 (1997): `urn:NID:NSS` only, NIDs of 1 to 32 characters, no `/ ? # & ~` in the
    /// NSS, the NID `urn` and `%00` forbidden.
    Rfc2141,
    /// draft-ietf-urnbis-rfc2141bis-urn-01 (2011): `urn:NID:NSS` with an RFC 3986 `?query`
    /// and `#fragment`, an NSS of `pchar` (adding `&` and `~`, but no `/`), the NID `urn` and
    /// `%00` forbidden.
    Rfc2141bis,
}

impl UrnSyntax {
    /// Every URN syntax, the default (RFC 8141) first.
    ///
    /// ```
    /// use urn_tag::{Urn, UrnSyntax};
    ///
    /// let accepting: Vec<UrnSyntax> = UrnSyntax::ALL
    ///     .into_iter()
    ///     .filter(|&syntax| Urn::parse_with("urn:a:b", syntax).is_ok())
    ///     .collect();
    /// assert_eq!(accepting, [UrnSyntax::Rfc2141]);
    /// ```
    pub const ALL: [UrnSyntax; 3] = [
        UrnSyntax::Rfc8141,
        UrnSyntax::Rfc2141,
        UrnSyntax::Rfc2141bis,
    ];

    /// The short name used on the command line and in JSON: `rfc8141`, `rfc2141` or
    /// `rfc2141bis`.
    ///
    /// ```
    /// assert_eq!(urn_tag::UrnSyntax::Rfc8141.name(), "rfc8141");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            UrnSyntax::Rfc8141 => "rfc8141",
            UrnSyntax::Rfc2141 => "rfc2141",
            UrnSyntax::Rfc2141bis => "rfc2141bis",
        }
    }

    /// The title of the document, as cited in error messages.
    ///
    /// ```
    /// use urn_tag::UrnSyntax;
    ///
    /// assert_eq!(UrnSyntax::Rfc2141bis.document(), "draft-ietf-urnbis-rfc2141bis-urn-01");
    /// ```
    pub const fn document(self) -> &'static str {
        match self {
            UrnSyntax::Rfc8141 => "RFC 8141",
            UrnSyntax::Rfc2141 => "RFC 2141",
            UrnSyntax::Rfc2141bis => "draft-ietf-urnbis-rfc2141bis-urn-01",
        }
    }

    /// Whether the syntax reserves the NID "urn" (RFC 2141 §2.1, draft §2.1).
    pub(crate) const fn reserves_urn_nid(self) -> bool {
        !matches!(self, UrnSyntax::Rfc8141)
    }

    /// Whether the syntax forbids the NUL octet, even as `%00` (RFC 2141 §2.4, draft
    /// §2.3.3).
    pub(crate) const fn forbids_nul(self) -> bool {
        !matches!(self, UrnSyntax::Rfc8141)
    }

    /// The section that forbids `%00` (RFC 2141 §2.4, draft §2.3.3).
    pub(crate) const fn nul_section(self) -> &'static str {
        match self {
            UrnSyntax::Rfc2141 => "2.4",
            UrnSyntax::Rfc8141 | UrnSyntax::Rfc2141bis => "2.3.3",
        }
    }
}

impl fmt::Display for UrnSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of reading a [`UrnSyntax`] from a name other than `rfc8141`, `rfc2141` or
/// `rfc2141bis`.
///
/// The error holds nothing, so all its values are equal.
///
/// ```
/// use urn_tag::UrnSyntax;
///
/// let err = "rfc3986".parse::<UrnSyntax>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown URN syntax (expected rfc8141, rfc2141 or rfc2141bis)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("unknown URN syntax (expected rfc8141, rfc2141 or rfc2141bis)")]
pub struct UnknownUrnSyntax;

impl FromStr for UrnSyntax {
    type Err = UnknownUrnSyntax;

    /// Reads a short name ([`UrnSyntax::name`]), in any case.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        UrnSyntax::ALL
            .into_iter()
            .find(|syntax| syntax.name().eq_ignore_ascii_case(name))
            .ok_or(UnknownUrnSyntax)
    }
}

/// The syntax a tag URI is read under: how strictly its authority is read.
///
/// Values are equal when they name the same syntax.
///
/// ```
/// use urn_tag::{TagSyntax, TagUri};
/// use urn_tag::tag::AuthorityKind;
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
    /// URI path characters other than `:` and `,`, a DNS name or an email address beyond RFC
    /// 1035's lengths included
    /// ([`AuthorityKind::Opaque`](crate::tag::AuthorityKind::Opaque)): RFC 4151 §2.1 says
    /// that "software that processes tags MUST NOT reject them on the grounds that they are
    /// outside the syntax defined above". The date, specific and fragment stay strict.
    Lenient,
}

impl TagSyntax {
    /// Every tag syntax, strictest first.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// let accepting: Vec<TagSyntax> = TagSyntax::ALL
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

    /// What the syntax follows, as cited in messages: `RFC 4151`, `RFC 4151 with erratum
    /// 1485`, or `RFC 4151 with any authority`.
    ///
    /// ```
    /// assert_eq!(urn_tag::TagSyntax::Erratum1485.document(), "RFC 4151 with erratum 1485");
    /// ```
    pub const fn document(self) -> &'static str {
        match self {
            TagSyntax::Rfc4151 => "RFC 4151",
            TagSyntax::Erratum1485 => "RFC 4151 with erratum 1485",
            TagSyntax::Lenient => "RFC 4151 with any authority",
        }
    }

    /// The short name used on the command line: `rfc4151`, `erratum1485` or `lenient`.
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

/// The error of reading a [`TagSyntax`] from a name other than `rfc4151`, `erratum1485` or
/// `lenient`.
///
/// The error holds nothing, so all its values are equal.
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

    /// Reads a short name ([`TagSyntax::name`]), in any case.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        TagSyntax::ALL
            .into_iter()
            .find(|syntax| syntax.name().eq_ignore_ascii_case(name))
            .ok_or(UnknownTagSyntax)
    }
}

/// How to read identifiers of either scheme: the URN syntax and the tag syntax, in one value.
///
/// `Eq` compares the URN syntax, the tag syntax and whether namespace grammars apply.
///
/// [`Identifier::parse_with`](crate::Identifier::parse_with), the
/// [`Finder`](crate::find::Finder) and every command of the `urn-tag` tool take one. The
/// default reads URNs by RFC 8141 and tags by RFC 4151.
///
/// ```
/// use urn_tag::{Identifier, Syntax, TagSyntax, UrnSyntax};
///
/// let old = Syntax::new().with_urn(UrnSyntax::Rfc2141).with_tag(TagSyntax::Lenient);
/// assert_eq!((old.urn(), old.tag()), (UrnSyntax::Rfc2141, TagSyntax::Lenient));
/// assert!(Identifier::parse_with("urn:a:b", old).is_ok());
/// assert!(Identifier::parse_with("tag:+1-617-253-7288,2005:x", old).is_ok());
/// assert!(Identifier::parse("urn:a:b").is_err());
/// assert_eq!(Syntax::new(), Syntax::default());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Syntax {
    urn: UrnSyntax,
    tag: TagSyntax,
    namespaces: bool,
}

impl Syntax {
    /// URNs by RFC 8141, tags by RFC 4151.
    ///
    /// ```
    /// use urn_tag::{Syntax, TagSyntax, UrnSyntax};
    ///
    /// assert_eq!((Syntax::new().urn(), Syntax::new().tag()), (UrnSyntax::Rfc8141, TagSyntax::Rfc4151));
    /// ```
    pub const fn new() -> Syntax {
        Syntax {
            urn: UrnSyntax::Rfc8141,
            tag: TagSyntax::Rfc4151,
            namespaces: false,
        }
    }

    /// The same, with URNs read under `urn`.
    ///
    /// ```
    /// use urn_tag::{Syntax, UrnSyntax};
    ///
    /// assert_eq!(Syntax::new().with_urn(UrnSyntax::Rfc2141bis).urn(), UrnSyntax::Rfc2141bis);
    /// ```
    #[must_use]
    pub const fn with_urn(self, urn: UrnSyntax) -> Syntax {
        Syntax { urn, ..self }
    }

    /// The same, with tags read under `tag`.
    ///
    /// ```
    /// use urn_tag::{Syntax, TagSyntax};
    ///
    /// assert_eq!(Syntax::new().with_tag(TagSyntax::Erratum1485).tag(), TagSyntax::Erratum1485);
    /// ```
    #[must_use]
    pub const fn with_tag(self, tag: TagSyntax) -> Syntax {
        Syntax { tag, ..self }
    }

    /// The same, with URNs also checked against the grammar and prose rules of their namespace
    /// ([`crate::namespace`]): a URN whose NSS breaks them is an error
    /// ([`ParseErrorKind::Namespace`](crate::ParseErrorKind::Namespace)); a URN of a namespace
    /// the crate has no grammar for is read as RFC 8141 alone reads it.
    ///
    /// ```
    /// use urn_tag::{Identifier, Syntax};
    ///
    /// let strict = Syntax::new().with_namespaces(true);
    /// assert!(Identifier::parse_with("urn:uuid:12345", Syntax::new()).is_ok());
    /// let err = Identifier::parse_with("urn:uuid:12345", strict).unwrap_err();
    /// assert_eq!(err.to_string(), "NSS breaks rule uuid_time_low of namespace uuid (namespaces/uuid.pest) at byte 14");
    /// ```
    #[must_use]
    pub const fn with_namespaces(self, namespaces: bool) -> Syntax {
        Syntax { namespaces, ..self }
    }

    /// Whether URNs are checked against their namespaces.
    ///
    /// ```
    /// assert!(!urn_tag::Syntax::new().namespaces());
    /// ```
    pub const fn namespaces(self) -> bool {
        self.namespaces
    }

    /// The syntax URNs are read under.
    ///
    /// ```
    /// assert_eq!(urn_tag::Syntax::new().urn(), urn_tag::UrnSyntax::Rfc8141);
    /// ```
    pub const fn urn(self) -> UrnSyntax {
        self.urn
    }

    /// The syntax tags are read under.
    ///
    /// ```
    /// assert_eq!(urn_tag::Syntax::new().tag(), urn_tag::TagSyntax::Rfc4151);
    /// ```
    pub const fn tag(self) -> TagSyntax {
        self.tag
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scheme read as one number is the scheme `eq_ignore_ascii_case` finds: every byte
    /// value at every place of `urn:` and `tag:` (each letter's other case among them), and
    /// inputs shorter than a scheme.
    #[test]
    fn schemes_are_told_as_eq_ignore_ascii_case_tells_them() {
        let reference = |input: &[u8]| {
            let head = input.get(..SCHEME_LEN)?;
            if head.eq_ignore_ascii_case(b"urn:") {
                Some(Scheme::Urn)
            } else if head.eq_ignore_ascii_case(b"tag:") {
                Some(Scheme::Tag)
            } else {
                None
            }
        };
        for scheme in [*b"urn:", *b"tag:", *b"URN:", *b"TaG:"] {
            for at in 0..SCHEME_LEN {
                for byte in 0..=u8::MAX {
                    let mut input = scheme;
                    input[at] = byte;
                    assert_eq!(Scheme::of_bytes(&input), reference(&input), "{input:?}");
                }
            }
            for len in 0..SCHEME_LEN {
                assert_eq!(Scheme::of_bytes(&scheme[..len]), None);
            }
        }
    }
}
