//! The search itself: candidate starts, then for each the extent, the longest valid prefix,
//! the template check and the trimming, in one left-to-right pass.

use memchr::memchr;

use super::context::{Delimiter, UrlTracker};
use super::extent::{RunSet, Stops};
use super::prefix::{longest_tag, longest_urn};
use super::work::Work;
use super::{Finder, Found, Invalid};
use crate::identifier::Identifier;
use crate::syntax::{SCHEME_LEN, Scheme, UrnSyntax};
use crate::tag::TagUri;
use crate::urn::{Urn, longest_valid_prefix};

/// What precedes a start, which decides where its identifier may end and whether its final
/// punctuation is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Surroundings {
    /// The delimiter that opens right before the start (or before the list it belongs to).
    opener: Option<Delimiter>,
    /// Whether the identifier is the value of a query or form parameter (after `=` or `?`).
    parameter: bool,
    /// Whether it is a segment of a URL path.
    segment: bool,
}

/// The identifiers of a text, in order.
#[derive(Debug, Clone)]
pub(super) struct Matches<'t> {
    finder: Finder,
    text: &'t str,
    /// Where the next start may begin.
    position: usize,
    /// The start that continues a list (after a `,` that ended the previous identifier), and
    /// the surroundings of that list.
    list: Option<(usize, Surroundings)>,
    stops: Stops,
    url: UrlTracker,
    pub(super) work: Work,
    /// In tests: forget what was remembered before each start, for comparison.
    #[cfg(test)]
    pub(super) forgetful: bool,
}

/// What became of one candidate start.
enum Outcome<'t> {
    Found(Found<Identifier<&'t str>>),
    /// Nothing is reported here; the search resumes at the index given.
    Skip(usize),
}

impl<'t> Matches<'t> {
    pub(super) fn new(finder: Finder, text: &'t str) -> Self {
        Matches {
            finder,
            text,
            position: 0,
            list: None,
            stops: Stops::default(),
            url: UrlTracker::new(),
            work: Work::default(),
            #[cfg(test)]
            forgetful: false,
        }
    }

    /// The next index at or after `position` where `urn:` or `tag:` (in any case) starts,
    /// not preceded by a letter or digit.
    // Inlined into both searches (matches and rejections), as it was into the one before
    // there were two: called, it cost `tag:` repeated an eighth more time.
    #[inline(always)]
    fn next_start(&mut self) -> Option<(usize, Scheme)> {
        let bytes = self.text.as_bytes();
        // Candidates are found by their colon, the rarest of their bytes in most text.
        let mut from = self.position + SCHEME_LEN - 1;
        while from < bytes.len() {
            let colon = from + memchr(b':', &bytes[from..])?;
            self.work.add(colon + 1 - from + SCHEME_LEN);
            from = colon + 1;
            let start = colon + 1 - SCHEME_LEN;
            let Some(scheme) = Scheme::of_bytes(&bytes[start..]) else {
                continue;
            };
            if start == 0 || !bytes[start - 1].is_ascii_alphanumeric() {
                return Some((start, scheme));
            }
        }
        None
    }

    // Inlined, as `next_start` is.
    #[inline(always)]
    fn surroundings(&mut self, start: usize) -> Surroundings {
        let bytes = self.text.as_bytes();
        // The URL tracker must see every start, in order, to stay linear.
        let in_path = self.url.in_path(bytes, start, &mut self.work);
        if let Some((next, surroundings)) = self.list.take()
            && next == start
        {
            return surroundings;
        }
        let before = start.checked_sub(1).map(|i| bytes[i]);
        Surroundings {
            opener: Delimiter::opening_before(bytes, start, &mut self.work),
            parameter: matches!(before, Some(b'=' | b'?')),
            segment: in_path && before != Some(b','),
        }
    }

    /// Where the identifier that starts at `start` may end at the latest.
    // Inlined, as `next_start` is.
    #[inline(always)]
    fn extent(&mut self, start: usize, scheme: Scheme, surroundings: Surroundings) -> usize {
        let bytes = self.text.as_bytes();
        let set = match (scheme, self.finder.syntax.urn()) {
            (Scheme::Urn, UrnSyntax::Rfc2141) => RunSet::Rfc2141,
            _ => RunSet::Uri,
        };
        let stops = self.stops.of(set);
        let mut end = stops.run_end(bytes, start, set, &mut self.work);
        // An identifier opened by "'" ends at the next one, although "'" is a sub-delim it
        // may hold (single-quoted XML attributes, 'urn:x:y' in prose).
        if surroundings.opener == Some(Delimiter::Single) {
            end = stops.quote(bytes, start, end, &mut self.work);
        }
        if surroundings.parameter {
            end = stops.parameter(bytes, start, end, &mut self.work);
        }
        if surroundings.segment {
            end = stops.segment(bytes, start, end, &mut self.work);
        }
        end
    }

    /// Looks at the candidate at `start`.
    fn candidate(&mut self, start: usize, scheme: Scheme) -> Outcome<'t> {
        let text = self.text;
        let bytes = text.as_bytes();
        let skip = Outcome::Skip(start + SCHEME_LEN);
        #[cfg(test)]
        if self.forgetful {
            self.stops = Stops::default();
            self.url = UrlTracker::new();
        }
        let surroundings = self.surroundings(start);
        let end = self.extent(start, scheme, surroundings);
        let syntax = self.finder.syntax;
        let (valid_end, floor) = match scheme {
            Scheme::Urn => match longest_urn(text, start, end, syntax.urn(), &mut self.work) {
                Some(valid_end) => (valid_end, start),
                None => return skip,
            },
            Scheme::Tag => match longest_tag(text, start, end, syntax.tag(), &mut self.work) {
                Some(found) => found,
                None => return skip,
            },
        };
        if valid_end == end && self.template_follows(start, end) {
            return Outcome::Skip(self.pattern_end(end));
        }
        // A "," that ended this identifier because another URI follows carries the list's
        // surroundings to that URI.
        if bytes.get(end) == Some(&b',') {
            self.list = Some((end + 1, surroundings));
        }
        let closed = valid_end == end
            && surroundings
                .opener
                .is_some_and(|opener| opener.closes_at(bytes, end));
        let mut match_end = valid_end;
        if self.finder.trim_punctuation && !closed {
            let emphasis = start
                .checked_sub(1)
                .map(|i| bytes[i])
                .filter(|b| matches!(b, b'*' | b'_' | b'~'));
            loop {
                let trimmed = trim_end(bytes, start, match_end, floor, emphasis, &mut self.work);
                if trimmed == match_end {
                    break;
                }
                match_end = match scheme {
                    // Trimming can leave an empty component ("?+" of "urn:x:a?+."), so the
                    // shorter text is checked again; its end is fixed, so one scan decides.
                    Scheme::Urn => {
                        self.work.add(trimmed - start);
                        match longest_valid_prefix(&text[start..trimmed], syntax.urn()) {
                            Some(len) => start + len,
                            None => return skip,
                        }
                    }
                    // A tag is valid wherever its specific or fragment ends.
                    Scheme::Tag => trimmed,
                };
            }
        }
        // The text was checked byte by byte above; the parse builds the value, and agrees.
        self.work.add(match_end - start);
        let found = &text[start..match_end];
        let value = match scheme {
            Scheme::Urn => Urn::parse_borrowed_with(found, syntax.urn()).map(Identifier::Urn),
            Scheme::Tag => TagUri::parse_borrowed_with(found, syntax.tag()).map(Identifier::Tag),
        };
        debug_assert!(value.is_ok(), "{found:?} was found valid, then rejected");
        let value = match value {
            Ok(value) => value,
            Err(_) => return skip,
        };
        // A syntax that checks namespaces finds only URNs that follow theirs, each keeping
        // the verdict. A URN that breaks its namespace is still the identifier written there:
        // the search resumes after it, as it does after a match, so that checking namespaces
        // only filters what is found (a URN inside it is not reported on its own), and every
        // byte is still read a bounded number of times.
        let value = match value {
            Identifier::Urn(urn) if syntax.namespaces() => {
                self.work.add(match_end - start);
                match urn.into_namespace_checked() {
                    Ok(urn) => Identifier::Urn(urn),
                    Err(_) => return Outcome::Skip(match_end),
                }
            }
            value => value,
        };
        self.position = match_end;
        Outcome::Found(Found {
            range: start..match_end,
            value,
        })
    }

    /// Whether the identifier that starts at `start` and is valid up to `end` is part of a
    /// template or pattern, told by what stops it: a placeholder (`{id}`, `<id>` after a
    /// delimiter), a character class (`[0-9]`), or an alternative or escape (`|`, `\`) inside
    /// an open parenthesis.
    fn template_follows(&mut self, start: usize, end: usize) -> bool {
        let bytes = self.text.as_bytes();
        match bytes.get(end) {
            Some(b'{' | b'[') => true,
            // An alternative or a regular-expression escape inside an open group.
            Some(b'|' | b'\\') => {
                self.work.add(end - start);
                let opened = bytes[start..end].iter().filter(|&&b| b == b'(').count();
                let closed = bytes[start..end].iter().filter(|&&b| b == b')').count();
                opened > closed
            }
            Some(b'<') => {
                // "urn:x:<id>" names a placeholder; "urn:x:a</p>" or "urn:x:a.<br>" is markup.
                let after_delimiter = matches!(
                    bytes[end - 1],
                    b':' | b'/' | b'-' | b'_' | b'=' | b'#' | b'+' | b'@' | b'~'
                );
                let name = bytes[end + 1..]
                    .iter()
                    .take(MAX_PLACEHOLDER_LEN)
                    .take_while(|&&b| {
                        b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b' ')
                    })
                    .count();
                self.work.add(name + 2);
                after_delimiter && name > 0 && bytes.get(end + 1 + name) == Some(&b'>')
            }
            _ => false,
        }
    }

    /// The end of the pattern whose first template character is at `at`: the next white space
    /// or quote. Nothing in it is reported.
    fn pattern_end(&mut self, at: usize) -> usize {
        let bytes = self.text.as_bytes();
        let len = bytes[at..]
            .iter()
            .take_while(|&&b| !(b.is_ascii_whitespace() || matches!(b, b'"' | b'\'' | b'`')))
            .count();
        self.work.add(len + 1);
        at + len
    }
}

/// Identifier-shaped text that is not a valid identifier; see [`Finder::invalid`].
#[derive(Debug, Clone)]
pub(super) struct Rejections<'t> {
    pub(super) search: Matches<'t>,
}

impl<'t> Rejections<'t> {
    pub(super) fn new(finder: Finder, text: &'t str) -> Self {
        Rejections {
            search: Matches::new(finder, text),
        }
    }
}

impl Iterator for Rejections<'_> {
    type Item = Invalid;

    fn next(&mut self) -> Option<Invalid> {
        let search = &mut self.search;
        while let Some((start, scheme)) = search.next_start() {
            if let Some(invalid) = search.rejection(start, scheme) {
                return Some(invalid);
            }
        }
        search.position = search.text.len();
        None
    }
}

impl Matches<'_> {
    /// Looks at the candidate at `start` for [`Rejections`]: its text runs to where a match
    /// from there may end at the latest, without the punctuation a match would drop; it is
    /// reported when parsing that text whole fails. The search resumes after the run, so that
    /// nothing inside a candidate is a candidate too.
    fn rejection(&mut self, start: usize, scheme: Scheme) -> Option<Invalid> {
        let text = self.text;
        let bytes = text.as_bytes();
        let surroundings = self.surroundings(start);
        let end = self.extent(start, scheme, surroundings);
        if self.template_follows(start, end) {
            self.position = self.pattern_end(end);
            return None;
        }
        self.position = end;
        if bytes.get(end) == Some(&b',') {
            self.list = Some((end + 1, surroundings));
        }
        let closed = surroundings
            .opener
            .is_some_and(|opener| opener.closes_at(bytes, end));
        let mut candidate_end = end;
        if self.finder.trim_punctuation && !closed {
            let emphasis = start
                .checked_sub(1)
                .map(|i| bytes[i])
                .filter(|b| matches!(b, b'*' | b'_' | b'~'));
            let floor = start + SCHEME_LEN;
            candidate_end = trim_end(bytes, start, end, floor, emphasis, &mut self.work);
        }
        // "tag:" or "urn:" alone is a word followed by a colon ("tag: v1" in YAML), not an
        // attempt at an identifier.
        if candidate_end <= start + SCHEME_LEN {
            return None;
        }
        self.work.add(candidate_end - start);
        let candidate = &text[start..candidate_end];
        let error = Identifier::parse_borrowed_with(candidate, self.finder.syntax).err()?;
        Some(Invalid {
            range: start..candidate_end,
            scheme,
            error,
        })
    }
}

/// The longest placeholder name read after `<`.
const MAX_PLACEHOLDER_LEN: usize = 64;

impl<'t> Iterator for Matches<'t> {
    type Item = Found<Identifier<&'t str>>;

    fn next(&mut self) -> Option<Self::Item> {
        while let Some((start, scheme)) = self.next_start() {
            match self.candidate(start, scheme) {
                Outcome::Found(found) => return Some(found),
                Outcome::Skip(resume) => self.position = resume,
            }
        }
        self.position = self.text.len();
        None
    }
}

/// The end of `bytes[start..end]` without its trailing sentence punctuation, a final `#`
/// (an empty fragment), a final `)` that has no `(` to match, and the closing half of
/// Markdown emphasis opened by `emphasis` right before the start; never before `floor`.
fn trim_end(
    bytes: &[u8],
    start: usize,
    end: usize,
    floor: usize,
    emphasis: Option<u8>,
    work: &mut Work,
) -> usize {
    let trimmable = |b: u8| {
        matches!(
            b,
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b'#' | b')'
        ) || Some(b) == emphasis
    };
    let tail = bytes[floor..end]
        .iter()
        .rev()
        .take_while(|&&b| trimmable(b))
        .count();
    work.add(tail + 1);
    // Whether a final ")" is unmatched depends on the whole match; count only when one is
    // there to drop.
    let mut unmatched_closing = 0isize;
    if bytes[end - tail..end].contains(&b')') {
        work.add(end - start);
        let text = &bytes[start..end];
        unmatched_closing = text.iter().filter(|&&b| b == b')').count() as isize
            - text.iter().filter(|&&b| b == b'(').count() as isize;
    }
    let mut len = end;
    while len > floor {
        match bytes[len - 1] {
            b')' if unmatched_closing > 0 => {
                unmatched_closing -= 1;
                len -= 1;
            }
            b')' => break,
            b if trimmable(b) => len -= 1,
            _ => break,
        }
    }
    len
}
