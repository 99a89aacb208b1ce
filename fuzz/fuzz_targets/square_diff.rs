//! SquareRemover: a game drawn from the input, engine against reference.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| m3diff::runs::fuzzing::differential::<m3_model::square::SquareRemover>(data));
