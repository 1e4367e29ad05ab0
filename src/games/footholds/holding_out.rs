//! How long a loser surely holds out: a lower bound on a game's length, found without search, which tightens what a
//! solve stopped by its time limit says ("A wins, in 15 to 77 moves" rather than "in 1 to 77").
//!
//! A player holds out at least `j` moves along a *safe walk*: a walk `w₁ … w_j` whose `i`-th cell the opponent
//! cannot reach (stand on, or leave behind it as a hole) before the player steps there, whatever the opponent does.
//! The opponent can touch a cell only after as many moves as its distance over the footholds, so a walk is safe when
//! each `w_i` is further from the opponent than the opponent's moves before the player's `i`-th. Then the player
//! makes those `j` moves unless the opponent loses first (a player standing on the other's cell when the other
//! leaves it falls), so a win by the opponent takes at least `2j` moves in all, `2j + 1` when the opponent moves
//! first.

use super::cells::Cells;
use super::regions::Geometry;

/// The most walk steps tried; a longer search stops with the longest safe walk found so far (still a bound).
const WALK_STEPS: u64 = 1 << 16;

impl<B: Cells> Geometry<B> {
    /// A lower bound on the moves the player on `player` surely makes on `footholds` (both players' cells among
    /// them) against the opponent on `opponent`, whatever the opponent does, unless the opponent loses first;
    /// `moves_first` when the player is to move. At most 2¹⁶ walk steps are tried (a few milliseconds).
    ///
    /// ```
    /// use perfectplay::games::footholds::regions::Geometry;
    /// // A row of seven: A on cell 0 moves first, B on cell 3 runs right, three safe moves, whatever A does.
    /// let geometry = Geometry::<u64>::new(1, 7);
    /// assert_eq!(geometry.surely_holds_out(0b111_1111, 3, 0, false), 3);
    /// // A, to move on cell 3, runs left (three moves) away from B on cell 6.
    /// assert_eq!(geometry.surely_holds_out(0b111_1111, 3, 6, true), 3);
    /// ```
    pub fn surely_holds_out(&self, footholds: B, player: usize, opponent: usize, moves_first: bool) -> u32 {
        // touched[k]: the footholds the opponent may stand on, or have left, after k of its moves.
        let mut touched = vec![B::single(opponent) & footholds];
        loop {
            let last = touched[touched.len() - 1];
            let next = self.grow(last) & footholds;
            if next == last {
                break;
            }
            touched.push(next);
        }
        let mut walk = SafeWalk { geometry: self, touched, lag: u32::from(moves_first), steps: WALK_STEPS };
        walk.longest(player, 0, footholds & !B::single(player))
    }
}

/// One search for the longest safe walk.
struct SafeWalk<'g, B> {
    geometry: &'g Geometry<B>,
    touched: Vec<B>,
    /// 1 when the player moves first: the opponent has then made one move fewer before each of the player's.
    lag: u32,
    /// Walk steps left to try.
    steps: u64,
}

impl<B: Cells> SafeWalk<'_, B> {
    /// The longest safe walk from `at`, reached by the player's `made`-th move, over the footholds `left`.
    fn longest(&mut self, at: usize, made: u32, left: B) -> u32 {
        let safe_next = |made: u32| {
            let opponent_moves = (made + 1 - self.lag) as usize;
            left & !self.touched[opponent_moves.min(self.touched.len() - 1)]
        };
        let options = self.geometry.step(B::single(at)) & safe_next(made);
        // Warnsdorff's rule: the cell with the fewest safe ways on first, which finds long walks early.
        let mut next: Vec<(u32, usize)> = options
            .iter()
            .map(|cell| ((self.geometry.step(B::single(cell)) & safe_next(made + 1)).count_ones(), cell))
            .collect();
        next.sort_unstable();
        let mut best = made;
        for (_, cell) in next {
            if self.steps == 0 {
                break;
            }
            self.steps -= 1;
            best = best.max(self.longest(cell, made + 1, left & !B::single(cell)));
        }
        best
    }
}
