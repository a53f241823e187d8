//! Allocations, watched by a counting allocator: registry lookups and NID classification make
//! none, and parsing a huge URN uses memory in proportion to its size.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use urn_tag::urn::{NidClass, registry};

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

#[test]
fn the_counter_sees_allocations() {
    assert!(allocations_during(|| drop(std::hint::black_box(vec![1u8; 64]))) >= 1);
}

/// Parsing a URN with a 1 MiB NSS holds at most a small multiple of its size: the value's
/// own copy of the text and pest's token queue, never a copy per component. (Measured: the
/// peak is exactly the input's length.)
#[test]
fn parsing_a_megabyte_nss_uses_bounded_memory() {
    let input = format!("urn:example:{}?=q#f", "a".repeat(1 << 20));
    let mut urn = None;
    let peak = peak_bytes_during(|| urn = Some(urn_tag::Urn::parse(&input).unwrap()));
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

/// Rejecting a huge input holds one transient copy of it: pest's own error value copies the
/// line on which recognition failed, before the diagnosis replaces it with a `ParseError`
/// (two words). Memory stays linear in the input.
#[test]
fn rejecting_a_megabyte_input_holds_at_most_one_copy() {
    let input = format!("urn:example:{}%zz", "a".repeat(1 << 20));
    let peak = peak_bytes_during(|| assert!(urn_tag::Urn::parse(&input).is_err()));
    assert!(peak < input.len() + 64 * 1024, "peak {peak} bytes");
}
