//! Parse time of URNs and tag URIs, for this crate and its peers side by side in the same run:
//!
//! * urn-tag `Urn::parse` (an owned value: one copy of the text) and `Urn::parse_borrowed`
//!   (no copy), through the recognizers compiled from `urn.pest`, and `parse_borrowed`
//!   followed by `check_namespace` (the namespace grammars of `namespaces/`);
//! * the pest-derived parser of the same `urn.pest` (the reference the compiled recognizers
//!   are proven equal to), reading the same offsets off its pairs;
//! * the `urn` (0.7) and `urn-rs` (0.9) crates, `UrnSlice::try_from` (borrowed, their fastest);
//! * the `regex` crate with the RFC 8141 ABNF as one regular expression, `captures`.
//!
//! Corpora: 36 hand-picked URNs (`corpus::CORPUS`), 100 000 generated URNs of common
//! namespaces (`corpus::generated`), the same 100 000 made invalid at their last byte, 100 000
//! generated tag URIs of the same average length (`corpus::generated_tags`), and 24
//! hand-picked tag URIs (`corpus::TAG_CORPUS`).
//!
//! The first group, "side by side", holds the rows the targets of BENCHMARKS.md compare,
//! back to back, so that each pair runs under the same load.
//!
//! Run with `cargo bench --bench parse`; the numbers are recorded in BENCHMARKS.md.

// pest_derive, built without its `std` feature as the crate builds it, names `alloc`.
extern crate alloc;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pest::Parser;
use pest_derive::Parser;

use corpus::{CORPUS, RFC8141_REGEX, TAG_CORPUS};
use urn_tag_corpus as corpus;

/// The pest-derived parser of `urn.pest`, as the crate's `pest-reference` feature runs it.
#[derive(Parser)]
#[grammar = "../urn.pest"]
struct UrnGrammar;

mod tag_grammar {
    /// The pest-derived parser of `tag.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "../tag.pest"]
    pub struct TagGrammar;
}

/// What the pest reference reads off a parse: the NID's end and the components' starts.
fn pest_offsets(input: &str) -> Option<[usize; 4]> {
    let pairs = UrnGrammar::parse(Rule::rfc8141, input).ok()?;
    let mut offsets = [0; 4];
    for pair in pairs.flatten() {
        let span = pair.as_span();
        match pair.as_rule() {
            Rule::NID => offsets[0] = span.end(),
            Rule::r_component => offsets[1] = span.start(),
            Rule::q_component => offsets[2] = span.start(),
            Rule::f_component => offsets[3] = span.start(),
            _ => {}
        }
    }
    Some(offsets)
}

/// Every parser of the comparison, over one corpus.
fn urn_group<S: AsRef<str>>(c: &mut Criterion, name: &str, corpus: &[S]) {
    use urn_tag::Urn;
    let regex = regex::Regex::new(RFC8141_REGEX).expect("the RFC 8141 regex");
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(corpus.len() as u64));
    row(&mut group, "urn-tag Urn::parse", corpus, Urn::parse);
    row(
        &mut group,
        "urn-tag Urn::parse_borrowed",
        corpus,
        Urn::parse_borrowed,
    );
    // What `check --namespaces` adds: the namespace grammar and prose rules of each URN that
    // parses, to be held to at most twice the cost of parsing alone.
    row(
        &mut group,
        "urn-tag Urn::parse_borrowed + check_namespace",
        corpus,
        check_namespace,
    );
    row(
        &mut group,
        "pest reference (urn.pest)",
        corpus,
        pest_offsets,
    );
    row(
        &mut group,
        "urn 0.7 UrnSlice::try_from",
        corpus,
        urn::UrnSlice::try_from,
    );
    row(
        &mut group,
        "urn-rs 0.9 UrnSlice::try_from",
        corpus,
        urn_rs::UrnSlice::try_from,
    );
    row(&mut group, "regex RFC 8141 captures", corpus, |input| {
        regex.captures(input)
    });
    group.finish();
}

/// A borrowed parse followed by the namespace check, for a URN that parses.
fn check_namespace(input: &str) -> Option<urn_tag::namespace::NamespaceCheck> {
    let urn = urn_tag::Urn::parse_borrowed(input).ok()?;
    Some(urn.check_namespace())
}

fn urns(c: &mut Criterion) {
    urn_group(c, "urn corpus (36)", CORPUS);
    let generated = corpus::generated(100_000);
    urn_group(c, "urn generated (100 000)", &generated);
    urn_group(
        c,
        "urn generated, invalid at the end (100 000)",
        &corpus::invalidated(&generated),
    );
}

fn tags(c: &mut Criterion) {
    use tag_grammar::{Rule, TagGrammar};
    use urn_tag::{TagSyntax, TagUri};
    let pest = |input: &str| {
        TagGrammar::parse(Rule::rfc4151, input)
            .map(|pairs| pairs.flatten().count())
            .ok()
    };
    // Tags of the same length on average as the generated URNs, for the comparison of the two
    // parsers per identifier.
    let generated = corpus::generated_tags(100_000);
    let mut group = c.benchmark_group("tag generated (100 000)");
    group.throughput(Throughput::Elements(generated.len() as u64));
    row(
        &mut group,
        "urn-tag TagUri::parse",
        &generated,
        TagUri::parse,
    );
    row(
        &mut group,
        "urn-tag TagUri::parse_borrowed",
        &generated,
        TagUri::parse_borrowed,
    );
    row(&mut group, "pest reference (tag.pest)", &generated, pest);
    group.finish();

    let mut group = c.benchmark_group("tag corpus (24)");
    group.throughput(Throughput::Elements(TAG_CORPUS.len() as u64));
    row(
        &mut group,
        "urn-tag TagUri::parse",
        TAG_CORPUS,
        TagUri::parse,
    );
    row(
        &mut group,
        "urn-tag TagUri::parse_borrowed",
        TAG_CORPUS,
        TagUri::parse_borrowed,
    );
    row(
        &mut group,
        "urn-tag TagUri::parse_with Lenient",
        TAG_CORPUS,
        |input| TagUri::parse_with(input, TagSyntax::Lenient),
    );
    row(&mut group, "pest reference (tag.pest)", TAG_CORPUS, pest);
    group.finish();
}

/// The rows the targets of BENCHMARKS.md compare, back to back in one group: the machine's
/// load changes over a run, and rows that run minutes apart (as the groups above do) can fall
/// in different spells of it. The pairs are `Urn::parse` and `TagUri::parse` (per identifier,
/// corpora of the same average length), `Urn::parse` and the namespace check after a borrowed
/// parse, and each of `Urn::parse` and `Urn::parse_borrowed` on valid URNs and on the same URNs
/// made invalid at their last byte.
fn side_by_side(c: &mut Criterion) {
    use urn_tag::{TagUri, Urn};
    let urns = corpus::generated(100_000);
    let invalid = corpus::invalidated(&urns);
    let tags = corpus::generated_tags(100_000);
    let mut group = c.benchmark_group("side by side (100 000 identifiers)");
    group.throughput(Throughput::Elements(urns.len() as u64));
    row(&mut group, "Urn::parse, URNs", &urns, Urn::parse);
    row(&mut group, "TagUri::parse, tags", &tags, TagUri::parse);
    row(
        &mut group,
        "Urn::parse_borrowed + check_namespace, URNs",
        &urns,
        check_namespace,
    );
    row(&mut group, "Urn::parse, invalid URNs", &invalid, Urn::parse);
    row(
        &mut group,
        "Urn::parse_borrowed, URNs",
        &urns,
        Urn::parse_borrowed,
    );
    row(
        &mut group,
        "Urn::parse_borrowed, invalid URNs",
        &invalid,
        Urn::parse_borrowed,
    );
    row(
        &mut group,
        "TagUri::parse_borrowed, tags",
        &tags,
        TagUri::parse_borrowed,
    );
    group.finish();
}

/// One row: `parse` over every input of `corpus`, its result kept from the optimizer.
fn row<'a, S: AsRef<str>, T>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    corpus: &'a [S],
    parse: impl Fn(&'a str) -> T,
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            for input in corpus {
                let _ = black_box(parse(black_box(input.as_ref())));
            }
        })
    });
}

criterion_group!(benches, side_by_side, urns, tags);
criterion_main!(benches);
