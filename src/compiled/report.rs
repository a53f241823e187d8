//! The failure report of a compiled grammar: the types that the generated `{entry}_report`
//! functions fill in and `crate::rejection` reads (build/peg/ writes the functions).

/// A set of bytes, one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteBits(pub [u64; 4]);

impl ByteBits {
    /// Whether `byte` is in the set.
    #[inline]
    pub const fn contains(&self, byte: u8) -> bool {
        self.0[(byte / 64) as usize] & (1 << (byte % 64)) != 0
    }

    /// The one byte of the set, if it has exactly one.
    pub fn only_member(&self) -> Option<u8> {
        let mut members = (0..=u8::MAX).filter(|&byte| self.contains(byte));
        let first = members.next()?;
        members.next().is_none().then_some(first)
    }
}

/// What the grammar says of the bytes of a rule, wherever it is called.
#[derive(Clone, Copy, Debug)]
pub struct RuleBytes {
    /// The bytes a match can start with.
    pub first: ByteBits,
    /// Every byte a match can hold.
    pub alphabet: ByteBits,
    /// The bytes a match can end with.
    pub last: ByteBits,
    /// The bytes of the one-byte steps that can come right after a match.
    pub follow: ByteBits,
    /// The literals of two bytes or more that can come right after a match.
    pub follow_literals: &'static [&'static [u8]],
}

/// Why an entry rule rejected an input: the furthest byte at which a step of the grammar
/// failed outside predicates (a literal at its first mismatching byte), and the rules around
/// the steps that failed there, as masks over the grammar's `RULES` (bit `i` is `RULES[i]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// The furthest byte at which a step failed.
    pub index: usize,
    /// Every rule the entry calls.
    pub rules: u64,
    /// The innermost rule around each step that failed at `index`.
    pub innermost: u64,
    /// Every rule around a step that failed at `index`.
    pub within: u64,
    /// The rules of `within` that had consumed input when their step failed.
    pub entered: u64,
}

impl Report {
    /// The report of an entry that calls `rules`, before any step failed.
    pub const fn new(rules: u64) -> Self {
        Report {
            index: 0,
            rules,
            innermost: 0,
            within: 0,
            entered: 0,
        }
    }

    /// Records a step that failed at `index`, in the rules `innermost` (one, or one per
    /// alternative of a fused step), inside the rules `within`. Of those, the rules
    /// `from_input` started at byte 0, the rules `open` where each says, and the others at
    /// `index`. Only the furthest failures are kept.
    #[inline(always)]
    pub fn fail(
        &mut self,
        index: usize,
        innermost: u64,
        within: u64,
        from_input: u64,
        open: &[(u32, usize)],
    ) {
        if index < self.index {
            return;
        }
        if index > self.index {
            *self = Report::new(self.rules);
            self.index = index;
        }
        self.innermost |= innermost;
        self.within |= within;
        if index > 0 {
            self.entered |= from_input;
        }
        for &(rule, start) in open {
            if start < index {
                self.entered |= 1 << rule;
            }
        }
    }
}
