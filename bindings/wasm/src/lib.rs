//! The WebAssembly side of the `urn-tag` npm package: the library's parsing, namespace checks,
//! equivalence, search and minting, exported to the package's JavaScript (`npm/api.js`), which
//! is the only caller and gives JavaScript programs their objects and errors.
//!
//! Crossing between JavaScript and WebAssembly costs more than parsing a short identifier, so
//! the interface crosses little and copies the input once:
//!
//! * JavaScript writes the input as UTF-8 straight into the buffer [`input_buffer`] gives
//!   (with `TextEncoder.encodeInto`) and passes only its length;
//! * answers are numbers written into the buffer [`result_buffer`] gives: the syntax, which
//!   parts were found and where (as indexes into the JavaScript string, which JavaScript turns
//!   into substrings with `slice`), the date of a tag;
//! * names (of parts, syntaxes, authority kinds, namespaces) cross once, as tables, when the
//!   package starts ([`part_codes`] and the others); an answer gives an index into them;
//! * strings cross only where there are no numbers to give: error kinds and messages, normal
//!   forms and equivalence keys, minted tags.
//!
//! Every export answers every input: an invalid input is an answer (its error kept for
//! [`error_description`]), never a panic.
//!
//! Indexes. JavaScript strings count UTF-16 code units, the library counts UTF-8 bytes; every
//! index given to JavaScript is converted ([`Utf16Positions`]). A lone surrogate, which
//! `TextEncoder` writes as U+FFFD, is one code unit either way, so indexes after it still
//! hold.

#![forbid(unsafe_code)]

use std::cell::{Cell, RefCell};
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

/// Every part an answer can name, in the order of [`part_codes`]: an answer names a part by
/// its index here.
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

/// What [`parse`] found: nothing valid (the error is kept), a URN or a tag.
const FAILED: u32 = 0;
const FOUND_URN: u32 = 1;
const FOUND_TAG: u32 = 2;

/// The slots of the result buffer after a [`parse`] that found an identifier: its syntax (an
/// index into [`urn_syntax_names`] or [`tag_syntax_names`]), for a tag its authority kind and
/// date, for a URN whether its namespace was checked, then the parts as triples of part index,
/// start and end.
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
}

/// The result buffer: numbers an export writes and JavaScript reads through a `Uint32Array`
/// on the module's memory. Atomics only to be a safe `static`; WebAssembly here has one thread.
static RESULT: [AtomicU32; 32] = [const { AtomicU32::new(0) }; 32];

thread_local! {
    /// The input, written by JavaScript as UTF-8.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// What [`find`] found: a kind (1 URN, 2 tag), a start and an end per identifier.
    static FOUND: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// The UTF-16 lengths of the inputs of [`check_all`], written by JavaScript.
    static LENGTHS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// The answers of [`check_all`]: what was found, then the answer, per input.
    static ANSWERS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// The descriptions of the inputs [`check_all`] refused, each ending with a line feed.
    static REFUSALS: RefCell<String> = const { RefCell::new(String::new()) };
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
    /// JavaScript wrote bytes that are not UTF-8 (a defect of the package, which writes with
    /// `TextEncoder`, never of its input).
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

/// The options JavaScript passes as one number: the URN syntax's index (bits 0 and 1), the tag
/// syntax's (bits 2 and 3), whether namespaces are checked (bit 4), and whether equivalence
/// leaves out the namespaces' rules (bit 5). The package's JavaScript only passes indexes of
/// the tables it read; another one reads as the default.
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
/// memory cannot grow that far (JavaScript then refuses the input, instead of the module
/// aborting on a failed allocation).
#[wasm_bindgen]
pub fn input_buffer(bytes: usize) -> usize {
    INPUT.with_borrow_mut(|input| {
        if input.len() < bytes {
            if input.try_reserve_exact(bytes - input.len()).is_err() {
                return 0;
            }
            input.resize(bytes, 0);
        }
        input.as_ptr() as usize
    })
}

/// The address of the result buffer: 32 numbers of 32 bits.
#[wasm_bindgen]
pub fn result_buffer() -> usize {
    RESULT.as_ptr() as usize
}

/// The parts' stable names (`Part::code`), space-separated, in the order answers index them.
#[wasm_bindgen]
pub fn part_codes() -> String {
    PARTS.map(Part::code).join(" ")
}

/// The URN syntaxes' names (`rfc8141 rfc2141 rfc2141bis`), in the order of their indexes.
#[wasm_bindgen]
pub fn urn_syntax_names() -> String {
    UrnSyntax::ALL.map(UrnSyntax::name).join(" ")
}

/// The tag syntaxes' names (`rfc4151 erratum1485 lenient`), in the order of their indexes.
#[wasm_bindgen]
pub fn tag_syntax_names() -> String {
    TagSyntax::ALL.map(TagSyntax::name).join(" ")
}

/// The authority kinds' names (`dns email opaque`), in the order of their indexes.
#[wasm_bindgen]
pub fn authority_kind_names() -> String {
    AUTHORITY_KINDS.map(|kind| kind.name()).join(" ")
}

const AUTHORITY_KINDS: [urn_tag::tag::AuthorityKind; 3] = [
    urn_tag::tag::AuthorityKind::Dns,
    urn_tag::tag::AuthorityKind::Email,
    urn_tag::tag::AuthorityKind::Opaque,
];

/// The NIDs of the namespaces with a grammar, space-separated, in the order of their indexes.
#[wasm_bindgen]
pub fn namespace_names() -> String {
    Namespace::all()
        .map(Namespace::nid)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The last failure's kind and message, as `KIND MESSAGE`: one string, so that an error
/// crosses to JavaScript once. The kind is a stable snake_case name without spaces:
/// `ParseErrorKind::code` for a parse error (`invalid_char`, `namespace`, ...), and for minting
/// the name of what the part breaks (`invalid_char`, `missing_at`, ...), `not_fully_qualified`
/// or `future_date`. The message is the library's (`invalid percent-encoding in NSS at byte
/// 14`).
#[wasm_bindgen]
pub fn error_description() -> String {
    describe(FAILURE.get())
}

fn describe(failure: Option<Failure>) -> String {
    let (kind, message) = match failure {
        Some(Failure::Parse(error) | Failure::Date(error)) => {
            (error.kind().code(), error.to_string())
        }
        Some(Failure::Namespace(error)) => ("namespace", error.to_string()),
        Some(Failure::Mint(error)) => {
            let kind = match error {
                MintError::InvalidPart(cause) => cause.kind().code(),
                MintError::NotFullyQualified => "not_fully_qualified",
                MintError::FutureDate { .. } => "future_date",
                _ => "mint",
            };
            (kind, error.to_string())
        }
        Some(Failure::NotUtf8) | None => (
            "internal",
            "the package wrote an input that is not UTF-8".to_owned(),
        ),
    };
    format!("{kind} {message}")
}

/// Parses the input as a URN or a tag URI by its scheme, under `options`; with namespaces, a
/// URN must also follow its namespace. Returns what it found (the result buffer holds its
/// syntax and parts) or that it failed.
#[wasm_bindgen]
pub fn parse(len: usize, options: u32) -> u32 {
    let options = Options(options);
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
    match Identifier::parse_borrowed_with(text, options.syntax()) {
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
        if lengths.len() < count {
            if lengths.try_reserve_exact(count - lengths.len()).is_err() {
                return 0;
            }
            lengths.resize(count, 0);
        }
        lengths.as_ptr() as usize
    })
}

/// The words of one input's answer in [`check_all`]: what was found, then the answer.
const BATCH_STRIDE: usize = 1 + slot::ANSWER;

/// Parses `count` inputs in one crossing, as [`parse`] parses one: the input buffer holds them
/// one after the other, and the lengths buffer their lengths in UTF-16 code units. Gives the
/// address of the answers, [`BATCH_STRIDE`] words each: what was found, then the answer (for
/// a refused input, the error's index, part and scheme in the slots of an error), or 0 when
/// the memory cannot hold them. The refused inputs' descriptions are kept for
/// [`batch_refusals`].
#[wasm_bindgen]
pub fn check_all(len: usize, count: usize, options: u32) -> usize {
    let options = Options(options);
    with_input(len, 0, |text| {
        LENGTHS.with_borrow(|lengths| {
            ANSWERS.with_borrow_mut(|answers| {
                REFUSALS.with_borrow_mut(|refusals| {
                    refusals.clear();
                    answers.clear();
                    let Some(words) = count.checked_mul(BATCH_STRIDE) else {
                        return 0;
                    };
                    if answers.try_reserve_exact(words).is_err() {
                        return 0;
                    }
                    let lengths = lengths.get(..count).unwrap_or_default();
                    for input in split_utf16(text, lengths) {
                        let mut answer = [0; slot::ANSWER];
                        let found = match identify(input, options, &mut answer) {
                            Ok(found) => found,
                            Err(refusal) => {
                                answer[slot::ERROR_INDEX] = number(refusal.index);
                                answer[slot::ERROR_PART] = refusal.part.map_or(NO_PART, part_index);
                                answer[slot::ERROR_SCHEME] = refusal.scheme;
                                refusals.push_str(&describe(Some(refusal.failure)));
                                refusals.push('\n');
                                FAILED
                            }
                        };
                        answers.push(found);
                        answers.extend(answer);
                    }
                    answers.as_ptr() as usize
                })
            })
        })
    })
}

/// The descriptions (as [`error_description`] gives them) of the inputs the last
/// [`check_all`] refused, in order, each ending with a line feed: messages quote characters
/// escaped, so none holds one.
#[wasm_bindgen]
pub fn batch_refusals() -> String {
    REFUSALS.with_borrow(String::clone)
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
/// (the result buffer holds the namespace's index; the error is kept), or not checked (no
/// grammar for its NID).
#[wasm_bindgen]
pub fn check_namespace(len: usize, options: u32) -> u32 {
    let options = Options(options);
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

/// The identifier's equivalence key: for a URN, what RFC equivalence compares (with the
/// namespaces' rules unless the options leave them out); for a tag, its text, since RFC 4151
/// §2.4 compares tags exactly. `None` when the input is not valid (the error is kept).
#[wasm_bindgen]
pub fn equivalence_key(len: usize, options: u32) -> Option<String> {
    let options = Options(options);
    with_input(len, None, |text| match valid(text, options, 0)? {
        Identifier::Urn(urn) => Some(options.equivalence().key(&urn).into_string()),
        Identifier::Tag(tag) => Some(tag.as_str().to_owned()),
    })
}

/// The identifier in case-normalized form (RFC 8141 §3.1): for a URN, `urn` and the NID in
/// lower case and percent-encodings in upper case, components kept; a tag unchanged, since no
/// other spelling names it. `None` when the input is not valid (the error is kept).
#[wasm_bindgen]
pub fn normalized(len: usize, options: u32) -> Option<String> {
    let options = Options(options);
    with_input(len, None, |text| match valid(text, options, 0)? {
        Identifier::Urn(urn) => Some(urn.normalized().into_string()),
        Identifier::Tag(tag) => Some(tag.as_str().to_owned()),
    })
}

/// Parses `text` under the options, namespaces included; keeps the error of an invalid one.
fn valid(text: &str, options: Options, input: u32) -> Option<Identifier<&str>> {
    match Identifier::parse_borrowed_with(text, options.syntax()) {
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
/// invalid (the error is kept, with which input it is about).
#[wasm_bindgen]
pub fn equivalent(len_a: usize, len_b: usize, options: u32) -> u32 {
    let options = Options(options);
    let Some(len) = len_a.checked_add(len_b) else {
        fail(Failure::NotUtf8, 0, None, 0);
        return EITHER_INVALID;
    };
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
/// namespaces, only the URNs that follow theirs). Returns how many it found; the result
/// buffer holds the address of their kinds (1 URN, 2 tag), starts and ends, as UTF-16
/// indexes, three numbers each.
#[wasm_bindgen]
pub fn find(len: usize, options: u32) -> u32 {
    let options = Options(options);
    let syntax = options.syntax();
    with_input(len, 0, |text| {
        FOUND.with_borrow_mut(|found| {
            found.clear();
            let mut positions = Utf16Positions::new(text);
            for identifier in Finder::new().syntax(syntax).identifiers(text) {
                let range = identifier.range();
                let kind = match identifier.value() {
                    Identifier::Urn(_) => FOUND_URN,
                    Identifier::Tag(_) => FOUND_TAG,
                };
                let start = number(positions.of(range.start));
                let end = number(positions.of(range.end));
                found.extend([kind, start, end]);
            }
            put(slot::FOUND_ADDRESS, number(found.as_ptr() as usize));
            number(found.len() / 3)
        })
    })
}

/// Mints a tag by the rules of RFC 4151 §2.2 (`TagMinter`): `date` written `YYYY`, `YYYY-MM`
/// or `YYYY-MM-DD`, refused if after `today` (`YYYY-MM-DD`, the UTC date JavaScript read from
/// its clock). `None` when a part is refused (the error is kept; its index is into the text
/// given for the part).
#[wasm_bindgen]
pub fn mint_tag(
    authority: &str,
    date: &str,
    specific: &str,
    fragment: Option<String>,
    today: &str,
) -> Option<String> {
    let (Some(date), Some(today)) = (tag_date(date), tag_date(today)) else {
        return None;
    };
    let mut minter = TagUri::minter(authority, date).specific(specific);
    if let Some(fragment) = fragment.as_deref() {
        minter = minter.fragment(fragment);
    }
    match minter.mint(&today) {
        Ok(tag) => Some(tag.into_string()),
        Err(error) => {
            let (index, part) = match error {
                MintError::InvalidPart(cause) => {
                    let text = match cause.part() {
                        Part::Authority => authority,
                        Part::Specific => specific,
                        Part::Fragment => fragment.as_deref().unwrap_or_default(),
                        _ => "",
                    };
                    (Utf16Positions::new(text).of(cause.index()), cause.part())
                }
                MintError::NotFullyQualified => (0, Part::Authority),
                _ => (0, Part::Date),
            };
            fail(Failure::Mint(error), index, Some(part), 0);
            None
        }
    }
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
