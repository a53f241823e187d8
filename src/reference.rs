//! The switch of the debug-build cross-check: in debug builds, every recognition also runs
//! the pest-derived reference parser (`urn/recognize.rs`, `tag/recognize.rs`). That parser
//! allocates, so a test that counts the allocations of the compiled path pauses it.

#[cfg(all(debug_assertions, feature = "std"))]
std::thread_local! {
    static PAUSED: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Whether recognitions on this thread run the reference parser beside the compiled one.
#[cfg(debug_assertions)]
pub(crate) fn cross_check() -> bool {
    #[cfg(feature = "std")]
    return !PAUSED.with(core::cell::Cell::get);
    #[cfg(not(feature = "std"))]
    return true;
}

/// Runs `f` without the debug-build cross-check on this thread, so that a test can count
/// what the compiled recognizers alone allocate. Not part of the API: it exists for the
/// crate's own allocation tests, and does nothing in release builds, which have no
/// cross-check.
#[doc(hidden)]
#[cfg(feature = "std")]
pub fn without_cross_check<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(debug_assertions)]
    {
        let before = PAUSED.with(|paused| paused.replace(true));
        let result = f();
        PAUSED.with(|paused| paused.set(before));
        result
    }
    #[cfg(not(debug_assertions))]
    f()
}
