//! The search itself: candidate starts, then for each its token (the extent, the template
//! check and the trimming) and one parse of it, in one left-to-right pass.

use memchr::memchr;

use super::context::{Delimiter, UrlTracker};
use super::extent::{RunSet, Stops};
use super::work::Work;
use super::{Finder, Found, Invalid};
use crate::chars::{ByteSet, TAG_OPAQUE};
use crate::identifier::Identifier;
use crate::syntax::{NID_MAX_LEN, SCHEME_LEN, Scheme, UrnSyntax};

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
    /// Whether the errors of invalid tokens are wanted ([`Rejections`]): without them, a token
    /// whose shape no identifier has is passed over before it is parsed, since a parse that
    /// fails works out which byte and why.
    errors: bool,
    pub(super) work: Work,
    /// In tests: forget what was remembered before each start, for comparison.
    #[cfg(test)]
    pub(super) forgetful: bool,
}

/// The verdict on the token at one start: [`Matches`] reports the valid ones,
/// [`Rejections`] the invalid ones, so that each token gets one verdict from both.
enum Verdict<'t> {
    /// A valid identifier (that follows its namespace, when the syntax checks namespaces).
    Valid(Found<Identifier<&'t str>>),
    Invalid(Invalid),
    /// Not a token: a template or pattern, or a scheme with nothing after it.
    Nothing,
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
            errors: false,
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
        let mut end = stops.run_end(self.text, start, set, &mut self.work);
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

    /// Reads the token at `start` and gives the verdict on it; the search resumes after it,
    /// so that nothing inside a token is a token too.
    ///
    /// The token runs to where an identifier from there may end at the latest (the end of its
    /// run, cut by references, lists, parameters, URL segments and quotes), less the trailing
    /// punctuation a sentence puts after it (kept inside a matching pair of delimiters). It
    /// is valid or invalid whole: a token that goes on with what an identifier cannot hold
    /// (`urn:example:a%zz`, `urn:example:日本`) is invalid, never reported as its valid
    /// beginning.
    fn token(&mut self, start: usize, scheme: Scheme) -> Verdict<'t> {
        let text = self.text;
        let bytes = text.as_bytes();
        #[cfg(test)]
        if self.forgetful {
            self.stops = Stops::default();
            self.url = UrlTracker::new();
        }
        let surroundings = self.surroundings(start);
        let end = self.extent(start, scheme, surroundings);
        if self.template_follows(start, end) {
            self.position = self.pattern_end(end);
            return Verdict::Nothing;
        }
        self.position = end;
        // A "," that ended this token because another URI follows carries the list's
        // surroundings to that URI.
        if bytes.get(end) == Some(&b',') {
            self.list = Some((end + 1, surroundings));
        }
        let closed = surroundings
            .opener
            .is_some_and(|opener| opener.closes_at(bytes, end));
        let mut token_end = end;
        if self.finder.trim_punctuation && !closed {
            let emphasis = start
                .checked_sub(1)
                .map(|i| bytes[i])
                .filter(|b| matches!(b, b'*' | b'_' | b'~'));
            // A tag is never trimmed into its tagging entity: the ":" that ends it is the
            // tag's own (`tag:yaml.org,2002:` is a whole tag with an empty specific).
            let floor = match scheme {
                Scheme::Urn => None,
                Scheme::Tag => tagging_entity_end(bytes, start, end, &mut self.work),
            };
            let floor = floor.unwrap_or(start + SCHEME_LEN);
            token_end = trim_end(bytes, start, end, floor, emphasis, &mut self.work);
        }
        // "tag:" or "urn:" alone is a word followed by a colon ("tag: v1" in YAML, "the
        // urn: prefix"), not an attempt at an identifier.
        if token_end <= start + SCHEME_LEN {
            return Verdict::Nothing;
        }
        if !self.errors && !has_the_shape(bytes, start, token_end, scheme, &mut self.work) {
            return Verdict::Nothing;
        }
        // One parse decides, with the namespace's rules when the syntax checks them.
        self.work.add(token_end - start);
        let range = start..token_end;
        match Identifier::parse_borrowed_with(&text[range.clone()], self.finder.syntax) {
            Ok(value) => Verdict::Valid(Found { range, value }),
            Err(error) => Verdict::Invalid(Invalid {
                range,
                scheme,
                error,
            }),
        }
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
            search: Matches {
                errors: true,
                ..Matches::new(finder, text)
            },
        }
    }
}

impl Iterator for Rejections<'_> {
    type Item = Invalid;

    fn next(&mut self) -> Option<Invalid> {
        let search = &mut self.search;
        while let Some((start, scheme)) = search.next_start() {
            if let Verdict::Invalid(invalid) = search.token(start, scheme) {
                return Some(invalid);
            }
        }
        search.position = search.text.len();
        None
    }
}

/// The longest placeholder name read after `<`.
const MAX_PLACEHOLDER_LEN: usize = 64;

impl<'t> Iterator for Matches<'t> {
    type Item = Found<Identifier<&'t str>>;

    fn next(&mut self) -> Option<Self::Item> {
        while let Some((start, scheme)) = self.next_start() {
            if let Verdict::Valid(found) = self.token(start, scheme) {
                return Some(found);
            }
        }
        self.position = self.text.len();
        None
    }
}

/// Whether the token `bytes[start..end]` has the shape every identifier of its scheme has,
/// under every syntax: `urn:`, a NID of 1 to 32 letters, digits and hyphens, and `:`; or
/// `tag:`, an authority, `,`, a date and `:`. A token without it is invalid, and is known to be
/// without a parse (which, failing, works out where and why).
fn has_the_shape(bytes: &[u8], start: usize, end: usize, scheme: Scheme, work: &mut Work) -> bool {
    match scheme {
        Scheme::Urn => {
            let nid_start = start + SCHEME_LEN;
            let nid_len = bytes[nid_start..end]
                .iter()
                .take(NID_MAX_LEN + 1)
                .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'-')
                .count();
            work.add(nid_len + 1);
            (1..=NID_MAX_LEN).contains(&nid_len) && bytes.get(nid_start + nid_len) == Some(&b':')
        }
        Scheme::Tag => tagging_entity_end(bytes, start, end, work).is_some(),
    }
}

/// Bytes an authority of any tag syntax may hold; none is `,` or `:`.
const AUTHORITY: ByteSet = TAG_OPAQUE.union(ByteSet::from_bytes(b"%"));

/// The longest date, `YYYY-MM-DD`.
const DATE_MAX_LEN: usize = 10;

/// Where the tagging entity of the tag token `bytes[start..end]` ends, just after the `:`
/// that follows the date, if the token has the shape `tag:AUTHORITY,DATE:` (whether the
/// authority and the date are valid is the parse's to say).
fn tagging_entity_end(bytes: &[u8], start: usize, end: usize, work: &mut Work) -> Option<usize> {
    let authority_start = start + SCHEME_LEN;
    let comma = authority_start
        + bytes[authority_start..end]
            .iter()
            .take_while(|&&b| AUTHORITY.contains(b))
            .count();
    work.add(comma + 1 - authority_start);
    if comma >= end || bytes[comma] != b',' {
        return None;
    }
    let date_start = comma + 1;
    let colon = date_start
        + bytes[date_start..end]
            .iter()
            .take(DATE_MAX_LEN + 1)
            .take_while(|&&b| b.is_ascii_digit() || b == b'-')
            .count();
    work.add(colon + 1 - date_start);
    (colon < end && bytes[colon] == b':').then_some(colon + 1)
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
