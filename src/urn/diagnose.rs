//! Explains why the grammar rejected an input.
//!
//! pest reports only the furthest rule it tried ("expected EOI at byte 13" for
//! `urn:example:a%zz`), which names neither the part nor the reason. When the recognizer
//! fails, this module walks the input once more, left to right, with the character classes
//! that mirror the grammar, and stops at the first byte at which no valid URN can continue
//! the bytes before it. It runs only on the error path; a differential test checks that it
//! finds an error exactly when the grammar rejects.

use super::Spec;
use crate::error::{ErrorKind, ParseError, Part};
use crate::percent::{
    self, ByteSet, PCHAR, PCHAR_OR_SLASH, QUERY, RFC2141_RESERVED, RFC2141_TRANS,
};

/// The first syntax error in `input` under `spec`, or `None` if there is none.
pub(super) fn first_syntax_error(input: &str, spec: Spec) -> Option<ParseError> {
    let scan = Scan { input };
    let result = scan.scheme().and_then(|nid_start| {
        let nss_start = scan.nid(nid_start, spec)?;
        match spec {
            Spec::Rfc8141 => scan.rfc8141_nss(nss_start),
            Spec::Rfc2141 => scan.rfc2141_nss(nss_start),
            Spec::Rfc2141bis => scan.rfc2141bis_nss(nss_start),
        }
    });
    result.err()
}

type Step<T = ()> = Result<T, ParseError>;

struct Scan<'a> {
    input: &'a str,
}

impl Scan<'_> {
    fn byte(&self, i: usize) -> Option<u8> {
        self.input.as_bytes().get(i).copied()
    }

    /// The error for an unexpected character at `i` (which is before the end): non-ASCII
    /// characters get their own message because they are allowed once percent-encoded.
    fn bad_char(&self, i: usize, part: Part) -> ParseError {
        // Every byte before `i` was ASCII, so `i` is a character boundary.
        let ch = self.input[i..].chars().next().unwrap_or('\u{FFFD}');
        let kind = if ch.is_ascii() {
            ErrorKind::InvalidChar { part, ch }
        } else {
            ErrorKind::NonAscii { part, ch }
        };
        ParseError::new(kind, i)
    }

    /// `pct-encoded` at `i` (which holds `%`); returns the index after it.
    fn pct_encoded(&self, i: usize, part: Part) -> Step<usize> {
        for digit in [i + 1, i + 2] {
            if !self.byte(digit).is_some_and(percent::is_hex) {
                return Err(ParseError::new(
                    ErrorKind::InvalidPercentEncoding(part),
                    digit,
                ));
            }
        }
        Ok(i + 3)
    }

    /// The case-insensitive `urn:`; returns the index of the NID.
    fn scheme(&self) -> Step<usize> {
        for (i, expected) in b"urn:".iter().enumerate() {
            if self.byte(i).map(|b| b.to_ascii_lowercase()) != Some(*expected) {
                return Err(ParseError::new(ErrorKind::ExpectedUrnScheme, i));
            }
        }
        Ok(4)
    }

    /// The NID that starts at `start` and the colon after it; returns the index of the NSS.
    ///
    /// All three specs allow 1..=32 letters, digits and hyphens, not starting with a hyphen;
    /// RFC 8141 and the draft need two characters, and only RFC 8141 forbids a final hyphen.
    fn nid(&self, start: usize, spec: Spec) -> Step<usize> {
        let min_len = if spec == Spec::Rfc2141 { 1 } else { 2 };
        let final_hyphen_allowed = spec != Spec::Rfc8141;
        let mut i = start;
        loop {
            let len = i - start;
            let err = |kind| Err(ParseError::new(kind, i));
            match self.byte(i) {
                Some(b'-') if len == 0 => {
                    return err(ErrorKind::InvalidStart {
                        part: Part::Nid,
                        ch: '-',
                    });
                }
                Some(b) if b == b'-' || b.is_ascii_alphanumeric() => {
                    if len == 32 {
                        return err(ErrorKind::NidTooLong);
                    }
                    // RFC 8141: the 32nd character must be the final alphanum, so a hyphen
                    // there cannot be continued either way.
                    if b == b'-' && len == 31 && !final_hyphen_allowed {
                        let next_is_ldh = self
                            .byte(i + 1)
                            .is_some_and(|n| n == b'-' || n.is_ascii_alphanumeric());
                        return err(if next_is_ldh {
                            ErrorKind::NidTooLong
                        } else {
                            ErrorKind::NidEndsWithHyphen
                        });
                    }
                    i += 1;
                }
                next @ (Some(b':') | None) => {
                    if len == 0 {
                        return err(ErrorKind::Empty(Part::Nid));
                    }
                    if len < min_len {
                        return err(ErrorKind::NidTooShort);
                    }
                    if !final_hyphen_allowed && self.byte(i - 1) == Some(b'-') {
                        return err(ErrorKind::NidEndsWithHyphen);
                    }
                    return match next {
                        Some(_) => Ok(i + 1),
                        None => err(ErrorKind::Expected {
                            part: Part::Nid,
                            expected: ':',
                        }),
                    };
                }
                Some(_) => return Err(self.bad_char(i, Part::Nid)),
            }
        }
    }

    /// RFC 8141 `NSS = pchar *(pchar / "/")`, then the optional components.
    fn rfc8141_nss(&self, start: usize) -> Step {
        match self.byte(start) {
            None | Some(b'?' | b'#') => {
                return Err(ParseError::new(ErrorKind::Empty(Part::Nss), start));
            }
            Some(b'/') => {
                let kind = ErrorKind::InvalidStart {
                    part: Part::Nss,
                    ch: '/',
                };
                return Err(ParseError::new(kind, start));
            }
            Some(_) => {}
        }
        let Some(i) = self.run(start, PCHAR_OR_SLASH, Part::Nss)? else {
            return Ok(());
        };
        match self.byte(i) {
            Some(b'?') => match self.byte(i + 1) {
                Some(b'+') => self.r_component(i + 2),
                Some(b'=') => self.q_component(i + 2),
                _ => Err(ParseError::new(ErrorKind::BareQuestionMark, i + 1)),
            },
            Some(b'#') => self.fragment(i + 1, Part::FComponent),
            _ => Err(self.bad_char(i, Part::Nss)),
        }
    }

    /// The first character of an r- or q-component, which must be a `pchar`.
    fn component_start(&self, start: usize, part: Part) -> Step {
        let kind = match self.byte(start) {
            None | Some(b'#') => ErrorKind::Empty(part),
            // An r-component ends at "?=", so "?+?=" leaves it empty.
            Some(b'?') if part == Part::RComponent && self.byte(start + 1) == Some(b'=') => {
                ErrorKind::Empty(part)
            }
            Some(ch @ (b'/' | b'?')) => ErrorKind::InvalidStart {
                part,
                ch: char::from(ch),
            },
            Some(_) => return Ok(()),
        };
        Err(ParseError::new(kind, start))
    }

    /// RFC 8141 `r-component = pchar *( pchar / "/" / "?" )`, ended by "?=" (§2.3.1) or "#".
    fn r_component(&self, start: usize) -> Step {
        self.component_start(start, Part::RComponent)?;
        let mut i = start;
        while let Some(stop) = self.run(i, PCHAR_OR_SLASH, Part::RComponent)? {
            match self.byte(stop) {
                Some(b'?') if self.byte(stop + 1) == Some(b'=') => {
                    return self.q_component(stop + 2);
                }
                Some(b'?') => i = stop + 1,
                Some(b'#') => return self.fragment(stop + 1, Part::FComponent),
                _ => return Err(self.bad_char(stop, Part::RComponent)),
            }
        }
        Ok(())
    }

    /// RFC 8141 `q-component = pchar *( pchar / "/" / "?" )`, ended by "#" (§2.3.2).
    fn q_component(&self, start: usize) -> Step {
        self.component_start(start, Part::QComponent)?;
        self.query(start, Part::QComponent, Part::FComponent)
    }

    /// RFC 3986 `query = *( pchar / "/" / "?" )` (the shape of a q-component too), ended by
    /// "#" and the fragment part `then`.
    fn query(&self, start: usize, part: Part, then: Part) -> Step {
        match self.run(start, QUERY, part)? {
            None => Ok(()),
            Some(i) if self.byte(i) == Some(b'#') => self.fragment(i + 1, then),
            Some(i) => Err(self.bad_char(i, part)),
        }
    }

    /// RFC 3986 `fragment = *( pchar / "/" / "?" )` to the end of the input.
    fn fragment(&self, start: usize, part: Part) -> Step {
        match self.run(start, QUERY, part)? {
            None => Ok(()),
            Some(i) => Err(self.bad_char(i, part)),
        }
    }

    /// Skips bytes in `set` and percent-encodings; returns the index of the first other
    /// byte, or `None` at the end of the input.
    fn run(&self, start: usize, set: ByteSet, part: Part) -> Step<Option<usize>> {
        let mut i = start;
        loop {
            match self.byte(i) {
                None => return Ok(None),
                Some(b) if set.contains(b) => i += 1,
                Some(b'%') => i = self.pct_encoded(i, part)?,
                Some(_) => return Ok(Some(i)),
            }
        }
    }

    /// RFC 2141 `<NSS> ::= 1*<URN chars>`: letters, digits, `<other>` and escapes only.
    fn rfc2141_nss(&self, start: usize) -> Step {
        match self.run(start, RFC2141_TRANS, Part::Nss)? {
            None if start < self.input.len() => Ok(()),
            None => Err(ParseError::new(ErrorKind::Empty(Part::Nss), start)),
            Some(i) => Err(match self.byte(i) {
                Some(b) if RFC2141_RESERVED.contains(b) => {
                    ParseError::new(ErrorKind::ReservedChar { ch: char::from(b) }, i)
                }
                _ => self.bad_char(i, Part::Nss),
            }),
        }
    }

    /// Draft `NSS = 1*pchar`, then `[ "?" query ] [ "#" fragment ]`.
    fn rfc2141bis_nss(&self, start: usize) -> Step {
        let Some(i) = self.run(start, PCHAR, Part::Nss)? else {
            if start == self.input.len() {
                return Err(ParseError::new(ErrorKind::Empty(Part::Nss), start));
            }
            return Ok(());
        };
        match self.byte(i) {
            Some(b'?' | b'#') if i == start => {
                Err(ParseError::new(ErrorKind::Empty(Part::Nss), start))
            }
            Some(b'?') => self.query(i + 1, Part::Query, Part::Fragment),
            Some(b'#') => self.fragment(i + 1, Part::Fragment),
            _ => Err(self.bad_char(i, Part::Nss)),
        }
    }
}
