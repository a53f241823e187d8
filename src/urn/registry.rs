//! The IANA "Uniform Resource Names (URN) Namespaces" registry, as a snapshot compiled into
//! the crate.
//!
//! RFC 8141 §1: "In order for the name to be a valid URN, the namespace identifier (NID)
//! needs to be registered". The registry changes slowly (one addition in the two months
//! before this snapshot); [`SNAPSHOT_DATE`] says how old the copy is. Lookups ignore case and
//! do not allocate.
//!
//! ```
//! use urn_tag::urn::registry::{self, NamespaceKind};
//!
//! let isbn = registry::lookup("ISBN").expect("registered");
//! assert_eq!(isbn.nid(), "isbn");
//! assert_eq!(isbn.kind(), NamespaceKind::Formal);
//! assert!(registry::lookup("urn-8").is_some());
//! assert!(registry::lookup("example-not-registered").is_none());
//! ```
//!
//! # Refreshing the snapshot
//!
//! Replace `data/iana-urn-namespaces.tsv` with a current copy of the registry (both
//! sub-registries, formal and informal) in the same five tab-separated columns, and change
//! the date on its first line. The build script checks the file and regenerates the table;
//! `cargo test` then shows which tests pin the old contents (counts and dates).

use super::value::Urn;
use crate::nid_hash::{registry_slot, tail_word};

include!(concat!(env!("OUT_DIR"), "/registry.rs"));

/// The two sub-registries of IANA's URN namespace registry.
///
/// Values are equal when they name the same kind.
///
/// ```
/// use urn_tag::urn::registry::{self, NamespaceKind};
///
/// assert_eq!(registry::lookup("isbn").unwrap().kind(), NamespaceKind::Formal);
/// assert_eq!(registry::lookup("urn-1").unwrap().kind(), NamespaceKind::Informal);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NamespaceKind {
    /// "Formal URN Namespaces" (RFC 8141 §5.1).
    Formal,
    /// "Informal URN Namespaces" (RFC 8141 §5.2).
    Informal,
}

/// One entry of the registry.
///
/// `Eq` compares every field of the registry entry.
///
/// ```
/// let gs1 = urn_tag::urn::registry::lookup("gs1").unwrap();
/// assert_eq!((gs1.nid(), gs1.registered()), ("gs1", Some("2026-07-28")));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Registration {
    nid: &'static str,
    kind: NamespaceKind,
    registered: Option<&'static str>,
    updated: Option<&'static str>,
    reference: &'static str,
}

impl Registration {
    /// The NID as IANA lists it (lower case).
    ///
    /// ```
    /// assert_eq!(urn_tag::urn::registry::lookup("UUID").unwrap().nid(), "uuid");
    /// ```
    pub const fn nid(&self) -> &'static str {
        self.nid
    }

    /// The sub-registry the NID is in.
    ///
    /// ```
    /// use urn_tag::urn::registry::{self, NamespaceKind};
    ///
    /// assert_eq!(registry::lookup("urn-7").unwrap().kind(), NamespaceKind::Informal);
    /// ```
    pub const fn kind(&self) -> NamespaceKind {
        self.kind
    }

    /// The registration date (`YYYY-MM-DD`), where the registry gives one.
    ///
    /// ```
    /// assert_eq!(urn_tag::urn::registry::lookup("gs1").unwrap().registered(), Some("2026-07-28"));
    /// ```
    pub const fn registered(&self) -> Option<&'static str> {
        self.registered
    }

    /// The date of the last update (`YYYY-MM-DD`), where the registry gives one.
    ///
    /// ```
    /// assert_eq!(urn_tag::urn::registry::lookup("uuid").unwrap().updated(), Some("2023-11-17"));
    /// ```
    pub const fn updated(&self) -> Option<&'static str> {
        self.updated
    }

    /// The reference the registry gives: an RFC, an organization or a contact.
    ///
    /// ```
    /// assert_eq!(urn_tag::urn::registry::lookup("isbn").unwrap().reference(), "International ISBN Agency <https://www.isbn-international.org>");
    /// ```
    pub const fn reference(&self) -> &'static str {
        self.reference
    }
}

/// The registration of `nid`, compared case-insensitively; no allocation.
///
/// ```
/// use urn_tag::urn::registry;
///
/// assert_eq!(registry::lookup("UUID").map(|e| e.reference()), Some("RFC 9562"));
/// assert!(registry::lookup("example-not-registered").is_none());
/// ```
pub fn lookup(nid: &str) -> Option<&'static Registration> {
    let entry = ENTRIES.get(usize::from(SLOTS[registry_slot(SEED, nid)]))?;
    is_listed_as(entry.nid, nid).then_some(entry)
}

/// Whether `nid` is `listed` (in lower case, as IANA lists NIDs) in any case, compared eight
/// bytes at a time: each byte equal to `listed`'s, or differing in its 0x20 bit only where
/// `listed` has a letter (whose 0x40 bit is set, where a digit's and `-`'s are not). What
/// `eq_ignore_ascii_case` answers, for a fraction of its steps.
fn is_listed_as(listed: &str, nid: &str) -> bool {
    const CASE: u64 = u64::from_le_bytes([0x20; 8]);
    let (listed, nid) = (listed.as_bytes(), nid.as_bytes());
    let same = |listed: u64, nid: u64| {
        let differ = listed ^ nid;
        differ & !CASE == 0 && differ & !(listed >> 1) == 0
    };
    if listed.len() != nid.len() {
        return false;
    }
    let (mut listed_words, mut nid_words) = (listed.chunks_exact(8), nid.chunks_exact(8));
    let word = |chunk: &[u8]| u64::from_le_bytes(*chunk.first_chunk().unwrap_or(&[0; 8]));
    let whole = (&mut listed_words)
        .zip(&mut nid_words)
        .all(|(listed, nid)| same(word(listed), word(nid)));
    let tail = listed_words.remainder().len();
    whole && (tail == 0 || same(tail_word(listed, tail), tail_word(nid, tail)))
}

/// Every entry of the snapshot, sorted by NID.
///
/// ```
/// use urn_tag::urn::registry::{self, NamespaceKind};
///
/// let informal = registry::entries().iter().filter(|e| e.kind() == NamespaceKind::Informal);
/// assert_eq!(informal.count(), 8);
/// ```
pub fn entries() -> &'static [Registration] {
    &ENTRIES
}

impl<S: AsRef<str>> Urn<S> {
    /// The NID's entry in the IANA registry snapshot, if it has one.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert!(Urn::parse("urn:ISBN:0451450523")?.registration().is_some());
    /// assert!(Urn::parse("urn:unregistered:x")?.registration().is_none());
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn registration(&self) -> Option<&'static Registration> {
        lookup(self.nid())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    /// The word-wise comparison answers what `eq_ignore_ascii_case` answers, for every listed
    /// NID against itself in mixed case and against every one-byte change of it.
    #[test]
    fn listed_comparison_is_eq_ignore_ascii_case() {
        for entry in entries() {
            let listed = entry.nid();
            let mut spellings: alloc::vec::Vec<String> =
                alloc::vec![listed.into(), listed.to_ascii_uppercase()];
            for at in 0..listed.len() {
                for byte in (0u8..0x80).step_by(3).chain([0x0d, 0x10, 0x19, b'@', b'`']) {
                    let mut changed = listed.as_bytes().to_vec();
                    changed[at] = byte;
                    spellings.push(String::from_utf8(changed).expect("ASCII"));
                }
            }
            spellings.push(alloc::format!("{listed}x"));
            spellings.push(listed[..listed.len() - 1].into());
            for nid in spellings {
                assert_eq!(
                    is_listed_as(listed, &nid),
                    listed.eq_ignore_ascii_case(&nid),
                    "{listed} {nid:?}"
                );
            }
        }
    }
}
