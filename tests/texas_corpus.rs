//! Every file of `corpus/texas/` (the official samples, the hand-made cases
//! that pin one rule each, the regressions) through the engine's fast path,
//! both implementations stepped, and the differential oracle with every
//! invariant; and a snapshot of its trace, so that a rule change shows up as a
//! reviewable board diff.

use std::path::Path;

use m3_model::texas::{self, Texas};
use m3_model::Stepper;
use m3diff::corpus::{expected_answer, instance_files};
use m3diff::texas::TexasStats;

fn corpus() -> Vec<std::path::PathBuf> {
    instance_files(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/texas"))).expect("corpus/texas is readable")
}

fn total<S: Stepper<Texas>>(instance: &texas::Instance) -> i64 {
    m3diff::oracle::play::<Texas, S>(instance).1.total
}

#[test]
fn every_corpus_file_gives_its_answer_in_every_implementation() {
    let mut failures = Vec::new();
    let mut answered = 0;
    for path in corpus() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let instance = texas::parse(&std::fs::read_to_string(&path).unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let agreed = m3diff::check_game::<Texas>(&instance, &mut TexasStats::default());
        let agreed = match agreed {
            Ok(outcome) => outcome.total,
            Err(failure) => {
                failures.push(format!("{name}: {failure}"));
                continue;
            }
        };
        let answers = [
            ("engine fast path", m3_engine::texas::solve(&instance)),
            ("engine stepped", total::<m3_engine::texas::Game>(&instance)),
            ("reference stepped", total::<m3_reference::texas::Game>(&instance)),
            ("oracle", agreed),
        ];
        if let Some(expected) = expected_answer(&path).unwrap() {
            answered += 1;
            for (how, answer) in answers {
                if answer.to_string() != expected {
                    failures.push(format!("{name}: {how} gives {answer}, expected {expected}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Three official samples and the hand-made cases: a corpus that lost its
    // answers would make this test vacuous.
    assert!(answered >= 8, "only {answered} corpus files have an expected answer");
}

#[test]
fn trace_of_every_corpus_file() {
    insta::glob!("../corpus/texas", "**/*.in", |path| {
        let instance = texas::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        let (records, outcome) = m3diff::oracle::play::<Texas, m3_reference::texas::Game>(&instance);
        insta::assert_snapshot!(m3diff::texas::trace(&instance, &records, &outcome));
    });
}
