//! `perfectplay snakes`: the fewest rolls (BOJ 16928), one shortest game, and the odds with a fair die.

use super::{Input, InputArg, progress_on_terminal, write_file};
use crate::engine::chance::Distribution;
use crate::engine::{Interrupted, Limits};
use crate::error::Error;
use crate::format::TextFormat;
use crate::games::snakes::{self, Board, Instance, JumpKind, MAX_FACES, MAX_SIZE, Overshoot, Roll, Rules, Simulation};
use crate::render::histogram::{Histogram, Marker, histogram_svg};
use serde_json::json;
use std::path::PathBuf;
use std::time::Duration;

/// Options of `perfectplay snakes`; the text after the options in `--help` is [`AFTER_HELP`].
#[derive(clap::Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,

    /// The last square (the board is squares 1 to SIZE).
    #[arg(long, value_name = "SIZE", default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SIZE)))]
    size: u32,

    /// The die shows 1 to FACES.
    #[arg(long, value_name = "FACES", default_value_t = 6,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_FACES)))]
    faces: u32,

    /// The start square; 0 starts off the board, as on commercial boards (a first roll of 1 can then take a
    /// ladder from square 1). A token never takes the ladder or snake of the square it starts on.
    #[arg(long, value_name = "SQUARE", default_value_t = 1)]
    start: u32,

    /// A roll that would pass the last square: stay (not played), bounce (count back down), win.
    #[arg(long, value_enum, default_value_t = Overshoot::Stay)]
    overshoot: Overshoot,

    /// Print one shortest game after the answer, roll by roll: the die, the square reached, the jump taken.
    #[arg(long)]
    explain: bool,

    /// Print the expected number of rolls with a fair die (a decimal with the digits proven correct, at least 12).
    #[arg(long)]
    expected: bool,

    /// Print the exact expectation as a reduced fraction p/q instead of a decimal (implies --expected; boards up
    /// to 2 000 squares).
    #[arg(long)]
    exact: bool,

    /// Print, for each roll t, the probability that the game ends on roll t and by roll t, until less than 1e-12
    /// is left in play (or --max-rolls), then the median.
    #[arg(long)]
    distribution: bool,

    /// The most rolls --distribution computes (and --simulate plays in one game).
    #[arg(long, value_name = "ROLLS", default_value_t = 100_000,
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    max_rolls: u64,

    /// Draw the distribution as an SVG histogram with the expectation and the median marked.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,

    /// Play GAMES games with a seeded pseudo-random fair die and print the mean with its 95% confidence interval.
    #[arg(long, value_name = "GAMES", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    simulate: Option<u64>,

    /// The seed of --simulate.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    seed: u64,

    /// Print everything asked for as one JSON object (always with the fewest rolls and one shortest game).
    #[arg(long)]
    json: bool,

    /// Give up (exit code 3) after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<f64>,
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
and proves an error bound (shown in --json); it prints only the digits the bound proves (at least 12 on \
ordinary boards); 10 000 squares take about 0.1 s. --exact gives the exact fraction: about 1 ms on 100 \
squares, 1 s on 1 000 squares with 100 ladders and snakes, 40 s on 2 000 with 200; offered up to 2 000 \
squares. The fewest rolls is a breadth-first search: a million squares take about 0.05 s (up to 10 000 000).

Examples (files in examples/snakes/):
  perfectplay snakes boj-sample1.txt
  perfectplay snakes --explain boj-sample2.txt
  perfectplay snakes --start 0 --exact milton-bradley.txt
  perfectplay snakes --start 0 --distribution --plot mb.svg milton-bradley.txt
  perfectplay snakes --start 0 --simulate 1000000 milton-bradley.txt

Exit codes: 0 answer printed; 2 bad input or options (one message on stderr, nothing on stdout), including a \
last square that cannot be reached and an infinite expectation; 3 --time-limit reached.";

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 1e9 => Ok(s),
        _ => Err(format!("'{text}' is not a number of seconds above 0")),
    }
}

/// Boards up to this size get `--exact`.
const MAX_EXACT_SIZE: u32 = 2_000;

/// What is left in play when `--distribution` stops.
const TAIL: f64 = 1e-12;

/// Runs the subcommand and returns what goes to stdout.
pub fn run(args: Args) -> Result<String, Error> {
    let rules = Rules { size: args.size, faces: args.faces, start: args.start, overshoot: args.overshoot };
    rules.check().map_err(Error::Usage)?;
    let expected = args.expected || args.exact;
    if args.exact && rules.size > MAX_EXACT_SIZE {
        return Err(Error::Usage(format!(
            "--exact is offered up to {MAX_EXACT_SIZE} squares (this board has {}); --expected alone gives the \
             value in floating point with a proven error bound",
            rules.size
        )));
    }
    let input = Input::read(args.input.file.as_deref())?;
    let instance = Instance::parse(&input.text).map_err(|e| input.error(e))?;
    let board = instance.board(rules).map_err(|e| input.error(e))?;

    let seconds = args.time_limit;
    let limits = Limits {
        deadline: seconds.map(|s| std::time::Instant::now() + Duration::from_secs_f64(s)),
        progress: progress_on_terminal(),
    };
    let timed_out = |i: Interrupted| Error::time_limit(i, seconds.unwrap_or(0.0));

    let rolls = snakes::fewest_rolls(&board, &limits)
        .map_err(timed_out)?
        .map_err(|why| input.error(crate::format::InputError::new(why)))?;

    let expectation = if expected || args.plot.is_some() {
        match snakes::expected_rolls(&board, &limits).map_err(timed_out)? {
            Ok(value) => Some(value),
            Err(why) if expected => return Err(input.error(crate::format::InputError::new(why))),
            Err(_) => None,
        }
    } else {
        None
    };
    let exact = if args.exact {
        let value = snakes::exact_expected_rolls(&board, &limits)
            .map_err(timed_out)?
            .map_err(|why| input.error(crate::format::InputError::new(why)))?;
        Some(value)
    } else {
        None
    };
    let distribution = if args.distribution || args.plot.is_some() {
        let max = usize::try_from(args.max_rolls).unwrap_or(usize::MAX);
        Some(snakes::roll_distribution(&board, TAIL, max, &limits).map_err(timed_out)?)
    } else {
        None
    };
    let simulation = args.simulate.map(|games| snakes::simulate(&board, games, args.max_rolls, args.seed));

    if let (Some(path), Some(distribution)) = (&args.plot, &distribution) {
        let svg = plot(&board, distribution, expectation.map(|e| e.0))?;
        write_file(path, &svg)?;
    }

    if args.json {
        let mut object = json!({
            "rules": rules,
            "ladders": instance.ladders().map(|(a, b)| [a, b]).collect::<Vec<_>>(),
            "snakes": instance.snakes().map(|(a, b)| [a, b]).collect::<Vec<_>>(),
            "fewest_rolls": rolls.len(),
            "shortest_game": rolls,
        });
        if let Some((value, error)) = expectation.filter(|_| expected) {
            object["expected_rolls"] = json!({ "value": value, "relative_error_bound": error });
            if let Some(exact) = &exact {
                object["expected_rolls"]["exact"] = json!(exact.to_string());
            }
        }
        if let Some(d) = distribution.as_ref().filter(|_| args.distribution) {
            object["distribution"] = json!({
                "ends_on_roll": d.ends,
                "ended_by_roll": d.cumulative(),
                "median": d.median(),
                "still_in_play": d.remaining,
                "never_ends": d.never,
            });
        }
        if let Some(s) = &simulation {
            object["simulation"] = json!({
                "games": s.games, "finished": s.finished, "mean": s.mean, "standard_error": s.standard_error,
                "interval95": s.interval95(), "seed": args.seed,
            });
        }
        return Ok(serde_json::to_string(&object).map_err(|e| Error::Usage(e.to_string()))? + "\n");
    }

    let mut out = String::new();
    if args.explain || !(expected || args.distribution || args.simulate.is_some()) {
        out += &format!("{}\n", rolls.len());
    }
    if args.explain {
        out += &explain(&board, &rolls);
    }
    if let Some(exact) = &exact {
        out += &format!("{exact}\n");
    } else if let Some((value, error)) = expectation.filter(|_| expected) {
        out += &format!("{}\n", proven_digits(value, error));
    }
    if let Some(d) = distribution.as_ref().filter(|_| args.distribution) {
        out += &distribution_table(d);
    }
    if let Some(s) = &simulation {
        out += &simulation_line(s, args.seed);
    }
    Ok(out)
}

/// One shortest game, one line per roll.
fn explain(board: &Board, rolls: &[Roll]) -> String {
    let rules = board.rules();
    let from = if rules.start == 0 { "off the board".into() } else { format!("square {}", rules.start) };
    if rolls.is_empty() {
        return format!("the token starts on the last square {}: no roll is needed\n", rules.size);
    }
    let mut out = format!(
        "{} roll{} from {from} to square {}:\n",
        rolls.len(),
        if rolls.len() == 1 { "" } else { "s" },
        rules.size
    );
    for (i, roll) in rolls.iter().enumerate() {
        out += &format!("roll {}: {} to square {}", i + 1, roll.die, roll.landed);
        match roll.jump {
            Some(JumpKind::Ladder) => out += &format!(", ladder up to {}", roll.square),
            Some(JumpKind::Snake) => out += &format!(", snake down to {}", roll.square),
            None => {}
        }
        out.push('\n');
    }
    out
}

/// `value` with as many significant digits as `relative_error` proves (at most 15), or with 15 digits and the bound
/// when fewer than 12 are proven.
fn proven_digits(value: f64, relative_error: f64) -> String {
    let proven = if relative_error > 0.0 { (-relative_error.log10()).floor() as i32 } else { 15 };
    let digits = proven.clamp(1, 15);
    let magnitude = if value > 0.0 { value.log10().floor() as i32 + 1 } else { 1 };
    let decimals = (digits - magnitude).max(0) as usize;
    let text = format!("{value:.decimals$}");
    if proven >= 12 { text } else { format!("{value:.15e} (relative error at most {relative_error:.1e})") }
}

/// The distribution as a table, then its median and what was left.
fn distribution_table(d: &Distribution) -> String {
    let mut out = String::from("# roll  P(ends on this roll)  P(ended by this roll)\n");
    for (t, (p, c)) in d.ends.iter().zip(d.cumulative()).enumerate().skip(1) {
        out += &format!("{t} {p:.11e} {c:.11e}\n");
    }
    if d.ends.len() == 1 {
        out += &format!("0 {:.11e} {:.11e}\n", d.ends[0], d.ends[0]);
    }
    match d.median() {
        Some(m) => out += &format!("# median: {m} rolls\n"),
        None => out += "# median: not reached within the rolls computed\n",
    }
    let last = d.ends.len() - 1;
    out += &format!("# still in play after roll {last}: {:.3e}\n", d.remaining);
    if d.never > 0.0 {
        out += &format!("# never ends (stuck where the last square cannot be reached): {:.11e}\n", d.never);
    }
    out
}

fn simulation_line(s: &Simulation, seed: u64) -> String {
    let (low, high) = s.interval95();
    let mut out = format!(
        "simulated mean: {:.4} rolls (95% confidence {low:.4} to {high:.4}) over {} games, seed {seed}\n",
        s.mean, s.finished
    );
    if s.finished < s.games {
        out += &format!("{} games did not end within --max-rolls and are left out\n", s.games - s.finished);
    }
    out
}

/// The histogram of the distribution, cut where 99.99% of the games have ended, with the expectation and median.
fn plot(board: &Board, d: &Distribution, expectation: Option<f64>) -> Result<String, Error> {
    if d.ends.len() <= 1 {
        return Err(Error::Usage("--plot: nothing to draw, the game is decided before the first roll".into()));
    }
    let cumulative = d.cumulative();
    let last = cumulative.iter().position(|&c| c >= 0.9999).unwrap_or(cumulative.len() - 1).max(1);
    let rules = board.rules();
    let mut markers = Vec::new();
    if let Some(e) = expectation {
        markers.push(Marker { x: e, label: format!("expected {e:.2} rolls") });
    }
    if let Some(m) = d.median() {
        markers.push(Marker { x: m as f64, label: format!("median {m} rolls") });
    }
    let from = if rules.start == 0 { "off the board".into() } else { format!("square {}", rules.start) };
    let chart = Histogram {
        title: format!(
            "Rolls to reach square {} from {from} ({}-sided die, overshoot {})",
            rules.size, rules.faces, rules.overshoot
        ),
        x_label: if last + 1 < d.ends.len() {
            format!(
                "roll on which the game ends (up to {last}; later rolls have {:.1e} in all)",
                1.0 - cumulative[last]
            )
        } else {
            "roll on which the game ends".into()
        },
        y_label: "probability".into(),
        first: 1,
        bars: d.ends[1..=last.min(d.ends.len() - 1)].to_vec(),
        markers,
    };
    histogram_svg(&chart, 960, 540).map_err(Error::Usage)
}
