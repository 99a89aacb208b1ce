//! `m3diff gen GAME --seed S ...`: one subcommand per game in the registry,
//! each with the options of its game's `Knobs`.

use crate::process::streams::say;
use std::process::ExitCode;

use clap::parser::ValueSource;
use clap::{Arg, ArgMatches, Args, FromArgMatches};

use super::play;
use crate::game::{Game, Size};
use crate::games::{self, Visitor};
use crate::process::seed::SEED_VARIABLE;

/// The game named and the options given for it.
#[derive(Debug, Clone)]
pub struct GenCommand {
    game: String,
    matches: ArgMatches,
}

impl GenCommand {
    pub fn run(self) -> Result<ExitCode, String> {
        let game = self.game.clone();
        games::visit(&game, self).unwrap_or_else(|| Err(format!("no game called {game:?}")))
    }
}

impl Visitor for GenCommand {
    type Output = Result<ExitCode, String>;

    fn visit<G: Game>(self) -> Self::Output {
        let shape = G::Knobs::from_arg_matches(&self.matches).map_err(|e| e.to_string())?;
        let seed = match self.matches.get_one::<u64>("seed") {
            Some(&seed) => {
                if self.matches.value_source("seed") != Some(ValueSource::CommandLine) {
                    say!("m3diff gen: seed {seed} (from {SEED_VARIABLE})");
                }
                seed
            }
            // As `fuzz` draws one: said on standard error, so that standard
            // output stays the instance and the seed can give it again.
            None => {
                let seed = crate::process::seed::clock_seed();
                say!("m3diff gen: seed {seed} (drawn from the clock; --seed {seed} gives this instance again)");
                seed
            }
        };
        let size = self.matches.get_one::<Size>("size").copied().unwrap_or_default();
        play::generate::<G>(seed, size, &shape)
    }
}

/// The `gen` subcommand of one game.
#[derive(Clone)]
struct Subcommand;

impl Visitor for Subcommand {
    type Output = clap::Command;

    fn visit<G: Game>(self) -> clap::Command {
        let seed = Arg::new("seed")
            .long("seed")
            .env(SEED_VARIABLE)
            .value_parser(crate::process::seed::parse)
            .help("The seed the instance is drawn from: the same seed, the same instance (drawn from the clock when absent, and said)");
        let size = Arg::new("size")
            .long("size")
            .value_parser(clap::value_parser!(Size))
            .default_value("mixed")
            .help("How large the game is where the other options leave it open");
        // Described after the game's options are added: their doc comment
        // would otherwise describe the subcommand.
        G::Knobs::augment_args(clap::Command::new(G::NAME).arg(seed).arg(size))
            .about(format!("A generated {} instance", G::TITLE))
            .long_about(None)
    }
}

impl FromArgMatches for GenCommand {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        match matches.subcommand() {
            Some((game, matches)) => Ok(GenCommand { game: game.to_string(), matches: matches.clone() }),
            None => Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand)),
        }
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = GenCommand::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Subcommand for GenCommand {
    fn augment_subcommands(command: clap::Command) -> clap::Command {
        command.subcommand_required(true).subcommands(games::visit_all(&Subcommand))
    }

    fn augment_subcommands_for_update(command: clap::Command) -> clap::Command {
        GenCommand::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        games::NAMES.contains(&name)
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    /// The `Knobs` a bare `m3diff gen` parses, beside `Knobs::default()`,
    /// both as `Debug` shows them.
    struct LeftOut(ArgMatches);

    impl Visitor for LeftOut {
        type Output = (String, String);

        fn visit<G: Game>(self) -> Self::Output {
            let parsed = G::Knobs::from_arg_matches(&self.0).expect("a bare command line parses");
            (format!("{parsed:?}"), format!("{:?}", G::Knobs::default()))
        }
    }

    /// A knob left out on the command line is what the code's default says:
    /// the benches, `--against` and the tests build shapes from
    /// `Knobs::default()`. Parsed through the whole CLI, so that every game's
    /// options are built in one process: a default clap keeps in a static
    /// shared by a generic struct's instances (clap-rs/clap#5127) shows here.
    #[test]
    fn every_knob_left_out_is_the_shapes_default() {
        for game in games::NAMES {
            let Command::Gen(command) = Cli::parse_from(["m3diff", "gen", game, "--seed", "1"]).command else {
                panic!("`gen {game}` is parsed as another command");
            };
            let (parsed, default) = games::visit(game, LeftOut(command.matches)).expect("a game of the registry");
            assert_eq!(parsed, default, "`m3diff gen {game}` with no knobs");
        }
    }
}
