//! The harness proves it catches bugs: an engine with a planted bug (the real
//! engine, one field of one record corrupted) must be reported by the
//! campaign within a small number of cases and shrunk to a small file.

use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Duration;

use m3_model::texas::{self, OperationRecord, Special, Swap, Texas};
use m3_model::Stepper;
use m3diff::campaign::{self, Budget, GameTarget, Reporter, Settings, Target};
use m3diff::Size;

/// The real engine with `corrupt` applied to every record.
struct Planted<const BUG: u8>(m3_engine::texas::Game);

/// TX7 off by one in any round that triggers a 3x3 special.
const SQUARE_SPECIAL_POINT: u8 = 0;
/// TX5: the last piece a special reached is left out of the removed list.
const CELL_LEFT_UNREMOVED: u8 = 1;
/// TX10: every hand one point short.
const HAND_OFF_BY_ONE: u8 = 2;

impl<const BUG: u8> Stepper<Texas> for Planted<BUG> {
    fn start(instance: &texas::Instance) -> Self {
        Planted(m3_engine::texas::Game::start(instance))
    }

    fn step(&mut self, swap: &Swap) -> OperationRecord {
        let mut record = self.0.step(swap);
        for round in &mut record.rounds {
            let specials = round.removed.iter().filter(|r| r.piece.special != Special::None).count();
            match BUG {
                SQUARE_SPECIAL_POINT if round.removed.iter().any(|r| r.piece.special == Special::Square3) => {
                    round.elimination_points += 1;
                }
                CELL_LEFT_UNREMOVED if specials > 0 && round.removed.len() > round.marked.len() => {
                    let last_unmarked = round.removed.iter().rposition(|r| !round.marked.contains(&r.cell)).unwrap();
                    round.removed.remove(last_unmarked);
                }
                _ => {}
            }
        }
        if BUG == HAND_OFF_BY_ONE {
            record.hand_points = record.hand_points.map(|points| points - 1);
        }
        record
    }

    fn finish(self) -> texas::Outcome {
        self.0.finish()
    }
}

#[derive(Default)]
struct Collect(Mutex<Vec<String>>);

impl Reporter for Collect {
    fn line(&self, text: &str) {
        self.0.lock().unwrap().push(text.to_string());
    }

    fn progress(&self, _: Duration, _: u64, _: u64) {}
}

/// Runs a campaign against `Planted<BUG>`; returns the one regression kept.
fn campaign_against<const BUG: u8>(expected_field: &str) {
    let corpus = tempfile::tempdir().unwrap();
    let settings = Settings {
        budget: Budget::Cases(500),
        seed: 1,
        jobs: 1,
        size: Size::Small,
        corpus: corpus.path().to_path_buf(),
    };
    let target = GameTarget::<Texas, Planted<BUG>>::new(Size::Small);
    let reporter = Collect::default();
    campaign::run(&[&target as &dyn Target], &settings, &reporter, &AtomicBool::new(false));

    assert!(target.failures() > 0, "500 cases did not find the planted bug {BUG}");
    let kept = m3diff::corpus::instance_files(&corpus.path().join("texas").join("regressions")).unwrap();
    assert_eq!(kept.len(), 1, "one kind of failure, one regression: {kept:?}");
    let instance = texas::parse(&std::fs::read_to_string(&kept[0]).unwrap()).unwrap();
    let (rows, cols) = (instance.board.rows(), instance.board.cols());
    // At most 6x6 = 36 cells, and at most 5 operations.
    assert!(
        rows * cols <= 36 && instance.swaps.len() <= 5,
        "not shrunk enough: {rows}x{cols}, {} operations\n{instance}",
        instance.swaps.len()
    );
    let report = std::fs::read_to_string(kept[0].with_extension("txt")).unwrap();
    assert!(report.contains(&format!("divergence in `{expected_field}`")), "{report}");
    assert!(report.contains("replay: m3diff check texas"), "{report}");
    println!("{report}\n{instance}");
    // The kept file still fails the same way, and passes with the real engine.
    let failure = m3diff::check_game_with::<Texas, Planted<BUG>>(&instance, &mut Default::default()).unwrap_err();
    assert_eq!(failure.kind.to_string(), format!("divergence in `{expected_field}`"));
    assert!(m3diff::check_game::<Texas>(&instance, &mut Default::default()).is_ok());
}

#[test]
fn tx7_a_point_too_many_for_a_square_special_is_caught_and_shrunk() {
    campaign_against::<SQUARE_SPECIAL_POINT>("elimination_points");
}

#[test]
fn tx5_a_piece_left_unremoved_is_caught_and_shrunk() {
    campaign_against::<CELL_LEFT_UNREMOVED>("removed");
}

#[test]
fn tx10_a_hand_off_by_one_is_caught_and_shrunk() {
    campaign_against::<HAND_OFF_BY_ONE>("hand_points");
}
