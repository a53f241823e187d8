//! Parse time against input size, 1 KiB to 1 MiB: valid URNs whose NSS mixes plain
//! characters and percent-encodings, and the same input made invalid at its very end (the
//! error path reads everything too).
//!
//! Run with `cargo bench --bench scaling`; the numbers are recorded in BENCHMARKS.md.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use urn_tag::Urn;

fn nss_of(len: usize) -> String {
    "a1-b2.c3%2Cd4:e5/f6".chars().cycle().take(len).collect()
}

fn scaling(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse by size");
    group.sample_size(20);
    for kib in [1, 8, 64, 512, 1024] {
        let valid = format!("urn:example:{}", nss_of(kib * 1024));
        let valid = valid.trim_end_matches('%').to_owned();
        let invalid = format!("{valid}%zz");
        group.throughput(Throughput::Bytes(valid.len() as u64));
        group.bench_with_input(BenchmarkId::new("valid", kib), &valid, |b, input| {
            b.iter(|| black_box(Urn::parse(black_box(input))).unwrap())
        });
        group.bench_with_input(
            BenchmarkId::new("invalid at the end", kib),
            &invalid,
            |b, input| b.iter(|| black_box(Urn::parse(black_box(input))).unwrap_err()),
        );
    }
    group.finish();
}

criterion_group!(benches, scaling);
criterion_main!(benches);
