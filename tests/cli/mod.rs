//! The `urn-tag` command line (the `cli` feature), run as a separate process.

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
