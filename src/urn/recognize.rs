//! The recognizer seam: input text in, component offsets (or the first error) out.
//!
//! The recognizer is compiled from `urn.pest` at build time (`build/peg/`, `compiled.rs`).
//! With the `pest-reference` feature, builds with debug assertions (and the crate's unit
//! tests) also run the pest-derived parser of the same grammar on every input and assert that
//! both give the same verdict and the same offsets, so that every test, property test and fuzz
//! run is a differential test of the compiler. The semantic layer sees only
//! [`Offsets`].

use core::num::NonZeroUsize;
use core::ops::Range;

use crate::compiled;
use crate::error::ParseError;
use crate::rejection;
use crate::syntax::{NID_MAX_LEN, SCHEME_LEN, UrnSyntax};

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

/// Recognizes `input` with the grammar of `syntax` and reads the component offsets off the
/// captured spans; on a rejection, the grammar's failure report says where and why.
///
/// Inlined, like the recognizers it calls, so that spans and offsets are not returned
/// through memory: the caller's wide loads of them stalled on the narrow stores that wrote
/// them.
#[inline(always)]
pub(crate) fn recognize(input: &str, syntax: UrnSyntax) -> Result<Offsets, ParseError> {
    let recognized = match spans(input.as_bytes(), syntax) {
        Some(spans) => check_nid_length(input, syntax, offsets(&spans)),
        None => Err(rejected(input, syntax)),
    };
    #[cfg(all(debug_assertions, any(test, feature = "pest-reference")))]
    if crate::reference::cross_check() {
        reference::assert_agrees(input, syntax, &recognized);
    }
    recognized
}

/// Whether the grammar of `syntax` accepts `input` with its NID within the bound: the offsets
/// [`recognize`] gives, or `None` where it would build an error. The grammar's failure report
/// is not run, which is most of the time an invalid input takes; a caller that asks only
/// whether an input is valid needs no more.
#[inline(always)]
pub(crate) fn accepts(input: &[u8], syntax: UrnSyntax) -> Option<Offsets> {
    let offsets = offsets(&spans(input, syntax)?);
    nid_within_bound(&offsets).then_some(offsets)
}

/// The spans the compiled grammar of `syntax` captures in `input`, if it accepts it.
#[inline(always)]
fn spans(bytes: &[u8], syntax: UrnSyntax) -> Option<compiled::urn::Spans> {
    // Called directly rather than through a function pointer, so that each is inlined and
    // its spans never pass through memory.
    match syntax {
        UrnSyntax::Rfc8141 => compiled::urn::rfc8141(bytes),
        UrnSyntax::Rfc2141 => compiled::urn::rfc2141(bytes),
        UrnSyntax::Rfc2141bis => compiled::urn::rfc2141bis(bytes),
    }
}

/// The offsets of an accepted URN, from the spans the recognizer captured.
#[inline(always)]
fn offsets(spans: &compiled::urn::Spans) -> Offsets {
    let start = |span: Option<Range<usize>>| span.and_then(|span| NonZeroUsize::new(span.start));
    let nid = spans
        .NID()
        .or(spans.rfc2141_NID())
        .or(spans.rfc2141bis_NID());
    Offsets {
        // Every entry rule captures its NID, so an accepted URN has one.
        nid_end: nid.map_or(SCHEME_LEN, |nid| nid.end),
        r_start: start(spans.r_component()),
        q_start: start(spans.q_component().or(spans.query())),
        f_start: start(spans.f_component().or(spans.fragment())),
    }
}

/// The error for an input the grammar rejected, explained from the grammar's failure report
/// (`crate::rejection`).
#[cold]
fn rejected(input: &str, syntax: UrnSyntax) -> ParseError {
    rejection::urn_error(input, syntax)
}

/// The grammars' upper bound on the NID (`0*30(ldh)` between two alphanums in RFC 8141,
/// `[ 1,31<let-num-hyp> ]` in RFC 2141, `1*31(...)` in the draft), which `urn.pest` leaves
/// to Rust because a counted repetition is unrolled into that many optional steps.
#[inline]
fn check_nid_length(
    input: &str,
    syntax: UrnSyntax,
    offsets: Offsets,
) -> Result<Offsets, ParseError> {
    if nid_within_bound(&offsets) {
        Ok(offsets)
    } else {
        Err(nid_too_long(input, syntax))
    }
}

#[inline(always)]
fn nid_within_bound(offsets: &Offsets) -> bool {
    offsets.nid_end - SCHEME_LEN <= NID_MAX_LEN
}

/// The error for an NID past the bound: at the byte that first makes it too long.
#[cold]
fn nid_too_long(input: &str, syntax: UrnSyntax) -> ParseError {
    rejection::nid_too_long(input, syntax)
}

/// The pest-derived parser of `urn.pest`, run beside the compiled recognizer
/// by `pest-reference` builds with debug assertions.
#[cfg(all(debug_assertions, any(test, feature = "pest-reference")))]
mod reference {
    use core::num::NonZeroUsize;

    use pest::Parser;

    use super::{Offsets, check_nid_length};
    use crate::error::ParseError;
    use crate::grammar::{Rule, UrnGrammar};
    use crate::syntax::{SCHEME_LEN, UrnSyntax};

    /// Panics unless pest gives the verdict and the offsets the compiled recognizer gave.
    pub(super) fn assert_agrees(
        input: &str,
        syntax: UrnSyntax,
        compiled: &Result<Offsets, ParseError>,
    ) {
        let entry = match syntax {
            UrnSyntax::Rfc8141 => Rule::rfc8141,
            UrnSyntax::Rfc2141 => Rule::rfc2141,
            UrnSyntax::Rfc2141bis => Rule::rfc2141bis,
        };
        let reference = UrnGrammar::parse(entry, input).ok().map(|pairs| {
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
                    Rule::NID | Rule::rfc2141_NID | Rule::rfc2141bis_NID => {
                        offsets.nid_end = span.end();
                    }
                    Rule::r_component => offsets.r_start = start,
                    Rule::q_component | Rule::query => offsets.q_start = start,
                    Rule::f_component | Rule::fragment => offsets.f_start = start,
                    _ => {}
                }
            }
            offsets
        });
        match (reference, compiled) {
            (None, Err(_)) => {}
            (Some(offsets), compiled) => {
                let expected = check_nid_length(input, syntax, offsets);
                assert_eq!(
                    compiled.as_ref().ok(),
                    expected.as_ref().ok(),
                    "compiled urn.pest and pest disagree on {input:?} under {syntax}"
                );
            }
            (None, Ok(offsets)) => panic!(
                "compiled urn.pest accepts {input:?} under {syntax} ({offsets:?}); pest rejects it"
            ),
        }
    }
}
