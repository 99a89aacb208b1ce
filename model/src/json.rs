//! The records through serde (feature `serde`), written the way a program
//! in another language would print them, one JSON object an operation:
//! the harness reads such lines from a `--per-operation` program and
//! compares them with the reference's records.
//!
//! Most types derive their serde where they are defined (structs with
//! their Rust field names, enums in snake_case). Here are the ones written
//! by hand, so that a value reads as the problem's text writes it rather
//! than as Rust lays it out:
//!
//! - a board: an array of rows, each an array of cells, a cell as the
//!   statement's format writes it ([`Grid`], Texas's board, Magic Door's
//!   [`door::Cell`], Triple Town's [`levels`]);
//! - a cell's place: `[row, col]`, 1-based as the formats write it and as
//!   [`Pos`] prints ([`Pos`], both `At`s); SquareRemover's square is 0-based,
//!   as its format writes moves and as it prints;
//! - a Texas piece: `[colour, special]`, the two numbers the format writes
//!   on its two boards; and an operation's validity: `"valid"` or the
//!   reason it is invalid ([`validity`]).

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::grid::{Grid, Pos};
use crate::{door, square, texas, triple};

/// Cells stored row by row, `cols` a row, as an array of rows, each cell
/// written as `cell` makes it.
fn serialize_rows<T, C: Serialize, S: Serializer>(
    cols: usize,
    cells: &[T],
    cell: impl Fn(&T) -> C,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(cells.chunks(cols.max(1)).map(|row| row.iter().map(&cell).collect::<Vec<C>>()))
}

/// An array of rows read back: the number of rows and columns and the cells
/// row by row, each made by `cell` from what was written (an error of
/// `cell` is told with the cell's place). A board is a rectangle: a row of
/// another length than the first is an error.
fn deserialize_rows<'de, C: Deserialize<'de>, T, D: Deserializer<'de>>(
    deserializer: D,
    cell: impl Fn(C) -> Result<T, String>,
) -> Result<(usize, usize, Vec<T>), D::Error> {
    let rows = Vec::<Vec<C>>::deserialize(deserializer)?;
    let cols = rows.first().map_or(0, Vec::len);
    if let Some((index, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != cols) {
        let cells = |count: usize| if count == 1 { "1 cell".to_string() } else { format!("{count} cells") };
        let lengths = format!("row {} has {} and row 1 has {}", index + 1, cells(row.len()), cells(cols));
        return Err(de::Error::custom(format!("a board's rows are all as long: {lengths}")));
    }
    let count = rows.len();
    let mut cells = Vec::with_capacity(count * cols);
    for (index, written) in rows.into_iter().flatten().enumerate() {
        let place = Pos::new(index / cols, index % cols);
        cells.push(cell(written).map_err(|message| de::Error::custom(format!("cell {place}: {message}")))?);
    }
    Ok((count, cols, cells))
}

impl<T: Serialize + Copy> Serialize for Grid<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.cells().chunks(self.cols().max(1)))
    }
}

impl<'de, T: Deserialize<'de> + Copy> Deserialize<'de> for Grid<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let (rows, cols, cells) = deserialize_rows(deserializer, Ok)?;
        Ok(Grid::from_cells(rows, cols, cells))
    }
}

/// `[row, col]`, 1-based: as the formats write a cell and as `Pos` prints,
/// so that the JSON and a report name a cell alike.
impl Serialize for Pos {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [self.row + 1, self.col + 1].serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Pos {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let [row, col] = <[usize; 2]>::deserialize(deserializer)?;
        match (row.checked_sub(1), col.checked_sub(1)) {
            (Some(row), Some(col)) => Ok(Pos::new(row, col)),
            _ => Err(de::Error::custom(format!("a cell is [row, col], 1-based: [{row}, {col}] has a 0"))),
        }
    }
}

/// `[row, col]`, 0-based, as the format writes a move and the square prints.
impl Serialize for square::Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [self.row, self.col].serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for square::Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let [row, col] = <[usize; 2]>::deserialize(deserializer)?;
        Ok(square::Square::new(row, col))
    }
}

/// `[row, col]` as the format writes it, 1-based, on the board or not.
impl Serialize for texas::At {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [self.row, self.col].serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for texas::At {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let [row, col] = <[u32; 2]>::deserialize(deserializer)?;
        Ok(texas::At::new(row, col))
    }
}

/// `[row, col]` as the command writes it, 1-based, on the map or not.
impl Serialize for triple::At {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [self.row, self.col].serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for triple::At {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let [row, col] = <[i64; 2]>::deserialize(deserializer)?;
        Ok(triple::At::new(row, col))
    }
}

/// `[colour, special]`: the two numbers the format writes of a piece, the
/// special as its code 0..=6 (TX5).
impl Serialize for texas::Piece {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [self.colour, self.special.code()].serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for texas::Piece {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let written = <[u8; 2]>::deserialize(deserializer)?;
        piece(written).map_err(de::Error::custom)
    }
}

/// A piece from its `[colour, special]`.
fn piece([colour, code]: [u8; 2]) -> Result<texas::Piece, String> {
    let special = texas::Special::from_code(code).ok_or_else(|| format!("special {code} is none of 0..=6"))?;
    Ok(texas::Piece { colour, special })
}

/// A row a line of `[colour, special]` cells, `[0, 0]` for an empty cell,
/// as the format's two boards write them.
impl Serialize for texas::Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let cell = |cell: &Option<texas::Piece>| cell.map_or([0, 0], |piece| [piece.colour, piece.special.code()]);
        serialize_rows(self.cols(), self.cells(), cell, serializer)
    }
}

impl<'de> Deserialize<'de> for texas::Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cell = |written: [u8; 2]| match written {
            [0, 0] => Ok(None),
            [0, special] => Err(format!("an empty cell is [0, 0], not [0, {special}]")),
            written => piece(written).map(Some),
        };
        let (rows, cols, cells) = deserialize_rows(deserializer, cell)?;
        Ok(texas::Board::from_cells(rows, cols, cells))
    }
}

/// Texas's validity (TX2): `"valid"`, or the reason the operation is
/// invalid (`"no_run"` ...). For `#[serde(with)]` on `Result<(), Invalid>`.
pub(crate) mod validity {
    use serde::de::{self, IntoDeserializer};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::texas::Invalid;

    const VALID: &str = "valid";

    pub fn serialize<S: Serializer>(validity: &Result<(), Invalid>, serializer: S) -> Result<S::Ok, S::Error> {
        match validity {
            Ok(()) => serializer.serialize_str(VALID),
            Err(reason) => reason.serialize(serializer),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Result<(), Invalid>, D::Error> {
        let word = String::deserialize(deserializer)?;
        if word == VALID {
            return Ok(Ok(()));
        }
        let reason: Result<Invalid, de::value::Error> = Invalid::deserialize(word.as_str().into_deserializer());
        reason.map(Err).map_err(|error| de::Error::custom(format!("{error}, or `{VALID}`")))
    }
}

/// What a Magic Door cell is written as: the format's number (1..=9 a gem,
/// 0 a bomb, -1 vibranium), and for the two cells the format cannot hold,
/// the signs a trace shows them by: `"@"` an armed bomb, `"."` empty.
const DOOR_CELL: &str = "a gem 1..=9, 0 (a bomb), -1 (vibranium), \"@\" (an armed bomb) or \".\" (empty)";

impl Serialize for door::Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match (self, self.number()) {
            (door::Cell::ArmedBomb, _) => serializer.serialize_str("@"),
            (_, Some(number)) => serializer.serialize_i8(number),
            (_, None) => serializer.serialize_str("."),
        }
    }
}

impl<'de> Deserialize<'de> for door::Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(DoorCell)
    }
}

struct DoorCell;

impl Visitor<'_> for DoorCell {
    type Value = door::Cell;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(DOOR_CELL)
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<door::Cell, E> {
        match number {
            -1 => Ok(door::Cell::Vibranium),
            0 => Ok(door::Cell::Bomb),
            1..=9 => Ok(door::Cell::Gem(number as u8)),
            _ => Err(E::invalid_value(de::Unexpected::Signed(number), &self)),
        }
    }

    fn visit_u64<E: de::Error>(self, number: u64) -> Result<door::Cell, E> {
        match i64::try_from(number) {
            Ok(number) => self.visit_i64(number),
            Err(_) => Err(E::invalid_value(de::Unexpected::Unsigned(number), &self)),
        }
    }

    fn visit_str<E: de::Error>(self, sign: &str) -> Result<door::Cell, E> {
        match sign {
            "@" => Ok(door::Cell::ArmedBomb),
            "." => Ok(door::Cell::Empty),
            _ => Err(E::invalid_value(de::Unexpected::Str(sign), &self)),
        }
    }
}

/// Triple Town's map as the format writes its cells: a level as its
/// number, an empty cell as `"."` (a 0 reads as empty too, the same
/// cell). For `#[serde(with)]` on a [`triple::Map`].
pub(crate) mod levels {
    use std::fmt;

    use serde::de::{self, Deserializer, Visitor};
    use serde::{Serialize, Serializer};

    use super::{deserialize_rows, serialize_rows};
    use crate::triple::{Map, EMPTY};

    /// One cell, as written.
    struct Level(u8);

    impl Serialize for Level {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            match self.0 {
                EMPTY => serializer.serialize_str("."),
                level => serializer.serialize_u8(level),
            }
        }
    }

    impl<'de> serde::Deserialize<'de> for Level {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_any(LevelVisitor)
        }
    }

    struct LevelVisitor;

    impl Visitor<'_> for LevelVisitor {
        type Value = Level;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a tile's level 1..=255 or \".\" (empty)")
        }

        fn visit_u64<E: de::Error>(self, level: u64) -> Result<Level, E> {
            u8::try_from(level).map(Level).map_err(|_| E::invalid_value(de::Unexpected::Unsigned(level), &self))
        }

        fn visit_i64<E: de::Error>(self, level: i64) -> Result<Level, E> {
            u64::try_from(level)
                .map_err(|_| E::invalid_value(de::Unexpected::Signed(level), &self))
                .and_then(|level| self.visit_u64(level))
        }

        fn visit_str<E: de::Error>(self, sign: &str) -> Result<Level, E> {
            match sign {
                "." => Ok(Level(EMPTY)),
                _ => Err(E::invalid_value(de::Unexpected::Str(sign), &self)),
            }
        }
    }

    pub fn serialize<S: Serializer>(map: &Map, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_rows(map.cols(), map.cells(), |&level| Level(level), serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Map, D::Error> {
        let (rows, cols, cells) = deserialize_rows(deserializer, |Level(level)| Ok(level))?;
        Ok(Map::from_cells(rows, cols, cells))
    }
}
