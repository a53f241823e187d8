//! Explains why the recognizer rejected an input.
//!
//! pest reports only the furthest rule it tried ("expected EOI at byte 13" for
//! `urn:example:a%zz`), which names neither the part nor the reason. When recognition fails,
//! this module walks the input once more, left to right, with the character classes that
//! mirror the grammar (`component.rs`), and stops at the first byte at which no valid URN
//! can continue the bytes before it. It runs only on the error path; a differential test
//! checks that it finds an error exactly when the recognizer rejects.

use super::Spec;
use super::component::Component;
use crate::error::{ErrorKind, ParseError, Part};
use crate::percent;

/// The first syntax error in `input` under `spec`, or `None` if there is none.
pub(super) fn first_syntax_error(input: &str, spec: Spec) -> Option<ParseError> {
    Scan::new(input, spec, false).run_all().err()
}

/// The length of the longest prefix of `input` that is a valid URN under `spec`, prose rules
/// included (the NID "urn" and `%00` of RFC 2141 and the draft); `None` if no prefix is.
/// Linear in the bytes it reads: it stops at the first byte no valid URN can continue.
pub(crate) fn longest_valid_prefix(input: &str, spec: Spec) -> Option<usize> {
    let mut scan = Scan::new(input, spec, true);
    match scan.run_all() {
        Ok(()) => Some(input.len()),
        Err(_) => scan.accept,
    }
}

type Step<T = ()> = Result<T, ParseError>;

struct Scan<'a> {
    input: &'a str,
    spec: Spec,
    /// Whether to apply the prose rules too (the recognizer leaves them to `urn::check`).
    prose: bool,
    /// The end of the longest valid prefix seen so far.
    accept: Option<usize>,
}

impl<'a> Scan<'a> {
    fn new(input: &'a str, spec: Spec, prose: bool) -> Self {
        Scan {
            input,
            spec,
            prose,
            accept: None,
        }
    }

    fn run_all(&mut self) -> Step {
        let nid_start = self.scheme()?;
        let nss_start = self.nid(nid_start)?;
        self.parts(nss_start)
    }

    fn byte(&self, i: usize) -> Option<u8> {
        self.input.as_bytes().get(i).copied()
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
    fn nid(&self, start: usize) -> Step<usize> {
        let min_len = if self.spec == Spec::Rfc2141 { 1 } else { 2 };
        let final_hyphen_allowed = self.spec != Spec::Rfc8141;
        let is_ldh = |b: u8| b == b'-' || b.is_ascii_alphanumeric();
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
                Some(b) if is_ldh(b) => {
                    if len == 32 {
                        return err(ErrorKind::NidTooLong);
                    }
                    // RFC 8141: the 32nd character must be the final alphanum, so a hyphen
                    // there cannot be continued either way.
                    if b == b'-' && len == 31 && !final_hyphen_allowed {
                        return err(match self.byte(i + 1) {
                            Some(next) if is_ldh(next) => ErrorKind::NidTooLong,
                            _ => ErrorKind::NidEndsWithHyphen,
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
                    if self.prose
                        && self.spec.reserves_urn_nid()
                        && self.input[start..i].eq_ignore_ascii_case("urn")
                    {
                        return Err(ParseError::new(ErrorKind::ReservedNid(self.spec), start));
                    }
                    return match next {
                        Some(_) => Ok(i + 1),
                        None => err(ErrorKind::Expected {
                            part: Part::Nid,
                            expected: ':',
                        }),
                    };
                }
                Some(_) => {
                    // Every byte before `i` was ASCII, so `i` is a char boundary.
                    let ch = self.input[i..].chars().next().unwrap_or('\u{FFFD}');
                    return err(ErrorKind::unexpected(Part::Nid, ch));
                }
            }
        }
    }

    /// The NSS at `start` and the components after it, each by the rules of its part.
    fn parts(&mut self, mut start: usize) -> Step {
        let mut part = Part::Nss;
        loop {
            let component = Component::of(self.spec, part).expect("each follower is a part");
            let (stop, error) = self.run(start, &component);
            if stop > start || component.may_be_empty {
                self.accept = Some(stop);
            }
            if let Some(error) = error {
                return Err(error);
            }
            let rest = &self.input.as_bytes()[stop..];
            let followers = component.followers(self.spec);
            let follower = followers
                .iter()
                .find(|(delimiter, _)| rest.starts_with(delimiter));
            // RFC 8141 §2: a "?" after the NSS must start "?+" or "?=".
            let bare_question_mark = self.spec == Spec::Rfc8141
                && part == Part::Nss
                && rest.first() == Some(&b'?')
                && follower.is_none();
            if stop == start
                && !component.may_be_empty
                && (rest.is_empty() || follower.is_some() || bare_question_mark)
            {
                return Err(ParseError::new(ErrorKind::Empty(part), start));
            }
            if rest.is_empty() {
                return Ok(());
            }
            if bare_question_mark {
                return Err(ParseError::new(ErrorKind::BareQuestionMark, stop + 1));
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
        let mut i = 0;
        while let Some(&b) = text.get(i) {
            if b == b'%' {
                for digit in [i + 1, i + 2] {
                    if !text.get(digit).copied().is_some_and(percent::is_hex) {
                        let kind = ErrorKind::InvalidPercentEncoding(component.part);
                        return (start + i, Some(ParseError::new(kind, start + digit)));
                    }
                }
                if self.prose
                    && self.spec.forbids_nul()
                    && text[i + 1] == b'0'
                    && text[i + 2] == b'0'
                {
                    let kind = ErrorKind::NulOctet {
                        part: component.part,
                        spec: self.spec,
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
    fn bad_byte(&self, component: &Component, start: usize, i: usize) -> ParseError {
        let error = component.bad_byte(&self.input[start..], i - start, self.spec);
        ParseError::new(error.kind(), i)
    }
}
