//! The verdict on one input given as bytes: an identifier, or the problem with it.
//!
//! The library parses text; before it can, the command line checks what only bytes can have
//! wrong: invalid UTF-8, and (for lines) a length past `--max-line-bytes`.

use std::fmt;

use urn_tag::{Identifier, ParseError, Scheme, Syntax, TagLint, UrnLint};

use crate::identifiers::Input;

/// Why an input is not a valid identifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// The library's error.
    Parse(ParseError),
    /// The input is not UTF-8: `index` is the first byte of the first invalid sequence.
    InvalidUtf8 { index: usize },
    /// A line longer than `max` bytes, reported at byte `max` without being read whole.
    LineTooLong { max: u64 },
    /// A valid identifier with a lint, under `check --strict`: its first lint.
    Lint {
        lint: Lint,
        /// With `--namespaces`, whether the URN's namespace was checked: a grammar of it was
        /// applied, or its registration states no syntax of its own.
        namespace_checked: bool,
    },
}

/// A lint of a URN or of a tag URI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lint {
    Urn(UrnLint),
    Tag(TagLint),
}

impl Lint {
    /// The lints of `identifier`, in the library's order; those of a URN's namespace only with
    /// `namespaces`, as `check` reads namespaces only then (and a namespace grammar for every
    /// URN would double what `check --json` costs).
    pub fn all_of(identifier: &Identifier<&str>, namespaces: bool) -> Vec<Lint> {
        match identifier {
            Identifier::Urn(urn) if namespaces => urn.lints().into_iter().map(Lint::Urn).collect(),
            Identifier::Urn(urn) => urn.rfc_lints().into_iter().map(Lint::Urn).collect(),
            Identifier::Tag(tag) => tag.lints().into_iter().map(Lint::Tag).collect(),
        }
    }

    /// The lint's stable name (`check --json`'s `code`): `example-nid`, `uppercase-domain`, ...
    pub fn code(self) -> &'static str {
        match self {
            Lint::Urn(lint) => lint.name(),
            Lint::Tag(lint) => lint.name(),
        }
    }

    /// The byte the lint is about, for a lint about one place.
    pub fn index(self) -> Option<usize> {
        match self {
            Lint::Urn(lint) => lint.index(),
            Lint::Tag(TagLint::UppercaseDomain { index } | TagLint::PercentEncoding { index }) => {
                Some(index)
            }
            Lint::Tag(_) => None,
        }
    }
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Lint::Urn(lint) => lint.fmt(f),
            Lint::Tag(lint) => lint.fmt(f),
        }
    }
}

impl Problem {
    /// The byte the problem is at.
    pub fn index(&self) -> u64 {
        match *self {
            Problem::Parse(error) => error.index() as u64,
            Problem::InvalidUtf8 { index } => index as u64,
            Problem::LineTooLong { max } => max,
            // A lint about the whole identifier is at its start.
            Problem::Lint { lint, .. } => lint.index().unwrap_or(0) as u64,
        }
    }

    /// The stable snake_case name of the problem (`check --json`'s `error.kind`).
    pub fn code(&self) -> &'static str {
        match self {
            Problem::Parse(error) => error.kind().code(),
            Problem::InvalidUtf8 { .. } => "invalid_utf8",
            Problem::LineTooLong { .. } => "line_too_long",
            Problem::Lint { .. } => "lint",
        }
    }

    /// The stable snake_case name of the part of the identifier it is about (`check --json`'s
    /// `error.part`), if it is about one.
    pub fn part(&self) -> Option<&'static str> {
        match self {
            Problem::Parse(error) => Some(error.part().code()),
            Problem::InvalidUtf8 { .. } | Problem::LineTooLong { .. } | Problem::Lint { .. } => {
                None
            }
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Parse(error) => error.fmt(f),
            Problem::InvalidUtf8 { index } => write!(f, "invalid UTF-8 at byte {index}"),
            Problem::LineTooLong { max: 1 } => write!(f, "line longer than 1 byte"),
            Problem::LineTooLong { max } => write!(f, "line longer than {max} bytes"),
            Problem::Lint { lint, .. } => lint.fmt(f),
        }
    }
}

/// Parses `bytes` in place, as a URN or a tag URI by its scheme.
pub fn identify(bytes: &[u8], syntax: Syntax) -> Result<Identifier<&str>, Problem> {
    let text = std::str::from_utf8(bytes).map_err(|error| Problem::InvalidUtf8 {
        index: error.valid_up_to(),
    })?;
    Identifier::parse_borrowed_with(text, syntax).map_err(Problem::Parse)
}

/// Parses an input as [`identify`] does; one known to be text is not checked as UTF-8
/// again.
pub fn identify_input(input: Input<'_>, syntax: Syntax) -> Result<Identifier<&str>, Problem> {
    match input {
        Input::Text(text) => Identifier::parse_borrowed_with(text, syntax).map_err(Problem::Parse),
        Input::Bytes(bytes) => identify(bytes, syntax),
    }
}

/// The scheme `bytes` begins with, if any (`check --json`'s `kind` of an invalid input).
pub fn scheme_of(bytes: &[u8]) -> Option<Scheme> {
    let head = bytes.get(..4)?;
    Scheme::of(std::str::from_utf8(head).ok()?)
}

/// The bytes of a command-line argument: on Unix exactly those given, so that an argument
/// that is not UTF-8 is reported as such instead of refused by the argument parser.
pub fn arg_bytes(arg: &std::ffi::OsStr) -> &[u8] {
    arg.as_encoded_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_is_reported_at_its_first_byte() {
        let problem = identify(b"urn:ex:a\xffb", Syntax::new()).unwrap_err();
        assert_eq!(problem, Problem::InvalidUtf8 { index: 8 });
        assert_eq!(problem.to_string(), "invalid UTF-8 at byte 8");
        assert_eq!((problem.code(), problem.part()), ("invalid_utf8", None));
    }

    #[test]
    fn parse_errors_keep_the_library_names() {
        let problem = identify(b"urn:example:a%zz", Syntax::new()).unwrap_err();
        assert_eq!(problem.code(), "invalid_percent_encoding");
        assert_eq!(problem.part(), Some("nss"));
        assert_eq!(problem.index(), 14);
    }

    #[test]
    fn schemes_are_read_off_the_first_bytes() {
        assert_eq!(scheme_of(b"TAG:x"), Some(Scheme::Tag));
        assert_eq!(scheme_of(b"urn:\xff"), Some(Scheme::Urn));
        assert_eq!(scheme_of(b"ur"), None);
        assert_eq!(scheme_of(b"\xffrn:"), None);
    }
}
