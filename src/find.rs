//! Finding URNs and tag URIs in free text: prose, Markdown, HTML and XML attributes, JSON,
//! logs.
//!
//! An identifier in text starts at `urn:` or `tag:` (any case) when the character before it
//! cannot belong to a URI scheme (a letter, digit, `+`, `-` or `.`). A URN runs to the first
//! character no URN can hold: RFC 2141 §2.4 "An URN ends when an octet/character from the excluded character set
//! (`<excluded>`) is encountered", and likewise the 2011 draft's §2.3.3. For RFC 8141, which
//! defines no such set, the run ends at the first character outside `pchar`, `/`, `?`, `#`
//! and `%`: spaces, quotes, `<>`, `[]`, `{}`, `|`, `\`, `^`, `` ` ``, controls and anything
//! outside ASCII. A tag URI runs to the same characters (RFC 4151 §2.1 builds it from the
//! same RFC 3986 characters).
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
//! the chosen spec, or a valid RFC 4151 tag (so `urn:example:a%zz` yields `urn:example:a`); a
//! run with no valid prefix yields nothing. Every match is a checked [`Urn`] or [`TagUri`];
//! the search is linear in the text.
//!
//! ```
//! use urn_tag::find;
//!
//! let text = "Cite urn:isbn:0451450523 (or <tag:yaml.org,2002:int>), not urn:x.";
//! let found: Vec<_> = find::identifiers(text).map(|m| (m.range(), m.value().to_string())).collect();
//! assert_eq!(found, [(5..24, "urn:isbn:0451450523".to_owned()), (30..51, "tag:yaml.org,2002:int".to_owned())]);
//! ```

use core::ops::Range;

use crate::chars::{ByteSet, QUERY, RFC2141_TRANS};
use crate::error::Part;
use crate::identifier::Identifier;
use crate::syntax::{Scheme, Syntax, TagSyntax, UrnSyntax};
use crate::tag::TagUri;
use crate::urn::Urn;
use crate::urn::longest_valid_prefix;

/// Finds URNs and tag URIs in text; [`urns`], [`tags`] and [`identifiers`] use the default
/// (URNs under RFC 8141, trailing punctuation dropped).
///
/// ```
/// use urn_tag::{Syntax, UrnSyntax};
/// use urn_tag::find::Finder;
///
/// let finder = Finder::new().syntax(Syntax::new().with_urn(UrnSyntax::Rfc2141)).trim_punctuation(false);
/// let urns: Vec<_> = finder.urns("urn:foo:a123,456. urn:foo:a/b").map(|m| m.into_value()).collect();
/// assert_eq!(urns[0], "urn:foo:a123,456.");
/// assert_eq!(urns[1], "urn:foo:a"); // "/" is reserved in RFC 2141
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub struct Finder {
    syntax: Syntax,
    trim_punctuation: bool,
}

impl Finder {
    /// RFC 8141, trailing punctuation dropped.
    ///
    /// ```
    /// use urn_tag::find::Finder;
    ///
    /// assert_eq!(Finder::new(), Finder::default());
    /// ```
    pub const fn new() -> Self {
        Finder {
            syntax: Syntax::new(),
            trim_punctuation: true,
        }
    }

    /// The syntax the URNs and tags must have.
    ///
    /// ```
    /// use urn_tag::{Syntax, TagSyntax, UrnSyntax};
    /// use urn_tag::find::Finder;
    ///
    /// // RFC 2141 NIDs may have one character.
    /// let rfc2141 = Syntax::new().with_urn(UrnSyntax::Rfc2141);
    /// assert_eq!(Finder::new().syntax(rfc2141).urns("urn:a:b").count(), 1);
    /// assert_eq!(Finder::new().urns("urn:a:b").count(), 0);
    /// // Erratum 1485 allows "+" in the local part of an email authority.
    /// let erratum = Syntax::new().with_tag(TagSyntax::Erratum1485);
    /// assert_eq!(Finder::new().syntax(erratum).tags("tag:a+b@c.org,2000:x").count(), 1);
    /// ```
    pub const fn syntax(self, syntax: Syntax) -> Self {
        Finder { syntax, ..self }
    }

    /// Whether to drop trailing sentence punctuation from matches (the default) or keep it.
    ///
    /// ```
    /// use urn_tag::find::Finder;
    ///
    /// let kept: Vec<_> = Finder::new().trim_punctuation(false).urns("urn:ex:a.").map(|m| m.range()).collect();
    /// assert_eq!(kept, [0..9]);
    /// ```
    pub const fn trim_punctuation(self, trim: bool) -> Self {
        Finder {
            trim_punctuation: trim,
            ..self
        }
    }

    /// The URNs in `text`, in order.
    ///
    /// ```
    /// use urn_tag::find::Finder;
    ///
    /// let found: Vec<_> = Finder::new().urns("tag:a.org,2000:x urn:ex:y").map(|m| m.range()).collect();
    /// assert_eq!(found, [17..25]);
    /// ```
    pub fn urns<'t>(&self, text: &'t str) -> impl Iterator<Item = Found<Urn>> + use<'t> {
        self.scan(text, &[Scheme::Urn])
            .filter_map(|found| match found.value {
                Identifier::Urn(urn) => Some(Found {
                    range: found.range,
                    value: urn,
                }),
                Identifier::Tag(_) => None,
            })
    }

    /// The tag URIs (RFC 4151) in `text`, in order.
    ///
    /// ```
    /// let tags: Vec<_> = urn_tag::find::tags("see tag:example.com,2000:x.").map(|m| m.range()).collect();
    /// assert_eq!(tags, [4..26]);
    /// ```
    pub fn tags<'t>(&self, text: &'t str) -> impl Iterator<Item = Found<TagUri>> + use<'t> {
        self.scan(text, &[Scheme::Tag])
            .filter_map(|found| match found.value {
                Identifier::Tag(tag) => Some(Found {
                    range: found.range,
                    value: tag,
                }),
                Identifier::Urn(_) => None,
            })
    }

    /// The URNs and tag URIs in `text`, in order.
    ///
    /// ```
    /// use urn_tag::find::Finder;
    ///
    /// let found: Vec<_> = Finder::new().identifiers("tag:a.org,2000:x urn:ex:y").map(|m| m.range()).collect();
    /// assert_eq!(found, [0..16, 17..25]);
    /// ```
    pub fn identifiers<'t>(
        &self,
        text: &'t str,
    ) -> impl Iterator<Item = Found<Identifier>> + use<'t> {
        self.scan(text, &[Scheme::Urn, Scheme::Tag])
    }

    fn scan<'t>(&self, text: &'t str, schemes: &'static [Scheme]) -> Matches<'t> {
        Matches {
            finder: *self,
            schemes,
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
///
/// ```
/// let urns: Vec<_> = urn_tag::find::urns("Cite urn:isbn:0451450523.").map(|m| m.into_value()).collect();
/// assert_eq!(urns, ["urn:isbn:0451450523"]);
/// ```
pub fn urns(text: &str) -> impl Iterator<Item = Found<Urn>> + '_ {
    Finder::new().urns(text)
}

/// The tag URIs in `text`, trailing punctuation dropped; see [`Finder`].
///
/// ```
/// let tags: Vec<_> = urn_tag::find::tags("<id>tag:example.com,2005:post-1</id>").map(|m| m.into_value()).collect();
/// assert_eq!(tags, ["tag:example.com,2005:post-1"]);
/// ```
pub fn tags(text: &str) -> impl Iterator<Item = Found<TagUri>> + '_ {
    Finder::new().tags(text)
}

/// The RFC 8141 URNs and the tag URIs in `text`, in order, trailing punctuation dropped; see
/// [`Finder`].
///
/// ```
/// use urn_tag::Scheme;
///
/// let schemes: Vec<_> = urn_tag::find::identifiers("urn:ex:a, tag:a.org,2000:b")
///     .map(|m| m.value().scheme())
///     .collect();
/// assert_eq!(schemes, [Scheme::Urn, Scheme::Tag]);
/// ```
pub fn identifiers(text: &str) -> impl Iterator<Item = Found<Identifier>> + '_ {
    Finder::new().identifiers(text)
}

/// Something found in text, and where: a [`Urn`], a [`TagUri`] or an [`Identifier`].
///
/// ```
/// let found = urn_tag::find::urns("see urn:ex:a").next().unwrap();
/// assert_eq!(found.range(), 4..12);
/// assert_eq!(found.value().nss(), "a");
/// let urn: urn_tag::Urn = found.into_value();
/// assert_eq!(urn, "urn:ex:a");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<T> {
    range: Range<usize>,
    value: T,
}

impl<T> Found<T> {
    /// The byte range of the match in the text.
    ///
    /// ```
    /// let text = "é urn:ex:a";
    /// let found = urn_tag::find::urns(text).next().unwrap();
    /// assert_eq!(&text[found.range()], "urn:ex:a");
    /// ```
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// What was found.
    ///
    /// ```
    /// let found = urn_tag::find::tags("tag:a.org,2000:x").next().unwrap();
    /// assert_eq!(found.value().specific(), "x");
    /// ```
    pub fn value(&self) -> &T {
        &self.value
    }

    /// What was found, by value.
    ///
    /// ```
    /// let ids: Vec<urn_tag::Identifier> = urn_tag::find::identifiers("urn:ex:a").map(|m| m.into_value()).collect();
    /// assert_eq!(ids[0].as_str(), "urn:ex:a");
    /// ```
    pub fn into_value(self) -> T {
        self.value
    }
}

/// The matches of some schemes in a text.
#[derive(Debug, Clone)]
struct Matches<'t> {
    finder: Finder,
    schemes: &'static [Scheme],
    text: &'t str,
    position: usize,
}

impl Iterator for Matches<'_> {
    type Item = Found<Identifier>;

    fn next(&mut self) -> Option<Found<Identifier>> {
        let bytes = self.text.as_bytes();
        while let Some((start, scheme)) = next_start(bytes, self.position, self.schemes) {
            let run = &bytes[start..];
            // An identifier opened by a single quote ends at the next one ('urn:x:y' in
            // prose, and single-quoted XML attributes), although "'" is a sub-delim it may
            // hold.
            let quoted = start > 0 && bytes[start - 1] == b'\'';
            let run_len = run
                .iter()
                .position(|&b| {
                    !in_run(self.finder.syntax.urn(), scheme, b) || (quoted && b == b'\'')
                })
                .unwrap_or(run.len());
            // Runs hold only ASCII, so every index in them is a char boundary.
            let run = &self.text[start..start + run_len];
            let found = match scheme {
                Scheme::Urn => self
                    .longest_urn(run)
                    .map(|(len, urn)| (len, Identifier::Urn(urn))),
                Scheme::Tag => self
                    .longest_tag(run)
                    .map(|(len, tag)| (len, Identifier::Tag(tag))),
            };
            match found {
                Some((len, value)) => {
                    self.position = start + len;
                    return Some(Found {
                        range: start..start + len,
                        value,
                    });
                }
                // Without a valid prefix the run failed within its scheme, NID or tagging
                // entity; stepping past the scheme keeps the search linear.
                None => self.position = start + 4,
            }
        }
        self.position = bytes.len();
        None
    }
}

impl Matches<'_> {
    /// The longest URN at the start of `run`, punctuation trimmed as configured.
    fn longest_urn(&self, run: &str) -> Option<(usize, Urn)> {
        let spec = self.finder.syntax.urn();
        let mut len = longest_valid_prefix(run, spec)?;
        loop {
            let trimmed = if self.finder.trim_punctuation {
                trim_end(&run[..len])
            } else {
                len
            };
            if trimmed == len {
                break;
            }
            len = longest_valid_prefix(&run[..trimmed], spec)?;
        }
        // The scan applied every rule of the spec, so this parse succeeds.
        Urn::parse_with(&run[..len], spec)
            .ok()
            .map(|urn| (len, urn))
    }

    /// The longest RFC 4151 tag at the start of `run`, punctuation trimmed as configured
    /// from its specific and fragment (never from the tagging entity: `tag:a.org,2000:` is a
    /// whole tag with an empty specific).
    fn longest_tag(&self, run: &str) -> Option<(usize, TagUri)> {
        let syntax = self.finder.syntax.tag();
        let (mut len, mut tag) = longest_valid_tag(run, run.len(), syntax)?;
        if !self.finder.trim_punctuation {
            return Some((len, tag));
        }
        let specific_start = tag.tagging_entity().len() + 5;
        loop {
            let trimmed = trim_end(&run[..len]).max(specific_start);
            if trimmed == len {
                return Some((len, tag));
            }
            (len, tag) = longest_valid_tag(run, trimmed, syntax)?;
        }
    }
}

/// The longest tag in `run[..len]` under `syntax`.
///
/// A tag's specific and fragment accept almost any run, so the longest valid prefix lies just
/// before the first byte no tag can continue, or at most two bytes further back (a
/// percent-encoding cut short); before the specific, no prefix is a tag at all.
fn longest_valid_tag(run: &str, mut len: usize, syntax: TagSyntax) -> Option<(usize, TagUri)> {
    loop {
        let error = match TagUri::parse_with(&run[..len], syntax) {
            Ok(tag) => return Some((len, tag)),
            Err(error) => error,
        };
        if !matches!(error.part(), Part::Specific | Part::Fragment) {
            return None;
        }
        len = if error.index() < len {
            error.index()
        } else {
            len - 1
        };
    }
}

/// The next index at or after `from` where one of `schemes` starts an identifier, not inside
/// a longer scheme.
fn next_start(bytes: &[u8], from: usize, schemes: &[Scheme]) -> Option<(usize, Scheme)> {
    let is_scheme_char = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.');
    (from..bytes.len().saturating_sub(3)).find_map(|i| {
        let scheme = match bytes[i..i + 4].to_ascii_lowercase()[..] {
            [b'u', b'r', b'n', b':'] => Scheme::Urn,
            [b't', b'a', b'g', b':'] => Scheme::Tag,
            _ => return None,
        };
        let starts = schemes.contains(&scheme) && (i == 0 || !is_scheme_char(bytes[i - 1]));
        starts.then_some((i, scheme))
    })
}

/// Whether `b` may stand inside an identifier of `scheme` in text (is not an excluded
/// character); URNs under `spec`.
fn in_run(spec: UrnSyntax, scheme: Scheme, b: u8) -> bool {
    const URI: ByteSet = QUERY.union(ByteSet::from_bytes(b"#%"));
    const RFC2141: ByteSet = RFC2141_TRANS.union(ByteSet::from_bytes(b"%/?#"));
    match (scheme, spec) {
        (Scheme::Urn, UrnSyntax::Rfc2141) => RFC2141.contains(b),
        _ => URI.contains(b),
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
