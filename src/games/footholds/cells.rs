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

    /// `self << by` for `by` from 1 to 63 (a row of a board narrower than 64 columns).
    fn shl_narrow(self, by: u32) -> Self {
        self << by as usize
    }

    /// `self >> by` for `by` from 1 to 63.
    fn shr_narrow(self, by: u32) -> Self {
        self >> by as usize
    }
}

impl Cells for u64 {
    const CAPACITY: usize = 64;
}

impl Cells for u128 {
    const CAPACITY: usize = 128;

    fn single(cell: usize) -> u128 {
        let bit = 1u64 << (cell & 63);
        // All ones when the cell is in the low half, else zero: no test and conditional move.
        let low_half = ((cell >> 6) as u64).wrapping_sub(1);
        (u128::from(bit & !low_half) << 64) | u128::from(bit & low_half)
    }

    fn has(self, cell: usize) -> bool {
        let word = if cell < 64 { self as u64 } else { (self >> 64) as u64 };
        (word >> (cell & 63)) & 1 == 1
    }

    /// In two 64-bit halves: a shift by a variable amount that may reach 64 or more costs tests and conditional moves
    /// on every call, and the flood steps of the search make these shifts their hottest code. (With `single` and
    /// `has` above, one thread, same positions: 9×9 (4,4)–(4,5) 4.8 → 4.3 s, 8×10 (3,4)–(4,5) 9.5 → 8.5 s.)
    fn shl_narrow(self, by: u32) -> u128 {
        debug_assert!((1..64).contains(&by));
        let (low, high) = (self as u64, (self >> 64) as u64);
        (u128::from((high << by) | (low >> (64 - by))) << 64) | u128::from(low << by)
    }

    fn shr_narrow(self, by: u32) -> u128 {
        debug_assert!((1..64).contains(&by));
        let (low, high) = (self as u64, (self >> 64) as u64);
        (u128::from(high >> by) << 64) | u128::from((low >> by) | (high << (64 - by)))
    }
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
    use proptest::prelude::*;

    proptest! {
        /// The two-halves shifts and bit tests of 128-bit sets agree with the plain operations.
        #[test]
        fn wide_sets_shift_and_test_like_plain_words(set: u128, by in 1u32..64, cell in 0usize..128) {
            prop_assert_eq!(set.shl_narrow(by), set << by);
            prop_assert_eq!(set.shr_narrow(by), set >> by);
            prop_assert_eq!(u128::single(cell), 1u128 << cell);
            prop_assert_eq!(set.has(cell), (set >> cell) & 1 == 1);
            prop_assert_eq!(u64::single(cell % 64), 1u64 << (cell % 64));
            prop_assert_eq!((set as u64).shl_narrow(by), (set as u64) << by);
        }
    }

    #[test]
    fn highest_cells_are_kept() {
        let set = u64::single(63) | u64::single(0);
        assert!(set.has(63) && set.has(0) && !set.has(62));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 63]);
        let wide = u128::single(127) | u128::single(64);
        assert_eq!(wide.iter().collect::<Vec<_>>(), vec![64, 127]);
    }
}
