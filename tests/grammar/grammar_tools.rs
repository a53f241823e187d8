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
    assert_has_lines(
        &text,
        &[
            "match    f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
            "  uuid 0..36 \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"",
            "    uuid_UUID 0..36 \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"",
            "      uuid_time_low 0..8 \"f81d4fae\"",
            "      uuid_node 24..36 \"00a0c91e6bf6\"",
            "no match 12345: expected uuid_time_low at byte 0",
        ],
    );
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
    assert_has_lines(
        &text,
        &[
            "match    urn:example:a?+r?=q#f",
            "  rfc8141 0..21 \"urn:example:a?+r?=q#f\"",
            "    namestring 0..21 \"urn:example:a?+r?=q#f\"",
            "      NID 4..11 \"example\"",
            "      NSS 12..13 \"a\"",
            "      r_component 15..16 \"r\"",
            "      q_component 18..19 \"q\"",
            "      f_component 20..21 \"f\"",
        ],
    );
}

/// A parse tree deeper than 32 levels is indented as the 32nd and says its depth, so that a
/// rule that recurses on every byte prints lines of bounded width, not the square of the input.
#[test]
fn try_indents_a_deep_parse_tree_at_most_32_levels() {
    let dir = TempDir::new("deep-tree");
    let grammar = dir.file("deep.pest", "r = { \"a\" ~ r? }\n");
    let input = "a".repeat(40);
    let output = urn_tag(&[
        "grammar",
        "try",
        "--grammar",
        &grammar,
        "--rule",
        "r",
        &input,
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 41, "{text}");
    assert_eq!(lines[1], format!("  r 0..40 {input:?}"));
    assert_eq!(lines[33], format!("{:66}r 32..40 {:?}", "", &input[32..]));
    assert_eq!(
        lines[34],
        format!("{:66}(depth 34) r 33..40 {:?}", "", &input[33..])
    );
    assert_eq!(lines[40], format!("{:66}(depth 40) r 39..40 \"a\"", ""));
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

/// Asserts that each of `lines` is a whole line of `text`.
#[track_caller]
fn assert_has_lines(text: &str, lines: &[&str]) {
    for line in lines {
        assert!(text.lines().any(|l| l == *line), "{line:?} in:\n{text}");
    }
}

/// `grammar try` with `--explain` (and `--steps` when `steps`) on inputs of RULE in FILE.
#[track_caller]
fn try_explained(file: &str, rule: &str, steps: bool, inputs: &[&str]) -> Output {
    let mut args = vec![
        "grammar",
        "try",
        "--grammar",
        file,
        "--rule",
        rule,
        "--explain",
    ];
    if steps {
        args.push("--steps");
    }
    args.push("--");
    args.extend(inputs);
    urn_tag(&args)
}

/// `--explain` says why a URN fails in the playground's words: the deepest attempt as a tree,
/// the furthest byte and what was expected there.
#[test]
fn try_explain_shows_the_deepest_attempt_of_a_failing_urn() {
    let output = try_explained(
        &format!("{ROOT}/urn.pest"),
        "rfc8141",
        false,
        &["urn:example:a%zz"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stdout(&output).replace(ROOT, "ROOT"),
        "no match urn:example:a%zz: rfc8141 under ROOT/urn.pest got no further than byte 14, expecting '0'..'9', 'A'..'F', 'a'..'f' or NSS
  urn:example:a%zz
                ^
  The deepest attempt:
    rfc8141 0.. stopped at byte 14
      namestring 0.. stopped at byte 14
        assigned_name 0.. stopped at byte 14
          NID 4..11 \"example\"
          NSS 12.. stopped at byte 14
            pchar 12..13 \"a\"
            pchar 13.. stopped at byte 14
              pct_encoded 13.. stopped at byte 14
                HEXDIG 14.. stopped at byte 14
"
    );
}

/// A rule that matches a prefix only is explained by its run to the end of the input.
#[test]
fn try_explain_shows_where_a_prefix_match_got_no_further() {
    let output = try_explained(&format!("{ROOT}/urn.pest"), "NID", false, &["ab:c"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stdout(&output).replace(ROOT, "ROOT"),
        "no match ab:c: NID matches bytes 0..2 only, not the rest
  ab:c
    ^
  NID 0..2 \"ab\"
  NID under ROOT/urn.pest got no further than byte 2, expecting \"-\", '0'..'9', 'A'..'Z', 'a'..'z' or NID. The deepest attempt:
    NID 0.. stopped at byte 2
      alphanum 0..1 \"a\"
      alphanum 1.. stopped at byte 2
        ALPHA 1..2 \"b\"
"
    );
}

/// The rule added to run RULE to the end of the input takes a name the grammar does not use.
#[test]
fn try_explain_runs_a_prefix_to_the_end_under_a_name_of_its_own() {
    let dir = TempDir::new("whole-input");
    let grammar = dir.file("whole.pest", "whole_input = { \"a\"+ }\n");
    let output = try_explained(&grammar, "whole_input", true, &["ab"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stdout(&output).replace(&grammar, "FILE"),
        "no match ab: whole_input matches bytes 0..1 only, not the rest
  ab
   ^
  whole_input 0..1 \"a\"
  whole_input under FILE got no further than byte 1, expecting \"a\" or whole_input. The deepest attempt:
    whole_input 0..1 \"a\"
  the run, event by event (2 in all):
  1  entered whole_input at byte 0
  2  whole_input matched bytes 0..1
     the run got no further than byte 1, expecting \"a\" or whole_input
"
    );
}

/// `--explain` leaves the report on a matching input as it is; `--steps` adds its events.
#[test]
fn try_steps_lists_the_events_of_a_matching_run() {
    let grammar = format!("{ROOT}/urn.pest");
    let plain = urn_tag(&[
        "grammar",
        "try",
        "--grammar",
        &grammar,
        "--rule",
        "NID",
        "ab",
    ]);
    let explained = try_explained(&grammar, "NID", false, &["ab"]);
    assert_eq!(explained.status.code(), Some(0), "{}", stderr(&explained));
    assert_eq!(stdout(&explained), stdout(&plain));
    assert_eq!(stdout(&plain), "match    ab\n  NID 0..2 \"ab\"\n");
    let stepped = try_explained(&grammar, "NID", true, &["ab"]);
    assert_eq!(stepped.status.code(), Some(0), "{}", stderr(&stepped));
    assert_eq!(
        stdout(&stepped),
        "match    ab
  NID 0..2 \"ab\"
  the run, event by event (16 in all):
   1  entered NID at byte 0
   2    entered alphanum at byte 0
   3      entered ALPHA at byte 0
   4      ALPHA matched bytes 0..1
   5    alphanum matched bytes 0..1
   6    entered alphanum at byte 1
   7      entered ALPHA at byte 1
   8      ALPHA matched bytes 1..2
   9    alphanum matched bytes 1..2
  10    entered alphanum at byte 2
  11      entered ALPHA at byte 2
  12      ALPHA failed; back to byte 2
  13      entered DIGIT at byte 2
  14      DIGIT failed; back to byte 2
  15    alphanum failed; back to byte 2
  16  NID matched bytes 0..2
"
    );
}

/// A failing run's events end on a line at its trace's byte, in colour with `--color always`.
#[test]
fn try_steps_end_a_failing_run_where_its_trace_does() {
    let output = urn_tag(&[
        "--color",
        "always",
        "grammar",
        "try",
        "--grammar",
        &format!("{ROOT}/urn.pest"),
        "--rule",
        "NID",
        "--steps",
        "a:",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert_has_lines(
        &text,
        &[
            "  \u{1b}[2m 4\u{1b}[0m      \u{1b}[32mALPHA matched bytes 0..1\u{1b}[0m",
            "  \u{1b}[2m12\u{1b}[0m  \u{1b}[31mNID failed; back to byte 0\u{1b}[0m",
            "      \u{1b}[31mthe run got no further than byte 1, expecting \"-\", '0'..'9', \
             'A'..'Z', 'a'..'z' or NID\u{1b}[0m",
        ],
    );
    assert!(
        text.ends_with("or NID\u{1b}[0m\n"),
        "the trace's line is the last:\n{text}"
    );
}

/// A run of more than 5 000 events shows the first 5 000 and says how many there were.
#[test]
fn try_steps_say_where_the_events_are_cut() {
    let dir = TempDir::new("steps");
    let grammar = dir.file("many.pest", "r = { a* ~ EOI }\na = { \"a\" }\n");
    let input = format!("{}b", "a".repeat(2_600));
    let output = try_explained(&grammar, "r", true, &[&input]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    let numbered = text
        .lines()
        .filter(|line| {
            line.starts_with("  ") && line[2..].trim_start().starts_with(char::is_numeric)
        })
        .count();
    assert_eq!(numbered, 5_000, "{}", &text[text.len() - 300..]);
    assert!(
        text.ends_with(
            "  4 999    a matched bytes 2498..2499
  5 000    entered a at byte 2499
  … 204 more events not shown, 5 204 in all
         the run got no further than byte 2600, expecting \"a\" or a
"
        ),
        "{}",
        &text[text.len() - 300..]
    );
    assert!(
        text.contains("/many.pest got no further than byte 2600, expecting \"a\" or a\n")
            && text.contains(
                "^\n  The deepest attempt:\n    r 0.. stopped at byte 2600\n      a 0..1 \"a\"\n"
            ),
        "{}",
        &text[..600]
    );
}

/// The interpreter's limits hold for `--explain` and `--steps` as for the plain run: a grammar
/// that recurses on every byte or backtracks without end gets an answer, and a deep run's lines
/// are indented only so far.
#[test]
fn try_explain_and_steps_keep_the_interpreters_limits() {
    let dir = TempDir::new("explain-limits");
    let recursive = dir.file("recursive.pest", "r = { \"a\" ~ r | \"b\" }\n");
    let deep = format!("{}c", "a".repeat(100_000));
    let output = try_explained(&recursive, "r", true, &[&deep]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with("refused  aaaaaaaaaaaa"),
        "{}",
        &text[..200]
    );
    assert!(text.len() < 1_000_000, "{} bytes", text.len());
    // Deep, but within the stack: the attempt nests 101 levels, indented 33 at most.
    let output = try_explained(&recursive, "r", true, &[&format!("{}c", "a".repeat(100))]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains(&format!(
            "\n{}(depth 34) r 33.. stopped at byte 100\n",
            " ".repeat(68)
        )),
        "{text}"
    );
    let deepest: Vec<&str> = text
        .lines()
        .filter(|line| line.contains("(depth "))
        .collect();
    // The 68 rules of the attempt deeper than 33 levels, each entered and failed in the run.
    assert_eq!(deepest.len(), 3 * (101 - 33), "{text}");
    assert!(deepest.iter().all(|line| line.len() < 120), "{text}");

    let exponential = dir.file(
        "exponential.pest",
        "r = { x ~ \"c\" }\nx = { \"a\" ~ x ~ \"b\" | \"a\" ~ x ~ \"c\" | \"a\" ~ x ~ \"d\" | \"a\" }\n",
    );
    let output = try_explained(&exponential, "r", true, &["aaaaaaaaaaaaaaaaaaaaaae"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with(
            "refused  aaaaaaaaaaaaaaaaaaaaaae: stopped after 1 000 000 rule calls: this grammar \
             backtracks too much on this input (at byte 22)\n  the run, event by event ("
        ),
        "{}",
        &text[..300]
    );
}

/// The byte `--explain` names is the byte of the library's error, on every row of
/// tests/data/rejections.tsv but those of a NID longer than 32 characters: the grammar's
/// bounded repetition ends at the 33rd character, where the library says it, while pest's
/// deepest attempt got further by backtracking over it (or the length is the library's own
/// check, which the grammar leaves to it).
#[test]
fn try_explain_names_the_byte_of_the_library_error() {
    use urn_tag::{TagSyntax, TagUri, Urn, UrnSyntax};

    let rows = include_str!("../data/rejections.tsv");
    let mut by_syntax: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in rows.lines().filter(|line| !line.starts_with('#')).skip(1) {
        let [syntax, input, message] = line.splitn(3, '\t').collect::<Vec<_>>()[..] else {
            panic!("a row of three fields: {line:?}");
        };
        if message.starts_with("NID longer than 32 characters") {
            continue;
        }
        match by_syntax.iter_mut().find(|(name, _)| *name == syntax) {
            Some((_, inputs)) => inputs.push(input),
            None => by_syntax.push((syntax, vec![input])),
        }
    }
    let mut checked = 0;
    for (syntax, inputs) in &by_syntax {
        let (file, library): (&str, Vec<usize>) = if let Ok(urn) = syntax.parse::<UrnSyntax>() {
            let errors = inputs.iter().map(|input| {
                Urn::parse_with(input, urn)
                    .expect_err("a rejection")
                    .index()
            });
            ("urn.pest", errors.collect())
        } else {
            let tag: TagSyntax = syntax.parse().expect("a URN or tag syntax");
            let errors = inputs.iter().map(|input| {
                TagUri::parse_with(input, tag)
                    .expect_err("a rejection")
                    .index()
            });
            ("tag.pest", errors.collect())
        };
        let output = try_explained(&format!("{ROOT}/{file}"), syntax, false, inputs);
        assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
        let text = stdout(&output);
        let traced: Vec<usize> = text
            .lines()
            .filter_map(|line| line.split_once(" got no further than byte "))
            .map(|(_, rest)| {
                let digits = rest
                    .split(|c: char| !c.is_ascii_digit())
                    .next()
                    .expect("a byte");
                digits.parse().expect("a number")
            })
            .collect();
        assert_eq!(
            traced.len(),
            inputs.len(),
            "{syntax}: a trace per input:\n{text}"
        );
        for ((input, library), traced) in inputs.iter().zip(&library).zip(&traced) {
            assert_eq!(traced, library, "{syntax} {input:?}");
            checked += 1;
        }
    }
    assert!(checked > 2_000, "only {checked} rows");
}
