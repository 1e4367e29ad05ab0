//! Telling a solved board to people and programs: the fewest rolls and one shortest game, the expectation with
//! the digits its error bound proves, the distribution as a table, the simulation, one JSON object, and the
//! histogram of the distribution as SVG.

use super::{Board, Instance, JumpKind, Roll, Rules, Simulation};
use crate::engine::chance::Distribution;
use crate::render::decimal::{plain_significant, proven_decimal, proven_fixed};
use crate::render::histogram::{Histogram, Marker, histogram_svg};
use num_rational::BigRational;
use serde_json::json;

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
        let mut out = String::new();
        let chance = self.expected.is_some() || self.distribution.is_some() || self.simulation.is_some();
        if self.explain || !chance {
            out += &format!("{}\n", self.rolls.len());
        }
        if self.explain {
            out += &explain(self.board.rules(), self.rolls);
        }
        if let Some(exact) = self.exact {
            out += &format!("{exact}\n");
        } else if let Some((value, error)) = self.expected {
            out += &expectation_line(value, error);
        }
        if let Some(d) = self.distribution {
            out += &distribution_table(d);
        }
        if let Some(s) = self.simulation {
            out += &simulation_line(s, self.seed, self.endless().as_deref());
        }
        out
    }

    /// Why the expectation is infinite, when a simulation is told (its mean then estimates nothing).
    fn endless(&self) -> Option<String> {
        super::why_endless(self.board)
    }

    /// Everything asked for as one JSON object on one line, always with the board, the fewest rolls and one
    /// shortest game.
    pub fn json(&self) -> String {
        let mut object = json!({
            "rules": self.board.rules(),
            "ladders": self.instance.ladders().map(|(a, b)| [a, b]).collect::<Vec<_>>(),
            "snakes": self.instance.snakes().map(|(a, b)| [a, b]).collect::<Vec<_>>(),
            "fewest_rolls": self.rolls.len(),
            "shortest_game": self.rolls,
        });
        if let Some((value, error)) = self.expected {
            object["expected_rolls"] = json!({
                "value": value,
                "decimal": proven_decimal(value, error, MAX_DIGITS).map(|p| p.text),
                "relative_error_bound": error,
            });
            if let Some(exact) = self.exact {
                object["expected_rolls"]["exact"] = json!(exact.to_string());
            }
        }
        if let Some(d) = self.distribution {
            object["distribution"] = json!({
                "ends_on_roll": distribution_rows(d)
                    .map(|(roll, probability, cumulative)| json!({
                        "roll": roll, "probability": probability, "cumulative": cumulative,
                    }))
                    .collect::<Vec<_>>(),
                "median": match d.median_bounds() {
                    Some((low, Some(high))) if low == high => json!(low),
                    _ => json!(null),
                },
                "median_between": match d.median_bounds() {
                    Some((low, high)) if Some(low) != high => json!([low, high]),
                    _ => json!(null),
                },
                "still_in_play": d.remaining,
                "never_ends": d.never,
            });
        }
        if let Some(s) = self.simulation {
            let endless = self.endless();
            object["simulation"] = json!({
                "games": s.games, "finished": s.finished, "unfinished": s.unfinished(), "max_rolls": s.max_rolls,
                "mean": s.mean_of_all(), "standard_error": s.mean_of_all().map(|_| s.standard_error),
                "interval95": s.mean_of_all().map(|_| s.interval95()), "mean_at_least": s.mean_at_least(),
                "expectation_infinite": endless.is_some(), "seed": self.seed,
            });
        }
        object.to_string() + "\n"
    }
}

/// Where the game starts, as a person would say it: "off the board" or "square 5".
pub(super) fn start_place(rules: Rules) -> String {
    if rules.start == 0 { "off the board".into() } else { format!("square {}", rules.start) }
}

/// One shortest game, one line per roll.
fn explain(rules: Rules, rolls: &[Roll]) -> String {
    if rolls.is_empty() {
        return format!("the token starts on the last square {}: no roll is needed\n", rules.size);
    }
    let mut out = format!(
        "{} roll{} from {} to square {}:\n",
        rolls.len(),
        if rolls.len() == 1 { "" } else { "s" },
        start_place(rules),
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

/// The most significant digits an expectation is given with.
const MAX_DIGITS: u32 = 15;

/// The most decimals of the probabilities in the distribution table.
const TABLE_DECIMALS: u32 = 12;

/// The expectation rounded to nearest with every digit proven by `relative_error` (at most [`MAX_DIGITS`]
/// significant digits); when not even the integer part is proven, "about" the value and its bound, plainly.
fn expectation_line(value: f64, relative_error: f64) -> String {
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
    d.ends.iter().zip(d.cumulative()).enumerate().skip(skip).map(|(t, (&p, c))| (t, p, c))
}

/// The distribution as a table of probabilities rounded to nearest, each digit proven by the distribution's error
/// bounds: as many decimals as the largest bound leaves room for, a digit to spare (at most
/// [`TABLE_DECIMALS`]); a value whose last digit is still not proven is shown with fewer, the column kept aligned.
/// Then the median and what was left.
fn distribution_table(d: &Distribution) -> String {
    let width = (d.ends.len() - 1).to_string().len().max(6);
    let decimals = table_decimals(d);
    let column = decimals as usize + 2;
    let cell = |value: f64, error: f64| {
        let text = proven_fixed(value, error, decimals).map_or_else(|| "?".to_string(), |p| p.text);
        format!("{text:<column$}")
    };
    let mut out = format!(
        "# rounded to nearest, {decimals} decimals; every digit shown is proven (a value with fewer decimals: its \
         next digit is not)\n{:>width$}  {:<column$}  {:<column$}\n",
        "# roll", "P(ends on it)", "P(ended by it)"
    );
    let cumulative_errors = (0..d.ends.len()).map(|t| d.cumulative_relative_error(t));
    for ((t, p, c), c_error) in distribution_rows(d).zip(cumulative_errors.skip(usize::from(d.ends.len() > 1))) {
        let line = format!("{t:>width$}  {}  {}", cell(p, d.relative_error(t)), cell(c, c_error));
        out += line.trim_end();
        out.push('\n');
    }
    out += &format!("# median: {}\n", median_text(d));
    let last = d.ends.len() - 1;
    let significant = |value: f64, error: f64| match value {
        0.0 => "0".to_string(),
        _ => proven_decimal(value, error, 3).map_or_else(|| plain_significant(value, 1), |p| p.text),
    };
    out += &format!("# still in play after roll {last}: {}\n", significant(d.remaining, d.remaining_relative_error()));
    if d.never > 0.0 {
        out += &format!(
            "# never ends (stuck where the last square cannot be reached): {}\n",
            significant(d.never, d.never_relative_error())
        );
    }
    out
}

/// The median as far as it is proven: "32 rolls", "1 or 2 rolls" when a running total is within its error bound
/// of one half, "at least 40 rolls" when the rolls computed do not settle it.
fn median_text(d: &Distribution) -> String {
    match d.median_bounds() {
        Some((low, Some(high))) if low == high => format!("{low} rolls"),
        Some((low, Some(high))) if high == low + 1 => format!("{low} or {high} rolls"),
        Some((low, Some(high))) => format!("{low} to {high} rolls"),
        Some((low, None)) => format!("at least {low} rolls (not settled within the rolls computed)"),
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

/// The simulated mean with its 95% confidence interval; when some games did not end within the roll limit, how
/// many, and only a lower bound on the mean; when the expectation is infinite (`endless` says why), that first.
fn simulation_line(s: &Simulation, seed: u64, endless: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(why) = endless {
        out += &format!("{why}; the simulated games estimate no finite mean\n");
    }
    if s.unfinished() == 0 {
        let (low, high) = s.interval95();
        out += &format!(
            "simulated mean: {:.4} rolls (95% confidence {low:.4} to {high:.4}) over {} games, seed {seed}\n",
            s.mean, s.games
        );
    } else {
        out += &format!(
            "simulated mean: unknown, at least {:.4} rolls: {} of {} games did not end within {} rolls \
             (--max-rolls), seed {seed}\n",
            s.mean_at_least(),
            s.unfinished(),
            s.games,
            s.max_rolls
        );
    }
    out
}

/// Where the histogram is cut: the roll by which this share of the games has ended.
const PLOT_QUANTILE: f64 = 0.999;

/// The histogram of the distribution as SVG, with P(ended by roll t) as a curve on a second axis, the expectation
/// (with its proven relative error) and the median marked, cut at the 99.9th percentile (a note says how much lies beyond).
///
/// # Errors
/// A message when there is nothing to draw (the game is decided before the first roll) or the drawing fails.
pub fn plot(board: &Board, d: &Distribution, expectation: Option<(f64, f64)>) -> Result<String, String> {
    if d.ends.len() <= 1 {
        return Err("--plot: nothing to draw, the game is decided before the first roll".into());
    }
    let cumulative = d.cumulative();
    // The percentile of the games that end: on a board with a trap, the games that never end are left out.
    let ended = cumulative.last().copied().unwrap_or(0.0);
    let last = cumulative.iter().position(|&c| c >= PLOT_QUANTILE * ended).unwrap_or(cumulative.len() - 1).max(1);
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
    if last + 1 < d.ends.len() {
        notes.push(format!(
            "cut at roll {last}, the 99.9th percentile{}; later rolls: {} in all",
            if d.never > 0.0 { " of the games that end" } else { "" },
            plain_significant((ended - cumulative[last] + d.remaining).max(0.0), 2)
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
    let chart = Histogram {
        title: format!(
            "Rolls to reach square {} from {} ({}-sided die, overshoot {})",
            rules.size,
            start_place(rules),
            rules.faces,
            rules.overshoot
        ),
        x_label,
        y_label: "P(ends on roll t)".into(),
        first: 1,
        bars: d.ends[1..=last].to_vec(),
        markers,
        cumulative: Some((cumulative[1..=last].iter().map(|c| c.min(1.0)).collect(), "P(ended by roll t)".into())),
    };
    // Wide enough for the axis label at about 7.5 px a character.
    let width = (chart.x_label.chars().count() as u32 * 15 / 2 + 80).max(1000);
    histogram_svg(&chart, width, 560)
}
