//! `UrnTagError`: every error of the library, as one Python exception with the fields of
//! `urn-tag check --json`'s error object (`kind`, `part`, `index`, `message`).

use pyo3::prelude::*;
use urn_tag::{BuildError, MintError, ParseError};

use crate::text::InvalidCodePoint;

pyo3::create_exception!(
    urn_tag,
    UrnTagError,
    pyo3::exceptions::PyValueError,
    "A URN or tag URI is invalid, or a tag cannot be minted.\n\n\
     ``str(error)`` is ``message``; ``kind`` and ``part`` are stable snake_case names (those of \
     ``urn-tag check --json``); ``index`` is the byte of the UTF-8 text the error is at, as the \
     message says, and ``char_index`` the same place as an index into the Python ``str``."
);

/// The fields of one error.
struct Fields<'a> {
    kind: &'static str,
    part: Option<&'static str>,
    index: Option<usize>,
    char_index: Option<usize>,
    message: &'a str,
}

/// A new `UrnTagError` with `fields`.
fn new_error(py: Python<'_>, fields: &Fields<'_>) -> PyErr {
    let error = UrnTagError::new_err(fields.message.to_owned());
    let value = error.value(py);
    let set = || -> PyResult<()> {
        value.setattr("kind", fields.kind)?;
        value.setattr("part", fields.part)?;
        value.setattr("index", fields.index)?;
        value.setattr("char_index", fields.char_index)?;
        value.setattr("message", fields.message)?;
        Ok(())
    };
    match set() {
        Ok(()) => error,
        Err(failure) => failure,
    }
}

/// The index in code points of the byte at `byte_index` of `text`.
pub fn char_index(text: &str, byte_index: usize) -> usize {
    let before = text.as_bytes().get(..byte_index).unwrap_or(text.as_bytes());
    // Count the bytes that start a character: all but UTF-8's continuation bytes.
    before.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

/// The error of parsing `text`.
pub fn parse_error(py: Python<'_>, text: &str, error: ParseError) -> PyErr {
    new_error(
        py,
        &Fields {
            kind: error.kind().code(),
            part: Some(error.part().code()),
            index: Some(error.index()),
            char_index: Some(char_index(text, error.index())),
            message: &error.to_string(),
        },
    )
}

/// The error of a URN whose NSS breaks a rule of its namespace: `message` is the
/// namespace error's, which ends with "at byte INDEX" as a parse error's does.
pub fn namespace_error(py: Python<'_>, text: &str, index: usize, message: &str) -> PyErr {
    new_error(
        py,
        &Fields {
            kind: "namespace",
            part: Some("nss"),
            index: Some(index),
            char_index: Some(char_index(text, index)),
            message,
        },
    )
}

/// The message of [`code_point_error`].
pub fn code_point_message(invalid: InvalidCodePoint) -> String {
    let InvalidCodePoint {
        code_point,
        byte_index,
        ..
    } = invalid;
    if invalid.is_surrogate() {
        format!(
            "lone surrogate U+{code_point:04X} is not Unicode text (it has no UTF-8) at byte {byte_index}"
        )
    } else {
        format!(
            "0x{code_point:X} is not a Unicode code point (the last is U+10FFFF) at byte {byte_index}"
        )
    }
}

/// The error of a value that holds a code point with no UTF-8 (a lone surrogate, or a number
/// past U+10FFFF): it is no Unicode text, so it is reported as the command line reports bytes
/// that are not UTF-8.
pub fn code_point_error(py: Python<'_>, invalid: InvalidCodePoint) -> PyErr {
    let message = code_point_message(invalid);
    new_error(
        py,
        &Fields {
            kind: "invalid_utf8",
            part: None,
            index: Some(invalid.byte_index),
            char_index: Some(invalid.char_index),
            message: &message,
        },
    )
}

/// The error of a minter: for a part, its index is into the text given for that part.
pub fn mint_error(py: Python<'_>, error: MintError) -> PyErr {
    let message = error.to_string();
    let fields = match error {
        MintError::InvalidPart(cause) => build_fields(cause, &message),
        MintError::NotFullyQualified => Fields {
            kind: "not_fully_qualified",
            part: Some("authority"),
            index: None,
            char_index: None,
            message: &message,
        },
        MintError::FutureDate { .. } => Fields {
            kind: "future_date",
            part: Some("date"),
            index: None,
            char_index: None,
            message: &message,
        },
        _ => Fields {
            kind: "mint",
            part: None,
            index: None,
            char_index: None,
            message: &message,
        },
    };
    new_error(py, &fields)
}

fn build_fields(cause: BuildError, message: &str) -> Fields<'_> {
    Fields {
        kind: cause.kind().code(),
        part: Some(cause.part().code()),
        index: Some(cause.index()),
        char_index: None,
        message,
    }
}
