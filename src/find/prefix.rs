//! The longest prefix of a run that is a valid identifier, found in one pass over the bytes
//! it needs.
//!
//! For URNs this is the grammar's prefix matcher (`urn::longest_valid_prefix`, each syntax's
//! URN rule without the end of input), which stops at the first byte no valid URN can
//! continue. It is handed a window of the run that grows
//! geometrically, so that a run much longer than its valid prefix (a valid URN followed by
//! `%zz` and a megabyte more of URN characters) costs only about what the prefix costs.
//!
//! For tags the tagging entity (`tag:authority,date:`) is parsed once, by the grammar; the
//! specific and fragment that follow accept any run of RFC 3986 query characters and
//! percent-encodings, so their longest valid end is where that run stops.

use crate::chars::{self, ByteSet, QUERY, TAG_OPAQUE};
use crate::syntax::{NID_MAX_LEN, SCHEME_LEN, TagSyntax, UrnSyntax};
use crate::tag::TagUri;
use crate::urn::longest_valid_prefix;

use super::work::Work;

/// How far past the end of a valid URN prefix the scan may have to read to know that the
/// prefix cannot be continued: within a valid URN, consecutive valid prefixes are at most five
/// bytes apart (a delimiter such as `?+` followed by a percent-encoded octet), so a window
/// that reaches this far past the prefix found in it decides the whole run.
const LOOKAHEAD: usize = 8;

/// The window handed to the scan first, past the start of the NSS.
const FIRST_WINDOW: usize = 3;

/// The end of the longest valid URN under `syntax` in `text[start..end]`, which starts with
/// `urn:` and holds only ASCII; `None` if no prefix is a URN.
pub(super) fn longest_urn(
    text: &str,
    start: usize,
    end: usize,
    syntax: UrnSyntax,
    work: &mut Work,
) -> Option<usize> {
    let bytes = text.as_bytes();
    // Every URN syntax has a NID of 1 to 32 letters, digits and hyphens, then ":"; without
    // one, no prefix can be a URN, and the scan need not run.
    let nid_start = start + SCHEME_LEN;
    let nid_len = bytes[nid_start..end]
        .iter()
        .take(NID_MAX_LEN + 1)
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'-')
        .count();
    let colon = nid_start + nid_len;
    // The scheme was read when the start was found.
    work.add(colon + 1 - nid_start);
    if nid_len == 0 || nid_len > NID_MAX_LEN || bytes.get(colon) != Some(&b':') || colon >= end {
        return None;
    }
    let nss_start = colon + 1;
    let mut limit = end.min(nss_start + FIRST_WINDOW);
    loop {
        work.add(limit - start);
        // The run holds only ASCII, so `limit` is a char boundary.
        let found = longest_valid_prefix(&text[start..limit], syntax);
        let decided = limit == end
            || match found {
                Some(len) => start + len + LOOKAHEAD < limit,
                // Past the NID only the NSS's first character (or percent-encoding) can
                // leave a URN with no valid prefix.
                None => limit >= nss_start + 3,
            };
        if decided {
            return found.map(|len| start + len);
        }
        limit = end.min(start + 2 * (limit - start));
    }
}

/// Bytes an authority of any tag syntax may hold; none is `,` or `:`.
const AUTHORITY: ByteSet = TAG_OPAQUE.union(ByteSet::from_bytes(b"%"));

/// The longest date, `YYYY-MM-DD`.
const DATE_MAX_LEN: usize = 10;

/// The longest valid tag under `syntax` in `text[start..end]`, which starts with `tag:` and
/// holds only ASCII: its end and the start of its specific; `None` if no prefix is a tag.
pub(super) fn longest_tag(
    text: &str,
    start: usize,
    end: usize,
    syntax: TagSyntax,
    work: &mut Work,
) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    // The tagging entity: the authority runs to the first ",", the date to the next ":".
    let authority_start = start + SCHEME_LEN;
    let comma = authority_start
        + bytes[authority_start..end]
            .iter()
            .take_while(|&&b| AUTHORITY.contains(b))
            .count();
    work.add(comma + 1 - authority_start);
    if bytes.get(comma) != Some(&b',') || comma >= end {
        return None;
    }
    let date_start = comma + 1;
    let colon = date_start
        + bytes[date_start..end]
            .iter()
            .take(DATE_MAX_LEN + 1)
            .take_while(|&&b| b.is_ascii_digit() || b == b'-')
            .count();
    work.add(colon + 1 - date_start);
    if bytes.get(colon) != Some(&b':') || colon >= end {
        return None;
    }
    let specific_start = colon + 1;
    // The entity alone, with an empty specific, is a tag exactly when the entity is valid.
    work.add(specific_start - start);
    TagUri::parse_borrowed_with(&text[start..specific_start], syntax).ok()?;
    let mut i = specific_start;
    let mut in_fragment = false;
    while i < end {
        match bytes[i] {
            b'%' if i + 2 < end && chars::is_hex(bytes[i + 1]) && chars::is_hex(bytes[i + 2]) => {
                i += 3;
            }
            b'#' if !in_fragment => {
                in_fragment = true;
                i += 1;
            }
            b if QUERY.contains(b) => i += 1,
            _ => break,
        }
    }
    work.add(i + 3 - specific_start);
    Some((i, specific_start))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    /// The windowed scan answers exactly what one scan of the whole run answers.
    #[test]
    fn windows_agree_with_one_whole_scan() {
        let pieces = [
            "a", "b1", ":", "%41", "%4", "%zz", "%00", "?+", "?=", "?", "#", "/", "-", ".", "~",
            "&", "urn:", "(", "!",
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for round in 0..20_000 {
            let mut run =
                String::from(["urn:example:", "urn:ab:", "urn:a:", "urn:urn:"][round % 4]);
            let pieces_in_run = (round / 4) % 60;
            for _ in 0..pieces_in_run {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                run.push_str(pieces[(state % pieces.len() as u64) as usize]);
            }
            for syntax in UrnSyntax::ALL {
                let windowed = longest_urn(&run, 0, run.len(), syntax, &mut Work::default());
                let whole = longest_valid_prefix(&run, syntax);
                assert_eq!(windowed, whole, "{syntax} {run:?}");
            }
        }
    }

    #[test]
    fn tag_prefixes() {
        fn longest(text: &str) -> Option<&str> {
            longest_tag(
                text,
                0,
                text.len(),
                TagSyntax::Rfc4151,
                &mut Work::default(),
            )
            .map(|(end, _)| &text[..end])
        }
        assert_eq!(longest("tag:a.org,2000:x%zz"), Some("tag:a.org,2000:x"));
        assert_eq!(longest("tag:a.org,2000:x#y#z"), Some("tag:a.org,2000:x#y"));
        assert_eq!(longest("tag:a.org,2000:x%4"), Some("tag:a.org,2000:x"));
        assert_eq!(longest("tag:a.org,2000:"), Some("tag:a.org,2000:"));
        assert_eq!(longest("tag:a.org,2000-13:x"), None);
        assert_eq!(longest("tag:a.org:x"), None);
        assert_eq!(longest("tag:a,tag:a,"), None);
    }
}
