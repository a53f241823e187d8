//! The recognizer seam: input text in, component offsets (or the first error) out.
//!
//! Everything that knows about the grammar's parse for tags is here. The semantic layer in
//! `tag/mod.rs` sees only [`Offsets`].

use core::num::NonZeroUsize;

use pest::Parser;

use super::authority::{AuthorityKind, AuthorityRule};
use super::diagnose;
use crate::error::{ParseError, Part};
use crate::grammar::{
    self,
    tag::{Rule, TagGrammar},
};
use crate::syntax::TagSyntax;

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
            Rule::erratum1485_emailAddress => offsets.rule = AuthorityRule::Erratum1485EmailAddress,
            Rule::DNSname => domain_start = Some(span.start()),
            Rule::opaqueAuthority => offsets.rule = AuthorityRule::OpaqueAuthority,
            Rule::date => (offsets.comma, offsets.colon) = (span.start() - 1, span.end()),
            Rule::fragment => offsets.hash = NonZeroUsize::new(span.start() - 1),
            _ => {}
        }
    }
    // The domain of an email address comes right after its "@".
    if offsets.rule.kind() == AuthorityKind::Email {
        offsets.at = domain_start.and_then(|start| NonZeroUsize::new(start - 1));
    }
    Ok(offsets)
}
