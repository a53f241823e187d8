//! The native half of `check_many` and `parse_many`: many values read in place, one verdict or
//! one row of components each, and no Python object per value on the way.
//!
//! The Python half (`urn_tag/_batch.py`) tells the containers apart and hands each over as a
//! *source*: a list of `str`, the buffers of an Arrow string array, or the code points of a
//! NumPy unicode array. The results go back as one list, one `bytearray` of 0 and 1 bytes (for
//! NumPy), one Arrow bitmap, or the buffers of Arrow columns.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyList, PySlice, PyString, PyTuple};
use urn_tag::urn::Equivalence;
use urn_tag::{ParseError, Urn, UrnSyntax};

use crate::args;
use crate::errors;
use crate::text::{LoneSurrogate, TextBuffer, encode_utf8};

/// Where the values come from.
enum Source<'py> {
    /// A list whose items are `str` or `None`.
    List(Bound<'py, PyList>),
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
    /// Reads a source as `_batch.py` describes it: `("list", list)`, `("arrow", offsets,
    /// wide, data, data_start, validity, validity_offset, length)` or `("ucs4", array, width,
    /// length)`.
    fn from_tuple(description: &Bound<'py, PyAny>) -> PyResult<Self> {
        let tuple = description.cast::<PyTuple>()?;
        let tag: String = tuple.get_item(0)?.extract()?;
        match tag.as_str() {
            "list" => Ok(Source::List(tuple.get_item(1)?.cast_into::<PyList>()?)),
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
            Source::List(list) => list.len(),
            Source::Arrow { length, .. } | Source::Ucs4 { length, .. } => *length,
        }
    }
}

/// One value of a source.
enum Item<'a> {
    /// `None`, or an Arrow null.
    Null,
    Text(&'a str),
    /// A `str` with a lone surrogate, or a NumPy value with one.
    Surrogate(LoneSurrogate),
    /// Arrow bytes that are not UTF-8: the first byte of the first invalid sequence.
    InvalidUtf8 {
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
        Source::List(list) => {
            let mut buffer = TextBuffer::default();
            for (index, value) in list.iter().enumerate() {
                if value.is_none() {
                    visit(Item::Null);
                } else if let Ok(string) = value.cast::<PyString>() {
                    match buffer.read(string)? {
                        Ok(text) => visit(Item::Text(text)),
                        Err(surrogate) => visit(Item::Surrogate(surrogate)),
                    }
                } else {
                    let type_name = value.get_type().name()?;
                    return Err(PyTypeError::new_err(format!(
                        "{function}() expects str or None values; item {index} is {type_name}"
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
            match std::str::from_utf8(self.value(i).ok_or_else(out_of_range)?) {
                Ok(text) => visit(Item::Text(text)),
                Err(error) => visit(Item::InvalidUtf8 {
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
            Err(surrogate) => visit(Item::Surrogate(surrogate)),
        }
    }
    Ok(())
}

/// Whether `text` is a URN under `syntax` (and, with `namespaces`, follows its namespace).
fn is_valid(text: &str, syntax: UrnSyntax, namespaces: bool) -> bool {
    match Urn::parse_borrowed_with(text, syntax) {
        Ok(urn) => !namespaces || urn.into_namespace_checked().is_ok(),
        Err(_) => false,
    }
}

/// The verdicts on the values of `sources`, one after another: `"list"` gives a list of
/// bools, `"bytes"` a bytearray of 0 and 1 (for `numpy.frombuffer`), `"bits"` an Arrow
/// validity-style bitmap (least significant bit first) as bytes. A null is not a valid URN.
#[pyfunction]
#[pyo3(signature = (sources, spec, namespaces, output))]
pub fn _check<'py>(
    sources: &Bound<'py, PyList>,
    spec: &str,
    namespaces: bool,
    output: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let py = sources.py();
    let syntax = args::urn_syntax(spec)?;
    let sources: Vec<Source<'_>> = sources
        .iter()
        .map(|source| Source::from_tuple(&source))
        .collect::<PyResult<_>>()?;
    let mut verdicts = Vec::with_capacity(sources.iter().map(Source::len).sum());
    for source in &sources {
        for_each(source, "check_many", |item| {
            verdicts.push(match item {
                Item::Text(text) => is_valid(text, syntax, namespaces),
                Item::Null | Item::Surrogate(_) | Item::InvalidUtf8 { .. } => false,
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

/// The components of each value, as columns: `valid`, the parts, the equivalence key, and
/// the error's fields (the names of `urn-tag check --json`).
#[derive(Default)]
struct Rows {
    valid: Vec<Option<bool>>,
    texts: [TextColumn; 11],
    error_index: Vec<Option<i64>>,
}

/// The names of `Rows::texts`, in order.
const TEXT_COLUMNS: [&str; 11] = [
    "nid",
    "nss",
    "r_component",
    "q_component",
    "f_component",
    "query",
    "fragment",
    "equivalence_key",
    "error_kind",
    "error_part",
    "error_message",
];

impl Rows {
    fn push_null(&mut self) {
        self.valid.push(None);
        self.error_index.push(None);
        for column in &mut self.texts {
            column.push(None);
        }
    }

    fn push_urn(&mut self, urn: &Urn<&str>, equivalence: &Equivalence) {
        self.valid.push(Some(true));
        self.error_index.push(None);
        let key = equivalence.key(urn);
        let values = [
            Some(urn.nid()),
            Some(urn.nss()),
            urn.r_component(),
            urn.q_component(),
            urn.f_component(),
            urn.query(),
            urn.fragment(),
            Some(key.as_str()),
            None,
            None,
            None,
        ];
        for (column, value) in self.texts.iter_mut().zip(values) {
            column.push(value);
        }
    }

    fn push_error(&mut self, kind: &str, part: Option<&str>, index: usize, message: &str) {
        self.valid.push(Some(false));
        self.error_index.push(i64::try_from(index).ok());
        let [parts @ .., error_kind, error_part, error_message] = &mut self.texts;
        for column in parts {
            column.push(None);
        }
        error_kind.push(Some(kind));
        error_part.push(part);
        error_message.push(Some(message));
    }

    fn push_parse_error(&mut self, error: ParseError) {
        let message = error.to_string();
        let part = Some(error.part().code());
        self.push_error(error.kind().code(), part, error.index(), &message);
    }
}

/// The components of the values of `sources`, as a list of `(name, column)` pairs: Arrow
/// buffers when `arrow`, else lists. A null value gives a row of nulls.
#[pyfunction]
#[pyo3(signature = (sources, spec, namespaces, arrow))]
pub fn _parse_columns<'py>(
    sources: &Bound<'py, PyList>,
    spec: &str,
    namespaces: bool,
    arrow: bool,
) -> PyResult<Bound<'py, PyList>> {
    let py = sources.py();
    let syntax = args::urn_syntax(spec)?;
    let sources: Vec<Source<'_>> = sources
        .iter()
        .map(|source| Source::from_tuple(&source))
        .collect::<PyResult<_>>()?;
    let equivalence = Equivalence::standard();
    let mut rows = Rows::default();
    for source in &sources {
        for_each(source, "parse_many", |item| match item {
            Item::Null => rows.push_null(),
            Item::Text(text) => match Urn::parse_borrowed_with(text, syntax) {
                // The namespace is checked only when asked for.
                Ok(urn) if namespaces => match urn.into_namespace_checked() {
                    Ok(urn) => rows.push_urn(&urn, &equivalence),
                    Err(error) => {
                        let message = error.to_string();
                        rows.push_error("namespace", Some("nss"), error.index(), &message);
                    }
                },
                Ok(urn) => rows.push_urn(&urn, &equivalence),
                Err(error) => rows.push_parse_error(error),
            },
            Item::Surrogate(surrogate) => {
                let message = errors::surrogate_message(surrogate);
                rows.push_error("invalid_utf8", None, surrogate.byte_index, &message);
            }
            Item::InvalidUtf8 { index } => {
                let message = format!("invalid UTF-8 at byte {index}");
                rows.push_error("invalid_utf8", None, index, &message);
            }
        })?;
    }
    let columns = PyList::empty(py);
    let valid_present: Vec<bool> = rows.valid.iter().map(Option::is_some).collect();
    let valid = if arrow {
        let values: Vec<bool> = rows.valid.iter().map(|v| v.unwrap_or(false)).collect();
        let buffers = vec![PyBytes::new(py, &bitmap(&values))];
        arrow_column(py, "bool", &valid_present, buffers)?
    } else {
        PyList::new(py, &rows.valid)?.into_any()
    };
    columns.append(("valid", valid))?;
    let Rows {
        texts, error_index, ..
    } = rows;
    for (name, column) in TEXT_COLUMNS.iter().zip(texts) {
        if *name == "error_message" {
            // error_index comes before the message, as in `check --json`'s error object.
            columns.append(("error_index", index_column(py, &error_index, arrow)?))?;
        }
        columns.append((*name, column.into_python(py, arrow)?))?;
    }
    Ok(columns)
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
