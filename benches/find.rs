//! Search time against text size, 1 KiB to 16 MiB, for ordinary text and for the inputs that
//! made an earlier finder quadratic. A linear finder keeps the time per byte flat down each
//! column.
//!
//! Run with `cargo bench --bench find`; the numbers are recorded in BENCHMARKS.md.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use urn_tag::Syntax;
use urn_tag::find::Finder;

/// Prose with Markdown, markup, URLs and a form body: five identifiers per paragraph.
const PROSE: &str = "The book urn:isbn:0451450523 (see <urn:ietf:rfc:8141>) and the feed \
    tag:example.com,2005:post-1, not urn:x. A resolver: https://n2t.net/urn:nbn:de:1/ and \
    `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=e30`.\n";

const SHAPES: [(&str, &str); 5] = [
    ("prose", PROSE),
    ("tag: repeated", "tag:"),
    ("urn:! repeated", "urn:!"),
    ("valid tags cut by %zz", "tag:a.b,2000:x%zz!"),
    ("one long URN", "a"),
];

fn text(shape: &str, unit: &str, len: usize) -> String {
    let body = unit.repeat(len / unit.len());
    if shape == "one long URN" {
        format!("urn:ab:{body}")
    } else {
        body
    }
}

fn scaling(c: &mut Criterion) {
    let mut group = c.benchmark_group("find by size");
    group.sample_size(10);
    for (shape, unit) in SHAPES {
        for kib in [1, 16, 256, 4096, 16384] {
            let input = text(shape, unit, kib * 1024);
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_with_input(BenchmarkId::new(shape, kib), &input, |b, input| {
                b.iter(|| Finder::new().identifiers(black_box(input)).count())
            });
        }
    }
    group.finish();
}

/// The shapes that stress a finder that checks namespaces, besides those above: URNs that
/// break their namespace, each holding the next (one quadratic finder tried each `urn:`
/// inside again: a minute for 1 MB).
const NAMESPACE_SHAPES: [(&str, &str); 7] = [
    ("prose", PROSE),
    ("tag: repeated", "tag:"),
    ("urn:! repeated", "urn:!"),
    ("URN:a: repeated", "URN:a:"),
    ("valid tags cut by %zz", "tag:a.b,2000:x%zz!"),
    ("ISBN URNs that break their namespace", "urn:isbn:"),
    ("UUID URNs that break their namespace", "urn:uuid:x-"),
];

/// Each shape at 16 MiB, with namespace checks on (`find --namespaces`).
fn namespaces(c: &mut Criterion) {
    let mut group = c.benchmark_group("find with namespaces, 16 MiB");
    group.sample_size(10);
    let finder = Finder::new().syntax(Syntax::new().with_namespaces(true));
    for (shape, unit) in NAMESPACE_SHAPES {
        let input = text(shape, unit, 16384 * 1024);
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(shape), &input, |b, input| {
            b.iter(|| finder.identifiers(black_box(input)).count())
        });
    }
    group.finish();
}

criterion_group!(benches, scaling, namespaces);
criterion_main!(benches);
