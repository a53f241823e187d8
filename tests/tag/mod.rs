//! Tag URIs: the `TagUri` value, minting, the RFC's examples and the design's rulings.

mod tag_api;
mod tag_mint;
mod tag_rfc_examples;
mod tag_rulings;
