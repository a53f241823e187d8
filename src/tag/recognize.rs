//! The recognizer seam: input text in, component offsets (or the first error) out.
//!
//! The recognizer is compiled from `tag.pest` at build time (`build/peg/`, `compiled.rs`).
//! With the `pest-reference` feature, builds with debug assertions (and the crate's unit
//! tests) also run the pest-derived parser of the same grammar on every input and assert that
//! both give the same verdict and the same offsets. The semantic layer sees only [`Offsets`].

use core::num::NonZeroUsize;

use super::authority::{AuthorityKind, AuthorityRule};
use crate::compiled;
use crate::error::ParseError;
use crate::rejection;
use crate::syntax::{SCHEME_LEN, TagSyntax};

/// Where the parts of a recognized tag lie. The authority always starts right after `tag:`,
/// and the date right after the `,`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Offsets {
    /// Index of the "," that ends the authority name.
    pub(crate) comma: usize,
    /// Index of the "@" of an email address; `None` for other authorities.
    pub(crate) at: Option<NonZeroUsize>,
    /// Index of the ":" that ends the date.
    pub(crate) colon: usize,
    /// Index of the "#" that starts the fragment; `None` when there is none.
    pub(crate) hash: Option<NonZeroUsize>,
    /// The grammar rule the authority name matched.
    pub(crate) rule: AuthorityRule,
}

/// Recognizes `input` with the grammar of `syntax` and reads the component offsets off the
/// captured spans; on a rejection, the grammar's failure report says where and why.
///
/// Inlined, like the recognizers it calls, so that spans and offsets are not returned
/// through memory: the caller's wide loads of them stalled on the narrow stores that wrote
/// them.
#[inline(always)]
pub(crate) fn recognize(input: &str, syntax: TagSyntax) -> Result<Offsets, ParseError> {
    let recognized = match spans(input.as_bytes(), syntax) {
        Some(spans) => Ok(offsets(&spans)),
        None => Err(rejected(input, syntax)),
    };
    #[cfg(all(debug_assertions, any(test, feature = "pest-reference")))]
    if crate::reference::cross_check() {
        reference::assert_agrees(input, syntax, &recognized);
    }
    recognized
}

/// Whether the grammar of `syntax` accepts `input`: the offsets [`recognize`] gives, or `None`
/// where it would build an error. The grammar's failure report is not run, which is most of
/// the time an invalid input takes; a caller that asks only whether an input is valid needs no
/// more.
#[inline(always)]
pub(crate) fn accepts(input: &[u8], syntax: TagSyntax) -> Option<Offsets> {
    spans(input, syntax).map(|spans| offsets(&spans))
}

/// The spans the compiled grammar of `syntax` captures in `input`, if it accepts it.
#[inline(always)]
fn spans(bytes: &[u8], syntax: TagSyntax) -> Option<compiled::tag::Spans> {
    // Called directly rather than through a function pointer, so that each is inlined.
    match syntax {
        TagSyntax::Rfc4151 => compiled::tag::rfc4151(bytes),
        TagSyntax::Erratum1485 => compiled::tag::erratum1485(bytes),
        TagSyntax::Lenient => compiled::tag::lenient(bytes),
    }
}

/// The offsets of an accepted tag, from the spans the recognizer captured.
#[inline(always)]
fn offsets(spans: &compiled::tag::Spans) -> Offsets {
    let rule = if spans.emailAddress().is_some() {
        AuthorityRule::EmailAddress
    } else if spans.erratum1485_emailAddress().is_some() {
        AuthorityRule::Erratum1485EmailAddress
    } else if spans.opaqueAuthority().is_some() {
        AuthorityRule::OpaqueAuthority
    } else {
        AuthorityRule::DnsName
    };
    // Every entry rule captures the date, so an accepted tag has one.
    let date = spans.date().unwrap_or(SCHEME_LEN..SCHEME_LEN);
    // The domain of an email address comes right after its "@".
    let at = match rule.kind() {
        AuthorityKind::Email => spans
            .DNSname()
            .and_then(|domain| NonZeroUsize::new(domain.start - 1)),
        AuthorityKind::Dns | AuthorityKind::Opaque => None,
    };
    Offsets {
        comma: date.start - 1,
        at,
        colon: date.end,
        hash: spans
            .fragment()
            .and_then(|fragment| NonZeroUsize::new(fragment.start - 1)),
        rule,
    }
}

/// The error for an input the grammar rejected, explained from the grammar's failure report
/// (`crate::rejection`).
#[cold]
fn rejected(input: &str, syntax: TagSyntax) -> ParseError {
    rejection::tag_error(input, syntax)
}

/// The pest-derived parser of `tag.pest`, run beside the compiled recognizer
/// by `pest-reference` builds with debug assertions.
#[cfg(all(debug_assertions, any(test, feature = "pest-reference")))]
mod reference {
    use core::num::NonZeroUsize;

    use pest::Parser;

    use super::{AuthorityKind, AuthorityRule, Offsets};
    use crate::error::ParseError;
    use crate::grammar::tag::{Rule, TagGrammar};
    use crate::syntax::TagSyntax;

    /// Panics unless pest gives the verdict and the offsets the compiled recognizer gave.
    pub(super) fn assert_agrees(
        input: &str,
        syntax: TagSyntax,
        compiled: &Result<Offsets, ParseError>,
    ) {
        let entry = match syntax {
            TagSyntax::Rfc4151 => Rule::rfc4151,
            TagSyntax::Erratum1485 => Rule::erratum1485,
            TagSyntax::Lenient => Rule::lenient,
        };
        let reference = TagGrammar::parse(entry, input).ok().map(|pairs| {
            let mut offsets = Offsets {
                comma: 0,
                at: None,
                colon: 0,
                hash: None,
                rule: AuthorityRule::DnsName,
            };
            let mut domain_start = None;
            for pair in pairs.flatten() {
                let span = pair.as_span();
                match pair.as_rule() {
                    Rule::emailAddress => offsets.rule = AuthorityRule::EmailAddress,
                    Rule::erratum1485_emailAddress => {
                        offsets.rule = AuthorityRule::Erratum1485EmailAddress;
                    }
                    Rule::DNSname => domain_start = Some(span.start()),
                    Rule::opaqueAuthority => offsets.rule = AuthorityRule::OpaqueAuthority,
                    Rule::date => (offsets.comma, offsets.colon) = (span.start() - 1, span.end()),
                    Rule::fragment => offsets.hash = NonZeroUsize::new(span.start() - 1),
                    _ => {}
                }
            }
            if offsets.rule.kind() == AuthorityKind::Email {
                offsets.at = domain_start.and_then(|start| NonZeroUsize::new(start - 1));
            }
            offsets
        });
        assert_eq!(
            compiled.as_ref().ok(),
            reference.as_ref(),
            "compiled tag.pest and pest disagree on {input:?} under {syntax}"
        );
    }
}
