//! The namespace grammars that build.rs compiles from `namespaces/*.pest`, with the table
//! that finds one by NID.

use alloc::vec::Vec;
use core::ops::Range;

use crate::compiled::support;
use crate::nid_hash::{namespace_slot, short_nid_key};

/// The rules an NSS matched, each with its span.
pub(crate) type Parts = Vec<(&'static str, Range<usize>)>;

/// One compiled namespace grammar.
pub(crate) struct Grammar {
    /// The NID, as IANA lists it.
    pub(crate) nid: &'static str,
    /// The entry rule, which also prefixes every rule of the grammar.
    pub(crate) entry: &'static str,
    /// The grammar file, relative to the crate's root.
    pub(crate) file: &'static str,
    /// Whether the grammar accepts an NSS.
    pub(crate) accepts: fn(&[u8]) -> bool,
    /// Where and in which rule the grammar failed on an NSS it rejects.
    pub(crate) failure: fn(&[u8]) -> (usize, &'static str),
    /// The spans of the rules an accepted NSS matched.
    pub(crate) parts: fn(&[u8]) -> Option<Parts>,
}

/// The rules that matched, from the spans a recognizer captured.
fn parts(spans: &[(&'static str, Option<Range<usize>>)]) -> Parts {
    spans
        .iter()
        .filter_map(|(rule, span)| Some((*rule, span.clone()?)))
        .collect()
}

/// The grammar of NID `nid` (in any case): its key (no NID with a grammar has 16 characters
/// or more) picks one slot of a perfect hash table, which holds that NID or none. One
/// comparison and no branch on the key's value: a binary search mispredicted a few of its
/// branches on every URN.
pub(crate) fn of(nid: &str) -> Option<&'static Grammar> {
    of_key(short_nid_key(nid)?)
}

/// The grammar of the NID whose key ([`short_nid_key`]) is `key`.
pub(crate) fn of_key(key: u128) -> Option<&'static Grammar> {
    let slot = namespace_slot(SEED, key);
    // An empty slot holds the key 0 (the empty NID's) and no grammar.
    if SLOT_KEYS[slot] != key {
        return None;
    }
    GRAMMARS.get(usize::from(SLOT_GRAMMARS[slot]))
}

/// The index in [`RULES`] of rule `name`, which a failure of its grammar named.
pub(crate) fn rule_index(name: &str) -> Option<u16> {
    let index = RULES.iter().position(|&(_, rule)| rule == name)?;
    u16::try_from(index).ok()
}

include!(concat!(env!("OUT_DIR"), "/namespaces.rs"));
