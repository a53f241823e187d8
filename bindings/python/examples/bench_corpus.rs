//! Writes the benchmark corpus of the Python benchmark (`benches/bench.py`): the URNs of the
//! crate's command-line benchmark (`corpus::generated`, the same generator and seed), one per
//! line, or with `--regex` the RFC 8141 regular expression the Rust benchmarks use.
//!
//! `cargo run --release --example bench_corpus -- 1000000 > urns.txt`

use std::io::{BufWriter, Write};

use urn_tag_corpus as corpus;

fn main() -> std::io::Result<()> {
    let argument = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "1000000".to_owned());
    let mut out = BufWriter::new(std::io::stdout().lock());
    if argument == "--regex" {
        writeln!(out, "{}", corpus::RFC8141_REGEX)?;
    } else {
        let count: usize = argument.parse().map_err(std::io::Error::other)?;
        for urn in corpus::generated(count) {
            writeln!(out, "{urn}")?;
        }
    }
    out.flush()
}
