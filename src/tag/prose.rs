//! The rules RFC 4151 states in prose or by reference, checked after the grammar accepted a
//! tag: the RFC 1035 lengths of its DNS name and a date that exists.

use super::authority::check_dns_lengths;
use super::authority::{AuthorityKind, AuthorityRule};
use super::date::TagDate;
use super::recognize::Offsets;
use crate::error::ParseError;
use crate::syntax::{SCHEME_LEN, TagSyntax};

/// The prose rules, in the order of the bytes they apply to: the RFC 1035 lengths of the DNS
/// name, then a date that exists (§2.2: "according to the Gregorian calendar"; months 01 to
/// 12). Returns the date.
///
/// Under [`TagSyntax::Lenient`] a DNS name or email address that breaks RFC 1035's lengths
/// is no DNS name or email address, so its authority is of no form RFC 4151 defines; §2.1
/// says software "MUST NOT reject them on the grounds that they are outside the syntax", so
/// it becomes an opaque authority, as `tag:a..b,2000:x` is, rather than an error. The other
/// syntaxes reject it. The opaque authority's characters hold every DNS name's and email
/// address's, so the lenient grammar would read it as one.
///
/// It reads bytes, not `str` slices: the offsets are the grammar's, so the UTF-8 boundary
/// checks of a `str` slice would only cost time on every parse. Always inlined, into the parse
/// and the validity check alike, like the recognizer before it, so that the offsets need not
/// pass through memory.
#[inline(always)]
pub(super) fn check(
    bytes: &[u8],
    offsets: &mut Offsets,
    syntax: TagSyntax,
) -> Result<TagDate, ParseError> {
    if let Some(start) = offsets.domain_start()
        && let Err((kind, index)) = check_dns_lengths(&bytes[start..offsets.comma])
    {
        if syntax != TagSyntax::Lenient {
            return Err(ParseError::new(kind, start + index));
        }
        offsets.rule = AuthorityRule::OpaqueAuthority;
        offsets.at = None;
    }
    let date_start = offsets.comma + 1;
    TagDate::from_written(&bytes[date_start..offsets.colon])
        .map_err(|(kind, index)| ParseError::new(kind, date_start + index))
}

impl Offsets {
    /// Where the DNS name of the authority starts: all of a DNS authority, after the `@` of
    /// an email address; `None` for an opaque authority.
    pub(super) fn domain_start(&self) -> Option<usize> {
        match self.rule.kind() {
            AuthorityKind::Dns => Some(SCHEME_LEN),
            AuthorityKind::Email => self.at.map(|at| at.get() + 1),
            AuthorityKind::Opaque => None,
        }
    }
}
