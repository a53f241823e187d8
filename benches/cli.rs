//! The command line on a file of 1 000 000 generated URNs (`corpus::generated`, 40 MB), side
//! by side in the same run with ripgrep matching the same lines against the RFC 8141 ABNF as
//! one regular expression: `rg -c REGEX FILE`, which reads every line and counts the matches
//! (the peer of `check --quiet`), and `rg REGEX FILE`, which prints every matching line (the
//! peer of the commands that print an answer per line, `check --json` first).
//!
//! Each row is measured twice: by the wall-clock time of the process, as criterion measures,
//! and (group "CPU time") by the processor time the process used, user and system, which
//! Linux counts for the children a process has waited for (`/proc/self/stat`'s cutime and
//! cstime). On a machine other work keeps busy, a process waits for a processor for much of its
//! wall-clock time, and how long depends on the moment: rows measured minutes apart then
//! differ by the load more than by their work, while their processor times do not.
//!
//! Run with `cargo bench --features cli --bench cli` (ripgrep must be on the path: `apt-get
//! install ripgrep`; without it, only urn-tag is measured), or one group with `-- "CPU time"`.
//! The numbers are recorded in BENCHMARKS.md.

use std::fs::File;
use std::hint::black_box;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};

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

/// The rows: name, program, arguments, and whether the program reads the file on standard
/// input (urn-tag) or is given its path (ripgrep).
type Row<'a> = (&'a str, &'a str, Vec<&'a str>, bool);

/// Every row, in the order they run: the rows that a target compares run close together,
/// since the machine's load changes over a run: ripgrep counting right after `--quiet`,
/// ripgrep printing right before `--json`, each mode right beside itself with the namespace
/// grammars (which must not double the cost). Every output goes to /dev/null, which ripgrep
/// 13 writes to as to any file.
fn rows<'a>(urn_tag: &'a str, path: &'a str) -> Vec<Row<'a>> {
    let urn_tag_row = |name, args: &[&'a str]| (name, urn_tag, args.to_vec(), true);
    vec![
        urn_tag_row("urn-tag check --quiet", &["check", "--quiet"]),
        urn_tag_row(
            "urn-tag check --quiet --namespaces",
            &["check", "--quiet", "--namespaces"],
        ),
        (
            "ripgrep, RFC 8141 regex",
            "rg",
            vec!["-c", corpus::RFC8141_REGEX, path],
            false,
        ),
        (
            "ripgrep printing the matching lines",
            "rg",
            vec![corpus::RFC8141_REGEX, path],
            false,
        ),
        urn_tag_row("urn-tag check --json", &["check", "--json"]),
        urn_tag_row(
            "urn-tag check --json --namespaces",
            &["check", "--json", "--namespaces"],
        ),
        urn_tag_row("urn-tag check", &["check"]),
        urn_tag_row("urn-tag check --namespaces", &["check", "--namespaces"]),
    ]
}

/// Whether ripgrep is on the path; says so once when it is not.
fn has_ripgrep() -> bool {
    let found = Command::new("rg")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !found {
        eprintln!("ripgrep (rg) is not on the path: measuring urn-tag alone");
    }
    found
}

/// Runs each row in `group`, as one benchmark each.
fn bench_rows<M: Measurement>(group: &mut BenchmarkGroup<'_, M>, rows: &[Row<'_>], file: &Path) {
    let has_ripgrep = has_ripgrep();
    for (name, program, args, reads_stdin) in rows {
        if *program == "rg" && !has_ripgrep {
            continue;
        }
        let input = reads_stdin.then_some(file);
        assert_eq!(run(program, args, input), 0, "{name}: every URN is valid");
        group.bench_function(*name, |b| b.iter(|| black_box(run(program, args, input))));
    }
}

fn cli(c: &mut Criterion) {
    let file = urn_file();
    let path = file.to_str().expect("a UTF-8 path");
    let mut group = c.benchmark_group("check 1 000 000 URNs");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    bench_rows(
        &mut group,
        &rows(env!("CARGO_BIN_EXE_urn-tag"), path),
        &file,
    );
    group.finish();
}

/// The rows of the targets (`--quiet` and `--json` against ripgrep), by processor time.
fn cli_cpu(c: &mut Criterion<ChildCpuTime>) {
    let file = urn_file();
    let path = file.to_str().expect("a UTF-8 path");
    let mut group = c.benchmark_group("CPU time, check 1 000 000 URNs");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let rows: Vec<Row<'_>> = rows(env!("CARGO_BIN_EXE_urn-tag"), path)
        .into_iter()
        .filter(|(name, ..)| !name.contains("--namespaces"))
        .collect();
    bench_rows(&mut group, &rows, &file);
    group.finish();
}

/// The processor time, user and system, of the child processes waited for: what a command
/// costs whatever else the machine runs (the time it waited for a processor is not in it).
/// Read from `/proc/self/stat` in clock ticks (1/100 s, `getconf CLK_TCK`); criterion runs a
/// command over and over for each sample of about two seconds, so a tick is half a percent
/// of it at most.
struct ChildCpuTime {
    nanos_per_tick: f64,
}

impl ChildCpuTime {
    fn new() -> ChildCpuTime {
        let ticks_per_second = Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|output| String::from_utf8(output.stdout).ok())
            .and_then(|text| text.trim().parse::<f64>().ok())
            .unwrap_or(100.0);
        ChildCpuTime {
            nanos_per_tick: 1e9 / ticks_per_second,
        }
    }

    /// The children's user and system time so far, in ticks: fields 16 and 17 of
    /// `/proc/self/stat`, counted after the command's name (in parentheses, which may hold
    /// spaces).
    fn children_ticks() -> u64 {
        let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
        let after_name = &stat[stat.rfind(')').expect("the command's name") + 2..];
        // After the name come field 3 (the state) on: cutime and cstime are 16 and 17.
        let fields: Vec<&str> = after_name.split(' ').collect();
        fields[13].parse::<u64>().expect("cutime") + fields[14].parse::<u64>().expect("cstime")
    }
}

impl Measurement for ChildCpuTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        Self::children_ticks()
    }

    fn end(&self, start: u64) -> u64 {
        Self::children_ticks() - start
    }

    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }

    fn zero(&self) -> u64 {
        0
    }

    fn to_f64(&self, ticks: &u64) -> f64 {
        *ticks as f64 * self.nanos_per_tick
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        &Milliseconds
    }
}

/// Nanoseconds of processor time, shown in milliseconds.
struct Milliseconds;

impl ValueFormatter for Milliseconds {
    fn scale_values(&self, _typical: f64, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|value| *value /= 1e6);
        "ms"
    }

    fn scale_throughputs(&self, _typical: f64, _: &Throughput, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|value| *value /= 1e6);
        "ms"
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

criterion_group!(benches, cli);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ChildCpuTime::new());
    targets = cli_cpu
}
criterion_main!(benches, cpu);
