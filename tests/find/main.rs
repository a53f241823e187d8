//! Finding URNs and tag URIs in free text: constructed cases and real documents.
//!
//! These modules share one test binary: linking an executable per test file was most of the
//! test build's time.
//!
//! The finder's allocation test keeps a binary of its own (tests/find_allocations.rs): it
//! installs a counting global allocator.

mod find_documents;
mod finder;
