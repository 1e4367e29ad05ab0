//! The rules of vanishing footholds as a [`TwoPlayerGame`].
//!
//! A position is seen from the player to move: the footholds left, the mover's cell and the other player's cell.
//! After a move the two tokens swap roles, so the same arrangement with A or B to move is one table entry.

use super::cells::Cells;
use super::mirror::{Copier, HalfTurn};
use super::regions::{Geometry, Race, WalkCache, WalkStop};
use super::symmetry::Symmetries;
use crate::engine::Limits;
use crate::engine::{Outcome, Question, Remoteness, TwoPlayerGame};
use std::cell::RefCell;
use thread_local::ThreadLocal;

/// Only positions within `footholds / STORED_SHARE` moves of the start are stored in the transposition table (9 moves
/// on a full 6×6 board, 16 on 8×8, 20 on 9×9, 25 on 10×10). Deeper positions are many, cheap to search again, and
/// seldom met twice (the vanished trail makes most paths to a position unique); a table lookup is a cache miss far away
/// in memory that costs more than searching them. The shallow entries are the ones that matter: they carry the best
/// moves and bounds from one null-window search to the next (with no table, 6×6 centre searches 15 858 positions
/// instead of 6 502), and they are all that two threads share. A quarter against a fifth, measured on this 2-core
/// machine: two threads on the nearly full 10×10 boards of `benches/frontier/` 36.1, 47.8 and 25.0 s → 31.3, 46.0 and
/// 25.4 s, the full 10×10 board from its centre 631–657 s → 614–623 s, the whole 8×8 tablebase 7.6–7.7 → 7.5 s wall;
/// one thread on 9×9 and 8×10 the same within 5 % (9×9 (4,4)–(5,5) 263.4 → 246.9 million positions), on small boards
/// the same. A third stores ten times as many positions for no further gain; storing every position, 8×8 centre took 29
/// s where the first 16 moves took 1.7 s.
const STORED_SHARE: u32 = 4;

/// Added to the room of a move that separates the players (more than any room difference on a board).
const WALLED_OFF_FIRST: i32 = 1 << 16;

/// A cell of the board as `(row, column)`, 0-based.
pub type Cell = (usize, usize);

/// A position, seen from the player to move. All of it is the table key: every cell and both tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position<B> {
    /// The cells that still have a foothold.
    pub footholds: B,
    /// The cell of the player to move.
    pub mover: u8,
    /// The cell of the other player.
    pub other: u8,
}

/// The moves of a position: at most four destination cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Moves {
    cells: [u8; 4],
    len: u8,
}

impl Moves {
    /// The cells of a set, as moves.
    fn of<B: Cells>(cells: B) -> Moves {
        // Packed in a register and stored once: writing the cells one byte at a time and reading them back as a
        // whole stalled the processor's store forwarding at every position.
        let (mut packed, mut len) = (0u32, 0u8);
        for cell in cells.iter() {
            packed |= (cell as u32) << (8 * len);
            len += 1;
        }
        Moves { cells: packed.to_le_bytes(), len }
    }
}

impl AsRef<[u8]> for Moves {
    fn as_ref(&self) -> &[u8] {
        &self.cells[..self.len as usize]
    }
}

impl AsMut<[u8]> for Moves {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.cells[..self.len as usize]
    }
}

/// A board shape with its precomputed neighbourhoods; the game's rules over cell sets of type `B`.
#[derive(Debug)]
pub struct Footholds<B: Cells> {
    rows: usize,
    cols: usize,
    /// The orthogonal neighbours of each cell.
    neighbours: Vec<B>,
    geometry: Geometry<B>,
    half_turn: HalfTurn<B>,
    /// Longest walks each search thread has found on this board, kept for as long as the game (every solve of it).
    walks: ThreadLocal<RefCell<WalkCache<B>>>,
    symmetries: Symmetries<B>,
    /// When the longest-walk searches give up: the solve's deadline or cancel flag.
    walk_stop: WalkStop,
    /// Positions with at most this many footholds are not stored in the table.
    store_above: u32,
    start: Position<B>,
}

impl<B: Cells> Footholds<B> {
    /// The game on a `rows` × `cols` board with the given footholds (row-major) and A's and B's starting cells.
    ///
    /// # Panics
    /// If the board has more cells than `B` holds or a start is off the board; [`super::Instance`] checks both.
    pub fn new(rows: usize, cols: usize, footholds: &[bool], a: Cell, b: Cell) -> Self {
        assert!(rows * cols <= B::CAPACITY && footholds.len() == rows * cols);
        assert!(a.0 < rows && a.1 < cols && b.0 < rows && b.1 < cols);
        let neighbours = (0..rows * cols)
            .map(|cell| {
                let (r, c) = (cell / cols, cell % cols);
                let mut set = B::zero();
                if r > 0 {
                    set = set | B::single(cell - cols);
                }
                if r + 1 < rows {
                    set = set | B::single(cell + cols);
                }
                if c > 0 {
                    set = set | B::single(cell - 1);
                }
                if c + 1 < cols {
                    set = set | B::single(cell + 1);
                }
                set
            })
            .collect();
        let cells = footholds.iter().enumerate().filter(|(_, f)| **f).fold(B::zero(), |s, (i, _)| s | B::single(i));
        let start = Position { footholds: cells, mover: (a.0 * cols + a.1) as u8, other: (b.0 * cols + b.1) as u8 };
        let symmetries = Symmetries::of_board(rows, cols, cells);
        let store_above = cells.count_ones() - cells.count_ones() / STORED_SHARE;
        let (geometry, half_turn) = (Geometry::new(rows, cols), HalfTurn::new(rows, cols));
        let (walks, walk_stop) = (ThreadLocal::new(), WalkStop::default());
        Footholds { rows, cols, neighbours, geometry, half_turn, walks, symmetries, walk_stop, store_above, start }
    }

    /// The game whose longest-walk searches (inside one position's early outcome) also stop at the deadline or
    /// cancel flag of `limits`, as the solver that searches it will: on large boards one such search can take
    /// longer than the time between two of the solver's looks at its limits.
    #[must_use]
    pub fn within(mut self, limits: &Limits) -> Self {
        self.walk_stop = WalkStop::of(limits);
        self
    }

    /// The starting position: A to move.
    pub fn start(&self) -> Position<B> {
        self.start
    }

    /// Which player can copy the other's every move from `position`, by the mirror rule (see [`super::mirror`]).
    pub fn copier(&self, position: &Position<B>) -> Option<Copier> {
        let (mover, other) = (position.mover as usize, position.other as usize);
        if !position.footholds.has(mover) {
            return None;
        }
        self.half_turn.copier(position.footholds, mover, other, self.targets(position))
    }

    /// Rows and columns of the board.
    pub fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// `(row, column)` of a cell index.
    pub fn cell(&self, index: u8) -> Cell {
        (index as usize / self.cols, index as usize % self.cols)
    }

    /// A lower bound on the total moves of the game from `position` under optimal play, if the player to move wins
    /// (`mover_wins`) or loses: the loser surely makes as many moves as its longest safe walk (see
    /// [`Geometry::surely_holds_out`]), and the winner one more when it moves first.
    ///
    /// ```
    /// use perfectplay::format::TextFormat;
    /// use perfectplay::games::footholds::{Instance, SolveOptions, Wanted, solve};
    /// let instance = Instance::parse("A#####B").unwrap();
    /// let game = instance.game64().unwrap();
    /// // The two walk towards each other and B wins in 6: A surely makes three moves (to the middle cell) first.
    /// assert_eq!(solve(&instance, Wanted::default(), SolveOptions::default()).unwrap().outcome.remoteness, 6);
    /// assert_eq!(game.fewest_moves(&game.start(), false), 6);
    /// // Were A the winner, B would surely make two moves first: at least five in all.
    /// assert_eq!(game.fewest_moves(&game.start(), true), 5);
    /// ```
    pub fn fewest_moves(&self, position: &Position<B>, mover_wins: bool) -> Remoteness {
        let (mover, other) = (position.mover as usize, position.other as usize);
        if mover_wins {
            2 * self.geometry.surely_holds_out(position.footholds, other, mover, false) + 1
        } else {
            2 * self.geometry.surely_holds_out(position.footholds, mover, other, true)
        }
    }

    /// The orthogonal neighbours of a cell.
    pub fn neighbours(&self, cell: usize) -> B {
        self.neighbours[cell]
    }

    /// The cells the player on `mover` can step to that are not dead ends once `mover` vanishes: cells with a
    /// foothold around them besides `other`'s, other than `other`'s cell itself.
    fn open_targets(&self, footholds: B, mover: usize, other: usize) -> B {
        let left = footholds & !B::single(mover) & !B::single(other);
        self.neighbours[mover] & left & self.geometry.step(left)
    }

    /// Whether the player on `other` will be stuck whatever the player on `mover` does: on the cell the mover leaves,
    /// or with no foothold around but that one.
    fn stuck_next(&self, footholds: B, mover: usize, other: usize) -> bool {
        other == mover || (self.neighbours[other] & footholds & !B::single(mover)).is_zero()
    }

    /// Whether the player on `mover` can move, but only into dead ends (see [`Footholds::open_targets`]).
    fn trapped(&self, footholds: B, mover: usize, other: usize) -> bool {
        !(self.neighbours[mover] & footholds).is_zero() && self.open_targets(footholds, mover, other).is_zero()
    }

    /// Whether, after the mover steps to `to`, neither of the early outcomes that need no regions holds for the
    /// opponent, who moves next: the mover stuck after any reply (a win in one), or every reply stepping into a dead
    /// end (a loss in two).
    fn calm(&self, position: &Position<B>, to: u8) -> bool {
        let left = position.footholds & !B::single(position.mover as usize);
        let (next_mover, next_other) = (position.other as usize, to as usize);
        !self.stuck_next(left, next_mover, next_other) && !self.trapped(left, next_mover, next_other)
    }

    /// The moves after which the mirror rule answers for the opponent (an early outcome: see [`super::mirror`]):
    /// the position is one the half turn maps onto itself, the players swapped, or the opponent has a step into one.
    fn copyable(&self, position: &Position<B>) -> B {
        let left = position.footholds & !B::single(position.mover as usize);
        let other = position.other as usize;
        self.half_turn.copyable(left, other, self.neighbours[other])
    }

    /// Cells the player to move can step to.
    fn targets(&self, position: &Position<B>) -> B {
        self.neighbours[position.mover as usize] & position.footholds
    }
}

impl<B: Cells> TwoPlayerGame for Footholds<B> {
    type Position = Position<B>;
    type Move = u8;
    type Moves = Moves;

    fn moves(&self, position: &Position<B>) -> Moves {
        if !position.footholds.has(position.mover as usize) {
            return Moves::default();
        }
        Moves::of(self.targets(position))
    }

    /// The moves that do not step into a dead end, unless all do. A move to a cell with no foothold around it but
    /// the opponent's (or onto the opponent's cell) loses in two moves whatever the opponent answers, since the
    /// opponent's cell vanishes when it moves on, unless the opponent cannot move at all, in which case every move
    /// wins at once. Either way no such move does better than the others.
    fn moves_to_search(&self, position: &Position<B>) -> Moves {
        if !position.footholds.has(position.mover as usize) {
            return Moves::default();
        }
        let targets = self.targets(position);
        // A single step is the move whatever it leads to: no need to look past it (most positions are forced).
        if (targets & (targets - B::one())).is_zero() {
            return Moves::of(targets);
        }
        let open = self.open_targets(position.footholds, position.mover as usize, position.other as usize);
        Moves::of(if open.is_zero() { targets } else { open })
    }

    fn play(&self, position: &Position<B>, to: u8) -> Position<B> {
        Position {
            footholds: position.footholds & !B::single(position.mover as usize),
            mover: position.other,
            other: to,
        }
    }

    fn primitive(&self, position: &Position<B>) -> Option<Outcome> {
        let stranded = !position.footholds.has(position.mover as usize);
        (stranded || self.targets(position).is_zero()).then_some(Outcome::lose(0))
    }

    /// A win in one when the other player will be stuck whatever the mover does; a loss in two when every move
    /// steps into a dead end; a loss when the half turn maps the position onto itself with the players swapped, and
    /// a win when a step makes it so (the mirror rule: [`super::mirror`]), where that answers the question; and
    /// once the players cannot meet again, the outcome follows from their longest walks (see [`super::regions`]),
    /// whose bounds often answer the question already.
    fn early_outcome(&self, position: &Position<B>, question: &Question) -> Option<(Outcome, Outcome)> {
        let (footholds, mover, other) = (position.footholds, position.mover as usize, position.other as usize);
        // Whatever the mover does, the other is then stuck. (The cheapest outcome to see, and the most common one at
        // the end of a game.)
        if self.stuck_next(footholds, mover, other) {
            return (!self.targets(position).is_zero()).then_some((Outcome::win(1), Outcome::win(1)));
        }
        // Every move steps into a dead end (see `moves_to_search`), and the opponent can answer: a loss in two.
        if self.trapped(footholds, mover, other) {
            return Some((Outcome::lose(2), Outcome::lose(2)));
        }
        // A symmetric position, or one a step makes symmetric: who wins, with loose bounds on how fast.
        if let Some((worst, best)) = self.half_turn.outcome(footholds, mover, other, self.targets(position))
            && question.settled_by(worst, best)
        {
            return Some((worst, best));
        }
        let walks = || self.walks.get_or_default().borrow_mut();
        self.geometry.separated_outcome(footholds, mover, other, question, walks, &self.walk_stop)
    }

    /// Mirror images of a position share one table entry when the starting board is symmetric.
    fn canonical(&self, position: &Position<B>) -> Position<B> {
        self.symmetries.canonical(position)
    }

    /// Every move takes a foothold away, and when the game ends the player who moved last still stands on one.
    fn max_remoteness(&self, position: &Position<B>) -> Option<Remoteness> {
        Some(position.footholds.count_ones().saturating_sub(1))
    }

    /// The game ends when the player to move cannot move or has lost their foothold: that player loses.
    fn normal_play(&self) -> bool {
        true
    }

    /// Positions with few footholds left are searched again rather than fetched from a table far away in memory.
    fn worth_storing(&self, position: &Position<B>) -> bool {
        position.footholds.count_ones() > self.store_above
    }

    /// The players were joined; after the only move that is not into a dead end they still are, unless the
    /// opponent is next to the cell left or to one of those dead ends (the join might have gone that way). And the
    /// opponent must not be stuck after any reply or trapped, nor be answered by the mirror rule.
    fn stays_quiet(&self, position: &Position<B>, to: u8) -> bool {
        let (mover, other) = (position.mover as usize, position.other as usize);
        let elsewhere = self.targets(position) & !B::single(to as usize);
        let near = self.neighbours[mover] | self.geometry.step(elsewhere);
        !near.has(other) && self.calm(position, to) && !self.copyable(position).has(to as usize)
    }

    /// Moves that leave the mover more room first: room comes from a race of floods from the cell stepped to and
    /// from the opponent, the footholds each reaches first. (Ordering by room cut the positions searched on 8×8
    /// corner/corner from 3.1 million to 29 thousand; the free neighbours of the cell stepped to, a cheaper guess,
    /// needed the 3.1 million.) Returns the quiet moves: those after which the next position has no early outcome.
    fn order_moves(&self, position: &Position<B>, moves: &mut [u8]) -> u64 {
        let left = position.footholds & !B::single(position.mover as usize);
        let other = B::single(position.other as usize);
        let start = |k: usize| B::single(moves[k] as usize);
        let mut races = [Race::default(); 4];
        match moves.len() {
            2 => races[..2].copy_from_slice(&self.geometry.races(left, [start(0), start(1)], other)),
            3 => races[..3].copy_from_slice(&self.geometry.races(left, [start(0), start(1), start(2)], other)),
            4 => races = self.geometry.races(left, [start(0), start(1), start(2), start(3)], other),
            _ => {}
        }
        // Room: the footholds the mover reaches first, counted twice, less those the opponent reaches first. (Plain
        // difference: 6×6 centre 6 483 positions, 6×6 corner 931, 8×8 corner 23 725, 9×9 corner 128 601, 11×11
        // with holes 80 696, 8×8 centre 1.76 million, 7×7 centre 37 k, 9×9 centre 138 million; counting the
        // mover's twice: 4 436, 759, 21 698, 115 409, 69 668, 2.16 million, 38 k, 138 million. The longer the
        // game, the more a player's own room decides it.)
        let mut room = races.map(|race| 2 * race.mine - race.theirs);
        // After a move whose race met, the players are not separated; if the move is also calm (not onto the
        // opponent's cell, not into a dead end, and the opponent not trapped), no early outcome (see
        // `early_outcome`) can hold there, so the search need not ask.
        // A move after which the mirror rule answers for the opponent is not quiet either.
        let copyable = self.copyable(position);
        let mut quiet = [false; 4];
        for (k, &to) in moves.iter().enumerate() {
            quiet[k] = races[k].met && self.calm(position, to) && !copyable.has(to as usize);
        }
        // Among moves with the same room, the one with fewer footholds around it first: keeping to the walls saves
        // the open cells for later (Tron players' "wall hugging"). Measured over 450 random boards from 6×6 to 8×8:
        // 4 % fewer positions; on full 8×8 centre 31 % fewer.
        // And before all, moves that wall the opponent off with room to spare: their positions are mostly settled by
        // the separated regions at once, a cheap proof when they win (8×8 corner/corner: 27 336 → 23 725 positions,
        // 6×6 centre unchanged).
        for (race, (room, &to)) in races.iter().zip(room.iter_mut().zip(moves.iter())) {
            let walled_off = !race.met && *room > 0;
            *room = *room * 8 - (self.neighbours[to as usize] & left).count_ones() as i32;
            if walled_off {
                *room += WALLED_OFF_FIRST;
            }
        }
        // A stable insertion sort, most room first, over at most four moves. (Sorting (room, move) pairs with the
        // standard `sort_by_key` made a 6×6 solve 4 % slower: this runs at nearly every position.)
        for i in 1..moves.len() {
            let mut j = i;
            while j > 0 && room[j - 1] < room[j] {
                room.swap(j - 1, j);
                moves.swap(j - 1, j);
                quiet.swap(j - 1, j);
                j -= 1;
            }
        }
        quiet.iter().enumerate().filter(|(_, q)| **q).fold(0, |mask, (k, _)| mask | 1 << k)
    }
}
