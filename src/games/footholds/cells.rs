//! Sets of cells as machine words: `u64` for boards of up to 64 cells, `u128` up to 128.
//!
//! The solver is generic over the word, so a board of 64 cells or fewer pays nothing for the larger boards.

use num_traits::PrimInt;
use std::fmt::Debug;
use std::hash::Hash;

/// A set of board cells, one bit per cell (cell `r * cols + c` is bit `r * cols + c`).
pub trait Cells: PrimInt + Hash + Debug + Send + Sync + 'static {
    /// How many cells the word can hold.
    const CAPACITY: usize;

    /// The set holding only `cell`.
    fn single(cell: usize) -> Self {
        Self::one() << cell
    }

    /// Whether `cell` is in the set.
    fn has(self, cell: usize) -> bool {
        (self >> cell) & Self::one() == Self::one()
    }

    /// The cells of the set, lowest first.
    fn iter(self) -> CellIter<Self> {
        CellIter(self)
    }
}

impl Cells for u64 {
    const CAPACITY: usize = 64;
}

impl Cells for u128 {
    const CAPACITY: usize = 128;
}

/// Iterator over the cells of a set, lowest first.
pub struct CellIter<B>(B);

impl<B: Cells> Iterator for CellIter<B> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0.is_zero() {
            return None;
        }
        let cell = self.0.trailing_zeros() as usize;
        self.0 = self.0 & (self.0 - B::one());
        Some(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highest_cells_are_kept() {
        let set = u64::single(63) | u64::single(0);
        assert!(set.has(63) && set.has(0) && !set.has(62));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 63]);
        let wide = u128::single(127) | u128::single(64);
        assert_eq!(wide.iter().collect::<Vec<_>>(), vec![64, 127]);
    }
}
