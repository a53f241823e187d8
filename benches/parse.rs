//! Parse time of a fixed corpus of realistic URNs, for this crate and, side by side in the
//! same run, the `urn` (0.7) and `urn-rs` (0.9) crates.
//!
//! Run with `cargo bench --bench parse`; the numbers are recorded in BENCHMARKS.md.

use std::hint::black_box;
use std::str::FromStr;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Realistic URNs from common namespaces, with and without components, and a few invalid
/// ones (every parser must reject those quickly too).
const CORPUS: &[&str] = &[
    "urn:isbn:0451450523",
    "urn:isbn:978-3-16-148410-0",
    "URN:ISBN:0-395-36341-1",
    "urn:issn:1046-8188",
    "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66",
    "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
    "urn:uuid:B571B0BC-4713-11EC-81D3-0242AC130003",
    "urn:ietf:rfc:8141",
    "urn:ietf:params:scim:schemas:core:2.0:User",
    "urn:ietf:params:xml:ns:yang:ietf-interfaces",
    "urn:ietf:params:oauth:grant-type:jwt-bearer",
    "urn:oid:2.16.840.1.113883.3.1937.777.24",
    "urn:oid:1.3.6.1.4.1.343",
    "urn:nbn:de:bvb:19-146642",
    "urn:nbn:fi:tkk-004781",
    "urn:nbn:se:uu:diva-3475",
    "urn:epc:id:sgtin:0614141.112345.400",
    "urn:epc:id:sscc:0614141.1234567890",
    "urn:epc:tag:sgtin-96:3.0614141.812345.6789",
    "urn:lex:it:stato:legge:2003-09-21;456",
    "urn:mpeg:mpeg7:schema:2001",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "urn:publicid:ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN",
    "urn:example:%D0%B0123,z456",
    "urn:example:caf%C3%A9-cr%C3%A8me",
    "urn:example:a123%2Cz456",
    "urn:example:1/406/47452/2",
    "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
    "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
    "urn:example:foo-bar-baz-qux#somepart",
    "urn:example:a123,z456?+abc?=xyz#789",
    "urn:nbn:de:bvb:19-146642?=format=pdf#page=3",
    "urn:example:a%zz",
    "urn:example:a?b",
    "urn:-bad:x",
    "urn:example",
];

fn corpus_bytes() -> u64 {
    CORPUS.iter().map(|urn| urn.len() as u64).sum()
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

criterion_group!(benches, parse);
criterion_main!(benches);
