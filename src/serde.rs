//! `serde` support: values serialize as their text and deserialize by parsing it.

use alloc::string::String;
use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{Spec, Urn};

/// A `Urn` serializes as its exact text.
impl Serialize for Urn {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A `Urn` deserializes from a string, parsed as an RFC 8141 URN; an invalid one fails with
/// the parse error's message.
impl<'de> Deserialize<'de> for Urn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_string(UrnVisitor)
    }
}

struct UrnVisitor;

impl Visitor<'_> for UrnVisitor {
    type Value = Urn;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a URN (RFC 8141)")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Urn, E> {
        Urn::parse(text).map_err(|error| E::custom(format_args!("invalid URN {text:?}: {error}")))
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<Urn, E> {
        Urn::parse_owned_with(text, Spec::Rfc8141)
            .map_err(|error| E::custom(format_args!("invalid URN: {error}")))
    }
}

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
