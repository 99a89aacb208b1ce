//! Boundary values, drawn on purpose one field at a time: an engine's bug
//! hides where a value crosses a bound (one past the board, the last
//! colour) or the width of an integer it is read through (a direction kept
//! in a byte, a coordinate in 16 bits). Rendered uniformly, such values come
//! up about never; each game's generator puts one of these in one field of
//! an operation or an instance now and then, and its counters name the
//! draw in the rule-coverage table, so a night shows it reached them.

use std::ops::RangeInclusive;

use arbitrary::{Result, Unstructured};

/// The edges of the integer widths a field may be read through: each
/// width's largest value and the one past it, signed and unsigned, and the
/// extremes of 32 and 64 bits.
pub const WIDTH_EDGES: [i64; 16] = [
    i8::MAX as i64,
    i8::MAX as i64 + 1,
    u8::MAX as i64,
    u8::MAX as i64 + 1,
    i16::MAX as i64,
    i16::MAX as i64 + 1,
    u16::MAX as i64,
    u16::MAX as i64 + 1,
    i32::MIN as i64,
    i32::MAX as i64,
    i32::MAX as i64 + 1,
    u32::MAX as i64,
    u32::MAX as i64 + 1,
    i64::MIN,
    i64::MIN + 1,
    i64::MAX,
];

/// Where on a field's edges a drawn value lies, as the coverage tables name
/// it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    /// -1, 0 or 1.
    Zero,
    /// The field's lowest valid value, or one less.
    Low,
    /// The field's highest valid value, or one more.
    High,
    /// One of [`WIDTH_EDGES`].
    Width,
}

/// The edge values of a field whose valid values are `low..=high`, of those
/// the field's type and the format can hold (`holds`): -1, 0, 1; `low` - 1
/// and `low`; `high`, `high` + 1 (and `high` - 1, the last but one); the
/// integer-width edges. Each once, in that order, with the edge it is.
pub fn edge_values(low: i64, high: i64, holds: impl Fn(i64) -> bool) -> Vec<(Edge, i64)> {
    EdgeValues::of(low, high, holds).as_slice().to_vec()
}

/// One of [`edge_values`], drawn from `u`, with the edge it is.
pub fn draw_edge(u: &mut Unstructured<'_>, low: i64, high: i64, holds: impl Fn(i64) -> bool) -> Result<(Edge, i64)> {
    Ok(*u.choose(EdgeValues::of(low, high, holds).as_slice())?)
}

/// [`edge_values`] in an array rather than a `Vec`: generators draw one of
/// them for some of their operations, and a list allocated for each would
/// cost more than the draw.
struct EdgeValues {
    values: [(Edge, i64); EdgeValues::MOST],
    len: usize,
}

impl EdgeValues {
    /// Every candidate, were they all distinct and held.
    const MOST: usize = 3 + 2 + 3 + WIDTH_EDGES.len();

    fn of(low: i64, high: i64, holds: impl Fn(i64) -> bool) -> EdgeValues {
        let mut found = EdgeValues { values: [(Edge::Zero, 0); EdgeValues::MOST], len: 0 };
        let bounds = [-1, 0, 1]
            .map(|v| (Edge::Zero, Some(v)))
            .into_iter()
            .chain([low.checked_sub(1), Some(low)].map(|v| (Edge::Low, v)))
            .chain([high.checked_sub(1), Some(high), high.checked_add(1)].map(|v| (Edge::High, v)));
        for (edge, value) in bounds {
            if let Some(value) = value.filter(|&v| holds(v)) {
                found.add_new(edge, value, found.len);
            }
        }
        // The width edges differ from one another: one can only be a value
        // found before them.
        let before = found.len;
        for value in WIDTH_EDGES.into_iter().filter(|&v| holds(v)) {
            found.add_new(Edge::Width, value, before);
        }
        found
    }

    /// Adds `value`, unless it is one of the first `among` values.
    fn add_new(&mut self, edge: Edge, value: i64, among: usize) {
        if !self.values[..among].iter().any(|&(_, seen)| seen == value) {
            self.values[self.len] = (edge, value);
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[(Edge, i64)] {
        &self.values[..self.len]
    }
}

/// An edge value of a field valid in `valid` that must stay in `drawn` (a
/// size or a count the format bounds, whose values past it are no more
/// than parse errors): `valid`'s own edges, -1, 0, 1 and the width edges,
/// of those in `drawn`.
pub fn draw_within(u: &mut Unstructured<'_>, valid: RangeInclusive<i64>, drawn: RangeInclusive<i64>) -> Result<i64> {
    Ok(draw_edge(u, *valid.start(), *valid.end(), |v| drawn.contains(&v))?.1)
}

/// Which edge of a field valid in `low..=high` `value` is, by the same
/// order as [`edge_values`]; `None` for a value on no edge. The counters ask
/// it of the values a game's records keep, so that the coverage table names
/// the edges a night reached, whoever drew them.
pub fn edge_of(low: i64, high: i64, value: i64) -> Option<Edge> {
    if (-1..=1).contains(&value) {
        Some(Edge::Zero)
    } else if low.checked_sub(1).is_some_and(|below| below == value) || value == low {
        Some(Edge::Low)
    } else if (high.saturating_sub(1)..=high.saturating_add(1)).contains(&value) {
        Some(Edge::High)
    } else {
        WIDTH_EDGES.contains(&value).then_some(Edge::Width)
    }
}

/// The widths, in bits, of the narrower integers a value may be read
/// through and wrap in: a byte, 16 bits, 32 bits.
pub const WRAPS: [u32; 3] = [8, 16, 32];

/// The values outside `low..=high` that an integer of one of [`WRAPS`]
/// reads as values inside: each valid value plus 2^8, 2^16 and 2^32, of
/// those the field can hold (`holds`). A direction of 257 is one: a byte
/// reads it as 1. Meant for fields of few valid values: it lists them all.
pub fn wrapped_values(low: i64, high: i64, holds: impl Fn(i64) -> bool) -> Vec<i64> {
    let shifted = |bits: u32| (low..=high).filter_map(move |v| v.checked_add(1 << bits));
    WRAPS.iter().flat_map(|&bits| shifted(bits)).filter(|&v| v > high && holds(v)).collect()
}

/// Whether `value`, outside `low..=high`, is read as a value inside by an
/// integer of one of [`WRAPS`] (its low bits, unsigned): as [`edge_of`],
/// for the counters, whoever drew it.
pub fn wraps_into(low: i64, high: i64, value: i64) -> bool {
    let valid = low..=high;
    !valid.contains(&value) && WRAPS.iter().any(|&bits| valid.contains(&(value & ((1 << bits) - 1))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_of_ten_has_its_edges_and_the_widths_its_type_holds() {
        let values: Vec<i64> = edge_values(0, 9, |v| i32::try_from(v).is_ok()).into_iter().map(|(_, v)| v).collect();
        assert_eq!(values[..6], [-1, 0, 1, 8, 9, 10]);
        assert!(values.contains(&255) && values.contains(&256) && values.contains(&65536));
        assert!(values.contains(&i64::from(i32::MAX)) && values.contains(&i64::from(i32::MIN)));
        assert!(!values.contains(&(i64::from(i32::MAX) + 1)), "an i32 field cannot hold it");
    }

    #[test]
    fn each_value_once_with_the_first_edge_it_is() {
        let edges = edge_values(1, 100, |v| (0..=255).contains(&v));
        let expected = [
            (Edge::Zero, 0),
            (Edge::Zero, 1),
            (Edge::High, 99),
            (Edge::High, 100),
            (Edge::High, 101),
            (Edge::Width, 127),
            (Edge::Width, 128),
            (Edge::Width, 255),
        ];
        assert_eq!(edges, expected);
        for (edge, value) in expected {
            assert_eq!(edge_of(1, 100, value), Some(edge), "{value}");
        }
        assert_eq!(edge_of(1, 100, 50), None);
        assert_eq!(edge_of(1, 100, i64::MIN), Some(Edge::Width));
    }

    #[test]
    fn a_bound_at_a_width_edge_is_named_once_as_the_bound() {
        let edges = edge_values(128, 255, |v| (0..=300).contains(&v));
        let named = |value| edges.iter().filter(|&&(_, v)| v == value).map(|&(edge, _)| edge).collect::<Vec<_>>();
        assert_eq!(
            (named(127), named(128), named(255), named(256)),
            (vec![Edge::Low], vec![Edge::Low], vec![Edge::High], vec![Edge::High])
        );
        assert_eq!(edges.len(), 2 + 2 + 3, "-1 is not held, and no width edge is new");
    }

    #[test]
    fn a_byte_reads_257_as_a_direction_and_minus_one_as_none() {
        assert!(wraps_into(0, 3, 257) && wraps_into(0, 3, 65536 + 3) && wraps_into(0, 3, i64::from(i32::MIN)));
        assert!(!wraps_into(0, 3, 3) && !wraps_into(0, 3, -1) && !wraps_into(0, 3, 260));
        let values = wrapped_values(0, 3, |v| i32::try_from(v).is_ok());
        assert!(!values.is_empty());
        for value in values {
            assert!(wraps_into(0, 3, value) && value < 1 << 32, "{value}");
        }
    }
}
