//! The date of a tagging entity (RFC 4151 §2.2) and the clock that minting compares it to.

use alloc::format;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::calendar::days_in_month;
use crate::error::{ParseError, ParseErrorKind, Part};

/// The day a tag date denotes: RFC 4151 §2.2 reads `YYYY`, `YYYY-MM` and `YYYY-MM-DD` as
/// 00:00 UTC on a day of the Gregorian calendar, the month and day defaulting to `01`.
///
/// `Eq` and `Ord` compare the calendar day: the dates of `2001-07` and `2001-07-01` are equal (how
/// a tag wrote its date is the tag's text,
/// [`TagUri::date_as_written`](crate::TagUri::date_as_written)).
///
/// A `TagDate` is always a day that exists (years 0000 to 9999, the proleptic Gregorian
/// calendar). It orders chronologically and displays in full, as `YYYY-MM-DD`.
///
/// ```
/// use urn_tag::{TagDate, TagUri};
///
/// let tag = TagUri::parse("tag:sandro@w3.org,2004-05:Sandro")?;
/// assert_eq!(tag.date(), TagDate::new(2004, 5, 1).unwrap());
/// assert_eq!(tag.date().to_string(), "2004-05-01");
/// assert_eq!("2004-05".parse::<TagDate>()?, tag.date());
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TagDate {
    year: u16,
    month: u8,
    day: u8,
}

/// The first day a tag date can denote, 0000-01-01, in days from 1970-01-01.
const FIRST_DAY: i64 = -719_528;
/// The last day a tag date can denote, 9999-12-31, in days from 1970-01-01.
const LAST_DAY: i64 = 2_932_896;

impl TagDate {
    /// The date `year`-`month`-`day`, if that day exists in the Gregorian calendar and the
    /// year has at most four digits.
    ///
    /// ```
    /// use urn_tag::TagDate;
    ///
    /// assert!(TagDate::new(2000, 2, 29).is_some());
    /// assert!(TagDate::new(1900, 2, 29).is_none());
    /// assert!(TagDate::new(2001, 4, 31).is_none());
    /// assert!(TagDate::new(10_000, 1, 1).is_none());
    /// ```
    pub const fn new(year: u16, month: u8, day: u8) -> Option<TagDate> {
        if year > 9999 || month < 1 || month > 12 || day < 1 || day > days_in_month(year, month) {
            return None;
        }
        Some(TagDate { year, month, day })
    }

    /// The year, 0 to 9999.
    ///
    /// ```
    /// assert_eq!(urn_tag::TagDate::new(2001, 9, 15).unwrap().year(), 2001);
    /// ```
    pub const fn year(self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    ///
    /// ```
    /// assert_eq!(urn_tag::TagDate::new(2001, 9, 15).unwrap().month(), 9);
    /// ```
    pub const fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    ///
    /// ```
    /// assert_eq!(urn_tag::TagDate::new(2001, 9, 15).unwrap().day(), 15);
    /// ```
    pub const fn day(self) -> u8 {
        self.day
    }

    /// The shortest way to write the date in a tag (RFC 4151 §2.2): "A day value of "01" MAY
    /// be omitted; a month value of "01" MAY be omitted unless it is followed by a day value
    /// other than "01"."
    ///
    /// ```
    /// use urn_tag::TagDate;
    ///
    /// assert_eq!(TagDate::new(2000, 1, 1).unwrap().to_shortest_string(), "2000");
    /// assert_eq!(TagDate::new(2001, 7, 1).unwrap().to_shortest_string(), "2001-07");
    /// assert_eq!(TagDate::new(2001, 1, 15).unwrap().to_shortest_string(), "2001-01-15");
    /// ```
    pub fn to_shortest_string(self) -> String {
        let TagDate { year, month, day } = self;
        match (month, day) {
            (1, 1) => format!("{year:04}"),
            (_, 1) => format!("{year:04}-{month:02}"),
            _ => format!("{year:04}-{month:02}-{day:02}"),
        }
    }

    /// Reads a date already known to be `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (digits where
    /// digits belong), checking the month and the day; an error is the kind and the index of
    /// the offending item in `written`.
    ///
    /// Every tag parse comes through here, so it reads the digits by position: the three
    /// forms are three slice patterns, and any other length (never passed) is an invalid date.
    #[inline]
    pub(crate) fn from_written(written: &[u8]) -> Result<TagDate, (ParseErrorKind, usize)> {
        let digit = |byte: u8| byte.wrapping_sub(b'0');
        let two_digits = |tens: u8, ones: u8| digit(tens) * 10 + digit(ones);
        let (y, month, day) = match *written {
            [y0, y1, y2, y3] => ([y0, y1, y2, y3], 1, 1),
            [y0, y1, y2, y3, _, m0, m1] => ([y0, y1, y2, y3], two_digits(m0, m1), 1),
            [y0, y1, y2, y3, _, m0, m1, _, d0, d1] => {
                ([y0, y1, y2, y3], two_digits(m0, m1), two_digits(d0, d1))
            }
            _ => return Err((ParseErrorKind::InvalidDate, 0)),
        };
        let year = u16::from(two_digits(y[0], y[1])) * 100 + u16::from(two_digits(y[2], y[3]));
        if !(1..=12).contains(&month) {
            return Err((ParseErrorKind::MonthOutOfRange { month }, 5));
        }
        // Every month has its 1st to 28th: only a later day needs the calendar.
        if (1..=28).contains(&day) {
            return Ok(TagDate { year, month, day });
        }
        TagDate::new(year, month, day)
            .ok_or((ParseErrorKind::DayOutOfRange { year, month, day }, 8))
    }

    /// The day `days` after 1970-01-01 (before it when negative), clamped to the days a tag
    /// date can denote (0000-01-01 to 9999-12-31). A [`Clock`] without `std` can build on it:
    /// divide the seconds since the Unix epoch by 86 400, rounding down.
    ///
    /// ```
    /// use urn_tag::TagDate;
    ///
    /// assert_eq!(TagDate::from_days_since_unix_epoch(0).to_string(), "1970-01-01");
    /// assert_eq!(TagDate::from_days_since_unix_epoch(12_692).to_string(), "2004-10-01");
    /// assert_eq!(TagDate::from_days_since_unix_epoch(-1).to_string(), "1969-12-31");
    /// assert_eq!(TagDate::from_days_since_unix_epoch(i64::MAX).to_string(), "9999-12-31");
    /// ```
    pub const fn from_days_since_unix_epoch(days: i64) -> TagDate {
        let days = if days < FIRST_DAY {
            FIRST_DAY
        } else if days > LAST_DAY {
            LAST_DAY
        } else {
            days
        };
        // The civil-from-days algorithm of H. Hinnant, "chrono-Compatible Low-Level Date
        // Algorithms", on eras of 400 years starting on 0000-03-01.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z.rem_euclid(146_097);
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let shifted_month = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
        let month = if shifted_month < 10 {
            shifted_month + 3
        } else {
            shifted_month - 9
        };
        let year = year_of_era + era * 400 + if month <= 2 { 1 } else { 0 };
        // The clamp keeps the year in 0..=9999, the month in 1..=12 and the day in 1..=31.
        TagDate {
            year: year as u16,
            month: month as u8,
            day: day as u8,
        }
    }
}

/// The date in full, `YYYY-MM-DD`.
impl fmt::Display for TagDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Reads a date written as in a tag: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
///
/// ```
/// use urn_tag::{ParseErrorKind, TagDate};
///
/// assert_eq!("2001".parse::<TagDate>()?, TagDate::new(2001, 1, 1).unwrap());
/// let err = "1900-02-29".parse::<TagDate>().unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::DayOutOfRange { year: 1900, month: 2, day: 29 });
/// assert_eq!(err.to_string(), "day 29 does not exist in 1900-02 at byte 8");
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
impl FromStr for TagDate {
    type Err = ParseError;

    fn from_str(written: &str) -> Result<TagDate, ParseError> {
        let bytes = written.as_bytes();
        if bytes.is_empty() {
            return Err(ParseError::new(ParseErrorKind::Empty(Part::Date), 0));
        }
        for (i, &b) in bytes.iter().enumerate().take(11) {
            let fits = match i {
                4 | 7 => b == b'-',
                10 => false,
                _ => b.is_ascii_digit(),
            };
            if !fits {
                return Err(ParseError::new(ParseErrorKind::InvalidDate, i));
            }
        }
        if !matches!(bytes.len(), 4 | 7 | 10) {
            return Err(ParseError::new(ParseErrorKind::InvalidDate, bytes.len()));
        }
        TagDate::from_written(bytes).map_err(|(kind, index)| ParseError::new(kind, index))
    }
}

/// Where minting learns today's date, in UTC, to refuse a future date (RFC 4151 §2.2: an
/// entity "MUST NOT mint tags under a future date").
///
/// A [`TagDate`] is a clock that always says that day, which makes minting testable;
/// [`SystemClock`] (with the `std` feature) reads the system's clock.
///
/// ```
/// use urn_tag::{Clock, TagDate};
///
/// let fixed = TagDate::new(2005, 10, 1).unwrap();
/// assert_eq!(fixed.today(), fixed);
/// ```
pub trait Clock {
    /// Today's date in UTC.
    fn today(&self) -> TagDate;
}

impl Clock for TagDate {
    fn today(&self) -> TagDate {
        *self
    }
}

/// The system's clock, read through `std::time::SystemTime`, giving the day in UTC.
///
/// It holds nothing, so all its values are equal.
///
/// A system clock set after 9999-12-31 or before 0000-01-01 reads as that day.
///
/// ```
/// use urn_tag::{Clock, SystemClock, TagDate};
///
/// assert!(SystemClock.today() > TagDate::new(2005, 10, 1).unwrap());
/// ```
#[cfg(feature = "std")]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SystemClock;

#[cfg(feature = "std")]
impl Clock for SystemClock {
    fn today(&self) -> TagDate {
        use std::time::{SystemTime, UNIX_EPOCH};

        const SECONDS_PER_DAY: u64 = 86_400;
        let days = match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(after) => i64::try_from(after.as_secs() / SECONDS_PER_DAY).unwrap_or(i64::MAX),
            Err(before) => {
                let days = before.duration().as_secs().div_ceil(SECONDS_PER_DAY);
                i64::try_from(days).map_or(i64::MIN, |days| -days)
            }
        };
        TagDate::from_days_since_unix_epoch(days)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calendar::is_leap_year;

    /// The inverse of `from_days_since_unix_epoch`, counted the slow way.
    fn days_since_unix_epoch(date: TagDate) -> i64 {
        let mut days = 0i64;
        let (from, to, sign) = if date.year >= 1970 {
            (1970, date.year, 1)
        } else {
            (date.year, 1970, -1)
        };
        for year in from..to {
            days += sign * if is_leap_year(year) { 366 } else { 365 };
        }
        for month in 1..date.month {
            days += i64::from(days_in_month(date.year, month));
        }
        days + i64::from(date.day) - 1
    }

    #[test]
    fn civil_from_days_matches_counting_on_every_day_of_sample_years() {
        for year in [
            0, 1, 4, 99, 100, 400, 1600, 1899, 1900, 1969, 1970, 2000, 2024, 9999,
        ] {
            for month in 1..=12 {
                for day in 1..=days_in_month(year, month) {
                    let date = TagDate { year, month, day };
                    let days = days_since_unix_epoch(date);
                    assert_eq!(TagDate::from_days_since_unix_epoch(days), date, "{date}");
                }
            }
        }
    }

    /// The written forms read by position, with the shortcut for days 1 to 28, give what
    /// `TagDate::new` gives for every two-digit month and day of a leap year, a common year
    /// and the century years that are and are not leap years.
    #[test]
    fn from_written_agrees_with_new_on_every_month_and_day() {
        for year in [1900, 2000, 2001, 2004, 9999] {
            assert_eq!(
                TagDate::from_written(format!("{year:04}").as_bytes()),
                Ok(TagDate {
                    year,
                    month: 1,
                    day: 1
                })
            );
            for month in 0..=99 {
                let written = format!("{year:04}-{month:02}");
                let expected = TagDate::new(year, month, 1)
                    .ok_or((ParseErrorKind::MonthOutOfRange { month }, 5));
                assert_eq!(
                    TagDate::from_written(written.as_bytes()),
                    expected,
                    "{written}"
                );
                for day in 0..=99 {
                    let written = format!("{year:04}-{month:02}-{day:02}");
                    let expected = match TagDate::new(year, month, day) {
                        Some(date) => Ok(date),
                        None if !(1..=12).contains(&month) => {
                            Err((ParseErrorKind::MonthOutOfRange { month }, 5))
                        }
                        None => Err((ParseErrorKind::DayOutOfRange { year, month, day }, 8)),
                    };
                    assert_eq!(
                        TagDate::from_written(written.as_bytes()),
                        expected,
                        "{written}"
                    );
                }
            }
        }
    }

    #[test]
    fn civil_from_days_clamps_to_four_digit_years() {
        assert_eq!(
            days_since_unix_epoch(TagDate::new(0, 1, 1).unwrap()),
            FIRST_DAY
        );
        assert_eq!(
            days_since_unix_epoch(TagDate::new(9999, 12, 31).unwrap()),
            LAST_DAY
        );
        let first = TagDate::new(0, 1, 1).unwrap();
        let last = TagDate::new(9999, 12, 31).unwrap();
        assert_eq!(TagDate::from_days_since_unix_epoch(i64::MIN), first);
        assert_eq!(TagDate::from_days_since_unix_epoch(FIRST_DAY - 1), first);
        assert_eq!(TagDate::from_days_since_unix_epoch(LAST_DAY + 1), last);
        assert_eq!(TagDate::from_days_since_unix_epoch(i64::MAX), last);
        assert_eq!(
            TagDate::from_days_since_unix_epoch(0),
            TagDate::new(1970, 1, 1).unwrap()
        );
    }
}
