//! The recognizer seam: input text in, component offsets (or the first error) out.
//!
//! Everything that knows about pest for tags is here. The semantic layer in `tag/mod.rs`
//! sees only [`Offsets`], so a faster recognizer generated from the same grammar could
//! replace this one without touching the public API.

use pest::Parser;

use super::{AuthorityKind, TagSyntax, diagnose};
use crate::error::{ParseError, Part};
use crate::grammar::{
    self,
    tag::{Rule, TagGrammar},
};

/// Where the parts of a recognized tag lie. The authority always starts at byte 4, after
/// `tag:`, and the date right after the `,`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Offsets {
    /// Index of the "," that ends the authority name.
    pub(crate) comma: usize,
    /// Index of the "@" of an email address; 0 for other authorities.
    pub(crate) at: usize,
    /// Index of the ":" that ends the date.
    pub(crate) colon: usize,
    /// Index of the "#" that starts the fragment; 0 when there is none.
    pub(crate) hash: usize,
    /// The form of the authority name.
    pub(crate) kind: AuthorityKind,
    /// Whether an email authority matched erratum 1485's `addr-spec` rather than the
    /// original `emailAddress` (the lenient syntax tries the original first).
    pub(crate) erratum1485_email: bool,
}

/// Parses `input` with the grammar of `syntax` and reads the component offsets off the parse.
pub(crate) fn recognize(input: &str, syntax: TagSyntax) -> Result<Offsets, ParseError> {
    let entry = match syntax {
        TagSyntax::Rfc4151 => Rule::rfc4151,
        TagSyntax::Erratum1485 => Rule::erratum1485,
        TagSyntax::Lenient => Rule::lenient,
    };
    let pairs = match TagGrammar::parse(entry, input) {
        Ok(pairs) => pairs,
        Err(rejection) => {
            let diagnosis = diagnose::first_syntax_error(input, syntax);
            return Err(grammar::rejected(
                input,
                &rejection,
                diagnosis,
                Part::Specific,
            ));
        }
    };
    let mut offsets = Offsets {
        comma: 0,
        at: 0,
        colon: 0,
        hash: 0,
        kind: AuthorityKind::Dns,
        erratum1485_email: false,
    };
    for pair in pairs.flatten() {
        let span = pair.as_span();
        match pair.as_rule() {
            Rule::emailAddress => offsets.kind = AuthorityKind::Email,
            Rule::erratum1485_emailAddress => {
                offsets.kind = AuthorityKind::Email;
                offsets.erratum1485_email = true;
            }
            // The domain of an email address comes right after its "@".
            Rule::DNSname if offsets.kind == AuthorityKind::Email => offsets.at = span.start() - 1,
            Rule::opaqueAuthority => offsets.kind = AuthorityKind::Opaque,
            Rule::date => (offsets.comma, offsets.colon) = (span.start() - 1, span.end()),
            Rule::fragment => offsets.hash = span.start() - 1,
            _ => {}
        }
    }
    Ok(offsets)
}
