//! The native module as a DuckDB extension: `urn_tag_valid`, `urn_tag_error` and
//! `urn_tag_equivalence_key`, SQL functions that DuckDB runs on its own threads, on its own
//! vectors, with no Python in between.
//!
//! DuckDB calls a Python function (`urn_tag.duckdb.register` without this) once per vector of
//! 2 048 rows, converts each vector to Arrow first, and holds Python's lock while it runs, so a
//! query with two threads answers one vector at a time. A function of a loadable extension is
//! called like DuckDB's own, on every thread of the query, with DuckDB's strings in place.
//!
//! `urn_tag.duckdb.register(con, native=True)` makes this module loadable: it copies the
//! module's file with the footer DuckDB reads (platform, C API version) appended and `LOAD`s
//! the copy, which DuckDB opens as a library of its own and initialises through
//! [`urn_tag_init_c_api`]. Only a database opened with `allow_unsigned_extensions` loads it.
//! The SQL functions the user calls are macros over these three, whose arguments spell the
//! reading out:
//!
//! ```sql
//! urn_tag_valid(value VARCHAR, scheme VARCHAR, spec VARCHAR, tag_syntax VARCHAR,
//!               namespaces BOOLEAN) -> BOOLEAN
//! urn_tag_error(...) -> VARCHAR            -- the error's message; NULL for a valid identifier
//! urn_tag_equivalence_key(...) -> VARCHAR  -- NULL for an invalid identifier
//! ```
//!
//! with `scheme` one of `'urn'`, `'tag'` or `'identifier'` (either, by the value's own scheme).
//! A NULL argument gives a NULL, as DuckDB's functions do; a wrong name is the query's error.
//!
//! This module and `polars` are the crate's unsafe code: DuckDB's C API is raw pointers. What
//! each block relies on is written beside it; what decides an answer is the safe code the batch
//! functions use ([`Reading::is_valid_bytes`], `batch::error_of_bytes`,
//! `batch::equivalence_key_of_bytes`).
#![allow(unsafe_code)]

use std::ffi::CString;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr;

use libduckdb_sys as ffi;

use urn_tag::urn::Equivalence;

use crate::args::Reading;
use crate::batch;

/// The version of DuckDB's C extension API the functions are built against: the oldest that
/// has every call used here. DuckDB refuses an extension whose footer names a newer one than
/// its own, and loads it in every later version.
pub const C_API_VERSION: &str = "v1.2.0";

/// What a function answers for each row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Question {
    Valid,
    Error,
    Key,
}

impl Question {
    const ALL: [Question; 3] = [Question::Valid, Question::Error, Question::Key];

    fn name(self) -> &'static std::ffi::CStr {
        match self {
            Question::Valid => c"urn_tag_valid",
            Question::Error => c"urn_tag_error",
            Question::Key => c"urn_tag_equivalence_key",
        }
    }

    fn returns(self) -> ffi::DUCKDB_TYPE {
        match self {
            Question::Valid => ffi::DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN,
            Question::Error | Question::Key => ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR,
        }
    }

    /// The function DuckDB calls for a chunk (one per question: DuckDB passes no argument to
    /// tell them apart).
    fn function(self) -> ffi::duckdb_scalar_function_t {
        match self {
            Question::Valid => Some(valid),
            Question::Error => Some(error),
            Question::Key => Some(equivalence_key),
        }
    }

    /// The name, for messages.
    fn label(self) -> &'static str {
        self.name().to_str().unwrap_or("urn_tag")
    }
}

/// The entry point DuckDB calls when it loads the extension (the file `urn_tag.duckdb_extension`
/// gives the name `urn_tag`): registers the three functions in the loading database. Returns
/// whether it did; if not, the error is set on `info`, and `LOAD` fails with it.
///
/// # Safety
/// Called by DuckDB only, with the `info` and `access` of a load in progress.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn urn_tag_init_c_api(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
) -> bool {
    // A panic must not unwind into DuckDB's C++ frames.
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: DuckDB hands a valid `info` and `access` for the duration of this call.
        unsafe { initialise(info, access) }
    }));
    let message = match outcome {
        Ok(Ok(())) => return true,
        Ok(Err(message)) => message,
        Err(_) => "urn_tag: the extension's initialisation panicked".to_owned(),
    };
    // SAFETY: as above; `set_error` copies the message.
    unsafe {
        if let Some(set_error) = (*access).set_error {
            let message = c_string(message);
            set_error(info, message.as_ptr());
        }
    }
    false
}

/// What [`urn_tag_init_c_api`] does, with its error as a message.
///
/// # Safety
/// `info` and `access` are those of a load in progress.
unsafe fn initialise(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
) -> Result<(), String> {
    // SAFETY: the caller's contract. The call fills libduckdb-sys's table of DuckDB's
    // functions (in this copy of the module), which every call below goes through.
    let api = unsafe { ffi::duckdb_rs_extension_api_init(info, access, C_API_VERSION) }
        .map_err(|error| format!("urn_tag: {error}"))?;
    if !api {
        return Err(format!(
            "urn_tag: this DuckDB does not offer version {C_API_VERSION} of its C extension API"
        ));
    }
    // SAFETY: `get_database` gives the loading database, valid during the load.
    let database = unsafe {
        let get_database = (*access)
            .get_database
            .ok_or("urn_tag: DuckDB gave no database to register in")?;
        get_database(info)
    };
    let mut connection: ffi::duckdb_connection = ptr::null_mut();
    // SAFETY: `database` points to the loading database; the connection is closed below.
    if unsafe { ffi::duckdb_connect(*database, &mut connection) } != ffi::DuckDBSuccess {
        return Err("urn_tag: could not connect to the database to register in".to_owned());
    }
    // SAFETY: `connection` is open.
    let registered = Question::ALL
        .into_iter()
        .try_for_each(|question| unsafe { register(connection, question) });
    // SAFETY: opened above, closed once.
    unsafe { ffi::duckdb_disconnect(&mut connection) };
    registered
}

/// Registers the function of `question` through `connection`.
///
/// # Safety
/// `connection` is an open connection, and the table of DuckDB's functions is filled.
unsafe fn register(connection: ffi::duckdb_connection, question: Question) -> Result<(), String> {
    // SAFETY: each object made here is destroyed here, after DuckDB has copied what it keeps.
    unsafe {
        let mut function = ffi::duckdb_create_scalar_function();
        ffi::duckdb_scalar_function_set_name(function, question.name().as_ptr());
        let mut varchar = ffi::duckdb_create_logical_type(ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR);
        let mut boolean = ffi::duckdb_create_logical_type(ffi::DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN);
        let mut returns = ffi::duckdb_create_logical_type(question.returns());
        // value, scheme, spec, tag_syntax
        for _ in 0..4 {
            ffi::duckdb_scalar_function_add_parameter(function, varchar);
        }
        ffi::duckdb_scalar_function_add_parameter(function, boolean);
        ffi::duckdb_scalar_function_set_return_type(function, returns);
        ffi::duckdb_scalar_function_set_function(function, question.function());
        let state = ffi::duckdb_register_scalar_function(connection, function);
        ffi::duckdb_destroy_logical_type(&mut varchar);
        ffi::duckdb_destroy_logical_type(&mut boolean);
        ffi::duckdb_destroy_logical_type(&mut returns);
        ffi::duckdb_destroy_scalar_function(&mut function);
        if state != ffi::DuckDBSuccess {
            return Err(format!(
                "urn_tag: DuckDB refused to register {}",
                question.label()
            ));
        }
    }
    Ok(())
}

/// `urn_tag_valid` on one chunk of rows, called by DuckDB on any of its threads.
unsafe extern "C" fn valid(
    info: ffi::duckdb_function_info,
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
) {
    // SAFETY: passed on as DuckDB gives them.
    unsafe { call(info, input, output, Question::Valid) }
}

/// `urn_tag_error` on one chunk of rows.
unsafe extern "C" fn error(
    info: ffi::duckdb_function_info,
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
) {
    // SAFETY: passed on as DuckDB gives them.
    unsafe { call(info, input, output, Question::Error) }
}

/// `urn_tag_equivalence_key` on one chunk of rows.
unsafe extern "C" fn equivalence_key(
    info: ffi::duckdb_function_info,
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
) {
    // SAFETY: passed on as DuckDB gives them.
    unsafe { call(info, input, output, Question::Key) }
}

/// Answers `question` for the chunk `input` into `output`, or sets the query's error.
///
/// # Safety
/// The arguments of a call of the function registered for `question`.
unsafe fn call(
    info: ffi::duckdb_function_info,
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
    question: Question,
) {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: DuckDB calls a scalar function with a chunk of its five arguments' flat
        // vectors and an output vector of as many rows of its return type, valid for the call.
        unsafe { answer(input, output, question) }
    }));
    let message = match outcome {
        Ok(Ok(())) => return,
        Ok(Err(message)) => message,
        Err(_) => format!("{} panicked", question.label()),
    };
    let message = c_string(message);
    // SAFETY: `info` is this call's; DuckDB copies the message and fails the query with it.
    unsafe { ffi::duckdb_scalar_function_set_error(info, message.as_ptr()) };
}

/// The arguments of a function after the value: `(scheme, spec, tag_syntax, namespaces)`.
type Choices = ([u128; 3], bool);

/// Whether two rows' choices are the same, compared field by field (an `==` of the tuples
/// compiles to a call of `memcmp`, which took 8 % of a query's samples).
#[inline]
fn same(a: &Choices, b: &Choices) -> bool {
    a.0[0] == b.0[0] && a.0[1] == b.0[1] && a.0[2] == b.0[2] && a.1 == b.1
}

/// Writes the answers to `question` for the chunk `input` into `output`.
///
/// # Safety
/// `input` is a chunk of the functions' arguments as flat vectors (VARCHAR × 4, BOOLEAN),
/// and `output` a vector of `question`'s return type of at least as many rows.
unsafe fn answer(
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
    question: Question,
) -> Result<(), String> {
    let function = question.label();
    // SAFETY: the caller's contract: five columns of the types registered, `rows` rows each.
    let (values, texts, namespaces, mut answers) = unsafe {
        let rows = usize::try_from(ffi::duckdb_data_chunk_get_size(input))
            .map_err(|_| format!("{function}: a chunk longer than memory"))?;
        let column = |i| ffi::duckdb_data_chunk_get_vector(input, i);
        let texts = [1, 2, 3].map(|i| Strings::of(column(i), rows));
        let namespaces = Booleans::of(column(4), rows);
        (
            Strings::of(column(0), rows),
            texts,
            namespaces,
            Answers::of(output, rows, question),
        )
    };
    let equivalence = Equivalence::standard();
    // The choices are constants in the macros `register` makes, flattened into every row: a
    // row's are compared with the last row's by their raw 16 bytes (equal bytes are equal
    // strings), and read again from their text only when those differ.
    let mut reading: Option<(Choices, Reading)> = None;
    for row in 0..values.len() {
        let present = values.is_present(row)
            && texts.iter().all(|texts| texts.is_present(row))
            && namespaces.is_present(row);
        if !present {
            answers.null(row);
            continue;
        }
        let choices = (
            texts.each_ref().map(|texts| texts.raw(row)),
            namespaces.get(row),
        );
        let current = match &reading {
            Some((last, current)) if same(last, &choices) => *current,
            _ => {
                let [scheme, spec, tag_syntax] = texts.each_ref().map(|texts| texts.text(row));
                let (scheme, spec, tag_syntax) = (scheme?, spec?, tag_syntax?);
                let only = match scheme {
                    "identifier" => None,
                    "urn" | "tag" => Some(scheme),
                    other => {
                        return Err(format!(
                            "{function}: scheme {other:?}: expected 'urn', 'tag' or 'identifier'"
                        ));
                    }
                };
                let current = Reading::named(spec, tag_syntax, choices.1, only)
                    .map_err(|message| format!("{function}: {message}"))?;
                reading = Some((choices, current));
                current
            }
        };
        let bytes = values.bytes(row);
        match question {
            Question::Valid => {
                answers.verdict(row, current.is_valid_bytes(bytes));
            }
            Question::Error => answers.text(row, batch::error_of_bytes(bytes, &current)),
            Question::Key => answers.text(
                row,
                batch::equivalence_key_of_bytes(bytes, &current, &equivalence),
            ),
        }
    }
    Ok(())
}

/// Where the answers go: the output's bytes for a BOOLEAN, its strings (each copied in by
/// DuckDB) for a VARCHAR; a NULL in its validity mask, made writable the first time.
struct Answers<'a> {
    output: ffi::duckdb_vector,
    verdicts: Option<&'a mut [u8]>,
    mask: Option<*mut u64>,
}

impl Answers<'_> {
    /// # Safety
    /// `output` is a vector of `question`'s return type of at least `rows` rows, valid while
    /// this is used.
    unsafe fn of(output: ffi::duckdb_vector, rows: usize, question: Question) -> Self {
        let verdicts = (question == Question::Valid).then(|| {
            // SAFETY: a BOOLEAN vector's data is a byte per row. Bytes, not `bool`: what lies
            // there before it is written need not be 0 or 1.
            unsafe {
                std::slice::from_raw_parts_mut(
                    ffi::duckdb_vector_get_data(output).cast::<u8>(),
                    rows,
                )
            }
        });
        Answers {
            output,
            verdicts,
            mask: None,
        }
    }

    fn verdict(&mut self, row: usize, valid: bool) {
        if let Some(verdicts) = &mut self.verdicts {
            verdicts[row] = u8::from(valid);
        }
    }

    /// Row `row`'s string, or a NULL for `None`.
    fn text(&mut self, row: usize, text: Option<String>) {
        let Some(text) = text else {
            return self.null(row);
        };
        // SAFETY: the output is a VARCHAR vector with a row `row`; DuckDB copies the bytes.
        unsafe {
            ffi::duckdb_vector_assign_string_element_len(
                self.output,
                row as ffi::idx_t,
                text.as_ptr().cast(),
                text.len() as ffi::idx_t,
            );
        }
    }

    fn null(&mut self, row: usize) {
        self.verdict(row, false);
        // SAFETY: `output` is the call's output vector; once made writable, its mask has a bit
        // for each of its rows, of which `row` is one.
        unsafe {
            let mask = *self.mask.get_or_insert_with(|| {
                ffi::duckdb_vector_ensure_validity_writable(self.output);
                ffi::duckdb_vector_get_validity(self.output)
            });
            *mask.add(row / 64) &= !(1 << (row % 64));
        }
    }
}

/// A flat vector of `rows` rows whose data is a `T` per row: `string_t` for VARCHAR, a byte
/// for BOOLEAN (read as a byte, not as `bool`, so that no byte can be an invalid `bool`).
struct Column<'a, T> {
    values: &'a [T],
    validity: Validity<'a>,
}

impl<T> Column<'_, T> {
    /// # Safety
    /// `vector` is a flat vector of at least `rows` rows whose data is a `T` per row, valid
    /// while this is used.
    unsafe fn of(vector: ffi::duckdb_vector, rows: usize) -> Self {
        // SAFETY: the caller's contract.
        unsafe {
            Column {
                values: std::slice::from_raw_parts(
                    ffi::duckdb_vector_get_data(vector).cast::<T>(),
                    rows,
                ),
                validity: Validity::of(vector, rows),
            }
        }
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    fn is_present(&self, row: usize) -> bool {
        self.validity.is_present(row)
    }
}

/// A VARCHAR column.
type Strings<'a> = Column<'a, ffi::duckdb_string_t>;

impl Strings<'_> {
    /// The bytes of row `row`'s string.
    fn bytes(&self, row: usize) -> &[u8] {
        let string = &self.values[row];
        // SAFETY: DuckDB's `string_t`: a length, then up to 12 bytes in place, or (longer) a
        // prefix and a pointer to the bytes, which live as long as the vector.
        unsafe {
            let length = string.value.inlined.length as usize;
            if length <= 12 {
                std::slice::from_raw_parts(
                    string.value.inlined.inlined.as_ptr().cast::<u8>(),
                    length,
                )
            } else {
                std::slice::from_raw_parts(string.value.pointer.ptr.cast::<u8>(), length)
            }
        }
    }

    /// Row `row`'s string as text, or the query's error.
    fn text(&self, row: usize) -> Result<&str, String> {
        std::str::from_utf8(self.bytes(row))
            .map_err(|_| "urn_tag: an argument that is not UTF-8".to_owned())
    }

    /// Row `row`'s 16 bytes as they lie: equal for two rows with the same string in place, or
    /// with the same pointer to the same bytes.
    fn raw(&self, row: usize) -> u128 {
        let string: *const ffi::duckdb_string_t = &self.values[row];
        // SAFETY: a `string_t` is 16 bytes; read as they are, without interpreting them.
        unsafe { ptr::read_unaligned(string.cast::<u128>()) }
    }
}

/// A BOOLEAN column.
type Booleans<'a> = Column<'a, u8>;

impl Booleans<'_> {
    fn get(&self, row: usize) -> bool {
        self.values[row] != 0
    }
}

/// A vector's validity mask: a bit per row, set where the row is not NULL; none when no row
/// is NULL.
struct Validity<'a>(Option<&'a [u64]>);

impl Validity<'_> {
    /// # Safety
    /// `vector` is a vector of at least `rows` rows, valid while this is used.
    unsafe fn of(vector: ffi::duckdb_vector, rows: usize) -> Self {
        // SAFETY: the caller's contract; the mask, when there is one, has a bit per row.
        unsafe {
            let mask = ffi::duckdb_vector_get_validity(vector);
            Validity((!mask.is_null()).then(|| std::slice::from_raw_parts(mask, rows.div_ceil(64))))
        }
    }

    fn is_present(&self, row: usize) -> bool {
        self.0
            .is_none_or(|mask| mask[row / 64] >> (row % 64) & 1 == 1)
    }
}

/// `message` as a C string (an inner NUL, which no message of ours has, cut it short).
fn c_string(message: String) -> CString {
    CString::new(message).unwrap_or_else(|error| {
        let end = error.nul_position();
        let mut bytes = error.into_vec();
        bytes.truncate(end);
        CString::new(bytes).unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_with_a_nul_is_cut_there() {
        assert_eq!(c_string("ab\0cd".to_owned()).as_bytes(), b"ab");
        assert_eq!(
            c_string("urn_tag_valid".to_owned()).as_bytes(),
            b"urn_tag_valid"
        );
    }

    #[test]
    fn the_footer_names_the_oldest_c_api_the_functions_need() {
        // `urn_tag/duckdb.py` writes the same version into the extension's footer.
        let python = include_str!("../python/urn_tag/duckdb.py");
        assert!(python.contains(&format!("_C_API_VERSION = \"{C_API_VERSION}\"")));
    }
}
