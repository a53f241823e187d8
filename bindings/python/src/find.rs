//! `urn_tag.find`: URNs and tag URIs in free text, with their offsets.

use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList};
use urn_tag::find::Finder;
use urn_tag::{Identifier, Scheme};

use crate::args;
use crate::identifier::identifier_object;

/// A URN or tag URI found in a text: ``text[match.start:match.end] == match.text``.
#[pyclass(frozen, module = "urn_tag", name = "Match")]
pub struct PyMatch {
    value: Py<PyAny>,
    text: String,
    kind: &'static str,
    start: usize,
    end: usize,
    byte_start: usize,
    byte_end: usize,
}

#[pymethods]
impl PyMatch {
    /// The identifier, a :class:`Urn` or a :class:`TagUri`.
    #[getter]
    fn value(&self, py: Python<'_>) -> Py<PyAny> {
        self.value.clone_ref(py)
    }

    /// The identifier's text, exactly as it stands in the text searched.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// ``"urn"`` or ``"tag"``.
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind
    }

    /// Where it starts, as an index into the ``str`` searched.
    #[getter]
    fn start(&self) -> usize {
        self.start
    }

    /// Where it ends (exclusive), as an index into the ``str`` searched.
    #[getter]
    fn end(&self) -> usize {
        self.end
    }

    /// Where it starts in the UTF-8 encoding of the text (``urn-tag find``'s ``offset``).
    #[getter]
    fn byte_start(&self) -> usize {
        self.byte_start
    }

    /// Where it ends (exclusive) in the UTF-8 encoding of the text.
    #[getter]
    fn byte_end(&self) -> usize {
        self.byte_end
    }

    /// ``(start, end)``, as ``re.Match.span()`` gives.
    fn span(&self) -> (usize, usize) {
        (self.start, self.end)
    }

    fn __repr__(&self) -> String {
        format!(
            "Match(kind='{}', span=({}, {}), text={})",
            self.kind,
            self.start,
            self.end,
            crate::urn::python_repr(&self.text)
        )
    }
}

/// Counts characters from one byte offset to a later one, walking the text once for all the
/// matches (they come in order).
struct CharCounter<'t> {
    text: &'t str,
    byte: usize,
    chars: usize,
}

impl CharCounter<'_> {
    fn at(&mut self, byte: usize) -> usize {
        match self.text.get(self.byte..) {
            Some(rest) if byte >= self.byte => {
                self.chars += crate::errors::char_index(rest, byte - self.byte);
            }
            _ => self.chars = crate::errors::char_index(self.text, byte),
        }
        self.byte = byte;
        self.chars
    }
}

/// The URNs and tag URIs in ``text``, in order, as :class:`Match` objects.
///
/// ``spec`` and ``tag_syntax`` choose the syntaxes, as for :func:`parse_identifier`; with
/// ``namespaces=True`` a URN must also follow its namespace's rules. Trailing sentence
/// punctuation and an unmatched ``)`` are not part of a match unless
/// ``trim_punctuation=False``.
#[pyfunction]
#[pyo3(signature = (text, *, spec = "rfc8141", tag_syntax = "rfc4151", namespaces = false, trim_punctuation = true))]
pub fn find<'py>(
    text: &Bound<'py, PyAny>,
    spec: &str,
    tag_syntax: &str,
    namespaces: bool,
    trim_punctuation: bool,
) -> PyResult<Bound<'py, PyIterator>> {
    let py = text.py();
    let syntax = args::syntax(spec, tag_syntax, namespaces)?;
    let haystack = args::text(text, "find")?;
    let finder = Finder::new()
        .syntax(syntax)
        .trim_punctuation(trim_punctuation);
    let mut counter = CharCounter {
        text: &haystack,
        byte: 0,
        chars: 0,
    };
    let matches = PyList::empty(py);
    for found in finder.identifiers(&haystack) {
        let range = found.range();
        let (start, end) = (counter.at(range.start), counter.at(range.end));
        let identifier: Identifier = found.into_value().into_owned();
        let kind = match identifier.scheme() {
            Scheme::Urn => "urn",
            Scheme::Tag => "tag",
        };
        let found = PyMatch {
            text: identifier.as_str().to_owned(),
            value: identifier_object(py, identifier)?.unbind(),
            kind,
            start,
            end,
            byte_start: range.start,
            byte_end: range.end,
        };
        matches.append(Bound::new(py, found)?)?;
    }
    matches.try_iter()
}
