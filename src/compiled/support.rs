//! The fixed functions that every compiled grammar calls (build/peg/ writes the rest): byte
//! classes as tables, literals, characters. A generated file imports those it uses from here,
//! as `super::support`.

/// A byte class as a table, from the ranges of bytes it holds.
pub const fn class(ranges: &[(u8, u8)]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut i = 0;
    while i < ranges.len() {
        let mut byte = ranges[i].0 as usize;
        while byte <= ranges[i].1 as usize {
            table[byte] = true;
            byte += 1;
        }
        i += 1;
    }
    table
}

/// Whether the byte at `pos` is in `class`.
#[inline(always)]
pub fn in_class(class: &[bool; 256], input: &[u8], pos: usize) -> bool {
    input.get(pos).is_some_and(|&byte| class[usize::from(byte)])
}

/// The position after the run of bytes in `class` that starts at `pos`.
///
/// Eight bytes at a time while eight remain, the loop unrolled so that each byte costs a
/// lookup and a branch that is almost always predicted; then one by one.
#[inline(always)]
pub fn skip_class(class: &[bool; 256], input: &[u8], mut pos: usize) -> usize {
    while let Some(window) = input.get(pos..pos + 8) {
        for (i, &byte) in window.iter().enumerate() {
            if !class[usize::from(byte)] {
                return pos + i;
            }
        }
        pos += 8;
    }
    while input.get(pos).is_some_and(|&byte| class[usize::from(byte)]) {
        pos += 1;
    }
    pos
}

/// Whether `input` holds `literal` at `pos`.
#[inline(always)]
pub fn at(input: &[u8], pos: usize, literal: &[u8]) -> bool {
    input.get(pos..pos + literal.len()) == Some(literal)
}

/// Whether `input` holds `literal` at `pos`, ASCII letters in either case (pest's
/// `match_insensitive`).
#[inline(always)]
pub fn at_ignore_ascii_case(input: &[u8], pos: usize, literal: &[u8]) -> bool {
    input
        .get(pos..pos + literal.len())
        .is_some_and(|bytes| bytes.eq_ignore_ascii_case(literal))
}

/// How many bytes of `literal` `input` holds at `pos`: where a literal that failed there first
/// differs.
#[inline(always)]
pub fn matched(input: &[u8], pos: usize, literal: &[u8]) -> usize {
    let rest = input.get(pos..).unwrap_or_default();
    literal.iter().zip(rest).take_while(|(a, b)| a == b).count()
}

/// How many bytes of `literal` `input` holds at `pos`, ASCII letters in either case.
#[inline(always)]
pub fn matched_ignore_ascii_case(input: &[u8], pos: usize, literal: &[u8]) -> usize {
    let rest = input.get(pos..).unwrap_or_default();
    literal
        .iter()
        .zip(rest)
        .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
        .count()
}

/// The position after the UTF-8 character at `pos` (`pos < input.len()`).
// For a grammar with `ANY`: none of the crate's has one; the compiler's tests do.
#[allow(dead_code)]
#[inline(always)]
pub fn after_char(input: &[u8], pos: usize) -> usize {
    let width = match input[pos] {
        0x00..0x80 => 1,
        0x80..0xe0 => 2,
        0xe0..0xf0 => 3,
        _ => 4,
    };
    (pos + width).min(input.len())
}
