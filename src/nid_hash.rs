//! The keys and hash slots of NIDs: how build.rs fills the crate's perfect-hash tables of NIDs
//! (the registry, the namespace grammars) and how the library looks a NID up in them. One
//! definition for both sides, so that a table is read with the hash it was filled with.
//!
//! build.rs includes this file by path, so it uses nothing else of the crate.

/// A NID of fewer than 16 characters as one number: its bytes in lower case, little-endian,
/// padded with zeros. The crate's tables of NIDs (namespace grammars, equivalence rules) hold
/// no longer one and are searched by it: a step of the search compares two numbers, not two
/// strings ignoring case.
///
/// `None` for a string that is empty or holds a byte other than a NID's letters, digits and
/// `-`: the zeros of the padding would otherwise make `uuid\0` the key of `uuid`.
pub(crate) const fn short_nid_key(nid: &str) -> Option<u128> {
    let nid = nid.as_bytes();
    if nid.is_empty() || nid.len() >= 16 {
        return None;
    }
    let mut i = 0;
    while i < nid.len() {
        if !(nid[i].is_ascii_alphanumeric() || nid[i] == b'-') {
            return None;
        }
        i += 1;
    }
    // Copied into a zeroed block and lowered there all at once: every check of a namespace
    // computes this, and shifting a u128 into place byte by byte took most of its lookup.
    let mut bytes = [0u8; 16];
    bytes.split_at_mut(nid.len()).0.copy_from_slice(nid);
    bytes.make_ascii_lowercase();
    Some(u128::from_le_bytes(bytes))
}

/// The size of the namespaces' hash table, as a power of 2: room enough for a perfect hash of
/// the hundred-odd registered NIDs to be found after a few hundred seeds. A slot is one byte.
pub(crate) const NAMESPACE_HASH_BITS: u32 = 10;

/// The slot of the NID whose key ([`short_nid_key`]) is `key` in the namespace grammars' hash
/// table: the key's two halves folded together, seeded, then Fibonacci hashing's top bits.
pub(crate) const fn namespace_slot(seed: u64, key: u128) -> usize {
    let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(32) ^ seed;
    (folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - NAMESPACE_HASH_BITS)) as usize
}

/// The size of the registry's hash table, as a power of 2: room enough for a perfect hash of
/// a hundred-odd NIDs to be found at once.
pub(crate) const REGISTRY_HASH_BITS: u32 = 12;

/// The slot of `nid` in the registry's hash table: FNV-1a of the NID in lower case, seeded,
/// then Fibonacci hashing's top bits. A lookup hashes the NID once and compares it with one
/// entry at most.
pub(crate) fn registry_slot(seed: u64, nid: &str) -> usize {
    let hash = nid
        .bytes()
        .fold(seed ^ 0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ u64::from(byte.to_ascii_lowercase())).wrapping_mul(0x0000_0100_0000_01b3)
        });
    // FNV-1a leaves a change in the last byte in the low bits: Fibonacci hashing brings it up.
    (hash.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - REGISTRY_HASH_BITS)) as usize
}
