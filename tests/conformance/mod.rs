//! The whole library against outside references: the test vectors and verdicts of other
//! libraries, an independent oracle for error indexes, recorded messages of rejections, and
//! properties and robustness on generated inputs.
//!
//! proptest keeps the failing cases it has seen in `tests/proptest-regressions/<module>.txt`
//! and runs them again first ([`keeping_regressions`](crate::common::keeping_regressions)).

mod error_index;
mod peer_differential;
mod peer_tag_vectors;
mod peer_vectors;
mod properties;
mod rejections;
mod robustness;
mod validity;
