//! The recognizer seam: input text in, component offsets (or the first error) out.
//!
//! Everything that knows about pest for URNs is here. The semantic layer in `urn/mod.rs`
//! sees only [`Offsets`], so a faster recognizer generated from the same grammar could
//! replace this one without touching the public API.

use pest::Parser;

use super::{Spec, diagnose};
use crate::error::{ErrorKind, ParseError, Part};
use crate::grammar::{self, Rule, UrnGrammar};

/// Where the parts of a recognized URN lie. The NID always starts at byte 4, after `urn:`.
///
/// A component offset is the index of the component's first byte, after its delimiter, or
/// 0 when the component is absent: no component can start at 0, so the value needs no
/// `Option` and the struct stays four words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Offsets {
    /// Index of the colon that ends the NID.
    pub(crate) nid_end: usize,
    /// RFC 8141 r-component.
    pub(crate) r_start: usize,
    /// RFC 8141 q-component, or the draft's query.
    pub(crate) q_start: usize,
    /// RFC 8141 f-component, or the draft's fragment.
    pub(crate) f_start: usize,
}

/// Parses `input` with the grammar of `spec` and reads the component offsets off the parse.
pub(crate) fn recognize(input: &str, spec: Spec) -> Result<Offsets, ParseError> {
    let entry = match spec {
        Spec::Rfc8141 => Rule::rfc8141,
        Spec::Rfc2141 => Rule::rfc2141,
        Spec::Rfc2141bis => Rule::rfc2141bis,
    };
    let pairs = match UrnGrammar::parse(entry, input) {
        Ok(pairs) => pairs,
        Err(rejection) => {
            let diagnosis = diagnose::first_syntax_error(input, spec);
            return Err(grammar::rejected(input, &rejection, diagnosis, Part::Nss));
        }
    };
    let mut offsets = Offsets::default();
    for pair in pairs.flatten() {
        let span = pair.as_span();
        match pair.as_rule() {
            Rule::NID | Rule::rfc2141_NID | Rule::rfc2141bis_NID => offsets.nid_end = span.end(),
            Rule::r_component => offsets.r_start = span.start(),
            Rule::q_component | Rule::query => offsets.q_start = span.start(),
            Rule::f_component | Rule::fragment => offsets.f_start = span.start(),
            _ => {}
        }
    }
    check_nid_length(input, spec, &offsets)?;
    Ok(offsets)
}

/// The longest NID any of the grammars allows.
const NID_MAX_LEN: usize = 32;

/// The grammars' upper bound on the NID (`0*30(ldh)` between two alphanums in RFC 8141,
/// `[ 1,31<let-num-hyp> ]` in RFC 2141, `1*31(...)` in the draft), which `urn.pest` leaves
/// to Rust because pest unrolls a counted repetition into that many optional steps.
fn check_nid_length(input: &str, spec: Spec, offsets: &Offsets) -> Result<(), ParseError> {
    if offsets.nid_end - 4 <= NID_MAX_LEN {
        return Ok(());
    }
    // The diagnosis knows which byte first makes the NID too long.
    Err(diagnose::first_syntax_error(input, spec)
        .unwrap_or(ParseError::new(ErrorKind::NidTooLong, 4 + NID_MAX_LEN)))
}
