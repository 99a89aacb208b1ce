//! Rule coverage: named counters, each keyed by a rule ID and a variant
//! ("TX5 / row special fired"), counted on every record of a campaign and
//! printed as a table that names each counter left at zero. A quiet night
//! means something only when the table shows the rules were exercised.

use crate::process::prose::counted;
use std::fmt;
use std::marker::PhantomData;

/// One game's counters: an enum whose variants are listed in `ALL` in the
/// order of their index. Declare one with [`counters!`](crate::counters).
pub trait RuleCounter: Copy + Send + Sync + 'static {
    const ALL: &'static [Self];
    fn index(self) -> usize;
    /// The rule the counter exercises, as docs/RULES.md numbers it.
    fn rule(self) -> &'static str;
    /// What exactly is counted.
    fn variant(self) -> &'static str;
    /// The rule and what is counted, as the table's lists name a counter.
    fn named(self) -> String {
        format!("{} {}", self.rule(), self.variant())
    }
}

/// Counters as the table's lists name them: each [`RuleCounter::named`], apart
/// by "; ".
pub fn named_list<C: RuleCounter>(counters: &[C]) -> String {
    counters.iter().map(|c| c.named()).collect::<Vec<_>>().join("; ")
}

/// Declares a counter enum, its counters grouped under their rules:
/// `"RULE" => { Name: "what is counted", ... }`. A rule may head more than
/// one group; the counters keep the order they are written in.
#[macro_export]
macro_rules! counters {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($rule:literal => { $($variant:ident: $what:literal),+ $(,)? })+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name { $($($variant),+),+ }

        impl $crate::game::coverage::RuleCounter for $name {
            const ALL: &'static [Self] = &[$($($name::$variant),+),+];
            fn index(self) -> usize {
                self as usize
            }
            fn rule(self) -> &'static str {
                match self { $($($name::$variant => $rule),+),+ }
            }
            fn variant(self) -> &'static str {
                match self { $($($name::$variant => $what),+),+ }
            }
        }
    };
}

/// Counts of every counter of `C`, with the games and operations behind them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally<C: RuleCounter> {
    pub games: u64,
    pub operations: u64,
    counts: Vec<u64>,
    counter: PhantomData<C>,
}

impl<C: RuleCounter> Default for Tally<C> {
    fn default() -> Self {
        Tally { games: 0, operations: 0, counts: vec![0; C::ALL.len()], counter: PhantomData }
    }
}

impl<C: RuleCounter> Tally<C> {
    pub fn add(&mut self, counter: C, count: u64) {
        self.counts[counter.index()] += count;
    }

    pub fn count(&self, counter: C) -> u64 {
        self.counts[counter.index()]
    }

    /// Every counter's rule, variant and count, in the counters' order.
    pub fn counts(&self) -> Vec<(&'static str, &'static str, u64)> {
        C::ALL.iter().map(|&counter| (counter.rule(), counter.variant(), self.count(counter))).collect()
    }

    /// Back to no count, keeping its room: a tally of one record at a time.
    pub fn clear(&mut self) {
        (self.games, self.operations) = (0, 0);
        self.counts.fill(0);
    }

    /// Adds another run's counts (campaign jobs merge theirs).
    pub fn merge(&mut self, other: &Self) {
        self.games += other.games;
        self.operations += other.operations;
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine += theirs;
        }
    }

    /// Adds, counter by counter, the smaller of `a` and `b`: what two
    /// tallies of one operation have in common.
    pub fn merge_common(&mut self, a: &Self, b: &Self) {
        for ((mine, a), b) in self.counts.iter_mut().zip(&a.counts).zip(&b.counts) {
            *mine += a.min(b);
        }
    }

    /// The counters still at zero, in declaration order.
    pub fn never_reached(&self) -> Vec<C> {
        C::ALL.iter().copied().filter(|&c| self.count(c) == 0).collect()
    }
}

impl<C: RuleCounter> Tally<C> {
    /// The table as [`fmt::Display`] writes it, but for the counters
    /// `apart`, which no case of this campaign could reach (those beyond a
    /// statement, under `--against`): named on a line of their own, not
    /// among those never reached.
    pub fn apart_from<'a>(&'a self, apart: &'a [C], why: &'a str) -> impl fmt::Display + 'a {
        Apart { tally: self, apart, why }
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, apart: &[C], why: &str) -> fmt::Result {
        let width = C::ALL.iter().map(|c| c.variant().len()).chain(["counter".len()]).max().unwrap_or(0);
        let rule_width = C::ALL.iter().map(|c| c.rule().len()).chain(["rule".len()]).max().unwrap_or(0);
        let per_game = |count: u64| if self.games == 0 { 0.0 } else { count as f64 / self.games as f64 };
        writeln!(f, "{}, {}", counted(self.games, "game"), counted(self.operations, "operation"))?;
        writeln!(f, "  {:<rule_width$}  {:<width$}  {:>12}  {:>9}", "rule", "counter", "count", "per game")?;
        for &counter in C::ALL {
            let count = self.count(counter);
            writeln!(
                f,
                "  {:<rule_width$}  {:<width$}  {count:>12}  {:>9.3}",
                counter.rule(),
                counter.variant(),
                per_game(count)
            )?;
        }
        let names = named_list::<C>;
        // `why` says why a counter apart is not reached: those a game
        // beyond the statement reached all the same are said apart again.
        let (reached, unreached): (Vec<C>, Vec<C>) = apart.iter().partition(|&&c| self.count(c) > 0);
        if !unreached.is_empty() {
            writeln!(f, "{why} ({}): {}", unreached.len(), names(&unreached))?;
        }
        if !reached.is_empty() {
            writeln!(f, "reached by games beyond the statement ({}): {}", reached.len(), names(&reached))?;
        }
        let zero: Vec<C> =
            self.never_reached().into_iter().filter(|c| !apart.iter().any(|a| a.index() == c.index())).collect();
        match (zero.is_empty(), apart.is_empty()) {
            (true, true) => write!(f, "every counter reached"),
            (true, false) => write!(f, "every other counter reached"),
            (false, _) => write!(f, "never reached ({}): {}", zero.len(), names(&zero)),
        }
    }
}

struct Apart<'a, C: RuleCounter> {
    tally: &'a Tally<C>,
    apart: &'a [C],
    why: &'a str,
}

impl<C: RuleCounter> fmt::Display for Apart<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.tally.write(f, self.apart, self.why)
    }
}

impl<C: RuleCounter> fmt::Display for Tally<C> {
    /// The rule-coverage table, then the counters at zero.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &[], "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::counters! {
        enum Example {
            "EX1" => { Swap: "swap made" }
            "EX2" => { Bomb: "bomb exploded" }
        }
    }

    #[test]
    fn the_table_names_the_counters_left_at_zero() {
        let mut tally = Tally::<Example> { games: 2, ..Default::default() };
        tally.add(Example::Swap, 3);
        let table = tally.to_string();
        assert!(table.contains("EX1   swap made"), "{table}");
        assert!(table.ends_with("never reached (1): EX2 bomb exploded"), "{table}");
        tally.add(Example::Bomb, 1);
        assert!(tally.to_string().ends_with("every counter reached"));
    }

    #[test]
    fn counters_no_case_could_reach_are_named_apart_from_those_never_reached() {
        let mut tally = Tally::<Example> { games: 2, ..Default::default() };
        tally.add(Example::Swap, 3);
        let table = tally.apart_from(&[Example::Bomb], "beyond the statement").to_string();
        assert!(table.ends_with("beyond the statement (1): EX2 bomb exploded\nevery other counter reached"), "{table}");
        let table = Tally::<Example>::default().apart_from(&[Example::Bomb], "beyond the statement").to_string();
        assert!(table.ends_with("\nnever reached (1): EX1 swap made"), "{table}");
        // Reached all the same, by a game beyond the statement: not said
        // to be out of reach.
        tally.add(Example::Bomb, 1);
        let table = tally.apart_from(&[Example::Bomb], "beyond the statement").to_string();
        let said = "reached by games beyond the statement (1): EX2 bomb exploded\nevery other counter reached";
        assert!(table.ends_with(said), "{table}");
        assert!(!table.contains("\nbeyond the statement (1)"), "{table}");
    }

    crate::counters! {
        enum Grouped {
            "EX1" => {
                First: "first of its rule",
                Second: "second of its rule",
            }
            "EX2" => { Third: "alone under its rule" }
        }
    }

    #[test]
    fn grouped_counters_take_their_group_s_rule_in_order() {
        let rules: Vec<(&str, &str)> = Grouped::ALL.iter().map(|c| (c.rule(), c.variant())).collect();
        assert_eq!(
            rules,
            [("EX1", "first of its rule"), ("EX1", "second of its rule"), ("EX2", "alone under its rule")]
        );
        assert_eq!(Grouped::Third.index(), 2);
    }

    #[test]
    fn merging_adds_every_count() {
        let mut a = Tally::<Example>::default();
        let mut b = Tally::<Example> { games: 1, ..Default::default() };
        a.add(Example::Swap, 1);
        b.add(Example::Swap, 2);
        a.merge(&b);
        assert_eq!((a.count(Example::Swap), a.count(Example::Bomb), a.games), (3, 0, 1));
    }

    #[test]
    fn what_two_tallies_share_is_their_smaller_count() {
        let (mut engine, mut reference) = (Tally::<Example>::default(), Tally::<Example>::default());
        engine.add(Example::Swap, 2);
        reference.add(Example::Swap, 1);
        reference.add(Example::Bomb, 1);
        let mut common = Tally::<Example>::default();
        common.merge_common(&engine, &reference);
        assert_eq!((common.count(Example::Swap), common.count(Example::Bomb)), (1, 0));
    }
}
