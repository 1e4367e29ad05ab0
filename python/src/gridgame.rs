//! The grid game (BOJ 28218) from Python: the judge's function, and a board with its whole-board tables.

use crate::run::{self, ArrayCell, Deadline, Int, TooMany};
use num_bigint::Sign;
use numpy::ndarray::{Array, Ix2};
use numpy::{IntoPyArray, PyArray2};

use perfectplay::format::TextFormat;
use perfectplay::games::gridgame::{
    Analysis, Board, Cell, Instance, MAX_QUERIES, MAX_SIDE, Wanted, k_too_large, off_size, optimal_line, ragged_row,
    report,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

/// `"First"` or `"Second"` for each query: the answer of BOJ 28218 (격자 게임).
///
/// `grid` is a list of row strings of `.` (open) and `#` (wall); `k` the diagonal reach; `queries` 1-based
/// `(x, y)` pairs (row, column) as the judge gives them. Raises `ValueError` with the command line's message.
///
/// >>> import perfectplay
/// >>> perfectplay.gridgame([".#", ".."], 0, [(1, 1), (2, 1)])
/// ['Second', 'First']
/// >>> perfectplay.gridgame([".###", "#.##", "##.."], 1, [(1, 1), (2, 2), (3, 3)])
/// ['First', 'Second', 'First']
/// >>> perfectplay.gridgame([".#", ".."], 0, [(1, 2)])
/// Traceback (most recent call last):
///     ...
/// ValueError: query 1: (1, 2) is a wall
#[pyfunction]
#[pyo3(signature = (grid, k, queries))]
pub fn gridgame<'py>(
    py: Python<'py>,
    grid: &Bound<'_, PyAny>,
    k: &Bound<'_, PyAny>,
    queries: Bound<'_, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    GridGame::new(grid, k, Some(queries))?.answers_until(py, &Deadline::NONE)
}

/// A `ValueError` about the `grid` argument with the core's message about the board.
fn grid_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("grid: {message}"))
}

/// The grid's rows, strings of `.` and `#`: a `TypeError` names the row that is not a string. Its size is checked
/// on the way by the lengths alone, so that a grid past [`MAX_SIDE`] rows or columns is refused with the core's
/// message (`grid: the board must have 1 to 5000 rows and columns, not 10000×3`) after reading at most one row
/// past it, and no string longer than a row may be is copied.
fn grid_rows(grid: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let length = |i: usize, row: &Bound<'_, PyAny>| -> PyResult<usize> {
        if !row.is_instance_of::<PyString>() {
            let found = row.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string());
            return Err(PyTypeError::new_err(format!("grid[{i}]: expected a string of '.' and '#', found {found}")));
        }
        row.len()
    };
    let off_size = |rows: Option<usize>, cols: usize| {
        grid_error(match rows {
            Some(rows) => off_size(rows, cols),
            None => format!("the board must have 1 to {MAX_SIDE} rows and columns, found more than {MAX_SIDE} rows"),
        })
    };
    let rows = match run::sequence("grid", "a list of rows of '.' and '#'", grid, MAX_SIDE)? {
        Ok(rows) => rows,
        Err(many) => {
            // More rows than a board may have: the first row's length for the core's message.
            let cols = match many.first()? {
                Some(first) => length(0, &first)?,
                None => 0,
            };
            return Err(off_size(many.reported, cols));
        }
    };
    let mut strings: Vec<String> = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        run::paced(grid.py(), i)?;
        let cells = length(i, row)?;
        if cells > MAX_SIDE {
            return Err(match strings.first() {
                None => off_size(Some(rows.len()), cells),
                // As the core words a row of another length than the first.
                Some(first) => grid_error(ragged_row(i + 1, cells, first.chars().count())),
            });
        }
        // A `str` that is no text (a lone surrogate) is a `ValueError`, as for every other string argument.
        strings.push(run::argument(&format!("grid[{i}]"), "a string of '.' and '#'", row)?);
    }
    Ok(strings)
}

/// The board of `grid` with diagonal reach `k`: the core's messages about the board after the argument's name,
/// `grid: board row 2: …`, and about K after `k: ` (`k: the diagonal reach must be at most min(N - 1, M - 1) = 1,
/// not 5`, N and M being the grid's rows and columns, as the judge calls them).
fn board_of(grid: &[String], k: &Int) -> PyResult<Board> {
    const K: &str = "the diagonal reach";
    let rows: Vec<&str> = grid.iter().map(String::as_str).collect();
    // The board's own mistakes first, then k (below 0, too big for any board, or for this one).
    let board = Board::from_rows(&rows, 0).map_err(grid_error)?;
    if k.0.sign() == Sign::Minus {
        return Err(PyValueError::new_err(format!("k: {K} must be at least 0, not {}", k.0)));
    }
    let most = board.max_k();
    match k.get::<usize>().filter(|&k| k <= most) {
        Some(k) => board.with_k(k).map_err(run::input_error),
        None => Err(PyValueError::new_err(format!("k: {}", k_too_large(K, most, &k.0)))),
    }
}

/// The judge's 1-based queries; a coordinate too big for the core's reader gets the message of any other off the
/// board (`query 3: x must be between 1 and N, found …`).
fn judge_queries(board: &Board, queries: &[(Int, Int)]) -> PyResult<Vec<(i64, i64)>> {
    let bound = |i: usize, name: &str, value: &Int, most: usize| {
        value.get::<i64>().ok_or_else(|| {
            PyValueError::new_err(format!("query {}: {name} must be between 1 and {most}, found {}", i + 1, value.0))
        })
    };
    let (rows, cols) = (board.rows(), board.cols());
    queries.iter().enumerate().map(|(i, (x, y))| Ok((bound(i, "x", x, rows)?, bound(i, "y", y, cols)?))).collect()
}

/// A grid-game board with its queries (one-token starts).
///
/// `GridGame(grid, k, queries=None)` takes the judge's arguments; `GridGame.parse(text)` the judge's input.
/// `solve()` gives the whole board's tables as numpy arrays; `answers()` the judge's output. Games are equal when
/// their boards, `k` and queries (in order) are, and hash so.
///
/// >>> from perfectplay import GridGame
/// >>> game = GridGame(["....", ".#..", "...."], 0, [(3, 2)])
/// >>> game.answers()
/// ['Second']
/// >>> tables = game.solve()
/// >>> tables.remoteness
/// array([[5, 4, 3, 2],
///        [4, 0, 2, 1],
///        [3, 2, 1, 0]], dtype=uint16)
#[pyclass(module = "perfectplay", frozen, eq, hash)]
#[derive(PartialEq, Eq, Hash)]
pub struct GridGame {
    instance: Instance,
}

impl GridGame {
    /// The judge's answers, solved and made into a list of strings until `deadline`.
    fn answers_until<'py>(&self, py: Python<'py>, deadline: &Deadline) -> PyResult<Bound<'py, PyList>> {
        let board = self.instance.board();
        let analysis = run::solve_until(py, deadline, |limits| Analysis::solve(board, Wanted::default(), &limits))?;
        let text = report::text(&self.instance, &analysis, report::Options::default());
        run::list_until(py, deadline, text.lines(), |answer| answer)
    }
}

#[pymethods]
impl GridGame {
    #[new]
    #[pyo3(signature = (grid, k, queries=None))]
    fn new(grid: &Bound<'_, PyAny>, k: &Bound<'_, PyAny>, queries: Option<Bound<'_, PyAny>>) -> PyResult<GridGame> {
        let grid = grid_rows(grid)?;
        let k: Int = run::argument("k", "an integer", k)?;
        let board = board_of(&grid, &k)?;
        let too_many = |many: TooMany<'_>| {
            PyValueError::new_err(format!(
                "queries: at most {MAX_QUERIES} queries are taken (the judge's bound on Q), found {}",
                many.number()
            ))
        };
        let queries = match queries {
            Some(queries) => run::pairs("queries", &queries, MAX_QUERIES, too_many)?,
            None => Vec::new(),
        };
        let queries = judge_queries(&board, &queries)?;
        Ok(GridGame { instance: Instance::from_judge_queries(board, &queries).map_err(run::input_error)? })
    }

    /// Reads the judge's input (`N M K`, N rows, `Q`, Q lines `x y`). Raises `ValueError` naming the line and
    /// column of a mistake.
    ///
    /// >>> from perfectplay import GridGame
    /// >>> GridGame.parse("2 2 1\n..\n..\n1\n1 1\n").answers()
    /// ['First']
    /// >>> GridGame.parse("2 2 5\n..\n..\n0\n")
    /// Traceback (most recent call last):
    ///     ...
    /// ValueError: line 1, column 5: K (the diagonal reach) must be between 0 and min(N - 1, M - 1) = 1, found 5
    #[staticmethod]
    fn parse(py: Python<'_>, #[pyo3(from_py_with = run::keyword::text)] text: String) -> PyResult<GridGame> {
        // The judge's largest input takes a tenth of a second to read: other Python threads run meanwhile.
        let instance = py.detach(|| Instance::parse_judge(&text, false)).map_err(run::input_error)?;
        Ok(GridGame { instance })
    }

    /// Number of rows, N.
    #[getter]
    fn rows(&self) -> usize {
        self.instance.board().rows()
    }

    /// Number of columns, M.
    #[getter]
    fn cols(&self) -> usize {
        self.instance.board().cols()
    }

    /// The diagonal reach, K.
    #[getter]
    fn k(&self) -> usize {
        self.instance.board().k()
    }

    /// The queries, 1-based `(x, y)` (a list made anew each time, stopped by Ctrl-C: a game may have a million).
    #[getter]
    fn queries<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let queries = self.instance.queries().map(|q| (q[0].row + 1, q[0].col + 1));
        run::list_until(py, &Deadline::NONE, queries, |query| query)
    }

    /// `"First"` or `"Second"` for each query, as the judge wants them. `time_limit` covers the making of the list
    /// too (a million queries), and so does Ctrl-C.
    #[pyo3(signature = (*, time_limit=None))]
    fn answers<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = run::keyword::time_limit)] time_limit: Option<f64>,
    ) -> PyResult<Bound<'py, PyList>> {
        self.answers_until(py, &Deadline::start(time_limit)?)
    }

    /// Solves the whole board by backward induction: win/lose for every cell, and the remoteness and Grundy
    /// tables when asked (both by default). O(N·M) whatever K; 2 000 × 2 000 takes well under a second.
    #[pyo3(signature = (*, remoteness=true, grundy=true, time_limit=None))]
    fn solve(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = run::keyword::remoteness)] remoteness: bool,
        #[pyo3(from_py_with = run::keyword::grundy)] grundy: bool,
        #[pyo3(from_py_with = run::keyword::time_limit)] time_limit: Option<f64>,
    ) -> PyResult<GridTables> {
        let board = self.instance.board();
        let wanted = Wanted { remoteness, grundy };
        let analysis = run::solve(py, time_limit, |limits| Analysis::solve(board, wanted, &limits))?;
        Ok(GridTables {
            instance: self.instance.clone(),
            analysis,
            open: ArrayCell::new(),
            wins: ArrayCell::new(),
            remoteness: ArrayCell::new(),
            grundy: ArrayCell::new(),
        })
    }

    /// Pickled as its judge text, read back by `GridGame.parse` (for `multiprocessing`, `copy`).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<run::Reduced<'py, (String,)>> {
        Ok((slf.get_type().getattr("parse")?, (slf.get().instance.to_text(),)))
    }

    /// The constructor's call that makes the game again, `GridGame(['..', '.#'], 1, [(1, 1)])`, while it is at
    /// most [`run::REPR_MOST`] characters; a bigger game (up to 5000 × 5000 cells and 1 000 000 queries) is summed
    /// up, `<GridGame 5000×5000, K = 3, 1 query>`, for a repr that a console can show.
    fn __repr__(&self) -> String {
        let board = self.instance.board();
        let (rows, cols, queries) = (board.rows(), board.cols(), self.instance.query_count());
        run::call_or_summary(
            |out| {
                out.write_str("GridGame([")?;
                for (i, row) in board.open_cells().chunks(cols).enumerate() {
                    write!(out, "{}'{}'", if i == 0 { "" } else { ", " }, row_text(row))?;
                }
                write!(out, "], {}", board.k())?;
                if queries > 0 {
                    out.write_str(", ")?;
                    run::write_pairs(out, self.instance.queries().map(|q| (q[0].row + 1, q[0].col + 1)))?;
                }
                out.write_str(")")
            },
            || {
                let noun = if queries == 1 { "query" } else { "queries" };
                format!("<GridGame {rows}×{cols}, K = {}, {queries} {noun}>", board.k())
            },
        )
    }
}

/// A row of the board as the grid gives it: `.` open, `#` wall.
fn row_text(open: &[bool]) -> String {
    open.iter().map(|&open| if open { '.' } else { '#' }).collect()
}

/// One move of a line: from `(x, y)`, the step, to `(x, y)` (1-based, as the judge numbers cells).
type GridMove = ((u32, u32), String, (u32, u32));

/// The whole board solved: numpy arrays of shape `(N, M)`, indexed `[row, column]` 0-based (the judge's `(x, y)`
/// is `[x - 1, y - 1]`). In Jupyter it draws itself as the board's map.
#[pyclass(module = "perfectplay", frozen)]
pub struct GridTables {
    instance: Instance,
    analysis: Analysis,
    /// The `open` array, once asked for.
    open: ArrayCell<bool, Ix2>,
    /// The `wins` array, once asked for.
    wins: ArrayCell<bool, Ix2>,
    /// The `remoteness` array, once asked for.
    remoteness: ArrayCell<u16, Ix2>,
    /// The `grundy` array, once asked for.
    grundy: ArrayCell<u16, Ix2>,
}

impl GridTables {
    /// The array of `value` of every cell, built once into `cell` and read-only.
    fn array<'py, T: numpy::Element>(
        &self,
        py: Python<'py>,
        cell: &ArrayCell<T, Ix2>,
        value: impl Fn(Cell) -> T,
    ) -> PyResult<Bound<'py, PyArray2<T>>> {
        run::read_only_array(py, cell, || {
            let board = self.instance.board();
            let (rows, cols) = (board.rows(), board.cols());
            let data = (0..rows * cols).map(|i| value(board.cell(i))).collect();
            Array::from_shape_vec((rows, cols), data).expect("N × M cells").into_pyarray(py)
        })
    }
}

#[pymethods]
impl GridTables {
    /// `bool` array: which cells are open (not walls). The same read-only array each time (`.copy()` to edit).
    #[getter]
    fn open<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        self.array(py, &self.open, |cell| self.instance.board().is_open(cell))
    }

    /// `bool` array: whether the player to move with the token on the cell wins (`False` on walls). The same
    /// read-only array each time (`.copy()` to edit).
    #[getter]
    fn wins<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        self.array(py, &self.wins, |cell| self.analysis.wins(self.instance.board(), cell) == Some(true))
    }

    /// `uint16` array: moves to the end under optimal play (0 on walls), or `None` when not computed. The same
    /// read-only array each time (`.copy()` to edit).
    #[getter]
    fn remoteness<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyArray2<u16>>>> {
        let Some(table) = self.analysis.remoteness_table() else { return Ok(None) };
        self.array(py, &self.remoteness, |cell| table[self.instance.board().index(cell)]).map(Some)
    }

    /// `uint16` array: Sprague–Grundy values (0 on walls), or `None` when not computed. Several tokens: the first
    /// player wins exactly when the XOR of their cells' values is not 0. The same read-only array each time
    /// (`.copy()` to edit).
    #[getter]
    fn grundy<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyArray2<u16>>>> {
        let Some(table) = self.analysis.grundy_table() else { return Ok(None) };
        self.array(py, &self.grundy, |cell| table[self.instance.board().index(cell)]).map(Some)
    }

    /// The optimal line from the judge's 1-based `(x, y)`: a list of `((x, y), step, (x, y))` moves, `step` being
    /// `"down"`, `"right"` or `"diagonal k"`; the winner ends the game as fast as possible, the loser holds out as
    /// long as possible. Needs the remoteness table (`solve(remoteness=True)`, the default).
    ///
    /// >>> from perfectplay import GridGame
    /// >>> GridGame(["...", "..."], 1).solve().line(1, 1)
    /// [((1, 1), 'down', (2, 1)), ((2, 1), 'right', (2, 2)), ((2, 2), 'right', (2, 3))]
    fn line(
        &self,
        #[pyo3(from_py_with = run::keyword::x)] x: Int,
        #[pyo3(from_py_with = run::keyword::y)] y: Int,
    ) -> PyResult<Vec<GridMove>> {
        let Some(table) = self.analysis.remoteness_table() else {
            return Err(PyValueError::new_err("line: the remoteness table was not computed (solve(remoteness=True))"));
        };
        let board = self.instance.board().clone();
        let x = x.within("x", 1, board.rows() as i64)?;
        let y = y.within("y", 1, board.cols() as i64)?;
        // In range, the only mistake left is a wall, which the core words as for a query.
        let start = Instance::from_judge_queries(board, &[(x, y)])
            .map_err(|e| PyValueError::new_err(format!("line: {}", e.to_string().trim_start_matches("query 1: "))))?
            .queries()
            .next()
            .expect("one query")[0];
        let judge = |cell: Cell| (cell.row + 1, cell.col + 1);
        Ok(optimal_line(self.instance.board(), table, start)
            .into_iter()
            .map(|mv| (judge(mv.from), mv.step.to_string(), judge(mv.to)))
            .collect())
    }

    fn __repr__(&self) -> String {
        let board = self.instance.board();
        format!("<GridTables {}×{}, K = {}>", board.rows(), board.cols(), board.k())
    }

    fn _repr_svg_(&self) -> String {
        report::board_map(&self.instance, &self.analysis, self.analysis.remoteness_table().is_none())
    }
}
