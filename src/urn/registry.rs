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
use crate::nid_hash::registry_slot;

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
    entry.nid.eq_ignore_ascii_case(nid).then_some(entry)
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
