//! The `.pest` grammars (the `grammar-tools` feature): the ABNF cross-check, the style gates,
//! the review tools, the namespace grammars and the grammar compiler against pest.
//!
//! These modules share one test binary: linking an executable per test file was most of the
//! test build's time.

// `namespace_grammars` compiles the library's src/namespace/prose.rs, which names the `alloc`
// crate as the library does; only an `extern crate` at the crate root puts it in scope there.
extern crate alloc;

// The same prose rules check a NewsML ProviderId's lengths with the library's src/dns.rs,
// which they name as `crate::dns`.
#[cfg(feature = "grammar-tools")]
#[path = "../../src/dns.rs"]
mod dns;

#[cfg(feature = "grammar-tools")]
mod abnf;

mod grammar_abnf;
mod grammar_style;
mod grammar_tools;
mod namespace_grammars;
mod peg_compiler;
