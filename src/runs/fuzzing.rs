//! What the cargo-fuzz targets run: each target is one call into here, so the
//! generator and the oracle are the ones every other entry point uses.

use std::ops::RangeInclusive;

use crate::check::oracle::check_game;
use crate::game::coverage::Tally;
use crate::game::{EdgeGame, Game, Generator, Size};
use crate::runs::against::reference_answer;

/// First byte of a fuzz input that holds an instance in the problem format
/// (0xFF never starts UTF-8 text). Any other input feeds the generator. So
/// every corpus file can seed the fuzzer, and every crash reads back as an
/// instance.
pub const TEXT_MARKER: u8 = 0xFF;

/// First bytes of a generator input that select one of the game's edge
/// games ([`Generator::edge_games`]), the first edge game at the range's
/// start, drawn at the small size but for its edge. A first byte below
/// [`MIXED_FROM`] draws a small game, one from it up to these a game of the
/// default size, as `m3diff fuzz` draws it (and so does a byte of this
/// range past the game's last edge game).
pub const EDGE_SELECTORS: RangeInclusive<u8> = 0xE0..=0xFE;

/// The least first byte of a generator input that draws a game of the
/// default size (`Size::Mixed`) rather than a small one.
pub const MIXED_FROM: u8 = 0x80;

/// The most edge games a game may list: one first byte for each.
pub const MOST_EDGE_GAMES: usize = (*EDGE_SELECTORS.end() - *EDGE_SELECTORS.start()) as usize + 1;

/// The instance a fuzz input stands for, if any: the instance after
/// [`TEXT_MARKER`], or the game the generator draws from the input.
///
/// The first byte selects the game's size or one of its edge games
/// ([`EDGE_SELECTORS`], [`MIXED_FROM`]). A small game and an edge game are
/// the input's to steer: the generator reads the bytes after the first,
/// then a byte stream seeded by the whole input
/// ([`crate::process::seed::with_prefix`]), so libFuzzer's mutations decide the
/// first draws (the sizes, the first cells) and an input grows only where
/// more of the game is worth deciding, while a few bytes still make a
/// whole game. A game of the default size is the stream's alone, as
/// `m3diff fuzz` draws it from its seed: its large games are rare by
/// design (a 50x50 board with 1,000 operations, 64x64 with 10,000 moves),
/// and a fuzzer that steered those draws kept such games for the coverage
/// they reach and spent a night mutating them. So a night meets them as
/// often as the campaign does, and the large edges on purpose, by one
/// byte, each in an otherwise small game.
pub fn instance_from_input<G: Game>(data: &[u8]) -> Option<G::Instance> {
    if let Some((&TEXT_MARKER, text)) = data.split_first() {
        return G::parse(std::str::from_utf8(text).ok()?).ok();
    }
    let (&first, draws) = data.split_first().unwrap_or((&0, data));
    let (size, shape, steered) = match edge_game::<G>(first) {
        Some(edge) => (Size::Small, edge.shape, draws),
        None if first < MIXED_FROM => (Size::Small, G::Knobs::default(), draws),
        None => (Size::Mixed, G::Knobs::default(), &[][..]),
    };
    let seed = crate::process::hash::fnv1a(data);
    crate::process::seed::with_prefix(steered, seed, |u| G::generate(u, size, &shape)).ok()
}

/// The edge game the first byte `first` of a generator input selects, if any.
fn edge_game<G: Game>(first: u8) -> Option<EdgeGame<G>> {
    let index = first.checked_sub(*EDGE_SELECTORS.start())?;
    G::Knobs::edge_games().into_iter().nth(usize::from(index))
}

/// How many inputs that select an edge game [`input_for_edge`] tries.
const EDGE_TRIES: u8 = 16;

/// A fuzz input that stands for the generator's `index`-th edge game
/// ([`Generator::edge_games`]) and reaches the counter that names the
/// edge: the first of its selector byte alone, then followed by a byte 0,
/// 1, ..., whose game the reference plays to that counter; `None` when
/// `EDGE_TRIES` (16) inputs do not (or there is no such edge game). `m3diff
/// corpus export` seeds a night with one for each edge game, so that it
/// reaches every edge in its first seconds and mutates from there.
pub fn input_for_edge<G: Game>(index: usize) -> Option<Vec<u8>> {
    let edge = G::Knobs::edge_games().into_iter().nth(index)?;
    let selector = EDGE_SELECTORS.start().checked_add(u8::try_from(index).ok()?)?;
    (0..EDGE_TRIES).map(|tried| [selector].into_iter().chain(tried.checked_sub(1)).collect::<Vec<u8>>()).find(|input| {
        let mut tally = Tally::default();
        instance_from_input::<G>(input).is_some_and(|instance| reference_answer::<G>(&instance, &mut tally).is_ok())
            && tally.count(edge.counter) > 0
    })
}

/// The fuzz input that stands for `instance`.
pub fn input_from_instance<G: Game>(instance: &G::Instance) -> Vec<u8> {
    let mut data = vec![TEXT_MARKER];
    data.extend_from_slice(instance.to_string().as_bytes());
    data
}

/// The game a fuzz input stands for must pass the differential oracle.
/// Within one night, only the first failure of each kind crashes
/// ([`first_of_its_kind`]).
pub fn differential<G: Game>(data: &[u8]) {
    let Some(instance) = instance_from_input::<G>(data) else { return };
    if let Err(failure) = check_game::<G>(&instance, &mut Tally::default()) {
        if first_of_its_kind(&format!("{}: {}", G::NAME, failure.kind)) {
            panic!("{}\ninstance:\n{instance}", failure.report);
        }
    }
}

/// Whether `kind` fails for the first time in this night of libFuzzer.
///
/// `cargo fuzz run -fork=N -ignore_crashes=1` restarts a job after every
/// crash and keeps an artifact of each: a bug that one input in a thousand
/// hits would spend the night restarting jobs and leave tens of thousands
/// of artifacts of one kind. So a job crashes on the first failure of a kind
/// only (its artifact is the one triage shrinks), and later failures of that
/// kind pass: the night goes on looking for other kinds, as `m3diff fuzz`
/// keeps one regression per kind. The kinds met are marker files in a folder
/// beside the artifacts, named after the night: the fork-mode parent that
/// runs the jobs, by its id and start time.
///
/// The jobs and the processes that merge their finds into the corpus (a
/// crash there leaves an artifact too) count alike. Without
/// `-artifact_prefix` (which cargo fuzz always passes), or where the night
/// cannot be named (no fork mode), every failure crashes.
pub fn first_of_its_kind(kind: &str) -> bool {
    static NIGHT: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    let Some(night) = NIGHT.get_or_init(night_folder) else { return true };
    let marker = night.join(format!("{:016x}", crate::process::hash::fnv1a(kind)));
    // Whole or absent, and created by one job only.
    let created =
        std::fs::create_dir_all(night).and_then(|()| crate::process::files::write_new(&marker, format!("{kind}\n")));
    created.unwrap_or(true)
}

/// The folder of this night's kinds: `<artifact prefix>.m3diff-night-<pid>-<start>`.
fn night_folder() -> Option<std::path::PathBuf> {
    let args: Vec<String> = std::env::args().collect();
    let prefix = args.iter().find_map(|arg| arg.strip_prefix("-artifact_prefix="))?;
    Some(std::path::PathBuf::from(format!("{prefix}.m3diff-night-{}", night_name()?)))
}

/// The fork-mode parent among this process's ancestors (jobs run under a
/// shell it starts), by its id and start time (field 22 of /proc/PID/stat),
/// which tells a reused id apart. Without one, each process is a night of
/// its own, which its first crash ends anyway.
#[cfg(unix)]
fn night_name() -> Option<String> {
    let mut pid = std::process::id();
    for _ in 0..8 {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
        let forks = cmdline.split(|&b| b == 0).any(|arg| arg.starts_with(b"-fork="));
        if forks && pid != std::process::id() {
            return Some(format!("{pid}-{}", fields.get(19)?));
        }
        pid = fields.get(1)?.parse().ok()?;
        if pid <= 1 {
            break;
        }
    }
    None
}

#[cfg(not(unix))]
fn night_name() -> Option<String> {
    None
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
    let m3diff = crate::process::invocation::m3diff();
    for seed in first_seed..first_seed + games {
        let instance = crate::process::seed::with_seed(seed, |u| G::generate(u, size, &G::Knobs::default()))
            .map_err(|e| format!("seed {seed}: the generator gave up: {e}"))?;
        check_game::<G>(&instance, &mut tally).map_err(|failure| {
            failure.report_with_replay(&format!(
                "{m3diff} gen {} --seed {seed} | {m3diff} check {} -",
                G::NAME,
                G::NAME
            ))
        })?;
    }
    Ok(tally)
}
