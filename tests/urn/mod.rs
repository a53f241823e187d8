//! URNs: the `Urn` value, the RFCs' examples, the design's rulings, errors, equivalence,
//! namespaces, percent-encoding and the builder, and the `serde` feature.

mod percent_and_builder;
mod serde;
mod urn_api;
mod urn_equivalence;
mod urn_errors;
mod urn_namespaces;
mod urn_rfc_examples;
mod urn_rulings;
