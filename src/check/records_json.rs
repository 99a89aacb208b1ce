//! An outside program's account of one operation, a line of JSON, compared
//! with the reference's record of it (`--per-operation`).
//!
//! # What a program prints
//!
//! One line an operation: a JSON object whose fields are named as the
//! game's record's, [`record_json`] of the reference's record being the
//! whole of it (`m3diff solve GAME FILE --per-operation json` prints it).
//! A program gives the fields it keeps, and **a field it does not give is
//! not compared**: `{"chain_points": 80}` checks the chain points alone.
//!
//! Where it gives a field, its value is put in place of the reference's,
//! and the record so made is compared with the reference's by the game's
//! diff, as an engine's record is. In place means, recursively:
//!
//! - an object where the reference has an object of fields (a round, a
//!   stage, a placed tile) gives the fields it names, the others kept;
//! - an array as long as the reference's gives each element in place of
//!   the one at its index: `"rounds": [{}, {"combo_points": 50}]` checks
//!   the second round's combo points alone;
//! - an array of another length replaces the reference's whole, and its
//!   elements must then be complete;
//! - an empty object, `{}`, gives nothing: the reference's value stands,
//!   whatever it is (an element of an array left as the reference's);
//! - anything else replaces the reference's value: a number, a string, an
//!   object where the reference has `null` (its fields complete), or an
//!   object naming another variant of an enum (`{"invalid": "same_cell"}`
//!   where the reference has `{"invalid": {"not_a_gem": [2, 3]}}` or
//!   `"played"`).
//!
//! A line that is no JSON object, that names a field the record does not
//! have, or gives a value of the wrong type is an error, in one line that
//! says where.

use serde_json::{Map, Value};

use crate::game::{Difference, Game};

/// What the side the diff calls the engine is called here.
pub const PROGRAM: &str = "program";

/// `record` as one line of JSON: what a program prints of the operation,
/// every field given.
pub fn record_json<G: Game>(record: &G::Record) -> String {
    serde_json::to_string(record).expect("a record writes as JSON")
}

/// Where the program's record of an operation, `line` (see the module's
/// doc), first differs from the reference's, `reference`; both started the
/// operation from `before`. `Ok(None)` when every field the line gives
/// agrees, and `Err` when the line is no record's (in one line, saying
/// where). The difference's `engine` side is the program's, and its boards'
/// titles call it the program.
pub fn json_difference<G: Game>(
    before: &G::State,
    line: &str,
    reference: &G::Record,
) -> Result<Option<Difference>, String> {
    let program = program_record::<G>(line, reference)?;
    let differs = program != *reference;
    Ok(differs.then(|| G::record_difference(before, &program, reference).engine_named(PROGRAM)))
}

/// The reference's record with the fields `line` gives put in their place.
pub fn program_record<G: Game>(line: &str, reference: &G::Record) -> Result<G::Record, String> {
    let given: Value = serde_json::from_str(line).map_err(|error| format!("the line is no JSON: {error}"))?;
    if !given.is_object() {
        return Err(format!("the line is {}, not a JSON object of the {}'s fields", kind(&given), G::OPERATION));
    }
    let mut record = serde_json::to_value(reference).expect("a record writes as JSON");
    overlay(&mut record, given, "")?;
    serde_path_to_error::deserialize(record).map_err(|error| match error.path().to_string().as_str() {
        "." => format!("the record: {}", error.inner()),
        path => format!("field `{path}`: {}", error.inner()),
    })
}

/// Puts `given` in place of `reference`, as the module's doc says: field
/// by field into an object of fields, element by element into an array of
/// the same length, else whole. `at` is where `reference` lies in the
/// record (`rounds[1]`), empty for the record itself.
fn overlay(reference: &mut Value, given: Value, at: &str) -> Result<(), String> {
    match (reference, given) {
        (_, Value::Object(given)) if given.is_empty() => {}
        (Value::Object(fields), Value::Object(given)) if !another_variant(fields, &given) => {
            for (name, value) in given {
                let Some(field) = fields.get_mut(&name) else {
                    return Err(unknown_field(at, &name, fields));
                };
                let place = if at.is_empty() { name } else { format!("{at}.{name}") };
                overlay(field, value, &place)?;
            }
        }
        (Value::Array(elements), Value::Array(given)) if elements.len() == given.len() => {
            for (index, (element, value)) in elements.iter_mut().zip(given).enumerate() {
                overlay(element, value, &format!("{at}[{index}]"))?;
            }
        }
        (reference, given) => *reference = given,
    }
    Ok(())
}

/// Whether `given` names another variant of the enum whose value
/// `reference` is: serde writes a variant with data as an object of one
/// field, its name, so an object of other names is another variant, not
/// fields of the same.
fn another_variant(reference: &Map<String, Value>, given: &Map<String, Value>) -> bool {
    reference.len() == 1 && given.keys().all(|name| !reference.contains_key(name))
}

/// The error for a field `name` that the object at `at` does not have,
/// listing those it has.
fn unknown_field(at: &str, name: &str, fields: &Map<String, Value>) -> String {
    let whose = if at.is_empty() { "the record".to_string() } else { format!("`{at}`") };
    let known: Vec<String> = fields.keys().map(|known| format!("`{known}`")).collect();
    format!("{whose} has no field `{name}`; its fields are {}", known.join(", "))
}

/// A JSON value's kind, for an error.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use m3_model::door::MagicDoor;
    use m3_model::square::SquareRemover;
    use m3_model::texas::Texas;
    use m3_model::triple::TripleTown;
    use serde_json::json;

    use super::*;
    use crate::check::oracle::play_through;

    /// Each operation of the reference's game of `corpus/<game>/<case>.in`:
    /// the state before it and its record.
    fn operations<G: Game>(case: &str) -> Vec<(G::State, G::Record)> {
        let path = format!("{}/corpus/{}/{case}.in", env!("CARGO_MANIFEST_DIR"), G::NAME);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
        let instance = G::parse(&text).unwrap_or_else(|error| panic!("{path}: {error}"));
        let mut operations = Vec::new();
        let played = play_through::<G, G::Reference, Infallible>(&instance, |_, before, record| {
            operations.push((before.clone(), record.clone()));
            Ok(())
        });
        let Ok(_) = played;
        operations
    }

    /// Every rule case of the game's corpus.
    fn corpus_cases<G: Game>() -> Vec<String> {
        let folder = format!("{}/corpus/{}", env!("CARGO_MANIFEST_DIR"), G::NAME);
        let mut cases: Vec<String> = std::fs::read_dir(&folder)
            .unwrap_or_else(|error| panic!("{folder}: {error}"))
            .filter_map(|entry| entry.ok()?.file_name().to_str()?.strip_suffix(".in").map(str::to_string))
            .collect();
        cases.sort();
        cases
    }

    /// Every record of every rule case writes as JSON that reads back
    /// equal, and that line agrees with the record whole.
    fn every_record_reads_back<G: Game>() {
        let cases = corpus_cases::<G>();
        assert!(!cases.is_empty(), "{} has rule cases", G::NAME);
        for case in cases {
            for (number, (before, record)) in operations::<G>(&case).iter().enumerate() {
                let line = record_json::<G>(record);
                assert!(!line.contains('\n'), "one line: {line}");
                let read: G::Record = serde_json::from_str(&line).unwrap_or_else(|error| panic!("{line}: {error}"));
                assert_eq!(&read, record, "{case}, operation {}: {line}", number + 1);
                assert_eq!(json_difference::<G>(before, &line, record), Ok(None), "{case}: {line}");
            }
        }
    }

    /// The line of one field, `name`, as the reference's record has it.
    fn one_field<G: Game>(record: &G::Record, name: &str) -> String {
        let whole = serde_json::to_value(record).unwrap();
        json!({ name: whole[name].clone() }).to_string()
    }

    /// The difference a line makes, which it must.
    fn difference<G: Game>(before: &G::State, line: &str, reference: &G::Record) -> Difference {
        json_difference::<G>(before, line, reference).unwrap_or_else(|error| panic!("{line}: {error}")).expect(line)
    }

    /// The error a line is, which it must be.
    fn error<G: Game>(before: &G::State, line: &str, reference: &G::Record) -> String {
        json_difference::<G>(before, line, reference).expect_err(line)
    }

    /// Where a difference is: its field, its step, and both values.
    fn place(difference: &Difference) -> (&'static str, Option<usize>, &str, &str) {
        (difference.field, difference.step, &difference.engine, &difference.reference)
    }

    /// The boards of a difference, which titles the engine's side the
    /// program's.
    fn boards(difference: &Difference) -> &str {
        let boards = difference.boards.as_deref().expect("boards");
        assert!(boards.contains("program after") && boards.contains("reference after"), "{boards}");
        assert!(!boards.contains("engine"), "{boards}");
        boards
    }

    /// The first operation whose record `pick` likes, and the state before it.
    fn first<G: Game>(case: &str, pick: impl Fn(&G::Record) -> bool) -> (G::State, G::Record) {
        operations::<G>(case).into_iter().find(|(_, record)| pick(record)).expect("such an operation")
    }

    /// `board` (rows of cells as JSON) with the cell at `row`, `col` made
    /// `cell`.
    fn with_cell(board: &Value, row: usize, col: usize, cell: Value) -> Value {
        let mut board = board.clone();
        board[row][col] = cell;
        board
    }

    #[test]
    fn every_texas_record_reads_back_from_its_json() {
        every_record_reads_back::<Texas>();
    }

    #[test]
    fn every_square_record_reads_back_from_its_json() {
        every_record_reads_back::<SquareRemover>();
    }

    #[test]
    fn every_door_record_reads_back_from_its_json() {
        every_record_reads_back::<MagicDoor>();
    }

    #[test]
    fn every_triple_record_reads_back_from_its_json() {
        every_record_reads_back::<TripleTown>();
    }

    /// A field left out is not compared: one field, as the reference has
    /// it, agrees, whatever the others would have been.
    #[test]
    fn one_field_given_as_the_reference_has_it_agrees() {
        for (before, record) in &operations::<Texas>("tx8-chain-of-two-rounds") {
            for field in ["swap", "validity", "rounds", "main_colours", "chain_points", "hand_points", "board"] {
                assert_eq!(json_difference::<Texas>(before, &one_field::<Texas>(record, field), record), Ok(None));
            }
        }
        let (before, record) = first::<SquareRemover>("sr2-refill-cascade", |_| true);
        assert_eq!(
            json_difference::<SquareRemover>(&before, &one_field::<SquareRemover>(&record, "buffer"), &record),
            Ok(None)
        );
        let (before, record) = first::<MagicDoor>("md3-stage-1-repeats-while-a-fall-makes-groups", |_| true);
        assert_eq!(
            json_difference::<MagicDoor>(&before, &one_field::<MagicDoor>(&record, "stages"), &record),
            Ok(None)
        );
        let (before, record) = first::<TripleTown>("tt2-figure-3-chain", |_| true);
        assert_eq!(json_difference::<TripleTown>(&before, &one_field::<TripleTown>(&record, "map"), &record), Ok(None));
        assert_eq!(json_difference::<TripleTown>(&before, "{}", &record), Ok(None), "no field, nothing compared");
    }

    /// TX8: a program's chain points that are not the reference's name the
    /// field, with both values.
    #[test]
    fn tx8_a_chain_points_given_wrong_is_the_difference() {
        let (before, record) = first::<Texas>("tx8-chain-of-two-rounds", |r| r.rounds.len() == 2);
        let line = json!({ "chain_points": record.chain_points + 1 }).to_string();
        let found = difference::<Texas>(&before, &line, &record);
        assert_eq!(place(&found), ("chain_points", None, "81", "80"));
    }

    /// TX3, TX9: a field inside the second round is the second round's
    /// difference, its boards the program's removal beside the reference's.
    #[test]
    fn tx9_a_combo_points_given_wrong_in_the_second_round_names_round_2() {
        let (before, record) = first::<Texas>("tx8-chain-of-two-rounds", |r| r.rounds.len() == 2);
        let combo = record.rounds[1].combo_points;
        let line = json!({ "rounds": [{}, { "combo_points": combo + 50 }] }).to_string();
        let found = difference::<Texas>(&before, &line, &record);
        assert_eq!(
            place(&found),
            ("combo_points", Some(2), (combo + 50).to_string().as_str(), combo.to_string().as_str())
        );
        assert!(boards(&found).contains("program removed"), "{}", boards(&found));
    }

    /// TX6: a cell of the settled board given wrong: only the boards
    /// differ, rendered side by side.
    #[test]
    fn tx6_a_board_cell_given_wrong_shows_both_boards() {
        let (before, record) = first::<Texas>("tx8-chain-of-two-rounds", |r| r.rounds.len() == 2);
        let board = serde_json::to_value(&record.board).unwrap();
        let line = json!({ "board": with_cell(&board, 0, 0, json!([9, 6])) }).to_string();
        let found = difference::<Texas>(&before, &line, &record);
        assert_eq!(found.field, "board");
        assert!(boards(&found).contains("the board before the operation"), "{}", boards(&found));
    }

    /// TX2: a valid operation the program calls invalid.
    #[test]
    fn tx2_a_validity_given_wrong_is_the_difference() {
        let (before, record) = first::<Texas>("tx8-chain-of-two-rounds", |r| r.is_valid());
        let found = difference::<Texas>(&before, r#"{"validity": "no_run"}"#, &record);
        assert_eq!(place(&found), ("validity", None, "Err(NoRun)", "Ok(())"));
    }

    /// SR1: the buffer's index given wrong.
    #[test]
    fn sr1_a_buffer_given_wrong_is_the_difference() {
        let (before, record) = first::<SquareRemover>("sr2-refill-cascade", |r| r.squares.len() >= 2);
        let line = json!({ "buffer": record.buffer + 4 }).to_string();
        let found = difference::<SquareRemover>(&before, &line, &record);
        assert_eq!(
            place(&found),
            ("buffer", None, (record.buffer + 4).to_string().as_str(), record.buffer.to_string().as_str())
        );
    }

    /// SR2: the second square removed given wrong names square 2.
    #[test]
    fn sr2_a_second_square_given_wrong_names_step_2() {
        let (before, record) = first::<SquareRemover>("sr2-refill-cascade", |r| r.squares.len() >= 2);
        let mut squares = vec![json!({}); record.squares.len()];
        let second = record.squares[1];
        squares[1] = json!([second.row + 1, second.col]);
        let found = difference::<SquareRemover>(&before, &json!({ "squares": squares }).to_string(), &record);
        assert_eq!((found.field, found.step), ("squares", Some(2)));
    }

    /// SR2: a tile of the settled board given wrong shows both boards.
    #[test]
    fn sr2_a_board_cell_given_wrong_shows_both_boards() {
        let (before, record) = first::<SquareRemover>("sr2-refill-cascade", |r| !r.squares.is_empty());
        let board = serde_json::to_value(&record.board).unwrap();
        let colour = (record.board.get(1, 1) + 1) % 2;
        let found = difference::<SquareRemover>(
            &before,
            &json!({ "board": with_cell(&board, 1, 1, json!(colour)) }).to_string(),
            &record,
        );
        assert_eq!(found.field, "board");
        boards(&found);
    }

    /// MD3: a cell missing from what vanished in the second stage names
    /// stage 2, its grids the program's beside the reference's.
    #[test]
    fn md3_a_second_stage_given_wrong_names_stage_2() {
        let (before, record) =
            first::<MagicDoor>("md3-stage-1-repeats-while-a-fall-makes-groups", |r| r.stages.len() >= 2);
        let mut stages = vec![json!({}); record.stages.len()];
        let vanished = &record.stages[1].vanished[1..];
        stages[1] = json!({ "vanished": vanished });
        let found = difference::<MagicDoor>(&before, &json!({ "stages": stages }).to_string(), &record);
        assert_eq!((found.field, found.step), ("vanished", Some(2)));
        assert!(boards(&found).contains("program vanished"), "{}", boards(&found));
    }

    /// MD7: the gems vanished in the swap given wrong.
    #[test]
    fn md7_a_vanished_count_given_wrong_is_the_difference() {
        let (before, record) = first::<MagicDoor>("md3-stage-1-repeats-while-a-fall-makes-groups", |_| true);
        let found = difference::<MagicDoor>(&before, &json!({ "vanished": record.vanished - 1 }).to_string(), &record);
        assert_eq!(
            place(&found),
            ("vanished", None, (record.vanished - 1).to_string().as_str(), record.vanished.to_string().as_str())
        );
    }

    /// MD5: an armed bomb ("@") where the reference's grid has none.
    #[test]
    fn md5_a_grid_cell_given_wrong_shows_both_grids() {
        let (before, record) = first::<MagicDoor>("md3-stage-1-repeats-while-a-fall-makes-groups", |_| true);
        let board = serde_json::to_value(&record.board).unwrap();
        let found = difference::<MagicDoor>(
            &before,
            &json!({ "board": with_cell(&board, 0, 0, json!("@")) }).to_string(),
            &record,
        );
        assert_eq!(found.field, "board");
        assert!(boards(&found).contains("the grid before the swap"), "{}", boards(&found));
    }

    /// TT2: the level the second merge made given wrong names merge 2.
    #[test]
    fn tt2_a_second_merge_given_wrong_names_merge_2() {
        let (before, record) = first::<TripleTown>("tt2-figure-3-chain", |r| r.merges.len() >= 2);
        let mut merges = vec![json!({}); record.merges.len()];
        let level = record.merges[1].level;
        merges[1] = json!({ "level": level + 1 });
        let found = difference::<TripleTown>(&before, &json!({ "merges": merges }).to_string(), &record);
        assert_eq!(place(&found), ("level", Some(2), format!("L{}", level + 1).as_str(), format!("L{level}").as_str()));
    }

    /// TT2: the score after the command given wrong, and a map cell given
    /// wrong, which shows both maps.
    #[test]
    fn tt2_a_score_or_a_map_cell_given_wrong_is_the_difference() {
        let (before, record) = first::<TripleTown>("tt2-figure-3-chain", |r| r.merges.len() >= 2);
        let found = difference::<TripleTown>(&before, &json!({ "score": record.score + 1 }).to_string(), &record);
        assert_eq!(
            place(&found),
            ("score", None, (record.score + 1).to_string().as_str(), record.score.to_string().as_str())
        );
        let map = serde_json::to_value(&record.map).unwrap();
        let cell = if record.map.get(0, 0) == 0 { json!(1) } else { json!(".") };
        let found =
            difference::<TripleTown>(&before, &json!({ "map": with_cell(&map, 0, 0, cell) }).to_string(), &record);
        assert_eq!(found.field, "board");
        assert!(boards(&found).contains("the map before the command"), "{}", boards(&found));
    }

    /// TT7: a command the program refuses where the reference plays it:
    /// another variant of the status, in place of the reference's.
    #[test]
    fn tt7_a_status_of_another_variant_is_the_difference() {
        let (before, record) = first::<TripleTown>("tt2-figure-3-chain", |_| true);
        let found = difference::<TripleTown>(&before, r#"{"status": {"invalid": "occupied_cell"}}"#, &record);
        assert_eq!(place(&found), ("status", None, "Invalid(OccupiedCell)", "Played"));
    }

    #[test]
    fn a_field_the_record_has_not_is_an_error_listing_those_it_has() {
        let (before, record) = first::<Texas>("tx8-chain-of-two-rounds", |r| r.rounds.len() == 2);
        let message = error::<Texas>(&before, r#"{"chain_point": 80}"#, &record);
        assert!(message.starts_with("the record has no field `chain_point`; its fields are "), "{message}");
        assert!(message.contains("`chain_points`") && message.contains("`hand_points`"), "{message}");
        let message = error::<Texas>(&before, r#"{"rounds": [{}, {"combo": 0}]}"#, &record);
        assert!(message.starts_with("`rounds[1]` has no field `combo`; its fields are "), "{message}");
        assert!(message.contains("`combo_points`"), "{message}");
        let (before, record) = first::<SquareRemover>("sr2-refill-cascade", |_| true);
        let message = error::<SquareRemover>(&before, r#"{"buffers": 3}"#, &record);
        assert!(message.contains("no field `buffers`") && message.contains("`buffer`"), "{message}");
    }

    #[test]
    fn a_value_of_the_wrong_type_is_an_error_naming_its_field_and_what_was_expected() {
        let (before, record) = first::<Texas>("tx8-chain-of-two-rounds", |r| r.rounds.len() == 2);
        let message = error::<Texas>(&before, r#"{"chain_points": "80"}"#, &record);
        assert_eq!(message, r#"field `chain_points`: invalid type: string "80", expected i64"#);
        let message = error::<Texas>(&before, r#"{"rounds": [{}, {"elimination_points": 1.5}]}"#, &record);
        assert!(message.starts_with("field `rounds[1].elimination_points`: invalid type: floating point"), "{message}");
        let (before, record) = first::<SquareRemover>("sr2-refill-cascade", |_| true);
        let message = error::<SquareRemover>(&before, r#"{"buffer": -1}"#, &record);
        assert_eq!(message, "field `buffer`: invalid value: integer `-1`, expected u64");
        let (before, record) = first::<MagicDoor>("md3-stage-1-repeats-while-a-fall-makes-groups", |_| true);
        let message = error::<MagicDoor>(&before, r#"{"board": [[1, "x"]]}"#, &record);
        assert!(
            message.starts_with("field `board[0][1]`: invalid value: string \"x\", expected a gem 1..=9"),
            "{message}"
        );
        let (before, record) = first::<TripleTown>("tt2-figure-3-chain", |r| r.placed.is_some());
        let message = error::<TripleTown>(&before, r#"{"placed": {"pos": [0, 1]}}"#, &record);
        assert_eq!(message, "field `placed.pos`: a cell is [row, col], 1-based: [0, 1] has a 0");
    }

    /// An array of another length than the reference's replaces it whole:
    /// its elements must be complete.
    #[test]
    fn an_array_of_another_length_must_give_whole_elements() {
        let (before, record) = first::<Texas>("tx8-chain-of-two-rounds", |r| r.rounds.len() == 2);
        let message = error::<Texas>(&before, r#"{"rounds": [{}]}"#, &record);
        assert!(message.starts_with("field `rounds[0]`: missing field"), "{message}");
        let found = difference::<Texas>(&before, r#"{"rounds": []}"#, &record);
        assert_eq!(place(&found), ("rounds", None, "0", "2"));
    }

    #[test]
    fn a_line_that_is_no_json_object_is_an_error_saying_where() {
        let (before, record) = first::<Texas>("tx8-chain-of-two-rounds", |_| true);
        let message = error::<Texas>(&before, r#"{"chain_points": 80"#, &record);
        assert!(message.starts_with("the line is no JSON: ") && message.contains("line 1 column 19"), "{message}");
        let message = error::<Texas>(&before, "[80]", &record);
        assert_eq!(message, "the line is an array, not a JSON object of the operation's fields");
    }
}
