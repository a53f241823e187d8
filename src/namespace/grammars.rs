//! The namespace grammars that build.rs compiles from `namespaces/*.pest`, and the namespaces
//! of `namespaces/no-specific-syntax.tsv`, with the table that finds one by NID.

use alloc::vec::Vec;
use core::ops::Range;

use crate::compiled::support;
use crate::nid_hash::{namespace_slot, short_nid_key};

/// The rules an NSS matched, each with its span.
pub(crate) type Parts = Vec<(&'static str, Range<usize>)>;

/// What gives a grammar's [`Parts`] of an NSS it accepts.
pub(crate) type PartsOf = fn(&[u8]) -> Option<Parts>;

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
}

impl Grammar {
    /// The spans of the rules an accepted NSS matched ([`PARTS`], kept apart from
    /// [`GRAMMARS`] so that a program that never asks for them, such as the npm package,
    /// leaves their code out: 4.3 KB of its WebAssembly, gzipped).
    pub(crate) fn parts(&'static self, nss: &[u8]) -> Option<Parts> {
        let index = GRAMMARS
            .iter()
            .position(|grammar| core::ptr::eq(grammar, self))?;
        PARTS.get(index).and_then(|parts| parts(nss))
    }
}

/// The rules that matched, from the spans a recognizer captured.
fn parts(spans: &[(&'static str, Option<Range<usize>>)]) -> Parts {
    spans
        .iter()
        .filter_map(|(rule, span)| Some((*rule, span.clone()?)))
        .collect()
}

/// What the crate knows of a registered namespace's syntax.
#[derive(Clone, Copy)]
pub(crate) enum Entry {
    /// Its grammar.
    Grammar(&'static Grammar),
    /// Its registration states no syntax of its own: (NID, registration).
    NoSpecificSyntax(&'static str, &'static str),
}

/// The grammar of NID `nid` (in any case).
pub(crate) fn of(nid: &str) -> Option<&'static Grammar> {
    of_key(short_nid_key(nid)?)
}

/// The grammar of the NID whose key ([`short_nid_key`]) is `key`.
pub(crate) fn of_key(key: u128) -> Option<&'static Grammar> {
    match entry_of_key(key)? {
        Entry::Grammar(grammar) => Some(grammar),
        Entry::NoSpecificSyntax(..) => None,
    }
}

/// What the crate knows of NID `nid` (in any case): a NID of 16 characters or more has no
/// key, and no grammar; it is looked for among the namespaces without a syntax of their own.
pub(crate) fn entry_of(nid: &str) -> Option<Entry> {
    index_of(nid).map(EntryIndex::entry)
}

/// What the crate knows of the NID whose key is `key`.
pub(crate) fn entry_of_key(key: u128) -> Option<Entry> {
    index_of_key(key).map(EntryIndex::entry)
}

/// An entry of the table, by its index: a grammar of [`GRAMMARS`], then a namespace of
/// [`NO_SPECIFIC_SYNTAX`]. One byte, as the table's slots hold it, so that a URN can keep
/// the entry its parse found in what would otherwise be padding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EntryIndex(u8);

impl EntryIndex {
    /// The entry.
    pub(crate) fn entry(self) -> Entry {
        let index = usize::from(self.0);
        match GRAMMARS.get(index) {
            Some(grammar) => Entry::Grammar(grammar),
            None => {
                let (nid, registration) = NO_SPECIFIC_SYNTAX[index - GRAMMARS.len()];
                Entry::NoSpecificSyntax(nid, registration)
            }
        }
    }
}

/// The index of NID `nid`'s entry (in any case), as [`entry_of`] finds it.
pub(crate) fn index_of(nid: &str) -> Option<EntryIndex> {
    match short_nid_key(nid) {
        Some(key) => index_of_key(key),
        None => {
            let position = NO_SPECIFIC_SYNTAX
                .iter()
                .position(|(listed, _)| listed.eq_ignore_ascii_case(nid))?;
            u8::try_from(GRAMMARS.len() + position).ok().map(EntryIndex)
        }
    }
}

/// The index of the entry of the NID whose key is `key`: its key (no NID with a grammar has
/// 16 characters or more) picks one slot of a perfect hash table, which holds that NID or
/// none. One comparison and no branch on the key's value: a binary search mispredicted a few
/// of its branches on every URN.
pub(crate) fn index_of_key(key: u128) -> Option<EntryIndex> {
    let index = SLOTS[namespace_slot(SEED, key)];
    // An empty slot holds no index of `ENTRY_KEYS`; a NID of 16 characters or more has the
    // key 0 there, which no NID's key is.
    if ENTRY_KEYS.get(usize::from(index)) != Some(&key) {
        return None;
    }
    Some(EntryIndex(index))
}

/// The index in [`RULES`] of rule `name`, which a failure of its grammar named.
pub(crate) fn rule_index(name: &str) -> Option<u16> {
    let index = RULES.iter().position(|&(_, rule)| rule == name)?;
    u16::try_from(index).ok()
}

include!(concat!(env!("OUT_DIR"), "/namespaces.rs"));
