//! Finding URNs in free text: prose, Markdown, HTML and XML attributes, JSON, logs.
//!
//! A URN in text starts at `urn:` (any case) when the character before it cannot belong to a
//! URI scheme (a letter, digit, `+`, `-` or `.`), and runs to the first character no URN can
//! hold: RFC 2141 §2.4 "An URN ends when an octet/character from the excluded character set
//! (`<excluded>`) is encountered", and likewise the 2011 draft's §2.3.3. For RFC 8141, which
//! defines no such set, the run ends at the first character outside `pchar`, `/`, `?`, `#`
//! and `%`: spaces, quotes, `<>`, `[]`, `{}`, `|`, `\`, `^`, `` ` ``, controls and anything
//! outside ASCII.
//!
//! **Trailing punctuation.** Sentences end in characters a URN may hold (`.` `,` `;` `:` `!`
//! `?` `'`), and Markdown wraps text in `*`, `_` and `~`. Like the autolinks of GitHub
//! Flavored Markdown, the finder drops those from the end of a match, and a final `)` unless
//! the match has a matching `(`: "see (urn:isbn:0451450523)." finds `urn:isbn:0451450523`.
//! A URN that really ends in one of them must be written inside delimiters such as `<...>`
//! or double quotes, or found with [`Finder::trim_punctuation`] set to `false`. A URN opened
//! by a single quote ends at the next single quote, as in `id='urn:example:a'`.
//!
//! **Invalid runs.** What remains is the longest prefix of the run that is a valid URN under
//! the chosen spec (so `urn:example:a%zz` yields `urn:example:a`); a run with no valid prefix
//! yields nothing. Every match is a checked [`Urn`]; the search is linear in the text.
//!
//! ```
//! use urn_tag::find;
//!
//! let text = "Cite urn:isbn:0451450523 (or <urn:ietf:rfc:8141>), not urn:x.";
//! let found: Vec<_> = find::urns(text).map(|m| (m.range(), m.urn().to_string())).collect();
//! assert_eq!(found, [(5..24, "urn:isbn:0451450523".to_owned()), (30..47, "urn:ietf:rfc:8141".to_owned())]);
//! ```

use core::ops::Range;

use crate::percent::{ByteSet, QUERY, RFC2141_TRANS};
use crate::urn::{Spec, Urn, longest_valid_prefix};

/// Finds URNs in text; [`urns`] uses the default (RFC 8141, trailing punctuation dropped).
///
/// ```
/// use urn_tag::Spec;
/// use urn_tag::find::Finder;
///
/// let finder = Finder::new().spec(Spec::Rfc2141).trim_punctuation(false);
/// let urns: Vec<_> = finder.urns("urn:foo:a123,456. urn:foo:a/b").map(|m| m.into_urn()).collect();
/// assert_eq!(urns[0], "urn:foo:a123,456.");
/// assert_eq!(urns[1], "urn:foo:a"); // "/" is reserved in RFC 2141
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub struct Finder {
    spec: Spec,
    trim_punctuation: bool,
}

impl Finder {
    /// RFC 8141, trailing punctuation dropped.
    pub const fn new() -> Self {
        Finder {
            spec: Spec::Rfc8141,
            trim_punctuation: true,
        }
    }

    /// The syntax the URNs must have.
    pub const fn spec(self, spec: Spec) -> Self {
        Finder { spec, ..self }
    }

    /// Whether to drop trailing sentence punctuation from matches (the default) or keep it.
    pub const fn trim_punctuation(self, trim: bool) -> Self {
        Finder {
            trim_punctuation: trim,
            ..self
        }
    }

    /// The URNs in `text`, in order.
    pub fn urns<'t>(&self, text: &'t str) -> Urns<'t> {
        Urns {
            finder: *self,
            text,
            position: 0,
        }
    }
}

impl Default for Finder {
    fn default() -> Self {
        Finder::new()
    }
}

/// The RFC 8141 URNs in `text`, trailing punctuation dropped; see [`Finder`].
pub fn urns(text: &str) -> Urns<'_> {
    Finder::new().urns(text)
}

/// A URN found in text and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    range: Range<usize>,
    urn: Urn,
}

impl Found {
    /// The byte range of the URN in the text.
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// The URN.
    pub fn urn(&self) -> &Urn {
        &self.urn
    }

    /// The URN, by value.
    pub fn into_urn(self) -> Urn {
        self.urn
    }
}

/// The iterator of [`Finder::urns`].
#[derive(Debug, Clone)]
pub struct Urns<'t> {
    finder: Finder,
    text: &'t str,
    position: usize,
}

impl Iterator for Urns<'_> {
    type Item = Found;

    fn next(&mut self) -> Option<Found> {
        let bytes = self.text.as_bytes();
        while let Some(start) = next_start(bytes, self.position) {
            let run = &bytes[start..];
            // A URN opened by a single quote ends at the next one ('urn:x:y' in prose, and
            // single-quoted XML attributes), although "'" is a sub-delim URNs may hold.
            let quoted = start > 0 && bytes[start - 1] == b'\'';
            let run_len = run
                .iter()
                .position(|&b| !in_run(self.finder.spec, b) || (quoted && b == b'\''))
                .unwrap_or(run.len());
            // Runs hold only ASCII, so every index in them is a char boundary.
            match self.longest_match(&self.text[start..start + run_len]) {
                Some(len) => {
                    let range = start..start + len;
                    self.position = range.end;
                    // The scan applied every rule of the spec, so this parse succeeds.
                    if let Ok(urn) = Urn::parse_with(&self.text[range.clone()], self.finder.spec) {
                        return Some(Found { range, urn });
                    }
                }
                // Without a valid prefix the run failed within its first few dozen bytes
                // (scheme, NID or first NSS character), so stepping past "urn:" keeps the
                // search linear.
                None => self.position = start + 4,
            }
        }
        self.position = bytes.len();
        None
    }
}

impl Urns<'_> {
    /// The length of the match at the start of `run`, if any.
    fn longest_match(&self, run: &str) -> Option<usize> {
        let spec = self.finder.spec;
        let mut len = longest_valid_prefix(run, spec)?;
        if !self.finder.trim_punctuation {
            return Some(len);
        }
        loop {
            let trimmed = trim_end(&run[..len]);
            if trimmed == len {
                return Some(len);
            }
            len = longest_valid_prefix(&run[..trimmed], spec)?;
        }
    }
}

/// The next index at or after `from` where `urn:` starts a URN: not inside a longer scheme.
fn next_start(bytes: &[u8], from: usize) -> Option<usize> {
    let is_scheme_char = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.');
    (from..bytes.len().saturating_sub(3)).find(|&i| {
        bytes[i..i + 4].eq_ignore_ascii_case(b"urn:") && (i == 0 || !is_scheme_char(bytes[i - 1]))
    })
}

/// Whether `b` may stand inside a URN in text under `spec` (is not an excluded character).
fn in_run(spec: Spec, b: u8) -> bool {
    const RFC8141: ByteSet = QUERY.union(ByteSet::from_bytes(b"#%"));
    const RFC2141: ByteSet = RFC2141_TRANS.union(ByteSet::from_bytes(b"%/?#"));
    match spec {
        Spec::Rfc2141 => RFC2141.contains(b),
        Spec::Rfc8141 | Spec::Rfc2141bis => RFC8141.contains(b),
    }
}

/// The length of `candidate` without its trailing punctuation and unmatched `)`.
fn trim_end(candidate: &str) -> usize {
    let bytes = candidate.as_bytes();
    let mut unmatched = bytes.iter().filter(|&&b| b == b')').count() as isize
        - bytes.iter().filter(|&&b| b == b'(').count() as isize;
    let mut len = bytes.len();
    while len > 0 {
        match bytes[len - 1] {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b'*' | b'_' | b'~' => len -= 1,
            b')' if unmatched > 0 => {
                unmatched -= 1;
                len -= 1;
            }
            _ => break,
        }
    }
    len
}
