//! Strict parsing, comparison and building of Uniform Resource Names and `tag` URIs.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod error;
mod grammar;
mod percent;
pub mod tag;
pub mod urn;

pub use error::{ErrorKind, ParseError, Part};
#[cfg(feature = "std")]
pub use tag::SystemClock;
pub use tag::{AuthorityKind, Clock, MintError, TagDate, TagMinter, TagSyntax, TagUri};
pub use urn::{Spec, UnknownSpec, Urn};

/// The examples of README.md run as doctests, so the README stays true to the code.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
