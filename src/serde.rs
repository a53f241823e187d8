//! `serde` support (the `serde` feature): values serialize as their text and deserialize by
//! parsing it.
//!
//! A [`Urn`], [`TagUri`] or [`Identifier`] deserializes under the default syntaxes (RFC 8141,
//! RFC 4151); an invalid one fails with the parse error's message, which names the part, the
//! reason and the byte, but does not repeat the input. A value parsed under another syntax is
//! read back with the module of that syntax, in the manner of `chrono`'s format modules:
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use urn_tag::{TagUri, Urn};
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Record {
//!     id: Urn,
//!     #[serde(with = "urn_tag::serde::rfc2141")]
//!     legacy: Urn,
//!     #[serde(with = "urn_tag::serde::lenient")]
//!     feed: TagUri,
//! }
//!
//! let json = r#"{"id":"urn:isbn:0451450523","legacy":"urn:a:b","feed":"tag:+1-617-253-7288,2005:x"}"#;
//! let record: Record = serde_json::from_str(json)?;
//! assert_eq!(record.legacy.syntax(), urn_tag::UrnSyntax::Rfc2141);
//! assert_eq!(serde_json::to_string(&record)?, json);
//!
//! let err = serde_json::from_str::<Urn>(r#""urn:example:a%zz""#).unwrap_err();
//! assert_eq!(err.to_string(), "invalid URN: invalid percent-encoding in NSS at byte 14 at line 1 column 18");
//! # Ok::<(), serde_json::Error>(())
//! ```

use alloc::string::String;
use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::error::ParseError;
use crate::identifier::Identifier;
use crate::syntax::{Scheme, Syntax, TagSyntax, UrnSyntax};
use crate::tag::TagUri;
use crate::urn::Urn;

impl<S: AsRef<str>> Serialize for Urn<S> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<S: AsRef<str>> Serialize for TagUri<S> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<S: AsRef<str>> Serialize for Identifier<S> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// How a type is read from its text under a syntax (owned input keeps its buffer).
trait FromText: Sized {
    /// What the value is, for messages: "URN", "tag URI", "identifier".
    const WHAT: &'static str;
    /// What the deserializer expects, under `syntax`.
    fn expecting(f: &mut fmt::Formatter<'_>, syntax: Syntax) -> fmt::Result;
    fn from_text(text: &str, syntax: Syntax) -> Result<Self, ParseError>;
    fn from_string(text: String, syntax: Syntax) -> Result<Self, ParseError>;
}

impl FromText for Urn {
    const WHAT: &'static str = "URN";

    fn expecting(f: &mut fmt::Formatter<'_>, syntax: Syntax) -> fmt::Result {
        write!(f, "a URN ({})", syntax.urn().document())
    }

    fn from_text(text: &str, syntax: Syntax) -> Result<Self, ParseError> {
        Urn::parse_with(text, syntax.urn())
    }

    fn from_string(text: String, syntax: Syntax) -> Result<Self, ParseError> {
        Urn::parse_owned_with(text, syntax.urn())
    }
}

impl FromText for TagUri {
    const WHAT: &'static str = "tag URI";

    fn expecting(f: &mut fmt::Formatter<'_>, syntax: Syntax) -> fmt::Result {
        write!(f, "a tag URI ({})", syntax.tag().document())
    }

    fn from_text(text: &str, syntax: Syntax) -> Result<Self, ParseError> {
        TagUri::parse_with(text, syntax.tag())
    }

    fn from_string(text: String, syntax: Syntax) -> Result<Self, ParseError> {
        TagUri::parse_owned_with(text, syntax.tag())
    }
}

impl FromText for Identifier {
    const WHAT: &'static str = "identifier";

    fn expecting(f: &mut fmt::Formatter<'_>, syntax: Syntax) -> fmt::Result {
        let (urn, tag) = (syntax.urn().document(), syntax.tag().document());
        write!(f, "a URN ({urn}) or a tag URI ({tag})")
    }

    fn from_text(text: &str, syntax: Syntax) -> Result<Self, ParseError> {
        Identifier::parse_with(text, syntax)
    }

    fn from_string(text: String, syntax: Syntax) -> Result<Self, ParseError> {
        match Scheme::of(&text) {
            Some(Scheme::Urn) => Urn::from_string(text, syntax).map(Identifier::Urn),
            Some(Scheme::Tag) => TagUri::from_string(text, syntax).map(Identifier::Tag),
            None => Identifier::parse_with(&text, syntax),
        }
    }
}

/// Parses the string a deserializer holds under `syntax`.
struct TextVisitor<T> {
    syntax: Syntax,
    value: PhantomData<T>,
}

impl<T: FromText> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        T::expecting(f, self.syntax)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        T::from_text(text, self.syntax).map_err(|error| invalid::<T, E>(error))
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<T, E> {
        T::from_string(text, self.syntax).map_err(|error| invalid::<T, E>(error))
    }
}

fn invalid<T: FromText, E: de::Error>(error: ParseError) -> E {
    E::custom(format_args!("invalid {}: {error}", T::WHAT))
}

fn deserialize_with<'de, T: FromText, D: Deserializer<'de>>(
    deserializer: D,
    syntax: Syntax,
) -> Result<T, D::Error> {
    deserializer.deserialize_string(TextVisitor {
        syntax,
        value: PhantomData,
    })
}

/// A `Urn` deserializes by parsing its text under RFC 8141; see [`rfc2141`] and
/// [`rfc2141bis`] for the others.
impl<'de> Deserialize<'de> for Urn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_with(deserializer, Syntax::new())
    }
}

/// A `TagUri` deserializes by parsing its text under RFC 4151; see [`erratum1485`] and
/// [`lenient`] for the others.
impl<'de> Deserialize<'de> for TagUri {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_with(deserializer, Syntax::new())
    }
}

/// An `Identifier` deserializes by parsing its text under RFC 8141 or RFC 4151, by its
/// scheme.
impl<'de> Deserialize<'de> for Identifier {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_with(deserializer, Syntax::new())
    }
}

/// Defines a module for `#[serde(with = "...")]` that reads and writes values of `$type`
/// under one syntax.
macro_rules! with_syntax {
    ($module:ident, $type:ident, $syntax:expr, $doc:literal, $example:literal) => {
        #[doc = $doc]
        ///
        /// ```
        /// use serde::{Deserialize, Serialize};
        ///
        /// #[derive(Serialize, Deserialize)]
        /// struct Record {
        #[doc = concat!("    #[serde(with = \"urn_tag::serde::", stringify!($module), "\")]")]
        #[doc = concat!("    id: urn_tag::", stringify!($type), ",")]
        /// }
        ///
        #[doc = concat!("let json = r#\"{\"id\":\"", $example, "\"}\"#;")]
        /// let record: Record = serde_json::from_str(json)?;
        /// assert_eq!(serde_json::to_string(&record)?, json);
        /// # Ok::<(), serde_json::Error>(())
        /// ```
        pub mod $module {
            use super::*;

            /// Serializes the value as its text.
            ///
            /// # Errors
            ///
            /// Those of the serializer.
            pub fn serialize<S: Serializer>(
                value: &$type,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                value.serialize(serializer)
            }

            /// Deserializes a value by parsing its text under this module's syntax.
            ///
            /// # Errors
            ///
            /// The parse error, as the deserializer's error: the part, the reason and the
            /// byte.
            pub fn deserialize<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<$type, D::Error> {
                deserialize_with(deserializer, $syntax)
            }
        }
    };
}

with_syntax!(
    rfc8141,
    Urn,
    Syntax::new(),
    "`Urn` fields under RFC 8141 (what `Urn`'s own impls do; for symmetry).",
    "urn:example:a?=q"
);
with_syntax!(
    rfc2141,
    Urn,
    Syntax::new().with_urn(UrnSyntax::Rfc2141),
    "`Urn` fields under RFC 2141.",
    "urn:a:b"
);
with_syntax!(
    rfc2141bis,
    Urn,
    Syntax::new().with_urn(UrnSyntax::Rfc2141bis),
    "`Urn` fields under the 2011 URNbis draft.",
    "urn:ex:a?query"
);
with_syntax!(
    rfc4151,
    TagUri,
    Syntax::new(),
    "`TagUri` fields under RFC 4151 (what `TagUri`'s own impls do; for symmetry).",
    "tag:yaml.org,2002:int"
);
with_syntax!(
    erratum1485,
    TagUri,
    Syntax::new().with_tag(TagSyntax::Erratum1485),
    "`TagUri` fields under RFC 4151 with erratum 1485.",
    "tag:a+b@example.com,2020:x"
);
with_syntax!(
    lenient,
    TagUri,
    Syntax::new().with_tag(TagSyntax::Lenient),
    "`TagUri` fields under the lenient tag syntax.",
    "tag:+1-617-253-7288,2005:x"
);

/// `Identifier` fields under any [`Syntax`]: `#[serde(with = "urn_tag::serde::identifier")]`
/// reads URNs and tags under the syntax the value was parsed under, which the text alone
/// cannot tell; so this module writes the syntax next to the text, as a two-element sequence
/// `["urn:a:b", "rfc2141"]` (or `["tag:...", "lenient"]`), and reads it back.
///
/// ```
/// use serde::{Deserialize, Serialize};
/// use urn_tag::{Identifier, Syntax, UrnSyntax};
///
/// #[derive(Serialize, Deserialize, PartialEq, Debug)]
/// struct Record {
///     #[serde(with = "urn_tag::serde::identifier")]
///     id: Identifier,
/// }
///
/// let id = Identifier::parse_with("urn:a:b", Syntax::new().with_urn(UrnSyntax::Rfc2141))?;
/// let json = serde_json::to_string(&Record { id: id.clone() })?;
/// assert_eq!(json, r#"{"id":["urn:a:b","rfc2141"]}"#);
/// let back: Record = serde_json::from_str(&json)?;
/// assert_eq!(back.id, id);
/// assert!(matches!(back.id, Identifier::Urn(ref urn) if urn.syntax() == UrnSyntax::Rfc2141));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod identifier {
    use super::*;
    use serde::de::SeqAccess;
    use serde::ser::SerializeTuple;

    /// Serializes the value as its text and the name of its syntax.
    ///
    /// # Errors
    ///
    /// Those of the serializer.
    pub fn serialize<S: Serializer>(value: &Identifier, serializer: S) -> Result<S::Ok, S::Error> {
        let syntax = match value {
            Identifier::Urn(urn) => urn.syntax().name(),
            Identifier::Tag(tag) => tag.syntax().name(),
        };
        let mut tuple = serializer.serialize_tuple(2)?;
        tuple.serialize_element(value.as_str())?;
        tuple.serialize_element(syntax)?;
        tuple.end()
    }

    /// Deserializes a value written by [`serialize`].
    ///
    /// # Errors
    ///
    /// An unknown syntax name, a syntax of the other scheme, or the parse error.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Identifier, D::Error> {
        struct PairVisitor;

        impl<'de> Visitor<'de> for PairVisitor {
            type Value = Identifier;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an identifier and the name of its syntax")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Identifier, A::Error> {
                let text: String = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let name: String = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                let syntax = match Scheme::of(&text) {
                    Some(Scheme::Urn) => {
                        Syntax::new().with_urn(name.parse().map_err(de::Error::custom)?)
                    }
                    Some(Scheme::Tag) => {
                        Syntax::new().with_tag(name.parse().map_err(de::Error::custom)?)
                    }
                    None => Syntax::new(),
                };
                Identifier::from_string(text, syntax).map_err(invalid::<Identifier, A::Error>)
            }
        }

        deserializer.deserialize_tuple(2, PairVisitor)
    }
}

/// Defines `Serialize` and `Deserialize` for a syntax enum: its short name, read in any case.
macro_rules! syntax_by_name {
    ($type:ident, $expecting:literal) => {
        #[doc = concat!("A `", stringify!($type), "` serializes as its short name.")]
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        #[doc = concat!("A `", stringify!($type), "` deserializes from its short name, in any case.")]
        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct NameVisitor;
                impl Visitor<'_> for NameVisitor {
                    type Value = $type;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str($expecting)
                    }

                    fn visit_str<E: de::Error>(self, name: &str) -> Result<$type, E> {
                        name.parse().map_err(E::custom)
                    }
                }
                deserializer.deserialize_str(NameVisitor)
            }
        }
    };
}

syntax_by_name!(UrnSyntax, "rfc8141, rfc2141 or rfc2141bis");
syntax_by_name!(TagSyntax, "rfc4151, erratum1485 or lenient");
