//! Telling a solved board to people and programs: the fewest rolls and one shortest game, the expectation with
//! the digits its error bound proves, the distribution as a table, the simulation, one JSON object, and the
//! histogram of the distribution as SVG.

use super::{Board, Instance, JumpKind, MAX_EXACT_SIZE, Roll, Rules, Setting, Simulation};
use crate::engine::chance::Distribution;
use crate::json::{self, Seq};
use crate::render::decimal::{plain_significant, proven_decimal, proven_fixed};
use crate::render::histogram::{Histogram, Marker, histogram_svg, per_bar};
use num_rational::BigRational;
use serde::Serialize;
use std::io::{self, Write};

/// What a run found and was asked to tell; a field left `None` was not asked for.
#[derive(Clone, Copy, Debug)]
pub struct Report<'a> {
    /// The board's ladders and snakes as read.
    pub instance: &'a Instance,
    /// The board solved (its rules say where the game starts and ends).
    pub board: &'a Board,
    /// One shortest game; its length is the judge's answer.
    pub rolls: &'a [Roll],
    /// Narrate the shortest game roll by roll.
    pub explain: bool,
    /// The expected number of rolls with a fair die and the proven bound on its relative error.
    pub expected: Option<(f64, f64)>,
    /// The exact expectation; told only with `expected`, in its place in text.
    pub exact: Option<&'a BigRational>,
    /// The probability of ending on each roll.
    pub distribution: Option<&'a Distribution>,
    /// The simulated games, played with the die seeded by `seed`.
    pub simulation: Option<&'a Simulation>,
    /// The seed of `simulation`.
    pub seed: u64,
}

impl Report<'_> {
    /// The text answer: the fewest rolls (alone, the judge's answer; otherwise only with `explain`), one shortest
    /// game, the expectation, the distribution table and the simulation line, each when asked. `name` says a setting
    /// the text mentions (the roll limit of a simulation) in the front end's words.
    ///
    /// # Panics
    /// Never: writing into a `Vec` does not fail, and the text is UTF-8.
    pub fn text(&self, name: fn(Setting) -> &'static str) -> String {
        let mut out = Vec::new();
        self.write_text(&mut out, name).expect("a Vec takes every byte");
        String::from_utf8(out).expect("the report is UTF-8")
    }

    /// Writes the text of [`Report::text`] into `out`, the distribution table row by row.
    ///
    /// # Errors
    /// The writer's error.
    pub fn write_text(&self, out: &mut impl Write, name: fn(Setting) -> &'static str) -> io::Result<()> {
        let chance = self.expected.is_some() || self.distribution.is_some() || self.simulation.is_some();
        if self.explain || !chance {
            writeln!(out, "{}", self.rolls.len())?;
        }
        if self.explain {
            explain(out, self.board.rules(), self.rolls)?;
        }
        if let Some(exact) = self.exact {
            writeln!(out, "{exact}")?;
        } else if let Some((value, error)) = self.expected {
            out.write_all(expectation_line(value, error, self.board.rules().size).as_bytes())?;
        }
        if let Some(d) = self.distribution {
            distribution_table(out, d)?;
        }
        if let Some(s) = self.simulation {
            out.write_all(simulation_line(s, self.seed, name).as_bytes())?;
        }
        Ok(())
    }

    /// Everything asked for as one JSON object on one line (ending in a newline), always with the board, the
    /// fewest rolls and one shortest game.
    pub fn json(&self) -> String {
        json::line(&self.json_report(usize::MAX))
    }

    /// Writes the JSON of [`Report::json`] into `out` (without the final newline), long arrays element by element.
    ///
    /// # Errors
    /// The writer's error.
    pub fn write_json(&self, out: &mut impl Write) -> io::Result<()> {
        self.write_json_listing(out, usize::MAX)
    }

    /// Writes the JSON of [`Report::write_json`] with at most `listed` rolls of the shortest game in
    /// `shortest_game` (`fewest_rolls` still counts them all): a board of millions of squares has a shortest game
    /// of hundreds of thousands of rolls, more than a page shows or an answer may hold.
    ///
    /// # Errors
    /// The writer's error.
    pub fn write_json_listing(&self, out: &mut impl Write, listed: usize) -> io::Result<()> {
        json::write(out, &self.json_report(listed))
    }

    fn json_report(&self, listed: usize) -> impl Serialize + '_ {
        let jump = |(from, to): (u32, u32)| [from, to];
        JsonReport {
            rules: self.board.rules(),
            ladders: Seq::new(self.instance.ladders().map(jump)),
            snakes: Seq::new(self.instance.snakes().map(jump)),
            fewest_rolls: self.rolls.len(),
            shortest_game: &self.rolls[..listed.min(self.rolls.len())],
            expected_rolls: self.expected.map(|(value, relative_error_bound)| JsonExpected {
                value: relative_error_bound.is_finite().then_some(value),
                decimal: proven_decimal(value, relative_error_bound, MAX_DIGITS).map(|p| p.text),
                relative_error_bound,
                exact: self.exact.map(ToString::to_string),
            }),
            distribution: self.distribution.map(|d| JsonDistribution {
                ends_on_roll: Seq::new(distribution_rows(d).map(|(roll, probability, cumulative)| JsonRoll {
                    roll,
                    probability,
                    cumulative,
                })),
                median: d.proven_median(),
                median_between: d.median_between(),
                still_in_play: d.remaining,
                never_ends: d.never,
            }),
            simulation: self.simulation.map(|s| JsonSimulation {
                games: s.games,
                finished: s.finished,
                unfinished: s.unfinished(),
                max_rolls: s.max_rolls,
                mean: s.mean_of_all(),
                standard_error: s.mean_of_all().and(s.standard_error),
                interval95: s.mean_of_all().and(s.interval95()),
                mean_at_least: s.mean_at_least(),
                expectation_infinite: s.endless.is_some(),
                seed: self.seed,
            }),
        }
    }
}

/// The JSON of a report; long arrays are written as they are read.
#[derive(Serialize)]
struct JsonReport<'a, L, S, R> {
    rules: Rules,
    ladders: L,
    snakes: S,
    fewest_rolls: usize,
    shortest_game: &'a [Roll],
    #[serde(skip_serializing_if = "Option::is_none")]
    expected_rolls: Option<JsonExpected>,
    #[serde(skip_serializing_if = "Option::is_none")]
    distribution: Option<JsonDistribution<R>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    simulation: Option<JsonSimulation>,
}

#[derive(Serialize)]
struct JsonExpected {
    /// The float value; `None` (null) when no error bound is proven at all, as the value may then be far off.
    value: Option<f64>,
    /// The value rounded to nearest with only proven digits (`None` when not even the integer part is proven).
    decimal: Option<String>,
    relative_error_bound: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<String>,
}

/// One roll of the distribution: the game ends on it with `probability`, and has ended by it with `cumulative`.
#[derive(Serialize)]
struct JsonRoll {
    roll: usize,
    probability: f64,
    cumulative: f64,
}

#[derive(Serialize)]
struct JsonDistribution<R> {
    ends_on_roll: R,
    median: Option<usize>,
    median_between: Option<(usize, Option<usize>)>,
    still_in_play: f64,
    never_ends: f64,
}

#[derive(Serialize)]
struct JsonSimulation {
    games: u64,
    finished: u64,
    unfinished: u64,
    max_rolls: u64,
    mean: Option<f64>,
    standard_error: Option<f64>,
    interval95: Option<(f64, f64)>,
    mean_at_least: f64,
    expectation_infinite: bool,
    seed: u64,
}

/// Where the game starts, as a person would say it: "off the board" or "square 5".
pub(super) fn start_place(rules: Rules) -> String {
    if rules.start == 0 { "off the board".into() } else { format!("square {}", rules.start) }
}

/// One shortest game, one line per roll.
fn explain(out: &mut impl Write, rules: Rules, rolls: &[Roll]) -> io::Result<()> {
    if rolls.is_empty() {
        return writeln!(out, "the token starts on the last square {}: no roll is needed", rules.size);
    }
    writeln!(
        out,
        "{} from {} to square {}:",
        crate::format::counted(rolls.len() as u64, "roll"),
        start_place(rules),
        rules.size
    )?;
    for (i, roll) in rolls.iter().enumerate() {
        write!(out, "roll {}: {} to square {}", i + 1, roll.die, roll.landed)?;
        match roll.jump {
            Some(JumpKind::Ladder) => write!(out, ", ladder up to {}", roll.square)?,
            Some(JumpKind::Snake) => write!(out, ", snake down to {}", roll.square)?,
            None => {}
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The most significant digits an expectation is given with.
const MAX_DIGITS: u32 = 15;

/// The most decimals of the probabilities in the distribution table.
const TABLE_DECIMALS: u32 = 12;

/// The expectation rounded to nearest with every digit proven by `relative_error` (at most [`MAX_DIGITS`]
/// significant digits); when not even the integer part is proven, "about" the value and its bound, plainly; when
/// no bound is proven at all (a game so long that floating point cannot tell its length), no value, and `--exact`
/// offered where the board's `size` allows it.
fn expectation_line(value: f64, relative_error: f64, size: u32) -> String {
    if !relative_error.is_finite() || !value.is_finite() {
        let exact = if size <= MAX_EXACT_SIZE {
            "--exact computes it exactly".to_string()
        } else {
            format!("--simulate estimates it (--exact takes boards up to {MAX_EXACT_SIZE} squares)")
        };
        return format!(
            "not proven: the game lasts so long that floating point cannot bound the expectation's error (double \
             precision from about 10^16 rolls; the sweeps used on boards with very many snakes, sooner); {exact}\n"
        );
    }
    match proven_decimal(value, relative_error, MAX_DIGITS) {
        Some(proven) => format!("{}\n", proven.text),
        None => format!(
            "about {} (relative error at most {})\n",
            if value.abs() >= 1.0 { format!("{value:.0}") } else { plain_significant(value, 3) },
            plain_significant(relative_error, 2)
        ),
    }
}

/// The rows of the distribution as `(roll, P(ends on it), P(ended by it))`, from roll 1 (roll 0 only when the
/// game is decided before the first roll).
fn distribution_rows(d: &Distribution) -> impl Iterator<Item = (usize, f64, f64)> + '_ {
    let skip = usize::from(d.ends.len() > 1);
    let cumulative = d.ends.iter().scan(0.0, |sum, &p| {
        *sum += p;
        Some(*sum)
    });
    d.ends.iter().zip(cumulative).enumerate().skip(skip).map(|(t, (&p, c))| (t, p, c))
}

/// The distribution as a table of probabilities rounded to nearest, each digit proven by the distribution's error
/// bounds: as many decimals as the largest bound leaves room for, a digit to spare (at most
/// [`TABLE_DECIMALS`]); a value whose last digit is still not proven is shown with fewer, the column kept aligned.
/// Then the median and what was left. Written row by row.
fn distribution_table(out: &mut impl Write, d: &Distribution) -> io::Result<()> {
    let width = (d.ends.len() - 1).to_string().len().max(6);
    let decimals = table_decimals(d);
    let column = decimals as usize + 2;
    let cell = |value: f64, error: f64| {
        let text = proven_fixed(value, error, decimals).map_or_else(|| "?".to_string(), |p| p.text);
        format!("{text:<column$}")
    };
    writeln!(
        out,
        "# rounded to nearest, {decimals} decimals; every digit shown is proven (a value with fewer decimals: its \
         next digit is not)\n{:>width$}  {:<column$}  {:<column$}",
        "# roll", "P(ends on it)", "P(ended by it)"
    )?;
    let cumulative_errors = (0..d.ends.len()).map(|t| d.cumulative_relative_error(t));
    for ((t, p, c), c_error) in distribution_rows(d).zip(cumulative_errors.skip(usize::from(d.ends.len() > 1))) {
        let line = format!("{t:>width$}  {}  {}", cell(p, d.relative_error(t)), cell(c, c_error));
        writeln!(out, "{}", line.trim_end())?;
    }
    writeln!(out, "# median: {}", median_text(d))?;
    let last = d.ends.len() - 1;
    let significant = |value: f64, error: f64| match value {
        0.0 => "0".to_string(),
        _ => proven_decimal(value, error, 3).map_or_else(|| plain_significant(value, 1), |p| p.text),
    };
    writeln!(out, "# still in play after roll {last}: {}", significant(d.remaining, d.remaining_relative_error()))?;
    if d.never > 0.0 {
        writeln!(
            out,
            "# never ends (stuck where the last square cannot be reached): {}",
            significant(d.never, d.never_relative_error())
        )?;
    }
    Ok(())
}

/// The median as far as it is proven: "32 rolls", "1 or 2 rolls" when a running total is within its error bound
/// of one half, "at least 40 rolls" when the rolls computed do not settle it. When fewer than half the games can
/// ever end (even if all those still in play did), or nothing is left in play, or the games that never end are one
/// half within the error bound, the rolls computed are not what is missing: the games that never end keep the
/// running total below or at one half, which the text says instead.
fn median_text(d: &Distribution) -> String {
    let settled = d.remaining == 0.0;
    match d.median_bounds() {
        Some((low, Some(high))) if low == high => crate::format::counted(low as u64, "roll"),
        Some((low, Some(high))) if high == low + 1 => format!("{low} or {high} rolls"),
        Some((low, Some(high))) => format!("{low} to {high} rolls"),
        Some((low, None)) if settled => format!(
            "{} or none: nothing is left in play, and the games that ever end are one half of all within the error \
             bound (the others never end), so they may fall short of it",
            crate::format::counted(low as u64, "roll")
        ),
        Some((low, None)) => {
            format!("at least {} (not settled within the rolls computed)", crate::format::counted(low as u64, "roll"))
        }
        None if d.never_reaches_half() => "none: fewer than half the games ever end, the others never do".into(),
        // Half the games never end, within the error bound: the ones that do may never make up one half, and no
        // number of rolls computed settles that.
        None if d.never * (1.0 + d.never_relative_error()) >= 0.5 => "perhaps none: the games that never end are \
             one half of all within the error bound, so the running total may stay below one half for ever (not \
             reached within the rolls computed)"
            .into(),
        None => "not reached within the rolls computed".into(),
    }
}

/// The decimals of the distribution table: one fewer than the largest error bound (that of the last running
/// total, at most 1) leaves correct, between 3 and [`TABLE_DECIMALS`].
fn table_decimals(d: &Distribution) -> u32 {
    let largest = d.cumulative_relative_error(d.ends.len() - 1);
    let room = if largest > 0.0 { (-largest.log10()).floor() - 1.0 } else { f64::from(TABLE_DECIMALS) };
    room.clamp(3.0, f64::from(TABLE_DECIMALS)) as u32
}

/// The simulated mean with its 95% confidence interval (none from a single game); when some games did not end within the roll limit, how
/// many, and only a lower bound on the mean (with the setting of the roll limit, as `name` says it); when the
/// expectation is infinite (the simulation's `endless` says why), that first.
fn simulation_line(s: &Simulation, seed: u64, name: fn(Setting) -> &'static str) -> String {
    let mut out = String::new();
    if let Some(why) = &s.endless {
        out += &format!("{why}; the simulated games estimate no finite mean\n");
    }
    if s.unfinished() == 0 {
        let games = crate::format::counted(s.games, "game");
        out += &match s.interval95() {
            Some((low, high)) => {
                format!(
                    "simulated mean: {:.4} rolls (95% confidence {low:.4} to {high:.4}) over {games}, seed {seed}\n",
                    s.mean
                )
            }
            None => format!(
                "simulated mean: {:.4} rolls over {games} (no confidence interval: one game says nothing of the \
                 spread), seed {seed}\n",
                s.mean
            ),
        };
    } else {
        out += &format!(
            "simulated mean: unknown, at least {:.4} rolls: {} of {} games did not end within {} \
             ({}), seed {seed}\n",
            s.mean_at_least(),
            s.unfinished(),
            s.games,
            crate::format::counted(s.max_rolls, "roll"),
            name(Setting::MaxRolls)
        );
    }
    out
}

/// Where the histogram is cut: the roll by which this share of the games has ended.
const PLOT_QUANTILE: f64 = 0.999;

/// The most bars the histogram has: no more than the chart has pixels across (it is at least 1000 px wide, its
/// plotting area at least 812). A game that can last longer gets a bar per run of rolls, 2, 5, 10, 20… of them
/// (see [`per_bar`]), however many rolls were computed: the picture stays a few hundred kilobytes.
pub const PLOT_BARS: usize = 800;

/// The histogram of the distribution as SVG, with P(ended by roll t) as a curve on a second axis, the expectation
/// (with its proven relative error) and the median marked, cut at the 99.9th percentile (a note says how much lies
/// beyond). Up to [`PLOT_BARS`] rolls, each has its bar; past that a bar is the chance that the game ends within a
/// run of rolls (the axis and a note say how many), and the curve is drawn at the end of each run. What is drawn
/// is [`histogram`]'s.
///
/// # Errors
/// A message when there is nothing to draw (the game is decided before the first roll) or the drawing fails (it
/// names no option: the front end says what it was drawing for).
pub fn plot(board: &Board, d: &Distribution, expectation: Option<(f64, f64)>) -> Result<String, String> {
    let chart = histogram(board, d, expectation)?;
    // Wide enough for the axis label at about 7.5 px a character.
    let width = (chart.x_label.chars().count() as u32 * 15 / 2 + 80).max(1000);
    histogram_svg(&chart, width, 560)
}

/// What [`plot`] draws: at most [`PLOT_BARS`] bars from roll 1, each the chance that the game ends on its roll or
/// within its run of rolls, and the running total at the end of each.
///
/// # Errors
/// A message when there is nothing to draw: the game is decided before the first roll.
pub fn histogram(board: &Board, d: &Distribution, expectation: Option<(f64, f64)>) -> Result<Histogram, String> {
    if d.ends.len() <= 1 {
        return Err("nothing to draw, the game is decided before the first roll".into());
    }
    // Running totals are summed in place, never copied: ten million rolls take 80 MB already.
    let ended = d.ends.iter().fold(0.0, |sum, &p| sum + p);
    // The percentile of the games that end: on a board with a trap, the games that never end are left out.
    let mut sum = 0.0;
    let percentile = d
        .ends
        .iter()
        .position(|&p| {
            sum += p;
            sum >= PLOT_QUANTILE * ended
        })
        .unwrap_or(d.ends.len() - 1)
        .max(1);
    let per = per_bar(percentile, PLOT_BARS);
    // The axis ends with the run that holds the percentile, or with the last roll computed.
    let last = (percentile.div_ceil(per) * per).min(d.ends.len() - 1);
    let mut total = d.ends[0];
    let (bars, cumulative): (Vec<f64>, Vec<f64>) = d.ends[1..=last]
        .chunks(per)
        .map(|run| {
            let p = run.iter().fold(0.0, |sum, &q| sum + q);
            total += p;
            (p, total.min(1.0))
        })
        .unzip();
    let rules = board.rules();
    let mut markers = Vec::new();
    if let Some((e, error)) = expectation {
        // Two decimals at most, only proven ones, as everywhere.
        let text = proven_fixed(e, error, 2).map_or_else(|| format!("about {e:.0}"), |p| p.text);
        markers.push(Marker { x: e, label: format!("expected {text} rolls") });
    }
    if let Some((low, _)) = d.median_bounds() {
        markers.push(Marker { x: low as f64, label: format!("median {}", median_text(d)) });
    }
    let mut notes = Vec::new();
    if per > 1 {
        notes.push(format!("a bar per {per} rolls: 1–{per}, {}–{}, …", per + 1, 2 * per));
    }
    let of_ended = if d.never > 0.0 { " of the games that end" } else { "" };
    if last + 1 < d.ends.len() {
        let percentile = if last == percentile {
            format!("the 99.9th percentile{of_ended}")
        } else {
            format!("past the 99.9th percentile{of_ended} (roll {percentile})")
        };
        notes.push(format!(
            "cut at roll {last}, {percentile}; later rolls: {} in all",
            plain_significant((ended - total + d.remaining).max(0.0), 2)
        ));
    } else if d.remaining > 0.0 {
        notes.push(format!("still in play after roll {last}: {}", plain_significant(d.remaining, 2)));
    }
    if d.never > 0.0 {
        notes.push(format!("never ends: {}", plain_significant(d.never, 3)));
    }
    let x_label = if notes.is_empty() {
        "roll t on which the game ends".to_string()
    } else {
        format!("roll t on which the game ends ({})", notes.join("; "))
    };
    Ok(Histogram {
        title: format!(
            "Rolls to reach square {} from {} ({}-sided die, overshoot {})",
            rules.size,
            start_place(rules),
            rules.faces,
            rules.overshoot
        ),
        x_label,
        y_label: if per == 1 { "P(ends on roll t)".into() } else { format!("P(ends within a bar's {per} rolls)") },
        first: 1,
        per_bar: per,
        last,
        bars,
        markers,
        cumulative: Some((cumulative, "P(ended by roll t)".into())),
    })
}
