//! Reading a Python `str` as UTF-8 text, without a new Python object per string.
//!
//! The wheel is built for the stable ABI of CPython 3.9 (`abi3-py39`), whose limited API has no
//! way to borrow a string's UTF-8: `PyUnicode_AsUTF8AndSize` joined it in 3.10, and the safe
//! conversions PyO3 offers there (`to_cow`, `extract::<String>`) encode each string into a new
//! `bytes` object and copy it again into a `String`: two allocations per string, and a Python
//! object, in a batch of millions. `PyUnicode_AsUCS4`, in the stable ABI since 3.7, copies a string's
//! code points into a buffer the caller owns; [`TextBuffer`] keeps that buffer and the UTF-8
//! it encodes the code points into across a whole batch, so reading a string allocates nothing
//! once the buffers have grown to the longest string.

use pyo3::exceptions::PySystemError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use urn_tag::Scheme;

/// A value holds a code point that no UTF-8 text can hold, so it cannot be a URN or a tag URI:
/// a lone surrogate (U+D800 to U+DFFF), which a Python `str` can hold, or a number past U+10FFFF,
/// which only a NumPy unicode array can.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidCodePoint {
    /// The code point.
    pub code_point: u32,
    /// Its index in the value (in code points).
    pub char_index: usize,
    /// Its index in UTF-8 bytes: the length of the UTF-8 of the text before it.
    pub byte_index: usize,
    /// The scheme the text before it begins with, if any: what `urn-tag check --json` calls
    /// the `kind` of an input that is not UTF-8.
    pub scheme: Option<Scheme>,
}

impl InvalidCodePoint {
    /// Whether it is a surrogate, not a number past Unicode's last code point.
    pub fn is_surrogate(self) -> bool {
        (0xD800..=0xDFFF).contains(&self.code_point)
    }
}

/// Reusable buffers for reading Python strings as UTF-8.
#[derive(Debug, Default)]
pub struct TextBuffer {
    code_points: Vec<u32>,
    utf8: Vec<u8>,
}

impl TextBuffer {
    /// The text of `string` as UTF-8, borrowed from this buffer until the next read; or the
    /// first lone surrogate in it.
    ///
    /// # Errors
    ///
    /// The Python error of a string that cannot be read (none is expected of a `str`).
    pub fn read<'a>(
        &'a mut self,
        string: &Bound<'_, PyString>,
    ) -> PyResult<Result<&'a str, InvalidCodePoint>> {
        let code_points = copy_code_points(string, &mut self.code_points)?;
        encode_utf8(code_points, &mut self.utf8)
    }
}

/// `code_points` encoded as UTF-8 into `utf8` (emptied first) and borrowed from it; or the
/// first code point that is no character (a lone surrogate, or a number past U+10FFFF).
///
/// # Errors
///
/// None is expected: only whole characters are written.
pub fn encode_utf8<'a>(
    code_points: &[u32],
    utf8: &'a mut Vec<u8>,
) -> PyResult<Result<&'a str, InvalidCodePoint>> {
    utf8.clear();
    // Most identifiers are ASCII: then each code point is its own byte, in two loops that the
    // compiler vectorizes (the first has no early exit for that reason).
    let all_bits = code_points
        .iter()
        .fold(0, |bits, &code_point| bits | code_point);
    if all_bits < 0x80 {
        utf8.extend(code_points.iter().map(|&code_point| code_point as u8));
    } else {
        for (char_index, &code_point) in code_points.iter().enumerate() {
            let Some(ch) = char::from_u32(code_point) else {
                return Ok(Err(InvalidCodePoint {
                    code_point,
                    char_index,
                    byte_index: utf8.len(),
                    scheme: std::str::from_utf8(utf8).ok().and_then(Scheme::of),
                }));
            };
            utf8.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
        }
    }
    let text = std::str::from_utf8(utf8)
        .map_err(|_| PySystemError::new_err("code points encoded as invalid UTF-8"))?;
    Ok(Ok(text))
}

/// The text of `string` as a new UTF-8 `String`, or its first lone surrogate.
///
/// # Errors
///
/// As for [`TextBuffer::read`].
pub fn owned_text(string: &Bound<'_, PyString>) -> PyResult<Result<String, InvalidCodePoint>> {
    let mut buffer = TextBuffer::default();
    match buffer.read(string)? {
        Ok(text) => Ok(Ok(text.to_owned())),
        Err(surrogate) => Ok(Err(surrogate)),
    }
}

/// A stretch of a Python string between its lone surrogates, as UTF-8.
#[derive(Debug)]
pub struct Run {
    pub text: String,
    /// Where it starts in the string, in code points.
    pub char_start: usize,
    /// Where it starts in the string's UTF-8 as `str.encode("utf-8", "surrogatepass")` writes
    /// it: three bytes for each surrogate, and exactly the UTF-8 of a string that has none.
    pub byte_start: usize,
}

/// `string` cut at its lone surrogates, each run of characters between them as UTF-8, in order
/// (runs may be empty).
///
/// Text decoded with the `surrogateescape` error handler (file names, logs) holds a surrogate
/// for each byte that was not UTF-8; the command line, reading those bytes, searches each valid
/// run of a line on its own, and so can a caller of this.
///
/// # Errors
///
/// As for [`TextBuffer::read`].
pub fn runs(string: &Bound<'_, PyString>) -> PyResult<Vec<Run>> {
    let mut code_points = Vec::new();
    let code_points = copy_code_points(string, &mut code_points)?;
    let mut runs = Vec::new();
    let mut run = Run {
        text: String::new(),
        char_start: 0,
        byte_start: 0,
    };
    for (char_index, &code_point) in code_points.iter().enumerate() {
        match char::from_u32(code_point) {
            Some(ch) => run.text.push(ch),
            None => {
                let byte_start = run.byte_start + run.text.len() + SURROGATE_UTF8_LEN;
                runs.push(std::mem::replace(
                    &mut run,
                    Run {
                        text: String::new(),
                        char_start: char_index + 1,
                        byte_start,
                    },
                ));
            }
        }
    }
    runs.push(run);
    Ok(runs)
}

/// How many bytes `surrogatepass` writes for a surrogate: a three-byte UTF-8 sequence.
const SURROGATE_UTF8_LEN: usize = 3;

/// The code points of `string`, copied into `buffer` (grown to fit) and borrowed from it.
///
/// The length is the string's own (`PyUnicode_GetLength`), never what a subclass's `__len__`
/// says, so the buffer holds exactly the string.
#[allow(unsafe_code)]
fn copy_code_points<'a>(
    string: &Bound<'_, PyString>,
    buffer: &'a mut Vec<u32>,
) -> PyResult<&'a [u32]> {
    let py = string.py();
    // SAFETY: `string` is a live `str` (a `Bound` holds a reference, and the GIL is held
    // while it exists). `PyUnicode_GetLength` reads its length, or returns -1 with an
    // exception set.
    let length = unsafe { pyo3::ffi::PyUnicode_GetLength(string.as_ptr()) };
    let length = usize::try_from(length).map_err(|_| PyErr::fetch(py))?;
    if buffer.len() < length {
        buffer.resize(length, 0);
    }
    let code_points = &mut buffer[..length];
    if length == 0 {
        return Ok(code_points);
    }
    let buffer_length = pyo3::ffi::Py_ssize_t::try_from(length)
        .map_err(|_| PySystemError::new_err("string too long to read"))?;
    // SAFETY: as above for `string`; `code_points` is valid for writes of `length` code
    // points (`Py_UCS4` is a `u32`), and `PyUnicode_AsUCS4` writes at most `buflen` of them,
    // raising SystemError instead when the string is longer. With `copy_null` 0 it writes no
    // terminating NUL. It returns NULL exactly when it raised, and the error is then fetched.
    let copied = unsafe {
        pyo3::ffi::PyUnicode_AsUCS4(string.as_ptr(), code_points.as_mut_ptr(), buffer_length, 0)
    };
    if copied.is_null() {
        return Err(PyErr::fetch(py));
    }
    Ok(code_points)
}
