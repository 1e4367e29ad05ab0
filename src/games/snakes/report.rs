//! Telling a solved board to people and programs: the fewest rolls and one shortest game, the expectation with
//! the digits its error bound proves, the distribution as a table, the simulation, one JSON object, and the
//! histogram of the distribution as SVG.

use super::{Board, Instance, JumpKind, Roll, Rules, Simulation};
use crate::engine::chance::Distribution;
use crate::json::{self, Seq};
use crate::render::histogram::{Histogram, Marker, histogram_svg};
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
    /// game, the expectation, the distribution table and the simulation line, each when asked.
    pub fn text(&self) -> String {
        let mut out = Vec::new();
        self.write_text(&mut out).expect("a Vec takes every byte");
        String::from_utf8(out).expect("the report is UTF-8")
    }

    /// Writes the text of [`Report::text`] into `out`, the distribution table row by row.
    ///
    /// # Errors
    /// The writer's error.
    pub fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
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
            writeln!(out, "{}", proven_digits(value, error))?;
        }
        if let Some(d) = self.distribution {
            distribution_table(out, d)?;
        }
        if let Some(s) = self.simulation {
            out.write_all(simulation_line(s, self.seed).as_bytes())?;
        }
        Ok(())
    }

    /// Everything asked for as one JSON object on one line (ending in a newline), always with the board, the
    /// fewest rolls and one shortest game.
    pub fn json(&self) -> String {
        json::line(&self.json_report())
    }

    /// Writes the JSON of [`Report::json`] into `out` (without the final newline), long arrays element by element.
    ///
    /// # Errors
    /// The writer's error.
    pub fn write_json(&self, out: &mut impl Write) -> io::Result<()> {
        json::write(out, &self.json_report())
    }

    fn json_report(&self) -> impl Serialize + '_ {
        let jump = |(from, to): (u32, u32)| [from, to];
        JsonReport {
            rules: self.board.rules(),
            ladders: Seq::new(self.instance.ladders().map(jump)),
            snakes: Seq::new(self.instance.snakes().map(jump)),
            fewest_rolls: self.rolls.len(),
            shortest_game: self.rolls,
            expected_rolls: self.expected.map(|(value, relative_error_bound)| JsonExpected {
                value,
                relative_error_bound,
                exact: self.exact.map(ToString::to_string),
            }),
            distribution: self.distribution.map(|d| JsonDistribution {
                ends_on_roll: &d.ends,
                ended_by_roll: Seq::new(d.ends.iter().scan(0.0, |sum, &p| {
                    *sum += p;
                    Some(*sum)
                })),
                median: d.median(),
                still_in_play: d.remaining,
                never_ends: d.never,
            }),
            simulation: self.simulation.map(|s| JsonSimulation {
                games: s.games,
                finished: s.finished,
                mean: s.mean,
                standard_error: s.standard_error,
                interval95: s.interval95(),
                seed: self.seed,
            }),
        }
    }
}

/// The JSON of a report; long arrays are written as they are read.
#[derive(Serialize)]
struct JsonReport<'a, L, S, C> {
    rules: Rules,
    ladders: L,
    snakes: S,
    fewest_rolls: usize,
    shortest_game: &'a [Roll],
    #[serde(skip_serializing_if = "Option::is_none")]
    expected_rolls: Option<JsonExpected>,
    #[serde(skip_serializing_if = "Option::is_none")]
    distribution: Option<JsonDistribution<'a, C>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    simulation: Option<JsonSimulation>,
}

#[derive(Serialize)]
struct JsonExpected {
    value: f64,
    relative_error_bound: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<String>,
}

#[derive(Serialize)]
struct JsonDistribution<'a, C> {
    ends_on_roll: &'a [f64],
    ended_by_roll: C,
    median: Option<usize>,
    still_in_play: f64,
    never_ends: f64,
}

#[derive(Serialize)]
struct JsonSimulation {
    games: u64,
    finished: u64,
    mean: f64,
    standard_error: f64,
    interval95: (f64, f64),
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
        "{} roll{} from {} to square {}:",
        rolls.len(),
        if rolls.len() == 1 { "" } else { "s" },
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

/// The distribution as a table, written row by row, then its median and what was left.
fn distribution_table(out: &mut impl Write, d: &Distribution) -> io::Result<()> {
    out.write_all(b"# roll  P(ends on this roll)  P(ended by this roll)\n")?;
    let mut ended = 0.0;
    for (t, p) in d.ends.iter().enumerate() {
        ended += p;
        if t > 0 {
            writeln!(out, "{t} {p:.11e} {ended:.11e}")?;
        }
    }
    if d.ends.len() == 1 {
        writeln!(out, "0 {:.11e} {:.11e}", d.ends[0], d.ends[0])?;
    }
    match d.median() {
        Some(m) => writeln!(out, "# median: {m} rolls")?,
        None => writeln!(out, "# median: not reached within the rolls computed")?,
    }
    let last = d.ends.len() - 1;
    writeln!(out, "# still in play after roll {last}: {:.3e}", d.remaining)?;
    if d.never > 0.0 {
        writeln!(out, "# never ends (stuck where the last square cannot be reached): {:.11e}", d.never)?;
    }
    Ok(())
}

/// The simulated mean with its 95% confidence interval, and the games left out.
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

/// The histogram of the distribution as SVG, cut where 99.99% of the games have ended, with the expectation and
/// the median marked.
///
/// # Errors
/// A message when there is nothing to draw (the game is decided before the first roll) or the drawing fails.
pub fn plot(board: &Board, d: &Distribution, expectation: Option<f64>) -> Result<String, String> {
    if d.ends.len() <= 1 {
        return Err("--plot: nothing to draw, the game is decided before the first roll".into());
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
    let chart = Histogram {
        title: format!(
            "Rolls to reach square {} from {} ({}-sided die, overshoot {})",
            rules.size,
            start_place(rules),
            rules.faces,
            rules.overshoot
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
    histogram_svg(&chart, 960, 540)
}
