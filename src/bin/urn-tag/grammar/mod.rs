//! `urn-tag grammar`: tools for reviewing the `.pest` grammar files against their RFCs.
//!
//! * `diagram` writes one HTML page per grammar file: each rule's `///` text, its pest body
//!   and a railroad diagram drawn from the file itself.
//! * `coverage` counts, for every rule, the test-vector inputs that exercise it.
//!
//! Both cover the URN and tag grammars at the repository root and the namespace grammars of
//! `namespaces/`.
//! * `try` loads a `.pest` file at run time and tries one of its rules on some inputs, and
//!   says why one fails (`--explain`) or how the run went, event by event (`--steps`).
//!
//! The grammar files and the test vectors are embedded at build time ([`GRAMMAR_FILES`]), so
//! `diagram` and `coverage` work from any directory.

mod coverage;
mod diagram;
mod trial;

use crate::output::{Output, Written};

/// The `grammar` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Write DIR/urn.html, DIR/tag.html and DIR/namespaces/NID.html (one page per grammar
    /// file): for each rule, its RFC section and ABNF, its pest body and a railroad diagram.
    Diagram(diagram::Args),
    /// List every rule of every grammar file with the number of test-vector inputs that
    /// exercise it; exit 1 if a rule is never exercised.
    Coverage(coverage::Args),
    /// Load a .pest file at run time and tell, for each INPUT, whether RULE matches all of
    /// it: the parse tree with byte spans, or the error under a caret (with --explain, the
    /// deepest attempt and what was expected where it got no further; with --steps, the run
    /// event by event). Exit 0 if RULE matches every input, 1 if not, 2 if the grammar file
    /// cannot be used.
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
    /// The file's path from the repository root (`urn.pest`, `namespaces/uuid.pest`); the same
    /// path with `.html` for `.pest` names its diagram page in the output directory.
    pub name: &'static str,
    pub source: &'static str,
    /// The test vectors whose inputs exercise its rules.
    pub vectors: &'static [Vectors],
}

/// The grammar file `namespaces/NID.pest`, whose entry rule is ENTRY, with its test data
/// `tests/data/namespaces/NID.tsv`.
macro_rules! namespace {
    ($nid:literal, $entry:literal) => {
        GrammarFile {
            name: concat!("namespaces/", $nid, ".pest"),
            source: include_str!(concat!("../../../../namespaces/", $nid, ".pest")),
            vectors: &[Vectors {
                name: concat!("tests/data/namespaces/", $nid, ".tsv"),
                text: include_str!(concat!("../../../../tests/data/namespaces/", $nid, ".tsv")),
                entry: EntryFrom::NamespaceUrn { entry: $entry },
            }],
        }
    };
}

/// Every grammar file. A new one is one more line here (and its vectors); a new namespace
/// grammar is one more `namespace!` line.
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
    namespace!("3gpp", "nid_3gpp"),
    namespace!("3gpp2", "nid_3gpp2"),
    namespace!("adid", "adid"),
    namespace!("alert", "alert"),
    namespace!("c2pa", "c2pa"),
    namespace!("cablelabs", "cablelabs"),
    namespace!("ccsds", "ccsds"),
    namespace!("cdx", "cdx"),
    namespace!("cgi", "cgi"),
    namespace!("clei", "clei"),
    namespace!("ddi", "ddi"),
    namespace!("dev", "dev"),
    namespace!("dgiwg", "dgiwg"),
    namespace!("doi", "doi"),
    namespace!("dvb", "dvb"),
    namespace!("ebu", "ebu"),
    namespace!("eidr", "eidr"),
    namespace!("epc", "epc"),
    namespace!("epcglobal", "epcglobal"),
    namespace!("eurosystem", "eurosystem"),
    namespace!("example", "example"),
    namespace!("fdc", "fdc"),
    namespace!("fipa", "fipa"),
    namespace!("gdr", "gdr"),
    namespace!("gdst", "gdst"),
    namespace!("gs1", "gs1"),
    namespace!("geant", "geant"),
    namespace!("globus", "globus"),
    namespace!("gsma", "gsma"),
    namespace!("gvat", "gvat"),
    namespace!("ieee", "ieee"),
    namespace!("ietf", "ietf"),
    namespace!("iptc", "iptc"),
    namespace!("isan", "isan"),
    namespace!("isbn", "isbn"),
    namespace!("isni", "isni"),
    namespace!("iso", "iso"),
    namespace!("issn", "issn"),
    namespace!("itu", "itu"),
    namespace!("ivis", "ivis"),
    namespace!("lei", "lei"),
    namespace!("lex", "lex"),
    namespace!("liberty", "liberty"),
    namespace!("mace", "mace"),
    namespace!("meta", "meta"),
    namespace!("mpeg", "mpeg"),
    namespace!("mrn", "mrn"),
    namespace!("nan", "nan"),
    namespace!("nato", "nato"),
    namespace!("nbn", "nbn"),
    namespace!("nena", "nena"),
    namespace!("newsml", "newsml"),
    namespace!("nfc", "nfc"),
    namespace!("nfi", "nfi"),
    namespace!("nzl", "nzl"),
    namespace!("oasis", "oasis"),
    namespace!("ogc", "ogc"),
    namespace!("ogf", "ogf"),
    namespace!("oid", "oid"),
    namespace!("oma", "oma"),
    namespace!("pin", "pin"),
    namespace!("pno", "pno"),
    namespace!("publicid", "publicid"),
    namespace!("pwid", "pwid"),
    namespace!("reso", "reso"),
    namespace!("s1000d", "s1000d"),
    namespace!("said", "said"),
    namespace!("schac", "schac"),
    namespace!("service", "service"),
    namespace!("smpte", "smpte"),
    namespace!("stalwart", "stalwart"),
    namespace!("thread", "thread"),
    namespace!("trivore", "trivore"),
    namespace!("tva", "tva"),
    namespace!("uci", "uci"),
    namespace!("ucode", "ucode"),
    namespace!("uic", "uic"),
    namespace!("urn-1", "urn_1"),
    namespace!("urn-2", "urn_2"),
    namespace!("urn-3", "urn_3"),
    namespace!("urn-4", "urn_4"),
    namespace!("urn-5", "urn_5"),
    namespace!("urn-6", "urn_6"),
    namespace!("urn-7", "urn_7"),
    namespace!("urn-8", "urn_8"),
    namespace!("uuid", "uuid"),
    namespace!("web3d", "web3d"),
    namespace!("wmo", "wmo"),
    namespace!("xmlorg", "xmlorg"),
    namespace!("xmpp", "xmpp"),
];

/// A tab-separated vector file: `#` comment lines, a header line naming the columns, one row
/// per line, the text to parse in the `input` column. (A namespace's test data has no header:
/// see [`EntryFrom::NamespaceUrn`].)
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
    /// A namespace's test data (`tests/data/namespaces/NID.tsv`): no header line; each row
    /// starts with a URN of the namespace, whose NSS (as RFC 8141 parses it) is parsed from
    /// the namespace grammar's entry rule.
    NamespaceUrn {
        /// The entry rule: the NID, or `nid_` and the NID when it starts with a digit.
        entry: &'static str,
    },
}

/// One input to parse, and from which entry rule.
pub struct Vector {
    pub entry: String,
    pub input: String,
}

impl Vectors {
    /// The rows as inputs with their entry rules, or a message naming the line at fault.
    pub fn read(&self) -> Result<Vec<Vector>, String> {
        if let EntryFrom::NamespaceUrn { entry } = self.entry {
            return self.read_namespace_urns(entry);
        }
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
            // A namespace's test data was read above.
            EntryFrom::UrnRunAs | EntryFrom::TagRunAs | EntryFrom::NamespaceUrn { .. } => "run_as",
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
                    EntryFrom::EntryColumn | EntryFrom::NamespaceUrn { .. } => Vector {
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

    /// The NSS of the URN that starts each row of a namespace's test data.
    fn read_namespace_urns(&self, entry: &str) -> Result<Vec<Vector>, String> {
        self.text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.starts_with('#') && !line.is_empty())
            .map(|(index, line)| {
                let urn = line.split('\t').next().unwrap_or_default();
                let parsed = urn_tag::Urn::parse(urn)
                    .map_err(|error| format!("{} line {}: {urn}: {error}", self.name, index + 1))?;
                Ok(Vector {
                    entry: entry.to_owned(),
                    input: parsed.nss().to_owned(),
                })
            })
            .collect()
    }
}
