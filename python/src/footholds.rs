//! Vanishing footholds (Programmers 92345) from Python: the judge's function, a position, its solution and its
//! tablebase.

use crate::run::{self, ArrayCell, Int, TooMany};
use numpy::ndarray::{Array, Ix2, Ix4};
use numpy::{IntoPyArray, PyArray2, PyArray4};
use perfectplay::census::published;
use perfectplay::engine::{Outcome, Value};
use perfectplay::format::{TextFormat, counted, quote};
use perfectplay::games::footholds::{
    self as core, Argument, Cell, Instance, MAX_CELLS, Player, Solution, SolveOptions, Step, Tablebase, Wanted,
    programmers, report,
};
use perfectplay::render::map::escape;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The transposition table's default size, as on the command line (`--memory 2G`); it grows only as needed.
const DEFAULT_MEMORY: usize = 2 << 30;

/// The total number of moves under optimal play: the answer of Programmers 92345 (사라지는 발판).
///
/// `board` is a list of rows of 0 (no foothold) and 1 (foothold); `aloc` and `bloc` are the 0-based
/// `[row, column]` of players A and B. A moves first. At most 128 cells.
///
/// Raises `ValueError` with the command line's message for a bad board or start.
///
/// >>> import perfectplay
/// >>> perfectplay.footholds([[1, 1, 1], [1, 1, 1], [1, 1, 1]], [1, 0], [1, 2])
/// 5
/// >>> perfectplay.footholds([[1, 1, 1, 1, 1]], [0, 0], [0, 4])
/// 4
/// >>> perfectplay.footholds([[1, 2]], [0, 0], [0, 1])
/// Traceback (most recent call last):
///     ...
/// ValueError: board row 0, column 1: expected 0 or 1, found 2
#[pyfunction]
pub fn footholds(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    aloc: &Bound<'_, PyAny>,
    bloc: &Bound<'_, PyAny>,
) -> PyResult<u32> {
    let instance = instance_of(board, aloc, bloc)?;
    Ok(solve(py, &instance, Wanted::default(), true, None, None, None)?.outcome.remoteness)
}

/// Checks the judge's arguments with the core's reader of the Programmers arguments, so the messages are its own
/// and quote the integers as given, whatever their size.
/// Any integers are taken (numpy's and bools too, so that a position's own `board` array can be passed back).
fn instance_of(board: &Bound<'_, PyAny>, aloc: &Bound<'_, PyAny>, bloc: &Bound<'_, PyAny>) -> PyResult<Instance> {
    let board = board_values(board)?;
    let start = |name: &str, obj: &Bound<'_, PyAny>| {
        run::integers(name, "[row, column]", obj, 2, |many| {
            PyValueError::new_err(format!(
                "{name}: expected [row, column] with 2 numbers, found {}",
                many.count("number")
            ))
        })
    };
    let (aloc, bloc) = (start("aloc", aloc)?, start("bloc", bloc)?);
    let list = |values: &[Int]| {
        Argument::List(values.iter().map(|n| Argument::Value(n.0.to_string().into(), None)).collect(), None)
    };
    let rows = Argument::List(board.iter().map(|row| list(row)).collect(), None);
    programmers::instance(&rows, &list(&aloc), &list(&bloc)).map_err(run::input_error)
}

/// The values of a board, a sequence of rows of integers (lists, tuples, a 2-D numpy array of integers or bools):
/// a `TypeError` names the row and column of the first value that is not an integer. The board's size is checked
/// on the way, by the rows' lengths, so that a board past [`MAX_CELLS`] is refused with the core's message
/// (`board: 10000000×2 is 20000000 cells; ...`) after reading at most one row past it, whatever its size (a
/// `range(10**12)` included); the core checks the rest of its shape.
fn board_values(board: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<Int>>> {
    fn row_cells<'py>(r: usize, row: &Bound<'py, PyAny>) -> PyResult<Result<Vec<Bound<'py, PyAny>>, TooMany<'py>>> {
        run::sequence(&format!("board row {r}"), "a list of integers", row, MAX_CELLS)
    }
    let rows = match run::sequence("board", "a list of rows of integers", board, MAX_CELLS)? {
        Ok(rows) => rows,
        Err(many) => {
            // More rows than cells a board may have: the first row's length says how many cells they make.
            let cols = match many.first()? {
                Some(first) => row_cells(0, &first)?.map_or_else(|wide| wide.reported, |cells| Some(cells.len())),
                None => Some(0),
            };
            return Err(too_large(many.reported, cols));
        }
    };
    let mut values = Vec::with_capacity(rows.len());
    for (r, row) in rows.iter().enumerate() {
        let cells = match row_cells(r, row)? {
            Ok(cells) => cells,
            Err(wide) if r == 0 => return Err(too_large(Some(rows.len()), wide.reported)),
            // As the core words it: row 0 sets the width.
            Err(_) if values.first().is_some_and(Vec::is_empty) => {
                return Err(PyValueError::new_err(Instance::NO_CELLS));
            }
            Err(wide) => {
                let first = values.first().map_or(0, Vec::len);
                return Err(PyValueError::new_err(Instance::ragged_row(r, &wide.count("cell"), first)));
            }
        };
        let row =
            cells.iter().enumerate().map(|(c, cell)| run::integer_at(&format!("board row {r}, column {c}"), cell));
        values.push(row.collect::<PyResult<Vec<Int>>>()?);
    }
    Ok(values)
}

/// The core's message for a board of `rows` rows of `cols` cells that is past [`MAX_CELLS`] (a count unknown when
/// `None`: a sequence whose `len()` does not say).
fn too_large(rows: Option<usize>, cols: Option<usize>) -> PyErr {
    PyValueError::new_err(match (rows, cols) {
        (_, Some(0)) => Instance::NO_CELLS.to_string(),
        (Some(rows), Some(cols)) => Instance::too_large(rows, cols),
        _ => format!("board: more than {MAX_CELLS} cells; at most {MAX_CELLS} cells are supported"),
    })
}

/// Solves the instance; with `census`, a full board up to 9×9 has its outcome read from the census built in.
fn solve(
    py: Python<'_>,
    instance: &Instance,
    wanted: Wanted,
    census: bool,
    time_limit: Option<f64>,
    memory: Option<Int>,
    threads: Option<Int>,
) -> PyResult<Solution> {
    let options = options(memory, threads)?;
    run::solve(py, time_limit, |limits| {
        let options = SolveOptions { limits, ..options };
        let solved = if census {
            published::solve_or_bounds(instance, wanted, options)
        } else {
            core::solve_or_bounds(instance, wanted, options)
        };
        solved.map_err(|unfinished| run::StoppedSolve {
            known: unfinished.known(),
            mirror: report::mirror_plan(instance),
        })
    })
}

/// Search options from the keyword arguments, with the command line's defaults (2 GiB of table, every core).
fn options(memory: Option<Int>, threads: Option<Int>) -> PyResult<SolveOptions> {
    let table_bytes = match memory {
        None => DEFAULT_MEMORY,
        Some(bytes) => bytes.within("memory", 1, usize::MAX)?,
    };
    let threads = match threads {
        None => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        Some(n) => n.within("threads", 1, 256)?,
    };
    Ok(SolveOptions { table_bytes, threads, ..SolveOptions::default() })
}

/// A vanishing-footholds position: a board of footholds and the cells of A and B, A to move.
///
/// Build it from the judge's arguments, `Footholds(board, aloc, bloc)`, or from text with `Footholds.parse` (the
/// Programmers arguments, or a grid of `#` footholds, `.` holes, `A`, `B`, and `*` for both on one foothold).
/// In Jupyter it draws itself. Positions are equal when their boards and cells are, and hash so (a pickled copy is
/// equal to its original).
///
/// >>> from perfectplay import Footholds
/// >>> game = Footholds([[1, 1, 1], [1, 1, 1], [1, 1, 1]], [1, 0], [1, 2])
/// >>> print(game, end="")
/// ###
/// A#B
/// ###
/// >>> game.solve().remoteness
/// 5
#[pyclass(module = "perfectplay", frozen, eq, hash)]
pub struct Footholds {
    instance: Instance,
    /// The `board` array, once asked for.
    board: ArrayCell<bool, Ix2>,
}

/// Positions are equal when their boards and both players' cells are (the cached array aside).
impl PartialEq for Footholds {
    fn eq(&self, other: &Footholds) -> bool {
        self.instance == other.instance
    }
}

impl Eq for Footholds {}

impl std::hash::Hash for Footholds {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.instance.hash(state);
    }
}

impl Footholds {
    /// The position of `instance`, its `board` array not built yet.
    fn of(instance: Instance) -> Footholds {
        Footholds { instance, board: ArrayCell::new() }
    }
}

#[pymethods]
impl Footholds {
    #[new]
    fn new(board: &Bound<'_, PyAny>, aloc: &Bound<'_, PyAny>, bloc: &Bound<'_, PyAny>) -> PyResult<Footholds> {
        Ok(Footholds::of(instance_of(board, aloc, bloc)?))
    }

    /// Reads a position from text: the Programmers arguments (three JSON arrays) or a grid (`#`, `.`, `A`, `B`,
    /// `*`). Raises `ValueError` naming the line and column of a mistake.
    ///
    /// >>> from perfectplay import Footholds
    /// >>> Footholds.parse("A#B").aloc
    /// (0, 0)
    /// >>> Footholds.parse("A#x")
    /// Traceback (most recent call last):
    ///     ...
    /// ValueError: line 1, column 3: unexpected 'x' (a grid row uses # . A B *; the JSON form starts with '[')
    #[staticmethod]
    fn parse(#[pyo3(from_py_with = run::keyword::text)] text: String) -> PyResult<Footholds> {
        Ok(Footholds::of(Instance::parse(&text).map_err(run::input_error)?))
    }

    /// Number of rows.
    #[getter]
    fn rows(&self) -> usize {
        self.instance.rows()
    }

    /// Number of columns.
    #[getter]
    fn cols(&self) -> usize {
        self.instance.cols()
    }

    /// A's cell, `(row, column)`, 0-based.
    #[getter]
    fn aloc(&self) -> (usize, usize) {
        self.instance.a()
    }

    /// B's cell, `(row, column)`, 0-based.
    #[getter]
    fn bloc(&self) -> (usize, usize) {
        self.instance.b()
    }

    /// The footholds as a numpy array of `bool`, shape `(rows, cols)`: the same read-only array each time
    /// (`.copy()` to edit; a position does not change).
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        run::read_only_array(py, &self.board, || {
            let shape = (self.instance.rows(), self.instance.cols());
            Array::from_shape_vec(shape, self.instance.footholds().to_vec())
                .expect("rows × cols cells")
                .into_pyarray(py)
        })
    }

    /// Solves the position exactly: who wins, in how many moves, A's first moves ranked, and the optimal line.
    ///
    /// `moves=False` and `line=False` skip the ranking and the line (each costs more solves on big boards). A
    /// full board up to 8×8, or 9×9, has its outcome read from the census built into the package (`census=False`
    /// searches it: the same answers, and `nodes` then counts the whole search). `time_limit` in seconds raises `TimeoutError` when passed (when the winner was known by then, its message and
    /// its attributes `winner`, `answer_at_least` and `answer_at_most` say so, the message with the mirror plan
    /// when the position has one; else they are `None`); `memory` caps
    /// the transposition table in bytes
    /// (default 2 GiB, grown only as needed; less is slower, never wrong); `threads` search threads (default: one
    /// per core). The GIL is released while it runs, and Ctrl-C stops it with `KeyboardInterrupt`.
    ///
    /// >>> from perfectplay import Footholds
    /// >>> s = Footholds.parse("[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]").solve()
    /// >>> s.winner, s.value, s.remoteness
    /// ('B', 'lose', 4)
    /// >>> s.moves[0]
    /// Move(player='A', from_cell=(1, 0), to_cell=(0, 0), value='lose', remoteness=4)
    #[pyo3(signature = (*, moves=true, line=true, census=true, time_limit=None, memory=None, threads=None))]
    #[allow(clippy::too_many_arguments)] // the Python keywords, each its own argument
    fn solve(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = run::keyword::moves)] moves: bool,
        #[pyo3(from_py_with = run::keyword::line)] line: bool,
        #[pyo3(from_py_with = run::keyword::census)] census: bool,
        #[pyo3(from_py_with = run::keyword::time_limit)] time_limit: Option<f64>,
        #[pyo3(from_py_with = run::keyword::memory)] memory: Option<Int>,
        #[pyo3(from_py_with = run::keyword::threads)] threads: Option<Int>,
    ) -> PyResult<FootholdsSolution> {
        let wanted = Wanted { ranked_moves: moves, line };
        let solution = solve(py, &self.instance, wanted, census, time_limit, memory, threads)?;
        Ok(FootholdsSolution { instance: self.instance.clone(), solution, wanted })
    }

    /// The outcome of every pair of starts on this board (its own starts are ignored), A to move: a
    /// `FootholdsTablebase` of numpy arrays. A full board up to 8×8, or 9×9, is read at once from the census built
    /// into the package (`census=False` solves it anyway, the full 8×8 board in seconds, 9×9 in half an hour); other
    /// boards are solved. Same keyword arguments as `solve`; stopped by `time_limit`, its `TimeoutError` has
    /// `pairs_solved` and `pairs`, how many start pairs (up to the board's symmetries) it got through.
    ///
    /// >>> from perfectplay import Footholds
    /// >>> table = Footholds.parse("A#B").tablebase()
    /// >>> table.winner.shape, table.winner.dtype.name, table.moves.dtype.name
    /// ((1, 3, 1, 3), 'int8', 'int32')
    /// >>> table.outcome((0, 0), (0, 2))
    /// ('B', 2)
    /// >>> Footholds([[1] * 9] * 9, [4, 4], [4, 5]).tablebase(time_limit=5).outcome((4, 4), (4, 5))
    /// ('A', 79)
    #[pyo3(signature = (*, census=true, time_limit=None, memory=None, threads=None))]
    fn tablebase(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = run::keyword::census)] census: bool,
        #[pyo3(from_py_with = run::keyword::time_limit)] time_limit: Option<f64>,
        #[pyo3(from_py_with = run::keyword::memory)] memory: Option<Int>,
        #[pyo3(from_py_with = run::keyword::threads)] threads: Option<Int>,
    ) -> PyResult<FootholdsTablebase> {
        let options = options(memory, threads)?;
        let instance = &self.instance;
        let table = run::solve(py, time_limit, |limits| {
            let options = SolveOptions { limits, ..options };
            if census {
                published::tablebase_or_solve(instance, options)
            } else {
                core::tablebase_or_unfinished(instance, options)
            }
        })?;
        Ok(FootholdsTablebase::new(self.instance.clone(), table))
    }

    /// The mirror plan of the position, a plan for the winner that needs no search (not always the fastest win),
    /// when the rule gives one: `('B', None)` when a half turn of the board maps the footholds onto themselves and
    /// A's cell onto B's, with no foothold mapped onto itself or onto a neighbour (B answers every move of A with
    /// its image); `('A', (row, column))` when A's step to that cell leaves such a position (A then copies);
    /// `None` otherwise, and when A cannot move. `explain()` says it in words, `to_json()` as `mirror`.
    ///
    /// >>> from perfectplay import Footholds
    /// >>> Footholds.parse("A###\n####\n####\n###B").mirror_plan()
    /// ('B', None)
    /// >>> Footholds.parse("#A##\n#B.#").mirror_plan()
    /// ('A', (0, 2))
    fn mirror_plan(&self) -> Option<(String, Option<Cell>)> {
        report::mirror_plan(&self.instance).map(|plan| (plan.copier.to_string(), plan.first_step))
    }

    /// The position in the Programmers format (three JSON arrays, one per line).
    fn to_programmers(&self) -> String {
        self.instance.to_text()
    }

    fn __str__(&self) -> String {
        self.instance.to_grid()
    }

    fn __repr__(&self) -> String {
        format!("Footholds.parse({:?})", self.instance.to_grid())
    }

    /// Pickled as its Programmers arguments, read back by `Footholds.parse` (for `multiprocessing`, `copy`).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<run::Reduced<'py, (String,)>> {
        Ok((slf.get_type().getattr("parse")?, (slf.get().instance.to_text(),)))
    }

    fn _repr_svg_(&self) -> String {
        report::position_svg(&self.instance)
    }
}

/// One move: who made it, from and to which cell, and the outcome it keeps for the mover. Moves are equal when
/// their fields are, hash so, and pickle; the repr is the call that makes the move again.
///
/// `Move(player, from_cell, to_cell, value, remoteness)` makes one as the solver reports it: `player` `"A"` or
/// `"B"`; `from_cell` and `to_cell` `[row, column]` (any two integers, each 0 to 127: a board has at most 128
/// cells), one step apart; `value` `"win"` or `"lose"`; `remoteness` 1 to 128 (it counts this move, and each move
/// takes a foothold away), odd for a win and even for a loss (the winner makes the last move). An argument that is
/// not so raises `TypeError` or `ValueError` naming it.
///
/// >>> from perfectplay import Move
/// >>> move = Move("A", [1, 0], [1, 1], "win", 5)
/// >>> move
/// Move(player='A', from_cell=(1, 0), to_cell=(1, 1), value='win', remoteness=5)
/// >>> eval(repr(move)) == move
/// True
#[pyclass(module = "perfectplay", frozen, get_all, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// `"A"` or `"B"`.
    player: String,
    /// The cell left, `(row, column)`; its foothold vanishes.
    from_cell: (usize, usize),
    /// The cell reached.
    to_cell: (usize, usize),
    /// `"win"` or `"lose"`: the outcome for the mover after this move under optimal play.
    value: String,
    /// Total moves of the game from before this move to its end under optimal play.
    remoteness: u32,
}

/// A cell of a move, `[row, column]` as any two integers (a list, a tuple, a numpy array), each from 0 to
/// [`MAX_CELLS`] − 1 (no board has more cells, so none a row or a column past that): a `TypeError` or `ValueError`
/// naming the argument (`from_cell[0]: must be between 0 and 127, found -1`).
fn move_cell(name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Cell> {
    let (row, col) = run::pair(name, "[row, column]", obj)?;
    let most = MAX_CELLS - 1;
    Ok((row.within(&format!("{name}[0]"), 0, most)?, col.within(&format!("{name}[1]"), 0, most)?))
}

#[pymethods]
impl Move {
    /// A move as the solver reports one, its arguments checked as the class's docstring says.
    #[new]
    fn new(
        player: &Bound<'_, PyAny>,
        from_cell: &Bound<'_, PyAny>,
        to_cell: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
        remoteness: &Bound<'_, PyAny>,
    ) -> PyResult<Move> {
        let player: String = run::argument("player", "'A' or 'B'", player)?;
        if player != "A" && player != "B" {
            return Err(PyValueError::new_err(format!("player: expected 'A' or 'B', found {}", quote(&player))));
        }
        let (from_cell, to_cell) = (move_cell("from_cell", from_cell)?, move_cell("to_cell", to_cell)?);
        let value: String = run::argument("value", "'win' or 'lose'", value)?;
        if value != "win" && value != "lose" {
            return Err(PyValueError::new_err(format!("value: expected 'win' or 'lose', found {}", quote(&value))));
        }
        let remoteness = run::argument::<Int>("remoteness", "an integer", remoteness)?;
        let remoteness = remoteness.within("remoteness", 1, MAX_CELLS as u32)?;
        // The mover wins exactly when it makes the last move: the count from before this move is then odd.
        if (remoteness % 2 == 1) != (value == "win") {
            let (move_kind, parity, last) = if value == "win" {
                ("winning", "odd", "its mover makes the last move")
            } else {
                ("losing", "even", "the opponent makes the last move")
            };
            return Err(PyValueError::new_err(format!(
                "remoteness: a {move_kind} move's total is {parity} ({last}), found {remoteness}"
            )));
        }
        if from_cell.0.abs_diff(to_cell.0) + from_cell.1.abs_diff(to_cell.1) != 1 {
            return Err(PyValueError::new_err(format!(
                "to_cell: {to_cell:?} is not next to from_cell {from_cell:?} (a move is one step up, down, left or \
                 right)"
            )));
        }
        Ok(Move { player, from_cell, to_cell, value, remoteness })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> run::Reduced<'py, (String, Cell, Cell, String, u32)> {
        let m = slf.get();
        (slf.get_type().into_any(), (m.player.clone(), m.from_cell, m.to_cell, m.value.clone(), m.remoteness))
    }

    /// The constructor's call that makes the move again, as `Roll`'s is: `Move(player='A', from_cell=(1, 0),
    /// to_cell=(1, 1), value='win', remoteness=5)`.
    fn __repr__(&self) -> String {
        format!(
            "Move(player='{}', from_cell={:?}, to_cell={:?}, value='{}', remoteness={})",
            self.player, self.from_cell, self.to_cell, self.value, self.remoteness
        )
    }
}

impl From<&Step> for Move {
    fn from(step: &Step) -> Move {
        Move {
            player: step.player.to_string(),
            from_cell: step.from,
            to_cell: step.to,
            value: step.outcome.value.to_string(),
            remoteness: step.outcome.remoteness,
        }
    }
}

/// A solved position: the winner, the total moves, A's ranked first moves and the optimal line.
#[pyclass(module = "perfectplay", frozen)]
pub struct FootholdsSolution {
    instance: Instance,
    solution: Solution,
    /// What was asked besides the outcome: `to_json` leaves out the rest.
    wanted: Wanted,
}

#[pymethods]
impl FootholdsSolution {
    /// `"win"` or `"lose"`: the outcome for A, who moves first.
    #[getter]
    fn value(&self) -> String {
        self.solution.outcome.value.to_string()
    }

    /// `"A"` or `"B"`.
    #[getter]
    fn winner(&self) -> String {
        self.solution.winner().to_string()
    }

    /// Total moves under optimal play (the judge's answer): the winner wins as fast as possible, the loser holds
    /// out as long as possible.
    #[getter]
    fn remoteness(&self) -> u32 {
        self.solution.outcome.remoteness
    }

    /// A's first moves, best first, each a `Move` with its outcome for A (empty when solved with `moves=False`).
    #[getter]
    fn moves(&self) -> Vec<Move> {
        self.solution.ranked_moves.iter().map(Move::from).collect()
    }

    /// The optimal line to the end of the game, move by move (empty when solved with `line=False`).
    #[getter]
    fn line(&self) -> Vec<Move> {
        self.solution.line.iter().map(Move::from).collect()
    }

    /// Positions searched (for the ranked moves and the line alone when the outcome was read from the census).
    #[getter]
    fn nodes(&self) -> u64 {
        self.solution.stats.nodes
    }

    /// Who wins and why, then the optimal line with the board after each move (the command line's `--explain`).
    /// After `solve(line=False)` the line is left out, and the text says it was not computed.
    fn explain(&self) -> String {
        report::explain(&self.instance, &self.solution)
    }

    /// The command line's `--json`: answer, winner, board, line and ranked moves (each left out when `solve` was
    /// asked not to compute it).
    fn to_json(&self) -> String {
        report::json(&self.instance, &self.solution, self.wanted, None)
    }

    fn __repr__(&self) -> String {
        let moves = self.remoteness();
        format!("<FootholdsSolution: {} wins in {}>", self.winner(), counted(moves, "move"))
    }

    fn _repr_html_(&self) -> String {
        format!(
            "{}<pre>{}</pre>",
            report::position_svg(&self.instance),
            escape(&report::explain(&self.instance, &self.solution))
        )
    }
}

/// The outcome of every pair of starting footholds of a board, A to move, as numpy arrays indexed
/// `[a_row, a_col, b_row, b_col]`.
#[pyclass(module = "perfectplay", frozen)]
pub struct FootholdsTablebase {
    instance: Instance,
    table: Tablebase,
    /// The `winner` array, once asked for.
    winner: ArrayCell<i8, Ix4>,
    /// The `moves` array, once asked for.
    moves: ArrayCell<i32, Ix4>,
}

impl FootholdsTablebase {
    /// The tablebase of `instance`'s board, its arrays not built yet.
    fn new(instance: Instance, table: Tablebase) -> FootholdsTablebase {
        FootholdsTablebase { instance, table, winner: ArrayCell::new(), moves: ArrayCell::new() }
    }

    /// The array of `value` of every pair of starts, built once into `cell` and read-only.
    fn array<'py, T: numpy::Element>(
        &self,
        py: Python<'py>,
        cell: &ArrayCell<T, Ix4>,
        value: impl Fn(Option<Outcome>) -> T,
    ) -> PyResult<Bound<'py, PyArray4<T>>> {
        run::read_only_array(py, cell, || {
            let (rows, cols) = (self.table.rows(), self.table.cols());
            let cells: Vec<(usize, usize)> = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).collect();
            let data = cells.iter().flat_map(|&a| cells.iter().map(move |&b| (a, b)));
            let data: Vec<T> = data.map(|(a, b)| value(self.table.outcome(a, b))).collect();
            Array::from_shape_vec((rows, cols, rows, cols), data).expect("cells² outcomes").into_pyarray(py)
        })
    }
}

#[pymethods]
impl FootholdsTablebase {
    /// `int8` array, shape `(rows, cols, rows, cols)`: 0 when A wins, 1 when B wins, -1 when either start has
    /// no foothold. The same read-only array each time (`.copy()` to edit).
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<i8>>> {
        self.array(py, &self.winner, |o| match o {
            Some(o) if o.value == Value::Win => 0,
            Some(_) => 1,
            None => -1,
        })
    }

    /// `int32` array, shape `(rows, cols, rows, cols)`: total moves under optimal play, -1 when either start has
    /// no foothold. The same read-only array each time (`.copy()` to edit).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<i32>>> {
        self.array(py, &self.moves, |o| o.map_or(-1, |o| o.remoteness as i32))
    }

    /// `(winner, total moves)` when A starts on `a` and B on `b`, or `None` when either has no foothold. Raises
    /// `ValueError` for a cell off the board.
    fn outcome(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Option<(String, u32)>> {
        let (rows, cols) = (self.table.rows(), self.table.cols());
        // `[row, column]` as a list, a tuple or a numpy array, as `aloc` and `bloc` are taken.
        let (a, b) = (run::pair("a", "[row, column]", a)?, run::pair("b", "[row, column]", b)?);
        let cell = |name: &str, (row, col): (Int, Int)| -> PyResult<(usize, usize)> {
            match (row.get::<usize>(), col.get::<usize>()) {
                (Some(r), Some(c)) if r < rows && c < cols => Ok((r, c)),
                _ => Err(PyValueError::new_err(format!(
                    "{name}: ({}, {}) is outside the {rows}×{cols} board (rows 0 to {}, columns 0 to {})",
                    row.0,
                    col.0,
                    rows - 1,
                    cols - 1
                ))),
            }
        };
        let (a, b) = (cell("a", a)?, cell("b", b)?);
        Ok(self.table.outcome(a, b).map(|o| (Player::winner(o).to_string(), o.remoteness)))
    }

    fn __repr__(&self) -> String {
        format!("<FootholdsTablebase {}×{}>", self.table.rows(), self.table.cols())
    }

    fn _repr_svg_(&self) -> String {
        report::tablebase_svg(&self.instance, &self.table)
    }
}
