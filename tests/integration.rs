//! The integration tests: one test binary, since linking an executable per test file was most
//! of the test build's time. Each area is a module (a directory of files), and `common` holds
//! the assertions they share.
//!
//! Run one area with its module's name: `cargo test --all-features --test integration cli::`.
//! (`tests/find` and `tests/grammar` are binaries of their own, and `tests/allocations.rs`
//! must be, since it replaces the global allocator.)

mod common;

mod cli;
mod conformance;
mod layering;
mod tag;
mod urn;
