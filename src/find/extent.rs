//! How far the token of an identifier reaches from its start: to the first character that
//! ends a word of text and that no identifier can hold, to a character reference, to a `,`
//! that starts a list's next URI, to a format directive after `#`, and (depending on what
//! precedes the start) to a closing `'`, to the next `&name=` of a query, or to the end of a
//! URL path segment.
//!
//! Each of these is "the first position at or after p where ...", and starts inside one run
//! share the answer: [`Stops`] remembers the last answer of each search and reuses it for
//! every later start it still covers. Since starts come in increasing order, every search
//! resumes where the last one ended, and over a whole text each byte is scanned a bounded
//! number of times, however many starts a run holds.

use memchr::{memchr, memchr3};

use super::context::{self, reference_len};
use super::work::Work;
use crate::chars::{ByteSet, QUERY, RFC2141_TRANS};

/// The bytes an identifier may hold in text: RFC 3986 `pchar`, `/`, `?`, `#` and `%` for
/// tags, RFC 8141 and the draft; RFC 2141's `<trans>`, `%` and its reserved `/ ? #`, which
/// end a URN inside, not outside, its run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RunSet {
    Uri,
    Rfc2141,
}

impl RunSet {
    const fn bytes(self) -> ByteSet {
        match self {
            RunSet::Uri => QUERY.union(ByteSet::from_bytes(b"#%")),
            RunSet::Rfc2141 => RFC2141_TRANS.union(ByteSet::from_bytes(b"%/?#")),
        }
    }

    fn index(self) -> usize {
        match self {
            RunSet::Uri => 0,
            RunSet::Rfc2141 => 1,
        }
    }
}

/// A search's last answer: no stop lies in `from..stop`, and `stop` is one (or the text's
/// end, or the limit the search was given). It answers again for any position in that
/// range.
#[derive(Debug, Clone, Copy, Default)]
struct Memo {
    from: usize,
    stop: usize,
    valid: bool,
}

impl Memo {
    fn answer(&self, position: usize) -> Option<usize> {
        (self.valid && self.from <= position && position <= self.stop).then_some(self.stop)
    }

    fn remember(&mut self, from: usize, stop: usize) -> usize {
        *self = Memo {
            from,
            stop,
            valid: true,
        };
        stop
    }
}

/// The remembered stops of one text, for each run set: the cuts search no further than
/// their run's end, which depends on the set.
#[derive(Debug, Clone, Default)]
pub(super) struct Stops {
    sets: [SetStops; 2],
}

impl Stops {
    /// The stops of runs of `set`.
    pub(super) fn of(&mut self, set: RunSet) -> &mut SetStops {
        &mut self.sets[set.index()]
    }
}

/// The remembered stops of the runs of one set.
#[derive(Debug, Clone, Default)]
pub(super) struct SetStops {
    run_end: Memo,
    quote: Memo,
    parameter: Memo,
    segment: Memo,
}

impl SetStops {
    /// The end of the run that holds `start`: the first character that is neither in `set`
    /// nor a letter, mark or digit outside ASCII (see [`continues_token`]), the `&` of a
    /// character or entity reference, a `,` followed by another URI, or a `#` followed by a
    /// format directive.
    pub(super) fn run_end(
        &mut self,
        text: &str,
        start: usize,
        set: RunSet,
        work: &mut Work,
    ) -> usize {
        let memo = &mut self.run_end;
        if let Some(stop) = memo.answer(start) {
            return stop;
        }
        let bytes = text.as_bytes();
        let allowed = set.bytes();
        let mut i = start;
        while let Some(&b) = bytes.get(i) {
            if !b.is_ascii() {
                // The run only ever stops at, or steps over, whole characters.
                match text[i..].chars().next() {
                    Some(c) if continues_token(c) => {
                        i += c.len_utf8();
                        continue;
                    }
                    _ => break,
                }
            }
            let stops = !allowed.contains(b)
                || (b == b'&' && reference_len(bytes, i).is_some())
                || (b == b',' && uri_follows(bytes, i + 1, work))
                || (b == b'#' && format_directive_at(bytes, i + 1));
            if stops {
                break;
            }
            i += 1;
        }
        // The reference check reads at most a reference's length past each "&" ("&" cannot
        // appear inside one), and the directive check three bytes past each "#", so those
        // reads do not overlap.
        work.add(i + 1 - start);
        memo.remember(start, i)
    }

    /// The first `'` in `start..limit`, or `limit`: where an identifier opened by `'` ends.
    pub(super) fn quote(
        &mut self,
        bytes: &[u8],
        start: usize,
        limit: usize,
        work: &mut Work,
    ) -> usize {
        if let Some(stop) = self.quote.answer(start) {
            return stop.min(limit);
        }
        let stop = memchr(b'\'', &bytes[start..limit]).map_or(limit, |i| start + i);
        work.add(stop - start);
        self.quote.remember(start, stop)
    }

    /// The first `&name=` in `start..limit`, or `limit`: where a URN that is the value of a
    /// query or form parameter ends.
    pub(super) fn parameter(
        &mut self,
        bytes: &[u8],
        start: usize,
        limit: usize,
        work: &mut Work,
    ) -> usize {
        if let Some(stop) = self.parameter.answer(start) {
            return stop.min(limit);
        }
        let mut from = start;
        let stop = loop {
            let Some(amp) = memchr(b'&', &bytes[from..limit]).map(|i| from + i) else {
                break limit;
            };
            // A parameter name holds no "&", so these reads do not overlap.
            let name = bytes[amp + 1..limit]
                .iter()
                .take_while(|&&b| is_parameter_name_char(b))
                .count();
            work.add(name + 1);
            if name > 0 && bytes.get(amp + 1 + name) == Some(&b'=') {
                break amp;
            }
            from = amp + 1;
        };
        work.add(stop - start);
        self.parameter.remember(start, stop)
    }

    /// The first `/`, `?` or `#` in `start..limit`, or `limit`: where a URN that is one
    /// segment of a URL path ends.
    pub(super) fn segment(
        &mut self,
        bytes: &[u8],
        start: usize,
        limit: usize,
        work: &mut Work,
    ) -> usize {
        if let Some(stop) = self.segment.answer(start) {
            return stop.min(limit);
        }
        let stop = memchr3(b'/', b'?', b'#', &bytes[start..limit]).map_or(limit, |i| start + i);
        work.add(stop - start);
        self.segment.remember(start, stop)
    }
}

/// Whether another URI starts at `at`: `urn:` or `tag:` in any case, or `scheme://`.
pub(super) fn uri_follows(bytes: &[u8], at: usize, work: &mut Work) -> bool {
    let rest = &bytes[at.min(bytes.len())..];
    if crate::syntax::Scheme::of_bytes(rest).is_some() {
        work.add(4);
        return true;
    }
    if !rest.first().is_some_and(u8::is_ascii_alphabetic) {
        work.add(1);
        return false;
    }
    // A scheme holds no ",", so these reads do not overlap from one "," to the next.
    let scheme = rest
        .iter()
        .take_while(|&&b| context::is_scheme_char(b))
        .count();
    work.add(scheme + 3);
    rest[scheme..].starts_with(b"://")
}

/// Whether a character outside ASCII continues the token it follows: a letter, a mark or a
/// digit of any script. No identifier holds one unencoded, but one written into it
/// (`urn:example:日本`, `urn:example:café`) belongs to the word as the writer wrote it, and
/// makes the whole token invalid; reporting the ASCII before it (`urn:example:caf`) would
/// name something nobody wrote. Punctuation, symbols and spaces outside ASCII (`…`, `—`, `”`,
/// `。`, U+00A0) end it, as the ASCII that URIs exclude does.
pub(super) fn continues_token(c: char) -> bool {
    use unicode_properties::{GeneralCategoryGroup as Group, UnicodeGeneralCategory};

    matches!(
        c.general_category_group(),
        Group::Letter | Group::Mark | Group::Number
    )
}

/// Whether a printf-style format directive starts at `at`: `%` and a conversion letter
/// (`%d`, `%s`, `%x`, ...) that do not make a percent-encoding. After `#` it is the fragment
/// of a format string still to be filled in (`$urn:mpeg:dash:state:execution-delta#%d$`):
/// the token ends before the `#`, and the URN written there is reported.
fn format_directive_at(bytes: &[u8], at: usize) -> bool {
    match bytes.get(at..) {
        Some([b'%', conversion, rest @ ..]) => {
            b"diouxXeEfFgGaAcspqvtT".contains(conversion)
                && !(conversion.is_ascii_hexdigit()
                    && rest.first().is_some_and(u8::is_ascii_hexdigit))
        }
        _ => false,
    }
}

/// Whether `b` may be in the name of a query or form parameter.
fn is_parameter_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'~' | b'%' | b'[' | b']')
}
