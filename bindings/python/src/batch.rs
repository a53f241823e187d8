//! The native half of `check_many` and `parse_many`: many values read in place, one verdict or
//! one row of components each, and no Python object per value on the way.
//!
//! The Python half (`urn_tag/_batch.py`) tells the containers apart and hands each over as a
//! *source*: a list of `str`, the buffers of an Arrow string array, or the code points of a
//! NumPy unicode array. The results go back as one list, one `bytearray` of 0 and 1 bytes (for
//! NumPy), one Arrow bitmap, or the buffers of Arrow columns.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyFloat, PyList, PySlice, PyString, PyTuple};
use urn_tag::urn::Equivalence;
use urn_tag::{Identifier, ParseErrorKind, Scheme};

use crate::args;
use crate::errors;
use crate::text::{InvalidCodePoint, TextBuffer, encode_utf8};

/// Where the values come from.
enum Source<'py> {
    /// A list whose items are `str` or missing values.
    List {
        list: Bound<'py, PyList>,
        missing: Missing<'py>,
    },
    /// The buffers of an Arrow `string` or `large_string` array, as bytes.
    Arrow {
        /// The `length + 1` offsets of the array's values (its own offset already applied),
        /// little-endian `i64` when `wide`, else `i32`.
        offsets: Bound<'py, PyBytes>,
        wide: bool,
        /// The value bytes from offset `data_start` on.
        data: Bound<'py, PyBytes>,
        data_start: i64,
        /// The validity bitmap (bit `validity_offset + i` for value `i`), or `None` when no
        /// value is null.
        validity: Option<Bound<'py, PyBytes>>,
        validity_offset: usize,
        length: usize,
    },
    /// A one-dimensional NumPy array of dtype `<U{width}`: `width` little-endian code points
    /// per value, padded with NULs (which NumPy does not count as part of the value).
    Ucs4 {
        array: Bound<'py, PyAny>,
        width: usize,
        length: usize,
    },
}

impl<'py> Source<'py> {
    /// Reads a source as `_batch.py` describes it: `("list", list, missing_values,
    /// float_types)`, `("arrow", offsets, wide, data, data_start, validity, validity_offset,
    /// length)` or `("ucs4", array, width, length)`.
    fn from_tuple(description: &Bound<'py, PyAny>) -> PyResult<Self> {
        let tuple = description.cast::<PyTuple>()?;
        let tag: String = tuple.get_item(0)?.extract()?;
        match tag.as_str() {
            "list" => Ok(Source::List {
                list: tuple.get_item(1)?.cast_into()?,
                missing: Missing {
                    values: tuple.get_item(2)?.cast_into()?,
                    float_types: tuple.get_item(3)?.cast_into()?,
                },
            }),
            "arrow" => Ok(Source::Arrow {
                offsets: tuple.get_item(1)?.cast_into()?,
                wide: tuple.get_item(2)?.extract()?,
                data: tuple.get_item(3)?.cast_into()?,
                data_start: tuple.get_item(4)?.extract()?,
                validity: tuple.get_item(5)?.extract()?,
                validity_offset: tuple.get_item(6)?.extract()?,
                length: tuple.get_item(7)?.extract()?,
            }),
            "ucs4" => Ok(Source::Ucs4 {
                array: tuple.get_item(1)?,
                width: tuple.get_item(2)?.extract()?,
                length: tuple.get_item(3)?.extract()?,
            }),
            other => Err(PyValueError::new_err(format!("unknown source {other:?}"))),
        }
    }

    fn len(&self) -> usize {
        match self {
            Source::List { list, .. } => list.len(),
            Source::Arrow { length, .. } | Source::Ucs4 { length, .. } => *length,
        }
    }
}

/// What a list holds for a missing value, besides `None`: pandas' `NA` and `NaT` (passed in
/// `values` when pandas is loaded), and a NaN of one of `float_types` (`float`, and NumPy's
/// floating types when NumPy is loaded), as pandas writes a missing value in an `object`
/// column.
struct Missing<'py> {
    values: Bound<'py, PyTuple>,
    float_types: Bound<'py, PyTuple>,
}

impl Missing<'_> {
    fn contains(&self, value: &Bound<'_, PyAny>) -> PyResult<bool> {
        if value.is_none() || self.values.iter().any(|missing| missing.is(value)) {
            return Ok(true);
        }
        if let Ok(float) = value.cast::<PyFloat>() {
            return Ok(float.value().is_nan());
        }
        Ok(value.is_instance(self.float_types.as_any())? && value.extract::<f64>()?.is_nan())
    }
}

/// One value of a source.
enum Item<'a> {
    /// A missing value (`None`, NaN, `pandas.NA`, ...), or an Arrow null.
    Null,
    Text(&'a str),
    /// A `str` with a lone surrogate, or a NumPy value with one or with a number past U+10FFFF.
    NotUnicode(InvalidCodePoint),
    /// Arrow bytes that are not UTF-8: the first byte of the first invalid sequence, and the
    /// scheme the first four bytes spell (`check --json`'s `kind` of such an input).
    InvalidUtf8 {
        scheme: Option<Scheme>,
        index: usize,
    },
}

/// Calls `visit` with each value of `source`, in order.
///
/// The buffers of Arrow and NumPy sources are immutable `bytes`, read without the GIL, so that
/// other Python threads run meanwhile; a list's items are Python objects, read with it.
fn for_each(
    source: &Source<'_>,
    function: &str,
    mut visit: impl FnMut(Item<'_>) + Send,
) -> PyResult<()> {
    match source {
        Source::List { list, missing } => {
            let mut buffer = TextBuffer::default();
            for (index, value) in list.iter().enumerate() {
                if let Ok(string) = value.cast::<PyString>() {
                    match buffer.read(string)? {
                        Ok(text) => visit(Item::Text(text)),
                        Err(invalid) => visit(Item::NotUnicode(invalid)),
                    }
                } else if missing.contains(&value)? {
                    visit(Item::Null);
                } else {
                    let type_name = value.get_type().name()?;
                    return Err(PyTypeError::new_err(format!(
                        "{function}() expects str values or missing values (None, NaN, \
                         pandas.NA); item {index} is {type_name}"
                    )));
                }
            }
            Ok(())
        }
        Source::Arrow {
            offsets,
            wide,
            data,
            data_start,
            validity,
            validity_offset,
            length,
        } => {
            let arrow = ArrowStrings {
                offsets: offsets.as_bytes(),
                wide: *wide,
                data: data.as_bytes(),
                data_start: *data_start,
                validity: validity.as_ref().map(|bitmap| bitmap.as_bytes()),
                validity_offset: *validity_offset,
                length: *length,
            };
            offsets.py().detach(|| arrow.for_each(&mut visit))
        }
        Source::Ucs4 {
            array,
            width,
            length,
        } => {
            // The array's data is copied out a slice at a time (the stable ABI of 3.9 has no
            // buffer protocol): a few MiB that stay in cache, where one copy of the whole
            // array would be four bytes per character of its widest value for every value.
            let per_slice = (UCS4_SLICE_BYTES / (width * 4).max(1)).max(1);
            let py = array.py();
            for start in (0..*length).step_by(per_slice) {
                let end = (start + per_slice).min(*length);
                let slice = PySlice::new(py, start as isize, end as isize, 1);
                let data = array.get_item(slice)?.call_method0("tobytes")?;
                let bytes = data.cast::<PyBytes>()?.as_bytes();
                py.detach(|| for_each_ucs4(bytes, *width, end - start, &mut visit))?;
            }
            Ok(())
        }
    }
}

/// How much of a NumPy unicode array is copied out at a time.
const UCS4_SLICE_BYTES: usize = 4 << 20;

/// The buffers of an Arrow string array (see [`Source::Arrow`]).
struct ArrowStrings<'a> {
    offsets: &'a [u8],
    wide: bool,
    data: &'a [u8],
    data_start: i64,
    validity: Option<&'a [u8]>,
    validity_offset: usize,
    length: usize,
}

impl ArrowStrings<'_> {
    /// Offset `i`, or `None` past the buffer.
    fn offset(&self, i: usize) -> Option<i64> {
        if self.wide {
            let bytes = self.offsets.get(i * 8..(i + 1) * 8)?;
            Some(i64::from_le_bytes(bytes.try_into().ok()?))
        } else {
            let bytes = self.offsets.get(i * 4..(i + 1) * 4)?;
            Some(i64::from(i32::from_le_bytes(bytes.try_into().ok()?)))
        }
    }

    /// Whether value `i` is null; `None` past the bitmap.
    fn is_null(&self, i: usize) -> Option<bool> {
        let Some(bitmap) = self.validity else {
            return Some(false);
        };
        let bit = self.validity_offset + i;
        Some(bitmap.get(bit / 8)? >> (bit % 8) & 1 == 0)
    }

    /// The bytes of value `i`; `None` when its offsets lie outside the buffers.
    fn value(&self, i: usize) -> Option<&[u8]> {
        let start = self.offset(i)?.checked_sub(self.data_start)?;
        let end = self.offset(i + 1)?.checked_sub(self.data_start)?;
        self.data
            .get(usize::try_from(start).ok()?..usize::try_from(end).ok()?)
    }

    fn for_each(&self, visit: &mut impl FnMut(Item<'_>)) -> PyResult<()> {
        let out_of_range = || PyValueError::new_err("Arrow offsets outside the data buffer");
        for i in 0..self.length {
            if self.is_null(i).ok_or_else(out_of_range)? {
                visit(Item::Null);
                continue;
            }
            let bytes = self.value(i).ok_or_else(out_of_range)?;
            match std::str::from_utf8(bytes) {
                Ok(text) => visit(Item::Text(text)),
                Err(error) => visit(Item::InvalidUtf8 {
                    scheme: bytes
                        .get(..4)
                        .and_then(|head| std::str::from_utf8(head).ok())
                        .and_then(Scheme::of),
                    index: error.valid_up_to(),
                }),
            }
        }
        Ok(())
    }
}

/// Calls `visit` with each of the `length` values of a NumPy array of dtype `<U{width}`.
fn for_each_ucs4(
    data: &[u8],
    width: usize,
    length: usize,
    visit: &mut impl FnMut(Item<'_>),
) -> PyResult<()> {
    let mut code_points = Vec::with_capacity(width);
    let mut utf8 = Vec::new();
    for i in 0..length {
        let value = data
            .get(i * width * 4..(i + 1) * width * 4)
            .ok_or_else(|| PyValueError::new_err("NumPy data shorter than its shape"))?;
        // NumPy pads a shorter value with NULs, and does not count trailing NULs as part of
        // any value.
        let used = value
            .chunks_exact(4)
            .rposition(|b| b != [0; 4])
            .map_or(0, |last| last + 1);
        code_points.clear();
        code_points.extend(
            value
                .chunks_exact(4)
                .take(used)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        );
        match encode_utf8(&code_points, &mut utf8)? {
            Ok(text) => visit(Item::Text(text)),
            Err(invalid) => visit(Item::NotUnicode(invalid)),
        }
    }
    Ok(())
}

/// The verdicts on the values of `sources`, one after another: `"list"` gives a list of
/// bools, `"bytes"` a bytearray of 0 and 1 (for `numpy.frombuffer`), `"bits"` an Arrow
/// validity-style bitmap (least significant bit first) as bytes. A missing value is not a
/// valid identifier.
#[pyfunction]
#[pyo3(signature = (sources, spec, tag_syntax, namespaces, scheme, output))]
pub fn _check<'py>(
    sources: &Bound<'py, PyList>,
    spec: &str,
    tag_syntax: &str,
    namespaces: bool,
    scheme: Option<&str>,
    output: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let py = sources.py();
    let reading = args::Reading::new(spec, tag_syntax, namespaces, scheme)?;
    let sources: Vec<Source<'_>> = sources
        .iter()
        .map(|source| Source::from_tuple(&source))
        .collect::<PyResult<_>>()?;
    let mut verdicts = Vec::with_capacity(sources.iter().map(Source::len).sum());
    for source in &sources {
        for_each(source, "check_many", |item| {
            verdicts.push(match item {
                Item::Text(text) => reading.parse(text).is_ok(),
                Item::Null | Item::NotUnicode(_) | Item::InvalidUtf8 { .. } => false,
            });
        })?;
    }
    match output {
        "list" => Ok(PyList::new(py, verdicts.iter().map(|&ok| PyBool::new(py, ok)))?.into_any()),
        "bytes" => {
            let bytes: Vec<u8> = verdicts.iter().map(|&ok| u8::from(ok)).collect();
            Ok(PyByteArray::new(py, &bytes).into_any())
        }
        "bits" => Ok(PyBytes::new(py, &bitmap(&verdicts)).into_any()),
        other => Err(PyValueError::new_err(format!("unknown output {other:?}"))),
    }
}

/// `flags` as an Arrow bitmap: bit `i % 8` of byte `i / 8` is flag `i`.
fn bitmap(flags: &[bool]) -> Vec<u8> {
    let mut bits = vec![0u8; flags.len().div_ceil(8)];
    for (i, _) in flags.iter().enumerate().filter(|(_, flag)| **flag) {
        bits[i / 8] |= 1 << (i % 8);
    }
    bits
}

/// A column of text values, some null, built as Arrow lays a string array out.
#[derive(Default)]
struct TextColumn {
    present: Vec<bool>,
    offsets: Vec<i64>,
    data: Vec<u8>,
}

impl TextColumn {
    fn push(&mut self, value: Option<&str>) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.present.push(value.is_some());
        self.data
            .extend_from_slice(value.unwrap_or_default().as_bytes());
        // A Vec's length always fits in i64.
        self.offsets.push(self.data.len() as i64);
    }

    /// The column as `_batch.py` reads it: `("string" or "large_string", length,
    /// null_count, validity, offsets, data)` for Arrow, or a list of `str` and `None`.
    fn into_python<'py>(self, py: Python<'py>, arrow: bool) -> PyResult<Bound<'py, PyAny>> {
        if !arrow {
            let values = self.present.iter().enumerate().map(|(i, &present)| {
                let range = self.offsets[i] as usize..self.offsets[i + 1] as usize;
                let text = std::str::from_utf8(&self.data[range]).unwrap_or_default();
                present.then_some(text)
            });
            return Ok(PyList::new(py, values)?.into_any());
        }
        let mut offsets = self.offsets;
        if offsets.is_empty() {
            offsets.push(0);
        }
        // `string` (32-bit offsets) whenever the data fits, as most Arrow consumers expect.
        let (type_name, offset_bytes) = if i32::try_from(self.data.len()).is_ok() {
            let narrow: Vec<u8> = offsets
                .iter()
                .flat_map(|&offset| (offset as i32).to_le_bytes())
                .collect();
            ("string", narrow)
        } else {
            let wide: Vec<u8> = offsets.iter().flat_map(|&o| o.to_le_bytes()).collect();
            ("large_string", wide)
        };
        let buffers = vec![
            PyBytes::new(py, &offset_bytes),
            PyBytes::new(py, &self.data),
        ];
        arrow_column(py, type_name, &self.present, buffers)
    }
}

/// `(type_name, length, null_count, validity, *buffers)` for `pyarrow.Array.from_buffers`.
fn arrow_column<'py>(
    py: Python<'py>,
    type_name: &str,
    present: &[bool],
    buffers: Vec<Bound<'py, PyBytes>>,
) -> PyResult<Bound<'py, PyAny>> {
    let null_count = present.iter().filter(|present| !**present).count();
    let validity = (null_count > 0).then(|| PyBytes::new(py, &bitmap(present)));
    let mut items = vec![
        type_name.into_pyobject(py)?.into_any(),
        present.len().into_pyobject(py)?.into_any(),
        null_count.into_pyobject(py)?.into_any(),
        validity.into_pyobject(py)?.into_any(),
    ];
    items.extend(buffers.into_iter().map(Bound::into_any));
    Ok(PyTuple::new(py, items)?.into_any())
}

/// Where a column of `parse_many`'s table lives in [`Rows`].
#[derive(Clone, Copy)]
enum Column {
    Flag(usize),
    Text(usize),
    ErrorIndex,
}

/// The columns of `parse_many`, in order: the fields of `urn-tag check --json`'s records, by
/// the same names, the error object's fields flattened with an `error_` prefix. A URN's record
/// and a tag's share `fragment` (after `#`), as they do in JSON.
const COLUMNS: [(&str, Column); 24] = [
    ("valid", Column::Flag(0)),
    ("kind", Column::Text(0)),
    ("spec", Column::Text(1)),
    ("nid", Column::Text(2)),
    ("nss", Column::Text(3)),
    ("r_component", Column::Text(4)),
    ("q_component", Column::Text(5)),
    ("f_component", Column::Text(6)),
    ("query", Column::Text(7)),
    ("fragment", Column::Text(8)),
    ("nid_class", Column::Text(9)),
    ("registered", Column::Flag(1)),
    ("normalized", Column::Text(10)),
    ("equivalence_key", Column::Text(11)),
    ("authority", Column::Text(12)),
    ("authority_kind", Column::Text(13)),
    ("date", Column::Text(14)),
    ("date_as_written", Column::Text(15)),
    ("specific", Column::Text(16)),
    ("namespace_checked", Column::Flag(2)),
    ("error_kind", Column::Text(17)),
    ("error_part", Column::Text(18)),
    ("error_index", Column::ErrorIndex),
    ("error_message", Column::Text(19)),
];
const FLAGS: usize = 3;
const TEXTS: usize = 20;

/// One row of `parse_many`'s table, before it joins the columns.
struct Row<'a> {
    flags: [Option<bool>; FLAGS],
    texts: [Option<&'a str>; TEXTS],
    error_index: Option<i64>,
}

impl Row<'_> {
    const NULL: Row<'static> = Row {
        flags: [None; FLAGS],
        texts: [None; TEXTS],
        error_index: None,
    };
}

/// The rows of `parse_many`, one column after another.
#[derive(Default)]
struct Rows {
    flags: [Vec<Option<bool>>; FLAGS],
    texts: [TextColumn; TEXTS],
    error_index: Vec<Option<i64>>,
}

impl Rows {
    fn push(&mut self, row: &Row<'_>) {
        for (column, flag) in self.flags.iter_mut().zip(row.flags) {
            column.push(flag);
        }
        for (column, text) in self.texts.iter_mut().zip(row.texts) {
            column.push(text);
        }
        self.error_index.push(row.error_index);
    }

    /// The row of the text `text` read by `reading`.
    fn push_text(&mut self, text: &str, reading: &args::Reading, equivalence: &Equivalence) {
        let namespaces = reading.syntax.namespaces();
        match reading.parse(text) {
            Ok(Identifier::Urn(urn)) => {
                let normalized = urn.normalized();
                let key = equivalence.key(&urn);
                let nid = urn.nid();
                let mut row = Row::NULL;
                row.flags = [Some(true), Some(urn.registration().is_some()), None];
                // `check --json` says whether a grammar of the namespace applied, or its
                // registration states no syntax of its own: the verdict the parse kept.
                row.flags[2] = namespaces.then(|| urn.check_namespace().was_checked());
                row.texts[..12].copy_from_slice(&[
                    Some("urn"),
                    Some(urn.syntax().name()),
                    Some(nid),
                    Some(urn.nss()),
                    urn.r_component(),
                    urn.q_component(),
                    urn.f_component(),
                    urn.query(),
                    urn.fragment(),
                    Some(urn.nid_class().name()),
                    Some(normalized.as_str()),
                    Some(key.as_str()),
                ]);
                self.push(&row);
            }
            Ok(Identifier::Tag(tag)) => {
                let date = tag.date().to_string();
                let mut row = Row::NULL;
                row.flags[0] = Some(true);
                row.texts[0] = Some("tag");
                row.texts[8] = tag.fragment();
                row.texts[12..17].copy_from_slice(&[
                    Some(tag.authority()),
                    Some(tag.authority_kind().name()),
                    Some(date.as_str()),
                    Some(tag.date_as_written()),
                    Some(tag.specific()),
                ]);
                self.push(&row);
            }
            Err(error) => {
                let scheme = Scheme::of(text);
                // A namespace error is the only one found after a namespace grammar applied.
                let checked = matches!(error.kind(), ParseErrorKind::Namespace(_));
                let message = error.to_string();
                let mut row = Row::NULL;
                row.flags[0] = Some(false);
                row.flags[2] = (namespaces && scheme == Some(Scheme::Urn)).then_some(checked);
                row.texts[0] = scheme.map(Scheme::name);
                row.texts[17] = Some(error.kind().code());
                row.texts[18] = Some(error.part().code());
                row.texts[19] = Some(&message);
                row.error_index = i64::try_from(error.index()).ok();
                self.push(&row);
            }
        }
    }

    /// The row of a value that is no text: an `invalid_utf8` error (part null) at `index`.
    fn push_not_text(&mut self, scheme: Option<Scheme>, index: usize, message: &str) {
        let mut row = Row::NULL;
        row.flags[0] = Some(false);
        row.texts[0] = scheme.map(Scheme::name);
        row.texts[17] = Some("invalid_utf8");
        row.texts[19] = Some(message);
        row.error_index = i64::try_from(index).ok();
        self.push(&row);
    }
}

/// The components of the values of `sources`, as a list of `(name, column)` pairs: Arrow
/// buffers when `arrow`, else lists. A missing value gives a row of nulls.
#[pyfunction]
#[pyo3(signature = (sources, spec, tag_syntax, namespaces, scheme, arrow))]
pub fn _parse_columns<'py>(
    sources: &Bound<'py, PyList>,
    spec: &str,
    tag_syntax: &str,
    namespaces: bool,
    scheme: Option<&str>,
    arrow: bool,
) -> PyResult<Bound<'py, PyList>> {
    let py = sources.py();
    let reading = args::Reading::new(spec, tag_syntax, namespaces, scheme)?;
    let sources: Vec<Source<'_>> = sources
        .iter()
        .map(|source| Source::from_tuple(&source))
        .collect::<PyResult<_>>()?;
    let equivalence = Equivalence::standard();
    let mut rows = Rows::default();
    for source in &sources {
        for_each(source, "parse_many", |item| match item {
            Item::Null => rows.push(&Row::NULL),
            Item::Text(text) => rows.push_text(text, &reading, &equivalence),
            Item::NotUnicode(invalid) => {
                let message = errors::code_point_message(invalid);
                rows.push_not_text(invalid.scheme, invalid.byte_index, &message);
            }
            Item::InvalidUtf8 { scheme, index } => {
                let message = format!("invalid UTF-8 at byte {index}");
                rows.push_not_text(scheme, index, &message);
            }
        })?;
    }
    let Rows {
        flags,
        texts,
        error_index,
    } = rows;
    let mut flags = flags.map(Some);
    let mut texts = texts.map(Some);
    let mut error_index = Some(error_index);
    let columns = PyList::empty(py);
    for (name, column) in COLUMNS {
        let column = match column {
            Column::Flag(i) => flag_column(py, &flags[i].take().unwrap_or_default(), arrow)?,
            Column::Text(i) => texts[i].take().unwrap_or_default().into_python(py, arrow)?,
            Column::ErrorIndex => index_column(py, &error_index.take().unwrap_or_default(), arrow)?,
        };
        columns.append((name, column))?;
    }
    Ok(columns)
}

/// A column of flags, some null.
fn flag_column<'py>(
    py: Python<'py>,
    values: &[Option<bool>],
    arrow: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if !arrow {
        return Ok(PyList::new(py, values)?.into_any());
    }
    let present: Vec<bool> = values.iter().map(Option::is_some).collect();
    let flags: Vec<bool> = values.iter().map(|v| v.unwrap_or(false)).collect();
    arrow_column(
        py,
        "bool",
        &present,
        vec![PyBytes::new(py, &bitmap(&flags))],
    )
}

/// The `error_index` column.
fn index_column<'py>(
    py: Python<'py>,
    values: &[Option<i64>],
    arrow: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if !arrow {
        return Ok(PyList::new(py, values)?.into_any());
    }
    let present: Vec<bool> = values.iter().map(Option::is_some).collect();
    let data: Vec<u8> = values
        .iter()
        .flat_map(|value| value.unwrap_or(0).to_le_bytes())
        .collect();
    arrow_column(py, "int64", &present, vec![PyBytes::new(py, &data)])
}
