//! The mirror rule: a position that the half turn of the board maps onto itself, the two players swapped, is lost for
//! the player to move, whose opponent answers every move with its image.
//!
//! Why it holds: the half turn keeps adjacency, so the image of a step is a step from the image of the cell left. The
//! image of the cell stepped to is a foothold (the footholds are their own image) and still there, unless it is the
//! cell stepped to itself (a cell kept in place) or the cell the mover just left (a cell mapped onto a neighbour);
//! and the mover cannot step onto the opponent's cell, the image of the mover's own, for the same reason. So where
//! no foothold is kept in place or mapped onto a neighbour (on a board with two even sides there is no such cell;
//! with two odd sides only the centre is kept in place; with one of each, the two middle cells of the middle line
//! are mapped onto each other), the answer is always legal, the position after it is symmetric again, and the mover
//! runs out of moves first.
//!
//! The search meets such positions on symmetric boards whose starts are each other's images: the full 8×16 board
//! from its corners, for one, where the rule answers at once who wins, which 21 minutes of search on two threads had
//! not settled, and the search only has to find how long the loser holds out.

use super::cells::Cells;
use crate::engine::Outcome;

/// Which player can copy the other's every move from a position, by the mirror rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copier {
    /// The player to move loses: the position is its own image, the players swapped, and the other player answers
    /// every move with its image.
    Other,
    /// The player to move wins by stepping to `to` (a cell index), the image of the other player's cell: the
    /// position is then its own image, and the mover answers every move with its image.
    Mover {
        /// The cell the mover steps to.
        to: usize,
    },
}

/// The half turn of a `rows` × `cols` board, as a map of cell sets.
#[derive(Clone, Copy, Debug)]
pub struct HalfTurn<B> {
    /// Cells of the board: cell `i` goes to `cells − 1 − i`, the reversed bit order.
    cells: usize,
    /// Cells that the half turn keeps in place or maps onto a neighbour: a position with a foothold on one of them
    /// is not one the rule covers.
    unsafe_cells: B,
}

impl<B: Cells> HalfTurn<B> {
    /// The half turn of a `rows` × `cols` board (at most [`Cells::CAPACITY`] cells).
    ///
    /// ```
    /// use perfectplay::games::footholds::mirror::HalfTurn;
    /// let turn = HalfTurn::<u64>::new(3, 3);
    /// assert_eq!(turn.image(0b000_000_011), 0b110_000_000); // the top-left corner pair to the bottom-right
    /// assert_eq!(turn.cell(0), 8);
    /// ```
    pub fn new(rows: usize, cols: usize) -> Self {
        let cells = rows * cols;
        assert!(cells >= 1 && cells <= B::CAPACITY);
        let unsafe_cells = (0..cells)
            .filter(|&i| {
                let (image, (r, c)) = (cells - 1 - i, (i / cols, i % cols));
                let (ir, ic) = (image / cols, image % cols);
                r.abs_diff(ir) + c.abs_diff(ic) <= 1
            })
            .fold(B::zero(), |set, i| set | B::single(i));
        HalfTurn { cells, unsafe_cells }
    }

    /// The image of a set of cells.
    pub fn image(&self, set: B) -> B {
        set.reverse_bits() >> (B::CAPACITY - self.cells)
    }

    /// The image of one cell.
    pub fn cell(&self, cell: usize) -> usize {
        self.cells - 1 - cell
    }

    /// Whether `footholds` is its own image with no foothold on a cell the half turn keeps or maps onto a neighbour.
    fn symmetric(&self, footholds: B) -> bool {
        (footholds & self.unsafe_cells).is_zero() && self.image(footholds) == footholds
    }

    /// Bounds on the outcome for the player on `mover` (to move, with `steps` the cells it can step to) that the
    /// mirror rule gives: a loss when the position is symmetric, the players swapped (the opponent copies); a win
    /// when a step leaves such a position to the opponent. `None` when neither holds.
    ///
    /// ```
    /// use perfectplay::engine::Outcome;
    /// use perfectplay::games::footholds::mirror::HalfTurn;
    /// let turn = HalfTurn::<u64>::new(2, 2);
    /// // A full 2×2 board, the players on opposite corners: the mover loses (in 2: a step, the copy, then stuck).
    /// assert_eq!(turn.outcome(0b1111, 0, 3, 0b0110), Some((Outcome::lose(0), Outcome::lose(2))));
    /// ```
    pub fn outcome(&self, footholds: B, mover: usize, other: usize, steps: B) -> Option<(Outcome, Outcome)> {
        let left = footholds.count_ones();
        if self.cell(mover) == other && self.symmetric(footholds) {
            // Each pair of moves takes two footholds, and the two players end on two.
            return Some((Outcome::lose(0), Outcome::lose(left.saturating_sub(2))));
        }
        let copied = self.cell(other);
        if steps.has(copied) && self.symmetric(footholds & !B::single(mover)) {
            return Some((Outcome::win(left.saturating_sub(2).max(1)), Outcome::win(1)));
        }
        None
    }

    /// Which player the mirror rule lets copy the other (see [`HalfTurn::outcome`]), for the player on `mover` (to
    /// move, with `steps` the cells it can step to).
    ///
    /// ```
    /// use perfectplay::games::footholds::mirror::{Copier, HalfTurn};
    /// let turn = HalfTurn::<u64>::new(2, 2);
    /// // Opposite corners of a full 2×2 board: the other player copies.
    /// assert_eq!(turn.copier(0b1111, 0, 3, 0b0110), Some(Copier::Other));
    /// // A 2×4 board without cell 6 (rows `#M##` and `#O.#`): the mover on 1 steps to 2, the image of the other's
    /// // cell 5, and the footholds left are their own image.
    /// let turn = HalfTurn::<u64>::new(2, 4);
    /// assert_eq!(turn.copier(0b1011_1111, 1, 5, 0b0010_0101), Some(Copier::Mover { to: 2 }));
    /// // Without that step the rule says nothing.
    /// assert_eq!(turn.copier(0b1011_1111, 1, 5, 0b0010_0001), None);
    /// ```
    pub fn copier(&self, footholds: B, mover: usize, other: usize, steps: B) -> Option<Copier> {
        let (worst, _) = self.outcome(footholds, mover, other, steps)?;
        Some(if worst.value == crate::engine::Value::Win {
            Copier::Mover { to: self.cell(other) }
        } else {
            Copier::Other
        })
    }

    /// The cells the player to move (who has just left its cell: `left` are the footholds after the move) may step
    /// to after which the rule answers for the opponent on `other`, whose steps are `other_steps` (see
    /// [`HalfTurn::outcome`]): the image of `other`, when `left` is symmetric (the opponent is copied), and the
    /// images of the opponent's steps, when the footholds apart from both players' are (the opponent copies).
    pub fn copyable(&self, left: B, other: usize, other_steps: B) -> B {
        // One reversal for both: the image of `left` less `other`'s image is the image of `left` less `other`.
        let image = self.image(left);
        let (at_other, at_image) = (B::single(other), B::single(self.cell(other)));
        let rest = left & !at_other;
        let mut cells = B::zero();
        if (rest & self.unsafe_cells).is_zero() && image & !at_image == rest {
            cells = self.image(other_steps & rest);
        }
        if image == left && (left & self.unsafe_cells).is_zero() {
            cells = cells | at_image;
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsafe_cells_are_the_centres_of_boards_with_an_odd_side() {
        // Two even sides: none. Two odd sides: the centre. One odd side: the two middle cells of the middle line.
        assert_eq!(HalfTurn::<u64>::new(4, 6).unsafe_cells, 0);
        assert_eq!(HalfTurn::<u64>::new(3, 5).unsafe_cells, 1 << 7);
        assert_eq!(HalfTurn::<u64>::new(3, 4).unsafe_cells, 1 << 5 | 1 << 6);
        assert_eq!(HalfTurn::<u128>::new(8, 16).unsafe_cells, 0);
    }

    #[test]
    fn images_of_sets_are_the_images_of_their_cells() {
        let turn = HalfTurn::<u128>::new(7, 9);
        for cell in 0..63 {
            assert_eq!(turn.image(u128::single(cell)), u128::single(turn.cell(cell)));
        }
        let wide = HalfTurn::<u128>::new(8, 16);
        assert_eq!(wide.image(1), 1 << 127);
    }
}
