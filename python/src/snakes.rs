//! Snakes and ladders (BOJ 16928) from Python: the judge's function, and a board with its fewest rolls, exact
//! expectation and distribution of the number of rolls.

use crate::run::{self, ArrayCell, Deadline, Int};
use num_bigint::BigInt;
use numpy::ndarray::Ix1;
use numpy::{IntoPyArray, PyArray1};
use perfectplay::engine::chance::Distribution;
use perfectplay::format::counted;
use perfectplay::format::{TextFormat, quote};
use perfectplay::games::snakes::analysis::{
    self, Answers, DistributionAsked, Expectation, Offered, Questions, RefusalWords, Refused,
};
use perfectplay::games::snakes::{
    self as core, Board, Instance, MAX_FACES, MAX_SIZE, Overshoot, Roll as CoreRoll, Rules, Setting, report,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// The fewest rolls from the start to the last square when you choose each roll: the answer of BOJ 16928
/// (뱀과 사다리 게임).
///
/// `ladders` are `(x, y)` pairs (x < y), `snakes` `(u, v)` pairs (u > v), as the judge gives them (any pairs:
/// tuples, lists, or the rows of an `(N, 2)` numpy array). The keyword options change the board: `size` (last
/// square, 100), `faces` (die faces, 6), `start` (1; 0 starts off the board) and `overshoot` (`"stay"`, `"bounce"`
/// or `"win"`: what a roll past the last square does).
///
/// Raises `ValueError` with the command line's message for a bad board or a last square that cannot be reached, a
/// setting named by its keyword argument (`size`, not the command line's `--size`).
///
/// >>> import perfectplay
/// >>> ladders = [(32, 62), (42, 68), (12, 98)]
/// >>> snakes = [(95, 13), (97, 25), (93, 37), (79, 27), (75, 19), (49, 47), (67, 17)]
/// >>> perfectplay.snakes(ladders, snakes)
/// 3
/// >>> perfectplay.snakes([], [], size=10, faces=2)
/// 5
/// >>> perfectplay.snakes([(5, 3)], [])
/// Traceback (most recent call last):
///     ...
/// ValueError: ladder 1: goes down from 5 to 3: a ladder (x, y) must have x < y
#[pyfunction]
#[pyo3(
    signature = (ladders, snakes, *, size=Int::of(100), faces=Int::of(6), start=Int::of(1), overshoot=String::from("stay")),
    text_signature = "(ladders, snakes, *, size=100, faces=6, start=1, overshoot=\"stay\")"
)]
pub fn snakes(
    py: Python<'_>,
    ladders: Bound<'_, PyAny>,
    snakes: Bound<'_, PyAny>,
    #[pyo3(from_py_with = run::keyword::size)] size: Int,
    #[pyo3(from_py_with = run::keyword::faces)] faces: Int,
    #[pyo3(from_py_with = run::keyword::start)] start: Int,
    #[pyo3(from_py_with = run::keyword::overshoot)] overshoot: String,
) -> PyResult<usize> {
    let game = Snakes::new(ladders, snakes, size, faces, start, overshoot)?;
    Ok(game.shortest(py, &Deadline::NONE)?.len())
}

/// Jumps as squares. A square that is not a `u32` is reported in the core's words for one it cannot take: below 1
/// as square 0 is, past every board as square 10 000 001 is (its number quoted whatever its size, as
/// `Snakes.parse` and the command line quote it).
fn jumps(kind: &str, pairs: &[(Int, Int)]) -> PyResult<Vec<(u32, u32)>> {
    let square = |i: usize, s: &Int| {
        s.get::<u32>().ok_or_else(|| {
            let why = if s.0.sign() == num_bigint::Sign::Minus {
                "is not on the board (squares are numbered from 1)".to_string()
            } else {
                format!("is beyond the largest board supported ({MAX_SIZE} squares)")
            };
            PyValueError::new_err(format!("{kind} {}: square {} {why}", i + 1, s.0))
        })
    };
    pairs.iter().enumerate().map(|(i, (a, b))| Ok((square(i, a)?, square(i, b)?))).collect()
}

/// Python's name of a setting of the board, for the game's messages: its keyword argument.
fn keyword(setting: Setting) -> &'static str {
    setting.name()
}

/// The rules from the keyword options, each checked here so that the message names it.
fn rules(size: Int, faces: Int, start: Int, overshoot: &str) -> PyResult<Rules> {
    let overshoot: Overshoot = overshoot.parse().map_err(|e| PyValueError::new_err(format!("overshoot: {e}")))?;
    let size = size.within("size", 1, MAX_SIZE)?;
    let faces = faces.within("faces", 1, MAX_FACES)?;
    let start = start.within("start (0 starts off the board)", 0, size)?;
    let rules = Rules { size, faces, start, overshoot };
    rules.check().map_err(|e| run::value_error(e.message(keyword)))?;
    Ok(rules)
}

/// Ladders or snakes, as `(from, to)` squares.
type Jumps = Vec<(u32, u32)>;

/// A snakes-and-ladders board with its rules.
///
/// Build it from the judge's lists, `Snakes(ladders, snakes, size=100, faces=6, start=1, overshoot="stay")`, or from
/// the judge's text with `Snakes.parse`. Every method takes `time_limit` (seconds; `TimeoutError` when passed),
/// releases the GIL, and stops on Ctrl-C with `KeyboardInterrupt`. Boards are equal when they are the same game (the
/// same rules, and the same ladders and snakes in any order), and hash so.
///
/// >>> from perfectplay import Snakes
/// >>> board = Snakes([], [], size=4, faces=2, overshoot="win")
/// >>> board.fewest_rolls()
/// 2
/// >>> board.expected()
/// Fraction(9, 4)
/// >>> board.distribution().ends
/// array([0.  , 0.  , 0.75, 0.25])
#[pyclass(module = "perfectplay", frozen, eq, hash)]
pub struct Snakes {
    instance: Instance,
    board: Board,
}

/// Boards are equal when they are the same game: the same rules and the same jump from every square, in whatever
/// order their ladders and snakes were listed.
impl PartialEq for Snakes {
    fn eq(&self, other: &Snakes) -> bool {
        self.board == other.board
    }
}

impl Eq for Snakes {}

impl std::hash::Hash for Snakes {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.board.hash(state);
    }
}

impl Snakes {
    fn build(instance: Instance, rules: Rules) -> PyResult<Snakes> {
        let board = instance.board(rules).map_err(|e| run::input_error(e.input_error(keyword)))?;
        Ok(Snakes { instance, board })
    }

    /// One shortest game, or `ValueError` with the reason there is none.
    fn shortest(&self, py: Python<'_>, deadline: &Deadline) -> PyResult<Vec<CoreRoll>> {
        let answers = self.analyse(py, deadline, Questions::default())?;
        Ok(answers.rolls.expect("the fewest rolls are always asked"))
    }

    /// Answers `questions` (after refusing, as the command line and the server do, what the board is not
    /// offered), or `ValueError` with the reason there is no answer. The fewest rolls are always asked, as the
    /// command line and the server ask them: a board whose last square cannot be reached is refused with the
    /// reason whatever the question (a distribution would otherwise answer it, every game stuck).
    fn analyse(&self, py: Python<'_>, deadline: &Deadline, questions: Questions) -> PyResult<Answers> {
        let questions = Questions { fewest_rolls: true, ..questions };
        questions.check(self.board.rules(), Offered::default()).map_err(refused)?;
        run::solve_until(py, deadline, |limits| analysis::analyse(&self.board, &questions, &limits))?
            .map_err(run::value_error)
    }

    /// Answers `questions` as [`Snakes::analyse`] does, under `time_limit` seconds.
    fn analyse_within(&self, py: Python<'_>, time_limit: Option<f64>, questions: Questions) -> PyResult<Answers> {
        self.analyse(py, &Deadline::start(time_limit)?, questions)
    }
}

/// A question refused for the board's size, in Python's words: the methods that ask it. Python offers what the
/// command line offers (`Offered::default()`): the exact expectation up to its 2 000 squares, the chain within
/// 1 GiB of memory; a simulation is not asked here (worded all the same).
fn refused(refused: Refused) -> PyErr {
    PyValueError::new_err(refused.message(&RefusalWords {
        setting: keyword,
        exact: "expected()",
        chain_questions: "expected(), expected_float() and distribution()",
        memory: "1 GiB of memory",
        simulation: "a simulation",
        instead: [
            Some("expected_float() gives the value in floating point with a proven error bound"),
            Some("fewest_rolls() and shortest_game() have no such limit"),
            None,
        ],
    }))
}

#[pymethods]
impl Snakes {
    #[new]
    #[pyo3(
        signature = (ladders, snakes, *, size=Int::of(100), faces=Int::of(6), start=Int::of(1), overshoot=String::from("stay")),
        text_signature = "(ladders, snakes, *, size=100, faces=6, start=1, overshoot=\"stay\")"
    )]
    fn new(
        ladders: Bound<'_, PyAny>,
        snakes: Bound<'_, PyAny>,
        #[pyo3(from_py_with = run::keyword::size)] size: Int,
        #[pyo3(from_py_with = run::keyword::faces)] faces: Int,
        #[pyo3(from_py_with = run::keyword::start)] start: Int,
        #[pyo3(from_py_with = run::keyword::overshoot)] overshoot: String,
    ) -> PyResult<Snakes> {
        let rules = rules(size, faces, start, &overshoot)?;
        // Each ladder and snake starts on a square of its own, not the last: a board of `size` squares holds at
        // most `size - 1` of them, and longer lists are refused by their length before they are read.
        let room = rules.size as usize - 1;
        let no_room = |what: String| {
            PyValueError::new_err(format!(
                "{what}, but a board of {} has room for at most {room} ladders and snakes in all (each starts on a \
                 square of its own, not the last)",
                counted(rules.size, "square")
            ))
        };
        let ladders =
            run::pairs("ladders", &ladders, room, |many| no_room(format!("ladders: {}", many.count("ladder"))))?;
        let snakes = run::pairs("snakes", &snakes, room - ladders.len(), |many| {
            let after = match ladders.len() {
                0 => String::new(),
                n => format!(" after {}", counted(n as u64, "ladder")),
            };
            no_room(format!("snakes: {}{after}", many.count("snake")))
        })?;
        let instance =
            Instance::new(&jumps("ladder", &ladders)?, &jumps("snake", &snakes)?).map_err(run::input_error)?;
        Snakes::build(instance, rules)
    }

    /// Reads the judge's input (`N M`, N ladder lines, M snake lines), with the same keyword options as the
    /// constructor. Raises `ValueError` naming the line and column of a mistake.
    ///
    /// >>> from perfectplay import Snakes, MILTON_BRADLEY
    /// >>> Snakes.parse(MILTON_BRADLEY, start=0).expected_float()[0]
    /// 39.22512230823...
    /// >>> Snakes.parse("1 0\n5 3\n")
    /// Traceback (most recent call last):
    ///     ...
    /// ValueError: line 2, column 3: ladder 1: goes down from 5 to 3: a ladder 'x y' must have x < y (the 0 snakes come after the 1 ladders)
    #[staticmethod]
    #[pyo3(
        signature = (text, *, size=Int::of(100), faces=Int::of(6), start=Int::of(1), overshoot=String::from("stay")),
        text_signature = "(text, *, size=100, faces=6, start=1, overshoot=\"stay\")"
    )]
    fn parse(
        py: Python<'_>,
        #[pyo3(from_py_with = run::keyword::text)] text: String,
        #[pyo3(from_py_with = run::keyword::size)] size: Int,
        #[pyo3(from_py_with = run::keyword::faces)] faces: Int,
        #[pyo3(from_py_with = run::keyword::start)] start: Int,
        #[pyo3(from_py_with = run::keyword::overshoot)] overshoot: String,
    ) -> PyResult<Snakes> {
        let rules = rules(size, faces, start, &overshoot)?;
        // Millions of ladders take a second or two to read and check: other Python threads run meanwhile.
        py.detach(|| Snakes::build(Instance::parse(&text).map_err(run::input_error)?, rules))
    }

    /// The ladders as `(foot, top)` pairs (a list made anew each time, stopped by Ctrl-C: a board may have
    /// millions).
    #[getter]
    fn ladders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        run::list_until(py, &Deadline::NONE, self.instance.ladders(), |pair| pair)
    }

    /// The snakes as `(head, tail)` pairs (a list made anew each time, stopped by Ctrl-C: a board may have
    /// millions).
    #[getter]
    fn snakes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        run::list_until(py, &Deadline::NONE, self.instance.snakes(), |pair| pair)
    }

    /// The last square.
    #[getter]
    fn size(&self) -> u32 {
        self.board.rules().size
    }

    /// The die's faces.
    #[getter]
    fn faces(&self) -> u32 {
        self.board.rules().faces
    }

    /// The start square (0: off the board).
    #[getter]
    fn start(&self) -> u32 {
        self.board.rules().start
    }

    /// What a roll past the last square does: `"stay"`, `"bounce"` or `"win"`.
    #[getter]
    fn overshoot(&self) -> String {
        self.board.rules().overshoot.to_string()
    }

    /// The fewest rolls to the last square when you choose each roll (the judge's answer).
    #[pyo3(signature = (*, time_limit=None))]
    fn fewest_rolls(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = run::keyword::time_limit)] time_limit: Option<f64>,
    ) -> PyResult<usize> {
        Ok(self.shortest(py, &Deadline::start(time_limit)?)?.len())
    }

    /// One shortest game, roll by roll. `time_limit` covers the making of the list too (a game of ten million
    /// rolls takes seconds to become `Roll`s), and so does Ctrl-C.
    ///
    /// >>> from perfectplay import Snakes
    /// >>> Snakes([(2, 9)], [], size=10, faces=2).shortest_game()
    /// [Roll(die=1, landed=2, square=9, jump='ladder'), Roll(die=1, landed=10, square=10, jump=None)]
    #[pyo3(signature = (*, time_limit=None))]
    fn shortest_game<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = run::keyword::time_limit)] time_limit: Option<f64>,
    ) -> PyResult<Bound<'py, PyList>> {
        let deadline = Deadline::start(time_limit)?;
        let rolls = self.shortest(py, &deadline)?;
        run::list_until(py, &deadline, rolls, Roll::from)
    }

    /// The exact expected number of rolls with a fair die, as a `fractions.Fraction`. Offered, as the command
    /// line's `--exact` is, on boards of up to 2 000 squares: about 1 ms on the classic 100-square board, 0.3 s on
    /// 1 000 squares with 100 random ladders and snakes, 2.5 s on 2 000 with 200, minutes with a thousand snakes
    /// (use `time_limit`), in a few MB; `expected_float` gives the value there in a second, with a proven error
    /// bound. Raises `ValueError` on a larger board, when the
    /// expectation is infinite (a square the game can reach from which the last square cannot be reached), or
    /// when the board's squares times the die's faces (at least 4) is over 20 000 000 (as for `expected_float` and
    /// `distribution`: the memory they need grows with it).
    #[pyo3(signature = (*, time_limit=None))]
    fn expected<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = run::keyword::time_limit)] time_limit: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let answers = self.analyse_within(py, time_limit, Questions { exact: true, ..Questions::default() })?;
        let value = answers.exact.expect("the exact expectation was asked");
        let (numerator, denominator): (BigInt, BigInt) = value.into_raw();
        py.import("fractions")?.getattr("Fraction")?.call1((numerator, denominator))
    }

    /// The expected number of rolls with a fair die in floating point, with a proven bound on its relative error:
    /// `(value, relative_error)`. A long game's value is refined until its digits are proven; a game so long that
    /// double precision cannot bound its error at all (10²² rolls, say) has the bound `inf`, and its
    /// value may be far off (`expected()` gives the exact fraction up to 2 000 squares). Raises `ValueError` when
    /// it is infinite, or when `size` × `faces` is over 20 000 000.
    #[pyo3(signature = (*, time_limit=None))]
    fn expected_float(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = run::keyword::time_limit)] time_limit: Option<f64>,
    ) -> PyResult<(f64, f64)> {
        let answers =
            self.analyse_within(py, time_limit, Questions { expected: Expectation::Asked, ..Questions::default() })?;
        Ok(answers.expected.expect("the expectation was asked"))
    }

    /// The distribution of the number of rolls with a fair die, computed roll by roll until less than `tail`
    /// (strictly between 0 and 1) is left in play, or `max_rolls` rolls (at most 10 000 000, as the command
    /// line's `--max-rolls`). Raises `ValueError` when `size` × `faces` is over 20 000 000, or when the last square
    /// cannot be reached (as every method does; a board that can fall into a trap is answered, with `never`).
    #[pyo3(
        signature = (*, tail=1e-12, max_rolls=Int::of(perfectplay::games::snakes::DEFAULT_MAX_ROLLS as i64), time_limit=None),
        text_signature = "($self, *, tail=1e-12, max_rolls=100000, time_limit=None)"
    )]
    fn distribution(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = run::keyword::tail)] tail: f64,
        #[pyo3(from_py_with = run::keyword::max_rolls)] max_rolls: Int,
        #[pyo3(from_py_with = run::keyword::time_limit)] time_limit: Option<f64>,
    ) -> PyResult<RollDistribution> {
        // The histogram marks the expectation (with its proven relative error) when it is finite.
        let questions =
            |distribution| Questions { expected: Expectation::WhenFinite, distribution, ..Questions::default() };
        // Refused for the board before its arguments are read, whatever they are.
        questions(None).check(self.board.rules(), Offered::default()).map_err(refused)?;
        if !(tail > 0.0 && tail < 1.0) {
            // As Python prints it: `nan`, where Rust's `Debug` writes `NaN`.
            let found = if tail.is_nan() { "nan".to_string() } else { format!("{tail:?}") };
            return Err(PyValueError::new_err(format!("tail: must be strictly between 0 and 1, found {found}")));
        }
        let max_rolls = max_rolls.within("max_rolls", 1, core::MAX_DISTRIBUTION_ROLLS)?;
        let asked = questions(Some(DistributionAsked { tail, max_rolls }));
        let answers = self.analyse_within(py, time_limit, asked)?;
        let distribution = answers.distribution.expect("the distribution was asked");
        Ok(RollDistribution {
            board: self.board.clone(),
            distribution,
            expectation: answers.expected,
            ends: ArrayCell::new(),
            cumulative: ArrayCell::new(),
        })
    }

    /// Pickled as its ladders and snakes with its rules (for `multiprocessing`, `copy`).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<run::Reduced<'py, (Jumps, Jumps)>> {
        let (py, this) = (slf.py(), slf.get());
        let rules = this.board.rules();
        let options = pyo3::types::PyDict::new(py);
        options.set_item("size", rules.size)?;
        options.set_item("faces", rules.faces)?;
        options.set_item("start", rules.start)?;
        options.set_item("overshoot", rules.overshoot.to_string())?;
        let partial = py.import("functools")?.getattr("partial")?;
        Ok((
            partial.call((slf.get_type(),), Some(&options))?,
            (this.instance.ladders().collect(), this.instance.snakes().collect()),
        ))
    }

    /// The constructor's call that makes the board again, `Snakes([(2, 9)], [], size=10, faces=2, start=1,
    /// overshoot="stay")`, while it is at most [`run::REPR_MOST`] characters; a bigger board (up to ten million
    /// squares) is summed up, `<Snakes 4999999 ladders, 0 snakes, size=10000000, faces=6, start=1,
    /// overshoot="stay">`, for a repr that a console can show.
    fn __repr__(&self) -> String {
        let rules = self.board.rules();
        let settings = format!(
            "size={}, faces={}, start={}, overshoot={:?}",
            rules.size,
            rules.faces,
            rules.start,
            rules.overshoot.to_string()
        );
        run::call_or_summary(
            |out| {
                out.write_str("Snakes(")?;
                run::write_pairs(out, self.instance.ladders())?;
                out.write_str(", ")?;
                run::write_pairs(out, self.instance.snakes())?;
                write!(out, ", {settings})")
            },
            || {
                let (ladders, snakes) = (self.instance.ladders().count(), self.instance.snakes().count());
                format!(
                    "<Snakes {}, {}, {settings}>",
                    counted(ladders as u64, "ladder"),
                    counted(snakes as u64, "snake")
                )
            },
        )
    }
}

/// One roll of a game. Rolls are equal when their fields are, hash so, and pickle; the repr is the call that makes
/// the roll again.
///
/// `Roll(die, landed, square, jump=None)` makes one as a game reports it, what its `repr` shows: `die` 1 to 1000
/// (the most faces a die may have), `landed` and `square` 0 (off the board) to 10 000 000 (the largest board),
/// `jump` `"ladder"`, `"snake"` or `None`. An argument that is not so raises `TypeError` or `ValueError` naming it.
#[pyclass(module = "perfectplay", frozen, get_all, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Roll {
    /// The number rolled.
    die: u32,
    /// The square the die moved the token to, before any ladder or snake.
    landed: u32,
    /// The square the token ends on.
    square: u32,
    /// `"ladder"`, `"snake"` or `None`: the jump taken.
    jump: Option<String>,
}

#[pymethods]
impl Roll {
    /// A roll as a game reports one, its arguments checked as the class's docstring says.
    #[new]
    #[pyo3(signature = (die, landed, square, jump=None))]
    fn new(
        die: &Bound<'_, PyAny>,
        landed: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
        jump: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Roll> {
        let number = |name: &str, obj: &Bound<'_, PyAny>, low: u32, high: u32| {
            run::argument::<Int>(name, "an integer", obj)?.within(name, low, high)
        };
        let die = number("die", die, 1, MAX_FACES)?;
        let (landed, square) = (number("landed", landed, 0, MAX_SIZE)?, number("square", square, 0, MAX_SIZE)?);
        let jump: Option<String> = match jump {
            Some(jump) => run::argument("jump", "'ladder', 'snake' or None", jump)?,
            None => None,
        };
        if let Some(kind) = jump.as_deref().filter(|kind| !matches!(*kind, "ladder" | "snake")) {
            return Err(PyValueError::new_err(format!(
                "jump: expected 'ladder', 'snake' or None, found {}",
                quote(kind)
            )));
        }
        Ok(Roll { die, landed, square, jump })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> run::Reduced<'py, (u32, u32, u32, Option<String>)> {
        let r = slf.get();
        (slf.get_type().into_any(), (r.die, r.landed, r.square, r.jump.clone()))
    }

    fn __repr__(&self) -> String {
        let jump = self.jump.as_ref().map_or("None".to_string(), |j| format!("'{j}'"));
        format!("Roll(die={}, landed={}, square={}, jump={jump})", self.die, self.landed, self.square)
    }
}

impl From<CoreRoll> for Roll {
    fn from(roll: CoreRoll) -> Roll {
        Roll { die: roll.die, landed: roll.landed, square: roll.square, jump: roll.jump.map(|j| j.to_string()) }
    }
}

/// How many rolls a game with a fair die takes: `ends[t]` is the probability that it ends on roll `t`.
/// In Jupyter it draws itself as a histogram with the expectation and the median marked.
#[pyclass(module = "perfectplay", frozen)]
pub struct RollDistribution {
    board: Board,
    distribution: Distribution,
    expectation: Option<(f64, f64)>,
    /// The `ends` array, once asked for.
    ends: ArrayCell<f64, Ix1>,
    /// The `cumulative` array, once asked for.
    cumulative: ArrayCell<f64, Ix1>,
}

#[pymethods]
impl RollDistribution {
    /// `float64` array: the probability that the game ends on roll `t` (`ends[0]` is 1 when it starts on the
    /// last square). The same read-only array each time (`.copy()` to edit).
    #[getter]
    fn ends<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        run::read_only_array(py, &self.ends, || self.distribution.ends.clone().into_pyarray(py))
    }

    /// `float64` array: the probability that the game has ended by roll `t`. The same read-only array each time
    /// (`.copy()` to edit).
    #[getter]
    fn cumulative<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        run::read_only_array(py, &self.cumulative, || self.distribution.cumulative().into_pyarray(py))
    }

    /// The first roll by which the game has ended with probability at least one half, as far as the error bounds
    /// of the running totals prove it: `None` when they do not (a running total within its error bound of one
    /// half, whose two candidate rolls `median_between` then gives, or one half not reached within the rolls
    /// computed), as the command line's `--json` gives `median`.
    ///
    /// >>> from perfectplay import Snakes
    /// >>> Snakes([], [], size=12, faces=6, overshoot="win").distribution().median is None  # P(by roll 3) is 1/2
    /// True
    #[getter]
    fn median(&self) -> Option<usize> {
        self.distribution.proven_median()
    }

    /// When the error bounds do not settle the median: `(low, high)`, the first roll whose running total may be
    /// one half or more and the first whose total surely is (`high` is `None` when no roll computed surely
    /// reaches it); `None` when `median` is known or one half cannot be reached within the rolls computed (the
    /// command line's `median_between`).
    ///
    /// >>> from perfectplay import Snakes
    /// >>> Snakes([], [], size=12, faces=6, overshoot="win").distribution().median_between
    /// (3, 4)
    #[getter]
    fn median_between(&self) -> Option<(usize, Option<usize>)> {
        self.distribution.median_between()
    }

    /// `sum(t * ends[t])` over the rolls computed, not divided by their total: the expected number of rolls when
    /// every game has ended by the last roll computed (`remaining` and `never` about 0). Otherwise it is less
    /// than any mean length: a game still in play after the last roll computed counts for nothing, and so does a
    /// game that never ends (`never`). The mean length of the games that end by the last roll computed is
    /// `mean / cumulative[-1]`.
    ///
    /// >>> from perfectplay import Snakes
    /// >>> d = Snakes([(2, 8)], [(4, 3), (5, 3)], size=10, faces=2).distribution()
    /// >>> d.never, round(d.mean, 9), round(d.mean / float(d.cumulative[-1]), 9)
    /// (0.5, 1.5, 3.0)
    #[getter]
    fn mean(&self) -> f64 {
        self.distribution.mean()
    }

    /// The probability still in play after the last roll computed.
    #[getter]
    fn remaining(&self) -> f64 {
        self.distribution.remaining
    }

    /// The probability of having reached a square from which the last square cannot be reached.
    #[getter]
    fn never(&self) -> f64 {
        self.distribution.never
    }

    fn __len__(&self) -> usize {
        self.distribution.ends.len()
    }

    fn __repr__(&self) -> String {
        let median = match (self.median(), self.median_between()) {
            (Some(median), _) => median.to_string(),
            (None, Some((low, Some(high)))) if high == low + 1 => format!("{low} or {high}"),
            (None, Some((low, Some(high)))) => format!("{low} to {high}"),
            (None, Some((low, None))) => format!("at least {low}"),
            (None, None) => "None".to_string(),
        };
        // `ends[0]` is roll 0 (a game decided before it starts), so the last roll computed is one less than the
        // entries.
        let last = self.distribution.ends.len().saturating_sub(1);
        let rolls = if last == 0 { "roll 0 only".to_string() } else { format!("rolls 0 to {last}") };
        format!("<RollDistribution: {rolls} computed, median {median}>")
    }

    /// The histogram as SVG, or `None` (Jupyter then shows the repr) when there is nothing to draw: the game is
    /// decided before the first roll.
    fn _repr_svg_(&self) -> Option<String> {
        report::plot(&self.board, &self.distribution, self.expectation).ok()
    }
}
