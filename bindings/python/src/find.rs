//! `urn_tag.find`: URNs and tag URIs in free text, with their offsets.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList, PyTuple};
use urn_tag::find::Finder;
use urn_tag::{Identifier, Scheme};

use crate::args;
use crate::identifier::identifier_object;
use crate::tag::PyTagUri;
use crate::text;
use crate::urn::PyUrn;

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
    /// ``Match(value, start, end, byte_start, byte_end)``: what unpickling calls. The spans
    /// must each be as long as the value's text (an identifier is ASCII).
    #[new]
    fn new(
        value: &Bound<'_, PyAny>,
        start: usize,
        end: usize,
        byte_start: usize,
        byte_end: usize,
    ) -> PyResult<PyMatch> {
        let (text, kind) = if let Ok(urn) = value.cast::<PyUrn>() {
            (urn.get().urn.as_str().to_owned(), "urn")
        } else if let Ok(tag) = value.cast::<PyTagUri>() {
            (tag.get().tag.as_str().to_owned(), "tag")
        } else {
            return Err(PyTypeError::new_err("Match() expects a Urn or a TagUri"));
        };
        if end.checked_sub(start) != Some(text.len())
            || byte_end.checked_sub(byte_start) != Some(text.len())
        {
            return Err(PyValueError::new_err(format!(
                "Match() spans ({start}, {end}) and ({byte_start}, {byte_end}) must each be \
                 as long as {}",
                crate::urn::python_repr(&text)
            )));
        }
        Ok(PyMatch {
            value: value.clone().unbind(),
            text,
            kind,
            start,
            end,
            byte_start,
            byte_end,
        })
    }

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

    /// Pickles as the call that builds the same match.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let arguments = (
            this.value.clone_ref(py),
            this.start,
            this.end,
            this.byte_start,
            this.byte_end,
        );
        PyTuple::new(
            py,
            [
                py.get_type::<PyMatch>().into_any(),
                arguments.into_pyobject(py)?.into_any(),
            ],
        )
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
/// ``trim_punctuation=False``. A lone surrogate (as ``surrogateescape`` decoding leaves for a
/// byte that is not UTF-8) separates what is around it, as an invalid byte does for
/// ``urn-tag find``; in ``byte_start`` and ``byte_end`` it counts three bytes, as
/// ``text.encode("utf-8", "surrogatepass")`` writes it.
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
    let runs = text::runs(args::as_str(text, "find")?)?;
    let finder = Finder::new()
        .syntax(syntax)
        .trim_punctuation(trim_punctuation);
    let matches = PyList::empty(py);
    for run in &runs {
        let mut counter = CharCounter {
            text: &run.text,
            byte: 0,
            chars: 0,
        };
        for found in finder.identifiers(&run.text) {
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
                start: run.char_start + start,
                end: run.char_start + end,
                byte_start: run.byte_start + range.start,
                byte_end: run.byte_start + range.end,
            };
            matches.append(Bound::new(py, found)?)?;
        }
    }
    matches.try_iter()
}
