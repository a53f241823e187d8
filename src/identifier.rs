//! A URN or a tag URI, told apart by its scheme.

use alloc::string::String;
use core::fmt;

use crate::error::{ParseError, ParseErrorKind};
use crate::syntax::{Scheme, Syntax, TagSyntax, UrnSyntax};
use crate::tag::TagUri;
use crate::urn::Urn;

/// A URN or a tag URI: what an input holding either parses to.
///
/// Like [`Urn`] and [`TagUri`], it holds a `String` (the default) or borrows a `&str`
/// ([`Identifier::parse_borrowed`]).
///
/// ```
/// use urn_tag::{Identifier, Scheme};
///
/// let id: Identifier = "tag:yaml.org,2002:int".parse()?;
/// assert_eq!(id.scheme(), Scheme::Tag);
/// assert!(matches!(id, Identifier::Tag(ref tag) if tag.specific() == "int"));
///
/// let err = Identifier::parse("http://example.com/").unwrap_err();
/// assert_eq!(err.to_string(), "expected \"urn:\" or \"tag:\" at byte 0");
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
///
/// # Equality
///
/// `Eq`, `Ord` and `Hash` compare the exact text, as for [`Urn`] and [`TagUri`] (a URN and
/// a tag never have the same text, since their schemes differ).
#[derive(Clone, Copy)]
pub enum Identifier<S = String> {
    /// A URN.
    Urn(Urn<S>),
    /// A tag URI.
    Tag(TagUri<S>),
}

impl Identifier {
    /// Parses a URN (RFC 8141) or a tag URI (RFC 4151), by the input's scheme, copying it.
    ///
    /// ```
    /// use urn_tag::Identifier;
    ///
    /// assert!(matches!(Identifier::parse("urn:isbn:0451450523")?, Identifier::Urn(_)));
    /// assert_eq!(Identifier::parse("ur").unwrap_err().index(), 2);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The URN's or the tag's [`ParseError`]; for an input with neither scheme,
    /// [`ParseErrorKind::ExpectedScheme`] at the first byte that can begin neither `urn:` nor
    /// `tag:`.
    pub fn parse(input: &str) -> Result<Identifier, ParseError> {
        Identifier::parse_with(input, Syntax::new())
    }

    /// Like [`Identifier::parse`], with URNs and tags read under `syntax`.
    ///
    /// ```
    /// use urn_tag::{Identifier, Syntax, TagSyntax, UrnSyntax};
    ///
    /// let old = Syntax::new().with_urn(UrnSyntax::Rfc2141);
    /// assert!(Identifier::parse_with("urn:a:x", old).is_ok());
    /// assert!(Identifier::parse_with("urn:a:x", Syntax::new()).is_err());
    ///
    /// let erratum = Syntax::new().with_tag(TagSyntax::Erratum1485);
    /// assert!(Identifier::parse_with("tag:a+b@example.com,2020:x", erratum).is_ok());
    /// ```
    ///
    /// # Errors
    ///
    /// As for [`Identifier::parse`].
    pub fn parse_with(input: &str, syntax: Syntax) -> Result<Identifier, ParseError> {
        Identifier::parse_borrowed_with(input, syntax).map(Identifier::into_owned)
    }

    /// Gives the identifier's text back, without copying.
    ///
    /// ```
    /// let text = urn_tag::Identifier::parse("urn:ex:a")?.into_string();
    /// assert_eq!(text, "urn:ex:a");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        match self {
            Identifier::Urn(urn) => urn.into_string(),
            Identifier::Tag(tag) => tag.into_string(),
        }
    }

    /// An `Identifier<&str>` that borrows this identifier's text.
    ///
    /// ```
    /// let id = urn_tag::Identifier::parse("urn:ex:a")?;
    /// assert_eq!(id.borrowed(), id);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn borrowed(&self) -> Identifier<&str> {
        match self {
            Identifier::Urn(urn) => Identifier::Urn(urn.borrowed()),
            Identifier::Tag(tag) => Identifier::Tag(tag.borrowed()),
        }
    }
}

impl<'a> Identifier<&'a str> {
    /// Parses a URN or a tag URI without copying it.
    ///
    /// ```
    /// use urn_tag::{Identifier, Scheme};
    ///
    /// assert_eq!(Identifier::parse_borrowed("tag:yaml.org,2002:int")?.scheme(), Scheme::Tag);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As for [`Identifier::parse`].
    pub fn parse_borrowed(input: &'a str) -> Result<Identifier<&'a str>, ParseError> {
        Identifier::parse_borrowed_with(input, Syntax::new())
    }

    /// Parses a URN or a tag URI under `syntax` without copying it.
    ///
    /// ```
    /// use urn_tag::{Identifier, Syntax, UrnSyntax};
    ///
    /// let id = Identifier::parse_borrowed_with("urn:a:x", Syntax::new().with_urn(UrnSyntax::Rfc2141))?;
    /// assert_eq!(id.as_str(), "urn:a:x");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As for [`Identifier::parse`].
    pub fn parse_borrowed_with(
        input: &'a str,
        syntax: Syntax,
    ) -> Result<Identifier<&'a str>, ParseError> {
        match Scheme::of(input) {
            Some(Scheme::Urn) => {
                let urn = Urn::parse_borrowed_with(input, syntax.urn())?;
                if syntax.namespaces() {
                    Ok(Identifier::Urn(urn.into_namespace_checked()?))
                } else {
                    Ok(Identifier::Urn(urn))
                }
            }
            Some(Scheme::Tag) => {
                TagUri::parse_borrowed_with(input, syntax.tag()).map(Identifier::Tag)
            }
            None => Err(no_scheme(input)),
        }
    }

    /// Whether `input` is a URN or a tag URI under `syntax`: exactly when
    /// [`Identifier::parse_borrowed_with`] succeeds, with neither the value nor, for an invalid
    /// input, the error built (see [`Urn::is_valid_with`]). With namespace checks on, a URN is
    /// parsed in full, since its namespace's grammar reads its parts.
    ///
    /// ```
    /// use urn_tag::{Identifier, Syntax};
    ///
    /// assert!(Identifier::is_valid_with("urn:ietf:rfc:8141", Syntax::new()));
    /// assert!(Identifier::is_valid_with("tag:yaml.org,2002:int", Syntax::new()));
    /// assert!(!Identifier::is_valid_with("http://example.com/", Syntax::new()));
    /// ```
    #[inline]
    pub fn is_valid_with(input: &str, syntax: Syntax) -> bool {
        match Scheme::of(input) {
            Some(Scheme::Urn) if syntax.namespaces() => {
                Identifier::parse_borrowed_with(input, syntax).is_ok()
            }
            Some(Scheme::Urn) => Urn::is_valid_with(input, syntax.urn()),
            Some(Scheme::Tag) => TagUri::is_valid_with(input, syntax.tag()),
            None => false,
        }
    }

    /// Whether `input`, bytes that need not be UTF-8, is a valid URN or tag URI under `syntax`:
    /// exactly when they are UTF-8 and [`Identifier::is_valid_with`] holds for their text.
    ///
    /// For bytes as a file, a network buffer or an Arrow column holds them: the grammars admit
    /// only ASCII, so what is not UTF-8 is refused by them, and the bytes are not checked as
    /// UTF-8 first (which on short identifiers costs a tenth of the check). With namespace
    /// checks on, a URN the grammar accepts is read as text and parsed in full.
    ///
    /// ```
    /// use urn_tag::{Identifier, Syntax};
    ///
    /// assert!(Identifier::is_valid_bytes_with(b"urn:ietf:rfc:8141", Syntax::new()));
    /// assert!(!Identifier::is_valid_bytes_with(b"urn:ietf:rfc:\xff", Syntax::new()));
    /// assert!(!Identifier::is_valid_bytes_with("urn:ietf:\u{e9}".as_bytes(), Syntax::new()));
    /// ```
    #[inline]
    pub fn is_valid_bytes_with(input: &[u8], syntax: Syntax) -> bool {
        match Scheme::of_bytes(input) {
            Some(Scheme::Urn) if syntax.namespaces() => {
                crate::urn::is_valid_bytes(input, syntax.urn())
                    && core::str::from_utf8(input)
                        .is_ok_and(|text| Identifier::parse_borrowed_with(text, syntax).is_ok())
            }
            Some(Scheme::Urn) => crate::urn::is_valid_bytes(input, syntax.urn()),
            Some(Scheme::Tag) => crate::tag::is_valid_bytes(input, syntax.tag()),
            None => false,
        }
    }

    /// An `Identifier` that owns a copy of the text.
    ///
    /// ```
    /// use urn_tag::Identifier;
    ///
    /// let owned: Identifier = Identifier::parse_borrowed("urn:ex:a")?.into_owned();
    /// assert_eq!(owned.as_str(), "urn:ex:a");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn into_owned(self) -> Identifier {
        match self {
            Identifier::Urn(urn) => Identifier::Urn(urn.into_owned()),
            Identifier::Tag(tag) => Identifier::Tag(tag.into_owned()),
        }
    }
}

impl<S: AsRef<str>> Identifier<S> {
    /// Which of the two it is.
    ///
    /// ```
    /// use urn_tag::{Identifier, Scheme};
    ///
    /// assert_eq!(Identifier::parse("TAG:a.org,2000:")?.scheme(), Scheme::Tag);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Scheme {
        match self {
            Identifier::Urn(_) => Scheme::Urn,
            Identifier::Tag(_) => Scheme::Tag,
        }
    }

    /// The identifier's exact text.
    ///
    /// ```
    /// let id = urn_tag::Identifier::parse("URN:ex:a")?;
    /// assert_eq!(id.as_str(), "URN:ex:a");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        match self {
            Identifier::Urn(urn) => urn.as_str(),
            Identifier::Tag(tag) => tag.as_str(),
        }
    }
}

/// The error for an input with neither scheme: at the first byte that can begin neither
/// `urn:` nor `tag:`.
fn no_scheme(input: &str) -> ParseError {
    let matching = |scheme: &[u8]| {
        input
            .bytes()
            .zip(scheme)
            .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
            .count()
    };
    let index = matching(b"urn:").max(matching(b"tag:"));
    ParseError::new(ParseErrorKind::ExpectedScheme, index).explain_whitespace(input)
}

impl<S: AsRef<str>> fmt::Debug for Identifier<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Identifier::Urn(urn) => f.debug_tuple("Urn").field(urn).finish(),
            Identifier::Tag(tag) => f.debug_tuple("Tag").field(tag).finish(),
        }
    }
}

impl<S> From<Urn<S>> for Identifier<S> {
    fn from(urn: Urn<S>) -> Identifier<S> {
        Identifier::Urn(urn)
    }
}

impl<S> From<TagUri<S>> for Identifier<S> {
    fn from(tag: TagUri<S>) -> Identifier<S> {
        Identifier::Tag(tag)
    }
}

crate::text::text_value!(Identifier, "a URN or a tag URI", |input: String| {
    match Scheme::of(&input) {
        Some(Scheme::Urn) => Urn::parse_owned_with(input, UrnSyntax::Rfc8141).map(Identifier::Urn),
        Some(Scheme::Tag) => {
            TagUri::parse_owned_with(input, TagSyntax::Rfc4151).map(Identifier::Tag)
        }
        None => Err(no_scheme(&input)),
    }
});
