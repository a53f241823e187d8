//! Finding URNs and tag URIs in free text: prose, Markdown, HTML and XML, JSON, Turtle,
//! YAML, source code, logs.
//!
//! ```
//! use urn_tag::find;
//!
//! let text = "Cite urn:isbn:0451450523 (or <tag:yaml.org,2002:int>), not urn:x.";
//! let found: Vec<_> = find::identifiers(text).map(|m| (m.range(), &text[m.range()])).collect();
//! assert_eq!(found, [(5..24, "urn:isbn:0451450523"), (30..51, "tag:yaml.org,2002:int")]);
//! ```
//!
//! RFC 2141 §2.4 says only that "an URN ends when an octet/character from the excluded
//! character set (`<excluded>`) is encountered" (the 2011 draft's §2.3.3 says the same, and
//! RFC 8141 and RFC 4151 say nothing). Text as people write it needs more than that; these
//! are the finder's rulings, each with its reason. Every match is a checked [`Urn`] or
//! [`TagUri`] that borrows the text, and the search is linear in the text on every input.
//!
//! The text from a start to where these rules end it is a **token**, and each token gets one
//! verdict: it is a match when it is a valid identifier whole, and otherwise it is what
//! [`Finder::invalid`] reports, with the error that parsing it gives. A token is never
//! reported as its valid beginning: `urn:example:a%zz` is invalid, not `urn:example:a`.
//!
//! # Where an identifier starts
//!
//! **At `urn:` or `tag:` (any case) not preceded by a letter or digit.** The scheme is
//! case-insensitive (RFC 5234 §2.3). A letter or digit before it makes it part of another
//! word (`:return:`, `xurn:`); any other byte does not, so identifiers glued after
//! punctuation are found: `xt=urn:sha1:…`, `#compliant#urn:fdc:…`, and dotted paths such as
//! `vessels.urn:mrn:imo:mmsi:211234567` or `org.3gpp.urn:urn-7:…`, which hold the URN
//! `urn:…`.
//!
//! **Encoded forms are not identifiers.** `urn%3Aietf%3A…` and `urn&#58;ietf&#58;…` are how a
//! URN is carried inside another syntax; the finder reports identifiers as written, so a start
//! needs a literal `:`.
//!
//! # Where it ends
//!
//! **At the first character that cannot belong to it and ends a word**: outside RFC 3986
//! `pchar`, `/`, `?`, `#` and `%` for tags and RFC 8141 and draft URNs (spaces, quotes,
//! `<>`, `[]`, `{}`, `|`, `\`, `^`, `` ` ``, controls), outside RFC 2141's `<trans>`, `%` and
//! reserved characters for RFC 2141 URNs; outside ASCII, at punctuation, symbols and spaces
//! (`…`, `—`, `”`, `。`, U+00A0). A letter, mark or digit outside ASCII does not end it: no
//! identifier holds one unencoded, but one written into it belongs to the word as it was
//! written, so `urn:example:日本` and `urn:example:café` are invalid tokens, not
//! `urn:example:` and `urn:example:caf`. Within the token, what an identifier cannot hold
//! (`%zz`, a bare `?`, an RFC 2141 URN's reserved `/`) makes it invalid; a token with no
//! valid reading yields no match.
//!
//! **At a character or entity reference** (`&quot;`, `&lt;`, `&amp;`, `&#39;`, `&#x27;`, any
//! `&name;`, `&#digits;` or `&#xhex;`). In markup a reference stands for a character that is
//! not part of the identifier (`…protocol&quot;`, `…Transport&lt;/saml:…`); an identifier
//! that really contains `&` writes it as `&amp;` there, and outside markup `&name;` is not
//! something an identifier holds.
//!
//! **At a `,` followed by another URI** (`urn:`, `tag:`, or `scheme://`): lists in attributes
//! such as DASH `@profiles` (`urn:mpeg:dash:profile:isoff-live:2011,urn:com:dashif:dash264`)
//! hold several identifiers, and no identifier is written as a URN glued to another URI after
//! a comma. White space ends an identifier anyway.
//!
//! **A URN that is the value of a query or form parameter** (right after `=` or `?`) **ends
//! at the next `&name=`**: `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=…`
//! is two parameters, not one URN with `&assertion=…` in its NSS.
//!
//! **At a `#` followed by a printf-style format directive** (`%d`, `%s`, ... that is not a
//! percent-encoding): the URN is written into a format string whose fragment is still to be
//! filled in (`$urn:mpeg:dash:state:execution-delta#%d$`), and the URN before the `#` is the
//! identifier.
//!
//! **A URN that is a segment of a URL path ends at the next `/`** (or the `?` or `#` that ends
//! the path): in `https://example.org/resolve/urn:nbn:de:1234/metadata` the URL names
//! `urn:nbn:de:1234`, and a trailing `/` is the URL's. A URN that is the URL's query
//! (`https://n2t.net/?urn:x:a/b`) is kept whole, as RFC 3986 lets a query hold `/`.
//!
//! **An identifier opened by `'` ends at the next `'`**, although `'` is a sub-delim a URN may
//! hold: single-quoted attributes and prose (`id='urn:x:a'`) are far more common than URNs
//! with quotes in them.
//!
//! # What is trimmed
//!
//! **Trailing sentence punctuation is not part of an unquoted match**: `. , ; : ! ?` and `'`,
//! and a final `)` that has no `(` in the match, like the autolinks of GitHub Flavored
//! Markdown: "see (urn:isbn:0451450523)." finds `urn:isbn:0451450523`, while
//! `urn:example:f(x)` keeps its balanced parenthesis. A final `#` goes too: an empty fragment
//! adds nothing to what is identified, and in text a `#` after an identifier is usually the
//! start of something else (a heading, a channel). Markdown emphasis is trimmed only where it
//! was opened: `_urn:x:y_`, `**urn:x:y**` and `~~urn:x:y~~` find `urn:x:y`, but
//! `urn:ietf:_` and `urn:epc:idpat:sgtin:4012345.098765.*` keep their last character, which
//! belongs to the identifier. A tag is never trimmed into its tagging entity
//! (`tag:yaml.org,2002:` is a whole tag with an empty specific). If trimming leaves no valid
//! identifier (`urn:example:...`), it is no match (and `urn:example:` is invalid).
//!
//! **Inside a matching pair of delimiters nothing is trimmed**: when an identifier opened by
//! `"`, `'`, `<`, `` ` ``, `‘` or `“` (or a reference to one: `&quot;`, `&lt;`, …) runs up to
//! the matching closer, that closer ends it and what stands before it is the author's:
//! `"urn:epcglobal:cbv:mda:"` and the Turtle prefix `<urn:gs1:epcisapp:rail:>` keep their `:`,
//! `"urn:epc:idpat:sgtin:4012345.098765.*"` its `.*`. The items of a delimited list
//! (`"urn:a:b,urn:c:d"`) share the list's delimiter. A code span (`` ` ``) counts as a pair
//! of delimiters too: its text is literal.
//!
//! [`Finder::trim_punctuation`] set to `false` turns all trimming off.
//!
//! # What is not reported at all
//!
//! **Templates and patterns**: `urn:gs1:gdd:(bie|bdt|cl):<assigned-name>`, `urn:x:<id>`,
//! `urn:li:person:{id}`, `urn:uuid:[0-9a-f]{8}`. An identifier whose valid text runs into a
//! placeholder (`{`, or `<name>` right after a delimiter such as `:`), a character class
//! (`[`), or an alternative or a regular-expression escape inside an open parenthesis
//! (`(bie|…`, `(\d)`) is a pattern for identifiers, not
//! one, and reporting its first part (`urn:gs1:gdd:(bie`) would name something nobody wrote.
//! The rest of the pattern, up to the next white space or quote, is skipped. Markup after an
//! identifier (`urn:x:a</p>`, `urn:x:a.<br>`) is not a placeholder.
//!
//! **URNs that break their namespace**, when the [`Syntax`] checks namespaces
//! ([`Syntax::with_namespaces`]). Such a URN is still the identifier written there, so the
//! search resumes after it and nothing inside it is reported in its place: checking
//! namespaces only filters what the same finder finds without the checks
//! (`urn:isbn:urn:example:a` yields nothing, not `urn:example:a`).
//!
//! # Invalid identifiers
//!
//! [`Finder::invalid`] reports the text that starts like an identifier but is not a valid
//! one, for the author who has to fix it (`<id>tag:example.com,2005-13:post</id>`, whose
//! month does not exist): the tokens that are not matches, each with the error of parsing it
//! whole under the finder's syntax (the same error [`Identifier::parse_with`] gives for that
//! text); with namespace checks, a URN that breaks its namespace too. A token is a match or
//! invalid, never both, and the search resumes after each token, so nothing inside one is
//! reported on its own. Neither a match nor invalid: a scheme with nothing after it
//! (`tag: v1` in YAML, "the `urn:` prefix"), text after a letter or digit (`:return:x`), and
//! templates and patterns (`urn:x:{id}`).
//!
//! ```
//! use urn_tag::find::Finder;
//!
//! let text = "urn:ex:ok, urn:x:y, urn:example:a%zz. tag: v1";
//! let invalid: Vec<_> = Finder::new().invalid(text).map(|m| &text[m.range()]).collect();
//! assert_eq!(invalid, ["urn:x:y", "urn:example:a%zz"]);
//! ```
//!
//! # Cost
//!
//! Starts are found with `memchr` on their colon. Each start's run is scanned once for its
//! end, and starts inside a run reuse that end; each token is parsed once, and the search
//! resumes after it; so every byte of the text is read a bounded number of times, whatever it
//! holds. The crate's tests count the bytes read on
//! adversarial inputs (`tag:` repeated, `urn:!` repeated, long runs of valid and invalid
//! identifiers, URNs that break their namespace) and check that the count stays below a small
//! multiple of the text's length, for matches and for invalid tokens alike, with and without
//! namespace checks.
//! A search copies nothing: each value borrows its text (its only allocations are those the
//! grammar's parser makes while it checks a match).

mod context;
mod extent;
mod scan;
#[cfg(test)]
mod tests;
mod work;

use core::ops::Range;

use crate::error::ParseError;
use crate::identifier::Identifier;
use crate::syntax::{Scheme, Syntax};
use crate::tag::TagUri;
use crate::urn::Urn;

/// Finds URNs and tag URIs in text; [`urns`], [`tags`] and [`identifiers`] use the default
/// (URNs under RFC 8141, tags under RFC 4151, trailing punctuation dropped).
///
/// `Eq` compares the settings (the syntax and the trimming of punctuation): equal finders find the
/// same identifiers in every text.
///
/// ```
/// use urn_tag::{Syntax, UrnSyntax};
/// use urn_tag::find::Finder;
///
/// let rfc2141 = Syntax::new().with_urn(UrnSyntax::Rfc2141);
/// let finder = Finder::new().syntax(rfc2141).trim_punctuation(false);
/// let text = "urn:foo:a123,456. urn:foo:a/b urn:a:b";
/// let urns: Vec<&str> = finder.urns(text).map(|m| &text[m.range()]).collect();
/// assert_eq!(urns, ["urn:foo:a123,456.", "urn:a:b"]);
/// // "/" is reserved in RFC 2141: that token is invalid whole.
/// let invalid: Vec<&str> = finder.invalid(text).map(|m| &text[m.range()]).collect();
/// assert_eq!(invalid, ["urn:foo:a/b"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub struct Finder {
    syntax: Syntax,
    trim_punctuation: bool,
}

impl Finder {
    /// URNs under RFC 8141, tags under RFC 4151, trailing punctuation dropped.
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

    /// Whether to drop trailing sentence punctuation and an unmatched `)` from matches (the
    /// default) or keep them; see the [module documentation](self) for what is dropped.
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

    /// The URNs in `text`, in order. A URN that is part of a tag (as its specific) is not
    /// reported on its own.
    ///
    /// ```
    /// use urn_tag::find::Finder;
    ///
    /// let found: Vec<_> = Finder::new().urns("tag:a.org,2000:x urn:ex:y").map(|m| m.range()).collect();
    /// assert_eq!(found, [17..25]);
    /// ```
    pub fn urns<'t>(&self, text: &'t str) -> impl Iterator<Item = Found<Urn<&'t str>>> + use<'t> {
        self.identifiers(text)
            .filter_map(|found| match found.value {
                Identifier::Urn(urn) => Some(Found {
                    range: found.range,
                    value: urn,
                }),
                Identifier::Tag(_) => None,
            })
    }

    /// The tag URIs (RFC 4151) in `text`, in order. A tag that is part of a URN is not
    /// reported on its own.
    ///
    /// ```
    /// let tags: Vec<_> = urn_tag::find::tags("see tag:example.com,2000:x.").map(|m| m.range()).collect();
    /// assert_eq!(tags, [4..26]);
    /// ```
    pub fn tags<'t>(
        &self,
        text: &'t str,
    ) -> impl Iterator<Item = Found<TagUri<&'t str>>> + use<'t> {
        self.identifiers(text)
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
    ) -> impl Iterator<Item = Found<Identifier<&'t str>>> + use<'t> {
        scan::Matches::new(*self, text)
    }

    /// The text in `text` that starts like an identifier but is not a valid one, in order,
    /// each with the error of parsing it whole under the finder's syntax (namespace checks
    /// included when the syntax has them): what a feed or document author needs to fix. These
    /// are the tokens that [`Finder::identifiers`] does not report; see the
    /// [module documentation](self#invalid-identifiers).
    ///
    /// ```
    /// use urn_tag::Scheme;
    /// use urn_tag::find::Finder;
    ///
    /// let text = "<id>tag:example.com,2005-13:post</id> <id>tag:example.com,2005:ok</id>";
    /// let invalid: Vec<_> = Finder::new().invalid(text).collect();
    /// assert_eq!(invalid.len(), 1);
    /// assert_eq!(&text[invalid[0].range()], "tag:example.com,2005-13:post");
    /// assert_eq!(invalid[0].scheme(), Scheme::Tag);
    /// assert_eq!(invalid[0].error().index(), 21); // in the candidate's text, as parsing it says
    /// assert_eq!(invalid[0].error().to_string(), "month 13 does not exist (01 to 12) in date at byte 21");
    /// ```
    pub fn invalid<'t>(&self, text: &'t str) -> impl Iterator<Item = Invalid> + use<'t> {
        scan::Rejections::new(*self, text)
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
/// let text = "Cite urn:isbn:0451450523.";
/// let urns: Vec<&str> = urn_tag::find::urns(text).map(|m| &text[m.range()]).collect();
/// assert_eq!(urns, ["urn:isbn:0451450523"]);
/// ```
pub fn urns(text: &str) -> impl Iterator<Item = Found<Urn<&str>>> + '_ {
    Finder::new().urns(text)
}

/// The RFC 4151 tag URIs in `text`, trailing punctuation dropped; see [`Finder`].
///
/// ```
/// let tags: Vec<_> = urn_tag::find::tags("<id>tag:example.com,2005:post-1</id>")
///     .map(|m| m.into_value().specific().to_owned())
///     .collect();
/// assert_eq!(tags, ["post-1"]);
/// ```
pub fn tags(text: &str) -> impl Iterator<Item = Found<TagUri<&str>>> + '_ {
    Finder::new().tags(text)
}

/// The RFC 8141 URNs and the RFC 4151 tag URIs in `text`, in order, trailing punctuation
/// dropped; see [`Finder`].
///
/// ```
/// use urn_tag::Scheme;
///
/// let schemes: Vec<_> = urn_tag::find::identifiers("urn:ex:a, tag:a.org,2000:b")
///     .map(|m| m.value().scheme())
///     .collect();
/// assert_eq!(schemes, [Scheme::Urn, Scheme::Tag]);
/// ```
pub fn identifiers(text: &str) -> impl Iterator<Item = Found<Identifier<&str>>> + '_ {
    Finder::new().identifiers(text)
}

/// Something found in text, and where: a [`Urn`], a [`TagUri`] or an [`Identifier`] that
/// borrows the text.
///
/// `Eq` compares the byte range and the value, by the value's own `Eq` (for identifiers, the exact
/// text).
///
/// ```
/// let found = urn_tag::find::urns("see urn:ex:a").next().unwrap();
/// assert_eq!(found.range(), 4..12);
/// assert_eq!(found.value().nss(), "a");
/// let owned: urn_tag::Urn = found.into_value().into_owned();
/// assert_eq!(owned, "urn:ex:a");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<T> {
    range: Range<usize>,
    value: T,
}

/// Text that starts like an identifier but is not a valid one, found by [`Finder::invalid`]:
/// where it is, its scheme, and why it is invalid.
///
/// ```
/// let text = "see urn:example:a%zz.";
/// let invalid = urn_tag::find::Finder::new().invalid(text).next().unwrap();
/// assert_eq!(&text[invalid.range()], "urn:example:a%zz");
/// assert_eq!(invalid.error().to_string(), "invalid percent-encoding in NSS at byte 14");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    range: Range<usize>,
    scheme: Scheme,
    error: ParseError,
}

impl Invalid {
    /// The byte range of the candidate in the text.
    ///
    /// ```
    /// let invalid = urn_tag::find::Finder::new().invalid("a urn:x:y").next().unwrap();
    /// assert_eq!(invalid.range(), 2..9);
    /// ```
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// The scheme the candidate starts with.
    ///
    /// ```
    /// use urn_tag::Scheme;
    ///
    /// let invalid = urn_tag::find::Finder::new().invalid("TAG:x").next().unwrap();
    /// assert_eq!(invalid.scheme(), Scheme::Tag);
    /// ```
    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// The error of parsing the candidate's text whole; its index counts bytes from the
    /// candidate's start.
    ///
    /// ```
    /// use urn_tag::Part;
    ///
    /// // RFC 8141 NIDs have two characters at least.
    /// let invalid = urn_tag::find::Finder::new().invalid("see urn:x:y").next().unwrap();
    /// assert_eq!(invalid.error().part(), Part::Nid);
    /// assert_eq!(invalid.error().index(), 5);
    /// ```
    pub fn error(&self) -> ParseError {
        self.error
    }
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
    /// let text = String::from("urn:ex:a and urn:ex:b");
    /// let ids: Vec<urn_tag::Identifier<&str>> = urn_tag::find::identifiers(&text).map(|m| m.into_value()).collect();
    /// assert_eq!(ids[1].as_str(), "urn:ex:b");
    /// ```
    pub fn into_value(self) -> T {
        self.value
    }
}
