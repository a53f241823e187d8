//! How human output shows an input: escaped, cut to a window, with a caret under a byte.
//!
//! Inputs are echoed to terminals, so nothing in them may act on the terminal or hide: control
//! characters (`\n`, `\r`, `\x1b`, ...), invisible ones (`\u{200b}`, the bidirectional
//! overrides such as `\u{202e}`, a byte order mark) and white space other than the space are
//! written as escapes, as are `\` itself and the bytes of invalid UTF-8 (`\xff`). An input
//! holding a line feed is thus shown on one line, and cannot pass for two results.

use std::borrow::Cow;
use std::fmt::Write as _;

/// The most bytes of an input shown where it is named (`invalid INPUT: message`); a longer one
/// is cut, with `…`.
pub const ECHO_BYTES: usize = 200;
/// The bytes shown before and after the offending byte under which the caret is drawn.
const WINDOW_BEFORE: usize = 120;
const WINDOW_AFTER: usize = 60;

/// `bytes` with every character that would act on a terminal or not show escaped; borrowed
/// when there is none (every valid identifier).
pub fn escape(bytes: &[u8]) -> Cow<'_, str> {
    let printable_ascii = |b: &u8| (b' '..=b'~').contains(b) && *b != b'\\';
    if bytes.iter().all(printable_ascii) {
        // ASCII, so UTF-8; the `unwrap_or_default` is never taken.
        return Cow::Borrowed(std::str::from_utf8(bytes).unwrap_or_default());
    }
    if let Ok(text) = std::str::from_utf8(bytes)
        && !text.chars().any(needs_escape)
    {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            push_escaped(&mut shown, c);
        }
        for byte in chunk.invalid() {
            let _ = write!(shown, "\\x{byte:02x}");
        }
    }
    Cow::Owned(shown)
}

/// `bytes` escaped, cut after [`ECHO_BYTES`] bytes with `…`.
pub fn echo(bytes: &[u8]) -> Cow<'_, str> {
    if bytes.len() <= ECHO_BYTES {
        return escape(bytes);
    }
    let end = char_start_at_or_before(bytes, ECHO_BYTES);
    Cow::Owned(format!("{}…", escape(&bytes[..end])))
}

/// The first bytes of a line that goes on: escaped, cut after at most [`ECHO_BYTES`] bytes,
/// and always with `…`.
pub fn echo_head(head: &[u8]) -> String {
    let end = char_start_at_or_before(head, ECHO_BYTES);
    format!("{}…", escape(&head[..end]))
}

/// Two lines, each after `indent`: the part of `bytes` around byte `index` (escaped, with `…`
/// where it is cut), and a caret under the character that holds byte `index` (or just past
/// the end, when the input ended too early).
pub fn caret(bytes: &[u8], index: usize, indent: &str) -> String {
    let index = index.min(bytes.len());
    let start = char_start_at_or_after(bytes, index.saturating_sub(WINDOW_BEFORE)).min(index);
    let end = char_start_at_or_after(bytes, index.saturating_add(WINDOW_AFTER + 1));
    let (before, after) = (escape(&bytes[start..index]), escape(&bytes[index..end]));
    let open = if start > 0 { "…" } else { "" };
    let close = if end < bytes.len() { "…" } else { "" };
    let column = open.chars().count() + before.chars().count();
    format!(
        "{indent}{open}{before}{after}{close}\n{indent}{:column$}^",
        ""
    )
}

/// Whether human output writes `c` as an escape.
fn needs_escape(c: char) -> bool {
    c == '\\' || c.is_control() || (c.is_whitespace() && c != ' ') || is_invisible(c)
}

/// Unicode format characters (general category Cf) and the other characters that show
/// nothing: zero-width characters, bidirectional controls, the byte order mark, tag
/// characters.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{AD}'
            | '\u{34F}'
            | '\u{600}'..='\u{605}'
            | '\u{61C}'
            | '\u{6DD}'
            | '\u{70F}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

fn push_escaped(shown: &mut String, c: char) {
    if !needs_escape(c) {
        shown.push(c);
        return;
    }
    match c {
        '\\' => shown.push_str("\\\\"),
        '\n' => shown.push_str("\\n"),
        '\r' => shown.push_str("\\r"),
        '\t' => shown.push_str("\\t"),
        '\0' => shown.push_str("\\0"),
        c if c.is_ascii() => {
            let _ = write!(shown, "\\x{:02x}", c as u32);
        }
        c => {
            let _ = write!(shown, "\\u{{{:x}}}", c as u32);
        }
    }
}

/// Whether `byte` continues a UTF-8 sequence (and so cannot start a character).
fn is_continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

/// The greatest index at most `at` (and at most the length) that is not inside a UTF-8
/// sequence, looking back no further than a sequence is long.
fn char_start_at_or_before(bytes: &[u8], at: usize) -> usize {
    let at = at.min(bytes.len());
    (at.saturating_sub(3)..=at)
        .rev()
        .find(|&i| bytes.get(i).is_none_or(|&b| !is_continuation(b)))
        .unwrap_or(at)
}

/// The least index at least `at` (or the length) that is not inside a UTF-8 sequence,
/// looking on no further than a sequence is long.
fn char_start_at_or_after(bytes: &[u8], at: usize) -> usize {
    let at = at.min(bytes.len());
    (at..=at.saturating_add(3).min(bytes.len()))
        .find(|&i| bytes.get(i).is_none_or(|&b| !is_continuation(b)))
        .unwrap_or(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_leaves_identifiers_borrowed() {
        assert!(matches!(escape(b"urn:example:a%2C"), Cow::Borrowed(_)));
        assert_eq!(escape("é (x)".as_bytes()), "é (x)");
    }

    #[test]
    fn escape_shows_controls_invisibles_and_bad_bytes() {
        assert_eq!(
            escape(b"a\nb\rc\td\x1b[31m\0\x7f\\"),
            r"a\nb\rc\td\x1b[31m\0\x7f\\"
        );
        assert_eq!(
            escape("x\u{202e}y\u{200b}\u{feff}\u{a0}\u{85}".as_bytes()),
            r"x\u{202e}y\u{200b}\u{feff}\u{a0}\u{85}"
        );
        assert_eq!(escape(b"urn:\xff\xfeok\xe2\x82"), r"urn:\xff\xfeok\xe2\x82");
    }

    #[test]
    fn caret_points_at_the_character_holding_the_byte() {
        assert_eq!(caret("urn:é:%zz".as_bytes(), 9, ""), "urn:é:%zz\n        ^");
        assert_eq!(caret(b"ab", 2, "  "), "  ab\n    ^");
        assert_eq!(caret(b"a\tb", 2, ""), "a\\tb\n   ^");
        assert_eq!(caret(b"a\xffb", 2, ""), "a\\xffb\n     ^");
    }

    #[test]
    fn caret_shows_a_window_of_a_long_input() {
        let long = [&b"urn:example:"[..], &[b'a'; 1000], b"%zz", &[b'b'; 1000]].concat();
        let drawn = caret(&long, 1012, "");
        let (line, marks) = drawn.split_once('\n').unwrap();
        assert_eq!(line, format!("…{}%zz{}…", "a".repeat(120), "b".repeat(58)));
        assert_eq!(marks, format!("{}^", " ".repeat(121)));
    }

    #[test]
    fn echo_cuts_a_long_input() {
        let long = "é".repeat(150);
        let shown = echo(long.as_bytes());
        assert_eq!(shown, format!("{}…", "é".repeat(100)));
        assert_eq!(echo(b"urn:ex:a"), "urn:ex:a");
    }
}
