//! The tag URI test vectors of other libraries, run data-driven (tests/data/peer-tag-vectors.tsv).
//!
//! Each row states the peer's verdict (`expected`) and the components it asserts, how this
//! crate runs it (`run_as`), this crate's verdict (`verdict`) and, where the two differ, the
//! rule that decides it (`disagreement`). The test checks this crate's verdict, the
//! components the peer asserts, that the verdict is the one the `note` column gives for the
//! RFC 4151 ABNF, and that the list of disagreements is exactly right: no unexplained
//! difference, and no explanation left over for a difference that no longer exists.

use urn_tag::TagUri;
use urn_tag::tag::AuthorityKind;

struct Row<'a> {
    line: usize,
    source: &'a str,
    input: &'a str,
    expected: &'a str,
    authority: &'a str,
    date: &'a str,
    specific: &'a str,
    fragment: &'a str,
    note: &'a str,
    run_as: &'a str,
    verdict: &'a str,
    disagreement: &'a str,
}

fn rows(data: &str) -> Vec<Row<'_>> {
    let mut lines = data
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#'));
    let (_, header) = lines.next().expect("header");
    assert_eq!(
        header,
        "source_repo\tsource_path\tinput\texpected\tauthority\tdate\tspecific\tfragment\tnote\trun_as\tverdict\tdisagreement"
    );
    lines
        .map(|(index, line)| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 12, "line {}: {line:?}", index + 1);
            Row {
                line: index + 1,
                source: f[0],
                input: f[2],
                expected: f[3],
                authority: f[4],
                date: f[5],
                specific: f[6],
                fragment: f[7],
                note: f[8],
                run_as: f[9],
                verdict: f[10],
                disagreement: f[11],
            }
        })
        .collect()
}

/// Parses the row as `run_as` says; `Ok` only when the input is valid as that component.
fn run(row: &Row<'_>) -> Result<TagUri, String> {
    let input = row.input;
    let text = match row.run_as {
        "rfc4151" => input.to_owned(),
        "rfc4151-authority" | "rfc4151-dns" | "rfc4151-email" => format!("tag:{input},2000:"),
        "rfc4151-date" => format!("tag:example.com,{input}:"),
        "rfc4151-specific" => format!("tag:example.com,2000:{input}"),
        other => panic!("line {}: unknown run_as {other:?}", row.line),
    };
    let tag = TagUri::parse(&text).map_err(|e| e.to_string())?;
    let whole = match row.run_as {
        "rfc4151" => true,
        "rfc4151-authority" => tag.authority() == input,
        "rfc4151-dns" => tag.authority() == input && tag.authority_kind() == AuthorityKind::Dns,
        "rfc4151-email" => tag.authority() == input && tag.authority_kind() == AuthorityKind::Email,
        "rfc4151-date" => tag.date_as_written() == input,
        _ => tag.specific() == input && tag.fragment().is_none(),
    };
    if whole {
        Ok(tag)
    } else {
        Err(format!("{input:?} is not one whole component of {tag:?}"))
    }
}

/// Runs one row; returns a description of each problem found.
fn check(row: &Row<'_>) -> Vec<String> {
    let parsed = run(row);
    let ours = if parsed.is_ok() { "valid" } else { "invalid" };
    let mut problems = Vec::new();
    if ours != row.verdict {
        problems.push(format!(
            "verdict {ours}, table says {}: {parsed:?}",
            row.verdict
        ));
    }
    if !row.note.contains(&format!("rfc4151-abnf={ours}")) {
        problems.push(format!("verdict {ours} is not the ABNF's: {}", row.note));
    }
    // The peer's component assertions; an empty column asserts nothing.
    let components_agree = match &parsed {
        Ok(tag) if row.expected == "valid" => [
            (row.authority, tag.authority()),
            (row.date, tag.date_as_written()),
            (row.specific, tag.specific()),
            (row.fragment, tag.fragment().unwrap_or("")),
        ]
        .iter()
        .all(|(want, got)| want.is_empty() || want == got),
        _ => true,
    };
    let agrees = ours == row.expected && components_agree;
    if agrees && !row.disagreement.is_empty() {
        problems.push(format!(
            "agrees with the peer, but a disagreement is recorded: {}",
            row.disagreement
        ));
    }
    if !agrees && row.disagreement.is_empty() {
        problems.push(format!(
            "differs from the peer ({} says {}) with no recorded reason",
            row.source, row.expected
        ));
    }
    problems
}

#[test]
fn peer_tag_vectors() {
    let data = include_str!("../data/peer-tag-vectors.tsv");
    let rows = rows(data);
    assert_eq!(rows.len(), 244);
    let failures: Vec<String> = rows
        .iter()
        .flat_map(|row| {
            check(row)
                .into_iter()
                .map(move |p| format!("line {} ({} {:?}): {p}", row.line, row.run_as, row.input))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every way of running a row is exercised, every peer library is, and the count of
/// disagreements is pinned.
#[test]
fn peer_tag_vectors_cover_every_mode() {
    let data = include_str!("../data/peer-tag-vectors.tsv");
    let rows = rows(data);
    for run_as in [
        "rfc4151",
        "rfc4151-authority",
        "rfc4151-dns",
        "rfc4151-email",
        "rfc4151-date",
        "rfc4151-specific",
    ] {
        assert!(rows.iter().any(|row| row.run_as == run_as), "{run_as}");
    }
    let mut sources: Vec<&str> = rows.iter().map(|row| row.source).collect();
    sources.dedup();
    sources.sort_unstable();
    sources.dedup();
    assert_eq!(sources.len(), 9, "{sources:?}");
    let disagreements = rows
        .iter()
        .filter(|row| !row.disagreement.is_empty())
        .count();
    assert_eq!(disagreements, 28);
}
