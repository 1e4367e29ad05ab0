//! Board symmetries: positions that are mirror images of each other share one table entry.
//!
//! The idea: a rotation or reflection of the rectangle keeps adjacency, so it maps every position to one with the
//! same outcome. Among the symmetries that map the starting footholds onto themselves (the only ones whose images
//! the search actually meets), the table stores each position under its smallest image, the *canonical* one. A cell
//! set is mapped four bits at a time through precomputed tables, so the cost is a few lookups per symmetry.

use super::cells::Cells;
use super::rules::Position;

/// Bits of a cell set mapped by one table lookup. (With 8, the tables of a full 6×6 board take 70 KiB, built anew for
/// every solve; with 4, 8 KiB, and a 6×6 corner/corner solve takes 44 µs instead of 46.)
const CHUNK_BITS: usize = 4;

/// One symmetry of the board: where each cell goes, and the same as lookup tables for whole sets.
#[derive(Clone, Debug)]
struct Symmetry<B> {
    cell: Vec<u8>,
    /// `chunks[i][v]`: the image of the cells whose bits in chunk `i` of the set (bits `CHUNK_BITS · i` on) are `v`.
    chunks: Vec<[B; 1 << CHUNK_BITS]>,
}

impl<B: Cells> Symmetry<B> {
    fn new(cell: Vec<u8>) -> Self {
        let image = |from: usize| if from < cell.len() { B::single(cell[from] as usize) } else { B::zero() };
        let mut chunks = vec![[B::zero(); 1 << CHUNK_BITS]; cell.len().div_ceil(CHUNK_BITS)];
        for (i, table) in chunks.iter_mut().enumerate() {
            // Doubling: the values with bit k set are those below 2^k plus the image of bit k.
            for k in 0..CHUNK_BITS {
                let bit = image(CHUNK_BITS * i + k);
                let (low, high) = table.split_at_mut(1 << k);
                for (to, from) in high[..1 << k].iter_mut().zip(low.iter()) {
                    *to = *from | bit;
                }
            }
        }
        Symmetry { cell, chunks }
    }

    fn map_set(&self, set: B) -> B {
        let chunk_mask = B::from((1u8 << CHUNK_BITS) - 1).expect("a chunk fits");
        self.chunks.iter().enumerate().fold(B::zero(), |image, (i, table)| {
            let chunk = ((set >> (CHUNK_BITS * i)) & chunk_mask).to_usize().expect("a chunk fits");
            image | table[chunk]
        })
    }

    fn map(&self, position: &Position<B>) -> Position<B> {
        Position {
            footholds: self.map_set(position.footholds),
            mover: self.cell[position.mover as usize],
            other: self.cell[position.other as usize],
        }
    }
}

/// The symmetries of a board other than the identity that map its starting footholds onto themselves.
#[derive(Clone, Debug)]
pub struct Symmetries<B> {
    maps: Vec<Symmetry<B>>,
}

impl<B: Cells> Symmetries<B> {
    /// The symmetries of a `rows` × `cols` board that keep `footholds`.
    pub fn of_board(rows: usize, cols: usize, footholds: B) -> Self {
        type CellMap = fn(usize, usize, usize, usize) -> (usize, usize);
        let mut candidates: Vec<CellMap> =
            vec![|r, c, rows, _| (rows - 1 - r, c), |r, c, _, cols| (r, cols - 1 - c), |r, c, rows, cols| {
                (rows - 1 - r, cols - 1 - c)
            }];
        if rows == cols {
            candidates.extend([
                (|r, c, _, _| (c, r)) as CellMap,
                |r, c, rows, cols| (cols - 1 - c, rows - 1 - r),
                |r, c, rows, _| (c, rows - 1 - r),
                |r, c, _, cols| (cols - 1 - c, r),
            ]);
        }
        let keeps_board = |cells: &Vec<u8>| footholds.iter().all(|cell| footholds.has(cells[cell] as usize));
        let maps = candidates
            .into_iter()
            .map(|f| {
                (0..rows * cols)
                    .map(|i| {
                        let (r, c) = f(i / cols, i % cols, rows, cols);
                        (r * cols + c) as u8
                    })
                    .collect()
            })
            .filter(keeps_board)
            .map(Symmetry::new)
            .collect();
        Symmetries { maps }
    }

    /// How many symmetries (besides the identity) the board has.
    #[cfg(test)]
    pub fn count(&self) -> usize {
        self.maps.len()
    }

    /// The smallest image of `position` under the symmetries (the identity included), ordered by the tokens' cells
    /// first and the footholds last. (Any fixed order would do; this one maps the tokens, two lookups, for every
    /// symmetry, and the footholds only for the images that are candidates to be the smallest.)
    pub fn canonical(&self, position: &Position<B>) -> Position<B> {
        let mut best = *position;
        for symmetry in &self.maps {
            let tokens = (symmetry.cell[position.mover as usize], symmetry.cell[position.other as usize]);
            match tokens.cmp(&(best.mover, best.other)) {
                std::cmp::Ordering::Less => best = symmetry.map(position),
                std::cmp::Ordering::Equal => {
                    let footholds = symmetry.map_set(position.footholds);
                    if footholds < best.footholds {
                        best.footholds = footholds;
                    }
                }
                std::cmp::Ordering::Greater => {}
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_square_has_eight_symmetries_and_images_share_a_key() {
        let full = (1u64 << 36) - 1;
        let symmetries = Symmetries::of_board(6, 6, full);
        assert_eq!(symmetries.count(), 7);
        let position = Position { footholds: full & !(1 << 7), mover: 0, other: 14 };
        let mirrored = Position { footholds: full & !(1 << 10), mover: 5, other: 15 };
        assert_eq!(symmetries.canonical(&position), symmetries.canonical(&mirrored));
        assert_ne!(symmetries.canonical(&position), symmetries.canonical(&Position { mover: 1, ..position }));
    }

    #[test]
    fn a_board_with_a_hole_keeps_only_its_own_symmetries() {
        // 3×4 board without its top-left cell: no symmetry keeps it.
        let board = ((1u64 << 12) - 1) & !1;
        assert_eq!(Symmetries::of_board(3, 4, board).count(), 0);
        // Without both top corners, the left-right mirror keeps it.
        let board = ((1u64 << 12) - 1) & !1 & !(1 << 3);
        assert_eq!(Symmetries::of_board(3, 4, board).count(), 1);
    }

    #[test]
    fn the_wide_word_maps_its_highest_cells() {
        let full = u128::MAX; // 8×16
        let symmetries = Symmetries::of_board(8, 16, full);
        assert_eq!(symmetries.count(), 3);
        let position = Position { footholds: full & !(1u128 << 127), mover: 127, other: 0 };
        let image = Position { footholds: full & !1, mover: 0, other: 127 };
        assert_eq!(symmetries.canonical(&position), symmetries.canonical(&image));
    }
}
