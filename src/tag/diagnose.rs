//! The tests' oracle for why the grammar rejected a tag: a rejected tag, and a part the
//! minter checks alone, are explained from the grammar itself (`crate::rejection`), and the
//! tests hold that explanation equal to this scan's.
//!
//! It walks the input left to right, with character classes that mirror `tag.pest`, and stops
//! at the first byte at which no valid tag can continue the bytes before it; a differential
//! test checks that it finds an error exactly when the grammar rejects.
//!
//! The authority name is where the grammar chooses: a DNS name, an email address, or (in the
//! lenient syntax) an opaque authority. Each alternative is walked on its own; the input is
//! valid up to the byte at which the last of them fails, and that alternative's reason is the
//! one reported. On a tie, the opaque authority's reason wins in the lenient syntax (any
//! authority could stand there), then the email address's if an `@` follows, then the DNS
//! name's.

use crate::chars::{
    self, ALPHANUM, ByteSet, QUERY, TAG_ERRATUM_ATEXT as ERRATUM_ATEXT,
    TAG_LOCAL_PART as LOCAL_PART, TAG_OPAQUE as OPAQUE,
};
use crate::error::{ParseError, ParseErrorKind, Part};
use crate::syntax::{SCHEME_LEN, TagSyntax};

/// The first syntax error in `input` under `syntax`, or `None` if there is none.
pub(crate) fn first_syntax_error(input: &str, syntax: TagSyntax) -> Option<ParseError> {
    let scan = Scan::new(input, syntax);
    let result = scan
        .scheme()
        .and_then(|start| scan.authority(start, syntax))
        .and_then(|comma| scan.date(comma + 1))
        .and_then(|colon| scan.specific(colon + 1));
    Some(result.err()?.explain_whitespace(input))
}

/// The first syntax error in `text` read as a whole authority name under `syntax`, with its
/// index into `text`.
pub(crate) fn authority_error(text: &str, syntax: TagSyntax) -> Option<ParseError> {
    let scan = Scan::new(text, syntax);
    scan.authority_alternatives(0, syntax, |end| scan.at_end(end, Part::Authority))
        .err()
}

/// The first syntax error in `text` read as a whole specific (`part` is `Part::Specific`) or
/// fragment (`Part::Fragment`), with its index into `text`.
pub(crate) fn component_error(text: &str, part: Part) -> Option<ParseError> {
    let scan = Scan::new(text, TagSyntax::Rfc4151);
    match scan.run(0, QUERY, part) {
        Ok(None) => None,
        Ok(Some(i)) => Some(scan.bad_char(i, part)),
        Err(error) => Some(error),
    }
}

type Step<T = ()> = Result<T, ParseError>;

struct Scan<'a> {
    input: &'a str,
    /// Whether the authority may hold percent-encoded octets (only an opaque one may).
    encodable_authority: bool,
}

impl<'a> Scan<'a> {
    fn new(input: &'a str, syntax: TagSyntax) -> Self {
        Scan {
            input,
            encodable_authority: syntax == TagSyntax::Lenient,
        }
    }

    fn byte(&self, i: usize) -> Option<u8> {
        self.input.as_bytes().get(i).copied()
    }

    /// The error for an unexpected character at `i` (which is before the end): non-ASCII
    /// characters get their own message where they are allowed once percent-encoded.
    fn bad_char(&self, i: usize, part: Part) -> ParseError {
        let ch = self
            .input
            .get(i..)
            .and_then(|rest| rest.chars().next())
            .unwrap_or('\u{FFFD}');
        let encodable = part != Part::Authority || self.encodable_authority;
        let kind = if ch.is_ascii() || !encodable {
            ParseErrorKind::InvalidChar { part, ch }
        } else {
            ParseErrorKind::NonAscii { part, ch }
        };
        ParseError::new(kind, i)
    }

    /// `pct-encoded` at `i` (which holds `%`); returns the index after it.
    fn pct_encoded(&self, i: usize, part: Part) -> Step<usize> {
        for digit in [i + 1, i + 2] {
            if !self.byte(digit).is_some_and(chars::is_hex) {
                return Err(ParseError::new(
                    ParseErrorKind::InvalidPercentEncoding(part),
                    digit,
                ));
            }
        }
        Ok(i + 3)
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

    /// Skips bytes in `set`; returns the index of the first other byte (or the length).
    fn skip(&self, start: usize, set: ByteSet) -> usize {
        let bytes = self.input.as_bytes();
        start
            + bytes[start.min(bytes.len())..]
                .iter()
                .take_while(|&&b| set.contains(b))
                .count()
    }

    /// The case-insensitive `tag:`; returns the index of the authority.
    fn scheme(&self) -> Step<usize> {
        for (i, expected) in b"tag:".iter().enumerate() {
            if self.byte(i).map(|b| b.to_ascii_lowercase()) != Some(*expected) {
                return Err(ParseError::new(ParseErrorKind::ExpectedTagScheme, i));
            }
        }
        Ok(SCHEME_LEN)
    }

    /// The authority name that starts at `start` and the "," after it; returns the index of
    /// the ",".
    fn authority(&self, start: usize, syntax: TagSyntax) -> Step<usize> {
        self.authority_alternatives(start, syntax, |end| self.comma(end))
    }

    /// Walks each alternative form of the authority (each followed by `then`, which checks
    /// what follows it) and keeps the one that gets furthest.
    fn authority_alternatives(
        &self,
        start: usize,
        syntax: TagSyntax,
        then: impl Fn(usize) -> Step<usize>,
    ) -> Step<usize> {
        let dns = self
            .dns_name(start, ParseErrorKind::Empty(Part::Authority))
            .and_then(&then);
        let email = match syntax {
            TagSyntax::Rfc4151 => self.email_address(start, false).and_then(&then),
            TagSyntax::Erratum1485 => self.email_address(start, true).and_then(&then),
            TagSyntax::Lenient => {
                self.email_address(start, false)
                    .and_then(&then)
                    .or_else(|original| {
                        let erratum = self.email_address(start, true).and_then(&then);
                        erratum.map_err(|erratum| furthest(erratum, original))
                    })
            }
        };
        let opaque = match syntax {
            TagSyntax::Lenient => Some(self.opaque_authority(start).and_then(&then)),
            TagSyntax::Rfc4151 | TagSyntax::Erratum1485 => None,
        };
        let (dns, email) = match (dns, email) {
            (Ok(end), _) | (_, Ok(end)) => return Ok(end),
            (Err(dns), Err(email)) => (dns, email),
        };
        // On a tie, the email address explains better when the authority holds an "@".
        let at = self.input.as_bytes()[start..]
            .iter()
            .take_while(|&&b| !matches!(b, b',' | b':' | b'/' | b'?' | b'#'))
            .any(|&b| b == b'@');
        let named = if at {
            furthest(email, dns)
        } else {
            furthest(dns, email)
        };
        match opaque {
            Some(Ok(end)) => Ok(end),
            // Where any authority may stand, what the opaque form expects explains best.
            Some(Err(opaque)) => Err(furthest(opaque, named)),
            None => Err(named),
        }
    }

    /// What may follow an authority name that ends at `end` in a tag: the ",".
    fn comma(&self, end: usize) -> Step<usize> {
        match self.byte(end) {
            Some(b',') => Ok(end),
            None | Some(b':') => Err(ParseError::new(
                ParseErrorKind::Expected {
                    part: Part::Authority,
                    expected: ',',
                },
                end,
            )),
            Some(_) => Err(self.bad_char(end, Part::Authority)),
        }
    }

    /// What may follow a part that ends at `end` when the text is that part alone: nothing.
    fn at_end(&self, end: usize, part: Part) -> Step<usize> {
        match self.byte(end) {
            None => Ok(end),
            Some(_) => Err(self.bad_char(end, part)),
        }
    }

    /// RFC 4151 `DNSname = DNScomp *( "." DNScomp )`, `DNScomp = alphaNum [*(alphaNum /"-")
    /// alphaNum]`; returns the index after the name. `empty` is the error for a name that
    /// has not even begun.
    fn dns_name(&self, start: usize, empty: ParseErrorKind) -> Step<usize> {
        let mut i = start;
        // Whether a label has begun, and whether its last byte was a hyphen.
        let mut in_label = false;
        let mut after_hyphen = false;
        loop {
            let kind = match self.byte(i) {
                Some(b) if ALPHANUM.contains(b) => {
                    (in_label, after_hyphen) = (true, false);
                    i += 1;
                    continue;
                }
                Some(b'-') if in_label => {
                    after_hyphen = true;
                    i += 1;
                    continue;
                }
                Some(b'-') => ParseErrorKind::DnsLabelStartsWithHyphen,
                // A byte that can neither continue nor end the name where a label is open.
                Some(b) if !matches!(b, b'.' | b',' | b':') && (!in_label || after_hyphen) => {
                    return Err(self.bad_char(i, Part::Authority));
                }
                _ if after_hyphen => ParseErrorKind::DnsLabelEndsWithHyphen,
                Some(b'.') if in_label => {
                    in_label = false;
                    i += 1;
                    continue;
                }
                Some(b'.') => ParseErrorKind::EmptyDnsLabel,
                _ if i == start => empty,
                _ if !in_label => ParseErrorKind::EmptyDnsLabel,
                _ => return Ok(i),
            };
            return Err(ParseError::new(kind, i));
        }
    }

    /// RFC 4151 `emailAddress = 1*(alphaNum /"-"/"."/"_") "@" DNSname`, or with `erratum`, a
    /// local part that is an RFC 5322 `dot-atom-text` of `ERRATUM_ATEXT`; returns the index
    /// after the address.
    fn email_address(&self, start: usize, erratum: bool) -> Step<usize> {
        let end = if erratum {
            self.dot_atom_text(start)?
        } else {
            self.skip(start, LOCAL_PART)
        };
        let kind = match self.byte(end) {
            Some(b'@') if end > start => {
                return self.dns_name(end + 1, ParseErrorKind::EmptyDnsLabel);
            }
            Some(b'@' | b'.') if end == start => ParseErrorKind::InvalidStart {
                part: Part::Authority,
                ch: char::from(self.input.as_bytes()[end]),
            },
            Some(b',' | b':') | None if end == start => ParseErrorKind::Empty(Part::Authority),
            Some(b',' | b':') | None => ParseErrorKind::MissingAt,
            Some(_) => return Err(self.bad_char(end, Part::Authority)),
        };
        Err(ParseError::new(kind, end))
    }

    /// RFC 5322 `dot-atom-text = 1*atext *("." 1*atext)` of `ERRATUM_ATEXT`; returns the
    /// index after it, or the start when there is not even one atom.
    fn dot_atom_text(&self, start: usize) -> Step<usize> {
        let mut i = self.skip(start, ERRATUM_ATEXT);
        if i == start {
            return Ok(start);
        }
        while self.byte(i) == Some(b'.') {
            let atom_end = self.skip(i + 1, ERRATUM_ATEXT);
            if atom_end == i + 1 {
                return Err(match self.byte(atom_end) {
                    Some(b) if !matches!(b, b'.' | b'@' | b',' | b':') => {
                        self.bad_char(atom_end, Part::Authority)
                    }
                    _ => ParseError::new(ParseErrorKind::MisplacedDot, atom_end),
                });
            }
            i = atom_end;
        }
        Ok(i)
    }

    /// `opaqueAuthority = 1*( pchar / "/" )` without ":" and ","; returns the index after it.
    fn opaque_authority(&self, start: usize) -> Step<usize> {
        let end = self
            .run(start, OPAQUE, Part::Authority)?
            .unwrap_or(self.input.len());
        if end == start && matches!(self.byte(end), None | Some(b',' | b':')) {
            return Err(ParseError::new(ParseErrorKind::Empty(Part::Authority), end));
        }
        Ok(end)
    }

    /// RFC 4151 `date = year ["-" month ["-" day]]` and the ":" after it; returns the index
    /// of the ":".
    fn date(&self, start: usize) -> Step<usize> {
        let err = |kind, i| Err(ParseError::new(kind, i));
        let mut i = start;
        // 0 for the year, 1 for the month, 2 for the day.
        let mut field = 0;
        loop {
            let digits = if field == 0 { 4 } else { 2 };
            for _ in 0..digits {
                match self.byte(i) {
                    Some(b) if b.is_ascii_digit() => i += 1,
                    Some(b':') if i == start => return err(ParseErrorKind::Empty(Part::Date), i),
                    _ => return err(ParseErrorKind::InvalidDate, i),
                }
            }
            match self.byte(i) {
                Some(b':') => return Ok(i),
                Some(b'-') if field < 2 => {
                    i += 1;
                    field += 1;
                }
                Some(_) if field < 2 => return err(ParseErrorKind::InvalidDate, i),
                _ => {
                    let expected = ParseErrorKind::Expected {
                        part: Part::Date,
                        expected: ':',
                    };
                    return err(expected, i);
                }
            }
        }
    }

    /// RFC 4151 `specific = *( pchar / "/" / "?" )`, then `[ "#" fragment ]`.
    fn specific(&self, start: usize) -> Step {
        match self.run(start, QUERY, Part::Specific)? {
            None => Ok(()),
            Some(i) if self.byte(i) == Some(b'#') => self.fragment(i + 1),
            Some(i) => Err(self.bad_char(i, Part::Specific)),
        }
    }

    /// RFC 4151 `fragment = *( pchar / "/" / "?" )` to the end of the input.
    fn fragment(&self, start: usize) -> Step {
        match self.run(start, QUERY, Part::Fragment)? {
            None => Ok(()),
            Some(i) => Err(self.bad_char(i, Part::Fragment)),
        }
    }
}

/// The error of the alternative that read further; `first` on a tie.
fn furthest(first: ParseError, second: ParseError) -> ParseError {
    if second.index() > first.index() {
        second
    } else {
        first
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tag::recognize;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    /// The diagnosis must find an error exactly when the recognizer rejects; checked under
    /// each syntax on a dense set of short inputs over the characters that matter.
    #[test]
    fn diagnosis_agrees_with_recognizer() {
        let alphabet = [
            "a", "0", "-", ".", "@", "_", "+", "(", ",", ":", "#", "%", "/", "?", " ", "é",
        ];
        let prefixes = [
            "",
            "tag:",
            "tag:a",
            "tag:a.",
            "tag:a-",
            "tag:a@",
            "tag:a@b",
            "tag:.",
            "tag:+",
            "tag:a,",
            "tag:a,2000",
            "tag:a,2000-01",
            "tag:a,2000-01-01",
            "tag:a,2000:",
            "tag:a,2000:x#",
        ];
        let mut inputs = Vec::new();
        for prefix in prefixes {
            let mut level = vec![String::new()];
            inputs.push(String::from(prefix));
            for _ in 0..3 {
                level = level
                    .iter()
                    .flat_map(|tail| alphabet.iter().map(move |c| format!("{tail}{c}")))
                    .collect();
                inputs.extend(level.iter().map(|tail| format!("{prefix}{tail}")));
            }
        }
        // Dates: every digit run and hyphen placement up to 11 characters, then ":".
        for len in 0..=11 {
            for hyphens in 0u32..(1 << len) {
                let date: String = (0..len)
                    .map(|i| if hyphens & (1 << i) != 0 { '-' } else { '1' })
                    .collect();
                inputs.push(format!("tag:a,{date}:"));
                inputs.push(format!("tag:a,{date}"));
            }
        }
        assert!(inputs.len() > 60_000);
        for input in &inputs {
            for syntax in TagSyntax::ALL {
                let recognized = recognize::recognize(input, syntax);
                let diagnosis = first_syntax_error(input, syntax);
                assert_eq!(recognized.err(), diagnosis, "{syntax} {input:?}");
            }
        }
    }

    /// The minter's checks of single parts agree with the grammar: an authority, specific or
    /// fragment passes alone exactly when a tag made with it is recognized with that part.
    #[test]
    fn part_checks_agree_with_recognizer() {
        let alphabet = [
            "a", "0", "-", ".", "@", "_", "+", "(", ",", ":", "#", "%", "/", " ",
        ];
        let mut texts = vec![String::new()];
        let mut level = vec![String::new()];
        for _ in 0..4 {
            level = level
                .iter()
                .flat_map(|text| alphabet.iter().map(move |c| format!("{text}{c}")))
                .collect();
            texts.extend(level.iter().cloned());
        }
        for text in &texts {
            for syntax in TagSyntax::ALL {
                let tag = format!("tag:{text},2000:");
                let whole = recognize::recognize(&tag, syntax)
                    .is_ok_and(|offsets| offsets.comma == 4 + text.len());
                let alone = authority_error(text, syntax);
                assert_eq!(
                    alone.is_none(),
                    whole,
                    "{syntax} authority {text:?}: {alone:?}"
                );
            }
            for part in [Part::Specific, Part::Fragment] {
                let tag = match part {
                    Part::Specific => format!("tag:a,2000:{text}"),
                    _ => format!("tag:a,2000:#{text}"),
                };
                let whole = recognize::recognize(&tag, TagSyntax::Rfc4151).is_ok_and(|offsets| {
                    (part == Part::Fragment) == (offsets.hash.is_some())
                        && tag.len() - text.len()
                            == offsets.hash.map_or(offsets.colon, |hash| hash.get()) + 1
                });
                let alone = component_error(text, part);
                assert_eq!(alone.is_none(), whole, "{part} {text:?}: {alone:?}");
            }
        }
    }
}
