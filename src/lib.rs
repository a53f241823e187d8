//! Strict parsing, comparison and building of Uniform Resource Names and `tag` URIs.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;

mod error;
pub mod find;
mod grammar;
pub mod percent;
pub mod urn;

pub use error::{BuildError, ErrorKind, ParseError, Part};
pub use urn::{Spec, UnknownSpec, Urn, UrnBuilder};

/// The examples of README.md run as doctests, so the README stays true to the code.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
