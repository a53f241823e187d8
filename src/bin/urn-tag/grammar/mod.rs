//! `urn-tag grammar`: tools for reviewing the `.pest` grammar files against their RFCs.
//!
//! * `diagram` writes one HTML page per grammar file: each rule's `///` text, its pest body
//!   and a railroad diagram drawn from the file itself.
//! * `coverage` counts, for every rule, the test-vector inputs that exercise it.
//! * `try` loads a `.pest` file at run time and tries one of its rules on some inputs.
//!
//! The grammar files and the test vectors are embedded at build time ([`GRAMMAR_FILES`]), so
//! `diagram` and `coverage` work from any directory.

mod coverage;
mod diagram;
mod source;
mod trial;

use crate::output::{Output, Written};

/// The `grammar` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Write DIR/urn.html (one page per grammar file): for each rule, its RFC section and
    /// ABNF, its pest body and a railroad diagram.
    Diagram(diagram::Args),
    /// List every rule of every grammar file with the number of test-vector inputs that
    /// exercise it; exit 1 if a rule is never exercised.
    Coverage(coverage::Args),
    /// Load a .pest file at run time and tell, for each INPUT, whether RULE matches all of
    /// it: the parse tree with byte spans, or the error under a caret. Exit 0 if RULE matches
    /// every input, 1 if not, 2 if the grammar file cannot be used.
    Try(trial::Args),
}

pub fn run(command: &Command, out: &mut Output) -> Written {
    match command {
        Command::Diagram(args) => diagram::run(args, out),
        Command::Coverage(args) => coverage::run(args, out),
        Command::Try(args) => trial::run(args, out),
    }
}

/// A grammar file of this repository, as built into the tool.
pub struct GrammarFile {
    /// The file's name at the repository root; its stem names the diagram page.
    pub name: &'static str,
    pub source: &'static str,
    /// The test vectors whose inputs exercise its rules.
    pub vectors: &'static [Vectors],
}

/// Every grammar file. A new one is one more line here (and its vectors).
pub const GRAMMAR_FILES: &[GrammarFile] = &[
    GrammarFile {
        name: "urn.pest",
        source: include_str!("../../../../urn.pest"),
        vectors: &[
            Vectors {
                name: "tests/data/urn-grammar-examples.tsv",
                text: include_str!("../../../../tests/data/urn-grammar-examples.tsv"),
                entry: EntryFrom::EntryColumn,
            },
            Vectors {
                name: "tests/data/peer-urn-vectors.tsv",
                text: include_str!("../../../../tests/data/peer-urn-vectors.tsv"),
                entry: EntryFrom::UrnRunAs,
            },
        ],
    },
    GrammarFile {
        name: "tag.pest",
        source: include_str!("../../../../tag.pest"),
        vectors: &[
            Vectors {
                name: "tests/data/tag-grammar-examples.tsv",
                text: include_str!("../../../../tests/data/tag-grammar-examples.tsv"),
                entry: EntryFrom::EntryColumn,
            },
            Vectors {
                name: "tests/data/peer-tag-vectors.tsv",
                text: include_str!("../../../../tests/data/peer-tag-vectors.tsv"),
                entry: EntryFrom::TagRunAs,
            },
        ],
    },
];

/// A tab-separated vector file: `#` comment lines, a header line naming the columns, one row
/// per line, the text to parse in the `input` column.
pub struct Vectors {
    /// Its path in the repository, for messages.
    pub name: &'static str,
    pub text: &'static str,
    /// How a row names the entry rule to parse its input with.
    pub entry: EntryFrom,
}

/// Where a vector row's entry rule comes from.
#[derive(Debug, Clone, Copy)]
pub enum EntryFrom {
    /// The `entry` column names the entry rule.
    EntryColumn,
    /// The `run_as` column of the URN peer vectors: a spec name, which is also the name of its
    /// entry rule in `urn.pest`, optionally followed by `-nid` (the input is a NID, parsed as
    /// `urn:INPUT:x`) or `-nss` (an NSS, parsed as `urn:example:INPUT`).
    UrnRunAs,
    /// The `run_as` column of the tag peer vectors: `rfc4151` (the entry rule), optionally
    /// followed by `-authority`, `-dns` or `-email` (the input is an authority name, parsed as
    /// `tag:INPUT,2000:`), `-date` (parsed as `tag:example.com,INPUT:`) or `-specific`
    /// (parsed as `tag:example.com,2000:INPUT`).
    TagRunAs,
}

/// One input to parse, and from which entry rule.
pub struct Vector {
    pub entry: String,
    pub input: String,
}

impl Vectors {
    /// The rows as inputs with their entry rules, or a message naming the line at fault.
    pub fn read(&self) -> Result<Vec<Vector>, String> {
        let mut lines = self
            .text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.starts_with('#'));
        let (_, header) = lines
            .next()
            .ok_or_else(|| format!("{}: no header line", self.name))?;
        let columns: Vec<&str> = header.split('\t').collect();
        let column = |name: &str| {
            columns
                .iter()
                .position(|c| *c == name)
                .ok_or_else(|| format!("{}: no column {name:?}", self.name))
        };
        let input = column("input")?;
        let entry = column(match self.entry {
            EntryFrom::EntryColumn => "entry",
            EntryFrom::UrnRunAs | EntryFrom::TagRunAs => "run_as",
        })?;
        lines
            .map(|(index, line)| {
                let fields: Vec<&str> = line.split('\t').collect();
                let field = |at: usize| {
                    fields
                        .get(at)
                        .copied()
                        .ok_or_else(|| format!("{} line {}: too few columns", self.name, index + 1))
                };
                let (text, entry) = (field(input)?, field(entry)?);
                Ok(match self.entry {
                    EntryFrom::EntryColumn => Vector {
                        entry: entry.to_owned(),
                        input: text.to_owned(),
                    },
                    EntryFrom::UrnRunAs => {
                        let (spec, wrap) = entry.split_once('-').unwrap_or((entry, ""));
                        let input = match wrap {
                            "nid" => format!("urn:{text}:x"),
                            "nss" => format!("urn:example:{text}"),
                            _ => text.to_owned(),
                        };
                        Vector {
                            entry: spec.to_owned(),
                            input,
                        }
                    }
                    EntryFrom::TagRunAs => {
                        let (entry, wrap) = entry.split_once('-').unwrap_or((entry, ""));
                        let input = match wrap {
                            "authority" | "dns" | "email" => format!("tag:{text},2000:"),
                            "date" => format!("tag:example.com,{text}:"),
                            "specific" => format!("tag:example.com,2000:{text}"),
                            _ => text.to_owned(),
                        };
                        Vector {
                            entry: entry.to_owned(),
                            input,
                        }
                    }
                })
            })
            .collect()
    }
}
