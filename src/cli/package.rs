//! `tests --package`: the set as an ICPC problem package in the Kattis
//! legacy format, the one problemtools' `verifyproblem` checks. m3diff is
//! its input validator (`validate --icpc`) and, for a game whose player's
//! operations are the contest's output, its output validator
//! (`check-output`); what such a game's answer files hold and what is
//! accepted is [`crate::check::judge`]'s reading.

use std::path::{Path, PathBuf};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::io::read_instance;
use crate::check::judge::judges_files;
use crate::game::{Game, Verdict};
use crate::process::files;
use crate::process::input::path_name;
use crate::runs::against::reference_answer;
use crate::runs::setter::Test;
use crate::runs::submissions::{TimeLimit, TIME_MULTIPLIER};

/// What `--package` adds to the set.
#[derive(Debug, Clone)]
pub struct Package {
    /// Sources of accepted submissions, copied into submissions/accepted/.
    pub accepted: Vec<PathBuf>,
    /// Sources judged wrong, copied into submissions/wrong_answer/.
    pub wrong: Vec<PathBuf>,
    /// The corpus root whose GAME/ holds the statement's samples.
    pub corpus: PathBuf,
}

/// What the package holds beside the set, read before the set is chosen
/// (which takes a while) so that a missing file stops it first.
pub struct Contents {
    /// Each sample's name and its input and answer files.
    samples: Vec<(String, String, String)>,
    /// Each submission's folder, file name and bytes.
    submissions: Vec<(&'static str, String, Vec<u8>)>,
}

/// The names the corpus gives the statement's samples.
const SAMPLE_PREFIXES: [&str; 2] = ["sample", "example"];

/// Reads the samples and sources `package` names, for the package `target`.
pub fn gather<G: Game>(package: &Package, target: &Path) -> Result<Contents, String> {
    // verifyproblem takes the folder's name for the problem's short name.
    let short = target.file_name().map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    if short.is_empty() || !short.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()) {
        return Err(format!(
            "{}: a package's folder name is its problem's short name, lowercase letters and digits only",
            path_name(target)
        ));
    }
    let mut submissions = Vec::new();
    for (folder, sources) in [("accepted", &package.accepted), ("wrong_answer", &package.wrong)] {
        for source in sources {
            let name = source.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
            // Two of one name were refused when they were built.
            let bytes = std::fs::read(source).map_err(|error| format!("{}: {error}", path_name(source)))?;
            submissions.push((folder, name, bytes));
        }
    }
    Ok(Contents { samples: samples::<G>(&package.corpus)?, submissions })
}

/// The statement's samples in `corpus`/GAME/, each answered by the
/// reference, which must give the answer in its `.out`.
fn samples<G: Game>(corpus: &Path) -> Result<Vec<(String, String, String)>, String> {
    let dir = corpus.join(G::NAME);
    let entries = std::fs::read_dir(&dir).map_err(|error| format!("{}: {error}", path_name(&dir)))?;
    let mut inputs = Vec::new();
    for entry in entries {
        let path = entry.map_err(|error| format!("{}: {error}", path_name(&dir)))?.path();
        let name = path.file_name().map_or_else(String::new, |name| name.to_string_lossy().into_owned());
        if name.ends_with(".in") && SAMPLE_PREFIXES.iter().any(|prefix| name.starts_with(prefix)) {
            inputs.push(path);
        }
    }
    if inputs.is_empty() {
        return Err(format!("{}: no sample of the statement (sample*.in, example*.in)", path_name(&dir)));
    }
    inputs.sort();
    let mut samples = Vec::new();
    for input in inputs {
        let instance = read_instance::<G>(Some(&input))?;
        let answer = reference_answer::<G>(&instance, &mut Default::default())
            .map_err(|error| format!("{}: {error}", path_name(&input)))?;
        let expected = input.with_extension("out");
        let out = std::fs::read_to_string(&expected).map_err(|error| format!("{}: {error}", path_name(&expected)))?;
        if G::read_answer(&out).as_ref() != Some(&answer) {
            return Err(format!("{}: the reference answers {answer}, not this", path_name(&expected)));
        }
        let (input_text, answer_text) = package_files::<G>(&instance, &answer);
        let stem = input.file_stem().map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
        samples.push((stem, input_text, answer_text));
    }
    Ok(samples)
}

/// A test's input and answer files in the package: the instance and the
/// reference's answer, or, for a game whose player's operations are the
/// output, the statement's input and the judge's operations.
fn package_files<G: Game>(instance: &G::Instance, answer: &Verdict) -> (String, String) {
    match judges_files::<G>(instance) {
        Some((input, operations)) => (input, operations),
        None => (instance.to_string(), format!("{answer}\n")),
    }
}

/// A test's files in the package, by extension.
pub fn test_files<G: Game>(test: &Test<G>) -> Vec<(&'static str, String)> {
    let (input, answer) = package_files::<G>(&test.instance, &test.answer);
    vec![("in", input), ("ans", answer)]
}

/// Writes the package into the new folder `dir`, the set by
/// `write_secret` into the folder it is given, which returns the bytes of
/// its tests and its README; the bytes. `time_limit` is the one the
/// accepted submissions' times give, when they were run.
pub fn write<G: Game>(
    dir: &Path,
    seed: u64,
    contents: &Contents,
    time_limit: Option<&TimeLimit>,
    write_secret: impl FnOnce(&Path) -> std::io::Result<(u64, String)>,
) -> std::io::Result<u64> {
    let create = |path: &Path| std::fs::create_dir_all(path).map_err(|error| files::named(path, error));
    create(dir)?;
    let secret = dir.join("data/secret");
    create(&secret)?;
    let (bytes, readme) = write_secret(&secret)?;
    let sample = dir.join("data/sample");
    create(&sample)?;
    for (name, input, answer) in &contents.samples {
        files::write_whole(&sample.join(format!("{name}.in")), input)?;
        files::write_whole(&sample.join(format!("{name}.ans")), answer)?;
    }
    for (folder, name, bytes) in &contents.submissions {
        let folder = dir.join("submissions").join(folder);
        create(&folder)?;
        files::write_whole(&folder.join(name), bytes)?;
    }
    let output_validated = G::parse_apart("", "").is_some();
    write_validator(&dir.join("input_validators/m3diff"), &format!("validate {} --icpc", G::NAME))?;
    if output_validated {
        let command = format!("check-output {} \"$1\" \"$2\" \"$3\"", G::NAME);
        write_validator(&dir.join("output_validators/m3diff"), &command)?;
    }
    let seconds = time_limit_seconds::<G>(time_limit);
    files::write_whole(&dir.join("problem.yaml"), problem_yaml::<G>(seed, output_validated, time_limit.is_some()))?;
    if let Some(seconds) = seconds {
        files::write_whole(&dir.join(".timelimit"), format!("{seconds}\n"))?;
    }
    let statement = dir.join("problem_statement");
    create(&statement)?;
    files::write_whole(&statement.join("problem.en.tex"), statement_tex::<G>())?;
    files::write_whole(
        &dir.join("README.md"),
        format!("{readme}\n{}", package_note::<G>(output_validated, time_limit.is_some())),
    )?;
    Ok(bytes)
}

/// An ICPC validator folder whose `run` calls m3diff's `command`: m3diff
/// as `$M3DIFF`, else on the PATH, which `build` checks, so that a judge
/// without it learns why at once.
fn write_validator(dir: &Path, command: &str) -> std::io::Result<()> {
    std::fs::create_dir_all(dir).map_err(|error| files::named(dir, error))?;
    let build = "#!/bin/sh\n\
                 # m3diff is the validator: $M3DIFF, else the one on the PATH.\n\
                 if [ -n \"${M3DIFF:-}\" ]; then\n    \
                     [ -x \"$M3DIFF\" ] && exit 0\n    \
                     echo \"M3DIFF=$M3DIFF is not an executable m3diff\" >&2\n    \
                     exit 1\n\
                 fi\n\
                 command -v m3diff >/dev/null 2>&1 && exit 0\n\
                 echo \"m3diff not found: set M3DIFF to its path or put it on the PATH\" >&2\n\
                 exit 1\n";
    let run = format!("#!/bin/sh\nexec \"${{M3DIFF:-m3diff}}\" {command}\n");
    for (name, text) in [("build", build.to_string()), ("run", run)] {
        let path = dir.join(name);
        files::write_whole(&path, text)?;
        executable(&path)?;
    }
    Ok(())
}

#[cfg(unix)]
fn executable(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).map_err(|error| files::named(path, error))
}

#[cfg(not(unix))]
fn executable(_: &Path) -> std::io::Result<()> {
    Ok(())
}

/// The time limit the package states, in seconds, in the one place both
/// `.timelimit` and `problem.yaml` take it from: the one the accepted
/// submissions' times give (problem.yaml then says the multiple, from
/// which a judge's tool works out the same), else the statement's. The
/// legacy format's problem.yaml has no time limit of its own: a judge
/// reads a fixed one from `.timelimit`.
fn time_limit_seconds<G: Game>(time_limit: Option<&TimeLimit>) -> Option<f64> {
    match time_limit {
        Some(limit) => Some(limit.seconds as f64),
        None => G::STATEMENT_LIMITS.map(|limits| limits.time.as_secs_f64()),
    }
}

fn problem_yaml<G: Game>(seed: u64, output_validated: bool, timed: bool) -> String {
    let mut yaml = format!("name: {}\nuuid: {}\n", G::TITLE, uuid::<G>(seed));
    if output_validated {
        yaml.push_str("validation: custom\n");
    }
    let mut limits = Vec::new();
    if timed {
        limits.push(format!("  time_multiplier: {TIME_MULTIPLIER}\n"));
    }
    if let Some(statement) = G::STATEMENT_LIMITS {
        limits.push(format!("  memory: {}\n", statement.memory >> 20));
    }
    if !limits.is_empty() {
        yaml.push_str(&format!("limits:\n{}", limits.concat()));
    }
    yaml
}

/// A version 4 UUID drawn from the game and the seed: the same set, the
/// same problem.
fn uuid<G: Game>(seed: u64) -> String {
    let game = G::NAME.bytes().fold(0u64, |hash, byte| hash.wrapping_mul(31).wrapping_add(u64::from(byte)));
    let mut bytes = [0u8; 16];
    ChaCha8Rng::seed_from_u64(seed ^ game).fill_bytes(&mut bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..])
}

/// The least statement the format asks for: the name; the statement is
/// the contest's own.
fn statement_tex<G: Game>() -> String {
    format!(
        "\\problemname{{{}}}\n\nThe statement is the contest's own (docs/RULES.md names it); this package holds \
         its tests, written by m3diff.\n",
        G::TITLE
    )
}

fn package_note<G: Game>(output_validated: bool, timed: bool) -> String {
    let answers = match output_validated {
        true => format!(
            "Each `.in` is the statement's input and each `.ans` the judge's {operation}s: the ones the set wrote \
             with every refused {operation} left out, which play as before. `output_validators/m3diff` accepts a \
             team's {operation}s when none is refused and they score at least the judge's, as the statement's \
             full mark asks (`m3diff check-output {game}`).",
            operation = G::OPERATION,
            game = G::NAME,
        ),
        false => {
            "Each `.in` is an input and each `.ans` its answer; the default output validator compares them.".to_string()
        }
    };
    format!(
        "## The package\n\n\
         The tests above are `data/secret/`; `data/sample/` holds the statement's samples. {answers} \
         `input_validators/m3diff` runs `m3diff validate {game} --icpc` ($M3DIFF, else m3diff on the PATH).{limit} \
         Check it with `verifyproblem DIR -p config data validators submissions`.\n",
        game = G::NAME,
        limit = match (timed, G::STATEMENT_LIMITS) {
            (true, _) => format!(
                " `.timelimit` holds the time limit the accepted submissions suggest (above), and problem.yaml's \
                 `time_multiplier: {TIME_MULTIPLIER}` has verifyproblem work it out the same way from its own runs."
            ),
            (false, Some(_)) => " `.timelimit` holds the statement's time limit.".to_string(),
            (false, None) => String::new(),
        },
    )
}
