//! The corpora of the library's parse benchmarks (`benches/corpus/`), for the package's
//! benchmark (`bench/parse.mjs`), which parses the same identifiers in Node.js:
//!
//! * `corpus urns|invalid|tags` writes a corpus, one identifier a line;
//! * `corpus time ROUNDS` times `Urn::parse` natively on the URNs as the benchmark times the
//!   package, each round parsing the whole corpus, and prints the median and the fastest round
//!   in nanoseconds per URN: the native figure beside the package's, in the same run.
//!
//! `cargo run --profile native --example corpus -- urns`

use urn_tag_corpus as corpus;

use std::hint::black_box;
use std::io::{self, Write};
use std::time::Instant;

use urn_tag::Urn;

fn main() -> io::Result<()> {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_default();
    let urns = corpus::generated(100_000);
    let lines = match which.as_str() {
        "urns" => urns,
        "invalid" => corpus::invalidated(&urns),
        "tags" => corpus::generated_tags(100_000),
        "time" => {
            let rounds = args.next().and_then(|n| n.parse().ok()).unwrap_or(15);
            let (median, fastest) = time_parse(&urns, rounds);
            println!("{median:.1} {fastest:.1}");
            return Ok(());
        }
        _ => {
            eprintln!("usage: corpus urns|invalid|tags|time ROUNDS");
            std::process::exit(2);
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()
}

/// The median and the fastest of `rounds` rounds of `Urn::parse` over `urns`, after three
/// rounds of warming up, in nanoseconds per URN.
fn time_parse(urns: &[String], rounds: usize) -> (f64, f64) {
    let mut per_urn: Vec<f64> = (0..3 + rounds)
        .map(|_| {
            let start = Instant::now();
            for urn in urns {
                let _ = black_box(Urn::parse(black_box(urn)));
            }
            start.elapsed().as_nanos() as f64 / urns.len() as f64
        })
        .skip(3)
        .collect();
    per_urn.sort_by(f64::total_cmp);
    (per_urn[rounds / 2], per_urn[0])
}
