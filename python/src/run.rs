//! Running a solve from Python: the GIL released, Ctrl-C honoured, the time limit kept, and the core's errors
//! turned into Python exceptions.
//!
//! The solve runs on a scoped worker thread with a [`Limits`] whose cancel flag only this module raises. The calling
//! thread (Python's main thread, where signals are delivered) waits for the answer without the GIL, waking every
//! [`POLL`] to ask Python whether a signal arrived (`Python::check_signals`): on Ctrl-C it raises the flag, waits
//! for the solver to stop (it checks its limits every few thousand positions) and re-raises Python's
//! `KeyboardInterrupt`. On a terminal a spinner on stderr shows the work meanwhile.

use num_bigint::BigInt;
use perfectplay::engine::{Interrupted, Limits};
use perfectplay::format::{InputError, counted};
use perfectplay::games::footholds::Known;
use pyo3::exceptions::{PyRuntimeError, PyTimeoutError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How often the waiting thread looks for signals.
const POLL: Duration = Duration::from_millis(50);

/// Checks a `time_limit` argument: `None`, or a number of seconds above 0 (the command line's `--time-limit`).
pub fn time_limit(seconds: Option<f64>) -> PyResult<Option<Duration>> {
    seconds
        .map(|s| {
            perfectplay::engine::limits::time_limit(s)
                .map_err(|why| PyValueError::new_err(format!("time_limit: {s} {why}")))
        })
        .transpose()
}

/// Runs `work` with the GIL released, under `time_limit` seconds, stoppable with Ctrl-C.
///
/// # Errors
/// `KeyboardInterrupt` (or whatever a Python signal handler raised) when interrupted, `TimeoutError` when the time
/// limit passed, `RuntimeError` if the solver panicked.
pub fn solve<T, E, F>(py: Python<'_>, time_limit: Option<f64>, work: F) -> PyResult<T>
where
    T: Send,
    E: Stopped + Send,
    F: FnOnce(Limits) -> Result<T, E> + Send,
{
    let limit = self::time_limit(time_limit)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        deadline: limit.map(|d| Instant::now() + d),
        progress: perfectplay::render::progress::terminal_spinner(),
        cancel: Some(Arc::clone(&cancel)),
    };
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        let worker = scope.spawn(move || {
            // The receiver may be gone only if the caller panicked; the result is then of no use.
            let _ = sender.send(work(limits));
        });
        let mut receiver = receiver;
        let outcome = loop {
            let (back, received) = py.detach(move || {
                let received = receiver.recv_timeout(POLL);
                (receiver, received)
            });
            receiver = back;
            match received {
                Ok(result) => break Ok(result),
                Err(mpsc::RecvTimeoutError::Disconnected) => break Ok(Err(E::nothing_known())),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(signal) = py.check_signals() {
                        cancel.store(true, Ordering::Relaxed);
                        break Err(signal);
                    }
                }
            }
        };
        let joined = py.detach(move || worker.join());
        if joined.is_err() {
            return Err(PyRuntimeError::new_err("perfectplay: the solver stopped on an internal error (a bug)"));
        }
        match outcome? {
            Ok(value) => Ok(value),
            Err(stopped) => Err(timed_out(py, time_limit.unwrap_or_default(), &stopped)),
        }
    })
}

/// How a solve stopped by its limits says so, and what it knew by then.
pub trait Stopped {
    /// The stop with nothing known.
    fn nothing_known() -> Self;

    /// The winner and the fewest and most total moves still possible, when the solve knew the winner.
    fn what_was_known(&self) -> Option<Known> {
        None
    }

    /// For a tablebase: the start pairs solved and to solve, up to the board's symmetries.
    fn pairs_solved(&self) -> Option<(usize, usize)> {
        None
    }
}

impl Stopped for Interrupted {
    fn nothing_known() -> Self {
        Interrupted
    }
}

impl Stopped for perfectplay::games::footholds::Unfinished {
    fn nothing_known() -> Self {
        Self { bounds: None }
    }

    fn what_was_known(&self) -> Option<Known> {
        self.known()
    }
}

impl Stopped for perfectplay::games::footholds::UnfinishedTablebase {
    fn nothing_known() -> Self {
        Self { solved: 0, total: 0 }
    }

    fn pairs_solved(&self) -> Option<(usize, usize)> {
        Some((self.solved, self.total))
    }
}

pyo3::create_exception!(
    perfectplay,
    TimeLimitExceeded,
    PyTimeoutError,
    "A solve stopped by its `time_limit` (a `TimeoutError`). `winner`, `answer_at_least` and `answer_at_most` say \
     what was known (`None` when nothing was), as the command line's `--json` does; `pairs_solved` and `pairs`, how \
     far a tablebase got (`None` for other solves)."
);

/// The exception for a solve stopped by its time limit: a [`TimeLimitExceeded`], whose attributes `winner`,
/// `answer_at_least` and `answer_at_most` say what was known (`None` when nothing was), as the command line's
/// `--json` does; a tablebase's also `pairs_solved` and `pairs`, how far it got. Every attribute is set on every
/// such exception, so that code (and a type checker) can read them without asking whether they exist.
fn timed_out(py: Python<'_>, seconds: f64, stopped: &impl Stopped) -> PyErr {
    let known = stopped.what_was_known();
    let pairs = stopped.pairs_solved();
    let error = TimeLimitExceeded::new_err(match (&known, pairs) {
        (_, Some((solved, total))) => format!(
            "no tablebase within the time limit of {seconds} s: it stopped after {solved} of {total} start pairs, up to the board's symmetries (raise time_limit to let it finish)"
        ),
        (None, None) => format!("no answer within the time limit of {seconds} s (raise time_limit to let it finish)"),
        (Some(known), None) => {
            format!(
                "no exact answer within the time limit of {seconds} s, but {known} (raise time_limit for the exact answer)"
            )
        }
    });
    let (winner, fewest, most) = match known {
        Some(known) => (Some(known.winner.to_string()), Some(known.answer_at_least), Some(known.answer_at_most)),
        None => (None, None, None),
    };
    let value = error.value(py);
    // Setting attributes on a new exception object cannot fail short of memory; the message says it all anyway.
    let _ = value.setattr("winner", winner);
    let _ = value.setattr("answer_at_least", fewest);
    let _ = value.setattr("answer_at_most", most);
    let _ = value.setattr("pairs_solved", pairs.map(|(solved, _)| solved));
    let _ = value.setattr("pairs", pairs.map(|(_, total)| total));
    error
}

/// A `ValueError` carrying the message of an input error (what and where, as the command line words it).
pub fn input_error(error: InputError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// A `ValueError` with a message the core gave as text (an unsolvable board, options that do not fit).
pub fn value_error(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// An integer argument as Python gives it: an `int` of any size, a numpy integer (anything with `__index__`), or a
/// `bool` or numpy `bool` (0 or 1). Its range is checked where it is used, so that a value of any size gets a
/// `ValueError` naming the argument rather than an `OverflowError`.
pub struct Int(pub BigInt);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match obj.extract::<BigInt>() {
            Ok(value) => Ok(Int(value)),
            // numpy's bool has no `__index__`, unlike Python's.
            Err(error) => match obj.py().import("numpy")?.getattr("bool_") {
                Ok(numpy_bool) if obj.is_instance(&numpy_bool)? => Ok(Int(BigInt::from(u8::from(obj.is_truthy()?)))),
                _ => Err(error),
            },
        }
    }
}

impl Int {
    /// A default value.
    pub fn of(value: i64) -> Int {
        Int(BigInt::from(value))
    }

    /// The value as `T`, or `None` when it does not fit.
    pub fn get<T: for<'a> TryFrom<&'a BigInt>>(&self) -> Option<T> {
        T::try_from(&self.0).ok()
    }

    /// The value as `T` when it is between `low` and `high`, else a `ValueError` naming the argument and the range.
    pub fn within<T>(&self, name: &str, low: T, high: T) -> PyResult<T>
    where
        T: Copy + PartialOrd + std::fmt::Display + for<'a> TryFrom<&'a BigInt>,
    {
        match self.get::<T>() {
            Some(value) if low <= value && value <= high => Ok(value),
            _ => Err(PyValueError::new_err(format!("{name}: must be between {low} and {high}, found {}", self.0))),
        }
    }
}

/// An argument as `T`, or a `TypeError` that names it and says what it expected (`board: expected a list of rows
/// of integers, found str: ...`); PyO3's own message names neither.
pub fn argument<'py, T>(name: &str, expected: &str, obj: &Bound<'py, PyAny>) -> PyResult<T>
where
    T: for<'a> FromPyObject<'a, 'py>,
    for<'a> <T as FromPyObject<'a, 'py>>::Error: Into<PyErr>,
{
    obj.extract::<T>().map_err(|error| {
        let error: PyErr = error.into();
        if obj.is_instance_of::<pyo3::types::PyString>() && obj.extract::<String>().is_err() {
            // A `str` with a lone surrogate (`"\\ud800"`): the right type, but no text.
            return PyValueError::new_err(format!("{name}: the string holds a lone surrogate, which is not text"));
        }
        PyTypeError::new_err(format!("{name}: expected {expected}, found {} ({error})", type_name(obj)))
    })
}

/// Extractors of the keyword arguments (and of `GridTables.line`'s `x` and `y`), for
/// `#[pyo3(from_py_with = ...)]`: each names its argument in the `TypeError` of a value of the wrong type, as
/// [`argument`] does for the judges' arguments (PyO3's own message, `'str' object cannot be interpreted as an
/// integer`, names none).
pub mod keyword {
    use super::{Int, argument};
    use pyo3::prelude::*;

    macro_rules! keywords {
        ($($name:ident: $ty:ty, $expected:literal;)*) => {$(
            #[doc = concat!("The `", stringify!($name), "` argument: ", $expected, ".")]
            pub fn $name(obj: &Bound<'_, PyAny>) -> PyResult<$ty> {
                argument(stringify!($name), $expected, obj)
            }
        )*};
    }

    /// The `time_limit` argument: a number of seconds or None. An integer too large for a float is a value out of
    /// range (`ValueError`, as `1e10` is), not a wrong type.
    pub fn time_limit(obj: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        argument("time_limit", "a number of seconds or None", obj).map_err(|error| {
            // Only an integer past every float fails to convert; any other value is of the wrong type.
            let Ok(whole) = obj.extract::<num_bigint::BigInt>() else { return error };
            let why = perfectplay::engine::limits::time_limit(f64::MAX).unwrap_err();
            let shown = perfectplay::format::cut(&whole.to_string());
            pyo3::exceptions::PyValueError::new_err(format!("time_limit: {shown} {why}"))
        })
    }

    keywords! {
        size: Int, "an integer";
        faces: Int, "an integer";
        start: Int, "an integer";
        max_rolls: Int, "an integer";
        overshoot: String, "'stay', 'bounce' or 'win'";
        tail: f64, "a probability";
        text: String, "a string";
        memory: Option<Int>, "a number of bytes or None";
        threads: Option<Int>, "an integer or None";
        moves: bool, "True or False";
        line: bool, "True or False";
        remoteness: bool, "True or False";
        grundy: bool, "True or False";
        x: Int, "an integer";
        y: Int, "an integer";
    }
}

/// The name of an object's type, for messages.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// The items of a sequence (a list, a tuple, a numpy array; not a string), or a `TypeError` that says where
/// (`place`) the sequence was expected and what it should be (`expected`).
fn items<'py>(place: &str, expected: &str, obj: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    obj.extract().map_err(|_| PyTypeError::new_err(format!("{place}: expected {expected}, found {}", type_name(obj))))
}

/// An integer at `place`, or a `TypeError` naming the place and what was found there (`board row 0, column 1:
/// expected an integer, found float 1.0`).
fn integer_at(place: &str, obj: &Bound<'_, PyAny>) -> PyResult<Int> {
    obj.extract().map_err(|_: PyErr| {
        let shown =
            obj.repr().map_or_else(|_| String::new(), |r| format!(" {}", perfectplay::format::cut(&r.to_string())));
        PyTypeError::new_err(format!("{place}: expected an integer, found {}{shown}", type_name(obj)))
    })
}

/// A board of integers, as Programmers gives it: a sequence of rows, each a sequence of integers (lists, tuples,
/// a 2-D numpy array of integers or bools). A `TypeError` names the row and column of the first value that is not
/// an integer.
pub fn integer_rows(name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<Int>>> {
    let rows = items(name, "a list of rows of integers", obj)?;
    let row = |r: usize, row: &Bound<'_, PyAny>| {
        let cells = items(&format!("{name} row {r}"), "a list of integers", row)?;
        cells.iter().enumerate().map(|(c, cell)| integer_at(&format!("{name} row {r}, column {c}"), cell)).collect()
    };
    rows.iter().enumerate().map(|(r, cells)| row(r, cells)).collect()
}

/// A sequence of integers (`expected` describes it: a cell's `[row, column]`, say), each checked as
/// [`integer_at`] does.
pub fn integers(name: &str, expected: &str, obj: &Bound<'_, PyAny>) -> PyResult<Vec<Int>> {
    let values = items(name, expected, obj)?;
    values.iter().enumerate().map(|(i, value)| integer_at(&format!("{name}[{i}]"), value)).collect()
}

/// Pairs of integers, as the judges give ladders, snakes and queries: a sequence (a list, a tuple, an `(N, 2)` numpy
/// array) of sequences of two. A `TypeError` names the argument and the item that is not a pair.
pub fn pairs(name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Vec<(Int, Int)>> {
    let items = items(name, "a sequence of pairs of integers", obj)?;
    let pair = |i: usize, item: &Bound<'_, PyAny>| {
        let values = integers(&format!("{name}[{i}]"), "a pair of integers", item)?;
        let count = values.len();
        <[Int; 2]>::try_from(values).map(|[a, b]| (a, b)).map_err(|_| {
            PyTypeError::new_err(format!(
                "{name}[{i}]: expected a pair of integers, found {}",
                counted(count as u64, "item")
            ))
        })
    };
    items.iter().enumerate().map(|(i, item)| pair(i, item)).collect()
}

/// Strings, one per row (a grid game's board): a `TypeError` names the row that is not a string.
pub fn string_rows(name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let rows = items(name, "a list of rows of '.' and '#'", obj)?;
    let row = |i: usize, row: &Bound<'_, PyAny>| {
        row.extract::<String>().map_err(|_| {
            PyTypeError::new_err(format!("{name}[{i}]: expected a string of '.' and '#', found {}", type_name(row)))
        })
    };
    rows.iter().enumerate().map(|(i, r)| row(i, r)).collect()
}
