//! The values of a batch, read by index where they lie, from any thread.
//!
//! A batch is a list of *chunks*: the chunks of an Arrow array as its producer gave them, or
//! one [`Texts`] that a list of `str` or a NumPy unicode array was copied into (their values are
//! Python objects or code points, read with the GIL held). Every value is read with checked
//! offsets and checked as UTF-8 here, whatever the producer of an Arrow array promised: a
//! malformed array gives an error or an invalid value, never a panic. Each value is read once,
//! where it lies, and checked on its own: a first pass over a batch's data to check it as UTF-8
//! in one piece cost more than it saved, in memory traffic. The validity check reads the bytes
//! themselves ([`Values::unmasked_bytes`]), which the grammars refuse unless they are ASCII.

use std::ops::Range;

use arrow_array::types::{ByteArrayType, ByteViewType};
use arrow_array::{Array, GenericByteArray, GenericByteViewArray, OffsetSizeTrait};
use arrow_buffer::{ArrowNativeType, NullBuffer};
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
                scheme: Scheme::of_bytes(bytes),
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

    /// Value `i`'s bytes as its buffers hold them (as [`Values::unmasked`]), not checked as
    /// UTF-8; `None` for a value that is not text. For the validity check, which reads bytes.
    ///
    /// # Errors
    ///
    /// As for [`Values::item`].
    #[inline(always)]
    fn unmasked_bytes(&self, i: usize) -> Result<Option<&[u8]>, Malformed> {
        Ok(match self.unmasked(i)? {
            Item::Text(text) => Some(text.as_bytes()),
            Item::Null | Item::NotUnicode(_) | Item::InvalidUtf8 { .. } => None,
        })
    }

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

/// The values of a string or binary array with offsets (`string`, `large_string`, `binary`,
/// `large_binary`).
pub struct ByteArray<'a, T: ByteArrayType> {
    array: &'a GenericByteArray<T>,
}

impl<'a, T: ByteArrayType> ByteArray<'a, T>
where
    T::Offset: OffsetSizeTrait,
{
    pub fn new(array: &'a GenericByteArray<T>) -> ByteArray<'a, T> {
        ByteArray { array }
    }

    #[inline(always)]
    fn bytes(&self, i: usize) -> Result<&'a [u8], Malformed> {
        let offsets = self.array.value_offsets();
        let (start, end) = match (offsets.get(i), offsets.get(i + 1)) {
            (Some(start), Some(end)) => (start.as_usize(), end.as_usize()),
            _ => return Err(Malformed),
        };
        self.array.value_data().get(start..end).ok_or(Malformed)
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
        Ok(Item::of_bytes(self.bytes(i)?))
    }

    #[inline(always)]
    fn unmasked_bytes(&self, i: usize) -> Result<Option<&[u8]>, Malformed> {
        self.bytes(i).map(Some)
    }

    fn nulls(&self) -> Option<&NullBuffer> {
        self.array.nulls()
    }
}

/// The values of a string or binary view array (`string_view`, `binary_view`): each value's
/// bytes inline in its view when short, else at an offset of one of the data buffers.
pub struct ViewArray<'a, T: ByteViewType + ?Sized> {
    array: &'a GenericByteViewArray<T>,
    /// The views, each read as one `u128` (one load, not sixteen byte copies), and the same
    /// views as bytes, for the values they hold inline.
    views: &'a [u128],
    view_bytes: &'a [u8],
}

/// The longest value a view holds inline.
const INLINE_LEN: usize = 12;

/// A view is sixteen little-endian bytes: the value's length, then the value itself when it is
/// short, else its first four bytes, the index of its data buffer and its offset there.
#[inline(always)]
fn view_len(view: u128) -> usize {
    view as u32 as usize
}

impl<'a, T: ByteViewType + ?Sized> ViewArray<'a, T> {
    pub fn new(array: &'a GenericByteViewArray<T>) -> Self {
        ViewArray {
            array,
            views: array.views(),
            view_bytes: array.views().inner().as_slice(),
        }
    }

    #[inline(always)]
    fn bytes(&self, i: usize) -> Result<&'a [u8], Malformed> {
        let view = *self.views.get(i).ok_or(Malformed)?;
        let length = view_len(view);
        let bytes = if length <= INLINE_LEN {
            self.view_bytes.get(i * 16 + 4..i * 16 + 4 + length)
        } else {
            let buffer = (view >> 64) as u32 as usize;
            let offset = (view >> 96) as u32 as usize;
            self.array
                .data_buffers()
                .get(buffer)
                .and_then(|data| data.get(offset..offset.checked_add(length)?))
        };
        bytes.ok_or(Malformed)
    }
}

impl<T: ByteViewType + ?Sized> Values for ViewArray<'_, T> {
    fn len(&self) -> usize {
        self.array.len()
    }

    // Always inlined into the loops that read every value.
    #[inline(always)]
    fn unmasked(&self, i: usize) -> Result<Item<'_>, Malformed> {
        Ok(Item::of_bytes(self.bytes(i)?))
    }

    #[inline(always)]
    fn unmasked_bytes(&self, i: usize) -> Result<Option<&[u8]>, Malformed> {
        self.bytes(i).map(Some)
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
    /// between them, and one inline value that is not UTF-8.
    fn views() -> arrow_array::BinaryViewArray {
        let mut builder = BinaryViewBuilder::new();
        let data = b"urn:example:aaaa\xff\xffurn:example:bbbb";
        let block = builder.append_block(Buffer::from(data.as_slice()));
        builder
            .try_append_view(block, 0, 16)
            .expect("in the buffer");
        builder
            .try_append_view(block, 18, 16)
            .expect("in the buffer");
        builder.append_value(b"urn:\xffx");
        builder.append_value("urn:x:\u{e9}");
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
    fn each_view_is_read_on_its_own_beside_bytes_that_are_not_utf8() {
        let array = views();
        let values = ViewArray::new(&array);
        assert_text(values.item(0), "urn:example:aaaa");
        assert_text(values.item(1), "urn:example:bbbb");
        assert!(matches!(
            values.item(2),
            Ok(Item::InvalidUtf8 {
                scheme: Some(Scheme::Urn),
                index: 4
            })
        ));
        assert_text(values.item(3), "urn:x:\u{e9}");
        assert!(matches!(values.item(4), Err(Malformed)));
    }
}
