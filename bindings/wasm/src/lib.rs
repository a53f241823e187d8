//! The WebAssembly side of the `urn-tag` npm package: the library's parsing, namespace checks,
//! equivalence, search and minting, exported to the package's JavaScript (`npm/api.js`), which
//! is the only caller and gives JavaScript programs their objects and errors.
//!
//! Crossing between JavaScript and WebAssembly costs more than parsing a short identifier, so
//! the interface crosses little and copies the input once. Only numbers cross:
//!
//! * JavaScript writes its input as UTF-8 straight into the buffer [`input_buffer`] gives
//!   (with `TextEncoder.encodeInto`) and passes only lengths;
//! * answers are numbers written into the buffer [`result_buffer`] gives: the syntax, which
//!   parts were found and where (as indexes into the JavaScript string, which JavaScript turns
//!   into substrings with `slice`), the date of a tag;
//! * text an export makes (an error's description, a normal form, a minted tag, the names of
//!   parts and syntaxes that JavaScript reads once when the package starts) is left in the
//!   output buffer, whose address and length are in the result buffer, for JavaScript to
//!   decode.
//!
//! Every export answers every input: an invalid input is an answer (its error kept for
//! [`error_description`]), never a panic.
//!
//! Memory. A failed allocation must not abort the module: an abort is a trap, and the
//! exports after it would find their buffers as the trap left them. So the module never
//! allocates in a way that can fail without an answer: its own buffers grow with
//! `try_reserve`, and before it calls the library on an input in a way that allocates (an
//! equivalence key, a normal form, a namespace's checks, minting), it makes sure that the
//! memory has room for what the library can take for that input ([`library_room`]). When
//! the memory cannot grow that far, the export answers [`NO_MEMORY`] and JavaScript throws a
//! `RangeError`; the buffers are as they were, and the next export works.
//!
//! Indexes. JavaScript strings count UTF-16 code units, the library counts UTF-8 bytes; every
//! index given to JavaScript is converted ([`Utf16Positions`]). A lone surrogate, which
//! `TextEncoder` writes as U+FFFD, is one code unit either way, so indexes after it still
//! hold.

#![forbid(unsafe_code)]

use std::cell::{Cell, RefCell};
use std::fmt::{self, Write as _};
use std::str;
use std::sync::atomic::{AtomicU32, Ordering};

use urn_tag::find::Finder;
use urn_tag::namespace::{Namespace, NamespaceCheck, NamespaceError};
use urn_tag::urn::Equivalence;
use urn_tag::{
    Identifier, MintError, ParseError, Part, Scheme, Syntax, TagDate, TagSyntax, TagUri, Urn,
    UrnSyntax,
};
use wasm_bindgen::prelude::wasm_bindgen;

/// Every part an answer can name, in the order of the names [`names`] gives: an answer names
/// a part by its index here.
const PARTS: [Part; 11] = [
    Part::Scheme,
    Part::Nid,
    Part::Nss,
    Part::RComponent,
    Part::QComponent,
    Part::FComponent,
    Part::Query,
    Part::Fragment,
    Part::Authority,
    Part::Date,
    Part::Specific,
];

/// The part index of an error about no part.
const NO_PART: u32 = u32::MAX;

/// What [`parse`] and the other exports that read one identifier found: nothing valid (the
/// error is kept), a URN or a tag.
const FAILED: u32 = 0;
const FOUND_URN: u32 = 1;
const FOUND_TAG: u32 = 2;

/// What an export that makes text answers when it has made it (into the output buffer).
const WRITTEN: u32 = 1;

/// What every export answers when the module's memory cannot grow to hold what it needs.
const NO_MEMORY: u32 = u32::MAX;

/// The slots of the result buffer after a [`parse`] that found an identifier: its syntax (an
/// index into the URN or tag syntaxes' names), for a tag its authority kind and date, for a
/// URN whether its namespace was checked, then the parts as triples of part index, start and
/// end.
mod slot {
    pub const SYNTAX: usize = 0;
    pub const AUTHORITY_KIND: usize = 1;
    pub const NAMESPACE_CHECKED: usize = 1;
    pub const YEAR: usize = 2;
    pub const MONTH: usize = 3;
    pub const DAY: usize = 4;
    pub const PART_COUNT: usize = 5;
    pub const PARTS: usize = 6;
    /// The words of one identifier's answer: room for six parts.
    pub const ANSWER: usize = PARTS + 3 * 6;
    /// After a failure: the error's index, its part, and which input it is about (for
    /// [`equivalent`](super::equivalent), 0 for the first, 1 for the second).
    pub const ERROR_INDEX: usize = 0;
    pub const ERROR_PART: usize = 1;
    pub const ERROR_INPUT: usize = 2;
    /// The scheme the failed input starts with: 0 neither, 1 `urn:`, 2 `tag:`.
    pub const ERROR_SCHEME: usize = 3;
    /// After [`check_namespace`](super::check_namespace): the namespace's index (beside the
    /// error's slots, which an invalid URN fills too).
    pub const NAMESPACE: usize = 4;
    /// After [`find`](super::find): where the found identifiers are.
    pub const FOUND_ADDRESS: usize = 0;
    /// After [`check_all`](super::check_all): where the answers are.
    pub const ANSWERS_ADDRESS: usize = 0;
    /// After an export that made text: where the output buffer holds it, and its length in
    /// bytes (slots no answer uses, so that an error's description leaves the error's slots).
    pub const OUTPUT_ADDRESS: usize = 30;
    pub const OUTPUT_LENGTH: usize = 31;
}

/// The result buffer: numbers an export writes and JavaScript reads through a `Uint32Array`
/// on the module's memory. Atomics only to be a safe `static`; WebAssembly here has one thread.
static RESULT: [AtomicU32; 32] = [const { AtomicU32::new(0) }; 32];

thread_local! {
    /// The input, written by JavaScript as UTF-8.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The text the last export made, as UTF-8.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// What [`find`] found: a kind (1 URN, 2 tag), a start and an end per identifier.
    static FOUND: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// The UTF-16 lengths of the inputs of [`check_all`], written by JavaScript.
    static LENGTHS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// The answers of [`check_all`]: what was found, then the answer, per input.
    static ANSWERS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// The error of the last export that failed.
    static FAILURE: Cell<Option<Failure>> = const { Cell::new(None) };
}

/// Why the last failing export failed.
#[derive(Clone, Copy)]
enum Failure {
    /// The input is not an identifier of the syntax asked for.
    Parse(ParseError),
    /// The input is a URN that breaks the rules of its namespace.
    Namespace(NamespaceError),
    /// A tag could not be minted from the parts given.
    Mint(MintError),
    /// A date given for minting is no day of a tag date.
    Date(ParseError),
    /// JavaScript wrote bytes that are not UTF-8, or lengths beyond what it wrote (a defect of
    /// the package, which writes with `TextEncoder`, never of its input).
    NotUtf8,
}

fn put(slot: usize, value: u32) {
    RESULT[slot].store(value, Ordering::Relaxed);
}

/// A byte index or count as a number for JavaScript: WebAssembly's memory is 32-bit, so every
/// one of them fits.
fn number(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

fn part_index(part: Part) -> u32 {
    PARTS
        .iter()
        .position(|&known| known == part)
        .map_or(NO_PART, number)
}

/// Whether the module's memory has room for what the library may allocate while it works on
/// an input of `len` bytes: at most a few copies of the input (an equivalence key and the
/// normal NSS it is made from, the digits a namespace's check reads, a minted tag), which,
/// grown by doubling, never take more than four times the input; and a few small ones.
///
/// The room is reserved and given back at once: the allocator keeps it, and the library's
/// allocations that follow are carved from it, so none of them can fail. Without the room,
/// the export answers [`NO_MEMORY`] before it calls the library.
fn library_room(len: usize) -> bool {
    let bytes = len.saturating_mul(4).saturating_add(4 << 10);
    Vec::<u8>::new().try_reserve_exact(bytes).is_ok()
}

/// Makes `buffer` hold at least `len` elements (zeroes where it grows), or says that the
/// memory cannot grow that far.
fn grow<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) -> bool {
    if buffer.len() < len {
        if buffer.try_reserve_exact(len - buffer.len()).is_err() {
            return false;
        }
        buffer.resize(len, T::default());
    }
    true
}

/// Text written into a buffer that grows with `try_reserve`: a write the memory cannot hold
/// fails (with `fmt::Error`) instead of aborting.
struct Fallible<'a>(&'a mut Vec<u8>);

impl fmt::Write for Fallible<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0.try_reserve(text.len()).map_err(|_| fmt::Error)?;
        self.0.extend_from_slice(text.as_bytes());
        Ok(())
    }
}

/// Makes the output buffer hold what `write` writes, and says where it is: [`WRITTEN`], or
/// [`NO_MEMORY`] when the memory cannot hold it.
fn output(write: impl FnOnce(&mut Fallible<'_>) -> fmt::Result) -> u32 {
    OUTPUT.with_borrow_mut(|out| {
        out.clear();
        let written = write(&mut Fallible(out));
        show_output(out);
        if written.is_ok() { WRITTEN } else { NO_MEMORY }
    })
}

/// Makes `text`, which the library made, the output.
fn output_owned(text: String) -> u32 {
    OUTPUT.with_borrow_mut(|out| {
        *out = text.into_bytes();
        show_output(out);
    });
    WRITTEN
}

fn show_output(out: &[u8]) {
    put(slot::OUTPUT_ADDRESS, number(out.as_ptr() as usize));
    put(slot::OUTPUT_LENGTH, number(out.len()));
}

/// Why an input was refused, and where: a UTF-16 index, the part, and the scheme the input
/// starts with (for `check`'s record).
#[derive(Clone, Copy)]
struct Refusal {
    failure: Failure,
    index: usize,
    part: Option<Part>,
    scheme: u32,
}

impl Refusal {
    fn new(failure: Failure, index: usize, part: Option<Part>) -> Self {
        Refusal {
            failure,
            index,
            part,
            scheme: 0,
        }
    }

    /// The error of parsing `text`.
    fn parse(text: &str, error: ParseError) -> Self {
        Refusal {
            failure: Failure::Parse(error),
            index: Utf16Positions::new(text).of(error.index()),
            part: Some(error.part()),
            scheme: scheme_number(text),
        }
    }

    /// The error of the URN `text`, which breaks the rules of its namespace.
    fn namespace(text: &str, error: NamespaceError) -> Self {
        Refusal {
            failure: Failure::Namespace(error),
            index: Utf16Positions::new(text).of(error.index()),
            part: Some(Part::Nss),
            scheme: FOUND_URN,
        }
    }

    /// Keeps the refusal for [`error_description`], with its index, part and scheme in the
    /// result buffer, and which input it is about.
    fn keep(self, input: u32) {
        FAILURE.set(Some(self.failure));
        put(slot::ERROR_INDEX, number(self.index));
        put(slot::ERROR_PART, self.part.map_or(NO_PART, part_index));
        put(slot::ERROR_INPUT, input);
        put(slot::ERROR_SCHEME, self.scheme);
    }
}

/// Keeps `failure`, at `index` and about `part`, of input `input` (0, or 1 for the second of
/// [`equivalent`]).
fn fail(failure: Failure, index: usize, part: Option<Part>, input: u32) {
    Refusal::new(failure, index, part).keep(input);
}

fn scheme_number(text: &str) -> u32 {
    match Scheme::of(text) {
        None => 0,
        Some(Scheme::Urn) => FOUND_URN,
        Some(Scheme::Tag) => FOUND_TAG,
    }
}

/// Converts byte indexes into `text` to UTF-16 indexes, for indexes that mostly increase.
struct Utf16Positions<'t> {
    text: &'t str,
    ascii: bool,
    byte: usize,
    unit: usize,
}

impl<'t> Utf16Positions<'t> {
    fn new(text: &'t str) -> Self {
        Utf16Positions {
            text,
            ascii: text.is_ascii(),
            byte: 0,
            unit: 0,
        }
    }

    /// The UTF-16 index of byte `byte` (of the character it is in, if inside one).
    fn of(&mut self, byte: usize) -> usize {
        if self.ascii {
            return byte;
        }
        let mut end = byte.min(self.text.len());
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        if end < self.byte {
            (self.byte, self.unit) = (0, 0);
        }
        let between = self.text.get(self.byte..end).unwrap_or_default();
        self.unit += between.chars().map(char::len_utf16).sum::<usize>();
        self.byte = end;
        self.unit
    }
}

/// Which schemes an input may have: both (told apart by the scheme, as `urn-tag check` reads
/// its input), or only one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Schemes {
    Both,
    UrnOnly,
    TagOnly,
}

/// The options JavaScript passes as one number: the URN syntax's index (bits 0 and 1), the tag
/// syntax's (bits 2 and 3), whether namespaces are checked (bit 4), whether equivalence leaves
/// out the namespaces' rules (bit 5), and the schemes (bits 6 and 7: 0 both, 1 `urn` only, 2
/// `tag` only). The package's JavaScript only passes indexes of the names it read; another
/// one reads as the default.
#[derive(Clone, Copy)]
struct Options(u32);

impl Options {
    fn urn_syntax(self) -> UrnSyntax {
        let index = (self.0 & 0b11) as usize;
        UrnSyntax::ALL.get(index).copied().unwrap_or_default()
    }

    fn tag_syntax(self) -> TagSyntax {
        let index = ((self.0 >> 2) & 0b11) as usize;
        TagSyntax::ALL.get(index).copied().unwrap_or_default()
    }

    fn namespaces(self) -> bool {
        self.0 & (1 << 4) != 0
    }

    fn rfc_only(self) -> bool {
        self.0 & (1 << 5) != 0
    }

    fn schemes(self) -> Schemes {
        match (self.0 >> 6) & 0b11 {
            1 => Schemes::UrnOnly,
            2 => Schemes::TagOnly,
            _ => Schemes::Both,
        }
    }

    /// The syntax to parse under, namespaces included: a URN keeps the verdict on its
    /// namespace, which says whether it was checked.
    fn syntax(self) -> Syntax {
        Syntax::new()
            .with_urn(self.urn_syntax())
            .with_tag(self.tag_syntax())
            .with_namespaces(self.namespaces())
    }

    fn equivalence(self) -> Equivalence {
        if self.rfc_only() {
            Equivalence::rfc()
        } else {
            Equivalence::standard()
        }
    }

    /// Parses `text` under these options: a URN or a tag by its scheme, or only the scheme
    /// asked for (the other is refused as the parser of that scheme refuses it).
    fn parse(self, text: &str) -> Result<Identifier<&str>, ParseError> {
        match self.schemes() {
            Schemes::Both => Identifier::parse_borrowed_with(text, self.syntax()),
            Schemes::UrnOnly => {
                let urn = Urn::parse_borrowed_with(text, self.urn_syntax())?;
                // As `Identifier` parses under a syntax with namespaces: the URN keeps the
                // verdict, and one that breaks its namespace is refused.
                let urn = match self.namespaces() {
                    true => urn.into_namespace_checked()?,
                    false => urn,
                };
                Ok(Identifier::Urn(urn))
            }
            Schemes::TagOnly => {
                TagUri::parse_borrowed_with(text, self.tag_syntax()).map(Identifier::Tag)
            }
        }
    }

    /// Whether the library may allocate while it parses an input under these options: only
    /// the namespaces' checks do.
    fn allocates(self) -> bool {
        self.namespaces()
    }
}

/// Runs `f` on the first `len` bytes of the input buffer, or fails when they are not UTF-8.
fn with_input<R>(len: usize, failed: R, f: impl FnOnce(&str) -> R) -> R {
    INPUT.with_borrow(|input| match input.get(..len).map(str::from_utf8) {
        Some(Ok(text)) => f(text),
        _ => {
            fail(Failure::NotUtf8, 0, None, 0);
            failed
        }
    })
}

/// Makes the input buffer at least `bytes` long and gives its address, or 0 when the module's
/// memory cannot grow that far (JavaScript then refuses the input).
#[wasm_bindgen]
pub fn input_buffer(bytes: usize) -> usize {
    INPUT.with_borrow_mut(|input| {
        if grow(input, bytes) {
            input.as_ptr() as usize
        } else {
            0
        }
    })
}

/// The address of the result buffer: 32 numbers of 32 bits.
#[wasm_bindgen]
pub fn result_buffer() -> usize {
    RESULT.as_ptr() as usize
}

/// The names answers index into, space-separated, as the output: 0 the parts' stable names
/// (`Part::code`), 1 the URN syntaxes' (`rfc8141 rfc2141 rfc2141bis`), 2 the tag syntaxes'
/// (`rfc4151 erratum1485 lenient`), 3 the authority kinds' (`dns email opaque`), 4 the NIDs of
/// the namespaces with a grammar. [`WRITTEN`], or [`NO_MEMORY`].
#[wasm_bindgen]
pub fn names(table: u32) -> u32 {
    fn join<'n>(out: &mut Fallible<'_>, names: impl Iterator<Item = &'n str>) -> fmt::Result {
        for (i, name) in names.enumerate() {
            if i > 0 {
                out.write_char(' ')?;
            }
            out.write_str(name)?;
        }
        Ok(())
    }
    output(|out| match table {
        0 => join(out, PARTS.iter().map(|part| part.code())),
        1 => join(out, UrnSyntax::ALL.iter().map(|syntax| syntax.name())),
        2 => join(out, TagSyntax::ALL.iter().map(|syntax| syntax.name())),
        3 => join(out, AUTHORITY_KINDS.iter().map(|kind| kind.name())),
        _ => join(out, Namespace::all().map(Namespace::nid)),
    })
}

const AUTHORITY_KINDS: [urn_tag::tag::AuthorityKind; 3] = [
    urn_tag::tag::AuthorityKind::Dns,
    urn_tag::tag::AuthorityKind::Email,
    urn_tag::tag::AuthorityKind::Opaque,
];

/// The last failure's kind and message as the output, `KIND MESSAGE`: one string, so that an
/// error crosses to JavaScript once. The kind is a stable snake_case name without spaces:
/// `ParseErrorKind::code` for a parse error (`invalid_char`, `namespace`, ...), and for minting
/// the name of what the part breaks (`invalid_char`, `missing_at`, ...), `not_fully_qualified`
/// or `future_date`. The message is the library's (`invalid percent-encoding in NSS at byte
/// 14`). [`WRITTEN`], or [`NO_MEMORY`].
#[wasm_bindgen]
pub fn error_description() -> u32 {
    let failure = FAILURE.get();
    output(|out| describe(out, failure))
}

fn describe(out: &mut impl fmt::Write, failure: Option<Failure>) -> fmt::Result {
    match failure {
        Some(Failure::Parse(error) | Failure::Date(error)) => {
            write!(out, "{} {error}", error.kind().code())
        }
        Some(Failure::Namespace(error)) => write!(out, "namespace {error}"),
        Some(Failure::Mint(error)) => {
            let kind = match error {
                MintError::InvalidPart(cause) => cause.kind().code(),
                MintError::NotFullyQualified => "not_fully_qualified",
                MintError::FutureDate { .. } => "future_date",
                _ => "mint",
            };
            write!(out, "{kind} {error}")
        }
        Some(Failure::NotUtf8) | None => {
            out.write_str("internal the package wrote an input that is not UTF-8")
        }
    }
}

/// Parses the input as a URN or a tag URI (by its scheme, or of the scheme the options ask
/// for), under `options`; with namespaces, a URN must also follow its namespace. Returns what
/// it found (the result buffer holds its syntax and parts), that it failed, or
/// [`NO_MEMORY`].
#[wasm_bindgen]
pub fn parse(len: usize, options: u32) -> u32 {
    let options = Options(options);
    if options.allocates() && !library_room(len) {
        return NO_MEMORY;
    }
    with_input(len, FAILED, |text| {
        let mut answer = [0; slot::ANSWER];
        match identify(text, options, &mut answer) {
            Ok(found) => {
                for (slot, value) in RESULT.iter().zip(answer) {
                    slot.store(value, Ordering::Relaxed);
                }
                found
            }
            Err(refusal) => {
                refusal.keep(0);
                FAILED
            }
        }
    })
}

/// The words of one identifier's answer, in the layout of [`slot`].
type Answer = [u32; slot::ANSWER];

/// Parses `text` under `options` (with namespaces, checking a URN's) and writes what it found
/// into `answer`: `FOUND_URN` or `FOUND_TAG`, or why it refused it.
fn identify(text: &str, options: Options, answer: &mut Answer) -> Result<u32, Refusal> {
    match options.parse(text) {
        Ok(Identifier::Urn(urn)) => {
            // With namespaces, the verdict the parse kept.
            let checked = options.namespaces() && urn.check_namespace().was_checked();
            answer[slot::SYNTAX] = urn_syntax_index(urn.syntax());
            answer[slot::NAMESPACE_CHECKED] = u32::from(checked);
            put_parts(answer, text, urn.parts());
            Ok(FOUND_URN)
        }
        Ok(Identifier::Tag(tag)) => {
            put_tag(answer, text, &tag);
            Ok(FOUND_TAG)
        }
        Err(error) => Err(Refusal::parse(text, error)),
    }
}

fn urn_syntax_index(syntax: UrnSyntax) -> u32 {
    let index = UrnSyntax::ALL.iter().position(|&known| known == syntax);
    index.map_or(0, number)
}

fn put_tag(answer: &mut Answer, text: &str, tag: &TagUri<&str>) {
    let syntax = TagSyntax::ALL
        .iter()
        .position(|&known| known == tag.syntax());
    let kind = AUTHORITY_KINDS
        .iter()
        .position(|&known| known == tag.authority_kind());
    let date = tag.date();
    answer[slot::SYNTAX] = syntax.map_or(0, number);
    answer[slot::AUTHORITY_KIND] = kind.map_or(0, number);
    answer[slot::YEAR] = u32::from(date.year());
    answer[slot::MONTH] = u32::from(date.month());
    answer[slot::DAY] = u32::from(date.day());
    put_parts(answer, text, tag.parts());
}

fn put_parts(
    answer: &mut Answer,
    text: &str,
    parts: impl Iterator<Item = (Part, core::ops::Range<usize>)>,
) {
    let mut positions = Utf16Positions::new(text);
    let mut count = 0;
    for (part, range) in parts {
        let Some(words) = answer.get_mut(slot::PARTS + 3 * count..slot::PARTS + 3 * count + 3)
        else {
            break;
        };
        words[0] = part_index(part);
        words[1] = number(positions.of(range.start));
        words[2] = number(positions.of(range.end));
        count += 1;
    }
    answer[slot::PART_COUNT] = number(count);
}

/// Makes the buffer of input lengths for [`check_all`] hold at least `count` numbers and
/// gives its address, or 0 when the memory cannot grow that far.
#[wasm_bindgen]
pub fn lengths_buffer(count: usize) -> usize {
    LENGTHS.with_borrow_mut(|lengths| {
        if grow(lengths, count) {
            lengths.as_ptr() as usize
        } else {
            0
        }
    })
}

/// The words of one input's answer in [`check_all`]: what was found, then the answer.
const BATCH_STRIDE: usize = 1 + slot::ANSWER;

/// Parses `count` inputs in one crossing, as [`parse`] parses one: the input buffer holds them
/// one after the other (`len` bytes), and the lengths buffer their lengths in UTF-16 code
/// units. The answers, [`BATCH_STRIDE`] words each (what was found, then the answer; for a
/// refused input, the error's index, part and scheme in the slots of an error), are where the
/// result buffer says; the descriptions of the refused inputs (as [`error_description`] gives
/// them, each ending with a line feed: messages quote characters escaped, so none holds one)
/// are the output. [`WRITTEN`], or [`NO_MEMORY`].
///
/// JavaScript calls it on batches of bounded size, so that what it holds in the module's
/// memory, and the descriptions, stay bounded however many inputs a program checks.
#[wasm_bindgen]
pub fn check_all(len: usize, count: usize, options: u32) -> u32 {
    let options = Options(options);
    with_input(len, NO_MEMORY, |text| {
        LENGTHS.with_borrow(|lengths| {
            ANSWERS.with_borrow_mut(|answers| {
                answers.clear();
                let words = count.saturating_mul(BATCH_STRIDE);
                if answers.try_reserve_exact(words).is_err() {
                    return NO_MEMORY;
                }
                let lengths = lengths.get(..count).unwrap_or_default();
                let status = output(|refusals| {
                    for input in split_utf16(text, lengths) {
                        // Room for each input in turn: the descriptions grow between them.
                        if options.allocates() && !library_room(input.len()) {
                            return Err(fmt::Error);
                        }
                        let mut answer = [0; slot::ANSWER];
                        let found = match identify(input, options, &mut answer) {
                            Ok(found) => found,
                            Err(refusal) => {
                                answer[slot::ERROR_INDEX] = number(refusal.index);
                                answer[slot::ERROR_PART] = refusal.part.map_or(NO_PART, part_index);
                                answer[slot::ERROR_SCHEME] = refusal.scheme;
                                describe(refusals, Some(refusal.failure))?;
                                refusals.write_char('\n')?;
                                FAILED
                            }
                        };
                        // Reserved above: these never allocate.
                        answers.push(found);
                        answers.extend(answer);
                    }
                    Ok(())
                });
                put(slot::ANSWERS_ADDRESS, number(answers.as_ptr() as usize));
                status
            })
        })
    })
}

/// `text` cut into pieces of the given lengths in UTF-16 code units. The lengths are those of
/// the strings JavaScript joined, so every cut falls between two characters (JavaScript
/// leaves out a string with a lone surrogate, which could pair with its neighbour's).
fn split_utf16<'t>(text: &'t str, lengths: &'t [u32]) -> impl Iterator<Item = &'t str> + 't {
    let ascii = text.is_ascii();
    let mut rest = text;
    lengths.iter().map(move |&units| {
        let units = units as usize;
        let bytes = if ascii {
            units.min(rest.len())
        } else {
            let mut counted = 0;
            let mut bytes = 0;
            for ch in rest.chars() {
                if counted >= units {
                    break;
                }
                counted += ch.len_utf16();
                bytes += ch.len_utf8();
            }
            bytes
        };
        let (piece, after) = rest.split_at(bytes);
        rest = after;
        piece
    })
}

/// What [`check_namespace`] found.
const NOT_A_URN: u32 = 0;
const NAMESPACE_VALID: u32 = 1;
const NAMESPACE_INVALID: u32 = 2;
const NAMESPACE_NOT_CHECKED: u32 = 3;

/// Parses the input as a URN under the options' URN syntax and checks it against the grammar
/// and prose rules of its namespace: not a URN (the parse error is kept), valid or invalid
/// (the result buffer holds the namespace's index; the error is kept), not checked (no
/// grammar for its NID), or [`NO_MEMORY`].
#[wasm_bindgen]
pub fn check_namespace(len: usize, options: u32) -> u32 {
    let options = Options(options);
    if !library_room(len) {
        return NO_MEMORY;
    }
    with_input(len, NOT_A_URN, |text| {
        let urn = match Urn::parse_borrowed_with(text, options.urn_syntax()) {
            Ok(urn) => urn,
            Err(error) => {
                Refusal::parse(text, error).keep(0);
                return NOT_A_URN;
            }
        };
        let (verdict, namespace) = match urn.check_namespace() {
            NamespaceCheck::Valid(namespace) => (NAMESPACE_VALID, namespace),
            NamespaceCheck::Invalid(error) => {
                Refusal::namespace(text, error).keep(0);
                (NAMESPACE_INVALID, error.namespace())
            }
            _ => return NAMESPACE_NOT_CHECKED,
        };
        let index = Namespace::all().position(|known| known == namespace);
        put(slot::NAMESPACE, index.map_or(u32::MAX, number));
        verdict
    })
}

/// The identifier's equivalence key as the output: for a URN, what RFC equivalence compares
/// (with the namespaces' rules unless the options leave them out); for a tag, its text, since
/// RFC 4151 §2.4 compares tags exactly. [`WRITTEN`], [`FAILED`] when the input is not valid
/// (the error is kept), or [`NO_MEMORY`].
#[wasm_bindgen]
pub fn equivalence_key(len: usize, options: u32) -> u32 {
    let options = Options(options);
    if !library_room(len) {
        return NO_MEMORY;
    }
    with_input(len, FAILED, |text| match valid(text, options, 0) {
        Some(Identifier::Urn(urn)) => output_owned(options.equivalence().key(&urn).into_string()),
        Some(Identifier::Tag(tag)) => output(|out| out.write_str(tag.as_str())),
        None => FAILED,
    })
}

/// The identifier in case-normalized form (RFC 8141 §3.1) as the output: for a URN, `urn` and
/// the NID in lower case and percent-encodings in upper case, components kept; a tag
/// unchanged, since no other spelling names it. [`WRITTEN`], [`FAILED`] when the input is not
/// valid (the error is kept), or [`NO_MEMORY`].
#[wasm_bindgen]
pub fn normalized(len: usize, options: u32) -> u32 {
    let options = Options(options);
    if !library_room(len) {
        return NO_MEMORY;
    }
    with_input(len, FAILED, |text| match valid(text, options, 0) {
        Some(Identifier::Urn(urn)) => output_owned(urn.normalized().into_string()),
        Some(Identifier::Tag(tag)) => output(|out| out.write_str(tag.as_str())),
        None => FAILED,
    })
}

/// Parses `text` under the options, namespaces included; keeps the error of an invalid one.
fn valid(text: &str, options: Options, input: u32) -> Option<Identifier<&str>> {
    match options.parse(text) {
        Ok(identifier) => Some(identifier),
        Err(error) => {
            Refusal::parse(text, error).keep(input);
            None
        }
    }
}

/// What [`equivalent`] found.
const NOT_EQUIVALENT: u32 = 0;
const EQUIVALENT: u32 = 1;
const EITHER_INVALID: u32 = 2;

/// Whether the two identifiers the input holds (the first `len_a` bytes, then `len_b`) are
/// equivalent: URNs by RFC equivalence (and the namespaces' rules unless the options leave
/// them out), tags exactly (RFC 4151 §2.4); a URN and a tag never are. Fails when either is
/// invalid (the error is kept, with which input it is about); or [`NO_MEMORY`].
#[wasm_bindgen]
pub fn equivalent(len_a: usize, len_b: usize, options: u32) -> u32 {
    let options = Options(options);
    let len = len_a.saturating_add(len_b);
    if !library_room(len) {
        return NO_MEMORY;
    }
    with_input(len, EITHER_INVALID, |both| {
        // The first input ends on a character boundary: JavaScript wrote it whole.
        let (Some(a), Some(b)) = (both.get(..len_a), both.get(len_a..)) else {
            fail(Failure::NotUtf8, 0, None, 0);
            return EITHER_INVALID;
        };
        let (Some(a), Some(b)) = (valid(a, options, 0), valid(b, options, 1)) else {
            return EITHER_INVALID;
        };
        let same = match (a, b) {
            (Identifier::Urn(a), Identifier::Urn(b)) => options.equivalence().equivalent(&a, &b),
            (Identifier::Tag(a), Identifier::Tag(b)) => a == b,
            _ => false,
        };
        if same { EQUIVALENT } else { NOT_EQUIVALENT }
    })
}

/// Finds the URNs and tag URIs in the input, as free text, under the options (with
/// namespaces, only the URNs that follow theirs; with one scheme, only identifiers of it).
/// Returns how many it found, the result buffer holding the address of their kinds (1 URN, 2
/// tag), starts and ends, as UTF-16 indexes, three numbers each; or [`NO_MEMORY`].
#[wasm_bindgen]
pub fn find(len: usize, options: u32) -> u32 {
    let options = Options(options);
    let syntax = options.syntax();
    with_input(len, 0, |text| {
        FOUND.with_borrow_mut(|found| {
            found.clear();
            // With namespaces, the library allocates between the identifiers it finds: the
            // buffer is given its largest size first (an identifier takes 8 bytes at least),
            // so that it never takes the room the library's allocations were promised.
            if options.allocates()
                && (found.try_reserve(3 * (len / 8 + 1)).is_err() || !library_room(len))
            {
                return NO_MEMORY;
            }
            let mut positions = Utf16Positions::new(text);
            for identifier in Finder::new().syntax(syntax).identifiers(text) {
                let kind = match (identifier.value(), options.schemes()) {
                    (Identifier::Urn(_), Schemes::Both | Schemes::UrnOnly) => FOUND_URN,
                    (Identifier::Tag(_), Schemes::Both | Schemes::TagOnly) => FOUND_TAG,
                    _ => continue,
                };
                if found.try_reserve(3).is_err() {
                    found.clear();
                    return NO_MEMORY;
                }
                let range = identifier.range();
                let start = number(positions.of(range.start));
                let end = number(positions.of(range.end));
                found.extend([kind, start, end]);
            }
            put(slot::FOUND_ADDRESS, number(found.as_ptr() as usize));
            number(found.len() / 3)
        })
    })
}

/// Mints a tag by the rules of RFC 4151 §2.2 (`TagMinter`), from the parts the input holds one
/// after the other: the authority, the date (written `YYYY`, `YYYY-MM` or `YYYY-MM-DD`), the
/// specific, the fragment (`u32::MAX` bytes when there is none), and today (`YYYY-MM-DD`, the
/// UTC date JavaScript read from its clock), after which the date may not be. The tag is the
/// output: [`WRITTEN`], [`FAILED`] when a part is refused (the error is kept; its index is
/// into the text given for the part), or [`NO_MEMORY`].
#[wasm_bindgen]
pub fn mint_tag(
    authority_len: usize,
    date_len: usize,
    specific_len: usize,
    fragment_len: u32,
    today_len: usize,
) -> u32 {
    let fragment_len = (fragment_len != u32::MAX).then_some(fragment_len as usize);
    let lengths = [
        authority_len,
        date_len,
        specific_len,
        fragment_len.unwrap_or(0),
        today_len,
    ];
    let len = lengths
        .iter()
        .fold(0, |sum: usize, &len| sum.saturating_add(len));
    if !library_room(len) {
        return NO_MEMORY;
    }
    with_input(len, FAILED, |all| {
        let mut rest = all;
        let [authority, date, specific, fragment, today] = lengths.map(|len| {
            let (part, after) = rest.split_at_checked(len).unwrap_or((rest, ""));
            rest = after;
            part
        });
        let fragment = fragment_len.map(|_| fragment);
        let (Some(date), Some(today)) = (tag_date(date), tag_date(today)) else {
            return FAILED;
        };
        let mut minter = TagUri::minter(authority, date).specific(specific);
        if let Some(fragment) = fragment {
            minter = minter.fragment(fragment);
        }
        match minter.mint(&today) {
            Ok(tag) => output_owned(tag.into_string()),
            Err(error) => {
                let (index, part) = match error {
                    MintError::InvalidPart(cause) => {
                        let text = match cause.part() {
                            Part::Authority => authority,
                            Part::Specific => specific,
                            Part::Fragment => fragment.unwrap_or_default(),
                            _ => "",
                        };
                        (Utf16Positions::new(text).of(cause.index()), cause.part())
                    }
                    MintError::NotFullyQualified => (0, Part::Authority),
                    _ => (0, Part::Date),
                };
                fail(Failure::Mint(error), index, Some(part), 0);
                FAILED
            }
        }
    })
}

/// Reads a tag date, or keeps its error.
fn tag_date(written: &str) -> Option<TagDate> {
    match written.parse::<TagDate>() {
        Ok(date) => Some(date),
        Err(error) => {
            let index = Utf16Positions::new(written).of(error.index());
            fail(Failure::Date(error), index, Some(Part::Date), 0);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inputs joined are cut back by their UTF-16 lengths, ASCII or not, empty ones too.
    #[test]
    fn split_utf16_cuts_between_the_joined_strings() {
        fn cut<'t>(text: &'t str, lengths: &'t [u32]) -> Vec<&'t str> {
            split_utf16(text, lengths).collect()
        }
        assert_eq!(cut("urn:a:bc", &[3, 0, 5]), ["urn", "", ":a:bc"]);
        assert_eq!(cut("é𝄞xy", &[1, 2, 1, 1]), ["é", "𝄞", "x", "y"]);
        assert_eq!(cut("ab", &[1, 5, 1]), ["a", "b", ""]);
    }

    /// Byte indexes become UTF-16 indexes: a character of two or three bytes is one code unit,
    /// one of four bytes is two, and an index inside a character is that character's.
    #[test]
    fn utf16_positions_count_code_units() {
        let text = "aé€𝄞b";
        let mut positions = Utf16Positions::new(text);
        assert_eq!(positions.of(0), 0);
        assert_eq!(positions.of(1), 1);
        assert_eq!(positions.of(3), 2);
        assert_eq!(positions.of(6), 3);
        assert_eq!(positions.of(10), 5);
        assert_eq!(positions.of(4), 2);
        assert_eq!(positions.of(text.len()), 6);
    }
}
