//! The pest-derived parsers of the two grammars: the reference that the compiled recognizers
//! (`compiled.rs`) are proven equal to.
//!
//! This is the only module that sees pest's derive macro; `Rule` and the parser types stay
//! crate-private so that no pest type reaches the public API. Only the crate's unit tests and
//! builds with debug assertions and the `pest-reference` feature include it; they run both on
//! every input and assert that they agree (`urn/recognize.rs`, `tag/recognize.rs`). Everywhere
//! else the compiled recognizers decide alone, and pest_derive is not even built.

use pest_derive::Parser;

/// The parser pest derives from `urn.pest` (RFC 8141, RFC 2141 and the 2011 URNbis draft).
#[derive(Parser)]
#[grammar = "../urn.pest"]
pub(crate) struct UrnGrammar;

/// The tag URI grammar, in a module of its own because each derive defines its own `Rule`.
pub(crate) mod tag {
    use pest_derive::Parser;

    /// The parser pest derives from `tag.pest` (RFC 4151, its erratum 1485, and the lenient
    /// syntax that accepts any authority).
    #[derive(Parser)]
    #[grammar = "../tag.pest"]
    pub(crate) struct TagGrammar;
}
