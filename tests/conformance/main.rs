//! The whole library against outside references: the test vectors and verdicts of other
//! libraries, an independent oracle for error indexes, recorded messages of rejections, and
//! properties and robustness on generated inputs.
//!
//! These modules share one test binary: linking an executable per test file was most of the
//! test build's time.
//!
//! proptest keeps the failing cases it has seen in `tests/proptest-regressions/<module>.txt`
//! (its default place for a source file beside a `main.rs`) and runs them again first.

#[path = "../common/mod.rs"]
mod common;

mod error_index;
mod peer_differential;
mod peer_tag_vectors;
mod peer_vectors;
mod properties;
mod rejections;
mod robustness;
