//! Parse time of a fixed corpus of realistic URNs, for this crate and, side by side in the
//! same run, the `urn` (0.7) and `urn-rs` (0.9) crates; and of a corpus of tag URIs, under
//! the RFC 4151 ABNF and the lenient syntax.
//!
//! Run with `cargo bench --bench parse`; the numbers are recorded in BENCHMARKS.md.

use std::hint::black_box;
use std::str::FromStr;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod corpus;
use corpus::{CORPUS, TAG_CORPUS};

fn corpus_bytes() -> u64 {
    corpus::bytes(CORPUS)
}

fn tag_corpus_bytes() -> u64 {
    corpus::bytes(TAG_CORPUS)
}

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse corpus");
    group.throughput(Throughput::Bytes(corpus_bytes()));
    group.bench_function("urn-tag Urn::parse", |b| {
        b.iter(|| {
            for input in CORPUS {
                let _ = black_box(urn_tag::Urn::parse(black_box(input)));
            }
        })
    });
    group.bench_function("urn 0.7 Urn::from_str", |b| {
        b.iter(|| {
            for input in CORPUS {
                let _ = black_box(urn::Urn::from_str(black_box(input)));
            }
        })
    });
    group.bench_function("urn-rs 0.9 Urn::from_str", |b| {
        b.iter(|| {
            for input in CORPUS {
                let _ = black_box(urn_rs::Urn::from_str(black_box(input)));
            }
        })
    });
    group.finish();
}

fn parse_tags(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse tag corpus");
    group.throughput(Throughput::Bytes(tag_corpus_bytes()));
    group.bench_function("urn-tag TagUri::parse", |b| {
        b.iter(|| {
            for input in TAG_CORPUS {
                let _ = black_box(urn_tag::TagUri::parse(black_box(input)));
            }
        })
    });
    group.bench_function("urn-tag TagUri::parse_with Lenient", |b| {
        b.iter(|| {
            for input in TAG_CORPUS {
                let parsed =
                    urn_tag::TagUri::parse_with(black_box(input), urn_tag::TagSyntax::Lenient);
                let _ = black_box(parsed);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, parse, parse_tags);
criterion_main!(benches);
