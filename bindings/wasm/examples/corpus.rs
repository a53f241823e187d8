//! Writes the corpora of the library's parse benchmarks (`benches/corpus/mod.rs`), one
//! identifier a line, for the package's benchmark (`bench/parse.mjs`) to parse the same
//! identifiers in Node.js as `cargo bench --bench parse` does natively.
//!
//! `cargo run --release --example corpus -- urns|invalid|tags`

#[path = "../../../benches/corpus/mod.rs"]
mod corpus;

use std::io::{self, Write};

fn main() -> io::Result<()> {
    let which = std::env::args().nth(1).unwrap_or_default();
    let urns = corpus::generated(100_000);
    let lines = match which.as_str() {
        "urns" => urns,
        "invalid" => corpus::invalidated(&urns),
        "tags" => corpus::generated_tags(100_000),
        _ => {
            eprintln!("usage: corpus urns|invalid|tags");
            std::process::exit(2);
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()
}
