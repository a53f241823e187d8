//! The traits of a value that is its text, shared by `Urn` and `TagUri`.

/// Implements for `$type` (a struct with a `serialization: String` field and a `parse`
/// function) the traits of a value that is its text: `Display` prints the text exactly, the
/// conversions parse it (`$parse_owned` keeps a `String`'s buffer), and `Eq`, `Ord` and
/// `Hash` compare the exact text, so that `Borrow<str>` is sound.
macro_rules! text_value {
    ($type:ident, $what:literal, $parse_owned:expr) => {
        impl core::fmt::Display for $type {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(&self.serialization)
            }
        }

        impl core::str::FromStr for $type {
            type Err = $crate::ParseError;

            #[doc = concat!("Parses ", $what, ", like [`", stringify!($type), "::parse`].")]
            fn from_str(input: &str) -> Result<Self, Self::Err> {
                $type::parse(input)
            }
        }

        impl TryFrom<&str> for $type {
            type Error = $crate::ParseError;

            #[doc = concat!("Parses ", $what, ", like [`", stringify!($type), "::parse`].")]
            fn try_from(input: &str) -> Result<Self, Self::Error> {
                $type::parse(input)
            }
        }

        impl TryFrom<alloc::string::String> for $type {
            type Error = $crate::ParseError;

            #[doc = concat!("Parses ", $what, ", keeping the string's buffer.")]
            fn try_from(input: alloc::string::String) -> Result<Self, Self::Error> {
                $parse_owned(input)
            }
        }

        impl From<$type> for alloc::string::String {
            fn from(value: $type) -> alloc::string::String {
                value.serialization
            }
        }

        impl AsRef<str> for $type {
            fn as_ref(&self) -> &str {
                &self.serialization
            }
        }

        #[doc = concat!("`", stringify!($type), "` compares and hashes as its exact text, so a `HashSet<", stringify!($type), ">` can be queried with a `&str`.")]
        impl core::borrow::Borrow<str> for $type {
            fn borrow(&self) -> &str {
                &self.serialization
            }
        }

        impl PartialEq for $type {
            fn eq(&self, other: &$type) -> bool {
                self.serialization == other.serialization
            }
        }

        impl Eq for $type {}

        impl PartialEq<str> for $type {
            fn eq(&self, other: &str) -> bool {
                self.serialization == other
            }
        }

        impl PartialEq<&str> for $type {
            fn eq(&self, other: &&str) -> bool {
                self.serialization == *other
            }
        }

        impl PartialOrd for $type {
            fn partial_cmp(&self, other: &$type) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $type {
            fn cmp(&self, other: &$type) -> core::cmp::Ordering {
                self.serialization.cmp(&other.serialization)
            }
        }

        impl core::hash::Hash for $type {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                core::hash::Hash::hash(&self.serialization, state);
            }
        }
    };
}

pub(crate) use text_value;
