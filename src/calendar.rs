//! The Gregorian calendar, for every part of an identifier that is a date: the date of a tag
//! (RFC 4151 §2.2) and the dates that namespace registrations state in prose (`newsml`, `fdc`,
//! `pwid`). One count of the days in a month for all of them.
//!
//! Like `chars` and `dns`, this module sits at the bottom of the crate and imports nothing
//! from it.

/// Whether `year` is a leap year of the Gregorian calendar.
pub(crate) const fn is_leap_year(year: u16) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

/// The number of days in `month` (1 to 12) of `year`; 0 for any other month.
pub(crate) const fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// Whether `year`-`month`-`day` is a day of the calendar.
pub(crate) const fn is_date(year: u16, month: u8, day: u8) -> bool {
    day >= 1 && day <= days_in_month(year, month)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leap_years_follow_the_gregorian_rule() {
        assert!(is_leap_year(2000));
        assert!(is_leap_year(2024));
        assert!(!is_leap_year(1900));
        assert!(!is_leap_year(2001));
        assert_eq!(days_in_month(2000, 2), 29);
        assert_eq!(days_in_month(1900, 2), 28);
        assert_eq!(days_in_month(2001, 13), 0);
    }

    #[test]
    fn dates_are_days_of_their_month() {
        assert!(is_date(2000, 2, 29));
        assert!(!is_date(1900, 2, 29));
        assert!(!is_date(2001, 4, 31));
        assert!(!is_date(2001, 0, 1));
        assert!(!is_date(2001, 13, 1));
        assert!(!is_date(2001, 1, 0));
    }
}
