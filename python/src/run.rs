//! Running a solve from Python: the GIL released, Ctrl-C honoured, the time limit kept, and the core's errors
//! turned into Python exceptions.
//!
//! The solve runs on a scoped worker thread with a [`Limits`] whose cancel flag only this module raises. The calling
//! thread (Python's main thread, where signals are delivered) waits for the answer without the GIL, waking every
//! [`POLL`] to ask Python whether a signal arrived (`Python::check_signals`): on Ctrl-C it raises the flag, waits
//! for the solver to stop (it checks its limits every few thousand positions) and re-raises Python's
//! `KeyboardInterrupt`. On a terminal a spinner on stderr shows the work meanwhile.

use num_bigint::BigInt;
use numpy::ndarray::Dimension;
use numpy::{Element, PyArray, PyArrayMethods};
use perfectplay::engine::{Interrupted, Limits};
use perfectplay::format::{InputError, counted};
use perfectplay::games::footholds::Known;
use perfectplay::games::footholds::report::{MirrorPlan, mirror_clause};
use pyo3::exceptions::{PyRuntimeError, PyTimeoutError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyType};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How often the waiting thread looks for signals.
const POLL: Duration = Duration::from_millis(50);

/// Checks a `time_limit` argument: `None`, or a number of seconds above 0 (the command line's `--time-limit`). The
/// keyword's extractor, [`keyword::time_limit`], has checked it already with the value quoted as Python prints it;
/// a float's `Debug` form (`1e300`) keeps this message as short.
pub fn time_limit(seconds: Option<f64>) -> PyResult<Option<Duration>> {
    seconds
        .map(|s| {
            perfectplay::engine::limits::time_limit(s)
                .map_err(|why| PyValueError::new_err(format!("time_limit: {s:?} {why}")))
        })
        .transpose()
}

/// When a call's `time_limit` runs out: its solve stops there ([`solve_until`]), and so does the making of its
/// answer's Python objects ([`list_until`]), which for a long answer (ten million rolls) takes seconds of its own.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    /// The time limit as given, for the message.
    seconds: Option<f64>,
    /// When it runs out.
    at: Option<Instant>,
}

impl Deadline {
    /// No time limit: Ctrl-C alone stops the work.
    pub const NONE: Deadline = Deadline { seconds: None, at: None };

    /// The deadline `time_limit` seconds from now (none for `None`), the limit checked as [`time_limit`] does.
    ///
    /// # Errors
    /// `ValueError` for a time limit out of range.
    pub fn start(time_limit: Option<f64>) -> PyResult<Deadline> {
        let limit = self::time_limit(time_limit)?;
        Ok(Deadline { seconds: time_limit, at: limit.map(|d| Instant::now() + d) })
    }

    /// Looks for Ctrl-C and for the deadline every [`SIGNAL_EVERY`]-th item `i` of a conversion, as [`paced`]
    /// looks for Ctrl-C alone.
    ///
    /// # Errors
    /// `KeyboardInterrupt` (or whatever a Python signal handler raised), or `TimeLimitExceeded` once the deadline
    /// has passed, nothing known (the solve was done; its answer was not made in time).
    pub fn paced(&self, py: Python<'_>, i: usize) -> PyResult<()> {
        paced(py, i)?;
        match self.at {
            Some(at) if i % SIGNAL_EVERY == SIGNAL_EVERY - 1 && Instant::now() >= at => {
                Err(timed_out(py, self.seconds.unwrap_or_default(), &Interrupted))
            }
            _ => Ok(()),
        }
    }
}

/// A Python list of `items`, each made by `convert`, stopped by Ctrl-C and by `deadline` (every
/// [`SIGNAL_EVERY`] items): the answer of a solve made into Python objects within its call's time limit. A list
/// that PyO3 converts on return would be made after the call, beyond both (ten million rolls, 12 s).
///
/// # Errors
/// As [`Deadline::paced`], or what making an item raised.
pub fn list_until<'py, T, U>(
    py: Python<'py>,
    deadline: &Deadline,
    items: impl IntoIterator<Item = T>,
    mut convert: impl FnMut(T) -> U,
) -> PyResult<Bound<'py, PyList>>
where
    U: IntoPyObject<'py>,
{
    let _paused = CollectorPaused::new(py)?;
    let list = PyList::empty(py);
    for (i, item) in items.into_iter().enumerate() {
        deadline.paced(py, i)?;
        list.append(convert(item))?;
    }
    Ok(list)
}

/// Python's cyclic garbage collector, paused while an answer's list is made, and enabled again (if it was) when
/// dropped: each collection would walk the millions of objects made so far, with no look at the time limit or at
/// Ctrl-C (a shortest game of ten million rolls took 8.0 s with the collector running, 1.5 s with it paused; the new
/// objects hold no cycles, so nothing is left for it to find).
struct CollectorPaused<'py> {
    gc: Bound<'py, PyModule>,
    was_enabled: bool,
}

impl<'py> CollectorPaused<'py> {
    fn new(py: Python<'py>) -> PyResult<Self> {
        let gc = py.import("gc")?;
        let was_enabled = gc.call_method0("isenabled")?.is_truthy()?;
        gc.call_method0("disable")?;
        Ok(CollectorPaused { gc, was_enabled })
    }
}

impl Drop for CollectorPaused<'_> {
    fn drop(&mut self) {
        if self.was_enabled {
            // Enabling the collector does not fail; were it to, the collector would stay as Python code left it.
            let _ = self.gc.call_method0("enable");
        }
    }
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
    solve_until(py, &Deadline::start(time_limit)?, work)
}

/// Runs `work` as [`solve`] does, until `deadline`: a call that then makes its answer's Python objects keeps the
/// same deadline for them ([`list_until`]).
///
/// # Errors
/// As [`solve`].
pub fn solve_until<T, E, F>(py: Python<'_>, deadline: &Deadline, work: F) -> PyResult<T>
where
    T: Send,
    E: Stopped + Send,
    F: FnOnce(Limits) -> Result<T, E> + Send,
{
    let cancel = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        deadline: deadline.at,
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
            Err(stopped) => Err(timed_out(py, deadline.seconds.unwrap_or_default(), &stopped)),
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

    /// The position's mirror plan, which a message that knows the winner names (as the command line's does).
    fn mirror_plan(&self) -> Option<MirrorPlan> {
        None
    }
}

/// A footholds solve stopped by its limits: what it knew (`Unfinished::known`), with its position's mirror plan, how
/// the winner wins without the search.
pub struct StoppedSolve {
    /// The winner and the bounds on the total moves, when the solve knew them.
    pub known: Option<Known>,
    /// The position's mirror plan, when the half turn gives one.
    pub mirror: Option<MirrorPlan>,
}

impl Stopped for StoppedSolve {
    fn nothing_known() -> Self {
        StoppedSolve { known: None, mirror: None }
    }

    fn what_was_known(&self) -> Option<Known> {
        self.known
    }

    fn mirror_plan(&self) -> Option<MirrorPlan> {
        self.mirror
    }
}

impl Stopped for Interrupted {
    fn nothing_known() -> Self {
        Interrupted
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

/// The attributes of a [`TimeLimitExceeded`], what a stopped solve knew.
const KNOWN_WHEN_STOPPED: [&str; 5] = ["winner", "answer_at_least", "answer_at_most", "pairs_solved", "pairs"];

/// The [`TimeLimitExceeded`] class, with each of its attributes `None` on the class itself: an instance that Python
/// code makes (`TimeLimitExceeded("...")`, to test a caller's handling of it) reads them as unknown, as the stubs
/// declare them; an instance a solve raises sets its own ([`timed_out`]).
///
/// # Errors
/// Only if Python refuses to set an attribute on the class, which it does not for a class made at run time.
pub fn time_limit_exceeded(py: Python<'_>) -> PyResult<Bound<'_, PyType>> {
    let class = py.get_type::<TimeLimitExceeded>();
    for name in KNOWN_WHEN_STOPPED {
        class.setattr(name, py.None())?;
    }
    Ok(class)
}

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
            let stopped_by = known.stopped_by(&format!("the time limit of {seconds} s"), "raise time_limit");
            stopped_by + &mirror_clause(stopped.mirror_plan())
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

/// Where a result object keeps one of its numpy arrays once built: see [`read_only_array`].
pub type ArrayCell<T, D> = PyOnceLock<Py<PyArray<T, D>>>;

/// A numpy array of a result object (a table, a distribution, a board): built by `build` on its first access,
/// marked read-only (`writeable=False`) and kept in `cell`, so that every access returns that same array. Reading
/// an element then costs an index, not a copy of the whole table, and an assignment into it raises `ValueError`
/// rather than changing a copy that the next access would not show (`.copy()` gives an array to edit).
///
/// # Errors
/// Only if numpy refuses to hand out the new array for writing, which it does not for an array no one else holds.
pub fn read_only_array<'py, T: Element, D: Dimension>(
    py: Python<'py>,
    cell: &ArrayCell<T, D>,
    build: impl FnOnce() -> Bound<'py, PyArray<T, D>>,
) -> PyResult<Bound<'py, PyArray<T, D>>> {
    let array = cell.get_or_try_init(py, || -> PyResult<_> {
        let array = build();
        array.try_readwrite()?.make_nonwriteable();
        Ok(array.unbind())
    })?;
    Ok(array.bind(py).clone())
}

/// The most characters of a position's repr as the constructor's call that makes it again; a bigger position is
/// summed up (see [`call_or_summary`]).
pub const REPR_MOST: usize = 4096;

/// A position's repr: the constructor's call that `call` writes, while it is at most [`REPR_MOST`] characters, and
/// `summary()` (`<GridGame 5000×5000, K = 3, 1 query>`) for a bigger one, a repr that a console can show. The call
/// is written into a buffer that refuses the first character past the limit, so summing up the largest position
/// (ten million squares of snakes, a 5000 × 5000 grid) costs no more than writing 4096 characters.
pub fn call_or_summary(
    call: impl FnOnce(&mut dyn std::fmt::Write) -> std::fmt::Result,
    summary: impl FnOnce() -> String,
) -> String {
    /// Text of at most [`REPR_MOST`] characters; a write past them fails (and `write!` stops there).
    struct Capped {
        text: String,
        chars: usize,
    }
    impl std::fmt::Write for Capped {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.chars += s.chars().count();
            if self.chars > REPR_MOST {
                return Err(std::fmt::Error);
            }
            self.text.push_str(s);
            Ok(())
        }
    }
    let mut capped = Capped { text: String::new(), chars: 0 };
    match call(&mut capped) {
        Ok(()) => capped.text,
        Err(std::fmt::Error) => summary(),
    }
}

/// Writes `pairs` as Python shows a list of pairs, `[(2, 9), (5, 1)]`, for a repr's call: stops at the first write
/// `out` refuses (see [`call_or_summary`]), whatever the pairs left.
pub fn write_pairs(out: &mut dyn std::fmt::Write, pairs: impl Iterator<Item = (u32, u32)>) -> std::fmt::Result {
    out.write_str("[")?;
    for (i, (a, b)) in pairs.enumerate() {
        write!(out, "{}({a}, {b})", if i == 0 { "" } else { ", " })?;
    }
    out.write_str("]")
}

/// An integer argument as Python gives it: an `int` of any size, a numpy integer (anything with `__index__`), or a
/// `bool` or numpy `bool` (0 or 1). Its range is checked where it is used, so that a value of any size gets a
/// `ValueError` naming the argument rather than an `OverflowError`.
pub struct Int(pub BigInt);

/// What `__reduce__` returns, how an object pickles: the callable that makes it again, and its arguments.
pub type Reduced<'py, Arguments> = (Bound<'py, PyAny>, Arguments);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        // Most integers fit in 64 bits, read without the big integer's conversion through Python's `to_bytes`.
        if let Ok(small) = obj.extract::<i64>() {
            return Ok(Int(BigInt::from(small)));
        }
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

/// An argument as `T`, or a `TypeError` that names it and says what it expected (`size: expected an integer,
/// found str`); PyO3's own message names neither, and is kept as the error's `__cause__` (shown in a traceback).
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
        let named = PyTypeError::new_err(format!("{name}: expected {expected}, found {}", type_name(obj)));
        named.set_cause(obj.py(), Some(error));
        named
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

    /// The `time_limit` argument: a number of seconds or None, checked as the command line's `--time-limit` is. A
    /// value out of range (an integer too large for a float included) is a `ValueError` that quotes it as Python
    /// prints it (`time_limit: 1e+300 is more seconds than ...`), not with a float's every digit.
    pub fn time_limit(obj: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        let out_of_range = |why: String| {
            let shown = obj.str().map_or_else(|_| "?".to_string(), |s| perfectplay::format::cut(&s.to_string()));
            pyo3::exceptions::PyValueError::new_err(format!("time_limit: {shown} {why}"))
        };
        let seconds = argument("time_limit", "a number of seconds or None", obj).map_err(|error| {
            // Only an integer past every float fails to convert; any other value is of the wrong type.
            if obj.extract::<num_bigint::BigInt>().is_err() {
                return error;
            }
            out_of_range(perfectplay::engine::limits::time_limit(f64::MAX).unwrap_err())
        })?;
        if let Some(s) = seconds {
            perfectplay::engine::limits::time_limit(s).map_err(out_of_range)?;
        }
        Ok(seconds)
    }

    /// The `text` argument of the `parse` functions: a string, read as the command line reads a file, a leading
    /// byte-order mark (an editor's, from a file opened as `utf-8` rather than `utf-8-sig`) skipped.
    pub fn text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
        let text: String = argument("text", "a string", obj)?;
        Ok(perfectplay::format::without_byte_order_mark(text))
    }

    keywords! {
        size: Int, "an integer";
        faces: Int, "an integer";
        start: Int, "an integer";
        max_rolls: Int, "an integer";
        overshoot: String, "'stay', 'bounce' or 'win'";
        tail: f64, "a probability";
        memory: Option<Int>, "a number of bytes or None";
        threads: Option<Int>, "an integer or None";
        moves: bool, "True or False";
        line: bool, "True or False";
        remoteness: bool, "True or False";
        grundy: bool, "True or False";
        census: bool, "True or False";
        x: Int, "an integer";
        y: Int, "an integer";
    }
}

/// The name of an object's type, for messages.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// How many items a long conversion takes between two looks for Ctrl-C.
const SIGNAL_EVERY: usize = 4096;

/// Looks for Ctrl-C (`KeyboardInterrupt`, or whatever a Python signal handler raised) every [`SIGNAL_EVERY`]-th
/// item `i` of a conversion: reading a million queries from lists takes a while, and no Python code runs meanwhile
/// to notice a signal.
pub fn paced(py: Python<'_>, i: usize) -> PyResult<()> {
    if i % SIGNAL_EVERY == SIGNAL_EVERY - 1 { py.check_signals() } else { Ok(()) }
}

/// A sequence with more items than its argument may hold: how many its `len()` says (`None` when it says no more
/// than the most, or cannot say), that most, and its first item, for messages that need it (the width of a
/// board's first row).
pub struct TooMany<'py> {
    /// The count the sequence reports, when above `most`.
    pub reported: Option<usize>,
    /// The most items taken.
    pub most: usize,
    /// The first item, read from the sequence on demand when its `len()` alone told it was too long.
    sequence: Bound<'py, PyAny>,
    taken: Option<Bound<'py, PyAny>>,
}

impl<'py> TooMany<'py> {
    /// The sequence's first item (`None` if it has none after all), read once.
    ///
    /// # Errors
    /// What reading it raised.
    pub fn first(&self) -> PyResult<Option<Bound<'py, PyAny>>> {
        match &self.taken {
            Some(first) => Ok(Some(first.clone())),
            None => self.sequence.try_iter()?.next().transpose(),
        }
    }

    /// The count as a number, `1000000000000`, or `more than 128` when unknown.
    pub fn number(&self) -> String {
        self.reported.map_or_else(|| format!("more than {}", self.most), |n| n.to_string())
    }

    /// The count with its noun, `1000000000000 rows`, or `more than 128 rows` when unknown.
    pub fn count(&self, noun: &str) -> String {
        match self.reported {
            Some(n) => counted(n as u64, noun),
            None => format!("more than {}", counted(self.most as u64, noun)),
        }
    }
}

/// Whether `obj` is a sequence as PyO3's conversion to a `Vec` takes one: a list, a tuple, or anything whose type
/// has item access and is neither a string nor a dict (`PySequence_Check`'s test, asked without `unsafe`): a
/// numpy array, a `range`, `bytes`, a class of one's own. No Python code runs (an `isinstance` of an abstract base
/// class would, and PyO3 would swallow a `KeyboardInterrupt` raised there).
fn is_sequence(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    use pyo3::types::{PyDict, PyList, PyString, PyTuple};
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        return Ok(true);
    }
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyDict>() {
        return Ok(false);
    }
    obj.get_type().hasattr("__getitem__")
}

/// The items of a sequence (a list, a tuple, a numpy array; not a string), at most `most` of them: a `TypeError`
/// says where (`place`) the sequence was expected and what it should be (`expected`), and a sequence with more
/// items is `Err(TooMany)`, found by its `len()` or by reading one item past the most, never by reading it all. So
/// an argument of any length, `range(10**12)` or an object whose `__len__` claims as much, costs no more than
/// `most` items.
///
/// # Errors
/// The `TypeError` of a value that is no sequence, or the exception its iteration raised (`KeyboardInterrupt`
/// included).
pub fn sequence<'py>(
    place: &str,
    expected: &str,
    obj: &Bound<'py, PyAny>,
    most: usize,
) -> PyResult<Result<Vec<Bound<'py, PyAny>>, TooMany<'py>>> {
    let wrong_type = || PyTypeError::new_err(format!("{place}: expected {expected}, found {}", type_name(obj)));
    if !is_sequence(obj)? {
        return Err(wrong_type());
    }
    // A `len()` that fails (none defined, or past every index) leaves the count to the reading below.
    let reported = obj.len().ok().filter(|&n| n > most);
    if reported.is_some() {
        return Ok(Err(TooMany { reported, most, sequence: obj.clone(), taken: None }));
    }
    let iterator = obj.try_iter().map_err(|_| wrong_type())?;
    let mut taken = Vec::new();
    for (i, item) in iterator.enumerate() {
        if taken.len() == most {
            let first = match taken.into_iter().next() {
                Some(first) => first,
                None => item?,
            };
            return Ok(Err(TooMany { reported: None, most, sequence: obj.clone(), taken: Some(first) }));
        }
        taken.push(item?);
        paced(obj.py(), i)?;
    }
    Ok(Ok(taken))
}

/// An integer at `place`, or a `TypeError` naming the place and what was found there (`board row 0, column 1:
/// expected an integer, found float 1.0`).
pub fn integer_at(place: &str, obj: &Bound<'_, PyAny>) -> PyResult<Int> {
    obj.extract().map_err(|_: PyErr| {
        let shown =
            obj.repr().map_or_else(|_| String::new(), |r| format!(" {}", perfectplay::format::cut(&r.to_string())));
        PyTypeError::new_err(format!("{place}: expected an integer, found {}{shown}", type_name(obj)))
    })
}

/// A sequence of at most `most` integers (`expected` describes it: a cell's `[row, column]`, say), each checked as
/// [`integer_at`] does; a longer sequence is the error `too_many` makes of its count.
pub fn integers(
    name: &str,
    expected: &str,
    obj: &Bound<'_, PyAny>,
    most: usize,
    too_many: impl FnOnce(TooMany<'_>) -> PyErr,
) -> PyResult<Vec<Int>> {
    let values = sequence(name, expected, obj, most)?.map_err(too_many)?;
    values.iter().enumerate().map(|(i, value)| integer_at(&format!("{name}[{i}]"), value)).collect()
}

/// At most `most` pairs of integers, as the judges give ladders, snakes and queries: a sequence (a list, a tuple,
/// an `(N, 2)` numpy array) of sequences of two. An error names the argument and the item that is not a pair (see
/// [`pair`]); more pairs are the error `too_many` makes of their count.
pub fn pairs(
    name: &str,
    obj: &Bound<'_, PyAny>,
    most: usize,
    too_many: impl FnOnce(TooMany<'_>) -> PyErr,
) -> PyResult<Vec<(Int, Int)>> {
    let items = sequence(name, "a sequence of pairs of integers", obj, most)?.map_err(too_many)?;
    let item_pair = |i: usize, item: &Bound<'_, PyAny>| {
        paced(obj.py(), i)?;
        pair(&format!("{name}[{i}]"), "a pair of integers", item)
    };
    items.iter().enumerate().map(|(i, item)| item_pair(i, item)).collect()
}

/// Exactly two integers (`expected` describes them: a cell's `[row, column]`, a ladder's pair), as a list, a tuple or
/// a numpy array. A sequence of another length is a `ValueError` naming `place` and how many items it has (the
/// type is right, the length is not: Python's own `a, b = (1, 2, 3)` raises `ValueError` too, and so does
/// footholds' `aloc`); a value that is no sequence, or an item that is no integer, a `TypeError`.
pub fn pair(place: &str, expected: &str, obj: &Bound<'_, PyAny>) -> PyResult<(Int, Int)> {
    let wrong = |count: String| PyValueError::new_err(format!("{place}: expected {expected}, found {count}"));
    let values = integers(place, expected, obj, 2, |many| wrong(many.count("item")))?;
    let count = values.len();
    <[Int; 2]>::try_from(values).map(|[a, b]| (a, b)).map_err(|_| wrong(counted(count as u64, "item")))
}
