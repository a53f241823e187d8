//! Tag URIs: the `TagUri` value, minting, the RFC's examples and the design's rulings.
//!
//! These modules share one test binary: linking an executable per test file was most of the
//! test build's time.

#[path = "../common/mod.rs"]
mod common;

mod tag_api;
mod tag_mint;
mod tag_rfc_examples;
mod tag_rulings;
