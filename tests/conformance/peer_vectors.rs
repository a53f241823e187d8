//! The URN test vectors of other libraries, run data-driven (tests/data/peer-urn-vectors.tsv).
//!
//! Each row states the peer's verdict (`expected`), the spec this crate runs it under
//! (`run_as`), this crate's verdict (`verdict`) and, where the two differ, why
//! (`disagreement`). The test checks this crate's verdict, the components the peer asserts,
//! and that the list of disagreements is exactly right: no unexplained difference, and no
//! explanation left over for a difference that no longer exists.

use urn_tag::{Urn, UrnSyntax};

struct Row<'a> {
    line: usize,
    source: &'a str,
    input: &'a str,
    expected: &'a str,
    nid: &'a str,
    nss: &'a str,
    r: &'a str,
    q: &'a str,
    f: &'a str,
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
        "source_repo\tsource_path\tspec\tinput\texpected\tnid\tnss\trcomp\tqcomp\tfcomp\tnote\trun_as\tverdict\tdisagreement"
    );
    lines
        .map(|(index, line)| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 14, "line {}: {line:?}", index + 1);
            Row {
                line: index + 1,
                source: f[0],
                input: f[3],
                expected: f[4],
                nid: f[5],
                nss: f[6],
                r: f[7],
                q: f[8],
                f: f[9],
                run_as: f[11],
                verdict: f[12],
                disagreement: f[13],
            }
        })
        .collect()
}

/// Runs one row; returns a description of each problem found.
fn check(row: &Row<'_>) -> Vec<String> {
    let (spec, wrap) = row.run_as.split_once('-').unwrap_or((row.run_as, "urn"));
    let spec: UrnSyntax = spec.parse().expect("run_as names a spec");
    let text = match wrap {
        "nid" => format!("urn:{}:x", row.input),
        "nss" => format!("urn:example:{}", row.input),
        _ => row.input.to_owned(),
    };
    let parsed = Urn::parse_with(&text, spec);
    let ours = if parsed.is_ok() { "valid" } else { "invalid" };
    let mut problems = Vec::new();
    if ours != row.verdict {
        problems.push(format!(
            "verdict {ours}, table says {}: {parsed:?}",
            row.verdict
        ));
    }
    // The peer's component assertions; an empty column asserts nothing.
    let components_agree = match &parsed {
        Ok(urn) if row.expected == "valid" => {
            let pairs: Vec<(&str, &str)> = match wrap {
                "nid" => vec![(
                    if row.nid.is_empty() {
                        row.input
                    } else {
                        row.nid
                    },
                    urn.nid(),
                )],
                "nss" => vec![(row.nss, urn.nss())],
                _ => vec![
                    (row.nid, urn.nid()),
                    (row.nss, urn.nss()),
                    (row.r, urn.r_component().unwrap_or("")),
                    (row.q, urn.q_component().unwrap_or("")),
                    (row.f, urn.f_component().unwrap_or("")),
                ],
            };
            pairs
                .iter()
                .all(|(want, got)| want.is_empty() || want == got)
        }
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
fn peer_urn_vectors() {
    let data = include_str!("../data/peer-urn-vectors.tsv");
    let rows = rows(data);
    assert!(rows.len() > 800);
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

/// Every spec is exercised, as are the component wrappers, and disagreements stay a minority.
#[test]
fn peer_urn_vectors_cover_every_mode() {
    let data = include_str!("../data/peer-urn-vectors.tsv");
    let rows = rows(data);
    for run_as in [
        "rfc8141",
        "rfc2141",
        "rfc8141-nid",
        "rfc2141-nid",
        "rfc8141-nss",
        "rfc2141-nss",
    ] {
        assert!(rows.iter().any(|row| row.run_as == run_as), "{run_as}");
    }
    let disagreements = rows
        .iter()
        .filter(|row| !row.disagreement.is_empty())
        .count();
    assert_eq!(disagreements, 61);
}
