//! The values of a batch, read by index where they lie, from any thread.
//!
//! A batch is a list of *chunks*: the chunks of an Arrow array as its producer gave them, or
//! one [`Texts`] that a list of `str` or a NumPy unicode array was copied into (their values are
//! Python objects or code points, read with the GIL held). Every value is read with checked
//! offsets and checked as UTF-8 here, whatever the producer of an Arrow array promised: a
//! malformed array gives an error or an invalid value, never a panic.

use std::ops::Range;

use arrow_array::types::{ByteArrayType, ByteViewType};
use arrow_array::{Array, GenericByteArray, GenericByteViewArray, OffsetSizeTrait};
use arrow_buffer::{ArrowNativeType, NullBuffer};
use arrow_data::ByteView;
use urn_tag::Scheme;

use crate::text::InvalidCodePoint;

/// One value of a batch.
#[derive(Debug, Clone, Copy)]
pub enum Item<'a> {
    /// A missing value (`None`, NaN, `pandas.NA`, ...), or an Arrow null.
    Null,
    Text(&'a str),
    /// A `str` with a lone surrogate, or a NumPy value with one or with a number past U+10FFFF.
    NotUnicode(InvalidCodePoint),
    /// Bytes that are not UTF-8: the first byte of the first invalid sequence, and the scheme
    /// the first four bytes spell (`check --json`'s `kind` of such an input).
    InvalidUtf8 {
        scheme: Option<Scheme>,
        index: usize,
    },
}

impl<'a> Item<'a> {
    /// The item of the bytes of a value that should be UTF-8.
    pub fn of_bytes(bytes: &'a [u8]) -> Item<'a> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Item::Text(text),
            Err(error) => Item::InvalidUtf8 {
                scheme: bytes
                    .get(..4)
                    .and_then(|head| std::str::from_utf8(head).ok())
                    .and_then(Scheme::of),
                index: error.valid_up_to(),
            },
        }
    }
}

/// Values that can be read by index from any thread.
pub trait Values: Sync {
    fn len(&self) -> usize;

    /// Value `i` (below [`Values::len`]).
    ///
    /// # Errors
    ///
    /// A message when the value's offsets lie outside the buffers: the array is malformed.
    fn item(&self, i: usize) -> Result<Item<'_>, Malformed> {
        match self.nulls() {
            Some(nulls) if nulls.is_null(i) => Ok(Item::Null),
            _ => self.unmasked(i),
        }
    }

    /// Value `i` as its buffers hold it, the null buffer not looked at: under a null, Arrow
    /// leaves the value unspecified (usually empty). For a caller that reads every value in a
    /// tight loop and then masks the answers with [`Values::nulls`], once per 64 values.
    ///
    /// # Errors
    ///
    /// As for [`Values::item`].
    fn unmasked(&self, i: usize) -> Result<Item<'_>, Malformed>;

    /// The values' Arrow null buffer, if they have one: an engine's function gives a null for
    /// a null by keeping it.
    fn nulls(&self) -> Option<&NullBuffer> {
        None
    }
}

/// An Arrow array whose offsets or views point outside its buffers.
#[derive(Debug, Clone, Copy)]
pub struct Malformed;

impl std::fmt::Display for Malformed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("malformed Arrow array: offsets or views outside its buffers")
    }
}

/// The values `range` of a string or binary array with offsets (`string`, `large_string`,
/// `binary`, `large_binary`).
pub struct ByteArray<'a, T: ByteArrayType> {
    array: &'a GenericByteArray<T>,
    /// The bytes of the values of the range as text, and the offset they start at, when they
    /// all are UTF-8 (the usual case): checked in one pass, each value is then a slice of it
    /// whose ends are checked to be character boundaries.
    text: Option<(&'a str, usize)>,
}

impl<'a, T: ByteArrayType> ByteArray<'a, T>
where
    T::Offset: OffsetSizeTrait,
{
    pub fn new(array: &'a GenericByteArray<T>, range: Range<usize>) -> ByteArray<'a, T> {
        let offsets = array.value_offsets();
        let text = match (offsets.get(range.start), offsets.get(range.end)) {
            (Some(start), Some(end)) => {
                let (start, end) = (start.as_usize(), end.as_usize());
                array
                    .value_data()
                    .get(start..end)
                    .and_then(|bytes| std::str::from_utf8(bytes).ok())
                    .map(|text| (text, start))
            }
            _ => None,
        };
        ByteArray { array, text }
    }
}

impl<T: ByteArrayType> Values for ByteArray<'_, T>
where
    T::Offset: OffsetSizeTrait,
{
    fn len(&self) -> usize {
        self.array.len()
    }

    // Always inlined into the loops that read every value.
    #[inline(always)]
    fn unmasked(&self, i: usize) -> Result<Item<'_>, Malformed> {
        let offsets = self.array.value_offsets();
        let (start, end) = match (offsets.get(i), offsets.get(i + 1)) {
            (Some(start), Some(end)) => (start.as_usize(), end.as_usize()),
            _ => return Err(Malformed),
        };
        if let Some((text, base)) = self.text
            && let Some(value) = start
                .checked_sub(base)
                .zip(end.checked_sub(base))
                .and_then(|(start, end)| text.get(start..end))
        {
            return Ok(Item::Text(value));
        }
        let bytes = self.array.value_data().get(start..end).ok_or(Malformed)?;
        Ok(Item::of_bytes(bytes))
    }

    fn nulls(&self) -> Option<&NullBuffer> {
        self.array.nulls()
    }
}

/// The values `range` of a string or binary view array (`string_view`, `binary_view`): each
/// value's bytes inline in its view when short, else at an offset of one of the data buffers.
pub struct ViewArray<'a, T: ByteViewType + ?Sized> {
    array: &'a GenericByteViewArray<T>,
    /// For each data buffer, the span of it that the values of the range use as text, and the
    /// offset it starts at, when that span is UTF-8 (the usual case): checked in one pass, each
    /// value is then a slice of it whose ends are checked to be character boundaries. Only the
    /// span is checked: a slice of a large array (as Polars hands its streaming engine's
    /// batches over) shares the whole array's buffers.
    spans: Vec<Option<(&'a str, usize)>>,
}

/// The longest value a view holds inline.
const INLINE_LEN: usize = 12;

/// A view: sixteen little-endian bytes, the value's length, then the value itself when it is
/// short, else its first four bytes, the index of its data buffer and its offset there.
fn view_at(views: &[u8], i: usize) -> Result<&[u8; 16], Malformed> {
    views
        .get(i * 16..i * 16 + 16)
        .and_then(|view| view.try_into().ok())
        .ok_or(Malformed)
}

fn view_len(view: &[u8; 16]) -> usize {
    u32::from_le_bytes([view[0], view[1], view[2], view[3]]) as usize
}

impl<'a, T: ByteViewType + ?Sized> ViewArray<'a, T> {
    pub fn new(array: &'a GenericByteViewArray<T>, range: Range<usize>) -> Self {
        let buffers = array.data_buffers();
        let views = array.views().inner().as_slice();
        let mut used: Vec<Option<Range<usize>>> = vec![None; buffers.len()];
        for i in range {
            let Ok(view) = view_at(views, i) else { break };
            let length = view_len(view);
            if length <= INLINE_LEN || array.is_null(i) {
                continue;
            }
            let view = ByteView::from(u128::from_le_bytes(*view));
            let start = view.offset as usize;
            if let Some(span) = used.get_mut(view.buffer_index as usize) {
                let span = span.get_or_insert(start..start);
                span.start = span.start.min(start);
                span.end = span.end.max(start.saturating_add(length));
            }
        }
        let spans = used
            .into_iter()
            .zip(buffers)
            .map(|(span, buffer)| {
                let span = span?;
                let text = std::str::from_utf8(buffer.get(span.clone())?).ok()?;
                Some((text, span.start))
            })
            .collect();
        ViewArray { array, spans }
    }
}

impl<T: ByteViewType + ?Sized> Values for ViewArray<'_, T> {
    fn len(&self) -> usize {
        self.array.len()
    }

    // Always inlined into the loops that read every value.
    #[inline(always)]
    fn unmasked(&self, i: usize) -> Result<Item<'_>, Malformed> {
        let view = view_at(self.array.views().inner().as_slice(), i)?;
        let length = view_len(view);
        if length <= INLINE_LEN {
            return Ok(Item::of_bytes(&view[4..4 + length]));
        }
        let view = ByteView::from(u128::from_le_bytes(*view));
        let index = view.buffer_index as usize;
        let range = view.offset as usize..(view.offset as usize).saturating_add(length);
        if let Some(Some((text, base))) = self.spans.get(index)
            && let Some(value) = range
                .start
                .checked_sub(*base)
                .zip(range.end.checked_sub(*base))
                .and_then(|(start, end)| text.get(start..end))
        {
            return Ok(Item::Text(value));
        }
        let buffer = self.array.data_buffers().get(index).ok_or(Malformed)?;
        Ok(Item::of_bytes(buffer.get(range).ok_or(Malformed)?))
    }

    fn nulls(&self) -> Option<&NullBuffer> {
        self.array.nulls()
    }
}

/// The values of an Arrow array of the null type, which producers give a column of nothing but
/// missing values (pyarrow and Polars infer it for `[None, None]`): every one is missing.
pub struct Nulls {
    nulls: NullBuffer,
}

impl Nulls {
    pub fn new(len: usize) -> Nulls {
        Nulls {
            nulls: NullBuffer::new_null(len),
        }
    }
}

impl Values for Nulls {
    fn len(&self) -> usize {
        self.nulls.len()
    }

    fn unmasked(&self, _: usize) -> Result<Item<'_>, Malformed> {
        Ok(Item::Null)
    }

    fn nulls(&self) -> Option<&NullBuffer> {
        Some(&self.nulls)
    }
}

/// Values copied out of Python objects or NumPy code points: their UTF-8 one after another,
/// and which of them are missing or no Unicode text.
#[derive(Default)]
pub struct Texts {
    /// `len + 1` offsets into `data`.
    offsets: Vec<usize>,
    data: String,
    /// The values that are not text, in order of their index.
    exceptions: Vec<(usize, Exception)>,
}

/// A value of [`Texts`] that is not text.
#[derive(Debug, Clone, Copy)]
pub enum Exception {
    Missing,
    NotUnicode(InvalidCodePoint),
}

impl Texts {
    pub fn with_capacity(values: usize) -> Texts {
        let mut offsets = Vec::with_capacity(values + 1);
        offsets.push(0);
        Texts {
            offsets,
            data: String::new(),
            exceptions: Vec::new(),
        }
    }

    pub fn push_text(&mut self, text: &str) {
        self.data.push_str(text);
        self.offsets.push(self.data.len());
    }

    pub fn push_exception(&mut self, exception: Exception) {
        self.exceptions.push((self.offsets.len() - 1, exception));
        self.offsets.push(self.data.len());
    }
}

impl Values for Texts {
    fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    fn unmasked(&self, i: usize) -> Result<Item<'_>, Malformed> {
        if let Ok(at) = self
            .exceptions
            .binary_search_by_key(&i, |(index, _)| *index)
        {
            return Ok(match self.exceptions[at].1 {
                Exception::Missing => Item::Null,
                Exception::NotUnicode(invalid) => Item::NotUnicode(invalid),
            });
        }
        let range: Range<usize> = self.offsets[i]..self.offsets[i + 1];
        // Pushed as whole `str`s: every offset is a character boundary.
        self.data.get(range).map(Item::Text).ok_or(Malformed)
    }
}

#[cfg(test)]
mod tests {
    use arrow_array::builder::BinaryViewBuilder;
    use arrow_buffer::Buffer;

    use super::*;

    /// Two values past the inline length in one data buffer, with bytes that are not UTF-8
    /// between them.
    fn two_views() -> arrow_array::BinaryViewArray {
        let mut builder = BinaryViewBuilder::new();
        let data = b"urn:example:aaaa\xff\xffurn:example:bbbb";
        let block = builder.append_block(Buffer::from(data.as_slice()));
        builder
            .try_append_view(block, 0, 16)
            .expect("in the buffer");
        builder
            .try_append_view(block, 18, 16)
            .expect("in the buffer");
        builder.finish()
    }

    #[track_caller]
    fn assert_text(item: Result<Item<'_>, Malformed>, expected: &str) {
        match item {
            Ok(Item::Text(text)) => assert_eq!(text, expected),
            other => panic!("expected the text {expected:?}, got {other:?}"),
        }
    }

    #[test]
    fn a_view_range_checks_only_the_span_of_the_buffers_it_uses() {
        let array = two_views();
        let second = ViewArray::new(&array, 1..2);
        assert_eq!(second.spans, [Some(("urn:example:bbbb", 18))]);
        assert_text(second.item(1), "urn:example:bbbb");
    }

    #[test]
    fn a_view_span_that_is_not_utf8_reads_each_value_on_its_own() {
        let array = two_views();
        let both = ViewArray::new(&array, 0..2);
        assert_eq!(both.spans, [None]);
        assert_text(both.item(0), "urn:example:aaaa");
        assert_text(both.item(1), "urn:example:bbbb");
    }
}
