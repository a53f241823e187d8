//! The native module as a Polars expression plugin: `is_valid`, `parse`, `error` and
//! `equivalence_key`, which Polars calls on its own threads, on its own columns, with no
//! Python in between.
//!
//! A `map_batches` function is called by Polars with Python's lock held, one batch at a time:
//! on the streaming engine, whose batches run on every core, the check ran on one. A plugin
//! function is called like one of Polars' own. `urn_tag.polars` registers the expressions
//! with `polars.plugins.register_plugin_function`, naming this module's file; Polars opens it
//! (the library Python already loaded) and calls the functions below through Polars' plugin
//! interface, version 0.1:
//!
//! * `_polars_plugin_get_version`: the version, major in the high 16 bits;
//! * `_polars_plugin_<name>(inputs, n, kwargs, kwargs_len, output, context)`: the column,
//!   as Polars' `SeriesExport` (the Arrow C data interface's schema and one array per chunk),
//!   the options pickled, the answers written to `output` the same way;
//! * `_polars_plugin_field_<name>(fields, n, output, kwargs, kwargs_len)`: the type of the
//!   answers, for Polars' schema, before any data;
//! * `_polars_plugin_get_last_error_message`: why the last call on this thread wrote nothing.
//!
//! The Arrow arrays are imported and exported with arrow-rs's C data interface; only Polars'
//! wrapper around them (`SeriesExport`, five fields) is declared here. The answers come from the
//! same safe code as the batch functions' ([`batch::answer_column`]), which does not touch
//! Python: Polars runs plugins with Python's lock released.
#![allow(unsafe_code)]

use std::cell::RefCell;
use std::ffi::{CString, c_char, c_void};
use std::mem::ManuallyDrop;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr;
use std::sync::Arc;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi};
use arrow_array::{ArrayRef, NullArray, make_array, new_empty_array};
use arrow_schema::{DataType, Field};
use serde_pickle::{DeOptions, HashableValue, Value};

use crate::args::Reading;
use crate::batch::{self, Question};

/// The plugin interface's version this module speaks: 0.1 (major 0, minor 1: the field
/// functions take the options too).
const VERSION: u32 = 1;

/// A column as Polars hands it over and takes it back (`polars_ffi::version_0::SeriesExport`):
/// its field, and its chunks as Arrow arrays, each behind its own pointer. `release` frees the
/// wrapper and the boxes holding the arrays, not the arrays: whoever takes an array out owns it.
#[repr(C)]
pub struct SeriesExport {
    field: *mut FFI_ArrowSchema,
    arrays: *mut *mut FFI_ArrowArray,
    len: usize,
    release: Option<unsafe extern "C" fn(*mut SeriesExport)>,
    private_data: *mut c_void,
}

/// What Polars tells a plugin about the call (`polars_ffi::version_0::CallerContext`): bit 0,
/// that Polars runs the expression in parallel itself. Polars sets no bit today; `threads`
/// stays the caller's choice.
#[repr(C)]
pub struct CallerContext {
    bitflags: u64,
}

thread_local! {
    /// The message of the last call on this thread that failed, for Polars to read.
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// The plugin interface's version.
#[unsafe(no_mangle)]
pub extern "C" fn _polars_plugin_get_version() -> u32 {
    VERSION
}

/// The message of the last call on this thread that wrote no answer: valid until the next
/// call on the thread.
#[unsafe(no_mangle)]
pub extern "C" fn _polars_plugin_get_last_error_message() -> *const c_char {
    LAST_ERROR.with(|message| message.borrow().as_ptr())
}

fn set_error(message: &str) {
    let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|last| *last.borrow_mut() = message);
}

/// The pair of exported functions of each expression: `$name` answers, `$field` names the type.
macro_rules! plugin_functions {
    ($($name:ident, $field:ident => $question:expr, $function:literal;)*) => {$(
        #[doc = concat!("`", $function, "` on a column (see the module's documentation).")]
        ///
        /// # Safety
        ///
        /// Polars' plugin interface, version 0.1: `inputs` points to `n` exports this call
        /// takes ownership of, `kwargs` to `kwargs_len` bytes, `output` to an empty export.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(
            inputs: *mut SeriesExport,
            n: usize,
            kwargs: *const u8,
            kwargs_len: usize,
            output: *mut SeriesExport,
            _context: *const CallerContext,
        ) {
            // SAFETY: as this function's contract says.
            unsafe { call(inputs, n, kwargs, kwargs_len, output, $question, $function) }
        }

        #[doc = concat!("The type of `", $function, "`'s answers.")]
        ///
        /// # Safety
        ///
        /// Polars' plugin interface, version 0.1: `fields` points to `n` schemas, `output` to
        /// an empty schema, `kwargs` to `kwargs_len` bytes.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $field(
            fields: *const FFI_ArrowSchema,
            n: usize,
            output: *mut FFI_ArrowSchema,
            kwargs: *const u8,
            kwargs_len: usize,
        ) {
            // SAFETY: as this function's contract says.
            unsafe { field(fields, n, output, kwargs, kwargs_len, $question, $function) }
        }
    )*};
}

plugin_functions! {
    _polars_plugin_is_valid, _polars_plugin_field_is_valid => Question::Valid, "is_valid";
    _polars_plugin_parse, _polars_plugin_field_parse => Question::Parse, "parse";
    _polars_plugin_error, _polars_plugin_field_error => Question::Error, "error";
    _polars_plugin_equivalence_key, _polars_plugin_field_equivalence_key => Question::Key, "equivalence_key";
}

/// A column taken over from Polars: its field and its chunks.
struct Column {
    field: Field,
    chunks: Vec<ArrayRef>,
}

/// # Safety
///
/// As [`_polars_plugin_is_valid`].
unsafe fn call(
    inputs: *mut SeriesExport,
    n: usize,
    kwargs: *const u8,
    kwargs_len: usize,
    output: *mut SeriesExport,
    question: Question,
    function: &str,
) {
    let answered = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: `inputs` points to `n` exports whose ownership passes to this call.
        let columns = unsafe { take_columns(inputs, n) }?;
        // SAFETY: `kwargs` points to `kwargs_len` bytes, alive for the call.
        let options = Options::of(unsafe { bytes(kwargs, kwargs_len) }, function)?;
        let [column] = <[Column; 1]>::try_from(columns)
            .map_err(|_| format!("{function}() takes one column"))?;
        let mut answers = batch::answer_column(
            &column.chunks,
            question,
            options.reading,
            options.threads,
            function,
        )
        .map_err(|error| error.message().to_owned())?;
        let data_type = question.data_type();
        if answers.is_empty() {
            answers.push(new_empty_array(&data_type));
        }
        export(Field::new(column.field.name(), data_type, true), &answers)
    }));
    match answered {
        // SAFETY: `output` points to an export Polars reads after the call.
        Ok(Ok(export)) => unsafe { output.write(export) },
        Ok(Err(message)) => set_error(&message),
        Err(_) => set_error(&format!("urn_tag's {function}() panicked")),
    }
}

/// # Safety
///
/// As [`_polars_plugin_field_is_valid`].
unsafe fn field(
    fields: *const FFI_ArrowSchema,
    n: usize,
    output: *mut FFI_ArrowSchema,
    kwargs: *const u8,
    kwargs_len: usize,
    question: Question,
    function: &str,
) {
    let typed = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: `kwargs` points to `kwargs_len` bytes, alive for the call.
        Options::of(unsafe { bytes(kwargs, kwargs_len) }, function)?;
        if n != 1 || fields.is_null() {
            return Err(format!("{function}() takes one column"));
        }
        // SAFETY: `fields` points to `n` (one) schemas, alive for the call.
        let input = Field::try_from(unsafe { &*fields }).map_err(|error| error.to_string())?;
        if !batch::reads(input.data_type()) {
            return Err(format!(
                "{function}() expects a column of strings or binary values, not {}",
                input.data_type()
            ));
        }
        FFI_ArrowSchema::try_from(Field::new(input.name(), question.data_type(), true))
            .map_err(|error| error.to_string())
    }));
    match typed {
        // SAFETY: `output` points to an empty schema, which Polars reads and releases.
        Ok(Ok(schema)) => unsafe { output.write(schema) },
        Ok(Err(message)) => set_error(&message),
        Err(_) => set_error(&format!("urn_tag's {function}() panicked")),
    }
}

/// # Safety
///
/// `pointer` points to `len` bytes (or `len` is 0), alive for `'a`.
unsafe fn bytes<'a>(pointer: *const u8, len: usize) -> &'a [u8] {
    if pointer.is_null() || len == 0 {
        return &[];
    }
    // SAFETY: as the function's contract says.
    unsafe { std::slice::from_raw_parts(pointer, len) }
}

/// Takes over the `n` columns at `inputs`: each array moved out of its box, then the export
/// released (which frees the boxes, not the arrays). Every export is released, and every array
/// taken, whether or not it imports.
///
/// # Safety
///
/// `inputs` points to `n` exports of Polars' whose ownership passes to the caller.
unsafe fn take_columns(inputs: *mut SeriesExport, n: usize) -> Result<Vec<Column>, String> {
    let mut exports = Vec::with_capacity(n);
    for i in 0..n {
        // SAFETY: export `i` of `n`, read once and released below.
        exports.push(unsafe { ptr::read(inputs.add(i)) });
    }
    let mut columns = Vec::with_capacity(n);
    let mut failure = None;
    for mut export in exports {
        let mut arrays = Vec::with_capacity(export.len);
        for j in 0..export.len {
            // SAFETY: array `j` of the export's `len`, moved out of its box once; the export's
            // release frees the box without touching the array.
            arrays.push(unsafe { ptr::read(*export.arrays.add(j)) });
        }
        // SAFETY: the export's schema is alive until its release, below.
        let schema = unsafe { &*export.field };
        let column = Field::try_from(schema).and_then(|field| {
            let chunks = arrays
                .into_iter()
                .map(|array| match field.data_type() {
                    // Polars exports its null type with a validity buffer, which the C data
                    // interface does not give that type: only the length is read (the array
                    // is released when dropped).
                    DataType::Null => Ok(Arc::new(NullArray::new(array.len())) as ArrayRef),
                    // SAFETY: each array was exported with this schema, and is owned from here.
                    _ => unsafe { from_ffi(array, schema) }.map(make_array),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Column { field, chunks })
        });
        if let Some(release) = export.release {
            // SAFETY: the export's own release, called once.
            unsafe { release(&mut export) };
        }
        match column {
            Ok(column) => columns.push(column),
            Err(error) => {
                failure.get_or_insert(error.to_string());
            }
        }
    }
    match failure {
        Some(message) => Err(message),
        None => Ok(columns),
    }
}

/// What [`export`] hands Polars and takes back in [`release_export`].
struct Exported {
    schema: Box<FFI_ArrowSchema>,
    arrays: Box<[*mut FFI_ArrowArray]>,
}

/// The answers as an export Polars takes over: it moves each array out of its box, then calls
/// [`release_export`].
fn export(field: Field, answers: &[ArrayRef]) -> Result<SeriesExport, String> {
    let schema = Box::new(FFI_ArrowSchema::try_from(&field).map_err(|error| error.to_string())?);
    let arrays: Box<[*mut FFI_ArrowArray]> = answers
        .iter()
        .map(|array| Box::into_raw(Box::new(FFI_ArrowArray::new(&array.to_data()))))
        .collect();
    let exported = Box::new(Exported { schema, arrays });
    Ok(SeriesExport {
        field: ptr::from_ref(exported.schema.as_ref()).cast_mut(),
        arrays: exported.arrays.as_ptr().cast_mut(),
        len: exported.arrays.len(),
        release: Some(release_export),
        private_data: Box::into_raw(exported).cast(),
    })
}

/// Frees what [`export`] made, but the arrays, which Polars has moved out of their boxes.
///
/// # Safety
///
/// `export` is an export [`export`] made, released once.
unsafe extern "C" fn release_export(export: *mut SeriesExport) {
    // SAFETY: as the function's contract says.
    let Some(export) = (unsafe { export.as_mut() }) else {
        return;
    };
    if export.private_data.is_null() {
        return;
    }
    // SAFETY: `private_data` is the box `export` made, taken back once.
    let exported = unsafe { Box::from_raw(export.private_data.cast::<Exported>()) };
    for &array in &exported.arrays {
        // SAFETY: each box was made by `export`; its array now belongs to Polars.
        drop(unsafe { Box::from_raw(array.cast::<ManuallyDrop<FFI_ArrowArray>>()) });
    }
    export.release = None;
    export.private_data = ptr::null_mut();
}

/// The options of an expression, as `urn_tag.polars` pickles them: `spec`, `tag_syntax`,
/// `namespaces`, `scheme` and `threads`.
struct Options {
    reading: Reading,
    threads: usize,
}

impl Options {
    fn of(kwargs: &[u8], function: &str) -> Result<Options, String> {
        let wrong =
            || format!("{function}(): the plugin's options are not those urn_tag.polars sends");
        let Value::Dict(options) =
            serde_pickle::value_from_slice(kwargs, DeOptions::new()).map_err(|_| wrong())?
        else {
            return Err(wrong());
        };
        let text = |name: &str| match options.get(&HashableValue::String(name.to_owned())) {
            Some(Value::String(text)) => Some(Some(text.as_str())),
            Some(Value::None) => Some(None),
            _ => None,
        };
        let get = |name: &str| options.get(&HashableValue::String(name.to_owned()));
        let (Some(Some(spec)), Some(Some(tag_syntax)), Some(scheme)) =
            (text("spec"), text("tag_syntax"), text("scheme"))
        else {
            return Err(wrong());
        };
        let (Some(Value::Bool(namespaces)), Some(Value::I64(threads))) =
            (get("namespaces"), get("threads"))
        else {
            return Err(wrong());
        };
        Ok(Options {
            reading: Reading::named(spec, tag_syntax, *namespaces, scheme)?,
            threads: usize::try_from(*threads).unwrap_or(1).max(1),
        })
    }
}

#[cfg(test)]
mod tests {
    use arrow_array::StringViewArray;
    use arrow_array::cast::AsArray;

    use super::*;

    /// `pickle.dumps({"spec": "rfc2141", "tag_syntax": "lenient", "namespaces": True,
    /// "scheme": None, "threads": 2}, protocol=5)`, as Polars pickles an expression's options.
    const PICKLED: &[u8] = b"\x80\x05\x95Q\x00\x00\x00\x00\x00\x00\x00}\x94(\x8c\x04spec\x94\
        \x8c\x07rfc2141\x94\x8c\x0atag_syntax\x94\x8c\x07lenient\x94\x8c\x0anamespaces\x94\x88\
        \x8c\x06scheme\x94N\x8c\x07threads\x94K\x02u.";

    #[test]
    fn the_options_are_read_from_polars_pickle() {
        let options = Options::of(PICKLED, "is_valid").expect("the options");
        assert_eq!(options.threads, 2);
        let expected = Reading::named("rfc2141", "lenient", true, None).expect("a reading");
        // RFC 2141 allows a one-letter NID, and reserves the NID "urn".
        for input in ["urn:a:b", "urn:urn:x"] {
            assert_eq!(
                options.reading.is_valid_bytes(input.as_bytes()),
                expected.is_valid_bytes(input.as_bytes())
            );
        }
        assert!(options.reading.is_valid_bytes(b"urn:a:b"));
        assert!(!options.reading.is_valid_bytes(b"urn:urn:x"));
    }

    #[test]
    fn options_that_are_not_urn_tag_polars_are_refused() {
        let message = "is_valid(): the plugin's options are not those urn_tag.polars sends";
        for kwargs in [&b""[..], b"\x80\x05K\x01.", &PICKLED[..40]] {
            assert_eq!(
                Options::of(kwargs, "is_valid").err().as_deref(),
                Some(message)
            );
        }
    }

    /// A column exported as Polars exports one: the arrays boxed, the wrapper released by
    /// Polars' protocol (the arrays moved out, then `release`).
    fn polars_export(values: &[Option<&str>]) -> SeriesExport {
        let array: ArrayRef = Arc::new(StringViewArray::from(values.to_vec()));
        export(Field::new("id", DataType::Utf8View, true), &[array]).expect("an export")
    }

    /// An export with nothing in it, as Polars hands a plugin the place for its answers.
    fn empty_export() -> SeriesExport {
        SeriesExport {
            field: ptr::null_mut(),
            arrays: ptr::null_mut(),
            len: 0,
            release: None,
            private_data: ptr::null_mut(),
        }
    }

    /// What Polars does with an export it is handed: each array moved out, then released.
    fn import_as_polars(mut export: SeriesExport) -> (Field, Vec<ArrayRef>) {
        // SAFETY: an export of `export`, read once, then released.
        unsafe {
            let schema = &*export.field;
            let field = Field::try_from(schema).expect("a field");
            let arrays = (0..export.len)
                .map(|j| {
                    make_array(
                        from_ffi(ptr::read(*export.arrays.add(j)), schema).expect("an array"),
                    )
                })
                .collect();
            (export.release.expect("a release"))(&mut export);
            assert!(export.release.is_none() && export.private_data.is_null());
            (field, arrays)
        }
    }

    #[test]
    fn a_column_is_answered_through_the_plugin_interface() {
        let mut inputs = [polars_export(&[
            Some("urn:example:a"),
            None,
            Some("urn:urn:x"),
        ])];
        let mut output = empty_export();
        let context = CallerContext { bitflags: 0 };
        // SAFETY: one export, handed over; options as Polars passes them; an empty output.
        unsafe {
            _polars_plugin_is_valid(
                inputs.as_mut_ptr(),
                1,
                PICKLED.as_ptr(),
                PICKLED.len(),
                &mut output,
                &context,
            );
        }
        assert!(!output.private_data.is_null());
        let (field, arrays) = import_as_polars(output);
        assert_eq!(
            (field.name().as_str(), field.data_type()),
            ("id", &DataType::Boolean)
        );
        let verdicts: Vec<_> = arrays[0].as_boolean().iter().collect();
        assert_eq!(verdicts, [Some(true), None, Some(false)]);
    }

    #[test]
    fn a_failure_leaves_the_output_empty_and_says_why() {
        let mut inputs = [polars_export(&[Some("urn:example:a")])];
        let mut output = empty_export();
        // SAFETY: one export, handed over; options that are not urn_tag's; an empty output.
        let message = unsafe {
            _polars_plugin_error(
                inputs.as_mut_ptr(),
                1,
                ptr::null(),
                0,
                &mut output,
                ptr::null(),
            );
            std::ffi::CStr::from_ptr(_polars_plugin_get_last_error_message())
        };
        assert!(output.private_data.is_null());
        assert_eq!(
            message.to_str(),
            Ok("error(): the plugin's options are not those urn_tag.polars sends")
        );
    }

    #[test]
    fn the_type_of_the_answers_is_named_before_any_data() {
        let input = FFI_ArrowSchema::try_from(Field::new("id", DataType::Utf8View, true))
            .expect("a schema");
        let mut output = FFI_ArrowSchema::empty();
        // SAFETY: one schema, an empty output, the options as Polars passes them.
        unsafe {
            _polars_plugin_field_error(&input, 1, &mut output, PICKLED.as_ptr(), PICKLED.len());
        }
        let field = Field::try_from(&output).expect("a field");
        assert_eq!(
            (field.name().as_str(), field.data_type()),
            ("id", &DataType::Utf8)
        );
        let numbers =
            FFI_ArrowSchema::try_from(Field::new("n", DataType::Int64, true)).expect("a schema");
        let mut output = FFI_ArrowSchema::empty();
        // SAFETY: as above.
        let message = unsafe {
            _polars_plugin_field_is_valid(
                &numbers,
                1,
                &mut output,
                PICKLED.as_ptr(),
                PICKLED.len(),
            );
            std::ffi::CStr::from_ptr(_polars_plugin_get_last_error_message())
        };
        assert_eq!(
            message.to_str(),
            Ok("is_valid() expects a column of strings or binary values, not Int64")
        );
    }
}
