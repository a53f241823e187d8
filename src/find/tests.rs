//! The finder reads every byte of its text a bounded number of times, whatever the text: the
//! bytes it examines are counted (no clock involved) on the inputs that made earlier,
//! quadratic versions slow, and on random text.

use alloc::string::String;
use alloc::vec::Vec;

use super::Finder;
use super::scan::{Matches, Rejections};
use crate::syntax::{Syntax, TagSyntax, UrnSyntax};

/// The most bytes the finder may examine per byte of text.
const MAX_WORK_PER_BYTE: usize = 10;

/// The size of the texts: large enough that anything quadratic would exceed the bound by
/// orders of magnitude.
const TEXT_LEN: usize = 1 << 20;

/// `unit` repeated to about `len` bytes.
fn repeated(unit: &str, len: usize) -> String {
    unit.repeat(len / unit.len())
}

/// The finders each text is searched with: every URN syntax, and the other options once.
fn finders() -> [Finder; 5] {
    let syntax = |urn| Syntax::new().with_urn(urn);
    [
        Finder::new(),
        Finder::new().syntax(syntax(UrnSyntax::Rfc2141)),
        Finder::new().syntax(syntax(UrnSyntax::Rfc2141bis)),
        Finder::new()
            .syntax(Syntax::new().with_tag(TagSyntax::Lenient))
            .trim_punctuation(false),
        namespaced(),
    ]
}

/// A finder that checks each URN against its namespace's grammar.
fn namespaced() -> Finder {
    Finder::new().syntax(Syntax::new().with_namespaces(true))
}

/// Searches `text` with each of [`finders`], for identifiers and for invalid candidates;
/// returns the most bytes examined per byte of text and the number of matches of the default
/// finder.
fn work_per_byte(text: &str) -> (f64, usize) {
    let mut most = 0.0f64;
    let mut matches = 0;
    for (i, finder) in finders().into_iter().enumerate() {
        let mut search = Matches::new(finder, text);
        let count = search.by_ref().count();
        if i == 0 {
            matches = count;
        }
        let mut rejections = Rejections::new(finder, text);
        rejections.by_ref().for_each(drop);
        for work in [&search.work, &rejections.search.work] {
            most = most.max(work.bytes as f64 / text.len() as f64);
        }
    }
    (most, matches)
}

#[track_caller]
fn assert_linear(name: &str, text: &str) -> usize {
    let (per_byte, matches) = work_per_byte(text);
    assert!(
        per_byte <= MAX_WORK_PER_BYTE as f64,
        "{name}: {per_byte:.2} bytes examined per byte of text"
    );
    matches
}

/// The inputs that made the previous finder quadratic, at 1 MiB: many starts, failed
/// starts, long runs, many matches on one line.
#[test]
fn adversarial_texts_are_searched_in_linear_work() {
    for (name, unit) in ADVERSARIAL_SHAPES {
        assert_linear(name, &repeated(unit, TEXT_LEN));
    }
}

/// The units whose repetition made earlier finders quadratic; the last ones are URNs that
/// break their namespace, each holding the next, which a finder that checks namespaces once
/// searched again from each `urn:` inside.
const ADVERSARIAL_SHAPES: [(&str, &str); 8] = [
    ("tag: repeated", "tag:"),
    ("urn:! repeated", "urn:!"),
    ("URN:a: repeated", "URN:a:"),
    ("tag:a, repeated", "tag:a,"),
    ("urn: repeated", "urn:"),
    ("valid tags cut by %zz", "tag:a.b,2000:x%zz!"),
    ("URNs that break their namespace", "urn:isbn:"),
    ("UUIDs that break their namespace", "urn:uuid:x-"),
];

/// Checking namespaces keeps the search linear: 16 MiB of each adversarial shape, searched
/// with namespace checks on, costs a bounded number of bytes examined per byte. (Searching
/// `urn:isbn:` repeated once tried each `urn:` inside a URN that breaks its namespace again,
/// which took a minute for 1 MB.)
#[test]
fn checking_namespaces_keeps_large_texts_linear() {
    for (name, unit) in ADVERSARIAL_SHAPES {
        let text = repeated(unit, 16 * TEXT_LEN);
        let mut search = Matches::new(namespaced(), &text);
        search.by_ref().for_each(drop);
        let per_byte = search.work.bytes as f64 / text.len() as f64;
        assert!(
            per_byte <= MAX_WORK_PER_BYTE as f64,
            "{name}: {per_byte:.2} bytes examined per byte of text"
        );
    }
}

/// Checking namespaces only filters what the same syntax finds without them: a URN that
/// breaks its namespace is passed over whole, and nothing inside it is reported instead.
#[test]
fn a_urn_that_breaks_its_namespace_hides_nothing_inside_it() {
    let text = "urn:isbn:urn:example:a";
    let plain: Vec<_> = Matches::new(Finder::new(), text)
        .map(|m| &text[m.range()])
        .collect();
    assert_eq!(plain, [text]);
    assert_eq!(Matches::new(namespaced(), text).count(), 0);
}

/// A URN found by a search that checks namespaces keeps the verdict the search found, as a
/// parse that checks them does; a search that does not keeps none.
#[test]
fn a_namespace_checking_search_keeps_each_verdict() {
    use crate::identifier::Identifier;
    use crate::namespace::KeptCheck;

    let text = "see urn:oid:1.3.6.1 and urn:unknown-nid:x.";
    let kept = |finder: Finder| -> Vec<KeptCheck> {
        Matches::new(finder, text)
            .map(|found| match found.into_value() {
                Identifier::Urn(urn) => urn.namespace,
                Identifier::Tag(tag) => panic!("no tag in the text: {tag:?}"),
            })
            .collect()
    };
    assert_eq!(kept(Finder::new()), [KeptCheck::NotAsked; 2]);
    let verdicts: Vec<_> = kept(namespaced())
        .into_iter()
        .map(|kept| kept.verdict().map(|check| check.was_checked()))
        .collect();
    assert_eq!(verdicts, [Some(true), Some(false)]);
}

/// Every rule's own worst case: starts inside runs cut by each kind of stop, templates,
/// trimming. Smaller texts, since each is searched with every finder.
#[test]
fn each_rule_is_linear_on_its_own_worst_case() {
    const LEN: usize = TEXT_LEN / 8;
    let units = [
        ("valid URNs cut by %zz", "urn:ab:x%zz!"),
        ("URNs glued by ':'", "urn:ab:"),
        (
            "a long NID",
            "urn:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        ),
        ("authorities without dates", "tag:example.com,tag:"),
        ("a comma-separated list", "urn:ab:c,"),
        ("quoted lists", "\"urn:ab:c,urn:ab:d\""),
        ("parameters", "x=urn:ab:c&y="),
        ("parameter names", "=urn:ab:c&yyyyyyyy"),
        ("URL path segments", "https://h/urn:ab:c/"),
        ("references", "&quot;urn:ab:c&quot;"),
        ("unterminated references", "urn:ab:c&amp"),
        ("single quotes", "'urn:ab:c"),
        ("trailing punctuation", "urn:ab:c......."),
        ("punctuation only", "urn:ab:......."),
        ("parentheses", "(urn:ab:c)"),
        ("templates", "urn:gs1:gdd:(bie|bdt|cl):<name>"),
        ("template starts", "urn:ab:c{"),
        ("components", "urn:ab:c?+r?=q#f?+"),
        ("empty components", "urn:ab:c?+."),
        ("commas before schemes", ",a,b://,urn"),
        ("emphasis", "_urn:ab:c_"),
        ("glued after dots", "vessels.urn:ab:c."),
    ];
    for (name, unit) in units {
        assert_linear(name, &repeated(unit, LEN));
    }
    let long = [
        (
            "one long URN",
            String::from("urn:ab:") + &repeated("a", LEN),
        ),
        (
            "a long authority",
            String::from("tag:") + &repeated("a.", LEN),
        ),
        (
            "URL paths",
            String::from("https://h/") + &repeated("urn:ab:c/", LEN),
        ),
    ];
    for (name, text) in &long {
        assert_linear(name, text);
    }
}

/// Random text over the bytes and fragments that matter to the finder.
#[test]
fn random_texts_are_searched_in_linear_work() {
    let pieces = [
        "urn:",
        "URN:",
        "tag:",
        "ab",
        "x",
        "2000",
        "-01",
        ":",
        ",",
        ".",
        "@",
        "%41",
        "%z",
        "?+",
        "?=",
        "#",
        "/",
        "&amp;",
        "&",
        "=",
        "'",
        "\"",
        "<",
        ">",
        "(",
        ")",
        "|",
        "{",
        "[",
        " ",
        "\n",
        "http://h/",
        "*",
        "_",
        "é",
    ];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..2 {
        let mut text = String::with_capacity(TEXT_LEN + 16);
        while text.len() < TEXT_LEN {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            text.push_str(pieces[(state % pieces.len() as u64) as usize]);
        }
        let matches = assert_linear("random text", &text);
        assert!(matches > 0, "random text holds identifiers");
    }
}

/// The bound is not met by accident: a document-like text costs a few bytes per byte too.
#[test]
fn prose_is_searched_in_linear_work() {
    let paragraph = "The book urn:isbn:0451450523 (see <urn:ietf:rfc:8141>) and the feed \
                     tag:example.com,2005:post-1, not urn:x. A URL: https://n2t.net/urn:nbn:de:1/ \
                     and grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=e30.\n";
    let text = repeated(paragraph, TEXT_LEN / 4);
    let found: Vec<_> = Matches::new(Finder::new(), &text).collect();
    assert_eq!(found.len() % 5, 0);
    assert_linear("prose", &text);
}

/// What the finder remembers between starts (run ends, cuts, the URL it is in) changes how
/// much it reads, never what it finds: a search that forgets everything before each start
/// finds the same identifiers.
#[test]
fn remembering_changes_nothing_found() {
    let pieces = [
        "urn:",
        "tag:",
        "ab",
        "a.org",
        ",2000:",
        ":",
        ",",
        ".",
        "%41",
        "%z",
        "?+",
        "?=",
        "#",
        "/",
        "&amp;",
        "&",
        "=",
        "x=",
        "'",
        "\"",
        "<",
        ">",
        "(",
        ")",
        "|",
        "{",
        " ",
        "https://h/",
        "?",
        "_",
        "&quot;",
    ];
    let mut state = 0x0123_4567_89AB_CDEFu64;
    for _ in 0..3_000 {
        let mut text = String::new();
        for _ in 0..40 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            text.push_str(pieces[(state % pieces.len() as u64) as usize]);
        }
        for finder in finders() {
            let remembering: Vec<_> = Matches::new(finder, &text).map(|m| m.range()).collect();
            let mut forgetting = Matches::new(finder, &text);
            forgetting.forgetful = true;
            let forgetting: Vec<_> = forgetting.map(|m| m.range()).collect();
            assert_eq!(remembering, forgetting, "{finder:?} in {text:?}");
        }
    }
}
