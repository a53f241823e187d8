//! The `.pest` grammars (the `grammar-tools` feature): the ABNF cross-check, the style gates,
//! the review tools, the namespace grammars and the grammar compiler against pest.
//!
//! These modules share one test binary: linking an executable per test file was most of the
//! test build's time.

#[cfg(feature = "grammar-tools")]
mod abnf;

mod grammar_abnf;
mod grammar_style;
mod grammar_tools;
mod namespace_grammars;
mod peg_compiler;
