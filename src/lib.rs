//! Strict parsing, comparison and building of Uniform Resource Names and `tag` URIs.
//!
//! # Scope
//!
//! * **URNs**: RFC 8141 (2017, the default), RFC 2141 (1997) and the 2011 URNbis draft
//!   (`draft-ietf-urnbis-rfc2141bis-urn-01`), each with its own grammar ([`UrnSyntax`]); NID
//!   classes (RFC 8141 §5, RFC 3406), the IANA registry of namespaces, URN-equivalence
//!   (RFC 8141 §3, RFC 2141 §5), percent-encoding, a builder, SHOULD-level lints.
//! * **Tag URIs**: RFC 4151, strict by default, with erratum 1485's email addresses and a
//!   lenient syntax for other authorities on request ([`TagSyntax`]); the date's defaults and
//!   calendar, DNS length limits, exact equality, and minting with the shortest date form.
//! * Finding both in free text ([`find`]).
//!
//! The grammars are the source of truth: `urn.pest` and `tag.pest`, shipped with the crate,
//! transcribe the RFC ABNF rule by rule, and the types here walk their parse once into byte
//! offsets. Where the
//! RFCs are ambiguous the crate follows documented rulings: an r-component ends at the first
//! `?=` (RFC 8141 §2.3.1), a q-component only at `#`; empty r- and q-components are errors and
//! an empty f-component is not; a `?` after the NSS that starts neither `?+` nor `?=` is an
//! error; `urn` is case-insensitive and is a reserved NID only under RFC 2141 and the draft;
//! RFC 2141's NIDs are 1 to 32 characters and may end with `-`, and its reserved `/ ? #` must
//! be encoded.
//!
//! # Parsing
//!
//! [`Urn::parse`] is the entry point; [`Urn::parse_with`] chooses the spec. A [`ParseError`]
//! names the part that failed, the reason, and the first byte at which no valid URN could
//! continue the input:
//!
//! ```
//! use urn_tag::{UrnSyntax, Urn};
//!
//! let urn = Urn::parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk")?;
//! assert_eq!((urn.nid(), urn.nss()), ("example", "foo-bar-baz-qux"));
//! assert_eq!(urn.r_component(), Some("CCResolve:cc=uk"));
//!
//! let err = Urn::parse_with("urn:example:a?b", UrnSyntax::Rfc8141).unwrap_err();
//! assert_eq!(err.to_string(), "'?' must be followed by '+' or '=' at byte 14");
//! # Ok::<(), urn_tag::ParseError>(())
//! ```
//!
//! Tag URIs work the same way; [`Identifier`] parses either, by its scheme:
//!
//! ```
//! use urn_tag::{Identifier, TagDate, TagUri};
//!
//! let tag = TagUri::parse("tag:timothy@hpl.hp.com,2001:web/externalHome")?;
//! assert_eq!((tag.local_part(), tag.domain()), (Some("timothy"), Some("hpl.hp.com")));
//! assert_eq!(tag.date(), TagDate::new(2001, 1, 1).unwrap());
//!
//! let err = TagUri::parse("tag:example.com,1900-02-29:x").unwrap_err();
//! assert_eq!(err.to_string(), "day 29 does not exist in 1900-02 at byte 24");
//!
//! assert!(matches!(Identifier::parse("urn:ietf:rfc:4151")?, Identifier::Urn(_)));
//! # Ok::<(), urn_tag::ParseError>(())
//! ```
//!
//! # Equality
//!
//! A [`Urn`]'s `Eq`, `Ord` and `Hash` compare its exact text, as `url`, `fluent-uri` and
//! `semver` do: `URN:EXAMPLE:a` and `urn:example:a` are different values, and a value always
//! equals what it prints. RFC equivalence, which ignores the case of the scheme and NID and of
//! percent-encodings and drops the r-, q- and f-components, is the explicit
//! [`Urn::equivalent`], with [`Urn::equivalence_key`] for hash maps. (The `urn` crate makes
//! the opposite choice, and its `==` is RFC equivalence.) For tag URIs the exact text *is*
//! the RFC's equality (RFC 4151 §2.4), so [`TagUri`]'s `Eq` needs no companion.
//!
//! ```
//! use urn_tag::Urn;
//!
//! let a = Urn::parse("urn:example:a123,z456")?;
//! let b = Urn::parse("URN:EXAMPLE:a123,z456#789")?;
//! assert_ne!(a, b);
//! assert!(a.equivalent(&b));
//! # Ok::<(), urn_tag::ParseError>(())
//! ```
//!
//! # Features
//!
//! * `std` (default): [`SystemClock`], today's UTC date for minting tags; everything else is
//!   `no_std` with `alloc`.
//! * `serde`: values serialize as their text and deserialize by parsing it.
//! * `cli`: the `urn-tag` command-line tool (`check`, `explain`, `eq`, `normalize`, `find`,
//!   `mint-tag`).
//! * `pest-reference`: in builds with debug assertions, every parse also runs the pest-derived
//!   parser of the same grammar file and panics if it disagrees with the compiled recognizer,
//!   a differential test for the crate's tests and fuzz targets. It makes a debug parse about
//!   twenty times slower and builds pest_derive; without it the library runs no pest at all.
//! * `grammar-tools`: the `grammar_tools` module (a `.pest` text read at run time, a rule
//!   run with pest's interpreter, railroad diagrams, an ABNF oracle), which the `grammar`
//!   commands of the tool and the grammar playground build on.
//!
//! # Modules
//!
//! * [`urn`]: the [`Urn`] type and everything about URN namespaces and equivalence.
//! * [`tag`]: the [`TagUri`] type, its dates, and minting.
//! * [`percent`]: percent-decoding and -encoding, and the human display form.
//! * [`find`]: URNs and tag URIs in free text.
//! * `grammar_tools` (feature `grammar-tools`): tools for reviewing grammar files.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// Bottom-up: each group of modules imports only from the groups above it, never from its
// own group or below (tests/layering/ holds the order to the imports).
mod calendar;
mod dns;
// The pest-derived reference parsers: for the unit tests, which compare them with the
// compiled recognizers, and for the cross-check of `pest-reference` builds.
#[cfg(any(test, all(debug_assertions, feature = "pest-reference")))]
mod grammar;
mod nid_hash;
#[doc(hidden)]
pub mod reference;
mod syntax;

mod chars;
mod compiled;

pub mod namespace;
pub mod percent;

mod error;

mod rejection;
mod text;

pub mod tag;
pub mod urn;

mod identifier;

pub mod find;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde;

/// The failure reports and the fixed functions that the recognizers generated by build.rs
/// use. Not part of the API: the grammar compiler's tests and the recognizers' benchmark
/// include generated recognizers beside them, as the crate does.
#[doc(hidden)]
pub mod peg_runtime {
    pub use crate::compiled::{report, support};
}

// Apart from the rest: it imports nothing of the library.
#[cfg(feature = "grammar-tools")]
#[cfg_attr(docsrs, doc(cfg(feature = "grammar-tools")))]
pub mod grammar_tools;

#[doc(inline)]
pub use error::{BuildError, BuildErrorKind, EncodeError, ParseError, ParseErrorKind, Part};
#[doc(inline)]
pub use identifier::Identifier;
#[doc(inline)]
pub use syntax::{Scheme, Syntax, TagSyntax, UnknownTagSyntax, UnknownUrnSyntax, UrnSyntax};
#[cfg(feature = "std")]
#[doc(inline)]
pub use tag::SystemClock;
#[doc(inline)]
pub use tag::{Clock, MintError, TagDate, TagLint, TagMinter, TagUri};
#[doc(inline)]
pub use urn::{Urn, UrnBuilder, UrnLint};

/// The examples of README.md run as doctests, so the README stays true to the code.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
