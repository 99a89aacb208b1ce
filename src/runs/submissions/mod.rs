//! A problem's submissions, as a setter gives them (`tests --accepted SRC
//! --wrong SRC`): source files built and run as the ICPC format's judges
//! build and run them (problemtools' language table), then judged on every
//! test of a set as `--against` judges a program ([`trial`]), and the time
//! limit a judge sets from the accepted ones' times ([`TimeLimit`]).
//!
//! `SRC` is a C++ file (`.cc .C .cpp .cxx .c++`: `g++ -g -O2 -std=gnu++17
//! -static`), a C file (`.c`: `gcc -g -O2 -std=gnu99 -static ... -lm`) or a
//! Python 3 file (`.py .py3`: checked by `python3 -m py_compile`, run by
//! `python3 SRC`); any other is `SRC=CMD`, the file the package holds and
//! the command that runs it, split into words as `--against` splits its.

mod build;
mod source;
mod time_limit;
mod trial;

pub use build::Built;
pub use source::{Language, Submission};
pub use time_limit::{TimeLimit, TIME_MULTIPLIER};
pub use trial::{trial, Trial};
