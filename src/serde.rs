//! `serde` support: values serialize as their text and deserialize by parsing it (a `Urn`
//! under RFC 8141, an `Identifier` by its scheme); an invalid one fails with the parse
//! error's message, and an owned string is parsed in place.

use alloc::string::String;
use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{Identifier, Spec, TagUri, Urn};

/// A value that is its text: serialized as that text, deserialized by parsing it.
macro_rules! as_text {
    ($type:ty, $expecting:literal, $what:literal, $parse:expr, $parse_owned:expr) => {
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct TextVisitor;

                impl Visitor<'_> for TextVisitor {
                    type Value = $type;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str($expecting)
                    }

                    fn visit_str<E: de::Error>(self, text: &str) -> Result<$type, E> {
                        $parse(text).map_err(|error| {
                            E::custom(format_args!(
                                concat!("invalid ", $what, " {:?}: {}"),
                                text, error
                            ))
                        })
                    }

                    fn visit_string<E: de::Error>(self, text: String) -> Result<$type, E> {
                        $parse_owned(text).map_err(|error| {
                            E::custom(format_args!(concat!("invalid ", $what, ": {}"), error))
                        })
                    }
                }

                deserializer.deserialize_string(TextVisitor)
            }
        }
    };
}

as_text!(Urn, "a URN (RFC 8141)", "URN", Urn::parse, Urn::try_from);
as_text!(
    TagUri,
    "a tag URI (RFC 4151)",
    "tag URI",
    TagUri::parse,
    TagUri::try_from
);
as_text!(
    Identifier,
    "a URN (RFC 8141) or a tag URI (RFC 4151)",
    "identifier",
    Identifier::parse,
    |text: String| Identifier::parse(&text)
);

/// A `Spec` serializes as its short name (`rfc8141`, `rfc2141`, `rfc2141bis`).
impl Serialize for Spec {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A `Spec` deserializes from its short name, in any case.
impl<'de> Deserialize<'de> for Spec {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SpecVisitor;
        impl Visitor<'_> for SpecVisitor {
            type Value = Spec;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("rfc8141, rfc2141 or rfc2141bis")
            }

            fn visit_str<E: de::Error>(self, name: &str) -> Result<Spec, E> {
                name.parse().map_err(E::custom)
            }
        }
        deserializer.deserialize_str(SpecVisitor)
    }
}
