//! The two pest grammars, compiled into recognizers.
//!
//! This is the only module that sees pest's derive macro; `Rule` and the parser types stay
//! crate-private so that no pest type reaches the public API.

use pest_derive::Parser;

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
