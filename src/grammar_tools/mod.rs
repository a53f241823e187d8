//! Tools for reviewing grammar files: reading a `.pest` text at run time, running one of its
//! rules with pest's interpreter, drawing a rule's railroad diagram, and compiling RFC 5234
//! ABNF for membership tests and generated examples (and drawing its rules' diagrams too).
//!
//! These are the tools of `urn-tag grammar` (`diagram`, `coverage`, `try`) and of the grammar
//! playground, which both depend on this module so that they say the same thing about the same
//! text; the ABNF cross-check of the grammar files (`tests/grammar/`) and the playground's
//! registration check share [`abnf`]. The library's own parsers never use them: they are
//! compiled from the grammar files at build time.
//!
//! A grammar text may come from anyone (the playground runs what a visitor types or a link
//! carries), so everything here is bounded. [`check_limits`] refuses, before pest_meta reads a
//! text, one that nests deeper than pest_meta's recursive reader, validator and optimizer can
//! take, or that is too long; reading takes time linear in the text; a run stops at pest's
//! budget of [`MAX_CALLS`] rule calls and at pest's check of the stack (see [`Trial`]);
//! [`abnf`] bounds its ABNF likewise. Errors are values, never panics.
//!
//! ```
//! use urn_tag::grammar_tools::{load, Trial};
//!
//! let source = "/// RFC 8141 §2:\n///     NID = (alphanum) 0*30(ldh) (alphanum)\nnid = { ASCII_ALPHANUMERIC+ }\n";
//! let (text, compiled) = load(source).expect("a usable grammar");
//! assert_eq!(text.rules[0].name, "nid");
//! assert_eq!(text.rules[0].doc, ["RFC 8141 §2:", "    NID = (alphanum) 0*30(ldh) (alphanum)"]);
//!
//! let runner = compiled.runner("nid").expect("the grammar has the rule");
//! assert!(matches!(runner.run("isbn"), Trial::Parsed { end: 4, .. }));
//! assert!(matches!(runner.run("-"), Trial::Failed { index: 0, .. }));
//!
//! let svg = text.diagrams().draw("nid").expect("a rule of the text");
//! assert!(svg.starts_with("<svg"));
//! ```
//!
//! The module is built with the `grammar-tools` feature, which needs `std`. pest's types do
//! not appear in it: a grammar's errors are [`GrammarError`]s, pest's reports as text with
//! their line and column.

mod drawing;
mod generate;
mod interpret;
mod limits;
mod source;
mod trace;

pub mod abnf;

#[cfg(test)]
mod tests;

use core::fmt;
use std::prelude::rust_2024::*;

pub use drawing::Diagrams;
pub use generate::{
    ATTEMPTS_PER_KEPT_STRING, ATTEMPTS_PER_STRING, Examples, MAX_DRAW_DEPTH, MAX_DRAWN_LEN,
};
pub use interpret::{Limit, MAX_CALLS, Runner, TreeNode, Trial};
pub use limits::{
    MAX_CALL_NESTING, MAX_NESTING, MAX_RULE_TERMS, MAX_TERMS, MAX_TEXT, check_limits,
};
pub use source::{Compiled, GrammarText, NoSuchRule, RuleKind, RuleText, load};
pub use trace::{MAX_STEPS, RunEvent, Step, StepKind, Steps, Trace};

/// An error in a grammar text, as pest reports it: where (`--> line:column`), the line with a
/// caret under the place, and what is wrong.
///
/// ```
/// use urn_tag::grammar_tools::GrammarText;
///
/// let errors = GrammarText::read("a = { b }").err().expect("an undefined rule");
/// assert_eq!(errors[0].line_col(), (1, 7));
/// assert_eq!(errors[0].message(), "rule b is undefined");
/// assert_eq!(
///     errors[0].to_string(),
///     " --> 1:7\n  |\n1 | a = { b }\n  |       ^\n  |\n  = rule b is undefined"
/// );
/// ```
#[derive(Debug, Clone)]
pub struct GrammarError(pest::error::Error<pest_meta::parser::Rule>);

impl GrammarError {
    /// The line and column (1-based, in characters) the error is at.
    pub fn line_col(&self) -> (usize, usize) {
        match self.0.line_col {
            pest::error::LineColLocation::Pos(at) | pest::error::LineColLocation::Span(at, _) => at,
        }
    }

    /// What is wrong, without the place: the line after `=` in the report.
    pub fn message(&self) -> String {
        self.0.variant.message().into_owned()
    }

    /// The same error, its report naming the file `path` (`--> path:line:column`).
    ///
    /// ```
    /// use urn_tag::grammar_tools::GrammarText;
    ///
    /// let errors = GrammarText::read("a = { b }").err().expect("an undefined rule");
    /// let named = errors[0].clone().with_path("edited.pest");
    /// assert!(named.to_string().starts_with(" --> edited.pest:1:7\n"));
    /// ```
    #[must_use]
    pub fn with_path(self, path: &str) -> GrammarError {
        GrammarError(self.0.with_path(path))
    }
}

impl fmt::Display for GrammarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for GrammarError {}

/// pest's errors of a text, as this module gives them.
fn errors(errors: Vec<pest::error::Error<pest_meta::parser::Rule>>) -> Vec<GrammarError> {
    errors.into_iter().map(GrammarError).collect()
}

/// `n` with a space between groups of three digits, as this project writes counts in its
/// messages (the limits' refusals, `urn-tag grammar try --steps`).
///
/// ```
/// use urn_tag::grammar_tools::grouped;
///
/// assert_eq!(grouped(5_204), "5 204");
/// assert_eq!(grouped(1_000_000), "1 000 000");
/// assert_eq!(grouped(999), "999");
/// ```
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(digit);
    }
    out
}
