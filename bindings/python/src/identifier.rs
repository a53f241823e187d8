//! Identifiers of either scheme: `parse_identifier` and `normalize`.

use pyo3::prelude::*;
use urn_tag::Identifier;

use crate::args;
use crate::errors;
use crate::tag::PyTagUri;
use crate::urn::PyUrn;

/// `identifier` as a Python `Urn` or `TagUri`.
pub fn identifier_object(py: Python<'_>, identifier: Identifier) -> PyResult<Bound<'_, PyAny>> {
    Ok(match identifier {
        Identifier::Urn(urn) => Bound::new(py, PyUrn { urn })?.into_any(),
        Identifier::Tag(tag) => Bound::new(py, PyTagUri { tag })?.into_any(),
    })
}

/// Parses `text` as a URN or a tag URI, told apart by the scheme.
fn parse<'t>(
    py: Python<'_>,
    text: &'t str,
    spec: &str,
    tag_syntax: &str,
    namespaces: bool,
) -> PyResult<Identifier<&'t str>> {
    let syntax = args::syntax(spec, tag_syntax, namespaces)?;
    Identifier::parse_borrowed_with(text, syntax)
        .map_err(|error| errors::parse_error(py, text, error))
}

/// Parses ``text`` as a URN (``urn:``) or a tag URI (``tag:``), told apart by its scheme, and
/// returns a :class:`Urn` or a :class:`TagUri`.
///
/// ``spec`` is the URN syntax, ``tag_syntax`` the tag syntax; with ``namespaces=True`` a URN
/// must also follow its namespace's rules. Raises :class:`UrnTagError` (kind
/// ``"expected_scheme"`` for a text with neither scheme).
#[pyfunction]
#[pyo3(signature = (text, *, spec = "rfc8141", tag_syntax = "rfc4151", namespaces = false))]
pub fn parse_identifier<'py>(
    text: &Bound<'py, PyAny>,
    spec: &str,
    tag_syntax: &str,
    namespaces: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let py = text.py();
    let text = args::text(text, "parse_identifier")?;
    let identifier = parse(py, &text, spec, tag_syntax, namespaces)?;
    identifier_object(py, identifier.into_owned())
}

/// The case-normalized text of a URN (RFC 8141 §3.1: ``urn`` and the NID in lower case,
/// percent-encodings in upper case; components kept), or a tag URI's text as it is (RFC 4151
/// §2.4 compares tags character by character, so no other spelling names the same tag): what
/// ``urn-tag normalize`` prints. Raises :class:`UrnTagError` for an invalid identifier.
#[pyfunction]
#[pyo3(signature = (text, *, spec = "rfc8141", tag_syntax = "rfc4151", namespaces = false))]
pub fn normalize(
    text: &Bound<'_, PyAny>,
    spec: &str,
    tag_syntax: &str,
    namespaces: bool,
) -> PyResult<String> {
    let py = text.py();
    let text = args::text(text, "normalize")?;
    Ok(match parse(py, &text, spec, tag_syntax, namespaces)? {
        Identifier::Urn(urn) => urn.normalized().into_string(),
        Identifier::Tag(_) => text,
    })
}
