//! A search copies nothing: the values borrow the text. Watched by a counting allocator (its
//! own test binary, so other tests do not disturb the count).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use urn_tag::find;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call goes unchanged to the system allocator; the counter is a side effect.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

/// The finder copies nothing: every value borrows the text, and the only allocations are
/// those the grammar's parser makes while it checks each match (which parsing the matches
/// on their own makes too). A tag is parsed twice, its tagging entity first.
#[test]
fn a_search_copies_nothing() {
    let text = "see urn:isbn:0451450523 and tag:example.com,2005:post-1.\n".repeat(100);
    let mut found = Vec::with_capacity(200);
    let searching = allocations_during(|| {
        found.extend(find::identifiers(&text).map(|m| m.range()));
    });
    assert_eq!(found.len(), 200);
    let mut parsing = 0;
    for range in &found {
        let piece = &text[range.clone()];
        let parse = || {
            urn_tag::Identifier::parse_borrowed(piece).unwrap();
        };
        let times = if piece.starts_with("tag:") { 2 } else { 1 };
        for _ in 0..times {
            parsing += allocations_during(parse);
        }
    }
    assert!(
        searching <= parsing,
        "searching made {searching} allocations, parsing the matches {parsing}"
    );
}

/// Looking for invalid identifiers copies nothing either: its only allocations are those that
/// parsing each candidate makes.
#[test]
fn a_search_for_invalid_identifiers_copies_nothing() {
    let text = "see urn:x:y and tag:example.com,2005-13:post, urn:ex:ok.\n".repeat(100);
    let finder = find::Finder::new();
    let mut found = Vec::with_capacity(300);
    let searching = allocations_during(|| {
        found.extend(finder.invalid(&text).map(|m| m.range()));
    });
    assert_eq!(found.len(), 200);
    let mut parsing = 0;
    for piece in text.split_whitespace().filter(|word| word.contains(':')) {
        let piece = piece.trim_end_matches([',', '.']);
        parsing += allocations_during(|| {
            let _ = urn_tag::Identifier::parse_borrowed(piece);
        });
    }
    assert!(
        searching <= parsing,
        "searching made {searching} allocations, parsing the candidates {parsing}"
    );
}
