//! The rows of `parse_many`: the fields of `urn-tag check --json`'s records, one row per value,
//! built as Arrow struct arrays.

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{DataType, Field, Fields};
use urn_tag::urn::Equivalence;
use urn_tag::{Identifier, ParseErrorKind, Scheme};

use super::values::Item;
use crate::args::Reading;
use crate::errors;

/// Where a column lives in a [`Row`].
#[derive(Clone, Copy)]
enum Column {
    Flag(usize),
    Text(usize),
    ErrorIndex,
}

/// The columns, in order: the fields of `urn-tag check --json`'s records, by the same names,
/// the error object's fields flattened with an `error_` prefix. A URN's record and a tag's
/// share `fragment` (after `#`), as they do in JSON.
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

/// The names and types of the columns, for the engines' declarations of the struct:
/// `"bool"`, `"string"` or `"int64"` each.
pub fn column_types() -> Vec<(&'static str, &'static str)> {
    COLUMNS
        .iter()
        .map(|(name, column)| {
            let type_name = match column {
                Column::Flag(_) => "bool",
                Column::Text(_) => "string",
                Column::ErrorIndex => "int64",
            };
            (*name, type_name)
        })
        .collect()
}

/// The Arrow type of a row: a struct of the columns, each nullable.
pub fn row_type() -> DataType {
    DataType::Struct(fields())
}

fn fields() -> Fields {
    COLUMNS
        .iter()
        .map(|(name, column)| {
            let data_type = match column {
                Column::Flag(_) => DataType::Boolean,
                Column::Text(_) => DataType::Utf8,
                Column::ErrorIndex => DataType::Int64,
            };
            Field::new(*name, data_type, true)
        })
        .collect()
}

/// One row, before it joins the columns. `None` for a missing value: a null row.
#[derive(Clone, Copy)]
struct Row<'a> {
    flags: [Option<bool>; FLAGS],
    texts: [Option<&'a str>; TEXTS],
    error_index: Option<i64>,
}

impl Row<'_> {
    const EMPTY: Row<'static> = Row {
        flags: [None; FLAGS],
        texts: [None; TEXTS],
        error_index: None,
    };
}

/// A text column of more than this many bytes cannot have `i32` offsets.
const MAX_TEXT_BYTES: usize = i32::MAX as usize;

/// Rows gathered into struct arrays: a new array starts where a text column would pass what
/// `i32` offsets can address, so that every array is of the one [`row_type`].
pub struct Rows {
    flags: [BooleanBuilder; FLAGS],
    texts: [StringBuilder; TEXTS],
    error_index: Int64Builder,
    present: Vec<bool>,
    done: Vec<ArrayRef>,
}

/// Why rows could not be gathered: a value whose fields alone pass what one Arrow string
/// array can hold, or (not expected) columns that do not make the struct.
#[derive(Debug)]
pub struct RowsError(pub String);

impl Default for Rows {
    fn default() -> Rows {
        Rows {
            flags: std::array::from_fn(|_| BooleanBuilder::new()),
            texts: std::array::from_fn(|_| StringBuilder::new()),
            error_index: Int64Builder::new(),
            present: Vec::new(),
            done: Vec::new(),
        }
    }
}

impl Rows {
    /// The row of `item` read by `reading`.
    pub fn push(
        &mut self,
        item: Item<'_>,
        reading: &Reading,
        equivalence: &Equivalence,
    ) -> Result<(), RowsError> {
        let namespaces = reading.syntax.namespaces();
        match item {
            Item::Null => self.push_row(&Row::EMPTY, false),
            Item::Text(text) => match reading.parse(text) {
                Ok(Identifier::Urn(urn)) => {
                    let normalized = urn.normalized();
                    let key = equivalence.key(&urn);
                    let nid = urn.nid();
                    let mut row = Row::EMPTY;
                    row.flags = [
                        Some(true),
                        Some(urn.registration().is_some()),
                        // `check --json` says whether a grammar of the namespace applied, or
                        // its registration states no syntax of its own: the verdict the parse
                        // kept.
                        namespaces.then(|| urn.check_namespace().was_checked()),
                    ];
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
                    self.push_row(&row, true)
                }
                Ok(Identifier::Tag(tag)) => {
                    let date = tag.date().to_string();
                    let mut row = Row::EMPTY;
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
                    self.push_row(&row, true)
                }
                Err(error) => {
                    let scheme = Scheme::of(text);
                    // A namespace error is the only one found after a namespace grammar
                    // applied.
                    let checked = matches!(error.kind(), ParseErrorKind::Namespace(_));
                    let message = error.to_string();
                    let mut row = Row::EMPTY;
                    row.flags[0] = Some(false);
                    row.flags[2] = (namespaces && scheme == Some(Scheme::Urn)).then_some(checked);
                    row.texts[0] = scheme.map(Scheme::name);
                    row.texts[17] = Some(error.kind().code());
                    row.texts[18] = Some(error.part().code());
                    row.texts[19] = Some(&message);
                    row.error_index = i64::try_from(error.index()).ok();
                    self.push_row(&row, true)
                }
            },
            Item::NotUnicode(invalid) => {
                let message = errors::code_point_message(invalid);
                self.push_not_text(invalid.scheme, invalid.byte_index, &message)
            }
            Item::InvalidUtf8 { scheme, index } => {
                let message = format!("invalid UTF-8 at byte {index}");
                self.push_not_text(scheme, index, &message)
            }
        }
    }

    /// The row of a value that is no text: an `invalid_utf8` error (part null) at `index`.
    fn push_not_text(
        &mut self,
        scheme: Option<Scheme>,
        index: usize,
        message: &str,
    ) -> Result<(), RowsError> {
        let mut row = Row::EMPTY;
        row.flags[0] = Some(false);
        row.texts[0] = scheme.map(Scheme::name);
        row.texts[17] = Some("invalid_utf8");
        row.texts[19] = Some(message);
        row.error_index = i64::try_from(index).ok();
        self.push_row(&row, true)
    }

    fn push_row(&mut self, row: &Row<'_>, present: bool) -> Result<(), RowsError> {
        let too_long = |column: &StringBuilder, text: Option<&str>| {
            column.values_slice().len() + text.map_or(0, str::len) > MAX_TEXT_BYTES
        };
        if self
            .texts
            .iter()
            .zip(row.texts)
            .any(|(c, t)| too_long(c, t))
        {
            self.finish_array()?;
            if row
                .texts
                .iter()
                .any(|text| too_long(&StringBuilder::new(), *text))
            {
                return Err(RowsError(
                    "a value's fields pass the 2 GiB an Arrow string array holds".to_owned(),
                ));
            }
        }
        for (column, flag) in self.flags.iter_mut().zip(row.flags) {
            column.append_option(flag);
        }
        for (column, text) in self.texts.iter_mut().zip(row.texts) {
            column.append_option(text);
        }
        self.error_index.append_option(row.error_index);
        self.present.push(present);
        Ok(())
    }

    /// Ends the array being built, if it has rows.
    fn finish_array(&mut self) -> Result<(), RowsError> {
        if self.present.is_empty() {
            return Ok(());
        }
        let flags = self.flags.each_mut().map(|column| column.finish());
        let texts = self.texts.each_mut().map(|column| column.finish());
        let error_index = self.error_index.finish();
        // Arrays share their buffers when cloned: each column is moved into place.
        let arrays: Vec<ArrayRef> = COLUMNS
            .iter()
            .map(|(_, column)| -> ArrayRef {
                match *column {
                    Column::Flag(i) => Arc::new(flags[i].clone()),
                    Column::Text(i) => Arc::new(texts[i].clone()),
                    Column::ErrorIndex => Arc::new(error_index.clone()),
                }
            })
            .collect();
        let nulls = NullBuffer::from(std::mem::take(&mut self.present));
        let nulls = (nulls.null_count() > 0).then_some(nulls);
        let array = StructArray::try_new(fields(), arrays, nulls)
            .map_err(|error| RowsError(error.to_string()))?;
        self.done.push(Arc::new(array));
        Ok(())
    }

    /// The struct arrays of the rows pushed, in order.
    pub fn finish(mut self) -> Result<Vec<ArrayRef>, RowsError> {
        self.finish_array()?;
        Ok(self.done)
    }
}
