//! What the cargo-fuzz targets run: each target is one call into here, so the
//! generator and the oracle are the ones every other entry point uses.

use arbitrary::Unstructured;

use crate::coverage::Tally;
use crate::game::{Game, Size};
use crate::oracle::check_game;

/// First byte of a fuzz input that holds an instance in the problem format
/// (0xFF never starts UTF-8 text). Any other input feeds the generator. So
/// every corpus file can seed the fuzzer, and every crash reads back as an
/// instance.
pub const TEXT_MARKER: u8 = 0xFF;

/// The instance a fuzz input stands for, if any.
pub fn instance_from_input<G: Game>(data: &[u8]) -> Option<G::Instance> {
    match data.split_first() {
        Some((&TEXT_MARKER, text)) => G::parse(std::str::from_utf8(text).ok()?).ok(),
        _ => G::generate(&mut Unstructured::new(data), Size::default(), &G::Shape::default()).ok(),
    }
}

/// The fuzz input that stands for `instance`.
pub fn input_from_instance<G: Game>(instance: &G::Instance) -> Vec<u8> {
    let mut data = vec![TEXT_MARKER];
    data.extend_from_slice(instance.to_string().as_bytes());
    data
}

/// The game a fuzz input stands for must pass the differential oracle.
pub fn differential<G: Game>(data: &[u8]) {
    let Some(instance) = instance_from_input::<G>(data) else { return };
    if let Err(failure) = check_game::<G>(&instance, &mut Tally::default()) {
        panic!("{}\ninstance:\n{instance}", failure.report);
    }
}

/// The parser never panics, and whatever it accepts prints back to text that
/// parses to the same instance.
pub fn parse_round_trip<G: Game>(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(instance) = G::parse(text) else { return };
    let printed = instance.to_string();
    match G::parse(&printed) {
        Ok(again) => assert_eq!(again, instance, "the printed instance parses to another instance:\n{printed}"),
        Err(error) => panic!("the printed instance does not parse: {error}\n{printed}"),
    }
}

/// The rule coverage of `games` seeded games: lets a test insist that a
/// generator keeps producing interesting games.
pub fn seeded_coverage<G: Game>(first_seed: u64, games: u64, size: Size) -> Result<Tally<G::Counter>, String> {
    let mut tally = Tally::default();
    for seed in first_seed..first_seed + games {
        let instance = crate::seed::with_seed(seed, |u| G::generate(u, size, &G::Shape::default()))
            .map_err(|e| format!("seed {seed}: the generator gave up: {e}"))?;
        check_game::<G>(&instance, &mut tally).map_err(|failure| {
            failure.report_with_replay(&format!("m3diff gen {} --seed {seed} | m3diff check {} -", G::NAME, G::NAME))
        })?;
    }
    Ok(tally)
}
