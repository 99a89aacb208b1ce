//! Numbers in sentences: "1 operation", "2 operations", "59.9s".

use std::time::Duration;

/// `n` and `noun`, plural unless `n` is 1.
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `n` with its thousands set apart: "104,857,600".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut grouped = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// A duration as a person reads it: milliseconds below a second, seconds
/// to two figures after the point below ten, to one below a minute, then
/// minutes and seconds, then hours and minutes. The one way every duration
/// m3diff prints is written, rounded, never to the nanosecond.
pub fn duration(duration: Duration) -> String {
    if duration.is_zero() {
        return "0s".to_string();
    }
    // Rounded to each unit in turn: 59.96 s is "1m 0s", not "60.0s".
    let rounded = |unit_ms: u128| (duration.as_nanos() + unit_ms * 500_000) / (unit_ms * 1_000_000);
    let ms = rounded(1);
    if ms < 1000 {
        return format!("{ms}ms");
    }
    let hundredths = rounded(10);
    if hundredths < 1000 {
        return format!("{}.{:02}s", hundredths / 100, hundredths % 100);
    }
    let tenths = rounded(100);
    if tenths < 600 {
        return format!("{}.{}s", tenths / 10, tenths % 10);
    }
    let seconds = rounded(1000);
    if seconds < 3600 {
        return format!("{}m {}s", seconds / 60, seconds % 60);
    }
    let minutes = rounded(60_000);
    format!("{}h {}m", minutes / 60, minutes % 60)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    #[test]
    fn thousands_are_set_apart_by_commas() {
        assert_eq!(super::thousands(0), "0");
        assert_eq!(super::thousands(999), "999");
        assert_eq!(super::thousands(1000), "1,000");
        assert_eq!(super::thousands(104_857_600), "104,857,600");
    }

    #[test]
    fn a_duration_is_rounded_to_what_a_person_reads() {
        let shown = |nanos: u64| super::duration(Duration::from_nanos(nanos));
        // The issue's own: a campaign's shrink printed to the nanosecond.
        assert_eq!(shown(59_862_288_474), "59.9s");
        assert_eq!(shown(0), "0s");
        assert_eq!(shown(400_000), "0ms");
        assert_eq!(shown(862_288_474), "862ms");
        assert_eq!(shown(999_600_000), "1.00s");
        assert_eq!(shown(9_862_288_474), "9.86s");
        assert_eq!(shown(9_996_000_000), "10.0s");
        assert_eq!(shown(59_960_000_000), "1m 0s");
        assert_eq!(shown(90_000_000_000), "1m 30s");
        assert_eq!(shown(3_599_600_000_000), "1h 0m");
        assert_eq!(shown(8 * 3_600_000_000_000 + 90_000_000_000), "8h 2m");
    }

    #[test]
    fn one_is_singular_and_the_rest_plural() {
        assert_eq!(super::counted(1u64, "operation"), "1 operation");
        assert_eq!(super::counted(0u64, "move"), "0 moves");
        assert_eq!(super::counted(12u64, "case"), "12 cases");
    }
}
