//! The judge's input format (BOJ 16928):
//!
//! ```text
//! N M          the number of ladders and of snakes
//! x y          N lines: a ladder from x up to y (x < y)
//! u v          M lines: a snake from u down to v (u > v)
//! ```
//!
//! Everything that does not depend on the board options is checked here: the counts, that each ladder goes up and
//! each snake down, and that no two start on the same square. [`Instance::board`] then checks the squares against
//! the board size. Errors name the ladder or snake and its line and column.

use super::board::{Board, BoardError, MAX_SIZE, Rules};
use crate::format::{InputError, TextFormat, Tokens, cut, quote};
use rustc_hash::FxHashMap;

/// A ladder or snake as read: its two squares and where each was written (line, column), if read from text.
#[derive(Clone, Copy, Debug)]
struct Written {
    from: u32,
    to: u32,
    at: Option<[(usize, usize); 2]>,
}

/// The ladders and snakes of a judge input, in input order.
///
/// Two instances are equal when they have the same ladders and snakes in the same order (where they were written
/// does not count).
#[derive(Clone, Debug)]
pub struct Instance {
    ladders: Vec<Written>,
    snakes: Vec<Written>,
}

impl PartialEq for Instance {
    fn eq(&self, other: &Instance) -> bool {
        self.ladders().eq(other.ladders()) && self.snakes().eq(other.snakes())
    }
}

impl Eq for Instance {}

impl Instance {
    /// An instance from ladders `(foot, top)` and snakes `(head, tail)`.
    ///
    /// # Errors
    /// A ladder that does not go up, a snake that does not go down, a square 0 or beyond [`MAX_SIZE`], or two
    /// starting on the same square.
    pub fn new(ladders: &[(u32, u32)], snakes: &[(u32, u32)]) -> Result<Instance, InputError> {
        let written = |&(from, to): &(u32, u32)| Written { from, to, at: None };
        let instance =
            Instance { ladders: ladders.iter().map(written).collect(), snakes: snakes.iter().map(written).collect() };
        instance.check()?;
        Ok(instance)
    }

    /// The ladders as `(foot, top)`, in input order.
    pub fn ladders(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.ladders.iter().map(|w| (w.from, w.to))
    }

    /// The snakes as `(head, tail)`, in input order.
    pub fn snakes(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.snakes.iter().map(|w| (w.from, w.to))
    }

    /// The board these ladders and snakes make under `rules`.
    ///
    /// # Errors
    /// Invalid rules, or a square outside the board, or a jump from the last square (located in the text when the
    /// instance was parsed): see [`BoardError`].
    pub fn board(&self, rules: Rules) -> Result<Board, BoardError> {
        let jumps: Vec<_> = self.ladders.iter().chain(&self.snakes).map(|w| (w.from, w.to, w.at)).collect();
        Board::new(rules, &jumps)
    }

    fn check(&self) -> Result<(), InputError> {
        // Where each jump starts, by kind and number: named only in a message (a board may have millions).
        let mut starts: FxHashMap<u32, (&str, usize)> = FxHashMap::default();
        for (kind, list) in [("ladder", &self.ladders), ("snake", &self.snakes)] {
            for (i, w) in list.iter().enumerate() {
                let error = |end: usize, message: String| match w.at {
                    Some(at) => InputError::at(at[end].0, at[end].1, format!("{kind} {}: {message}", i + 1)),
                    None => InputError::new(format!("{kind} {}: {message}", i + 1)),
                };
                for (end, square) in [(0, w.from), (1, w.to)] {
                    if square == 0 {
                        return Err(error(end, "square 0 is not on the board (squares are numbered from 1)".into()));
                    }
                    if square > MAX_SIZE {
                        return Err(error(
                            end,
                            format!("square {square} is beyond the largest board supported ({MAX_SIZE} squares)"),
                        ));
                    }
                }
                if kind == "ladder" && w.from >= w.to {
                    return Err(error(
                        1,
                        if w.from == w.to {
                            format!("starts and ends on square {}", w.from)
                        } else {
                            let why = match w.at {
                                // In the judge's text a snake written among the ladders reads as a ladder.
                                Some(_) => format!(
                                    "a ladder 'x y' must have x < y (the {} snakes come after the {} ladders)",
                                    self.snakes.len(),
                                    self.ladders.len()
                                ),
                                None => "a ladder (x, y) must have x < y".to_string(),
                            };
                            format!("goes down from {} to {}: {why}", w.from, w.to)
                        },
                    ));
                }
                if kind == "snake" && w.from <= w.to {
                    return Err(error(
                        1,
                        if w.from == w.to {
                            format!("starts and ends on square {}", w.from)
                        } else {
                            let rule = match w.at {
                                Some(_) => "a snake 'u v' must have u > v",
                                None => "a snake (u, v) must have u > v",
                            };
                            format!("goes up from {} to {}: {rule}", w.from, w.to)
                        },
                    ));
                }
                if let Some((other, j)) = starts.get(&w.from) {
                    return Err(error(0, format!("starts on square {}, where {other} {j} already starts", w.from)));
                }
                starts.insert(w.from, (kind, i + 1));
            }
        }
        Ok(())
    }
}

impl TextFormat for Instance {
    /// Reads `N M`, N ladders and M snakes.
    ///
    /// ```
    /// use perfectplay::format::TextFormat;
    /// use perfectplay::games::snakes::Instance;
    /// let instance = Instance::parse("1 1\n2 50\n60 3\n").unwrap();
    /// assert_eq!(instance.ladders().collect::<Vec<_>>(), vec![(2, 50)]);
    /// let err = Instance::parse("1 1\n2 50\n").unwrap_err();
    /// assert_eq!(err.to_string(), "line 3, column 1: expected the head of snake 1 (the first line announces 1 \
    ///                              ladder and 1 snake), found the end of the input");
    /// ```
    fn parse(text: &str) -> Result<Instance, InputError> {
        let mut tokens = Tokens::new(text);
        let max = i64::from(MAX_SIZE);
        let n = tokens.int("the number of ladders N", 0, max)? as usize;
        let m = tokens.int("the number of snakes M", 0, max)? as usize;
        let announced = format!("the first line announces {}", counted(n, m));
        let mut read = |kind: &str, i: usize, ends: [&str; 2]| -> Result<Written, InputError> {
            let mut squares = [0u32; 2];
            let mut at = [(0, 0); 2];
            for end in 0..2 {
                let token = tokens.next_named(|| format!("the {} of {kind} {i} ({announced})", ends[end]))?;
                let name = || format!("{kind} {i}: its {}", ends[end]);
                let digits = token.text.strip_prefix('+').unwrap_or(token.text);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(token.error(format!(
                        "{} must be a square number, found {}",
                        name(),
                        quote(token.text)
                    )));
                }
                squares[end] = match digits.parse::<u64>() {
                    Ok(0) => {
                        return Err(token.error(format!("{} is square 0, but squares are numbered from 1", name())));
                    }
                    Ok(value) if value <= u64::from(MAX_SIZE) => value as u32,
                    _ => {
                        return Err(token.error(format!(
                            "{} is square {}, beyond the largest board supported ({MAX_SIZE} squares)",
                            name(),
                            cut(token.text)
                        )));
                    }
                };
                at[end] = (token.line, token.column);
            }
            Ok(Written { from: squares[0], to: squares[1], at: Some(at) })
        };
        let mut ladders = Vec::with_capacity(n.min(1 << 12));
        for i in 1..=n {
            ladders.push(read("ladder", i, ["foot", "top"])?);
        }
        let mut snakes = Vec::with_capacity(m.min(1 << 12));
        for i in 1..=m {
            snakes.push(read("snake", i, ["head", "tail"])?);
        }
        if let Some(extra) = tokens.peek() {
            return Err(extra.error(format!(
                "unexpected {} after the last {}: {announced}",
                quote(extra.text),
                if m > 0 {
                    "snake"
                } else if n > 0 {
                    "ladder"
                } else {
                    "count"
                }
            )));
        }
        let instance = Instance { ladders, snakes };
        instance.check()?;
        Ok(instance)
    }

    fn to_text(&self) -> String {
        let mut text = format!("{} {}\n", self.ladders.len(), self.snakes.len());
        for w in self.ladders.iter().chain(&self.snakes) {
            text += &format!("{} {}\n", w.from, w.to);
        }
        text
    }
}

/// "2 ladders and 1 snake".
fn counted(n: usize, m: usize) -> String {
    use crate::format::counted;
    format!("{} and {}", counted(n as u64, "ladder"), counted(m as u64, "snake"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_samples_parse() {
        let text = "3 7\n32 62\n42 68\n12 98\n95 13\n97 25\n93 37\n79 27\n75 19\n49 47\n67 17\n";
        let instance = Instance::parse(text).unwrap();
        assert_eq!(instance.ladders().count(), 3);
        assert_eq!(instance.snakes().count(), 7);
        assert_eq!(instance.to_text(), text);
    }

    #[test]
    fn errors_name_the_jump_and_place() {
        let err = Instance::parse("1 0\n40 10\n").unwrap_err();
        assert_eq!((err.line, err.column), (Some(2), Some(4)));
        assert!(err.message.starts_with("ladder 1: goes down from 40 to 10"), "{err}");
        let err = Instance::parse("0 2\n40 10\n40 3").unwrap_err();
        assert_eq!(err.to_string(), "line 3, column 1: snake 2: starts on square 40, where snake 1 already starts");
        let err = Instance::parse("0 1\n4 x").unwrap_err();
        assert_eq!(err.to_string(), "line 2, column 3: snake 1: its tail must be a square number, found 'x'");
        let err = Instance::parse("0 0\n1 2").unwrap_err();
        assert!(err.message.contains("unexpected '1' after the last count"), "{err}");
        let err = Instance::parse("99999999999 0").unwrap_err();
        assert!(err.message.contains("the number of ladders N must be between 0 and"), "{err}");
    }
}
