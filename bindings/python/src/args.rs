//! The arguments every function takes: the text to read, and the names of the syntaxes.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use urn_tag::{Identifier, ParseError, Scheme, Syntax, TagSyntax, TagUri, Urn, UrnSyntax};

use crate::errors;
use crate::text;

/// The URN syntax named `spec` (`rfc8141`, `rfc2141` or `rfc2141bis`, in any case).
pub fn urn_syntax(spec: &str) -> PyResult<UrnSyntax> {
    urn_syntax_named(spec).map_err(PyValueError::new_err)
}

/// The tag syntax named `tag_syntax` (`rfc4151`, `erratum1485` or `lenient`).
pub fn tag_syntax(name: &str) -> PyResult<TagSyntax> {
    tag_syntax_named(name).map_err(PyValueError::new_err)
}

/// The syntax of identifiers of either scheme.
pub fn syntax(spec: &str, tag_syntax_name: &str, namespaces: bool) -> PyResult<Syntax> {
    syntax_named(spec, tag_syntax_name, namespaces).map_err(PyValueError::new_err)
}

// The same, with the message as a plain string: the DuckDB functions (`duckdb.rs`) read their
// arguments on DuckDB's threads, where no Python exception is made.

fn urn_syntax_named(spec: &str) -> Result<UrnSyntax, String> {
    spec.parse()
        .map_err(|error| format!("spec {spec:?}: {error}"))
}

fn tag_syntax_named(name: &str) -> Result<TagSyntax, String> {
    name.parse()
        .map_err(|error| format!("tag_syntax {name:?}: {error}"))
}

fn syntax_named(spec: &str, tag_syntax_name: &str, namespaces: bool) -> Result<Syntax, String> {
    Ok(Syntax::new()
        .with_urn(urn_syntax_named(spec)?)
        .with_tag(tag_syntax_named(tag_syntax_name)?)
        .with_namespaces(namespaces))
}

/// How the batch functions read each value: as `urn-tag check` does, a URN or a tag URI by its
/// scheme, or only the scheme asked for.
#[derive(Debug, Clone, Copy)]
pub struct Reading {
    pub syntax: Syntax,
    /// The one scheme asked for (`scheme="urn"` or `"tag"`), or `None` for both.
    pub only: Option<Scheme>,
}

impl Reading {
    /// The reading the arguments name; `scheme` is `"urn"`, `"tag"` or `None`.
    pub fn new(
        spec: &str,
        tag_syntax_name: &str,
        namespaces: bool,
        scheme: Option<&str>,
    ) -> PyResult<Reading> {
        Reading::named(spec, tag_syntax_name, namespaces, scheme).map_err(PyValueError::new_err)
    }

    /// [`Reading::new`] with the message of a wrong name as a string.
    pub fn named(
        spec: &str,
        tag_syntax_name: &str,
        namespaces: bool,
        scheme: Option<&str>,
    ) -> Result<Reading, String> {
        let only = match scheme {
            None => None,
            Some("urn") => Some(Scheme::Urn),
            Some("tag") => Some(Scheme::Tag),
            Some(other) => {
                return Err(format!(
                    "scheme {other:?}: expected \"urn\", \"tag\" or None"
                ));
            }
        };
        Ok(Reading {
            syntax: syntax_named(spec, tag_syntax_name, namespaces)?,
            only,
        })
    }

    /// `text` parsed by its scheme; a value of another scheme than the one asked for gets the
    /// error of that scheme's parser (which expects its own scheme first).
    pub fn parse<'t>(&self, text: &'t str) -> Result<Identifier<&'t str>, ParseError> {
        match (self.only, Scheme::of(text)) {
            (Some(Scheme::Urn), found) if found != Some(Scheme::Urn) => {
                Urn::parse_borrowed_with(text, self.syntax.urn()).map(Identifier::Urn)
            }
            (Some(Scheme::Tag), found) if found != Some(Scheme::Tag) => {
                TagUri::parse_borrowed_with(text, self.syntax.tag()).map(Identifier::Tag)
            }
            _ => Identifier::parse_borrowed_with(text, self.syntax),
        }
    }

    /// Whether [`Reading::parse`] would succeed on `bytes`' text, with neither the value nor
    /// the error built (an invalid value is not run through the grammar's failure report); bytes
    /// that are not UTF-8 are not valid. They are not checked as UTF-8 first: the library's
    /// grammars admit only ASCII.
    #[inline]
    pub fn is_valid_bytes(&self, bytes: &[u8]) -> bool {
        match self.only {
            // A value of another scheme, or of none, is never a valid URN or tag: the grammar
            // of each starts with its scheme.
            Some(only) if Scheme::of_bytes(bytes) != Some(only) => false,
            _ => Identifier::is_valid_bytes_with(bytes, self.syntax),
        }
    }
}

/// `value` as a `str`, or a TypeError that says what `function` expected.
pub fn as_str<'a, 'py>(
    value: &'a Bound<'py, PyAny>,
    function: &str,
) -> PyResult<&'a Bound<'py, PyString>> {
    value.cast::<PyString>().map_err(|_| {
        let type_name = value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |name| name.to_string());
        PyTypeError::new_err(format!("{function}() expects a str, not {type_name}"))
    })
}

/// The UTF-8 text of the `str` `value`: a TypeError for another type, an `UrnTagError` for a
/// string with a lone surrogate.
pub fn text(value: &Bound<'_, PyAny>, function: &str) -> PyResult<String> {
    let string = as_str(value, function)?;
    text::owned_text(string)?.map_err(|invalid| errors::code_point_error(value.py(), invalid))
}
