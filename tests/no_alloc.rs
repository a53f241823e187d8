//! Registry lookups and NID classification do not allocate: a counting allocator watches them.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use urn_tag::urn::{NidClass, registry};

struct Counting;

thread_local! {
    /// Allocations made by this thread; other test threads do not disturb the count.
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
