//! Triple Town: the parser never panics and round-trips what it accepts.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| m3diff::runs::fuzzing::parse_round_trip::<m3_model::triple::TripleTown>(
    data
));
