//! Writes the benchmark corpus of the Python benchmarks (`benches/bench.py`, `benches/engines.py`):
//! the URNs of the crate's command-line benchmark (`corpus::generated`, the same generator and
//! seed), one per line, or with `--regex` the RFC 8141 regular expression the Rust benchmarks
//! use. With `--invalid-every N`, every Nth URN is made invalid at its last byte
//! (`corpus::invalidated`), so that a tenth of the rows are invalid with `N` = 10.
//!
//! `cargo run --release --example bench_corpus -- 1000000 > urns.txt`
//! `cargo run --release --example bench_corpus -- 2000000 --invalid-every 10 > urns.txt`

use std::io::{BufWriter, Write};

use urn_tag_corpus as corpus;

fn main() -> std::io::Result<()> {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let mut out = BufWriter::new(std::io::stdout().lock());
    match arguments.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["--regex"] => writeln!(out, "{}", corpus::RFC8141_REGEX)?,
        [] => write_urns(&mut out, 1_000_000, None)?,
        [count] => write_urns(&mut out, number(count)?, None)?,
        [count, "--invalid-every", every] => {
            write_urns(&mut out, number(count)?, Some(number(every)?))?
        }
        _ => {
            return Err(std::io::Error::other(
                "usage: bench_corpus [COUNT [--invalid-every N]] | --regex",
            ));
        }
    }
    out.flush()
}

fn number(text: &str) -> std::io::Result<usize> {
    text.parse().map_err(std::io::Error::other)
}

fn write_urns(
    out: &mut impl Write,
    count: usize,
    invalid_every: Option<usize>,
) -> std::io::Result<()> {
    let urns = corpus::generated(count);
    let invalid = corpus::invalidated(&urns);
    for (i, (urn, broken)) in urns.iter().zip(&invalid).enumerate() {
        let is_invalid = invalid_every.is_some_and(|every| every > 0 && i % every == every - 1);
        writeln!(out, "{}", if is_invalid { broken } else { urn })?;
    }
    Ok(())
}
