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

use urn_tag_corpus as corpus;

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
    group.measurement_time(Duration::from_secs(20));
    let path = file.to_str().expect("a UTF-8 path");
    let rg_args = ["-c", corpus::RFC8141_REGEX, path];
    let has_ripgrep = Command::new("rg")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !has_ripgrep {
        eprintln!("ripgrep (rg) is not on the path: measuring urn-tag alone");
    }
    // The rows the targets compare run close together, since the machine's load changes
    // over a run: ripgrep between `--quiet` and `--json`, each mode right beside itself
    // with the namespace grammars (which must not double the cost). urn-tag reads the file
    // on standard input; ripgrep is given its path.
    let stdin = Some(file.as_path());
    let rows: [(&str, &str, &[&str], Option<&Path>); 7] = [
        (
            "urn-tag check --quiet",
            urn_tag,
            &["check", "--quiet"],
            stdin,
        ),
        (
            "urn-tag check --quiet --namespaces",
            urn_tag,
            &["check", "--quiet", "--namespaces"],
            stdin,
        ),
        ("ripgrep, RFC 8141 regex", "rg", &rg_args, None),
        ("urn-tag check --json", urn_tag, &["check", "--json"], stdin),
        (
            "urn-tag check --json --namespaces",
            urn_tag,
            &["check", "--json", "--namespaces"],
            stdin,
        ),
        ("urn-tag check", urn_tag, &["check"], stdin),
        (
            "urn-tag check --namespaces",
            urn_tag,
            &["check", "--namespaces"],
            stdin,
        ),
    ];
    for (name, program, args, input) in rows {
        if program == "rg" && !has_ripgrep {
            continue;
        }
        assert_eq!(run(program, args, input), 0, "{name}: every URN is valid");
        group.bench_function(name, |b| b.iter(|| black_box(run(program, args, input))));
    }
    group.finish();
}

criterion_group!(benches, cli);
criterion_main!(benches);
