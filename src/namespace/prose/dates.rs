//! Dates and times of day: a grammar checks their digits and the ranges it can spell, and
//! leaves to Rust whether the day is one of its month (the Gregorian calendar, `calendar.rs`).

use crate::calendar;

use super::{ProseRule, ProseViolation, Violation, violation};

/// The number of `len` digits at byte `at` of `text`, if they are there.
fn number(text: &str, at: usize, len: usize) -> Option<u16> {
    text.get(at..at + len)?.parse().ok()
}

/// The date `CCYYMMDD` at the start of `text`, if it is written there: (year, month, day).
fn basic_format(text: &str) -> Option<(u16, u8, u8)> {
    let (year, month, day) = (
        number(text, 0, 4)?,
        number(text, 4, 2)?,
        number(text, 6, 2)?,
    );
    Some((year, u8::try_from(month).ok()?, u8::try_from(day).ok()?))
}

/// `newsml`, RFC 3085 §2: "DateId is a date in ISO 8601 Basic Format (CCYYMMDD)": a day of the
/// calendar.
pub(super) fn newsml_date_id(nss: &str) -> Result<(), Violation> {
    date_id(nss, const { ProseRule::named("newsml_date_id") })
}

/// `fdc`, RFC 4198 §3: "DateId is a date in ISO 8601 Basic Format (CCYY[MM[DD]])", whose month
/// and day ranges the ABNF checks, but not that the day is in the month.
pub(super) fn fdc_date_id(nss: &str) -> Result<(), Violation> {
    date_id(nss, const { ProseRule::named("fdc_date_id") })
}

/// The DateId of `ProviderId ":" DateId ":" ...` (`newsml`, `fdc`), when it has a day: a day
/// of the calendar by `rule`, reported at the day.
fn date_id(nss: &str, rule: ProseRule) -> Result<(), Violation> {
    let mut fields = nss.split(':');
    let provider = fields.next().unwrap_or_default();
    let date = fields.next().unwrap_or_default();
    match basic_format(date) {
        Some((year, month, day)) if date.len() == 8 && !calendar::is_date(year, month, day) => {
            let kind = ProseViolation::Date {
                rule,
                year,
                month,
                day,
            };
            violation(provider.len() + 1 + 6, kind)
        }
        _ => Ok(()),
    }
}

/// `pwid`, its IANA template, "Syntax", the ranges of the ABNF's comments: "utc-month  =
/// 2DIGIT  ; 01-12", "utc-day    = 2DIGIT  ; 01-28, 01-29, 01-30, 01-31 based on month/year",
/// "utc-hour   = 2DIGIT  ; 00-23", "utc-minute = 2DIGIT  ; 00-59", "utc-sec = 2DIGIT  ; 00-58,
/// 00-59, 00-60 based on leap second rules" (whether a second 60 was a leap second is not
/// checked). Reported at the first field out of its range; the violation holds the date
/// written.
pub(super) fn pwid_archival_time(nss: &str) -> Result<(), Violation> {
    let Some((domain, rest)) = nss.split_once(':') else {
        return Ok(());
    };
    let (Some(year), Some(month), Some(day)) =
        (number(rest, 0, 4), number(rest, 5, 2), number(rest, 8, 2))
    else {
        return Ok(());
    };
    let (Ok(month), Ok(day)) = (u8::try_from(month), u8::try_from(day)) else {
        return Ok(());
    };
    let out_of_range = |at: usize| {
        let rule = const { ProseRule::named("pwid_archival_time") };
        let kind = ProseViolation::Date {
            rule,
            year,
            month,
            day,
        };
        violation(domain.len() + 1 + at, kind)
    };
    if !(1..=12).contains(&month) {
        return out_of_range(5);
    }
    if !calendar::is_date(year, month, day) {
        return out_of_range(8);
    }
    let timed = rest
        .as_bytes()
        .get(10)
        .is_some_and(|b| b.eq_ignore_ascii_case(&b'T'));
    if timed {
        for (at, most) in [(11, 23), (14, 59), (17, 60)] {
            let field = at == 11 || rest.as_bytes().get(at - 1) == Some(&b':');
            let Some(value) = number(rest, at, 2).filter(|_| field) else {
                break;
            };
            if value > most {
                return out_of_range(at);
            }
        }
    }
    Ok(())
}
