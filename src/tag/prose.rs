//! The rules RFC 4151 states in prose or by reference, checked after the grammar accepted a
//! tag: the RFC 1035 lengths of its DNS name and a date that exists.

use super::authority::AuthorityKind;
use super::authority::check_dns_lengths;
use super::date::TagDate;
use super::recognize::Offsets;
use crate::error::ParseError;
use crate::syntax::SCHEME_LEN;

/// The prose rules, in the order of the bytes they apply to: the RFC 1035 lengths of the DNS
/// name, then a date that exists (§2.2: "according to the Gregorian calendar"; months 01 to
/// 12). Returns the date.
///
/// It reads bytes, not `str` slices: the offsets are the grammar's, so the UTF-8 boundary
/// checks of a `str` slice would only cost time on every parse. Inlined into the parse, like
/// the recognizer before it, so that the offsets need not pass through memory.
#[inline]
pub(super) fn check(input: &str, offsets: &Offsets) -> Result<TagDate, ParseError> {
    let bytes = input.as_bytes();
    if let Some(start) = offsets.domain_start() {
        check_dns_lengths(&bytes[start..offsets.comma])
            .map_err(|(kind, index)| ParseError::new(kind, start + index))?;
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
