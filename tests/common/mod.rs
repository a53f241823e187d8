//! Assertions shared by the integration tests.
#![allow(dead_code)] // the command line's helpers are used only with the `cli` feature

use urn_tag::tag::AuthorityKind;
use urn_tag::{ParseError, ParseErrorKind, TagSyntax, TagUri, Urn, UrnSyntax};

/// The parts of a URN as a test states them; `None` means absent.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Parts<'a> {
    pub nid: &'a str,
    pub nss: &'a str,
    pub r: Option<&'a str>,
    pub q: Option<&'a str>,
    pub f: Option<&'a str>,
}

impl<'a> Parts<'a> {
    pub fn new(nid: &'a str, nss: &'a str) -> Self {
        Parts {
            nid,
            nss,
            ..Parts::default()
        }
    }

    pub fn r(self, r: &'a str) -> Self {
        Parts { r: Some(r), ..self }
    }

    pub fn q(self, q: &'a str) -> Self {
        Parts { q: Some(q), ..self }
    }

    pub fn f(self, f: &'a str) -> Self {
        Parts { f: Some(f), ..self }
    }

    /// The parts of a parsed URN; for the 2011 draft, `q` and `f` hold the query and fragment.
    pub fn of(urn: &'a Urn) -> Self {
        let (q, f) = match urn.syntax() {
            UrnSyntax::Rfc2141bis => (urn.query(), urn.fragment()),
            _ => (urn.q_component(), urn.f_component()),
        };
        Parts {
            nid: urn.nid(),
            nss: urn.nss(),
            r: urn.r_component(),
            q,
            f,
        }
    }
}

/// Parses `input` under `spec`, checks that it round-trips and has exactly `parts`.
#[track_caller]
pub fn assert_parts(input: &str, spec: UrnSyntax, parts: Parts<'_>) -> Urn {
    let urn = Urn::parse_with(input, spec)
        .unwrap_or_else(|e| panic!("{spec}: {input:?} should parse, got: {e}"));
    assert_eq!(urn.as_str(), input, "{spec}: as_str round-trip");
    assert_eq!(urn.to_string(), input, "{spec}: Display round-trip");
    assert_eq!(urn.syntax(), spec);
    assert_eq!(Parts::of(&urn), parts, "{spec}: parts of {input:?}");
    urn
}

/// Checks that `input` is rejected under `spec` with exactly this kind, index and message.
#[track_caller]
pub fn assert_error(
    input: &str,
    spec: UrnSyntax,
    kind: ParseErrorKind,
    index: usize,
    message: &str,
) {
    let error: ParseError = match Urn::parse_with(input, spec) {
        Ok(urn) => panic!("{spec}: {input:?} should be rejected, parsed as {urn:?}"),
        Err(error) => error,
    };
    assert_eq!(
        (error.kind(), error.index(), error.to_string().as_str()),
        (kind, index, message),
        "{spec}: error for {input:?}"
    );
    assert!(error.index() <= input.len(), "index inside the input");
}

/// The parts of a tag as a test states them: the date as written, `None` for no fragment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagParts<'a> {
    pub authority: &'a str,
    pub kind: AuthorityKind,
    pub date: &'a str,
    pub specific: &'a str,
    pub fragment: Option<&'a str>,
}

impl<'a> TagParts<'a> {
    pub fn dns(authority: &'a str, date: &'a str, specific: &'a str) -> Self {
        TagParts {
            authority,
            kind: AuthorityKind::Dns,
            date,
            specific,
            fragment: None,
        }
    }

    pub fn email(authority: &'a str, date: &'a str, specific: &'a str) -> Self {
        TagParts {
            kind: AuthorityKind::Email,
            ..TagParts::dns(authority, date, specific)
        }
    }

    pub fn opaque(authority: &'a str, date: &'a str, specific: &'a str) -> Self {
        TagParts {
            kind: AuthorityKind::Opaque,
            ..TagParts::dns(authority, date, specific)
        }
    }

    pub fn fragment(self, fragment: &'a str) -> Self {
        TagParts {
            fragment: Some(fragment),
            ..self
        }
    }

    pub fn of(tag: &'a TagUri) -> Self {
        TagParts {
            authority: tag.authority(),
            kind: tag.authority_kind(),
            date: tag.date_as_written(),
            specific: tag.specific(),
            fragment: tag.fragment(),
        }
    }
}

/// Parses the tag `input` under `syntax`, checks that it round-trips and has exactly `parts`.
#[track_caller]
pub fn assert_tag(input: &str, syntax: TagSyntax, parts: TagParts<'_>) -> TagUri {
    let tag = TagUri::parse_with(input, syntax)
        .unwrap_or_else(|e| panic!("{syntax}: {input:?} should parse, got: {e}"));
    assert_eq!(tag.as_str(), input, "{syntax}: as_str round-trip");
    assert_eq!(tag.to_string(), input, "{syntax}: Display round-trip");
    assert_eq!(tag.syntax(), syntax);
    assert_eq!(TagParts::of(&tag), parts, "{syntax}: parts of {input:?}");
    let entity = format!("{},{}", parts.authority, parts.date);
    assert_eq!(tag.tagging_entity(), entity, "{syntax}: tagging entity");
    tag
}

/// Checks that the tag `input` is rejected under `syntax` with exactly this kind, index and
/// message.
#[track_caller]
pub fn assert_tag_error(
    input: &str,
    syntax: TagSyntax,
    kind: ParseErrorKind,
    index: usize,
    message: &str,
) {
    let error: ParseError = match TagUri::parse_with(input, syntax) {
        Ok(tag) => panic!("{syntax}: {input:?} should be rejected, parsed as {tag:?}"),
        Err(error) => error,
    };
    assert_eq!(
        (error.kind(), error.index(), error.to_string().as_str()),
        (kind, index, message),
        "{syntax}: error for {input:?}"
    );
    assert!(error.index() <= input.len(), "index inside the input");
}

/// The values of column `index` (from 0) of a vector file of tests/data: its rows after the
/// `#` comment lines and the header.
pub fn column(data: &str, index: usize) -> impl Iterator<Item = &str> {
    data.lines()
        .filter(|line| !line.starts_with('#'))
        .skip(1)
        .map(move |line| line.split('\t').nth(index).expect("the column exists"))
}

/// Each input with one of `alphabet` inserted before each of its characters (and at its
/// end), and put in place of each of its characters; `""` in the alphabet deletes.
pub fn one_edit_mutations(inputs: &[String], alphabet: &[&str]) -> Vec<String> {
    let mut mutations = Vec::new();
    for input in inputs {
        let boundaries: Vec<usize> = (0..=input.len())
            .filter(|&i| input.is_char_boundary(i))
            .collect();
        for (k, &i) in boundaries.iter().enumerate() {
            let next = boundaries.get(k + 1).copied().unwrap_or(input.len());
            for c in alphabet {
                mutations.push(format!("{}{c}{}", &input[..i], &input[i..]));
                mutations.push(format!("{}{c}{}", &input[..i], &input[next..]));
            }
        }
    }
    mutations
}

/// Runs the `urn-tag` binary with `args`, `stdin` on its standard input (written from another
/// thread, so that a large input cannot deadlock against a full output pipe), no colour.
#[cfg(feature = "cli")]
pub fn run_cli(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_urn-tag"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urn-tag runs");
    let mut input = child.stdin.take().expect("a pipe");
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&bytes));
    let output = child.wait_with_output().expect("urn-tag ends");
    writer
        .join()
        .expect("the writer ends")
        .expect("urn-tag reads its input");
    output
}

/// Runs the `urn-tag` binary as [`run_cli`] does, and asserts its exit status, standard output
/// and standard error, all at once so that a failure shows them together.
#[cfg(feature = "cli")]
#[track_caller]
pub fn assert_run(args: &[&str], stdin: &[u8], code: i32, stdout: &str, stderr: &str) {
    let output = run_cli(args, stdin);
    assert_eq!(
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).as_ref(),
            String::from_utf8_lossy(&output.stderr).as_ref()
        ),
        (Some(code), stdout, stderr),
        "urn-tag {args:?}"
    );
}

/// `config`, with the failing cases proptest has seen for `module` kept in
/// `tests/proptest-regressions/<module>.txt` and run again first. (proptest's own default puts
/// them beside the `main.rs` or `lib.rs` above the source file, which these modules lack.)
pub fn keeping_regressions(
    config: proptest::test_runner::Config,
    module: &str,
) -> proptest::test_runner::Config {
    let file = format!("tests/proptest-regressions/{module}.txt");
    let persistence = proptest::test_runner::FileFailurePersistence::Direct(file.leak());
    proptest::test_runner::Config {
        failure_persistence: Some(Box::new(persistence)),
        ..config
    }
}
