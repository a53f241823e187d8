//! What the program learns of its standard output before Rust's runtime starts.
//!
//! Before `main`, Rust's runtime opens `/dev/null` in place of a standard stream that is
//! closed, so that nothing written to it can land in a file opened later under the same
//! descriptor. Every write to a closed standard output then succeeds into nothing, and
//! `urn-tag check urn:x:y >&-` would pass for a run whose answers were read: exit 0, and no
//! answer anywhere. A C program's first write fails with `EBADF` instead. To fail the same way,
//! the state of descriptor 1 is read before the runtime replaces it, by a function the loader
//! calls from the executable's `.init_array`, before anything of Rust's own start-up.
//!
//! A `/dev/null` that the caller opened itself (`>/dev/null`, Python's `subprocess.DEVNULL`) is
//! an open output like any other, and is written to as before.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether standard output was closed when the program started.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether standard output was closed when the program started; always `false` where the
/// executable has no `.init_array` to read it from.
pub fn stdout_was_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// The error a write to a closed descriptor gives: `Bad file descriptor`.
pub fn closed_error() -> io::Error {
    io::Error::from_raw_os_error(EBADF)
}

/// `EBADF`, the same number on every Linux architecture.
const EBADF: i32 = 9;

#[cfg(any(target_os = "linux", target_os = "android"))]
mod before_main {
    use std::io;
    use std::os::fd::AsFd;
    use std::sync::atomic::Ordering;

    /// Called by the dynamic loader (or the static start-up code) with the other
    /// initializers of the executable, before `main` and before Rust's runtime looks at the
    /// standard streams.
    // SAFETY: `record_stdout` is an `extern "C" fn()` taking no arguments and returning
    // nothing, the type the loader calls `.init_array` entries as; it panics nowhere and
    // touches only an atomic and descriptor 1.
    #[used]
    #[unsafe(link_section = ".init_array")]
    static RECORD_STDOUT: extern "C" fn() = record_stdout;

    extern "C" fn record_stdout() {
        // Duplicating descriptor 1 fails with EBADF exactly when it is not open. The copy is
        // closed again at once.
        let closed = io::stdout()
            .as_fd()
            .try_clone_to_owned()
            .is_err_and(|error| error.raw_os_error() == Some(super::EBADF));
        super::STDOUT_CLOSED.store(closed, Ordering::Relaxed);
    }
}
