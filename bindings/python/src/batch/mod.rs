//! The native half of the batch functions (`check_many`, `parse_many`) and of the engines'
//! column functions: many values read where they lie, one answer each, on as many threads as
//! asked, with no Python object per value on the way.
//!
//! The Python half (`urn_tag/_batch.py`) tells the containers apart and hands each over as a
//! *source*: a list of `str`, the code points of a NumPy unicode array, or any object that
//! exports an Arrow array or stream through the Arrow PyCapsule interface (pyarrow, Polars,
//! DuckDB, pandas with Arrow types), imported without a copy. Arrow in gives Arrow out: the
//! answers go back as an Arrow chunked array exported the same way, or for the other sources
//! as a list, a `bytearray` (for NumPy), or the columns of a table.

mod parallel;
mod rows;
mod values;

use std::sync::Arc;

use arrow_array::builder::StringBuilder;
use arrow_array::cast::AsArray;
use arrow_array::types::{
    ArrowDictionaryKeyType, Int8Type, Int16Type, Int32Type, Int64Type, UInt8Type, UInt16Type,
    UInt32Type, UInt64Type,
};
use arrow_array::{Array, ArrayRef, BooleanArray, DictionaryArray, StructArray};
use arrow_buffer::BooleanBuffer;
use arrow_schema::{DataType, Field};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyList, PySlice, PyString, PyTuple,
};
use pyo3_arrow::{PyArray, PyChunkedArray};
use urn_tag::urn::Equivalence;
use urn_tag::{Identifier, ParseError};

use self::parallel::Task;
use self::rows::Rows;
use self::values::{ByteArray, Exception, Item, Malformed, Nulls, Texts, Values, ViewArray};
use crate::args::Reading;
use crate::errors;
use crate::text::{TextBuffer, encode_utf8};

/// What is answered for each value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// Whether it is a valid identifier: a boolean.
    Valid,
    /// The fields of `check --json`'s record: a struct.
    Parse,
    /// The error's message, null for a valid identifier: a string.
    Error,
    /// What equivalence compares (a URN's key, a tag's own text), null for an invalid value.
    Key,
}

impl Question {
    fn named(name: &str) -> PyResult<Question> {
        Question::of_name(name)
            .ok_or_else(|| PyValueError::new_err(format!("unknown question {name:?}")))
    }

    fn of_name(name: &str) -> Option<Question> {
        match name {
            "valid" => Some(Question::Valid),
            "parse" => Some(Question::Parse),
            "error" => Some(Question::Error),
            "key" => Some(Question::Key),
            _ => None,
        }
    }

    /// The Arrow type of the answers.
    pub fn data_type(self) -> DataType {
        match self {
            Question::Valid => DataType::Boolean,
            Question::Parse => rows::row_type(),
            Question::Error | Question::Key => DataType::Utf8,
        }
    }
}

/// How the answers treat a missing value.
#[derive(Debug, Clone, Copy)]
struct Answering<'a> {
    question: Question,
    reading: Reading,
    /// A null value gives a null answer, as SQL and DataFrame functions do; else (the batch
    /// functions) it is not a valid identifier. Only `Valid` answers differ: the others are
    /// null for a null either way.
    null_is_null: bool,
    /// The Python function asking, for messages.
    function: &'a str,
}

/// Answers `question` for each value of `source` (as `_batch.py` describes it: `("list", list,
/// missing_values, float_types)`, `("ucs4", array, width, length)` or `("arrow", exporter)`),
/// on up to `threads` threads, for the Python function named `function` (in messages).
///
/// An Arrow source gives an Arrow chunked array (exported through the PyCapsule interface) of
/// booleans, structs or strings. A list or NumPy source gives, for `valid`, a list of bools
/// (`output="list"`) or a bytearray of 0 and 1 (`output="bytes"`, for `numpy.frombuffer`); for
/// `parse`, the chunked array of structs (`output="arrow"`) or a dict of lists
/// (`output="columns"`).
#[pyfunction]
#[pyo3(signature = (source, question, spec, tag_syntax, namespaces, scheme, null_is_null, threads, output, function))]
#[allow(clippy::too_many_arguments)]
pub fn _answer<'py>(
    source: &Bound<'py, PyTuple>,
    question: &str,
    spec: &str,
    tag_syntax: &str,
    namespaces: bool,
    scheme: Option<&str>,
    null_is_null: bool,
    // Signed, so that a negative count gets the same message as 0 (not PyO3's overflow error).
    threads: i64,
    output: &str,
    function: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let py = source.py();
    let threads = usize::try_from(threads)
        .ok()
        .filter(|&threads| threads >= 1)
        .ok_or_else(|| PyValueError::new_err("threads must be at least 1"))?;
    let question = Question::named(question)?;
    let answering = Answering {
        question,
        reading: Reading::new(spec, tag_syntax, namespaces, scheme)?,
        null_is_null,
        function,
    };
    let kind: String = source.get_item(0)?.extract()?;
    let chunks: Vec<ArrayRef> = match kind.as_str() {
        "arrow" => arrow_chunks(&source.get_item(1)?, function)?,
        "list" => {
            let texts = list_texts(source, function)?;
            return answer_texts(py, &texts, &answering, threads, output);
        }
        "ucs4" => {
            let texts = ucs4_texts(source)?;
            return answer_texts(py, &texts, &answering, threads, output);
        }
        other => return Err(PyValueError::new_err(format!("unknown source {other:?}"))),
    };
    let answers = py
        .detach(|| answer_chunks(&chunks, &answering, threads))
        .map_err(BatchError::into_py)?;
    let field = Field::new("", answering.question.data_type(), true);
    Ok(PyChunkedArray::try_new(answers, Arc::new(field))?
        .into_pyobject(py)?
        .into_any())
}

/// The answers of an engine's column function to `question` for the chunks of a column (of
/// [`Question::data_type`]), a null giving a null, on up to `threads` threads; `function` names
/// the function in messages. For the Polars plugin, which runs on Polars' threads with Python's
/// lock not held: nothing here touches Python.
pub fn answer_column(
    chunks: &[ArrayRef],
    question: Question,
    reading: Reading,
    threads: usize,
    function: &str,
) -> Result<Vec<ArrayRef>, BatchError> {
    let answering = Answering {
        question,
        reading,
        null_is_null: true,
        function,
    };
    answer_chunks(chunks, &answering, threads.max(1))
}

/// Whether the batch functions read values of `data_type` (as [`answer_array`] dispatches on
/// it): strings, binary values, a dictionary of them (a categorical column), or nulls.
pub fn reads(data_type: &DataType) -> bool {
    match data_type {
        DataType::Utf8
        | DataType::LargeUtf8
        | DataType::Utf8View
        | DataType::Binary
        | DataType::LargeBinary
        | DataType::BinaryView
        | DataType::Null => true,
        DataType::Dictionary(_, values) => reads(values),
        _ => false,
    }
}

/// The fields of `parse_many`'s rows, in order, as `(name, type)` with the type `"bool"`,
/// `"string"` or `"int64"`: what the engines declare a parse function's struct with.
#[pyfunction]
pub fn _row_fields() -> Vec<(&'static str, &'static str)> {
    rows::column_types()
}

/// The answers for values copied out of Python objects, in the form `output` names.
fn answer_texts<'py>(
    py: Python<'py>,
    texts: &Texts,
    answering: &Answering,
    threads: usize,
    output: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let groups = parallel::plan(&[texts.len()], threads);
    let answers = py
        .detach(|| {
            parallel::run(groups, |tasks| {
                tasks
                    .into_iter()
                    .map(|task| answer_values(texts, task.range, answering))
                    .collect::<Result<Vec<_>, _>>()
            })
            .into_iter()
            .collect::<Result<Vec<_>, _>>()
        })
        .map_err(BatchError::into_py)?;
    let answers: Vec<ArrayRef> = answers.into_iter().flatten().flatten().collect();
    match (answering.question, output) {
        (Question::Valid, "list" | "bytes") => {
            let verdicts = answers
                .iter()
                .filter_map(|array| array.as_boolean_opt())
                .flat_map(|array| array.values().iter());
            if output == "list" {
                let list = PyList::new(py, verdicts.map(|ok| PyBool::new(py, ok)))?;
                Ok(list.into_any())
            } else {
                let bytes: Vec<u8> = verdicts.map(u8::from).collect();
                Ok(PyByteArray::new(py, &bytes).into_any())
            }
        }
        (_, "arrow") => {
            let field = Field::new("", answering.question.data_type(), true);
            Ok(PyChunkedArray::try_new(answers, Arc::new(field))?
                .into_pyobject(py)?
                .into_any())
        }
        (Question::Parse, "columns") => columns(py, &answers),
        (_, other) => Err(PyValueError::new_err(format!("unknown output {other:?}"))),
    }
}

/// The answers for the chunks of an Arrow array, one or more arrays per chunk, in order.
fn answer_chunks(
    chunks: &[ArrayRef],
    answering: &Answering,
    threads: usize,
) -> Result<Vec<ArrayRef>, BatchError> {
    // A dictionary's values are answered once each, then looked up by the keys; every other
    // chunk is cut into tasks for the threads.
    let mut by_chunk: Vec<Vec<ArrayRef>> = vec![Vec::new(); chunks.len()];
    let mut lengths = Vec::with_capacity(chunks.len());
    for (chunk, array) in chunks.iter().enumerate() {
        if let DataType::Dictionary(key_type, _) = array.data_type() {
            by_chunk[chunk].push(answer_dictionary(array, key_type, answering)?);
            lengths.push(0);
        } else {
            lengths.push(array.len());
        }
    }
    let groups = parallel::plan(&lengths, threads);
    let results = parallel::run(groups, |tasks| {
        tasks
            .into_iter()
            .map(|task| {
                let Task { chunk, range } = task;
                let answers = answer_array(&chunks[chunk], range, answering)?;
                Ok((chunk, answers))
            })
            .collect::<Result<Vec<_>, BatchError>>()
    });
    for group in results {
        for (chunk, answers) in group? {
            by_chunk[chunk].extend(answers);
        }
    }
    Ok(by_chunk.into_iter().flatten().collect())
}

/// The answers for values `range` of `array`, a string or binary array of any layout.
fn answer_array(
    array: &ArrayRef,
    range: std::ops::Range<usize>,
    answering: &Answering,
) -> Result<Vec<ArrayRef>, BatchError> {
    match array.data_type() {
        DataType::Utf8 => {
            answer_values(&ByteArray::new(array.as_string::<i32>()), range, answering)
        }
        DataType::LargeUtf8 => {
            answer_values(&ByteArray::new(array.as_string::<i64>()), range, answering)
        }
        DataType::Binary => {
            answer_values(&ByteArray::new(array.as_binary::<i32>()), range, answering)
        }
        DataType::LargeBinary => {
            answer_values(&ByteArray::new(array.as_binary::<i64>()), range, answering)
        }
        DataType::Utf8View => {
            answer_values(&ViewArray::new(array.as_string_view()), range, answering)
        }
        DataType::BinaryView => {
            answer_values(&ViewArray::new(array.as_binary_view()), range, answering)
        }
        DataType::Null => answer_values(&Nulls::new(array.len()), range, answering),
        other => Err(BatchError::Type(format!(
            "{}() expects an Arrow array of strings or binary values, not {other}",
            answering.function
        ))),
    }
}

/// The answers for a dictionary-encoded chunk: its values answered once each, then taken by
/// its keys (a null key gives a null, made `false` for `Valid` unless nulls stay null).
fn answer_dictionary(
    array: &ArrayRef,
    key_type: &DataType,
    answering: &Answering,
) -> Result<ArrayRef, BatchError> {
    fn parts<K: ArrowDictionaryKeyType>(array: &ArrayRef) -> (ArrayRef, ArrayRef) {
        let dictionary: &DictionaryArray<K> = array.as_dictionary();
        (
            dictionary.values().clone(),
            Arc::new(dictionary.keys().clone()),
        )
    }
    let (values, keys) = match key_type {
        DataType::Int8 => parts::<Int8Type>(array),
        DataType::Int16 => parts::<Int16Type>(array),
        DataType::Int32 => parts::<Int32Type>(array),
        DataType::Int64 => parts::<Int64Type>(array),
        DataType::UInt8 => parts::<UInt8Type>(array),
        DataType::UInt16 => parts::<UInt16Type>(array),
        DataType::UInt32 => parts::<UInt32Type>(array),
        DataType::UInt64 => parts::<UInt64Type>(array),
        other => {
            return Err(BatchError::Type(format!(
                "{}() expects an Arrow dictionary with integer keys, not {other} keys",
                answering.function
            )));
        }
    };
    let answers = answer_array(&values, 0..values.len(), answering)?;
    let refs: Vec<&dyn Array> = answers.iter().map(|array| array.as_ref()).collect();
    let answers = arrow_select::concat::concat(&refs).map_err(arrow_error)?;
    let taken = arrow_select::take::take(&answers, &keys, None).map_err(arrow_error)?;
    if answering.question == Question::Valid && !answering.null_is_null {
        return Ok(Arc::new(nulls_false(taken.as_boolean())));
    }
    Ok(taken)
}

/// `verdicts` with every null made `false`.
fn nulls_false(verdicts: &BooleanArray) -> BooleanArray {
    match verdicts.nulls() {
        Some(nulls) => BooleanArray::new(verdicts.values() & nulls.inner(), None),
        None => verdicts.clone(),
    }
}

fn arrow_error(error: arrow_schema::ArrowError) -> BatchError {
    BatchError::Value(error.to_string())
}

/// Why a batch could not be answered, as a message: the batch functions raise it in Python,
/// the Polars plugin hands it to Polars (on Polars' threads, where Python's lock is not held).
#[derive(Debug)]
pub enum BatchError {
    /// The values are of a type that is not text: a `TypeError`.
    Type(String),
    /// The values are malformed, or their answers do not fit Arrow: a `ValueError`.
    Value(String),
}

impl BatchError {
    fn into_py(self) -> PyErr {
        match self {
            BatchError::Type(message) => PyTypeError::new_err(message),
            BatchError::Value(message) => PyValueError::new_err(message),
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        match self {
            BatchError::Type(message) | BatchError::Value(message) => message,
        }
    }
}

impl From<Malformed> for BatchError {
    fn from(malformed: Malformed) -> BatchError {
        BatchError::Value(malformed.to_string())
    }
}

impl From<rows::RowsError> for BatchError {
    fn from(rows::RowsError(message): rows::RowsError) -> BatchError {
        BatchError::Value(message)
    }
}

/// The answers for values `range` of `values`: one array, or for `Parse` as many struct
/// arrays as their text needs.
fn answer_values<V: Values>(
    values: &V,
    range: std::ops::Range<usize>,
    answering: &Answering,
) -> Result<Vec<ArrayRef>, BatchError> {
    let reading = &answering.reading;
    match answering.question {
        Question::Valid => {
            // Every value is read as its buffers hold it, 64 verdicts to a word, and the nulls
            // are masked out after, a word at a time.
            let nulls = values
                .nulls()
                .map(|nulls| nulls.slice(range.start, range.len()))
                .filter(|nulls| nulls.null_count() > 0);
            let mut malformed = None;
            // Inlined into the loop: a call per value cost a tenth of a verdict's time.
            let verdicts = BooleanBuffer::collect_bool(
                range.len(),
                #[inline(always)]
                |k| {
                    match values.unmasked_bytes(range.start + k) {
                        Ok(Some(bytes)) => reading.is_valid_bytes(bytes),
                        Ok(None) => false,
                        // What lies under a null need not be well formed.
                        Err(_) if nulls.as_ref().is_some_and(|nulls| nulls.is_null(k)) => false,
                        Err(error) => {
                            malformed.get_or_insert(error);
                            false
                        }
                    }
                },
            );
            if let Some(error) = malformed {
                return Err(error.into());
            }
            let array = match nulls {
                Some(nulls) => {
                    let verdicts = &verdicts & nulls.inner();
                    BooleanArray::new(verdicts, answering.null_is_null.then_some(nulls))
                }
                None => BooleanArray::new(verdicts, None),
            };
            Ok(vec![Arc::new(array)])
        }
        Question::Parse => {
            let equivalence = Equivalence::standard();
            let mut rows = Rows::default();
            for i in range {
                rows.push(values.item(i)?, reading, &equivalence)?;
            }
            Ok(rows.finish()?)
        }
        Question::Error | Question::Key => {
            let equivalence = Equivalence::standard();
            let mut strings = StringBuilder::new();
            for i in range {
                let item = values.item(i)?;
                match answering.question {
                    Question::Error => strings.append_option(error_message(item, reading)),
                    _ => strings.append_option(equivalence_key(item, reading, &equivalence)),
                }
            }
            Ok(vec![Arc::new(strings.finish())])
        }
    }
}

/// What the `error` functions answer for the bytes of one value (the DuckDB extension's
/// strings): its error's message, or `None` for a valid identifier.
pub fn error_of_bytes(bytes: &[u8], reading: &Reading) -> Option<String> {
    error_message(Item::of_bytes(bytes), reading)
}

/// What the `equivalence_key` functions answer for the bytes of one value: `None` for an
/// invalid identifier.
pub fn equivalence_key_of_bytes(
    bytes: &[u8],
    reading: &Reading,
    equivalence: &Equivalence,
) -> Option<String> {
    equivalence_key(Item::of_bytes(bytes), reading, equivalence)
}

/// The message of the error of `item`, or `None` for a valid identifier or a missing value.
fn error_message(item: Item<'_>, reading: &Reading) -> Option<String> {
    match item {
        Item::Null => None,
        Item::Text(text) => reading.parse(text).err().map(|e: ParseError| e.to_string()),
        Item::NotUnicode(invalid) => Some(errors::code_point_message(invalid)),
        Item::InvalidUtf8 { index, .. } => Some(format!("invalid UTF-8 at byte {index}")),
    }
}

/// What equivalence compares for `item`: a URN's equivalence key, a tag's own text (RFC 4151
/// compares tags character by character); `None` for an invalid or missing value.
fn equivalence_key(item: Item<'_>, reading: &Reading, equivalence: &Equivalence) -> Option<String> {
    let Item::Text(text) = item else {
        return None;
    };
    match reading.parse(text).ok()? {
        Identifier::Urn(urn) => Some(equivalence.key(&urn).into_string()),
        Identifier::Tag(tag) => Some(tag.as_str().to_owned()),
    }
}

/// The chunks of the Arrow array or stream `exporter` exports: `__arrow_c_stream__` (a
/// chunked array, a Polars or pandas series, a DuckDB relation) or `__arrow_c_array__`. A
/// stream of one-column record batches (a relation selecting one column) gives that column.
fn arrow_chunks(exporter: &Bound<'_, PyAny>, function: &str) -> PyResult<Vec<ArrayRef>> {
    let py = exporter.py();
    let (chunks, field) = if exporter.hasattr(pyo3::intern!(py, "__arrow_c_stream__"))? {
        exporter.extract::<PyChunkedArray>()?.into_inner()
    } else if exporter.hasattr(pyo3::intern!(py, "__arrow_c_array__"))? {
        let (array, field) = exporter.extract::<PyArray>()?.into_inner();
        (vec![array], field)
    } else {
        let type_name = exporter.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "{function}() expects an Arrow array or stream, not {type_name}"
        )));
    };
    match field.data_type() {
        DataType::Struct(fields) if fields.len() == 1 => Ok(chunks
            .iter()
            .map(|chunk| chunk.as_struct().column(0).clone())
            .collect()),
        _ => Ok(chunks),
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

/// The values of a list source, `("list", list, missing_values, float_types)`, copied out as
/// UTF-8 (a list's items are Python objects, read with the GIL held).
fn list_texts(source: &Bound<'_, PyTuple>, function: &str) -> PyResult<Texts> {
    let list = source.get_item(1)?.cast_into::<PyList>()?;
    let missing = Missing {
        values: source.get_item(2)?.cast_into()?,
        float_types: source.get_item(3)?.cast_into()?,
    };
    let mut texts = Texts::with_capacity(list.len());
    let mut buffer = TextBuffer::default();
    for (index, value) in list.iter().enumerate() {
        if let Ok(string) = value.cast::<PyString>() {
            match buffer.read(string)? {
                Ok(text) => texts.push_text(text),
                Err(invalid) => texts.push_exception(Exception::NotUnicode(invalid)),
            }
        } else if missing.contains(&value)? {
            texts.push_exception(Exception::Missing);
        } else {
            let type_name = value.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "{function}() expects str values or missing values (None, NaN, pandas.NA); \
                 item {index} is {type_name}"
            )));
        }
    }
    Ok(texts)
}

/// How much of a NumPy unicode array is copied out at a time.
const UCS4_SLICE_BYTES: usize = 4 << 20;

/// The values of a NumPy source, `("ucs4", array, width, length)`: a one-dimensional array of
/// dtype `<U{width}`, `width` little-endian code points per value, padded with NULs (which
/// NumPy does not count as part of the value), copied out as UTF-8.
///
/// The array's data is copied out a slice at a time (the stable ABI of 3.9 has no buffer
/// protocol): a few MiB that stay in cache, where one copy of the whole array would be four
/// bytes per character of its widest value for every value.
fn ucs4_texts(source: &Bound<'_, PyTuple>) -> PyResult<Texts> {
    let py = source.py();
    let array = source.get_item(1)?;
    let width: usize = source.get_item(2)?.extract()?;
    let length: usize = source.get_item(3)?.extract()?;
    let per_slice = (UCS4_SLICE_BYTES / (width * 4).max(1)).max(1);
    let mut texts = Texts::with_capacity(length);
    let mut code_points = Vec::with_capacity(width);
    let mut utf8 = Vec::new();
    for start in (0..length).step_by(per_slice) {
        let end = (start + per_slice).min(length);
        let slice = PySlice::new(py, start as isize, end as isize, 1);
        let data = array.get_item(slice)?.call_method0("tobytes")?;
        let bytes = data.cast::<PyBytes>()?.as_bytes();
        for i in 0..end - start {
            let value = bytes
                .get(i * width * 4..(i + 1) * width * 4)
                .ok_or_else(|| PyValueError::new_err("NumPy data shorter than its shape"))?;
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
                Ok(text) => texts.push_text(text),
                Err(invalid) => texts.push_exception(Exception::NotUnicode(invalid)),
            }
        }
    }
    Ok(texts)
}

/// The columns of struct arrays `rows`, as a dict of lists by field name (`parse_many`
/// without pyarrow).
fn columns<'py>(py: Python<'py>, rows: &[ArrayRef]) -> PyResult<Bound<'py, PyAny>> {
    let DataType::Struct(fields) = rows::row_type() else {
        return Err(PyValueError::new_err("rows are structs"));
    };
    let columns = PyDict::new(py);
    for (index, field) in fields.iter().enumerate() {
        let list = PyList::empty(py);
        for array in rows {
            let row: &StructArray = array.as_struct();
            let column = row.column(index);
            for i in 0..column.len() {
                if column.is_null(i) {
                    list.append(py.None())?;
                } else if let Some(flags) = column.as_boolean_opt() {
                    list.append(flags.value(i))?;
                } else if let Some(texts) = column.as_string_opt::<i32>() {
                    list.append(texts.value(i))?;
                } else if let Some(numbers) =
                    column.as_primitive_opt::<arrow_array::types::Int64Type>()
                {
                    list.append(numbers.value(i))?;
                }
            }
        }
        columns.set_item(field.name(), list)?;
    }
    Ok(columns.into_any())
}
