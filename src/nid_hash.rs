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
    // Read as at most two loads, which overlap unless the NID fills them: every check of a
    // namespace and every equivalence key computes this, and shifting a u128 into place byte
    // by byte took most of its lookup, copying it into a zeroed block most of the rest. Each
    // load is lowered as it is read: a NID's digits and `-` have the 0x20 bit that makes a
    // letter lower case already, so it is set in every byte of the NID; the bytes of the
    // second load that the first one holds are shifted out, and zeros in.
    const LOWERED: u64 = u64::from_le_bytes([0x20; 8]);
    let len = nid.len();
    if len >= 8 {
        let low = u64::from_le_bytes(*nid.first_chunk::<8>().unwrap()) | LOWERED;
        let high = u64::from_le_bytes(*nid.last_chunk::<8>().unwrap()) | LOWERED;
        // `len` is 8 to 15: a shift of 64 bits (the NID is the first load) leaves nothing.
        let high = match high.checked_shr(8 * (16 - len as u32)) {
            Some(high) => high,
            None => 0,
        };
        Some(low as u128 | (high as u128) << 64)
    } else if len >= 4 {
        let low = u32::from_le_bytes(*nid.first_chunk::<4>().unwrap()) | LOWERED as u32;
        let high = u32::from_le_bytes(*nid.last_chunk::<4>().unwrap()) | LOWERED as u32;
        let high = (high as u64) >> (8 * (8 - len));
        Some((low as u64 | high << 32) as u128)
    } else {
        let mut word = 0u32;
        let mut i = 0;
        while i < len {
            word |= ((nid[i] | 0x20) as u32) << (8 * i);
            i += 1;
        }
        Some(word as u128)
    }
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

/// The slot of `nid` in the registry's hash table: the NID read as a few words, its letters
/// lowered by setting each byte's 0x20 bit (which a NID's digits and hyphens have already, so
/// one OR lowers a whole word of them), each word mixed into the seeded hash by a
/// multiplication, then Fibonacci hashing's top bits. A lookup hashes the NID once, a few
/// operations per eight bytes, and compares it with one entry at most. A string that is no
/// NID may share the slot of one: the entry found is compared in full.
pub(crate) fn registry_slot(seed: u64, nid: &str) -> usize {
    const LOWERED: u64 = u64::from_le_bytes([0x20; 8]);
    const MIX: u64 = 0x9e37_79b9_7f4a_7c15;
    let bytes = nid.as_bytes();
    let mut hash = seed ^ (bytes.len() as u64).wrapping_mul(MIX);
    let mut add = |word: u64| hash = (hash ^ (word | LOWERED)).wrapping_mul(MIX).rotate_left(31);
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        add(u64::from_le_bytes(*word.first_chunk().unwrap_or(&[0; 8])));
    }
    let tail = words.remainder();
    if !tail.is_empty() {
        add(tail_word(bytes, tail.len()));
    }
    (hash.wrapping_mul(MIX) >> (64 - REGISTRY_HASH_BITS)) as usize
}

/// The last `len` bytes of `bytes` (1 to 7 of them) as a word, read as at most two loads
/// that may overlap, not byte by byte: every byte is in it (some twice), so texts of one
/// length have equal words only if they are equal.
pub(crate) fn tail_word(bytes: &[u8], len: usize) -> u64 {
    let tail = &bytes[bytes.len() - len..];
    let u32_at = |at: usize| {
        u64::from(u32::from_le_bytes(
            *tail[at..].first_chunk().unwrap_or(&[0; 4]),
        ))
    };
    match len {
        4.. => u32_at(0) | u32_at(len - 4) << 32,
        _ => u64::from(tail[0]) | u64::from(tail[len / 2]) << 8 | u64::from(tail[len - 1]) << 16,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    /// The key is the NID's bytes in lower case, padded with zeros: the loads that may overlap
    /// give it for every length and case, and any byte no NID holds, anywhere, gives none.
    #[test]
    fn keys_are_the_lowered_bytes() {
        for len in 0..=17 {
            let nid: String = "aZ-9QxY7".chars().cycle().take(len).collect();
            let expected = (1..16).contains(&len).then(|| {
                let mut bytes = [0u8; 16];
                bytes[..len].copy_from_slice(nid.as_bytes());
                bytes.make_ascii_lowercase();
                u128::from_le_bytes(bytes)
            });
            assert_eq!(short_nid_key(&nid), expected, "{nid:?}");
            for at in 0..len {
                for bad in ["\0", "\r", "_", " ", "é"] {
                    let mut broken = nid.clone();
                    broken.replace_range(at..at + 1, bad);
                    assert_eq!(short_nid_key(&broken), None, "{broken:?}");
                }
            }
        }
    }

    /// A NID's slot in the registry's table is the same in any case, whatever its length.
    #[test]
    fn registry_slots_ignore_case() {
        for len in 1..=32 {
            let lower: String = "urn-7x0a".chars().cycle().take(len).collect();
            let upper = lower.to_ascii_uppercase();
            for seed in [0, 1, 12_345] {
                assert_eq!(
                    registry_slot(seed, &lower),
                    registry_slot(seed, &upper),
                    "{lower}"
                );
            }
        }
    }
}
