//! The rules of snakes and ladders on a checked board: one roll, the puzzle of the fewest rolls, and the chain of a
//! fair die.

use crate::engine::chance::MarkovChain;
use crate::engine::shortest::{Landings, Puzzle};
use crate::format::{InputError, quote};
use std::fmt;
use std::str::FromStr;

/// The largest board supported (squares 1..=`MAX_SIZE`): ten million squares take about 150 MB to search.
pub const MAX_SIZE: u32 = 10_000_000;

/// The most faces a die may have.
pub const MAX_FACES: u32 = 1000;

/// A setting of the board, or of a solve, that a message is about. The game names none of them in its own
/// messages: each front end says them in its own words (the command line `--size`, the server's fields and Python's
/// keyword arguments `size`), through the `name` function its messages are written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// The last square ([`Rules::size`]).
    Size,
    /// The die's faces ([`Rules::faces`]).
    Faces,
    /// The start square ([`Rules::start`]).
    Start,
    /// The most rolls one game may take: where a distribution stops, and a simulated game.
    MaxRolls,
}

impl Setting {
    /// The setting's own name, `size`, `faces`, `start` or `max_rolls`: the server's field and Python's keyword
    /// argument (the command line writes it as a flag, `--max-rolls`).
    pub fn name(self) -> &'static str {
        match self {
            Setting::Size => "size",
            Setting::Faces => "faces",
            Setting::Start => "start",
            Setting::MaxRolls => "max_rolls",
        }
    }

    /// The setting as the command line writes it, `--size`, `--faces`, `--start` or `--max-rolls`: the name
    /// messages give it there and in what `check` shows (a user reruns the command line).
    pub fn flag(self) -> &'static str {
        match self {
            Setting::Size => "--size",
            Setting::Faces => "--faces",
            Setting::Start => "--start",
            Setting::MaxRolls => "--max-rolls",
        }
    }
}

/// What happens to a roll that would pass the last square.
///
/// Read with [`str::parse`] from its name, `stay`, `bounce` or `win`, exactly so (lowercase: every front end reads
/// it with this one parser), and written by [`fmt::Display`] by the same name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Overshoot {
    /// The roll is not played: the token stays where it is (the judge's rule, and the commercial board's).
    #[default]
    Stay,
    /// The token counts the extra squares back down from the last square (and up again from square 1, should a
    /// die with more faces than the board ask for it).
    Bounce,
    /// Reaching or passing the last square wins.
    Win,
}

impl Overshoot {
    /// Every rule, in the order they are listed.
    pub const ALL: [Overshoot; 3] = [Overshoot::Stay, Overshoot::Bounce, Overshoot::Win];

    /// The rule's name: what [`str::parse`] reads and [`fmt::Display`] writes.
    pub fn name(self) -> &'static str {
        match self {
            Overshoot::Stay => "stay",
            Overshoot::Bounce => "bounce",
            Overshoot::Win => "win",
        }
    }

    /// What the rule does, in a sentence (for a list of the choices, as the command line's `--help`).
    pub fn description(self) -> &'static str {
        match self {
            Overshoot::Stay => {
                "The roll is not played: the token stays where it is (the judge's rule, and the commercial board's)"
            }
            Overshoot::Bounce => {
                "The token counts the extra squares back down from the last square (and up again from square 1, \
                 should a die with more faces than the board ask for it)"
            }
            Overshoot::Win => "Reaching or passing the last square wins",
        }
    }
}

impl fmt::Display for Overshoot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the overshoot rules; its message lists them (each front end says which of its
/// options or fields it is about).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownOvershoot(pub String);

impl fmt::Display for UnknownOvershoot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Overshoot::ALL.iter().map(|o| o.name()).collect();
        write!(f, "{} is not one of {}", quote(&self.0), names.join(", "))
    }
}

impl std::error::Error for UnknownOvershoot {}

impl FromStr for Overshoot {
    type Err = UnknownOvershoot;

    /// The rule named exactly `stay`, `bounce` or `win` (in lowercase only).
    fn from_str(name: &str) -> Result<Overshoot, UnknownOvershoot> {
        Overshoot::ALL.into_iter().find(|o| o.name() == name).ok_or_else(|| UnknownOvershoot(name.to_string()))
    }
}

/// The board options: everything but the ladders and snakes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Rules {
    /// The last square; squares are 1..=size.
    pub size: u32,
    /// The die shows 1..=faces, each equally likely.
    pub faces: u32,
    /// Where the token starts: a square, or 0 for off the board (the first roll of 1 then lands on square 1).
    pub start: u32,
    /// What a roll past the last square does.
    pub overshoot: Overshoot,
}

impl Default for Rules {
    /// The judge's rules: 100 squares, a six-sided die, start on square 1, rolls past square 100 not played.
    fn default() -> Rules {
        Rules { size: 100, faces: 6, start: 1, overshoot: Overshoot::Stay }
    }
}

/// The steps a square counts for in [`Rules::chain_steps`], however few faces the die has: ten million squares with
/// a one-faced die took 1.2 GB.
pub const MIN_STEPS_PER_SQUARE: u32 = 4;

impl Rules {
    /// The size of the board's Markov chain, as the memory the chance solvers (expectation, distribution) need
    /// grows with it: squares times the die faces that fit on the board, each square counted as at least
    /// [`MIN_STEPS_PER_SQUARE`] steps (a square's own state costs about 100 bytes, a step a few). See
    /// [`super::MAX_CHAIN_STEPS`].
    pub fn chain_steps(&self) -> u64 {
        u64::from(self.size) * u64::from(self.faces.min(self.size).max(MIN_STEPS_PER_SQUARE))
    }

    /// Checks the options on their own.
    ///
    /// # Errors
    /// The setting at fault and why: size outside 1..=[`MAX_SIZE`], faces outside 1..=[`MAX_FACES`], or a start
    /// beyond the last square.
    pub fn check(&self) -> Result<(), RulesError> {
        for (setting, value, high) in [(Setting::Size, self.size, MAX_SIZE), (Setting::Faces, self.faces, MAX_FACES)] {
            if !(1..=high).contains(&value) {
                return Err(RulesError::OutOfRange { setting, low: 1, high, found: value });
            }
        }
        if self.start > self.size {
            return Err(RulesError::StartBeyond { start: self.start, size: self.size });
        }
        Ok(())
    }
}

/// Rules that do not hold on their own: the setting at fault and why. [`RulesError::message`] says it with the
/// setting named in a front end's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// A setting (size or faces) outside `low..=high`.
    OutOfRange {
        /// The setting.
        setting: Setting,
        /// The least value allowed.
        low: u32,
        /// The greatest value allowed.
        high: u32,
        /// The value given.
        found: u32,
    },
    /// The start square is beyond the last square.
    StartBeyond {
        /// The start square given.
        start: u32,
        /// The last square.
        size: u32,
    },
}

impl RulesError {
    /// The setting at fault.
    pub fn setting(&self) -> Setting {
        match *self {
            RulesError::OutOfRange { setting, .. } => setting,
            RulesError::StartBeyond { .. } => Setting::Start,
        }
    }

    /// The message, naming the setting as `name` says it: "`name(Size)` must be between 1 and 10000000, found 0".
    pub fn message(&self, name: impl Fn(Setting) -> &'static str) -> String {
        match *self {
            RulesError::OutOfRange { setting, low, high, found } => {
                format!("{} must be between {low} and {high}, found {found}", name(setting))
            }
            RulesError::StartBeyond { start, size } => format!(
                "{} {start} is beyond the last square {size} (squares are 1 to {size}; 0 starts off the board)",
                name(Setting::Start)
            ),
        }
    }
}

/// A board that cannot be made: its rules, or a ladder or snake. [`BoardError::input_error`] says it with the
/// settings named in a front end's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The rules do not hold on their own.
    Rules(RulesError),
    /// A square of a ladder or snake past the last square: a larger size makes room for it.
    Beyond {
        /// The jump: "ladder i" or "snake i".
        jump: String,
        /// The square past the last square.
        square: u32,
        /// The last square.
        size: u32,
        /// Where the square is in the text (line, column), when read from text.
        at: Option<(usize, usize)>,
    },
    /// Any other mistake in the ladders and snakes (it is about them alone, no setting).
    Jumps(InputError),
}

impl BoardError {
    /// The setting the mistake is about, if any: the size for a square past the last one.
    pub fn setting(&self) -> Option<Setting> {
        match self {
            BoardError::Rules(error) => Some(error.setting()),
            BoardError::Beyond { .. } => Some(Setting::Size),
            BoardError::Jumps(_) => None,
        }
    }

    /// The error, located in the text when it can be, with the settings named as `name` says them.
    pub fn input_error(&self, name: impl Fn(Setting) -> &'static str) -> InputError {
        match self {
            BoardError::Rules(error) => InputError::new(error.message(name)),
            BoardError::Beyond { jump, square, size, at } => {
                let message = format!(
                    "{jump}: square {square} is outside the board (squares 1 to {size}; {} sets the last square)",
                    name(Setting::Size)
                );
                match at {
                    Some((line, column)) => InputError::at(*line, *column, message),
                    None => InputError::new(message),
                }
            }
            BoardError::Jumps(error) => error.clone(),
        }
    }
}

/// A jump `(from, to)` with the text position (line, column) of each of its two squares, when read from text.
pub type PlacedJump = (u32, u32, Option<[(usize, usize); 2]>);

/// A ladder or a snake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum JumpKind {
    /// Goes up.
    Ladder,
    /// Goes down.
    Snake,
}

impl fmt::Display for JumpKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            JumpKind::Ladder => "ladder",
            JumpKind::Snake => "snake",
        })
    }
}

/// What one roll did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Roll {
    /// The number rolled.
    pub die: u32,
    /// The square the die moved the token to (after any bounce), before any ladder or snake.
    pub landed: u32,
    /// The square the token ends on.
    pub square: u32,
    /// The ladder or snake taken, if any (it goes from `landed` to `square`).
    pub jump: Option<JumpKind>,
}

/// A checked board: the rules and, for each square, where landing on it takes the token.
///
/// A ladder or snake is taken once, on landing: if it ends where another begins, the second is not taken (as in
/// the judge's problem), and a token that *starts* on the foot of a ladder does not climb it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rules: Rules,
    /// `jump[s]`: where landing on `s` ends (`s` itself when nothing starts there); index 0 unused.
    jump: Vec<u32>,
}

impl Board {
    /// A board from checked rules and a list of jumps `(from, to)` given with the text position of each end (for
    /// errors; `None` when unknown). The name of each jump in errors is "ladder i" or "snake i" in list order.
    ///
    /// # Errors
    /// The rules are not valid ([`BoardError::Rules`]); a square is past the last square ([`BoardError::Beyond`]);
    /// a square is 0, a jump starts on the last square, two jumps start on the same square, or a jump starts and
    /// ends on the same square ([`BoardError::Jumps`]).
    pub fn new(rules: Rules, jumps: &[PlacedJump]) -> Result<Board, BoardError> {
        rules.check().map_err(BoardError::Rules)?;
        let size = rules.size;
        let mut jump: Vec<u32> = (0..=size).collect();
        let (mut ladders, mut snakes) = (0, 0);
        // The jump starting on each square, by kind and number: named only in a message (a board may have millions).
        let mut owner: rustc_hash::FxHashMap<u32, (&str, u32)> = rustc_hash::FxHashMap::default();
        for &(from, to, at) in jumps {
            let (kind, number) = if to > from {
                ladders += 1;
                ("ladder", ladders)
            } else {
                snakes += 1;
                ("snake", snakes)
            };
            let name = || format!("{kind} {number}");
            let error = |end: usize, message: String| {
                BoardError::Jumps(match at {
                    Some(at) => InputError::at(at[end].0, at[end].1, format!("{}: {message}", name())),
                    None => InputError::new(format!("{}: {message}", name())),
                })
            };
            for (end, square) in [(0, from), (1, to)] {
                if square == 0 {
                    return Err(error(end, format!("square {square} is outside the board (squares 1 to {size})")));
                }
                if square > size {
                    return Err(BoardError::Beyond { jump: name(), square, size, at: at.map(|at| at[end]) });
                }
            }
            if from == to {
                return Err(error(0, format!("starts and ends on square {from}")));
            }
            if from == size {
                return Err(error(0, format!("starts on the last square {size}, where the game is already over")));
            }
            if let Some((other, j)) = owner.get(&from) {
                return Err(error(0, format!("starts on square {from}, where {other} {j} already starts")));
            }
            owner.insert(from, (kind, number));
            jump[from as usize] = to;
        }
        Ok(Board { rules, jump })
    }

    /// The rules of the board.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Where landing on `square` ends: the other end of its ladder or snake, or `square` itself (also for a square
    /// off the board, where nothing starts).
    pub fn jump(&self, square: u32) -> u32 {
        self.jump.get(square as usize).copied().unwrap_or(square)
    }

    /// The ladders and snakes as `(from, to)`, in increasing `from`.
    pub fn jumps(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (1..self.jump.len() as u32).filter(|&s| self.jump[s as usize] != s).map(|s| (s, self.jump[s as usize]))
    }

    /// The square the die takes the token to from `square` with `die` (before any jump), or `None` when the roll
    /// is not played (overshoot `stay`).
    pub fn advance(&self, square: u32, die: u32) -> Option<u32> {
        let size = u64::from(self.rules.size);
        let target = u64::from(square) + u64::from(die);
        if target <= size {
            return Some(target as u32);
        }
        match self.rules.overshoot {
            Overshoot::Stay => None,
            Overshoot::Win => Some(self.rules.size),
            Overshoot::Bounce if size == 1 => Some(1),
            Overshoot::Bounce => {
                // Reflect off both ends of 1..=size: a walk of period 2·(size − 1).
                let period = 2 * (size - 1);
                let offset = (target - 1) % period;
                Some((1 + if offset < size { offset } else { period - offset }) as u32)
            }
        }
    }

    /// One roll of `die` from `square`: where it lands and what it takes; `None` when the roll is not played (it
    /// would pass the last square under [`Overshoot::Stay`], or the token is on the last square: the game is over).
    pub fn roll(&self, square: u32, die: u32) -> Option<Roll> {
        if square == self.rules.size {
            return None;
        }
        let landed = self.advance(square, die)?;
        let end = self.jump(landed);
        let jump = match end.cmp(&landed) {
            std::cmp::Ordering::Greater => Some(JumpKind::Ladder),
            std::cmp::Ordering::Less => Some(JumpKind::Snake),
            std::cmp::Ordering::Equal => None,
        };
        Some(Roll { die, landed, square: end, jump })
    }

    /// Why the last square cannot be reached from the start, given the squares that can be (the start included):
    /// the furthest square reachable, and the snakes that every further roll lands on.
    pub fn why_unreachable(&self, reachable: &[u32]) -> String {
        let Rules { size, start, .. } = self.rules;
        let furthest = reachable.iter().copied().max().unwrap_or(start);
        // Every square a roll from a reachable square lands on, each once (squares + faces, not squares × faces).
        let mut landings = Landings::new(size as usize + 1);
        let mut out = Vec::new();
        for &square in reachable {
            out.clear();
            self.moves_skipping(&square, &mut landings, &mut out);
        }
        let heads: Vec<u32> = (furthest + 1..=size).filter(|&landed| landings.is_claimed(landed as usize)).collect();
        let place = |s: u32| if s == 0 { "off the board (square 0)".to_string() } else { format!("square {s}") };
        let mut message = format!("square {size} cannot be reached from {}: ", place(start));
        if heads.is_empty() {
            message += &format!("no roll moves the token beyond {}", place(furthest));
            return message;
        }
        let shown: Vec<String> = heads.iter().take(6).map(|&h| format!("{h}→{}", self.jump(h))).collect();
        message += &format!(
            "the furthest square reachable is {furthest}, and every roll that goes further lands on a snake \
             back down ({}{})",
            shown.join(", "),
            if heads.len() > shown.len() { format!(" and {} more", heads.len() - shown.len()) } else { String::new() }
        );
        message
    }
}

/// The fewest rolls: a one-player puzzle whose positions are squares and whose moves are die values.
///
/// A roll's landing is the square the die takes the token to, before any jump: where it ends follows from that
/// alone. The rolls from a square land, die by die, on a run of squares up the board; past the last square,
/// `stay` adds nothing, `win` the last square, and `bounce` a run back down from the square below the last (then
/// up again from square 2, by which time only the last square can be new). So the search lists each landing once,
/// the first time any roll reaches it ([`Puzzle::moves_skipping`]), and costs about squares + jumps whatever the
/// die's faces.
impl Puzzle for Board {
    type Position = u32;
    type Move = u32;

    fn moves(&self, &square: &u32, out: &mut Vec<(u32, u32)>) {
        for die in 1..=self.rules.faces {
            if let Some(landed) = self.advance(square, die) {
                out.push((die, self.jump(landed)));
            }
        }
    }

    fn landing_count(&self) -> Option<usize> {
        Some(self.rules.size as usize + 1)
    }

    fn moves_skipping(&self, &square: &u32, landings: &mut Landings, out: &mut Vec<(u32, u32)>) {
        // In u64, as `advance`: `t` is where a die would take the token on an endless board, `t - s` the die.
        let (s, n, furthest) =
            (u64::from(square), u64::from(self.rules.size), u64::from(square) + u64::from(self.rules.faces));
        let step = |landed: usize, die: u64| (die as u32, self.jump(landed as u32));
        // Up the board: t lands on t.
        landings.claim(s as usize + 1..=furthest.min(n) as usize, |t| out.push(step(t, t as u64 - s)));
        if furthest <= n {
            return;
        }
        match self.rules.overshoot {
            Overshoot::Stay => {}
            // Every roll past the end lands on the last square, the first of them with the die n + 1 − s (new
            // only from the last square itself: from below, the die n − s landed there).
            Overshoot::Win => landings.claim(n as usize..=n as usize, |l| out.push(step(l, n + 1 - s))),
            Overshoot::Bounce if n == 1 => landings.claim(1..=1, |l| out.push(step(l, n + 1 - s))),
            Overshoot::Bounce => {
                // Back down: t in n + 1..=2n − 1 lands on 2n − t, so the dice come in decreasing squares: hand out
                // the run in increasing order, then turn what was pushed around.
                let low = 2 * n - furthest.min(2 * n - 1);
                let first = out.len();
                landings.claim(low as usize..=n as usize - 1, |l| out.push(step(l, 2 * n - l as u64 - s)));
                out[first..].reverse();
                // Up again: t in 2n..=3n − 2 lands on t − 2n + 2 (2 up to the last square).
                if furthest >= 2 * n {
                    let high = (furthest - 2 * n + 2).min(n);
                    landings.claim(2..=high as usize, |l| out.push(step(l, l as u64 + 2 * n - 2 - s)));
                }
            }
        }
    }

    fn is_goal(&self, &square: &u32) -> bool {
        square == self.rules.size
    }

    fn dense_size(&self) -> Option<usize> {
        Some(self.rules.size as usize + 1)
    }

    fn dense_index(&self, &square: &u32) -> usize {
        square as usize
    }
}

/// A fair die: states are squares 0..=size, the last square absorbs, each face has weight 1 (a roll that is not
/// played stays on its square).
impl MarkovChain for Board {
    fn state_count(&self) -> usize {
        self.rules.size as usize + 1
    }

    fn is_absorbing(&self, state: usize) -> bool {
        state == self.rules.size as usize
    }

    fn transitions(&self, state: usize, out: &mut Vec<(usize, u64)>) {
        let square = state as u32;
        for die in 1..=self.rules.faces {
            let end = self.advance(square, die).map_or(square, |landed| self.jump(landed));
            out.push((end as usize, 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(size: u32, overshoot: Overshoot, jumps: &[(u32, u32)]) -> Board {
        let rules = Rules { size, faces: 6, start: 1, overshoot };
        let jumps: Vec<_> = jumps.iter().map(|&(a, b)| (a, b, None)).collect();
        Board::new(rules, &jumps).unwrap()
    }

    #[test]
    fn overshoot_rules() {
        let stay = board(10, Overshoot::Stay, &[]);
        assert_eq!((stay.advance(8, 2), stay.advance(8, 3)), (Some(10), None));
        let win = board(10, Overshoot::Win, &[]);
        assert_eq!(win.advance(8, 6), Some(10));
        let bounce = board(10, Overshoot::Bounce, &[]);
        // 8 + 5 = 13: three past 10, back to 7.
        assert_eq!(bounce.advance(8, 5), Some(7));
        // Size 3, from 0 with 6: 1 2 3 2 1 2 → 2 (walk of period 4 over 1..3).
        let tiny = board(3, Overshoot::Bounce, &[]);
        assert_eq!(tiny.advance(0, 6), Some(2));
        let one = board(1, Overshoot::Bounce, &[]);
        assert_eq!(one.advance(0, 6), Some(1));
    }

    #[test]
    fn jumps_are_taken_once() {
        // 3 → 7 then 7 → 2: landing on 3 climbs to 7 and stops there.
        let b = board(20, Overshoot::Stay, &[(3, 7), (7, 2)]);
        // Nothing starts off the board: a square past the last ends where it is.
        assert_eq!([b.jump(3), b.jump(4), b.jump(21), b.jump(u32::MAX)], [7, 4, 21, u32::MAX]);
        assert_eq!(b.roll(1, 2), Some(Roll { die: 2, landed: 3, square: 7, jump: Some(JumpKind::Ladder) }));
        assert_eq!(b.roll(1, 6).unwrap().jump, Some(JumpKind::Snake));
        // From the last square the game is over, whatever the rule for a roll past it.
        for overshoot in Overshoot::ALL {
            let rules = Rules { size: 10, overshoot, ..Rules::default() };
            let board = Board::new(rules, &[]).unwrap();
            assert_eq!(board.roll(10, 3), None, "{overshoot}");
            assert!(board.roll(9, 1).is_some(), "{overshoot}");
        }
    }

    #[test]
    fn bad_jumps_are_named() {
        let rules = Rules::default();
        let err = Board::new(rules, &[(5, 120, Some([(2, 1), (2, 3)]))]).unwrap_err();
        assert_eq!(err.setting(), Some(Setting::Size));
        assert_eq!(
            err.input_error(Setting::flag).to_string(),
            "line 2, column 3: ladder 1: square 120 is outside the board (squares 1 to 100; --size sets the last square)"
        );
        assert_eq!(
            err.input_error(|_| "size").to_string(),
            "line 2, column 3: ladder 1: square 120 is outside the board (squares 1 to 100; size sets the last square)"
        );
        let err = Board::new(rules, &[(0, 3, None)]).unwrap_err();
        assert_eq!(
            (err.setting(), err.input_error(Setting::flag).message.as_str()),
            (None, "ladder 1: square 0 is outside the board (squares 1 to 100)")
        );
        let err = Board::new(rules, &[(100, 3, None)]).unwrap_err().input_error(Setting::flag);
        assert!(err.message.contains("snake 1: starts on the last square"), "{err}");
        let err = Board::new(rules, &[(5, 30, None), (5, 2, None)]).unwrap_err().input_error(Setting::flag);
        assert_eq!(err.message, "snake 1: starts on square 5, where ladder 1 already starts");
    }

    #[test]
    fn bad_rules_name_their_setting() {
        let bad = |rules: Rules| rules.check().unwrap_err();
        let err = bad(Rules { size: 0, ..Rules::default() });
        assert_eq!(err.setting(), Setting::Size);
        assert_eq!(err.message(Setting::flag), "--size must be between 1 and 10000000, found 0");
        assert_eq!(err.message(|_| "size"), "size must be between 1 and 10000000, found 0");
        let err = bad(Rules { faces: 1001, ..Rules::default() });
        assert_eq!(err.message(Setting::flag), "--faces must be between 1 and 1000, found 1001");
        let err = bad(Rules { size: 10, start: 11, ..Rules::default() });
        assert_eq!(err.setting(), Setting::Start);
        assert_eq!(
            err.message(|_| "square"),
            "square 11 is beyond the last square 10 (squares are 1 to 10; 0 starts off the board)"
        );
        let err = Board::new(Rules { faces: 0, ..Rules::default() }, &[]).unwrap_err();
        assert_eq!(
            err,
            BoardError::Rules(RulesError::OutOfRange { setting: Setting::Faces, low: 1, high: 1000, found: 0 })
        );
    }

    #[test]
    fn overshoot_reads_its_names_exactly() {
        for overshoot in Overshoot::ALL {
            assert_eq!(overshoot.to_string().parse::<Overshoot>(), Ok(overshoot));
        }
        assert_eq!("bounce".parse::<Overshoot>(), Ok(Overshoot::Bounce));
        // Lowercase only, as every front end reads it.
        for name in ["Win", "STAY", " win", "fly", ""] {
            assert_eq!(name.parse::<Overshoot>(), Err(UnknownOvershoot(name.to_string())));
        }
        assert_eq!("Win".parse::<Overshoot>().unwrap_err().to_string(), "'Win' is not one of stay, bounce, win");
    }
}
