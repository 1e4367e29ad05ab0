//! The published census (`data/census/`), built into the library: the tablebase of every full board up to 8×8 and
//! of the full 9×9 board, read rather than solved where an answer is wanted at once (the server's map of every start
//! pair, which would otherwise take seconds to minutes on such boards).
//!
//! The files are the ones `census verify` checks and the tests compare with the solver; a board that is not full,
//! or larger, has no published tablebase.
//!
//! ```
//! use perfectplay::census::published;
//! use perfectplay::engine::Outcome;
//! use perfectplay::format::TextFormat;
//! use perfectplay::games::footholds::Instance;
//!
//! let full = Instance::parse(&format!("{:?} [0, 0] [7, 7]", vec![vec![1; 8]; 8])).unwrap();
//! let table = published::tablebase(&full).unwrap();
//! assert_eq!(table.outcome((0, 0), (7, 7)), Some(Outcome::lose(62))); // B wins in 62, as the README's table says
//! let holed = Instance::parse("[[1, 1, 0]] [0, 0] [0, 1]").unwrap();
//! assert!(published::tablebase(&holed).is_none());
//! ```

use super::file::CensusFile;
use crate::engine::Outcome;
use crate::games::footholds::{
    Cell, Instance, Solution, SolveOptions, Tablebase, Unfinished, UnfinishedTablebase, Wanted, solve_knowing,
    tablebase_from_known, tablebase_or_unfinished,
};
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// One published file: its board's rows and columns (rows ≤ columns) and its text.
macro_rules! published {
    ($rows:literal, $cols:literal) => {
        ($rows, $cols, include_str!(concat!("../../data/census/full-", $rows, "x", $cols, ".census")))
    };
}

/// Every published file, by the shape of its board.
const FILES: &[(usize, usize, &str)] = &[
    published!(1, 1),
    published!(1, 2),
    published!(1, 3),
    published!(1, 4),
    published!(1, 5),
    published!(1, 6),
    published!(1, 7),
    published!(1, 8),
    published!(2, 2),
    published!(2, 3),
    published!(2, 4),
    published!(2, 5),
    published!(2, 6),
    published!(2, 7),
    published!(2, 8),
    published!(3, 3),
    published!(3, 4),
    published!(3, 5),
    published!(3, 6),
    published!(3, 7),
    published!(3, 8),
    published!(4, 4),
    published!(4, 5),
    published!(4, 6),
    published!(4, 7),
    published!(4, 8),
    published!(5, 5),
    published!(5, 6),
    published!(5, 7),
    published!(5, 8),
    published!(6, 6),
    published!(6, 7),
    published!(6, 8),
    published!(7, 7),
    published!(7, 8),
    published!(8, 8),
    published!(9, 9),
];

/// The published tablebase of the instance's board (its own starts are ignored), or `None` when the board is not a
/// full board of a published census (every cell a foothold; up to 8×8, or 9×9). A board with more rows than columns
/// is read from the census of its transpose.
pub fn tablebase(instance: &Instance) -> Option<Tablebase> {
    let (file_table, transposed) = file_tablebase(instance)?;
    if !transposed {
        return Some(file_table.clone());
    }
    // Each pair read across from the transpose's tablebase.
    tablebase_from_known(instance, |(ar, ac), (br, bc)| file_table.outcome((ac, ar), (bc, br)))
}

/// The outcome for A of the instance's own start pair, from the published census, or `None` when the board is not
/// a full board of a published census (see [`tablebase`]). The first look at a file reads it whole (0.1 s for
/// 9×9); later looks are a lookup.
///
/// ```
/// use perfectplay::census::published;
/// use perfectplay::engine::Outcome;
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::Instance;
///
/// let centre = Instance::parse(&format!("{:?} [4, 4] [4, 5]", vec![vec![1; 9]; 9])).unwrap();
/// assert_eq!(published::outcome(&centre), Some(Outcome::win(79))); // A wins in 79
/// ```
pub fn outcome(instance: &Instance) -> Option<Outcome> {
    let (file_table, transposed) = file_tablebase(instance)?;
    let ((ar, ac), (br, bc)) = (instance.a(), instance.b());
    if transposed { file_table.outcome((ac, ar), (bc, br)) } else { file_table.outcome((ar, ac), (br, bc)) }
}

/// The tablebase of the published file that holds the instance's board, as read (rows ≤ columns), and whether the
/// board is that file's transpose. Each file is read once per process.
fn file_tablebase(instance: &Instance) -> Option<(&'static Tablebase, bool)> {
    static READ: [OnceLock<Option<Tablebase>>; FILES.len()] = [const { OnceLock::new() }; FILES.len()];
    if instance.footholds().contains(&false) {
        return None;
    }
    let (rows, cols) = (instance.rows(), instance.cols());
    let transposed = rows > cols;
    let shape = if transposed { (cols, rows) } else { (rows, cols) };
    let index = FILES.iter().position(|(r, c, _)| (*r, *c) == shape)?;
    let table = READ[index].get_or_init(|| {
        let (rows, cols, text) = FILES[index];
        // The files are checked by the tests (checksums, every pair, a sample solved again): one that does not read
        // is no tablebase here, and the caller solves the board instead.
        let file = CensusFile::parse(text).ok()?;
        let known: FxHashMap<(Cell, Cell), Outcome> = file.records.iter().map(|r| ((r.a, r.b), r.outcome)).collect();
        let board = Instance::new(vec![vec![true; cols]; rows], (0, 0), (0, 0)).ok()?;
        tablebase_from_known(&board, |a, b| known.get(&(a, b)).copied())
    });
    Some((table.as_ref()?, transposed))
}

/// The instance solved as [`solve_or_bounds`](crate::games::footholds::solve_or_bounds) does, but with the
/// outcome of its start read from the published census when it holds the board (see [`outcome`]): a full board up
/// to 9×9 is answered at once; the ranked moves and the optimal line, when wanted, are searched, the search taking
/// the census's outcome as its first guess (see [`solve_knowing`]; 9×9 from (4,4)–(5,5) with both, one thread:
/// 235.6 million positions against 304.5 million, but (4,4)–(4,5) 138.5 against 141.5 million).
///
/// This is what `perfectplay footholds`, the server and the Python package call; `--no-census` (Python
/// `census=False`) calls the solver alone.
///
/// # Errors
/// [`Unfinished`] when the limits of `options` stop the search first.
///
/// ```
/// use perfectplay::census::published;
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, SolveOptions, Wanted};
///
/// let centre = Instance::parse(&format!("{:?} [4, 4] [4, 5]", vec![vec![1; 9]; 9])).unwrap();
/// let solution = published::solve_or_bounds(&centre, Wanted::default(), SolveOptions::default()).unwrap();
/// assert!(solution.outcome_given);
/// assert_eq!((solution.winner().to_string(), solution.outcome.remoteness), ("A".to_string(), 79));
/// ```
pub fn solve_or_bounds(instance: &Instance, wanted: Wanted, options: SolveOptions) -> Result<Solution, Unfinished> {
    solve_knowing(instance, wanted, options, outcome(instance))
}

/// The instance's tablebase: read from the published census when it holds the board (see [`tablebase`]), at once
/// and whatever the limits, and otherwise solved within `options`, as
/// [`tablebase_or_unfinished`] does.
///
/// This is what `perfectplay footholds --table` and `--map`, the server's maps and the Python `tablebase` call; the
/// solver alone (for benchmarks, or to check the census) is `tablebase_or_unfinished`.
///
/// # Errors
/// [`UnfinishedTablebase`] when the board is solved and its limits (deadline or cancel flag) stop the solve first,
/// saying how many start pairs were solved.
///
/// # Examples
/// ```
/// use perfectplay::census::published;
/// use perfectplay::engine::Outcome;
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, SolveOptions};
///
/// // The full 9×9 board's 861 start pairs up to symmetry took half an hour to solve; they are read.
/// let full = Instance::parse(&format!("{:?} [4, 4] [4, 5]", vec![vec![1; 9]; 9])).unwrap();
/// let table = published::tablebase_or_solve(&full, SolveOptions::default()).unwrap();
/// assert_eq!(table.outcome((4, 4), (4, 5)), Some(Outcome::win(79))); // A wins in 79
/// // A board with a hole is solved.
/// let holed = Instance::parse("[[1, 1, 1], [1, 0, 1]] [0, 0] [1, 2]").unwrap();
/// assert!(published::tablebase_or_solve(&holed, SolveOptions::default()).is_ok());
/// ```
pub fn tablebase_or_solve(instance: &Instance, options: SolveOptions) -> Result<Tablebase, UnfinishedTablebase> {
    match tablebase(instance) {
        Some(table) => Ok(table),
        None => tablebase_or_unfinished(instance, options),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::footholds::{SolveOptions, solve, tablebase as solved_tablebase};

    fn full(rows: usize, cols: usize) -> Instance {
        Instance::new(vec![vec![true; cols]; rows], (0, 0), (rows - 1, cols - 1)).unwrap()
    }

    /// Every published board of at most 30 cells, and its transpose: the tablebase read is the one solved, pair
    /// for pair (the mirror images and the transpose filled in as the solver fills them).
    #[test]
    fn small_published_tablebases_are_the_solved_ones() {
        let mut compared = 0;
        for &(rows, cols, _) in FILES.iter().filter(|(r, c, _)| r * c <= 30) {
            for (rows, cols) in [(rows, cols), (cols, rows)] {
                let instance = full(rows, cols);
                let read = tablebase(&instance).unwrap_or_else(|| panic!("{rows}×{cols} is published"));
                assert_eq!(read, solved_tablebase(&instance, SolveOptions::default()).unwrap(), "{rows}×{cols}");
                compared += 1;
            }
        }
        assert!(compared >= 30, "{compared} boards compared");
    }

    /// On the large boards every pair has an outcome; those the solver finds in milliseconds (the corners, and a
    /// corner against the far side) agree, from both players' sides and across the transpose.
    #[test]
    fn large_published_tablebases_agree_with_quick_solves() {
        for (rows, cols) in [(8, 8), (9, 9), (7, 8), (8, 7), (6, 8), (8, 6)] {
            let instance = full(rows, cols);
            let table = tablebase(&instance).unwrap();
            let cells = |r: usize| (0..cols).map(move |c| (r, c));
            assert!(
                (0..rows).flat_map(cells).all(|a| (0..rows).flat_map(cells).all(|b| table.outcome(a, b).is_some()))
            );
            let corners = [(0, 0), (rows - 1, cols - 1), (0, cols - 1), (rows - 1, 0)];
            for (a, b) in
                [(corners[0], corners[1]), (corners[1], corners[0]), (corners[2], corners[3]), (corners[0], corners[2])]
            {
                let start = instance.with_starts(a, b).unwrap();
                let outcome = solve(&start, Default::default(), SolveOptions::default()).unwrap().outcome;
                assert_eq!(table.outcome(a, b), Some(outcome), "{rows}×{cols} {a:?}–{b:?}");
            }
        }
    }

    /// A start's outcome read from the census, and a solve that takes it as its first guess, are those of the solver
    /// alone: the same outcome, ranked moves and optimal line (a line is the first of the moves that keep the
    /// outcome, so it is the same line), on every shape up to 6×6 and its transpose, for start pairs of a seeded
    /// random choice.
    #[test]
    fn solves_from_the_census_are_the_solved_ones() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(92345);
        let wanted = Wanted { ranked_moves: true, line: true };
        for &(rows, cols, _) in FILES.iter().filter(|(r, c, _)| r * c <= 36) {
            for (rows, cols) in [(rows, cols), (cols, rows)] {
                for _ in 0..3 {
                    let mut cell = || (rng.random_range(0..rows), rng.random_range(0..cols));
                    let start = full(rows, cols).with_starts(cell(), cell()).unwrap();
                    let read = solve_or_bounds(&start, wanted, SolveOptions::default()).unwrap();
                    let solved = solve(&start, wanted, SolveOptions::default()).unwrap();
                    let answer = solve_or_bounds(&start, Wanted::default(), SolveOptions::default()).unwrap();
                    assert!(answer.outcome_given && answer.stats.nodes == 0);
                    assert!(!read.outcome_given && !solved.outcome_given);
                    let what = format!("{rows}×{cols} {:?}–{:?}", start.a(), start.b());
                    assert_eq!(Some(solved.outcome), outcome(&start), "{what}");
                    assert_eq!((answer.outcome, read.outcome), (solved.outcome, solved.outcome), "{what}");
                    assert_eq!(read.ranked_moves, solved.ranked_moves, "{what}");
                    assert_eq!(read.line, solved.line, "{what}");
                }
            }
        }
        let holed = Instance::new(vec![vec![true, true], vec![true, false]], (0, 0), (0, 1)).unwrap();
        assert_eq!(outcome(&holed), None);
        assert!(!solve_or_bounds(&holed, wanted, SolveOptions::default()).unwrap().outcome_given);
    }

    #[test]
    fn boards_with_holes_or_unpublished_sizes_have_none() {
        let holed = Instance::new(vec![vec![true, true], vec![true, false]], (0, 0), (0, 1)).unwrap();
        assert_eq!(tablebase(&holed), None);
        assert_eq!(tablebase(&full(9, 10)), None);
        assert_eq!(tablebase(&full(10, 10)), None);
        assert!(tablebase(&full(1, 1)).is_some());
    }
}
