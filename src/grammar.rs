//! The two pest grammars, compiled into recognizers.
//!
//! This is the only module that sees pest's derive macro; `Rule` and the parser types stay
//! crate-private so that no pest type reaches the public API.

use pest_derive::Parser;

use crate::error::{ParseError, ParseErrorKind, Part};

/// Recognizer generated from `urn.pest` (RFC 8141, RFC 2141 and the 2011 URNbis draft).
#[derive(Parser)]
#[grammar = "../urn.pest"]
pub(crate) struct UrnGrammar;

/// The tag URI grammar, in a module of its own because each derive defines its own `Rule`.
pub(crate) mod tag {
    use pest_derive::Parser;

    /// Recognizer generated from `tag.pest` (RFC 4151, its erratum 1485, and the lenient
    /// syntax that accepts any authority).
    #[derive(Parser)]
    #[grammar = "../tag.pest"]
    pub(crate) struct TagGrammar;
}

/// The error for an input the grammar rejected, given what the diagnosis found.
///
/// The diagnosis mirrors the grammar (tests check both directions), so it finds an error
/// whenever the grammar rejects. Should it ever miss one, the input is still rejected: the
/// error then sits at pest's own failure position, in `part`, and debug builds stop there.
pub(crate) fn rejected<R: pest::RuleType>(
    input: &str,
    rejection: &pest::error::Error<R>,
    diagnosis: Option<ParseError>,
    part: Part,
) -> ParseError {
    debug_assert!(
        diagnosis.is_some(),
        "grammar rejected {input:?}; diagnosis found nothing"
    );
    diagnosis.unwrap_or_else(|| {
        let index = match rejection.location {
            pest::error::InputLocation::Pos(pos) => pos,
            pest::error::InputLocation::Span((start, _)) => start,
        };
        let kind = match input.get(index..).and_then(|rest| rest.chars().next()) {
            Some(ch) => ParseErrorKind::InvalidChar { part, ch },
            None => ParseErrorKind::Empty(part),
        };
        ParseError::new(kind, index)
    })
}
