//! The command line on a file of 1 000 000 generated URNs (`corpus::generated`, 40 MB), side
//! by side in the same run with ripgrep matching the same lines against the RFC 8141 ABNF as
//! one regular expression (`rg -c REGEX FILE`, which reads every line and counts the matches).
//!
//! Run with `cargo bench --features cli --bench cli` (ripgrep must be on the path: `apt-get
//! install ripgrep`; without it, only urn-tag is measured). The numbers are recorded in
//! BENCHMARKS.md.

use std::fs::File;
use std::hint::black_box;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};

mod corpus;

/// The million URNs, one per line, written once into the benchmark's scratch directory.
fn urn_file() -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("urns-1000000.txt");
    if !path.exists() {
        let mut out = BufWriter::new(File::create(&path).expect("the scratch file"));
        for urn in corpus::generated(1_000_000) {
            writeln!(out, "{urn}").expect("written");
        }
        out.flush().expect("flushed");
    }
    path
}

/// Runs `program` with `args`, standard input from `input` (when given) and its output
/// discarded; asserts that it ran and returns its exit code.
fn run(program: &str, args: &[&str], input: Option<&Path>) -> i32 {
    let stdin = match input {
        Some(path) => Stdio::from(File::open(path).expect("the input")),
        None => Stdio::null(),
    };
    let status = Command::new(program)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("the program runs");
    status.code().expect("an exit code")
}

fn cli(c: &mut Criterion) {
    let file = urn_file();
    let urn_tag = env!("CARGO_BIN_EXE_urn-tag");
    let mut group = c.benchmark_group("check 1 000 000 URNs");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    // Each with and without the namespace grammars, which must not double the cost.
    let modes: [(&str, &[&str]); 6] = [
        ("urn-tag check --quiet", &["check", "--quiet"]),
        (
            "urn-tag check --quiet --namespaces",
            &["check", "--quiet", "--namespaces"],
        ),
        ("urn-tag check", &["check"]),
        ("urn-tag check --namespaces", &["check", "--namespaces"]),
        ("urn-tag check --json", &["check", "--json"]),
        (
            "urn-tag check --json --namespaces",
            &["check", "--json", "--namespaces"],
        ),
    ];
    for (name, args) in modes {
        assert_eq!(
            run(urn_tag, args, Some(&file)),
            0,
            "{name}: every URN is valid"
        );
        group.bench_function(name, |b| {
            b.iter(|| black_box(run(urn_tag, args, Some(&file))))
        });
    }
    let path = file.to_str().expect("a UTF-8 path");
    let rg_args = ["-c", corpus::RFC8141_REGEX, path];
    let has_ripgrep = Command::new("rg")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if has_ripgrep {
        assert_eq!(run("rg", &rg_args, None), 0, "ripgrep matches every line");
        group.bench_function("ripgrep, RFC 8141 regex", |b| {
            b.iter(|| black_box(run("rg", &rg_args, None)))
        });
    } else {
        eprintln!("ripgrep (rg) is not on the path: measuring urn-tag alone");
    }
    group.finish();
}

criterion_group!(benches, cli);
criterion_main!(benches);
