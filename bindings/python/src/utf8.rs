//! Bytes read as text, fast for the ASCII that identifiers nearly always are.
//!
//! Every value an engine hands over is checked as UTF-8 before it is read as text, whatever the
//! producer promised. `str::from_utf8` on each 41-byte URN took as long as checking the URN
//! (`perf`, DuckDB's vectors), and checking a batch's data in one pass first meant reading each
//! value twice (a tenth of Polars' time); `is_ascii`, a word at a time and inlined, costs a few
//! nanoseconds, and only what is not ASCII goes through the full check.
#![allow(unsafe_code)]

/// `bytes` as text, or the error of `str::from_utf8` when they are not UTF-8.
///
/// # Errors
///
/// Where the first invalid sequence starts, as `str::from_utf8` says.
#[inline(always)]
pub fn text(bytes: &[u8]) -> Result<&str, std::str::Utf8Error> {
    if bytes.is_ascii() {
        // SAFETY: ASCII bytes are UTF-8.
        Ok(unsafe { std::str::from_utf8_unchecked(bytes) })
    } else {
        std::str::from_utf8(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::text;

    #[test]
    fn ascii_utf8_and_not_utf8() {
        assert_eq!(text(b"urn:example:a"), Ok("urn:example:a"));
        assert_eq!(
            text("urn:example:\u{e9}".as_bytes()),
            Ok("urn:example:\u{e9}")
        );
        assert_eq!(text(b"").map(str::len), Ok(0));
        let error = text(b"urn:ex\xffample").expect_err("not UTF-8");
        assert_eq!(error.valid_up_to(), 6);
    }
}
