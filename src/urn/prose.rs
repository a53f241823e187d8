//! The rules of RFC 2141 and the 2011 draft that their grammars state in prose, checked after
//! the grammar accepted a URN.

use core::num::NonZeroUsize;

use super::recognize::Offsets;
use crate::error::{ParseError, ParseErrorKind, Part};
use crate::syntax::{SCHEME_LEN, UrnSyntax};

/// The prose rules of RFC 2141 and the 2011 draft: the NID "urn" is reserved (RFC 2141 §2.1,
/// draft §2.1) and the NUL octet must not appear, not even as `%00` (RFC 2141 §2.4, draft
/// §2.3.3). RFC 8141 has neither rule.
///
/// Always inlined, into the parse and the validity check alike, where for RFC 8141 it folds
/// to nothing.
#[inline(always)]
pub(super) fn check(input: &[u8], syntax: UrnSyntax, offsets: &Offsets) -> Result<(), ParseError> {
    if syntax.reserves_urn_nid() && input[SCHEME_LEN..offsets.nid_end].eq_ignore_ascii_case(b"urn")
    {
        return Err(ParseError::new(
            ParseErrorKind::ReservedNid(syntax),
            SCHEME_LEN,
        ));
    }
    if !syntax.forbids_nul() {
        return Ok(());
    }
    let bytes = input;
    // The grammar has already checked that every '%' starts a well-formed escape.
    let nul = (offsets.nid_end + 1..bytes.len().saturating_sub(2))
        .find(|&i| bytes[i] == b'%' && bytes[i + 1] == b'0' && bytes[i + 2] == b'0');
    let Some(i) = nul else {
        return Ok(());
    };
    let starts_before = |start: Option<NonZeroUsize>| start.is_some_and(|start| start.get() <= i);
    let part = if starts_before(offsets.f_start) {
        Part::Fragment
    } else if starts_before(offsets.q_start) {
        Part::Query
    } else {
        Part::Nss
    };
    Err(ParseError::new(
        ParseErrorKind::NulOctet { part, syntax },
        i,
    ))
}
