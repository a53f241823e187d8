//! The finder on real documents: for each kind of document in `tests/data/find/<kind>/`, the
//! matches are compared with the `.expected` file beside each document (written by reading
//! the document; its first line names the source), and precision and recall are at least
//! 0.98 for every kind.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use urn_tag::find;

/// The lowest precision and recall accepted for any kind of document.
const REQUIRED: f64 = 0.98;

/// Matches counted over the documents of one kind.
#[derive(Debug, Default)]
struct Tally {
    found: usize,
    expected: usize,
    correct: usize,
    /// Differences, for the failure message: (document, identifier, found - expected).
    differences: Vec<(String, String, isize)>,
}

impl Tally {
    fn precision(&self) -> f64 {
        if self.found == 0 {
            1.0
        } else {
            self.correct as f64 / self.found as f64
        }
    }

    fn recall(&self) -> f64 {
        if self.expected == 0 {
            1.0
        } else {
            self.correct as f64 / self.expected as f64
        }
    }
}

/// The expected identifiers of a `.expected` file, in order; `#` lines are comments.
fn expected_identifiers(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.rsplit('\t').next().unwrap_or(line))
        .collect()
}

fn count<'a>(items: impl IntoIterator<Item = &'a str>) -> BTreeMap<&'a str, isize> {
    let mut counts = BTreeMap::new();
    for item in items {
        *counts.entry(item).or_insert(0) += 1;
    }
    counts
}

fn tallies() -> BTreeMap<String, Tally> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/find");
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for kind in fs::read_dir(&root).expect("tests/data/find") {
        let kind = kind.unwrap().path();
        let kind_name = kind.file_name().unwrap().to_string_lossy().into_owned();
        for entry in fs::read_dir(&kind).unwrap() {
            let document = entry.unwrap().path();
            if document.extension().is_some_and(|ext| ext == "expected") {
                continue;
            }
            let expected_path = document.with_extension("expected");
            let expected_text = fs::read_to_string(&expected_path)
                .unwrap_or_else(|e| panic!("{}: {e}", expected_path.display()));
            assert!(
                expected_text.starts_with("# source: "),
                "{} must name its source on its first line",
                expected_path.display()
            );
            let text = fs::read_to_string(&document).unwrap();
            let found: Vec<&str> = find::identifiers(&text).map(|m| &text[m.range()]).collect();
            let expected = expected_identifiers(&expected_text);
            let (found_counts, expected_counts) = (
                count(found.iter().copied()),
                count(expected.iter().copied()),
            );
            let tally = tallies.entry(kind_name.clone()).or_default();
            tally.found += found.len();
            tally.expected += expected.len();
            let name = document.file_name().unwrap().to_string_lossy().into_owned();
            let mut all: Vec<&str> = found_counts
                .keys()
                .chain(expected_counts.keys())
                .copied()
                .collect();
            all.sort_unstable();
            all.dedup();
            for id in all {
                let (f, e) = (
                    found_counts.get(id).copied().unwrap_or(0),
                    expected_counts.get(id).copied().unwrap_or(0),
                );
                tally.correct += f.min(e) as usize;
                if f != e {
                    tally.differences.push((name.clone(), id.to_owned(), f - e));
                }
            }
        }
    }
    tallies
}

#[test]
fn precision_and_recall_per_kind_of_document() {
    let tallies = tallies();
    assert!(tallies.len() >= 12, "one directory per kind of document");
    let mut report = String::from("kind | documents' identifiers | found | precision | recall\n");
    let mut failures = Vec::new();
    for (kind, tally) in &tallies {
        report += &format!(
            "{kind} | {} | {} | {:.3} | {:.3}\n",
            tally.expected,
            tally.found,
            tally.precision(),
            tally.recall()
        );
        if tally.precision() < REQUIRED || tally.recall() < REQUIRED {
            failures.push((kind, &tally.differences));
        }
    }
    println!("{report}");
    assert!(failures.is_empty(), "{report}\n{failures:#?}");
}
