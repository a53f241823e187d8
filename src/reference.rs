//! The switch of the cross-check: in builds with debug assertions and the `pest-reference`
//! feature (and in the crate's own unit tests), every recognition also runs the pest-derived
//! reference parser (`urn/recognize.rs`, `tag/recognize.rs`). That parser allocates, so a test
//! that counts the allocations of the compiled path pauses it.

/// Whether this build runs the pest-derived reference parser beside the compiled recognizers
/// on every parse: with debug assertions and the `pest-reference` feature. Not part of the
/// API: the crate's tests and fuzz targets check with it that they run the cross-check they
/// rely on, or none.
#[doc(hidden)]
pub const CROSS_CHECKED: bool = cfg!(all(debug_assertions, any(test, feature = "pest-reference")));

#[cfg(all(
    debug_assertions,
    any(test, feature = "pest-reference"),
    feature = "std"
))]
std::thread_local! {
    static PAUSED: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Whether recognitions on this thread run the reference parser beside the compiled one.
#[cfg(all(debug_assertions, any(test, feature = "pest-reference")))]
pub(crate) fn cross_check() -> bool {
    #[cfg(feature = "std")]
    return !PAUSED.with(core::cell::Cell::get);
    #[cfg(not(feature = "std"))]
    return true;
}

/// Runs `f` without the cross-check on this thread, so that a test can count what the
/// compiled recognizers alone allocate. Not part of the API: it exists for the crate's own
/// allocation tests, and does nothing in builds without the cross-check.
#[doc(hidden)]
#[cfg(feature = "std")]
pub fn without_cross_check<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(all(debug_assertions, any(test, feature = "pest-reference")))]
    {
        let before = PAUSED.with(|paused| paused.replace(true));
        let result = f();
        PAUSED.with(|paused| paused.set(before));
        result
    }
    #[cfg(not(all(debug_assertions, any(test, feature = "pest-reference"))))]
    f()
}
