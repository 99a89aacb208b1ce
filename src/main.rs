use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::Parser;

fn main() -> ExitCode {
    #[cfg(target_os = "linux")]
    if closed_at_start::STDOUT.load(std::sync::atomic::Ordering::SeqCst) {
        m3diff::process::streams::stdout_was_closed();
    }
    match m3diff::cli::Cli::try_parse() {
        Ok(cli) => m3diff::cli::run(cli),
        Err(error) if matches!(error.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => error.exit(),
        Err(error) => {
            m3diff::process::streams::stderr_line(format_args!(
                "{}",
                m3diff::cli::one_line(&error.render().to_string())
            ));
            ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2))
        }
    }
}

/// Whether standard output was closed (`m3diff solve ... >&-`) when the
/// process started. Rust's runtime opens /dev/null in place of a closed
/// standard stream before `main`, after which an answer written there
/// vanishes with a success; a function in `.init_array` runs before the
/// runtime and sees the stream as the shell left it.
#[cfg(target_os = "linux")]
mod closed_at_start {
    use std::sync::atomic::{AtomicBool, Ordering};

    pub static STDOUT: AtomicBool = AtomicBool::new(false);

    #[used]
    #[link_section = ".init_array"]
    static NOTE: extern "C" fn() = note;

    extern "C" fn note() {
        // SAFETY: F_GETFD only asks whether descriptor 1 is open.
        let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
        STDOUT.store(closed, Ordering::SeqCst);
    }
}
