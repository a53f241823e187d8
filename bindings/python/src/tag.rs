//! `urn_tag.TagUri` and minting.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use urn_tag::{TagDate, TagSyntax, TagUri};

use crate::args;
use crate::errors;
use crate::urn::python_repr;

/// A tag URI (RFC 4151), parsed from its exact text.
///
/// Equality, ordering and hashing compare the exact text, which is the RFC's own equality
/// for tags (RFC 4151 §2.4: character by character).
#[pyclass(frozen, eq, ord, hash, module = "urn_tag", name = "TagUri")]
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyTagUri {
    pub tag: TagUri,
}

/// Parses `text` as a tag URI under `syntax`.
fn parse_tag<'t>(py: Python<'_>, text: &'t str, syntax: TagSyntax) -> PyResult<TagUri<&'t str>> {
    TagUri::parse_borrowed_with(text, syntax).map_err(|e| errors::parse_error(py, text, e))
}

/// `date` as a Python `datetime.date`.
fn python_date(py: Python<'_>, date: TagDate) -> PyResult<Bound<'_, PyAny>> {
    if date.year() == 0 {
        // RFC 4151 allows the year 0000; `datetime.date` starts at year 1.
        return Err(PyValueError::new_err(format!(
            "the tag's date {date} is before year 1, which datetime.date cannot hold; \
             see date_as_written"
        )));
    }
    // The stable ABI has no datetime C API: the class is called like any other.
    let class = py.import("datetime")?.getattr("date")?;
    class.call1((date.year(), date.month(), date.day()))
}

/// A date given as a `str` written as in a tag (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`), a
/// `datetime.date` (or anything with `year`, `month` and `day`): that calendar day, or an
/// aware `datetime.datetime`: its day in UTC.
///
/// An instant is a day in UTC because RFC 4151 §2.2 reads a tag's date as 00:00 UTC, the
/// system clock's today is the UTC day, and the npm package's `mintTag` takes a JavaScript
/// `Date` the same way: the same instant mints the same tag everywhere. A naive datetime is
/// refused: Python's own functions read it as local time (`astimezone`, `timestamp`) or as UTC
/// (`utcnow`), so either reading would mint the wrong day for some callers, silently.
fn tag_date(value: &Bound<'_, PyAny>, argument: &str) -> PyResult<TagDate> {
    let py = value.py();
    if value.cast::<PyString>().is_ok() {
        let written = args::text(value, "mint_tag")?;
        return written
            .parse()
            .map_err(|error| errors::parse_error(py, &written, error));
    }
    let datetime = py.import("datetime")?;
    if value.is_instance(&datetime.getattr("datetime")?)? {
        return utc_day(value, &datetime, argument);
    }
    calendar_day(value, argument)
}

/// The day in UTC of the aware `datetime.datetime` `value`.
fn utc_day(
    value: &Bound<'_, PyAny>,
    datetime: &Bound<'_, PyModule>,
    argument: &str,
) -> PyResult<TagDate> {
    let offset = value.call_method0("utcoffset")?;
    if offset.is_none() {
        return Err(PyValueError::new_err(format!(
            "mint_tag() {argument} is a naive datetime: give it a tzinfo (its day in UTC is \
             used) or pass a datetime.date"
        )));
    }
    let utc = datetime.getattr("timezone")?.getattr("utc")?;
    match value.call_method1("astimezone", (utc,)) {
        Ok(in_utc) => calendar_day(&in_utc, argument),
        // The day in UTC is just outside the years a datetime holds (1 to 9999), since an
        // offset is less than a day: 0000-12-31, which a tag can have, for an offset east of
        // UTC; 10000-01-01, which it cannot, for one west of it.
        Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => {
            let east = offset.gt(datetime.getattr("timedelta")?.call0()?)?;
            match TagDate::new(0, 12, 31) {
                Some(day) if east => Ok(day),
                _ => Err(out_of_range(argument, 10_000, 1, 1)),
            }
        }
        Err(error) => Err(error),
    }
}

/// The calendar day of `value`'s `year`, `month` and `day`.
fn calendar_day(value: &Bound<'_, PyAny>, argument: &str) -> PyResult<TagDate> {
    let wrong_type = || {
        PyTypeError::new_err(format!(
            "mint_tag() {argument} must be a datetime.date, an aware datetime.datetime or a str"
        ))
    };
    let field =
        |name: &str| -> PyResult<i64> { value.getattr(name)?.extract().map_err(|_| wrong_type()) };
    let (year, month, day) = match (field("year"), field("month"), field("day")) {
        (Ok(year), Ok(month), Ok(day)) => (year, month, day),
        _ => return Err(wrong_type()),
    };
    let date = match (u16::try_from(year), u8::try_from(month), u8::try_from(day)) {
        (Ok(year), Ok(month), Ok(day)) => TagDate::new(year, month, day),
        _ => None,
    };
    date.ok_or_else(|| out_of_range(argument, year, month, day))
}

/// The error of a day that no tag can have.
fn out_of_range(argument: &str, year: i64, month: i64, day: i64) -> PyErr {
    PyValueError::new_err(format!(
        "mint_tag() {argument} {year:04}-{month:02}-{day:02} is not a date a tag can have \
         (years 0000 to 9999)"
    ))
}

#[pymethods]
impl PyTagUri {
    /// ``TagUri(text, syntax="rfc4151")`` is :meth:`TagUri.parse`.
    #[new]
    #[pyo3(signature = (text, syntax = "rfc4151"))]
    fn new(text: &Bound<'_, PyAny>, syntax: &str) -> PyResult<PyTagUri> {
        PyTagUri::parse(text, syntax)
    }

    /// Parses ``text`` as a tag URI.
    ///
    /// ``syntax`` is ``"rfc4151"`` (the default), ``"erratum1485"`` (RFC 5322 local parts in
    /// email authorities) or ``"lenient"`` (any other authority too). Raises
    /// :class:`UrnTagError` for an invalid tag, ``TypeError`` for a value that is not a
    /// ``str``.
    #[staticmethod]
    #[pyo3(signature = (text, syntax = "rfc4151"))]
    fn parse(text: &Bound<'_, PyAny>, syntax: &str) -> PyResult<PyTagUri> {
        let syntax = args::tag_syntax(syntax)?;
        let text_read = args::text(text, "TagUri.parse")?;
        let tag = parse_tag(text.py(), &text_read, syntax)?;
        Ok(PyTagUri {
            tag: tag.into_owned(),
        })
    }

    /// The tag syntax it was parsed under: ``"rfc4151"``, ``"erratum1485"`` or
    /// ``"lenient"``.
    #[getter]
    fn syntax(&self) -> &'static str {
        self.tag.syntax().name()
    }

    /// The tagging entity: the authority, a comma and the date, as written.
    #[getter]
    fn tagging_entity(&self) -> &str {
        self.tag.tagging_entity()
    }

    /// The authority name (a DNS name or an email address), as written.
    #[getter]
    fn authority(&self) -> &str {
        self.tag.authority()
    }

    /// ``"dns"``, ``"email"``, or ``"opaque"`` (only under the lenient syntax).
    #[getter]
    fn authority_kind(&self) -> &'static str {
        self.tag.authority_kind().name()
    }

    /// Whether the tag conforms to RFC 4151 (a lenient tag with an opaque authority does
    /// not).
    #[getter]
    fn is_conforming(&self) -> bool {
        self.tag.is_conforming()
    }

    /// The local part of an email authority (before ``@``), or ``None``.
    #[getter]
    fn local_part(&self) -> Option<&str> {
        self.tag.local_part()
    }

    /// The DNS name of the authority (after ``@`` for an email address), or ``None`` for an
    /// opaque authority.
    #[getter]
    fn domain(&self) -> Option<&str> {
        self.tag.domain()
    }

    /// The date, with the RFC's defaults for an omitted month or day (01), as a
    /// ``datetime.date``; ``ValueError`` for the year 0000, which RFC 4151 allows and
    /// ``datetime.date`` cannot hold.
    #[getter]
    fn date<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        python_date(py, self.tag.date())
    }

    /// The date as written: ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``.
    #[getter]
    fn date_as_written(&self) -> &str {
        self.tag.date_as_written()
    }

    /// The specific part (after the tagging entity's ``:``, up to ``#``), possibly empty.
    #[getter]
    fn specific(&self) -> &str {
        self.tag.specific()
    }

    /// The fragment (after ``#``, possibly empty), or ``None``.
    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.tag.fragment()
    }

    fn __str__(&self) -> &str {
        self.tag.as_str()
    }

    fn __repr__(&self) -> String {
        match self.tag.syntax() {
            TagSyntax::Rfc4151 => format!("TagUri({})", python_repr(self.tag.as_str())),
            syntax => format!(
                "TagUri({}, syntax='{}')",
                python_repr(self.tag.as_str()),
                syntax.name()
            ),
        }
    }

    /// Pickles as the call that parses the same text under the same syntax.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let parse = py.get_type::<PyTagUri>().getattr("parse")?;
        let tag = &slf.get().tag;
        let arguments = (tag.as_str(), tag.syntax().name());
        PyTuple::new(py, [parse, arguments.into_pyobject(py)?.into_any()])
    }
}

/// Mints a tag URI for ``authority`` (a DNS name or an email address) on ``date`` (RFC 4151
/// §2.2), with the shortest date form that names that day.
///
/// ``date`` and ``today`` are each a ``str`` written as in a tag, a ``datetime.date`` (that
/// calendar day) or an aware ``datetime.datetime`` (its day in UTC, which RFC 4151 dates are
/// in); a naive ``datetime`` is refused (``ValueError``), since it names no instant.
/// ``specific`` defaults to empty; ``today`` defaults to the system clock's day in UTC: a date
/// after it is refused, since "tags MUST NOT be minted under a future date". ``specific`` and
/// ``fragment`` must already be percent-encoded where needed. Raises :class:`UrnTagError`
/// naming the part that breaks a rule (its ``index`` is into the text given for that part).
#[pyfunction]
#[pyo3(signature = (authority, date, specific = None, fragment = None, *, today = None))]
pub fn mint_tag(
    authority: &Bound<'_, PyAny>,
    date: &Bound<'_, PyAny>,
    specific: Option<&Bound<'_, PyAny>>,
    fragment: Option<&Bound<'_, PyAny>>,
    today: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTagUri> {
    let py = authority.py();
    let authority = args::text(authority, "mint_tag")?;
    let specific = match specific {
        Some(specific) => args::text(specific, "mint_tag")?,
        None => String::new(),
    };
    let fragment = fragment.map(|f| args::text(f, "mint_tag")).transpose()?;
    let date = tag_date(date, "date")?;
    let mut minter = TagUri::minter(&authority, date).specific(&specific);
    if let Some(fragment) = &fragment {
        minter = minter.fragment(fragment);
    }
    let minted = match today {
        Some(today) => minter.mint(&tag_date(today, "today")?),
        None => minter.mint(&urn_tag::SystemClock),
    };
    minted
        .map(|tag| PyTagUri { tag })
        .map_err(|error| errors::mint_error(py, error))
}
