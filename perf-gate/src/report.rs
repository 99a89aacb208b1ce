//! This run against the baseline: the table of every benchmark and the
//! verdict.

use std::fmt::Write as _;
use std::path::Path;

use crate::baseline::Baseline;
use crate::bench::Counts;

/// One benchmark's row.
struct Row {
    id: String,
    baseline: Option<u64>,
    now: Option<u64>,
}

impl Row {
    /// The change in percent of the baseline.
    fn change(&self) -> Option<f64> {
        let (before, now) = (self.baseline? as f64, self.now? as f64);
        Some((now - before) / before * 100.0)
    }
}

pub struct Verdict {
    rows: Vec<Row>,
    threshold: f64,
}

pub fn compare(baseline: &Baseline, counts: &Counts, threshold: f64) -> Verdict {
    let mut rows: Vec<Row> = counts
        .iter()
        .map(|(id, now)| {
            let before = baseline.counts.iter().find(|(known, _)| known == id).map(|&(_, count)| count);
            Row { id: id.clone(), baseline: before, now: Some(*now) }
        })
        .collect();
    for (id, count) in &baseline.counts {
        if !counts.iter().any(|(known, _)| known == id) {
            rows.push(Row { id: id.clone(), baseline: Some(*count), now: None });
        }
    }
    Verdict { rows, threshold }
}

impl Verdict {
    fn slower(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(|row| row.change().is_some_and(|change| change > self.threshold))
    }

    fn faster(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(|row| row.change().is_some_and(|change| change < -self.threshold))
    }

    /// Benchmarks on one side only: a new case, or one that is gone.
    fn unmatched(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(|row| row.change().is_none())
    }

    pub fn passes(&self) -> bool {
        self.slower().next().is_none() && self.unmatched().next().is_none()
    }

    pub fn table(&self) -> String {
        let count = |value: Option<u64>| value.map_or_else(|| "-".to_string(), |n| n.to_string());
        let mut text = format!("{:<36} {:>14} {:>14} {:>9}\n", "case", "baseline", "now", "change");
        for row in &self.rows {
            let change = row.change().map_or_else(|| "-".to_string(), |change| format!("{change:+.2}%"));
            let note = match row.change() {
                Some(change) if change > self.threshold => "  SLOWER",
                Some(change) if change < -self.threshold => "  faster",
                Some(_) => "",
                None if row.now.is_none() => "  gone",
                None => "  new",
            };
            let _ =
                writeln!(text, "{:<36} {:>14} {:>14} {:>9}{note}", row.id, count(row.baseline), count(row.now), change);
        }
        text
    }

    pub fn summary(&self, baseline: &Path) -> String {
        let names = |rows: Vec<&Row>| {
            rows.iter()
                .map(|row| format!("{} ({:+.2}%)", row.id, row.change().unwrap_or(0.0)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (slower, faster): (Vec<&Row>, Vec<&Row>) = (self.slower().collect(), self.faster().collect());
        let unmatched: Vec<&str> = self.unmatched().map(|row| row.id.as_str()).collect();
        let mut text = String::new();
        if !slower.is_empty() {
            let _ = writeln!(
                text,
                "FAIL: {} of {} cases need more than {}% more instructions than {}: {}",
                slower.len(),
                self.rows.len(),
                self.threshold,
                baseline.display(),
                names(slower)
            );
        }
        if !unmatched.is_empty() {
            let _ = writeln!(text, "FAIL: not in both the baseline and this run: {}", unmatched.join(", "));
        }
        if !faster.is_empty() {
            let _ = writeln!(text, "improved by more than {}%: {}", self.threshold, names(faster));
        }
        if self.passes() {
            let _ = write!(text, "PASS: no case needs more than {}% more instructions", self.threshold);
        } else {
            let _ =
                write!(text, "If the change is meant, run `cargo perf-gate --update` and commit the baseline's diff.");
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn baseline(counts: &[(&str, u64)]) -> Baseline {
        Baseline { compiler: String::new(), counts: counts.iter().map(|&(id, n)| (id.to_string(), n)).collect() }
    }

    fn counts(counts: &[(&str, u64)]) -> Counts {
        baseline(counts).counts
    }

    #[test]
    fn three_percent_passes_and_a_little_more_fails() {
        let before = baseline(&[("a", 10_000)]);
        assert!(compare(&before, &counts(&[("a", 10_300)]), 3.0).passes());
        let verdict = compare(&before, &counts(&[("a", 10_301)]), 3.0);
        assert!(!verdict.passes());
        assert!(verdict.table().contains("SLOWER"), "{}", verdict.table());
        assert!(verdict.summary(Path::new("b")).contains("FAIL: 1 of 1"), "{}", verdict.summary(Path::new("b")));
    }

    #[test]
    fn improvements_pass_and_are_reported() {
        let verdict = compare(&baseline(&[("a", 10_000)]), &counts(&[("a", 9_000)]), 3.0);
        assert!(verdict.passes());
        assert!(verdict.summary(Path::new("b")).contains("improved by more than 3%: a (-10.00%)"));
    }

    #[test]
    fn a_case_missing_on_either_side_fails() {
        let verdict = compare(&baseline(&[("a", 1), ("gone", 1)]), &counts(&[("a", 1), ("new", 1)]), 3.0);
        assert!(!verdict.passes());
        assert!(
            verdict.summary(Path::new("b")).contains("gone, new")
                || verdict.summary(Path::new("b")).contains("new, gone")
        );
    }
}
