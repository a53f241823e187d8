//! The authority name of a tag: its forms, and the RFC 1035 limits on its DNS name.

use core::fmt;

use crate::dns::{self, DnsLengthError};
use crate::error::ParseErrorKind;

/// The form of a tag's authority name (RFC 4151 §2.1 `authorityName`).
///
/// Values are equal when they name the same kind.
///
/// ```
/// use urn_tag::TagUri;
/// use urn_tag::tag::AuthorityKind;
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
    /// An authority of another form, accepted only by
    /// [`TagSyntax::Lenient`](crate::TagSyntax::Lenient); such a tag does not conform to
    /// RFC 4151.
    Opaque,
}

impl AuthorityKind {
    /// `dns`, `email` or `opaque`, as in JSON.
    ///
    /// ```
    /// assert_eq!(urn_tag::tag::AuthorityKind::Dns.name(), "dns");
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

/// Which rule of the tag grammar an authority name matched: finer than [`AuthorityKind`],
/// since an email address may match RFC 4151's own rule or erratum 1485's.
///
/// Values are equal when they name the same rule.
///
/// ```
/// use urn_tag::{TagSyntax, TagUri};
/// use urn_tag::tag::{AuthorityKind, AuthorityRule};
///
/// let rule = |tag| TagUri::parse_with(tag, TagSyntax::Lenient).map(|tag| tag.authority_rule());
/// assert_eq!(rule("tag:a.b@w3.org,2004:x")?, AuthorityRule::EmailAddress);
/// assert_eq!(rule("tag:a+b@w3.org,2004:x")?, AuthorityRule::Erratum1485EmailAddress);
/// assert_eq!(rule("tag:mac=00-00,2004:x")?, AuthorityRule::OpaqueAuthority);
/// assert_eq!(AuthorityRule::Erratum1485EmailAddress.kind(), AuthorityKind::Email);
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AuthorityRule {
    /// RFC 4151 §2.1 `DNSname`.
    DnsName,
    /// RFC 4151 §2.1 `emailAddress`: a local part of letters, digits, `-`, `.` and `_`.
    EmailAddress,
    /// RFC 4151 erratum 1485's `emailAddress`: an RFC 5322 `dot-atom` local part (what
    /// [`TagSyntax::Erratum1485`](crate::TagSyntax::Erratum1485) reads, and what
    /// [`TagSyntax::Lenient`](crate::TagSyntax::Lenient) tries after the original).
    Erratum1485EmailAddress,
    /// An authority of no form RFC 4151 defines, which only the lenient syntax accepts.
    OpaqueAuthority,
}

impl AuthorityRule {
    /// The form of authority the rule reads.
    ///
    /// ```
    /// use urn_tag::tag::{AuthorityKind, AuthorityRule};
    ///
    /// assert_eq!(AuthorityRule::DnsName.kind(), AuthorityKind::Dns);
    /// ```
    pub const fn kind(self) -> AuthorityKind {
        match self {
            AuthorityRule::DnsName => AuthorityKind::Dns,
            AuthorityRule::EmailAddress | AuthorityRule::Erratum1485EmailAddress => {
                AuthorityKind::Email
            }
            AuthorityRule::OpaqueAuthority => AuthorityKind::Opaque,
        }
    }

    /// The name of the rule in the crate's `tag.pest`, for readers of the grammar:
    /// `DNSname`, `emailAddress`, `erratum1485_emailAddress` or `opaqueAuthority`.
    ///
    /// ```
    /// use urn_tag::tag::AuthorityRule;
    ///
    /// assert_eq!(AuthorityRule::Erratum1485EmailAddress.grammar_rule(), "erratum1485_emailAddress");
    /// ```
    pub const fn grammar_rule(self) -> &'static str {
        match self {
            AuthorityRule::DnsName => "DNSname",
            AuthorityRule::EmailAddress => "emailAddress",
            AuthorityRule::Erratum1485EmailAddress => "erratum1485_emailAddress",
            AuthorityRule::OpaqueAuthority => "opaqueAuthority",
        }
    }
}

/// The RFC 1035 lengths of a tag's DNS name ([`dns::check_lengths`]), as a parse error's kind
/// and the index of the offending byte in `name`.
pub(crate) fn check_dns_lengths(name: &[u8]) -> Result<(), (ParseErrorKind, usize)> {
    dns::check_lengths(name).map_err(|(error, index)| {
        let kind = match error {
            DnsLengthError::LabelTooLong => ParseErrorKind::DnsLabelTooLong,
            DnsLengthError::NameTooLong => ParseErrorKind::DnsNameTooLong,
        };
        (kind, index)
    })
}
