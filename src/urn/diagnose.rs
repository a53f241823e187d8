//! The URN scan of the parts, left to right, with the character classes that mirror the
//! grammar (`component.rs`): it stops at the first byte at which no valid URN can continue
//! the bytes before it.
//!
//! The tests' oracle: a rejected URN is explained from the grammar itself
//! (`crate::rejection`), and `find` takes the longest valid prefix of a text from the grammar's
//! prefix matchers (`urn::recognize`); the tests hold both equal to this scan.
//!
//! Its steps are inlined into one function at each caller (`#[inline(always)]`, all on error
//! paths): a `ParseError` returned from step to step through memory is copied field by field,
//! and reading it back right after stalled on those stores, a fifth of a rejection's time.

use super::component::Component;
use crate::chars::{self, ByteSet};
use crate::error::{ParseError, ParseErrorKind, Part};
use crate::syntax::{NID_MAX_LEN, SCHEME_LEN, UrnSyntax};

/// The first syntax error in `input` under `syntax`, or `None` if there is none: the oracle
/// the explanation from the grammar (`crate::rejection`) is checked against.
#[cfg(test)]
pub(crate) fn first_syntax_error(input: &str, syntax: UrnSyntax) -> Option<ParseError> {
    let error = Scan::new(input, syntax, false).run_all().err()?;
    Some(error.explain_whitespace(input))
}

/// The length of the longest prefix of `input` that is a valid URN under `syntax`, prose rules
/// included (the NID "urn" and `%00` of RFC 2141 and the draft); `None` if no prefix is.
/// Linear in the bytes it reads: it stops at the first byte no valid URN can continue. The
/// oracle of the grammar's prefix matchers (`urn::recognize::longest_valid_prefix`).
#[cfg(test)]
pub(crate) fn longest_valid_prefix(input: &str, syntax: UrnSyntax) -> Option<usize> {
    let mut scan = Scan::new(input, syntax, true);
    match scan.run_all() {
        Ok(()) => Some(input.len()),
        Err(_) => scan.accept,
    }
}

type Step<T = ()> = Result<T, ParseError>;

/// Whether `text` starts with `delimiter`, byte by byte: the delimiters are one or two bytes,
/// for which `<[u8]>::starts_with` calls `memcmp`, slower on the error path than the bytes.
#[inline]
fn starts_with(text: &[u8], delimiter: &[u8]) -> bool {
    delimiter
        .iter()
        .enumerate()
        .all(|(i, byte)| text.get(i) == Some(byte))
}

/// The characters of a NID in every syntax: letters, digits and hyphens.
const LDH: ByteSet = chars::ALPHANUM.union(ByteSet::from_bytes(b"-"));

struct Scan<'a> {
    input: &'a str,
    syntax: UrnSyntax,
    /// Whether to apply the prose rules too (the recognizer leaves them to `urn::check`).
    prose: bool,
    /// The end of the longest valid prefix seen so far.
    accept: Option<usize>,
}

impl<'a> Scan<'a> {
    fn new(input: &'a str, syntax: UrnSyntax, prose: bool) -> Self {
        Scan {
            input,
            syntax,
            prose,
            accept: None,
        }
    }

    #[inline(always)]
    fn run_all(&mut self) -> Step {
        let nid_start = self.scheme()?;
        let nss_start = self.nid(nid_start)?;
        self.parts(nss_start)
    }

    fn byte(&self, i: usize) -> Option<u8> {
        self.input.as_bytes().get(i).copied()
    }

    /// The case-insensitive `urn:`; returns the index of the NID.
    #[inline(always)]
    fn scheme(&self) -> Step<usize> {
        for (i, expected) in b"urn:".iter().enumerate() {
            if self.byte(i).map(|b| b.to_ascii_lowercase()) != Some(*expected) {
                return Err(ParseError::new(ParseErrorKind::ExpectedUrnScheme, i));
            }
        }
        Ok(SCHEME_LEN)
    }

    /// The NID that starts at `start` and the colon after it; returns the index of the NSS.
    ///
    /// All three specs allow 1..=32 letters, digits and hyphens, not starting with a hyphen;
    /// RFC 8141 and the draft need two characters, and only RFC 8141 forbids a final hyphen.
    #[inline(always)]
    fn nid(&self, start: usize) -> Step<usize> {
        let min_len = if self.syntax == UrnSyntax::Rfc2141 {
            1
        } else {
            2
        };
        let final_hyphen_allowed = self.syntax != UrnSyntax::Rfc8141;
        let bytes = self.input.as_bytes();
        // The run of NID characters, read in one pass and counted up to one past the bound:
        // each rule below is then a question about its length and its ends.
        let rest = bytes.get(start..).unwrap_or_default();
        let len = rest[..rest.len().min(NID_MAX_LEN + 1)]
            .iter()
            .take_while(|&&b| LDH.contains(b))
            .count();
        let err = |kind, i| Err(ParseError::new(kind, i));
        if rest.first() == Some(&b'-') {
            let kind = ParseErrorKind::InvalidStart {
                part: Part::Nid,
                ch: '-',
            };
            return err(kind, start);
        }
        // RFC 8141: the 32nd character must be the final alphanum, so a hyphen there cannot
        // be continued either way.
        if !final_hyphen_allowed && len >= NID_MAX_LEN && rest[NID_MAX_LEN - 1] == b'-' {
            let kind = if len > NID_MAX_LEN {
                ParseErrorKind::NidTooLong
            } else {
                ParseErrorKind::NidEndsWithHyphen
            };
            return err(kind, start + NID_MAX_LEN - 1);
        }
        if len > NID_MAX_LEN {
            return err(ParseErrorKind::NidTooLong, start + NID_MAX_LEN);
        }
        let i = start + len;
        match bytes.get(i) {
            next @ (Some(b':') | None) => {
                if len == 0 {
                    return err(ParseErrorKind::Empty(Part::Nid), i);
                }
                if len < min_len {
                    return err(ParseErrorKind::NidTooShort, i);
                }
                if !final_hyphen_allowed && bytes[i - 1] == b'-' {
                    return err(ParseErrorKind::NidEndsWithHyphen, i);
                }
                if self.prose
                    && self.syntax.reserves_urn_nid()
                    && self.input[start..i].eq_ignore_ascii_case("urn")
                {
                    return err(ParseErrorKind::ReservedNid(self.syntax), start);
                }
                match next {
                    Some(_) => Ok(i + 1),
                    None => err(
                        ParseErrorKind::Expected {
                            part: Part::Nid,
                            expected: ':',
                        },
                        i,
                    ),
                }
            }
            Some(_) => {
                // Every byte before `i` was ASCII, so `i` is a char boundary.
                let ch = self.input[i..].chars().next().unwrap_or('\u{FFFD}');
                err(ParseErrorKind::unexpected(Part::Nid, ch), i)
            }
        }
    }

    /// The NSS at `start` and the components after it, each by the rules of its part.
    #[inline(always)]
    fn parts(&mut self, mut start: usize) -> Step {
        let mut part = Part::Nss;
        loop {
            let component = Component::of(self.syntax, part).expect("each follower is a part");
            let (stop, error) = self.run(start, &component);
            if stop > start || component.may_be_empty {
                self.accept = Some(stop);
            }
            if let Some(error) = error {
                return Err(error);
            }
            let rest = &self.input.as_bytes()[stop..];
            let followers = component.followers(self.syntax);
            let follower = followers
                .iter()
                .find(|(delimiter, _)| starts_with(rest, delimiter));
            // RFC 8141 §2: a "?" after the NSS must start "?+" or "?=".
            let bare_question_mark = self.syntax == UrnSyntax::Rfc8141
                && part == Part::Nss
                && rest.first() == Some(&b'?')
                && follower.is_none();
            if stop == start
                && !component.may_be_empty
                && (rest.is_empty() || follower.is_some() || bare_question_mark)
            {
                return Err(ParseError::new(ParseErrorKind::Empty(part), start));
            }
            if rest.is_empty() {
                return Ok(());
            }
            if bare_question_mark {
                return Err(ParseError::new(ParseErrorKind::BareQuestionMark, stop + 1));
            }
            match follower {
                Some((delimiter, next)) => {
                    start = stop + delimiter.len();
                    part = *next;
                }
                None => return Err(self.bad_byte(&component, start, stop)),
            }
        }
    }

    /// Skips the bytes of `component` from `start`, checking its percent-encodings; returns
    /// the index of the first byte it does not allow there (or the end of the input), or of
    /// the `%` of a bad percent-encoding together with the error.
    fn run(&self, start: usize, component: &Component) -> (usize, Option<ParseError>) {
        let text = &self.input.as_bytes()[start..];
        // Most bytes of a part are plain characters that may stand anywhere in it: they are
        // skipped in a tight loop, and only a `%`, a `?` that might open "?=", and the first
        // byte get a closer look.
        // Every allowed byte, but a `?` that might start the "?=" ending an r-component.
        let plain = if component.ends_at_question_equals {
            component.allowed.without(b'?')
        } else {
            component.allowed
        };
        let mut i = 0;
        while let Some(&b) = text.get(i) {
            if i > 0 && plain.contains(b) {
                i += 1 + text[i + 1..]
                    .iter()
                    .take_while(|&&b| plain.contains(b))
                    .count();
            } else if b == b'%' {
                for digit in [i + 1, i + 2] {
                    if !text.get(digit).copied().is_some_and(chars::is_hex) {
                        let kind = ParseErrorKind::InvalidPercentEncoding(component.part);
                        return (start + i, Some(ParseError::new(kind, start + digit)));
                    }
                }
                if self.prose
                    && self.syntax.forbids_nul()
                    && text[i + 1] == b'0'
                    && text[i + 2] == b'0'
                {
                    let kind = ParseErrorKind::NulOctet {
                        part: component.part,
                        syntax: self.syntax,
                    };
                    return (start + i, Some(ParseError::new(kind, start + i)));
                }
                i += 3;
            } else if component.allows(text, i) {
                i += 1;
            } else {
                break;
            }
        }
        (start + i, None)
    }

    /// The error for byte `i` of the input, inside the part that starts at `start`.
    #[inline(always)]
    fn bad_byte(&self, component: &Component, start: usize, i: usize) -> ParseError {
        let error = component.bad_byte(&self.input[start..], i - start, self.syntax);
        ParseError::new(error.kind(), i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urn::recognize;
    use alloc::string::String;

    /// The diagnosis must find an error exactly when the recognizer (the grammar plus the
    /// NID bound) rejects; checked here on a dense set of short inputs over the characters
    /// that matter, and on NIDs around the bound.
    #[test]
    fn diagnosis_agrees_with_recognizer() {
        let alphabet = [
            "a", "-", ":", "/", "?", "+", "=", "#", "%", "0", "~", "&", " ", "é",
        ];
        let prefixes = [
            "urn:",
            "urn:ab:",
            "urn:ab:c",
            "urn:ab:c?+r",
            "urn:ab:c?=q",
            "u",
        ];
        let mut inputs = alloc::vec::Vec::new();
        for prefix in prefixes {
            // Every tail of up to three characters from the alphabet.
            let mut level = alloc::vec![String::new()];
            inputs.push(String::from(prefix));
            for _ in 0..3 {
                level = level
                    .iter()
                    .flat_map(|tail| alphabet.iter().map(move |c| alloc::format!("{tail}{c}")))
                    .collect();
                inputs.extend(level.iter().map(|tail| alloc::format!("{prefix}{tail}")));
            }
        }
        for len in 29..36 {
            for last in ["a", "-", "a-", "-a"] {
                let nid: String = "a".repeat(len);
                inputs.push(alloc::format!("urn:{nid}{last}:x"));
            }
        }
        assert!(inputs.len() > 15_000);
        for input in &inputs {
            for syntax in UrnSyntax::ALL {
                let recognized = recognize::recognize(input, syntax);
                let diagnosis = first_syntax_error(input, syntax);
                assert_eq!(recognized.err(), diagnosis, "{syntax} {input:?}");
            }
        }
    }
}
