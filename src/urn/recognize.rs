//! The recognizer seam: input text in, component offsets (or the first error) out.
//!
//! Everything that knows about the grammar's parse for URNs is here. The semantic layer in
//! `urn/mod.rs` sees only [`Offsets`].

use core::num::NonZeroUsize;

use pest::Parser;

use super::diagnose;
use crate::error::{ParseError, ParseErrorKind, Part};
use crate::grammar::{self, Rule, UrnGrammar};
use crate::syntax::{SCHEME_LEN, UrnSyntax};

/// Where the parts of a recognized URN lie. The NID always starts right after `urn:`.
///
/// A component's offset is the index of its first byte, after its delimiter; a component
/// always follows the scheme, the NID and the NSS, so it never starts at 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Offsets {
    /// Index of the colon that ends the NID.
    pub(crate) nid_end: usize,
    /// RFC 8141 r-component.
    pub(crate) r_start: Option<NonZeroUsize>,
    /// RFC 8141 q-component, or the draft's query.
    pub(crate) q_start: Option<NonZeroUsize>,
    /// RFC 8141 f-component, or the draft's fragment.
    pub(crate) f_start: Option<NonZeroUsize>,
}

/// Parses `input` with the grammar of `syntax` and reads the component offsets off the parse.
pub(crate) fn recognize(input: &str, syntax: UrnSyntax) -> Result<Offsets, ParseError> {
    let entry = match syntax {
        UrnSyntax::Rfc8141 => Rule::rfc8141,
        UrnSyntax::Rfc2141 => Rule::rfc2141,
        UrnSyntax::Rfc2141bis => Rule::rfc2141bis,
    };
    let pairs = match UrnGrammar::parse(entry, input) {
        Ok(pairs) => pairs,
        Err(rejection) => {
            let diagnosis = diagnose::first_syntax_error(input, syntax);
            return Err(grammar::rejected(input, &rejection, diagnosis, Part::Nss));
        }
    };
    let mut offsets = Offsets {
        nid_end: SCHEME_LEN,
        r_start: None,
        q_start: None,
        f_start: None,
    };
    for pair in pairs.flatten() {
        let span = pair.as_span();
        let start = NonZeroUsize::new(span.start());
        match pair.as_rule() {
            Rule::NID | Rule::rfc2141_NID | Rule::rfc2141bis_NID => offsets.nid_end = span.end(),
            Rule::r_component => offsets.r_start = start,
            Rule::q_component | Rule::query => offsets.q_start = start,
            Rule::f_component | Rule::fragment => offsets.f_start = start,
            _ => {}
        }
    }
    check_nid_length(input, syntax, &offsets)?;
    Ok(offsets)
}

/// The longest NID any of the grammars allows.
const NID_MAX_LEN: usize = 32;

/// The grammars' upper bound on the NID (`0*30(ldh)` between two alphanums in RFC 8141,
/// `[ 1,31<let-num-hyp> ]` in RFC 2141, `1*31(...)` in the draft), which `urn.pest` leaves
/// to Rust because pest unrolls a counted repetition into that many optional steps.
fn check_nid_length(input: &str, syntax: UrnSyntax, offsets: &Offsets) -> Result<(), ParseError> {
    if offsets.nid_end - SCHEME_LEN <= NID_MAX_LEN {
        return Ok(());
    }
    // The diagnosis knows which byte first makes the NID too long.
    Err(
        diagnose::first_syntax_error(input, syntax).unwrap_or(ParseError::new(
            ParseErrorKind::NidTooLong,
            SCHEME_LEN + NID_MAX_LEN,
        )),
    )
}
