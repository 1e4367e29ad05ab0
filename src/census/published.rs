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
    Cell, Instance, SolveOptions, Tablebase, UnfinishedTablebase, tablebase_from_known, tablebase_or_unfinished,
};
use rustc_hash::FxHashMap;

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
    if instance.footholds().contains(&false) {
        return None;
    }
    let (rows, cols) = (instance.rows(), instance.cols());
    let transposed = rows > cols;
    let shape = if transposed { (cols, rows) } else { (rows, cols) };
    let &(_, _, text) = FILES.iter().find(|(r, c, _)| (*r, *c) == shape)?;
    // The files are checked by the tests (checksums, every pair, a sample solved again): one that does not read is
    // no tablebase here, and the caller solves the board instead.
    let file = CensusFile::parse(text).ok()?;
    let known: FxHashMap<(Cell, Cell), Outcome> = file.records.iter().map(|r| ((r.a, r.b), r.outcome)).collect();
    if !transposed {
        return tablebase_from_known(instance, |a, b| known.get(&(a, b)).copied());
    }
    // The transpose's own tablebase first (its distinct pairs are the census's), then each pair read across.
    let transpose = Instance::new(vec![vec![true; rows]; cols], (0, 0), (0, 0)).ok()?;
    let table = tablebase_from_known(&transpose, |a, b| known.get(&(a, b)).copied())?;
    tablebase_from_known(instance, |(ar, ac), (br, bc)| table.outcome((ac, ar), (bc, br)))
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

    #[test]
    fn boards_with_holes_or_unpublished_sizes_have_none() {
        let holed = Instance::new(vec![vec![true, true], vec![true, false]], (0, 0), (0, 1)).unwrap();
        assert_eq!(tablebase(&holed), None);
        assert_eq!(tablebase(&full(9, 10)), None);
        assert_eq!(tablebase(&full(10, 10)), None);
        assert!(tablebase(&full(1, 1)).is_some());
    }
}
