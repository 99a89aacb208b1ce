//! `--against CMD`: any program checked against the reference. The program
//! gets an instance in the statement's format on its standard input and
//! prints its answer, as an accepted contest solution does; what it prints
//! is compared with the reference's answer ([`Rulebook::read_answer`](crate::game::Rulebook::read_answer)).
//! It gets only what the statement allows ([`Rulebook::beyond_statement`](crate::game::Rulebook::beyond_statement)):
//! the generator's extensions stay on the engine-against-reference path.

mod ahead;
mod cases;
mod failed;
mod judging;
mod keep;
mod kinds;
mod operations;
mod program;
mod slowest;
mod target;
mod together;

pub use cases::{judge_cases, CasesJudged, NotJudged, Timeouts, Until, INTERRUPTED};
pub use failed::{Failed, Wrong};
pub use judging::{check, reference_answer, reference_answer_seen, shrink, Judged};
pub use keep::{keep, place, remove, standing, Kept, Placed, Shrinking, DEFAULT_KEEP};
#[cfg(target_os = "linux")]
pub use program::CONTAINMENT_VARIABLE;
pub use program::{
    kill_running, mebibytes, parse_memory, parse_time, start_held, Held, Limits, Program, Protocol, Ran, Run, Usage,
    DEFAULT_MEMORY, DEFAULT_TIME, LEAST_MEMORY, LEAST_TIME, MAX_OUTPUT, RUN_VARIABLE,
};
pub use target::AgainstTarget;
