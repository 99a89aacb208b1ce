//! Seeded runs: a seed becomes the bytes an `Unstructured` reads, so that a
//! seeded case and a fuzzer's case take the one generator code path.

use std::cell::Cell;

use arbitrary::Unstructured;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Environment variable that fixes the seed of tests and campaigns.
pub const SEED_VARIABLE: &str = "M3DIFF_SEED";

/// Reads a seed given by `--seed` or by [`SEED_VARIABLE`]; the message
/// names both, since clap names only the flag even when the variable gave
/// the value.
pub fn parse(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("a seed is a whole number from 0 to {} (given by --seed or by {SEED_VARIABLE})", u64::MAX))
}

/// The bytes a seeded case starts with: enough for nearly every game of a
/// mixed campaign (at seed 11, 98% of Magic Door and Texas games and 94% of
/// Triple Town games read at most 1 KiB, all but a handful at most 4 KiB).
/// Filling more costs more than the game: 64 KiB of ChaCha took a tenth
/// of a Magic Door campaign.
const BYTES_PER_CASE: usize = 1 << 12;
/// The most bytes a seeded case grows to (a 100,000-tile Triple Town game
/// reads about a megabyte).
const MOST_BYTES: usize = 1 << 26;

/// Runs `f` on the byte stream of `seed`. When `f` reads every byte, it is
/// run again on more: the stream's start is the same, so the
/// result is the one an endless stream would give, and a large game does
/// not end in the defaults an exhausted `Unstructured` returns.
pub fn with_seed<T>(seed: u64, f: impl Fn(&mut Unstructured<'_>) -> T) -> T {
    with_prefix(&[], seed, f)
}

/// Runs `f` on `prefix` followed by the byte stream of `seed`, grown as
/// [`with_seed`] grows it: a fuzz input decides the draws it holds bytes
/// for, and a short one still makes a whole game.
///
/// The stream starts at `BYTES_PER_CASE` for every case and grows
/// sixteenfold: at `--size max` most cases read 4 to 30 KiB and a few half
/// a megabyte, and filling more bytes than a case reads costs next to
/// nothing beside drawing from them. Never from where the case before it
/// on the thread ended: a generator may draw differently from a longer
/// stream it does not exhaust (SquareRemover's moves go on from a
/// generator of their own a few bytes before the end), so that a case's
/// game would depend on the cases before it, and a campaign's replay would
/// not replay it.
pub fn with_prefix<T>(prefix: &[u8], seed: u64, f: impl Fn(&mut Unstructured<'_>) -> T) -> T {
    let mut length = BYTES_PER_CASE;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bytes = BYTES.take();
    bytes.clear();
    bytes.extend_from_slice(prefix);
    loop {
        // The stream goes on from the bytes drawn before: lengths are whole
        // ChaCha blocks, so the bytes are those one fill of this length
        // gives.
        let filled = bytes.len();
        bytes.resize(prefix.len() + length, 0);
        rng.fill_bytes(&mut bytes[filled..]);
        let mut u = Unstructured::new(&bytes);
        let may_grow = (length < MOST_BYTES).then_some(Expected { stream: bytes.len(), wanted: 0 });
        let outer = EXPECTED.replace(may_grow);
        let result = f(&mut u);
        let wanted = EXPECTED.replace(outer).map_or(0, |expected| expected.wanted.saturating_sub(prefix.len()));
        if !u.is_empty() || length >= MOST_BYTES {
            if bytes.capacity() <= MOST_BYTES_KEPT {
                BYTES.set(bytes);
            }
            return result;
        }
        // Whole powers of two, as the lengths grown from `BYTES_PER_CASE`.
        length = (length * GROWTH).max(wanted.next_power_of_two()).min(MOST_BYTES);
    }
}

/// The stream of the seeded case running on this thread, while it may
/// still be drawn again longer: its length, prefix included, and the
/// length the case said it reads.
#[derive(Clone, Copy)]
struct Expected {
    stream: usize,
    wanted: usize,
}

/// Tells the seeded case reading `u` that it reads about `bytes` more. When
/// `u` holds fewer, and the case may be drawn again from a longer stream,
/// `u` is read to its end at once: the case is drawn again from a stream
/// that long, where drawing it until its bytes ran out (a game of 100,000
/// tiles nearly whole) was work thrown away. The case is the one it would
/// have been: a case drawn again reads the same stream on. Outside a
/// seeded case (a fuzzer's bytes), or on the longest stream drawn, it does
/// nothing.
///
/// True when the case is drawn again so: what it draws from here on is
/// thrown away, and it had best give up at once (`Err`), not play its
/// game out on an empty stream's defaults first.
#[must_use = "a case drawn again is thrown away: give up at once"]
pub fn expect_to_read(u: &mut Unstructured<'_>, bytes: usize) -> bool {
    EXPECTED.with(|expected| match expected.get() {
        Some(Expected { stream, .. }) if u.len() < bytes => {
            expected.set(Some(Expected { stream, wanted: stream - u.len() + bytes }));
            let _ = u.bytes(u.len());
            true
        }
        _ => false,
    })
}

/// How many times as many bytes a case that read every byte is drawn
/// again from.
const GROWTH: usize = 16;

thread_local! {
    /// The last case's buffer, for the next to fill: a new megabyte for
    /// each large case cost the faults of its pages every time.
    static BYTES: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
    /// The case running on this thread, for [`expect_to_read`].
    static EXPECTED: Cell<Option<Expected>> = const { Cell::new(None) };
}

/// The largest buffer a thread keeps between cases.
const MOST_BYTES_KEPT: usize = 1 << 22;

/// A seed that differs from run to run.
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    // Fold to 64 bits; only distinctness matters.
    (nanos ^ (nanos >> 64)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_larger_than_the_first_bytes_reads_on_into_the_same_stream() {
        let read =
            |count: usize| with_seed(5, |u| (0..count).map(|_| u.arbitrary::<u8>().unwrap()).collect::<Vec<_>>());
        let small = read(1000);
        let large = read(3 * BYTES_PER_CASE);
        assert_eq!(small[..], large[..1000], "the stream's start does not depend on its length");
        let tail = &large[2 * BYTES_PER_CASE..];
        assert!(tail.iter().filter(|&&byte| byte == 0).count() < tail.len() / 50, "the tail is not exhausted zeros");
    }

    /// A case reads the seed's stream as one fill gives it, through the
    /// fills it grows by, whatever the cases before it on the thread read.
    #[test]
    fn a_case_reads_the_seeds_stream_whatever_the_cases_before_it() {
        let stream = |count: usize| {
            let mut bytes = vec![0; count];
            ChaCha8Rng::seed_from_u64(5).fill_bytes(&mut bytes);
            bytes
        };
        let read =
            |count: usize| with_seed(5, |u| (0..count).map(|_| u.arbitrary::<u8>().unwrap()).collect::<Vec<_>>());
        for count in [1000, 3 * BYTES_PER_CASE, 100 * BYTES_PER_CASE, 10, 1000, 20 * BYTES_PER_CASE] {
            assert_eq!(read(count), stream(count), "{count} bytes");
        }
    }

    /// A case sees a stream of the same length whatever the cases before
    /// it on the thread read: a generator that draws by what is left of
    /// its stream draws the same game.
    #[test]
    fn a_case_sees_the_same_stream_length_after_a_large_case() {
        let left = || with_seed(7, |u| u.len());
        let first = left();
        with_seed(9, |u| (0..20 * BYTES_PER_CASE).for_each(|_| _ = u.arbitrary::<u8>()));
        assert_eq!(left(), first);
    }

    /// A case that expects to read more than its stream holds is drawn
    /// again at once from a stream that long, once, where growing sixteen
    /// times over took it twice more; and reads what it would have read.
    /// Outside a seeded case the expectation changes nothing.
    #[test]
    fn a_case_that_expects_more_than_its_stream_is_drawn_again_that_long() {
        let count = 30 * BYTES_PER_CASE;
        let runs = Cell::new(0);
        let read = with_seed(5, |u| {
            runs.set(runs.get() + 1);
            if expect_to_read(u, 40 * BYTES_PER_CASE) {
                return Vec::new();
            }
            (0..count).map(|_| u.arbitrary::<u8>().unwrap()).collect::<Vec<_>>()
        });
        let mut stream = vec![0; count];
        ChaCha8Rng::seed_from_u64(5).fill_bytes(&mut stream);
        assert_eq!(read, stream);
        assert!(runs.get() <= 2, "drawn {} times", runs.get());
        let mut u = Unstructured::new(&[1, 2, 3]);
        assert!(!expect_to_read(&mut u, 100), "a fuzzer's bytes are never drawn again");
        assert_eq!(u.len(), 3);
    }
}
