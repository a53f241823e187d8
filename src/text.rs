//! The traits of a value that is its text, shared by `Urn` and `TagUri`.

/// Implements for `$type<S>` (a struct with a `text: S` field, `S: AsRef<str>`, an
/// `as_str()` method, and for `S = String` a `parse` function) the traits of a value that is
/// its text: `Display` prints the text exactly; the conversions parse it (`$parse_owned`
/// keeps a `String`'s buffer); `Eq`, `Ord` and `Hash` compare the exact text, across
/// storages (a borrowed and an owned value with the same text are equal), so that
/// `Borrow<str>` is sound.
macro_rules! text_value {
    ($type:ident, $what:literal, $parse_owned:expr) => {
        impl<S: AsRef<str>> core::fmt::Display for $type<S> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl core::str::FromStr for $type {
            type Err = $crate::error::ParseError;

            #[doc = concat!("Parses ", $what, ", like [`", stringify!($type), "::parse`].")]
            fn from_str(input: &str) -> Result<Self, Self::Err> {
                $type::parse(input)
            }
        }

        impl TryFrom<&str> for $type {
            type Error = $crate::error::ParseError;

            #[doc = concat!("Parses ", $what, ", like [`", stringify!($type), "::parse`].")]
            fn try_from(input: &str) -> Result<Self, Self::Error> {
                $type::parse(input)
            }
        }

        impl TryFrom<alloc::string::String> for $type {
            type Error = $crate::error::ParseError;

            #[doc = concat!("Parses ", $what, ", keeping the string's buffer.")]
            fn try_from(input: alloc::string::String) -> Result<Self, Self::Error> {
                $parse_owned(input)
            }
        }

        impl From<$type> for alloc::string::String {
            fn from(value: $type) -> alloc::string::String {
                value.into_string()
            }
        }

        impl<S: AsRef<str>> AsRef<str> for $type<S> {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        #[doc = concat!("`", stringify!($type), "` compares and hashes as its exact text, so a `HashSet<", stringify!($type), ">` can be queried with a `&str`.")]
        impl<S: AsRef<str>> core::borrow::Borrow<str> for $type<S> {
            fn borrow(&self) -> &str {
                self.as_str()
            }
        }

        impl<S: AsRef<str>, T: AsRef<str>> PartialEq<$type<T>> for $type<S> {
            fn eq(&self, other: &$type<T>) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl<S: AsRef<str>> Eq for $type<S> {}

        impl<S: AsRef<str>> PartialEq<str> for $type<S> {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl<S: AsRef<str>> PartialEq<&str> for $type<S> {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl<S: AsRef<str>> PartialOrd for $type<S> {
            fn partial_cmp(&self, other: &$type<S>) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl<S: AsRef<str>> Ord for $type<S> {
            fn cmp(&self, other: &$type<S>) -> core::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        impl<S: AsRef<str>> core::hash::Hash for $type<S> {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                core::hash::Hash::hash(self.as_str(), state);
            }
        }
    };
}

pub(crate) use text_value;
