//! JSON Lines records, written piece by piece into one reusable buffer.
//!
//! `check --json` writes a record for every line of inputs that run to millions of lines; a
//! record is a flat object of strings, numbers, booleans and nulls, and its fields and their
//! order are published (fields are only ever added, after the others: docs/json/README.md).
//! So each record is written as its JSON text reads: the program's own text (braces, names,
//! commas) as it is, then each value. That costs a
//! fraction of a general serializer; and the text of a valid identifier, which never holds a
//! character JSON escapes, is copied as it is.

use urn_tag::TagDate;

use crate::output::{Output, WriteFailed};
use crate::verdict::Problem;

/// Past this many bytes, a value is written to the output as it comes instead of being copied
/// into the line: a record about a 16 MiB line is then never held whole.
const COPIED_UP_TO: usize = 64 * 1024;

/// One JSON text being written; [`JsonLine::finish`] gives it, newline included.
#[derive(Debug, Default)]
pub struct JsonLine {
    buffer: Vec<u8>,
}

impl JsonLine {
    /// Starts a new line, forgetting the previous one (but keeping its buffer).
    pub fn start(&mut self) -> &mut Self {
        self.buffer.clear();
        self
    }

    /// Adds JSON text of this program's own (`{"input":`, `,"valid":true`), as it is.
    #[inline(always)]
    pub fn text(&mut self, json: &'static str) -> &mut Self {
        self.buffer.extend_from_slice(json.as_bytes());
        self
    }

    /// Adds JSON text made before, by another `JsonLine` ([`JsonLine::into_bytes`]): a piece
    /// that every record of a run repeats is escaped once, not once per record.
    #[inline(always)]
    pub fn json(&mut self, json: &[u8]) -> &mut Self {
        self.buffer.extend_from_slice(json);
        self
    }

    /// What was written, without ending the line: a piece for [`JsonLine::json`].
    pub fn into_bytes(self) -> Vec<u8> {
        self.buffer
    }

    /// Adds `value` as a JSON string.
    #[inline(always)]
    pub fn string(&mut self, value: &str) -> &mut Self {
        push_string(&mut self.buffer, value);
        self
    }

    /// Adds a word of this program's own (a kind, a syntax's name), which has nothing to
    /// escape, as a JSON string.
    #[inline(always)]
    pub fn word(&mut self, word: &'static str) -> &mut Self {
        debug_assert!(next_to_escape(word.as_bytes()).is_none(), "{word:?}");
        self.quoted(word)
    }

    /// Adds [`JsonLine::word`], or `null` for `None`.
    #[inline(always)]
    pub fn opt_word(&mut self, word: Option<&'static str>) -> &mut Self {
        match word {
            Some(word) => self.word(word),
            None => self.text("null"),
        }
    }

    /// Adds text of a valid URN or tag URI (the whole, a part, or its normal form or
    /// equivalence key) as a JSON string, copied as it is.
    ///
    /// Such text never holds a character JSON escapes: every grammar of `urn.pest` and
    /// `tag.pest` admits only printable ASCII other than `"` and `\` (RFC 3986's unreserved
    /// characters, sub-delimiters, `:`, `@`, `/`, `?`, and `%` before two hexadecimal digits;
    /// RFC 2141's URN characters are a subset), and normal forms and keys only change the case
    /// of letters or rewrite an NSS with its own characters and digits. `tests` pins this on
    /// every syntax; debug builds check each text.
    #[inline(always)]
    pub fn identifier(&mut self, text: &str) -> &mut Self {
        debug_assert!(next_to_escape(text.as_bytes()).is_none(), "{text:?}");
        self.quoted(text)
    }

    /// Adds the text of a valid identifier as [`JsonLine::identifier`] does, without the
    /// quotes: for a record whose own text around it holds them (`,"nid":"` before it, `","`
    /// after), which saves two writes per field.
    #[inline(always)]
    pub fn unquoted_identifier(&mut self, text: &str) -> &mut Self {
        debug_assert!(next_to_escape(text.as_bytes()).is_none(), "{text:?}");
        self.buffer.extend_from_slice(text.as_bytes());
        self
    }

    /// Adds [`JsonLine::unquoted_identifier`]; a long text is not copied but written to `out`
    /// after what the line holds so far.
    #[inline(always)]
    pub fn unquoted_long_identifier(
        &mut self,
        text: &str,
        out: &mut Output,
    ) -> Result<&mut Self, WriteFailed> {
        if text.len() <= COPIED_UP_TO {
            return Ok(self.unquoted_identifier(text));
        }
        self.write_unquoted_long_identifier(text, out)
    }

    /// The rest of [`JsonLine::unquoted_long_identifier`], for a text too long to copy.
    #[cold]
    #[inline(never)]
    fn write_unquoted_long_identifier(
        &mut self,
        text: &str,
        out: &mut Output,
    ) -> Result<&mut Self, WriteFailed> {
        debug_assert!(next_to_escape(text.as_bytes()).is_none());
        self.write_to(out)?;
        out.write_bytes(text.as_bytes())?;
        Ok(self)
    }

    /// Adds [`JsonLine::identifier`]; a long text is not copied but written to `out` after
    /// what the line holds so far.
    // Inlined, so that the common short text costs what `identifier` costs: a call that returns
    // this `Result` through memory added a fifth to `check --json`.
    #[inline(always)]
    pub fn long_identifier(
        &mut self,
        text: &str,
        out: &mut Output,
    ) -> Result<&mut Self, WriteFailed> {
        if text.len() <= COPIED_UP_TO {
            return Ok(self.identifier(text));
        }
        self.write_long_identifier(text, out)
    }

    /// The rest of [`JsonLine::long_identifier`], for a text too long to copy.
    #[cold]
    #[inline(never)]
    fn write_long_identifier(
        &mut self,
        text: &str,
        out: &mut Output,
    ) -> Result<&mut Self, WriteFailed> {
        debug_assert!(next_to_escape(text.as_bytes()).is_none());
        self.buffer.push(b'"');
        self.write_to(out)?;
        out.write_bytes(text.as_bytes())?;
        self.buffer.push(b'"');
        Ok(self)
    }

    /// Adds [`JsonLine::long_identifier`], or `null` for `None`.
    #[inline(always)]
    pub fn opt_long_identifier(
        &mut self,
        text: Option<&str>,
        out: &mut Output,
    ) -> Result<&mut Self, WriteFailed> {
        match text {
            Some(text) if text.len() > COPIED_UP_TO => self.long_identifier(text, out),
            _ => Ok(self.opt_identifier(text)),
        }
    }

    /// Adds `bytes` as a JSON string, each invalid UTF-8 sequence as U+FFFD (as
    /// `String::from_utf8_lossy` reads them); a long string is written to `out` piece by
    /// piece, so that it is never held whole, escaped or not.
    pub fn long_string_lossy(
        &mut self,
        bytes: &[u8],
        out: &mut Output,
    ) -> Result<&mut Self, WriteFailed> {
        self.buffer.push(b'"');
        for chunk in bytes.utf8_chunks() {
            let mut valid = chunk.valid();
            while !valid.is_empty() {
                let mut end = valid.len().min(COPIED_UP_TO);
                while !valid.is_char_boundary(end) {
                    end -= 1;
                }
                let (piece, rest) = valid.split_at(end);
                push_escaped(&mut self.buffer, piece);
                valid = rest;
                if self.buffer.len() > COPIED_UP_TO {
                    self.write_to(out)?;
                }
            }
            if !chunk.invalid().is_empty() {
                self.buffer.extend_from_slice("\u{FFFD}".as_bytes());
                if self.buffer.len() > COPIED_UP_TO {
                    self.write_to(out)?;
                }
            }
        }
        self.buffer.push(b'"');
        Ok(self)
    }

    /// Writes what the line holds to `out`, and goes on with an empty buffer: the rest of the
    /// record follows it.
    fn write_to(&mut self, out: &mut Output) -> Result<(), WriteFailed> {
        out.write_bytes(&self.buffer)?;
        self.buffer.clear();
        Ok(())
    }

    /// Adds [`JsonLine::identifier`], or `null` for `None`.
    #[inline(always)]
    pub fn opt_identifier(&mut self, text: Option<&str>) -> &mut Self {
        match text {
            Some(text) => self.identifier(text),
            None => self.text("null"),
        }
    }

    /// Adds a tag's date as a JSON string, `"YYYY-MM-DD"`, as [`TagDate`]'s `Display` writes
    /// it, without formatting machinery or a `String` per record.
    pub fn date(&mut self, date: TagDate) -> &mut Self {
        let digit = |value: u16| b'0' + (value % 10) as u8;
        let (year, month, day) = (date.year(), u16::from(date.month()), u16::from(date.day()));
        self.buffer.extend_from_slice(&[
            b'"',
            digit(year / 1000),
            digit(year / 100),
            digit(year / 10),
            digit(year),
            b'-',
            digit(month / 10),
            digit(month),
            b'-',
            digit(day / 10),
            digit(day),
            b'"',
        ]);
        self
    }

    /// Adds `true` or `false`.
    #[inline(always)]
    pub fn boolean(&mut self, value: bool) -> &mut Self {
        self.text(if value { "true" } else { "false" })
    }

    /// Adds `value` as a JSON number: its digits two at a time, from a table of the hundred
    /// pairs.
    pub fn number(&mut self, value: u64) -> &mut Self {
        const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
                                    2021222324252627282930313233343536373839\
                                    4041424344454647484950515253545556575859\
                                    6061626364656667686970717273747576777879\
                                    8081828384858687888990919293949596979899";
        // Written backwards from the last digits into a buffer as wide as u64::MAX.
        let mut digits = [0u8; 20];
        let mut start = digits.len();
        let mut rest = value;
        while rest >= 100 {
            let pair = (rest % 100) as usize * 2;
            rest /= 100;
            start -= 2;
            digits[start..start + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
        }
        if rest >= 10 {
            let pair = rest as usize * 2;
            start -= 2;
            digits[start..start + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
        } else {
            start -= 1;
            digits[start] = b'0' + rest as u8;
        }
        self.buffer.extend_from_slice(&digits[start..]);
        self
    }

    /// Ends the line and gives it.
    pub fn finish(&mut self) -> &[u8] {
        self.buffer.push(b'\n');
        &self.buffer
    }

    /// Adds `text`, which has nothing to escape, between quotes.
    #[inline(always)]
    fn quoted(&mut self, text: &str) -> &mut Self {
        self.buffer.push(b'"');
        self.buffer.extend_from_slice(text.as_bytes());
        self.buffer.push(b'"');
        self
    }
}

impl JsonLine {
    /// Adds the object `check --json` reports an invalid input's problem as, `{"index",
    /// "message", "kind", "part"}`, so that every command that reports one writes the same.
    pub fn problem(&mut self, problem: &Problem) -> &mut Self {
        self.text(r#"{"index":"#)
            .number(problem.index())
            .text(r#","message":"#)
            .string(&problem.to_string())
            .text(r#","kind":"#)
            .word(problem.code())
            .text(r#","part":"#)
            .opt_word(problem.part())
            .text("}")
    }
}

/// Appends `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, ...
/// or `\u00XX`, as `serde_json` writes them; and, unlike `serde_json`, the characters that
/// could act on a terminal or a text viewer showing the record (the C1 controls, the
/// bidirectional controls, the line and paragraph separators) as `\u` and four hex digits.
/// Everything else (all of Unicode) is written as it is; the decoded string is still exactly
/// `text`.
fn push_string(buffer: &mut Vec<u8>, text: &str) {
    buffer.push(b'"');
    push_escaped(buffer, text);
    buffer.push(b'"');
}

/// Appends the inside of [`push_string`]'s JSON string: `text`, escaped, without quotes.
fn push_escaped(buffer: &mut Vec<u8>, text: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = text.as_bytes();
    // Bytes before `copied` are written; those before `scanned` are known to need no escape.
    let (mut copied, mut scanned) = (0, 0);
    while let Some(found) = next_to_escape(&bytes[scanned..]) {
        let at = scanned + found;
        let escape: &[u8] = match bytes[at] {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0x80.. => {
                // `scanned` only ever moves over whole characters, so `at` begins one.
                let c = text[at..].chars().next().unwrap_or_default();
                scanned = at + c.len_utf8();
                if !acts_on_display(c) {
                    continue;
                }
                buffer.extend_from_slice(&bytes[copied..at]);
                copied = scanned;
                // Every such character is in the Basic Multilingual Plane: four digits.
                let code = c as u32;
                let digit = |shift: u32| HEX[((code >> shift) & 0xf) as usize];
                buffer.extend_from_slice(&[b'\\', b'u', digit(12), digit(8), digit(4), digit(0)]);
                continue;
            }
            control => {
                buffer.extend_from_slice(&bytes[copied..at]);
                copied = at + 1;
                scanned = copied;
                let (high, low) = (
                    HEX[usize::from(control >> 4)],
                    HEX[usize::from(control & 0xf)],
                );
                buffer.extend_from_slice(&[b'\\', b'u', b'0', b'0', high, low]);
                continue;
            }
        };
        buffer.extend_from_slice(&bytes[copied..at]);
        copied = at + 1;
        scanned = copied;
        buffer.extend_from_slice(escape);
    }
    buffer.extend_from_slice(&bytes[copied..]);
}

/// Whether `c`, outside ASCII, is written as an escape in a JSON string: the C1 controls
/// (which terminals obey), the bidirectional controls (which reorder what is shown around
/// them), and the line and paragraph separators (which some readers take for line ends).
fn acts_on_display(c: char) -> bool {
    matches!(
        c,
        '\u{80}'..='\u{9F}'
            | '\u{61C}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2066}'..='\u{2069}'
    )
}

/// Where the first byte that may need an escape is in `bytes`, if anywhere: one JSON escapes
/// (below 0x20, `"`, `\`), or one outside ASCII, whose character [`push_string`] looks at.
///
/// Most strings written have none, so the question asked first is whether there is any, 8
/// bytes at a time; the byte is looked for only in a string that holds one.
fn next_to_escape(bytes: &[u8]) -> Option<usize> {
    let must_escape = |byte: u8| byte < 0x20 || byte == b'"' || byte == b'\\' || byte >= 0x80;
    let any = if bytes.len() < 8 {
        bytes.iter().any(|&byte| must_escape(byte))
    } else {
        let word_at = |at: usize| {
            let word: [u8; 8] = bytes[at..at + 8].try_into().expect("8 bytes");
            word_must_escape(u64::from_le_bytes(word))
        };
        // Whole words, then the last 8 bytes (overlapping the last whole word).
        (0..bytes.len() / 8).any(|word| word_at(word * 8)) || word_at(bytes.len() - 8)
    };
    if any {
        bytes.iter().position(|&byte| must_escape(byte))
    } else {
        None
    }
}

/// Whether one of the 8 bytes of `word` is below 0x20, `"`, `\` or outside ASCII: the "has a
/// byte less than" and "has a zero byte" tests of Sean Eron Anderson's Bit Twiddling Hacks,
/// exact as yes/no answers.
fn word_must_escape(word: u64) -> bool {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    let has_zero = |word: u64| word.wrapping_sub(ONES) & !word & HIGHS != 0;
    let has_below_space = word.wrapping_sub(ONES * 0x20) & !word & HIGHS != 0;
    word & HIGHS != 0
        || has_below_space
        || has_zero(word ^ (ONES * u64::from(b'"')))
        || has_zero(word ^ (ONES * u64::from(b'\\')))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn assert_written(build: impl FnOnce(&mut JsonLine), expected: &str) {
        let mut line = JsonLine::default();
        line.start();
        build(&mut line);
        assert_eq!(String::from_utf8_lossy(line.finish()), expected);
    }

    /// Numbers are their decimal digits, around every place where a pair of digits starts
    /// or a digit is left over.
    #[test]
    fn numbers_are_their_digits() {
        let mut line = JsonLine::default();
        let powers = (0..20).map(|power| 10u64.pow(power));
        let values = (0..=1_000)
            .chain(powers.clone())
            .chain(powers.clone().map(|p| p - 1))
            .chain(powers.map(|p| p + 1))
            .chain([u64::MAX, u64::MAX - 1]);
        for value in values {
            line.start().number(value);
            assert_eq!(String::from_utf8_lossy(line.finish()), format!("{value}\n"));
        }
    }

    #[test]
    fn pieces_in_the_order_written() {
        assert_written(
            |line| {
                line.text(r#"{"input":"#)
                    .string("urn:example:a")
                    .text(r#","fragment":"#)
                    .opt_word(None)
                    .text(r#","index":"#)
                    .number(0)
                    .text(r#","max":"#)
                    .number(u64::MAX)
                    .text(r#","error":{"kind":"#)
                    .word("x")
                    .text(r#","part":"#)
                    .opt_word(Some("nss"))
                    .text(r#","lossy":"#)
                    .boolean(false)
                    .text("}}");
            },
            concat!(
                r#"{"input":"urn:example:a","fragment":null,"index":0,"#,
                r#""max":18446744073709551615,"error":{"kind":"x","part":"nss","lossy":false}}"#,
                "\n"
            ),
        );
    }

    /// No valid identifier, under any syntax, holds a byte JSON escapes, in any of its parts:
    /// what [`JsonLine::identifier`] relies on.
    #[test]
    fn no_valid_identifier_holds_a_byte_to_escape() {
        use urn_tag::{Identifier, Syntax, TagSyntax, UrnSyntax};
        let places = [
            "urn:{}x:a",
            "urn:x{}:a",
            "urn:ex:{}",
            "urn:ex:a{}",
            "urn:ex:a/{}",
            "urn:ex:a?{}",
            "urn:ex:a?+{}",
            "urn:ex:a?=q{}",
            "urn:ex:a#{}",
            "urn:ex:a?#{}",
            "tag:{}a.b,2000:x",
            "tag:a{}@b.c,2000:x",
            "tag:a.b,2000:{}",
            "tag:a.b,2000:x?{}",
            "tag:a.b,2000:x#{}",
        ];
        let mut checked = 0;
        for byte in (0u8..0x20).chain([b'"', b'\\', 0x7f]) {
            let byte = char::from(byte).to_string();
            for place in places {
                let input = place.replace("{}", &byte);
                for urn in UrnSyntax::ALL {
                    for tag in TagSyntax::ALL {
                        let syntax = Syntax::new().with_urn(urn).with_tag(tag);
                        let parsed = Identifier::parse_with(&input, syntax);
                        assert!(parsed.is_err(), "{input:?} under {urn} and {tag}");
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 35 * 15 * 9);
        // Each place can hold a character: a byte there is refused for what it is.
        for place in places {
            let input = place.replace("{}", "a");
            let accepted = UrnSyntax::ALL.iter().any(|&urn| {
                TagSyntax::ALL.iter().any(|&tag| {
                    let syntax = Syntax::new().with_urn(urn).with_tag(tag);
                    Identifier::parse_with(&input, syntax).is_ok()
                })
            });
            assert!(accepted, "{input:?}");
        }
    }

    /// The scan finds a byte to escape wherever it is, in strings of every length around the
    /// 8-byte words it reads.
    #[test]
    fn every_byte_to_escape_found_at_every_place() {
        for length in 0..40 {
            assert_eq!(next_to_escape(&vec![b'a'; length]), None, "length {length}");
            for at in 0..length {
                for byte in (0u8..0x20).chain([b'"', b'\\', 0x80, 0xff]) {
                    let mut text = vec![b'a'; length];
                    text[at] = byte;
                    assert_eq!(
                        next_to_escape(&text),
                        Some(at),
                        "{byte:#x} at {at} of {length}"
                    );
                }
            }
        }
        let harmless: Vec<u8> = (0x20u8..0x80)
            .filter(|&b| b != b'"' && b != b'\\')
            .collect();
        assert_eq!(next_to_escape(&harmless), None);
    }

    /// A date is written as `Display` writes it, zeros included.
    #[test]
    fn dates_written_as_displayed() {
        for (year, month, day) in [
            (0, 1, 1),
            (7, 2, 28),
            (1999, 12, 31),
            (2004, 5, 1),
            (9999, 12, 31),
        ] {
            let date = TagDate::new(year, month, day).expect("a date");
            assert_written(
                |line| {
                    line.date(date);
                },
                &format!("\"{date}\"\n"),
            );
        }
    }

    /// Every character `serde_json` escapes is escaped the same way here.
    #[test]
    fn strings_escaped_as_serde_json_escapes_them() {
        let text: String = (0u8..0x80)
            .map(char::from)
            .chain(['é', '\u{fffd}', '😀'])
            .collect();
        assert_written(
            |line| {
                line.string(&text);
            },
            &format!("{}\n", serde_json::to_string(&text).unwrap()),
        );
    }

    /// The characters that would act on a terminal or a viewer showing a record are escaped,
    /// and the record still decodes to exactly the text.
    #[rstest::rstest]
    #[case::c1_control_next_line("a\u{85}b", r#""a\u0085b""#)]
    #[case::c1_control_string_terminator("\u{9c}]0;title\u{7}", r#""\u009c]0;title\u0007""#)]
    #[case::c1_first_and_last("\u{80}\u{9f}", r#""\u0080\u009f""#)]
    #[case::right_to_left_override("urn:x:\u{202e}gpj.exe", r#""urn:x:\u202egpj.exe""#)]
    #[case::bidi_embeddings_and_marks(
        "\u{202a}\u{202b}\u{202c}\u{202d}\u{200e}\u{200f}\u{61c}",
        r#""\u202a\u202b\u202c\u202d\u200e\u200f\u061c""#
    )]
    #[case::bidi_isolates("\u{2066}\u{2067}\u{2068}\u{2069}", r#""\u2066\u2067\u2068\u2069""#)]
    #[case::line_and_paragraph_separators("a\u{2028}b\u{2029}", r#""a\u2028b\u2029""#)]
    #[case::neighbours_kept(
        "\u{a0}\u{2027}\u{202f}\u{2065}\u{206a}é",
        "\"\u{a0}\u{2027}\u{202f}\u{2065}\u{206a}é\""
    )]
    fn characters_acting_on_a_display_escaped(#[case] text: &str, #[case] json: &str) {
        assert_written(
            |line| {
                line.string(text);
            },
            &format!("{json}\n"),
        );
        let decoded: String = serde_json::from_str(json).expect("valid JSON");
        assert_eq!(decoded, text);
    }
}
