//! Recognition alone, of the corpora of `benches/parse.rs`: the recognizers that build.rs
//! compiles from `urn.pest` and `tag.pest` against the pest-derived parsers of the same
//! grammars. Both sides find the verdict and the spans of the captured rules (pest's by
//! walking its pairs, as the crate's recognizer seam does); neither builds a value.
//!
//! Run with `cargo bench --bench recognize`; the numbers are recorded in BENCHMARKS.md.

// pest_derive, built without its `std` feature as the crate builds it, names `alloc`.
extern crate alloc;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pest::Parser;
use pest_derive::Parser;

use corpus::{CORPUS, TAG_CORPUS};
use urn_tag_corpus as corpus;

/// The types of the failure reports and the fixed functions that the compiled grammars use,
/// as the library defines them.
use urn_tag::peg_runtime::{report, support};

/// The generated recognizers, included as the crate includes them.
#[allow(dead_code)] // the benchmark calls one entry of each
mod compiled {
    use super::{report, support};

    pub mod urn {
        include!(concat!(env!("OUT_DIR"), "/urn_recognizer.rs"));
    }
    pub mod tag {
        include!(concat!(env!("OUT_DIR"), "/tag_recognizer.rs"));
    }
}

#[derive(Parser)]
#[grammar = "../urn.pest"]
struct UrnGrammar;

mod tag_grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../tag.pest"]
    pub struct TagGrammar;
}

/// The end of the last pair of each of `rules` (what the crate's seam reads off the parse).
fn pest_spans<R: pest::RuleType>(pairs: pest::iterators::Pairs<'_, R>, rules: &[R]) -> usize {
    let mut found = 0;
    for pair in pairs.flatten() {
        if rules.contains(&pair.as_rule()) {
            found ^= pair.as_span().end();
        }
    }
    found
}

fn urns(c: &mut Criterion) {
    let mut group = c.benchmark_group("recognize corpus");
    group.throughput(Throughput::Bytes(corpus::bytes(CORPUS)));
    group.bench_function("compiled rfc8141", |b| {
        b.iter(|| {
            for input in CORPUS {
                black_box(compiled::urn::rfc8141(black_box(input).as_bytes()));
            }
        })
    });
    let captured = [
        Rule::NID,
        Rule::r_component,
        Rule::q_component,
        Rule::f_component,
    ];
    group.bench_function("pest rfc8141", |b| {
        b.iter(|| {
            for input in CORPUS {
                let parsed = UrnGrammar::parse(Rule::rfc8141, black_box(input));
                black_box(parsed.map(|pairs| pest_spans(pairs, &captured)).ok());
            }
        })
    });
    group.finish();
}

fn tags(c: &mut Criterion) {
    use tag_grammar::{Rule, TagGrammar};
    let mut group = c.benchmark_group("recognize tag corpus");
    group.throughput(Throughput::Bytes(corpus::bytes(TAG_CORPUS)));
    group.bench_function("compiled rfc4151", |b| {
        b.iter(|| {
            for input in TAG_CORPUS {
                black_box(compiled::tag::rfc4151(black_box(input).as_bytes()));
            }
        })
    });
    group.bench_function("compiled lenient", |b| {
        b.iter(|| {
            for input in TAG_CORPUS {
                black_box(compiled::tag::lenient(black_box(input).as_bytes()));
            }
        })
    });
    let captured = [
        Rule::emailAddress,
        Rule::erratum1485_emailAddress,
        Rule::DNSname,
        Rule::opaqueAuthority,
        Rule::date,
        Rule::fragment,
    ];
    for (name, entry) in [
        ("pest rfc4151", Rule::rfc4151),
        ("pest lenient", Rule::lenient),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                for input in TAG_CORPUS {
                    let parsed = TagGrammar::parse(entry, black_box(input));
                    black_box(parsed.map(|pairs| pest_spans(pairs, &captured)).ok());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, urns, tags);
criterion_main!(benches);
