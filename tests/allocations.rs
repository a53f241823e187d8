//! Allocations, watched by a counting allocator: parsing a valid identifier into a borrowed
//! value makes none, an owned value makes exactly its one copy of the text, registry lookups
//! and NID classification make none, and parsing a huge URN uses memory in proportion to its
//! size.
//!
//! With the `pest-reference` feature, debug builds run the pest-derived reference parser
//! beside the compiled recognizer on every parse, and it allocates; these tests measure the
//! compiled path that every other build runs, so they pause that cross-check
//! (`urn_tag::reference::without_cross_check`). One test does not: it shows that the counter
//! sees the cross-check when it runs, and that without the feature a debug parse runs no pest
//! (CI runs this file once without the feature).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use urn_tag::reference::without_cross_check;
use urn_tag::urn::{NidClass, registry};
use urn_tag::{Identifier, Syntax, TagSyntax, TagUri, Urn, UrnSyntax};

struct Counting;

thread_local! {
    /// Allocations made by this thread; other test threads do not disturb the count.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    /// Bytes this thread holds now, and the most it has held since the last reset.
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call goes unchanged to the system allocator; the counter is a side effect.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
        let _ = LIVE.try_with(|live| {
            live.set(live.get() + layout.size());
            let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
        });
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let _ = LIVE.try_with(|live| live.set(live.get().saturating_sub(layout.size())));
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most bytes allocated at once while `f` runs, over what was live before.
fn peak_bytes_during(f: impl FnOnce()) -> usize {
    let before = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(before));
    f();
    PEAK.with(Cell::get) - before
}

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn registry_lookup_and_classification_do_not_allocate() {
    let nids = [
        "isbn",
        "ISBN",
        "Broadband-Forum-Org",
        "urn-7",
        "unknown",
        "x-test",
        "de-x",
        "urn-07",
        "ab",
    ];
    let allocations = allocations_during(|| {
        for nid in nids {
            std::hint::black_box(registry::lookup(std::hint::black_box(nid)));
            std::hint::black_box(NidClass::of(std::hint::black_box(nid)));
        }
    });
    assert_eq!(allocations, 0);
}

/// Valid identifiers of every syntax, with every kind of component.
const VALID: [(&str, Syntax); 12] = [
    ("urn:isbn:0451450523", Syntax::new()),
    ("URN:example:a%2Cb/c?+r?=q#f", Syntax::new()),
    (
        "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        Syntax::new(),
    ),
    ("urn:a:b", Syntax::new().with_urn(UrnSyntax::Rfc2141)),
    (
        "urn:ex:a?query#frag",
        Syntax::new().with_urn(UrnSyntax::Rfc2141bis),
    ),
    ("tag:yaml.org,2002:int", Syntax::new()),
    (
        "tag:timothy@hpl.hp.com,2001:web/externalHome",
        Syntax::new(),
    ),
    ("TAG:example.com,2000-02-29:a%20b#frag", Syntax::new()),
    (
        "tag:a+b@example.com,2020:x",
        Syntax::new().with_tag(TagSyntax::Erratum1485),
    ),
    (
        "tag:+1-617-253-7288,2005:x",
        Syntax::new().with_tag(TagSyntax::Lenient),
    ),
    (
        "tag:mac=00-00,2004:x",
        Syntax::new().with_tag(TagSyntax::Lenient),
    ),
    (
        "tag:a.b@w3.org,2004:x",
        Syntax::new().with_tag(TagSyntax::Lenient),
    ),
];

/// Parsing into a borrowed value allocates nothing: the compiled recognizer keeps no state
/// but a position and the spans it captures.
#[test]
fn borrowed_parsing_of_a_valid_identifier_does_not_allocate() {
    for (input, syntax) in VALID {
        let allocations = without_cross_check(|| {
            allocations_during(|| {
                let id = Identifier::parse_borrowed_with(std::hint::black_box(input), syntax);
                assert!(std::hint::black_box(id).is_ok(), "{input}");
                match Urn::parse_borrowed_with(input, syntax.urn()) {
                    Ok(urn) => assert_eq!(std::hint::black_box(urn).as_str(), input),
                    Err(_) => {
                        let tag = TagUri::parse_borrowed_with(input, syntax.tag()).unwrap();
                        assert_eq!(std::hint::black_box(tag).as_str(), input);
                    }
                }
            })
        });
        assert_eq!(allocations, 0, "{input}");
    }
}

/// Parsing into an owned value allocates exactly its copy of the text.
#[test]
fn owned_parsing_allocates_only_the_copy_of_the_text() {
    for (input, syntax) in VALID {
        let allocations = without_cross_check(|| {
            allocations_during(|| {
                let id = Identifier::parse_with(std::hint::black_box(input), syntax).unwrap();
                assert_eq!(std::hint::black_box(id).as_str(), input);
            })
        });
        assert_eq!(allocations, 1, "{input}");
    }
}

/// Only `pest-reference` builds run pest beside the compiled recognizers: pest allocates on
/// every parse (its queue of pairs), so without the feature a debug parse that allocates
/// nothing runs no pest, and with it the same parse allocates.
#[test]
fn pest_runs_beside_a_parse_only_with_the_pest_reference_feature() {
    let cross_checked = cfg!(all(debug_assertions, feature = "pest-reference"));
    assert_eq!(urn_tag::reference::CROSS_CHECKED, cross_checked);
    for (input, syntax) in VALID {
        let allocations = allocations_during(|| {
            let id = Identifier::parse_borrowed_with(std::hint::black_box(input), syntax);
            assert!(std::hint::black_box(id).is_ok(), "{input}");
        });
        if cross_checked {
            assert_ne!(allocations, 0, "{input}: no pest ran beside the parse");
        } else {
            assert_eq!(allocations, 0, "{input}: pest ran beside the parse");
        }
    }
}

#[test]
fn the_counter_sees_allocations() {
    assert!(allocations_during(|| drop(std::hint::black_box(vec![1u8; 64]))) >= 1);
}

/// Parsing a URN with a 1 MiB NSS holds the value's own copy of the text and nothing more.
#[test]
fn parsing_a_megabyte_nss_uses_bounded_memory() {
    let input = format!("urn:example:{}?=q#f", "a".repeat(1 << 20));
    let mut urn = None;
    let peak = without_cross_check(|| {
        peak_bytes_during(|| urn = Some(urn_tag::Urn::parse(&input).unwrap()))
    });
    let urn = urn.unwrap();
    assert_eq!(urn.nss().len(), 1 << 20);
    // The value itself is one String of the input's length.
    assert!(peak >= input.len());
    assert!(
        peak < input.len() + 64 * 1024,
        "peak {peak} bytes for a {} byte input",
        input.len()
    );
}

/// Rejecting a huge input allocates nothing: the compiled recognizer fails, and its failure
/// report walks the input once more to return a `ParseError` of two words.
#[test]
fn rejecting_a_megabyte_input_allocates_nothing() {
    let input = format!("urn:example:{}%zz", "a".repeat(1 << 20));
    let allocations = without_cross_check(|| {
        allocations_during(|| assert!(urn_tag::Urn::parse(&input).is_err()))
    });
    assert_eq!(allocations, 0);
}
