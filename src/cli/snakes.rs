//! `perfectplay snakes`: the fewest rolls (BOJ 16928), one shortest game, and the odds with a fair die.

use super::output::Output;
use super::{Input, InputArg, OutputFile, TimeLimitArg, whole};
use crate::error::Error;
use crate::format::{InputError, TextFormat};
use crate::games::snakes::analysis::{
    self, DistributionAsked, Expectation, Offered, Questions, RefusalWords, Refused, SimulationAsked,
};
use crate::games::snakes::report::{self, Report};
use crate::games::snakes::{self, DISTRIBUTION_TAIL, Instance, MAX_FACES, MAX_SIZE, Overshoot, Rules, Setting};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use std::path::PathBuf;

/// Options of `perfectplay snakes`; the text after the options in `--help` is [`AFTER_HELP`].
#[derive(clap::Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,

    /// The last square (the board is squares 1 to SIZE).
    #[arg(long, value_name = "SIZE", default_value_t = 100, allow_hyphen_values = true,
          value_parser = whole::<u32>(1, MAX_SIZE.into()))]
    size: u32,

    /// The die shows 1 to FACES.
    #[arg(long, value_name = "FACES", default_value_t = 6, allow_hyphen_values = true,
          value_parser = whole::<u32>(1, MAX_FACES.into()))]
    faces: u32,

    /// The start square; 0 starts off the board, as on commercial boards (a first roll of 1 can then take a
    /// ladder from square 1). A token never takes the ladder or snake of the square it starts on.
    #[arg(long, value_name = "SQUARE", default_value_t = 1, allow_hyphen_values = true,
          value_parser = whole::<u32>(0, MAX_SIZE.into()))]
    start: u32,

    /// A roll that would pass the last square: stay (not played), bounce (count back down), win.
    #[arg(long, default_value_t = Overshoot::Stay, value_parser = overshoot())]
    overshoot: Overshoot,

    /// Print one shortest game after the answer, roll by roll: the die, the square reached, the jump taken.
    #[arg(long)]
    explain: bool,

    /// Print the expected number of rolls with a fair die, rounded to nearest with only the digits its proven
    /// error bound guarantees (usually 12 to 15 significant digits; never scientific notation).
    #[arg(long)]
    expected: bool,

    /// Print the exact expectation as a reduced fraction p/q instead of a decimal (implies --expected; boards up
    /// to 2 000 squares).
    #[arg(long)]
    exact: bool,

    /// Print, for each roll t from 1, the probability that the game ends on roll t and by roll t, until less than
    /// 1e-12 is left in play (or --max-rolls), then the median. Rounded to nearest with only proven digits: as
    /// many decimals as the computation's error bound allows (up to 12, said in the header), fewer on a row whose
    /// next digit is not proven. In --json: `ends_on_roll`, a list of `{"roll", "probability", "cumulative"}`
    /// from roll 1.
    #[arg(long)]
    distribution: bool,

    /// The most rolls --distribution computes (and --simulate plays in one game); at most 10 000 000, so that the
    /// table stays within 80 MB.
    #[arg(long, value_name = "ROLLS", default_value_t = crate::games::snakes::DEFAULT_MAX_ROLLS, allow_hyphen_values = true,
          value_parser = whole::<u64>(1, snakes::MAX_DISTRIBUTION_ROLLS))]
    max_rolls: u64,

    /// Draw the distribution as an SVG histogram, with P(ended by roll t) as a curve on a second axis, the
    /// expectation and the median marked, and the tail past the 99.9th percentile cut (a note says how much). A bar
    /// per roll up to 800 rolls; past that a bar per run of 2, 5, 10, 20… rolls (at most 800 bars), the chance that
    /// the game ends within it (the axes say how many rolls), with the curve at each run's end. The file is checked
    /// before the work starts and written whole at the end.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,

    /// Play GAMES games with a seeded pseudo-random fair die and print the mean with its 95% confidence interval
    /// (--time-limit and Ctrl-C stop it). When some games do not end within --max-rolls, the mean is unknown: how
    /// many did not end and a lower bound are printed instead (and that the expectation is infinite, when it is).
    #[arg(long, value_name = "GAMES", value_parser = whole::<u64>(1, 1_000_000_000),
          allow_hyphen_values = true)]
    simulate: Option<u64>,

    /// The seed of --simulate.
    #[arg(long, value_name = "SEED", default_value_t = 1, allow_hyphen_values = true,
          value_parser = whole::<u64>(0, u64::MAX))]
    seed: u64,

    /// Print everything asked for as one JSON object per input, on one line (always with the fewest rolls and one
    /// shortest game).
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    time_limit: TimeLimitArg,
}

/// The explanation printed after the options by `--help`.
const AFTER_HELP: &str = "\
By default prints exactly the judge's answer: the fewest rolls from square 1 to square 100, choosing each \
roll.

Input (BOJ 16928): `N M`, then N lines `x y` (a ladder from x up to y), then M lines `u v` (a snake from u \
down to v). Landing on a ladder's foot or a snake's head moves the token to the other end, once (a jump that \
ends where another begins does not chain). Ladders into the last square and jumps touching the start square \
are allowed; two jumps may not start on the same square, and none on the last square.

With --expected, --distribution, --plot or --simulate the die is fair and the game is an absorbing Markov \
chain. --expected solves it by elimination from the top square down, with one extra unknown per snake tail, \
and proves an error bound (shown in --json); it prints the value rounded to nearest with as many digits as \
the bound proves that rounding (a digit fewer when the bound straddles a rounding boundary; usually 12 to 15 \
significant digits); 10 000 squares take about 0.1 s. A long game's first result is refined in double-double \
arithmetic until its digits are proven (100 000 squares with 80 snakes, a game of 3·10^13 rolls: 0.2 s). When \
elimination would take more than about ten seconds (more than 1 500 snake tails on a large board) or would not \
fit in memory, Gauss-Seidel sweeps take over, and they can take minutes: bound such runs \
with --time-limit. --exact gives the exact fraction, by elimination modulo primes in a few MB: about 1 ms on 100 \
squares, 0.3 s on 1 000 squares with 100 random ladders and snakes, 2.5 s on 2 000 with 200 (many snakes close \
together cost most: 9 s with 200 short ones, minutes with 1 500); offered up to 2 000 squares, and bounded by \
--time-limit. --expected, --distribution and --plot are offered while squares × faces (faces counted as at least 4) is at \
most 20 000 000 (3 million squares with a six-sided die, 5 million with a smaller one), which keeps memory under 1 GiB. The fewest rolls is a breadth-first \
search that looks at each square a roll lands on once, whatever the die's faces: a million squares take about \
0.05 s, ten million (the most) about 0.4 s, with 6 faces or 1 000.

Examples (from the repository's root):
  perfectplay snakes examples/snakes/boj-sample1.txt
  perfectplay snakes --explain examples/snakes/boj-sample2.txt
  perfectplay snakes --start 0 --exact examples/snakes/milton-bradley.txt
  perfectplay snakes --start 0 --distribution --plot mb.svg examples/snakes/milton-bradley.txt
  perfectplay snakes --start 0 --simulate 1000000 examples/snakes/milton-bradley.txt

Exit codes: 0 answer printed; 2 bad input or options (one message on stderr, nothing on stdout), including a \
last square that cannot be reached, an infinite expectation asked for with --expected or --exact (--distribution, \
--simulate and --plot answer such a board), or output that cannot be written; 3 --time-limit \
reached; 130 interrupted (Ctrl-C; 143 SIGTERM, 129 SIGHUP).";

/// Reads `--overshoot` with the game's own reader ([`Overshoot`]'s `FromStr`), the choices and what each does
/// listed in `--help` and in clap's message for a name that is not one of them.
fn overshoot() -> impl TypedValueParser<Value = Overshoot> {
    PossibleValuesParser::new(Overshoot::ALL.map(|o| PossibleValue::new(o.name()).help(o.description())))
        .try_map(|name| name.parse::<Overshoot>())
}

/// What a person typing the input is asked for.
const HINT: &str = "`N M`, N ladders `x y` and M snakes `u v`";

/// Runs the subcommand, writing the answers into `out`.
pub fn run(args: Args, out: &mut Output) -> Result<(), Error> {
    let rules = Rules { size: args.size, faces: args.faces, start: args.start, overshoot: args.overshoot };
    rules.check().map_err(|e| Error::Usage(e.message(Setting::flag)))?;
    questions(&args).check(rules, Offered::default()).map_err(refused)?;
    let mut plot = args.input.output_file("--plot", args.plot.as_deref())?;
    args.input.each(HINT, args.time_limit.reading(), out, args.json, |mut input, out| {
        answer(&args, rules, &mut input, plot.take(), out)
    })
}

/// What the options ask of each board: `--plot` asks for the distribution, and for the expectation to mark on it
/// when it is finite.
fn questions(args: &Args) -> Questions {
    let expected = if args.expected || args.exact {
        Expectation::Asked
    } else if args.plot.is_some() {
        Expectation::WhenFinite
    } else {
        Expectation::NotAsked
    };
    let drawn = args.distribution || args.plot.is_some();
    Questions {
        fewest_rolls: true,
        expected,
        exact: args.exact,
        distribution: drawn.then_some(DistributionAsked { tail: DISTRIBUTION_TAIL, max_rolls: args.max_rolls }),
        simulation: args.simulate.map(|games| SimulationAsked { games, max_rolls: args.max_rolls, seed: args.seed }),
    }
}

/// A question refused for the board's size, in the command line's words.
fn refused(refused: Refused) -> Error {
    Error::Usage(refused.message(&RefusalWords {
        setting: Setting::flag,
        exact: "--exact",
        chain_questions: "--expected, --distribution and --plot",
        memory: "1 GiB of memory",
        // The command line bounds a simulation by --time-limit only (see `Offered::default`).
        simulation: "--simulate × --max-rolls",
        instead: [
            Some("--expected alone gives the value in floating point with a proven error bound"),
            Some("the fewest rolls and --simulate have no such limit"),
            None,
        ],
    }))
}

/// Solves one board and writes what was asked.
fn answer(
    args: &Args,
    rules: Rules,
    input: &mut Input,
    plot: Option<OutputFile>,
    out: &mut Output,
) -> Result<(), Error> {
    let instance = input.parse(Instance::parse)?;
    let board = instance.board(rules).map_err(|e| input.error(e.input_error(Setting::flag)))?;

    let limits = args.time_limit.limits(out);
    let answers = analysis::analyse(&board, &questions(args), &limits)
        .map_err(|i| args.time_limit.exceeded(i))?
        .map_err(|why| input.error(InputError::new(why)))?;
    // The spinner is cleared before the answer reaches the terminal (`out` keeps the deadline and Ctrl-C).
    drop(limits);

    // The plot goes into place only after the answer is written (see `OutputFile::fill`).
    let plot = match (plot, &answers.distribution) {
        (Some(plot), Some(distribution)) => {
            let svg = report::plot(&board, distribution, answers.expected)
                .map_err(|e| Error::Usage(format!("--plot: {e}")))?;
            Some(plot.fill(&svg, out)?)
        }
        _ => None,
    };

    let rolls = answers.rolls.expect("the fewest rolls are always asked");
    let report = Report {
        instance: &instance,
        board: &board,
        rolls: &rolls,
        explain: args.explain,
        expected: answers.expected.filter(|_| args.expected || args.exact),
        exact: answers.exact.as_ref(),
        distribution: answers.distribution.as_ref().filter(|_| args.distribution),
        simulation: answers.simulation.as_ref(),
        seed: args.seed,
    };
    let written = if args.json { report.write_json(out) } else { report.write_text(out, Setting::flag) };
    super::output::commit_after(written.map_err(|e| out.failed(&e)).and_then(|()| out.finish()), plot)
}
