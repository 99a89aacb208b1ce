//! Triple Town (NOI 2012), rules TT1-TT7 of docs/RULES.md: the data only.
//!
//! A game is an instance (the map, the stars and bombs, the build sequence)
//! and the player's commands, checked as the contest's checker did: each
//! command is carried out or refused, and the answer is the score or the
//! first refusal.

mod format;
mod record;

pub use format::{parse, parse_apart, write_apart, LARGEST_FILE, MOST_BYTES};
pub use record::{Bombed, CommandRecord, Invalid, Merge, Outcome, Placed, Rejection, Status};

use std::fmt::{self, Write as _};

use crate::grid::Grid;
pub use crate::grid::Pos;
use crate::stepper::impl_rules;
use crate::text::write_integer;

/// Rows and columns the format reads (the statement sets no bound; the
/// contest's maps are far smaller).
pub const MIN_SIDE: usize = 1;
pub const MAX_SIDE: usize = 100;
/// The most tiles the format reads in the build sequence (k; the statement
/// sets no bound).
pub const MAX_TILES: usize = 100_000;
/// The most commands the format reads before the first END: each tile's
/// PUT with room for two more (a star, a bomb, a refused command) beside it.
pub const MAX_COMMANDS: usize = 3 * MAX_TILES;
/// Tile levels: 1..=MAX_LEVEL. Tiles of MAX_LEVEL never merge (TT2).
pub const MAX_LEVEL: u8 = 9;
/// The highest level a star can become (TT3).
pub const MAX_STAR_LEVEL: u8 = 8;
/// A map cell with no tile.
pub const EMPTY: u8 = 0;

/// The statement's score table: `VALUES[L]` is what a tile of level L
/// scores when it is built or made by a merge. `VALUES[0]` is unused.
pub const VALUES: [i64; 10] = [0, 4, 20, 100, 500, 1_500, 5_000, 20_000, 100_000, 500_000];

/// The map: each cell `EMPTY` or a tile's level 1..=9, row 0 on top.
///
/// Reading of a level the format cannot write, in the map or the sequence
/// (only a hand-made instance holds one): it stays as written. A level
/// above 9 never merges (TT2 merges levels below 9 only), counts for no
/// star level (TT3), and is worth 0: the statement's table (`VALUES`) has
/// no entry for it, so building it scores 0 and a bomb on it costs 0. A
/// sequence level 0 builds no tile: PUT uses it up and records it as
/// placed at level 0, scores nothing, and the cell stays empty. Engine and
/// reference both follow this reading.
pub type Map = Grid<u8>;

/// A cell as a command names it: row x and column y, 1-based, as written.
/// It may lie outside the map (TT1, TT3, TT4 refuse it then); a number too
/// large for an `i64` is kept as `i64::MAX` (or `i64::MIN`), which is
/// outside every map too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct At {
    pub row: i64,
    pub col: i64,
}

impl At {
    pub fn new(row: i64, col: i64) -> At {
        At { row, col }
    }
}

impl From<Pos> for At {
    /// The command's words for a cell of the map.
    fn from(pos: Pos) -> At {
        At::new(pos.row as i64 + 1, pos.col as i64 + 1)
    }
}

/// What a command line asks for.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Action {
    /// `PUT x y`: build the next tile of the sequence (TT1).
    Put(At),
    /// `STAR x y`: place a star (TT3).
    Star(At),
    /// `BOMBER x y`: bomb a tile (TT4).
    Bomber(At),
    /// `END`: the game is over (TT5).
    End,
    /// A line that is none of the above (a misspelt word, a missing or
    /// extra number, a number that is no integer): its words, joined by one
    /// space. It is refused (TT7).
    Unknown(String),
}

impl fmt::Display for Action {
    /// The command as its line writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, at) = match self {
            Action::Put(at) => ("PUT ", at),
            Action::Star(at) => ("STAR ", at),
            Action::Bomber(at) => ("BOMBER ", at),
            Action::End => return f.write_str("END"),
            Action::Unknown(words) => return f.write_str(words),
        };
        f.write_str(name)?;
        write_integer(f, at.row)?;
        f.write_char(' ')?;
        write_integer(f, at.col)
    }
}

/// One command and the line it was read from, which a refusal names (TT7).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Command {
    /// 1-based line in the text the commands came from: the instance's file
    /// when they follow it, or their own file.
    pub line: usize,
    pub action: Action,
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.action.fmt(f)
    }
}

/// A Triple Town game to check: the statement's input and the player's
/// commands.
///
/// The commands stop at the first `END` (TT5: the lines after it are not
/// read); a list without one is scored as if it ended after its last
/// command. Every command reaches the implementations, also after a refused
/// one: a refused command changes nothing, the game goes on, and the answer
/// names the first refusal (TT7). Going on is this project's choice, so that
/// a game with a refusal still exercises the rest of its commands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Instance {
    /// The statement's test number (its first line).
    pub test: u32,
    pub map: Map,
    /// p: the stars the player has (TT3).
    pub stars: u32,
    /// q: the bombs the player has (TT4).
    pub bombs: u32,
    /// The build sequence, levels 1..=9, built in order by PUT (TT1).
    pub sequence: Vec<u8>,
    pub commands: Vec<Command>,
}

impl Instance {
    /// An instance whose commands stand on the lines where `Display` prints
    /// them: how the generator and the shrinker make one, so that a printed
    /// instance reads back equal and refusals name the printed lines.
    pub fn new(test: u32, map: Map, stars: u32, bombs: u32, sequence: Vec<u8>, actions: Vec<Action>) -> Instance {
        // The test number, `n m`, `p q`, the rows, `k` and the sequence.
        let first = map.rows() + 6;
        let commands =
            actions.into_iter().enumerate().map(|(index, action)| Command { line: first + index, action }).collect();
        Instance { test, map, stars, bombs, sequence, commands }
    }

    /// The commands' actions, in order.
    pub fn actions(&self) -> impl Iterator<Item = &Action> {
        self.commands.iter().map(|command| &command.action)
    }
}

/// The rule set's vocabulary for the harness: an [`Instance`] read by
/// [`parse`] is played one [`Command`] at a time, up to the first END (TT5),
/// each leaving a [`CommandRecord`], and ends in an [`Outcome`].
#[derive(Debug, Clone, Copy, Default)]
pub struct TripleTown;

impl_rules!(TripleTown: Operation = Command, Record = CommandRecord, operations = |instance| instance.commands.clone());
