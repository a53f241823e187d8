//! `urn-tag grammar`: the review tools work as docs/grammar-review.md documents them, on every
//! `.pest` file at the repository root and in `namespaces/`.
#![cfg(feature = "grammar-tools")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn urn_tag(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urn-tag"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run urn-tag")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The stems of the `.pest` files at the repository root: `urn`, ...
fn grammar_stems() -> Vec<String> {
    let mut stems: Vec<String> = std::fs::read_dir(ROOT)
        .expect("repository root")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "pest"))
        .map(|path| {
            path.file_stem()
                .expect("stem")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    stems.sort();
    assert!(stems.contains(&"urn".to_owned()));
    stems
}

/// The grammar files of `namespaces/`, as paths from the repository root without `.pest`:
/// `namespaces/3gpp`, ...
fn namespace_stems() -> Vec<String> {
    let mut stems: Vec<String> = std::fs::read_dir(Path::new(ROOT).join("namespaces"))
        .expect("namespaces/")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "pest"))
        .map(|path| {
            let stem = path.file_stem().expect("stem").to_string_lossy();
            format!("namespaces/{stem}")
        })
        .collect();
    stems.sort();
    assert!(stems.len() >= 20, "{stems:?}");
    stems
}

/// Every grammar file, as a path from the repository root without `.pest`.
fn all_grammar_stems() -> Vec<String> {
    let mut stems = grammar_stems();
    stems.extend(namespace_stems());
    stems
}

/// The files in `dir` (relative to the repository root), sorted.
fn file_names(dir: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(Path::new(ROOT).join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|entry| {
            entry
                .expect("directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// A fresh directory under the system's temporary directory, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("urn-tag-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("temporary directory");
        TempDir(path)
    }

    fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("write temporary file");
        path.to_string_lossy().into_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn committed_diagrams_are_up_to_date() {
    let output = urn_tag(&[
        "grammar",
        "diagram",
        "--out",
        &format!("{ROOT}/docs/grammar"),
        "--check",
    ]);
    assert!(
        output.status.success(),
        "docs/grammar is stale: run `cargo run --features grammar-tools -- grammar diagram --out \
         docs/grammar` and commit the result\n{}",
        stderr(&output)
    );
    // One page per grammar file, and nothing else: the root's pages, and those of the
    // namespace grammars in namespaces/.
    let mut expected: Vec<String> = grammar_stems()
        .iter()
        .map(|s| format!("{s}.html"))
        .collect();
    expected.push("namespaces".to_owned());
    expected.sort();
    assert_eq!(
        file_names("docs/grammar"),
        expected,
        "docs/grammar holds one page per .pest file at the root, and namespaces/"
    );
    let expected: Vec<String> = namespace_stems()
        .iter()
        .map(|s| format!("{}.html", s.trim_start_matches("namespaces/")))
        .collect();
    assert_eq!(
        file_names("docs/grammar/namespaces"),
        expected,
        "docs/grammar/namespaces holds one page per namespace grammar"
    );
}

#[test]
fn diagram_writes_one_page_per_grammar_with_every_rule() {
    let dir = TempDir::new("diagram");
    let out = dir.0.to_string_lossy().into_owned();
    let output = urn_tag(&["grammar", "diagram", "--out", &out]);
    assert!(output.status.success(), "{}", stderr(&output));
    let page = std::fs::read_to_string(dir.0.join("urn.html")).expect("urn.html");
    for rule in [
        "rfc8141",
        "NID",
        "r_component",
        "rfc2141_NSS",
        "rfc2141bis_URI",
    ] {
        assert!(page.contains(&format!("<section id=\"{rule}\">")), "{rule}");
    }
    assert_eq!(
        page.matches("<svg").count(),
        page.matches("<section").count()
    );
    assert!(page.contains("RFC 8141 §2.3.1: &quot;The r-component ends with"));
    assert!(page.contains("// PEG: the ABNF alone would let an r-component swallow"));
    let page = std::fs::read_to_string(dir.0.join("namespaces/iso.html")).expect("iso.html");
    for rule in [
        "iso",
        "iso_docidentifier",
        "iso_docelement",
        "iso_techelement",
    ] {
        assert!(page.contains(&format!("<section id=\"{rule}\">")), "{rule}");
    }
    assert!(page.contains("RFC 5141 erratum 6328 (verified; §2.4.1 and Appendix B):"));
    assert!(page.contains("// PEG: a range starts with an element number"));
    for stem in namespace_stems() {
        assert!(dir.0.join(format!("{stem}.html")).is_file(), "{stem}.html");
    }
    // The same file gives the same bytes.
    let again = urn_tag(&["grammar", "diagram", "--out", &out, "--check"]);
    assert!(again.status.success(), "{}", stderr(&again));
}

#[test]
fn diagram_check_reports_a_stale_page() {
    let dir = TempDir::new("stale");
    dir.file("urn.html", "<html>old</html>\n");
    let output = urn_tag(&[
        "grammar",
        "diagram",
        "--out",
        &dir.0.to_string_lossy(),
        "--check",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("urn.html is stale"),
        "{}",
        stderr(&output)
    );
    assert!(stderr(&output).contains("grammar diagram --out"));

    // A page in namespaces/ that no grammar file makes.
    let dir = TempDir::new("stray");
    let out = dir.0.to_string_lossy().into_owned();
    let written = urn_tag(&["grammar", "diagram", "--out", &out]);
    assert!(written.status.success(), "{}", stderr(&written));
    std::fs::write(dir.0.join("namespaces/x-gone.html"), "<html></html>\n").expect("write");
    std::fs::write(dir.0.join("namespaces/uuid.html"), "<html>old</html>\n").expect("write");
    let output = urn_tag(&["grammar", "diagram", "--out", &out, "--check"]);
    assert_eq!(output.status.code(), Some(1));
    for page in [
        "namespaces/x-gone.html is stale",
        "namespaces/uuid.html is stale",
    ] {
        assert!(
            stderr(&output).contains(page),
            "{page}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn every_rule_is_exercised_by_a_test_vector() {
    let output = urn_tag(&["grammar", "coverage"]);
    let text = stdout(&output);
    assert!(
        output.status.success(),
        "rules never exercised; add test vectors that they accept:\n{}\n{text}",
        stderr(&output)
    );
    for stem in all_grammar_stems() {
        assert!(
            text.contains(&format!("{stem}.pest: ")),
            "{stem}.pest is not covered"
        );
    }
    let nid = text
        .lines()
        .find(|line| line.trim_start().starts_with("NID "))
        .expect("a line for NID");
    let counts: Vec<usize> = nid
        .split_whitespace()
        .skip(1)
        .map(|n| n.parse().expect("a count"))
        .collect();
    assert!(counts[0] > 300 && counts[1] >= counts[0], "{nid}");
    // A namespace grammar's rules count the NSSs of its test data; a rule called only inside
    // a predicate counts the inputs on which it matched.
    let counts = |rule: &str| -> Vec<usize> {
        let line = text
            .lines()
            .find(|line| line.split_whitespace().next() == Some(rule))
            .unwrap_or_else(|| panic!("a line for {rule}"));
        line.split_whitespace()
            .skip(1)
            .filter_map(|n| n.parse().ok())
            .collect()
    };
    let uuid = counts("uuid_node");
    assert!(uuid[0] >= 20 && uuid[1] >= uuid[0], "{uuid:?}");
    let series = text
        .lines()
        .find(|line| line.trim_start().starts_with("ietf_series "))
        .expect("a line for ietf_series");
    assert!(series.ends_with("(predicate)"), "{series}");
    assert!(counts("ietf_series")[0] > 0, "{series}");
}

/// `grammar try` runs a namespace grammar's entry rule, or any of its rules, on an NSS.
#[test]
fn try_runs_a_namespace_grammar_on_an_nss() {
    let output = urn_tag(&[
        "grammar",
        "try",
        "--grammar",
        &format!("{ROOT}/namespaces/uuid.pest"),
        "--rule",
        "uuid",
        "f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        "12345",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    for line in [
        "match    f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        "  uuid 0..36 \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"",
        "    uuid_UUID 0..36 \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"",
        "      uuid_time_low 0..8 \"f81d4fae\"",
        "      uuid_node 24..36 \"00a0c91e6bf6\"",
        "no match 12345: expected uuid_time_low at byte 0",
    ] {
        assert!(text.lines().any(|l| l == line), "{line:?} in:\n{text}");
    }
    let output = urn_tag(&[
        "grammar",
        "try",
        "--grammar",
        &format!("{ROOT}/namespaces/iso.pest"),
        "--rule",
        "iso_docidentifier",
        "iso:9999:-1:ed-1:en",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("    iso_partnumber 9..11 \"-1\"\n"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn try_shows_the_parse_tree_with_byte_spans() {
    let output = urn_tag(&[
        "grammar",
        "try",
        "--grammar",
        &format!("{ROOT}/urn.pest"),
        "--rule",
        "rfc8141",
        "urn:example:a?+r?=q#f",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    for line in [
        "match    urn:example:a?+r?=q#f",
        "  rfc8141 0..21 \"urn:example:a?+r?=q#f\"",
        "    namestring 0..21 \"urn:example:a?+r?=q#f\"",
        "      NID 4..11 \"example\"",
        "      NSS 12..13 \"a\"",
        "      r_component 15..16 \"r\"",
        "      q_component 18..19 \"q\"",
        "      f_component 20..21 \"f\"",
    ] {
        assert!(text.lines().any(|l| l == line), "{line:?} in:\n{text}");
    }
}

#[test]
fn try_draws_a_caret_under_the_failing_byte() {
    let grammar = format!("{ROOT}/urn.pest");
    let output = urn_tag(&[
        "grammar",
        "try",
        "--grammar",
        &grammar,
        "--rule",
        "rfc8141",
        "urn:example:a",
        "urn:ex:a?b",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("match    urn:example:a\n"), "{text}");
    assert!(
        text.contains("no match urn:ex:a?b: expected EOI at byte 8\n  urn:ex:a?b\n          ^\n"),
        "{text}"
    );
    // A rule that matches a prefix only.
    let output = urn_tag(&[
        "grammar",
        "try",
        "--grammar",
        &grammar,
        "--rule",
        "NID",
        "ab:c",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output)
            .contains("no match ab:c: NID matches bytes 0..2 only, not the rest\n  ab:c\n    ^\n"),
        "{}",
        stdout(&output)
    );
}

/// An edited copy of each grammar file changes what `try` accepts: the file is read at run
/// time, nothing is compiled.
#[test]
fn try_runs_an_edited_copy_of_every_grammar_file() {
    let dir = TempDir::new("edited");
    for stem in all_grammar_stems() {
        let original = std::fs::read_to_string(format!("{ROOT}/{stem}.pest")).expect("grammar");
        let edited = dir.file(
            &format!("{}.pest", stem.replace('/', "-")),
            &format!(
                "{original}\n/// A rule added by a reviewer.\nprobe = {{ \"probe\" ~ EOI }}\n"
            ),
        );
        let before = urn_tag(&[
            "grammar",
            "try",
            "--grammar",
            &format!("{ROOT}/{stem}.pest"),
            "--rule",
            "probe",
            "probe",
        ]);
        assert_eq!(before.status.code(), Some(2), "{stem}: {}", stderr(&before));
        let after = urn_tag(&[
            "grammar",
            "try",
            "--grammar",
            &edited,
            "--rule",
            "probe",
            "probe",
        ]);
        assert_eq!(after.status.code(), Some(0), "{stem}: {}", stderr(&after));
    }
    // A change of language: RFC 8141 NIDs may end with "-" in this copy.
    let original = std::fs::read_to_string(format!("{ROOT}/urn.pest")).expect("urn.pest");
    let nid = "NID = @{ alphanum ~ (\"-\"* ~ alphanum)+ }";
    assert!(
        original.contains(nid),
        "urn.pest's NID rule changed; update this test"
    );
    let edited = dir.file(
        "urn-edited.pest",
        &original.replace(nid, "NID = @{ alphanum ~ (\"-\" | alphanum)+ }"),
    );
    let args = |grammar: &str| {
        urn_tag(&[
            "grammar",
            "try",
            "--grammar",
            grammar,
            "--rule",
            "rfc8141",
            "urn:ex-:a",
        ])
        .status
        .code()
    };
    assert_eq!(args(&format!("{ROOT}/urn.pest")), Some(1));
    assert_eq!(args(&edited), Some(0));
}

#[test]
fn try_reports_an_unusable_grammar_with_exit_2() {
    let dir = TempDir::new("broken");
    let broken = dir.file("broken.pest", "a = { b ~ \"x\" }\n");
    let output = urn_tag(&["grammar", "try", "--grammar", &broken, "--rule", "a", "x"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("is not a valid pest grammar"),
        "{}",
        stderr(&output)
    );
    assert!(
        stderr(&output).contains("rule b is undefined"),
        "{}",
        stderr(&output)
    );

    let missing = dir.0.join("missing.pest");
    let output = urn_tag(&[
        "grammar",
        "try",
        "--grammar",
        &missing.to_string_lossy(),
        "--rule",
        "a",
        "x",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("missing.pest"),
        "{}",
        stderr(&output)
    );

    let output = urn_tag(&[
        "grammar",
        "try",
        "--grammar",
        &format!("{ROOT}/urn.pest"),
        "--rule",
        "nid",
        "x",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("has no rule \"nid\""),
        "{}",
        stderr(&output)
    );

    let output = urn_tag(&[
        "grammar",
        "try",
        "--grammar",
        &format!("{ROOT}/urn.pest"),
        "--rule",
        "NID",
    ]);
    assert_eq!(output.status.code(), Some(2), "an INPUT is required");
}

/// A grammar that recurses on every byte, or backtracks exponentially, is stopped with a
/// message rather than overflowing the stack or running for minutes; one that nests deeper
/// than a grammar text may is refused before pest_meta reads it.
#[test]
fn try_stops_a_grammar_that_recurses_or_backtracks_without_end() {
    let dir = TempDir::new("limits");
    let recursive = dir.file("recursive.pest", "r = { \"a\" ~ r | \"b\" }\n");
    let deep = format!("{}b", "a".repeat(100_000));
    let output = urn_tag(&[
        "grammar",
        "try",
        "--grammar",
        &recursive,
        "--rule",
        "r",
        "aab",
        &deep,
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(out.starts_with("match    aab\n"), "{out}");
    assert!(
        out.contains(
            "\nrefused  aaaaaaaaaaaa"
        ) && out.contains(
            ": this grammar recursed deeper than the stack allows: its rules call one another too deep on this input (at byte "
        ),
        "{}",
        &out[..out.len().min(400)]
    );
    let exponential = dir.file(
        "exponential.pest",
        "r = { x ~ \"c\" }\nx = { \"a\" ~ x ~ \"b\" | \"a\" ~ x ~ \"c\" | \"a\" ~ x ~ \"d\" | \"a\" }\n",
    );
    let output = urn_tag(&[
        "grammar",
        "try",
        "--grammar",
        &exponential,
        "--rule",
        "r",
        "aaaaaaaaaaaaaaaaaaaaaae",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "refused  aaaaaaaaaaaaaaaaaaaaaae: stopped after 1 000 000 rule calls: this grammar \
         backtracks too much on this input (at byte 22)\n"
    );
    let nested = dir.file(
        "nested.pest",
        &format!("r = {{ {}\"x\"{} }}\n", "(".repeat(5000), ")".repeat(5000)),
    );
    let output = urn_tag(&["grammar", "try", "--grammar", &nested, "--rule", "r", "x"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains(
            "= this expression nests 129 levels deep here (each parenthesis, operator, further \
             term of a sequence or choice, and each copy a repetition makes is a level); a rule \
             may nest 128"
        ),
        "{}",
        stderr(&output)
    );
}
