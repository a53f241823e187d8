//! A URN or a tag URI, told apart by its scheme.

use core::fmt;

use crate::error::{ErrorKind, ParseError};
use crate::{Spec, TagUri, Urn};

/// The two schemes this crate parses.
///
/// ```
/// use urn_tag::Scheme;
///
/// assert_eq!(Scheme::of("URN:isbn:0451450523"), Some(Scheme::Urn));
/// assert_eq!(Scheme::of("tag:yaml.org,2002:int"), Some(Scheme::Tag));
/// assert_eq!(Scheme::of("http://example.com/"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scheme {
    /// `urn:` (RFC 8141, RFC 2141).
    Urn,
    /// `tag:` (RFC 4151).
    Tag,
}

impl Scheme {
    /// The scheme `input` starts with (`urn:` or `tag:`, in any case), if either. Only the
    /// first four bytes are read: whether the rest is valid is for the parsers to say.
    ///
    /// ```
    /// use urn_tag::Scheme;
    ///
    /// assert_eq!(Scheme::of("TAG:whatever"), Some(Scheme::Tag));
    /// assert_eq!(Scheme::of("urn"), None);
    /// ```
    pub fn of(input: &str) -> Option<Scheme> {
        let head = input.as_bytes().get(..4)?;
        if head.eq_ignore_ascii_case(b"urn:") {
            Some(Scheme::Urn)
        } else if head.eq_ignore_ascii_case(b"tag:") {
            Some(Scheme::Tag)
        } else {
            None
        }
    }

    /// The scheme's name, lower case: `urn` or `tag`.
    ///
    /// ```
    /// assert_eq!(urn_tag::Scheme::Tag.name(), "tag");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Scheme::Urn => "urn",
            Scheme::Tag => "tag",
        }
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A URN or a tag URI: what an input holding either parses to.
///
/// ```
/// use urn_tag::{Identifier, Scheme};
///
/// let id = Identifier::parse("tag:yaml.org,2002:int")?;
/// assert_eq!(id.scheme(), Scheme::Tag);
/// assert!(matches!(id, Identifier::Tag(ref tag) if tag.specific() == "int"));
///
/// let err = Identifier::parse("http://example.com/").unwrap_err();
/// assert_eq!(err.to_string(), "expected \"urn:\" or \"tag:\" at byte 0");
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Identifier {
    /// A URN.
    Urn(Urn),
    /// A tag URI.
    Tag(TagUri),
}

impl Identifier {
    /// Parses a URN (RFC 8141) or a tag URI (RFC 4151), by the input's scheme.
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
    /// [`ErrorKind::ExpectedScheme`] at the first byte that can begin neither `urn:` nor `tag:`.
    pub fn parse(input: &str) -> Result<Identifier, ParseError> {
        Identifier::parse_with(input, Spec::Rfc8141)
    }

    /// Like [`Identifier::parse`], with URNs parsed under `spec`.
    ///
    /// ```
    /// use urn_tag::{Identifier, Spec};
    ///
    /// assert!(Identifier::parse_with("urn:a:x", Spec::Rfc2141).is_ok());
    /// assert!(Identifier::parse_with("urn:a:x", Spec::Rfc8141).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// As for [`Identifier::parse`].
    pub fn parse_with(input: &str, spec: Spec) -> Result<Identifier, ParseError> {
        match Scheme::of(input) {
            Some(Scheme::Urn) => Urn::parse_with(input, spec).map(Identifier::Urn),
            Some(Scheme::Tag) => TagUri::parse(input).map(Identifier::Tag),
            None => {
                let matching = |scheme: &[u8]| {
                    input
                        .bytes()
                        .zip(scheme)
                        .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
                        .count()
                };
                let index = matching(b"urn:").max(matching(b"tag:"));
                Err(ParseError::new(ErrorKind::ExpectedScheme, index))
            }
        }
    }

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

impl fmt::Display for Identifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<Urn> for Identifier {
    fn from(urn: Urn) -> Identifier {
        Identifier::Urn(urn)
    }
}

impl From<TagUri> for Identifier {
    fn from(tag: TagUri) -> Identifier {
        Identifier::Tag(tag)
    }
}
