//! The `urn-tag` command line (the `cli` feature), run as a separate process.
//!
//! These modules share one test binary: linking an executable per test file was most of the
//! test build's time.

#[path = "../common/mod.rs"]
mod common;

mod commands;
mod explain;
mod find;
mod identifiers;
mod input;
mod json_schema;
mod lints;
mod memory;
mod namespaces;
mod output;
mod readme;
mod robustness;
mod sources;
mod tag;
mod terminal;
