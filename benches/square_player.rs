//! The strong SquareRemover player's score and speed: a contest game (10,000
//! moves) on each of a few seeds, on 16x16 in 4 colours (the statement's
//! largest board in its fewest colours, where the best contestants score
//! over 20,000) and at the statement's other corners, beside the greedy
//! player on the same boards. A table, not a timed test:
//!
//! ```sh
//! cargo bench --bench square_player            # seeds 1 to 5
//! cargo bench --bench square_player -- 7 8 9   # these seeds
//! ```
//!
//! A game's time is its generation's, wall clock, the player's choices
//! and the engine following the game; on a shared machine it varies with
//! the load.

use std::time::{Duration, Instant};

use m3_model::square::{Instance, SquareRemover, CONTEST_MOVES};
use m3diff::game::knobs::EdgeKnob;
use m3diff::game::{Count, PercentOr, Size};
use m3diff::games::square::{Knobs, Player};
use m3diff::{Game, Rulebook};

fn main() {
    let seeds: Vec<u64> = std::env::args().skip(1).filter_map(|arg| arg.parse().ok()).collect();
    let seeds = if seeds.is_empty() { (1..=5).collect() } else { seeds };
    println!("{:<14} {:>6} {:>10} {:>10} {:>10}", "board", "seed", "greedy", "strong", "strong's time");
    let mut strong_16x16 = Vec::new();
    for (side, colours) in [(16, 4), (16, 6), (8, 4), (8, 6)] {
        for &seed in &seeds {
            let (greedy, _) = game(seed, side, colours, Player::Greedy);
            let (strong, time) = game(seed, side, colours, Player::Strong);
            if (side, colours) == (16, 4) {
                strong_16x16.push((strong, time));
            }
            let board = format!("{side}x{side} c{colours}");
            println!("{board:<14} {seed:>6} {greedy:>10} {strong:>10} {:>12.2} s", time.as_secs_f64());
        }
    }
    let games = strong_16x16.len() as u64;
    let mean = strong_16x16.iter().map(|&(score, _)| score).sum::<u64>() / games.max(1);
    let least = strong_16x16.iter().map(|&(score, _)| score).min().unwrap_or(0);
    let time = strong_16x16.iter().map(|&(_, time)| time).sum::<Duration>() / games.max(1) as u32;
    println!("\nstrong on 16x16 c4: mean {mean}, least {least} squares, {:.2} s a game", time.as_secs_f64());
}

/// The score of a contest game drawn from `seed` and played by `player`,
/// and the time drawing it took.
fn game(seed: u64, side: usize, colours: u8, player: Player) -> (u64, Duration) {
    let shape = Knobs {
        side: Some(Count::new(side)),
        colours: Some(colours),
        moves: Some(Count::new(CONTEST_MOVES)),
        invalid_percent: PercentOr::new(0),
        player: Some(player),
        edges: EdgeKnob::NONE,
        ..Knobs::default()
    };
    let started = Instant::now();
    let instance: Instance =
        m3diff::process::seed::with_seed(seed, |u| SquareRemover::generate(u, Size::Mixed, &shape)).expect("a game");
    let time = started.elapsed();
    let score = SquareRemover::solve(&instance).to_string().parse().expect("a score");
    (score, time)
}
