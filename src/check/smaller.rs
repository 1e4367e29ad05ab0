//! Smaller cases beyond those the games' own shrinkers give, for shrinking a failing case (see [`super::shrink`]).
//!
//! A game's shrinker cuts what the start does not stand on: footholds cuts no row or column a player stands on and
//! never moves a player, gridgame drops a query on a row it cuts, snakes takes one jump away at a time. Then a
//! smaller failing case that needs the players (or the query) elsewhere, or two jumps gone at once, is never
//! reached, and shrinking ends early at a case far from the smallest. So here, after the game's own candidates
//! (tried first: these are more, and where a bug needs a large board none of them fails): every cut of a row or a
//! column with the starts anywhere on what is left (on small boards every placing, on larger ones the cells beside
//! where they stood); then a start moved to an earlier cell of the same board (row-major); for snakes one ladder
//! and one snake alone, each jump alone, and none.
//!
//! Every candidate has fewer cells, or the same cells and fewer footholds, open cells or jumps, or the same board
//! with its starts earlier: shrinking still ends.

use crate::games::{footholds, gridgame, snakes};
use std::collections::HashSet;

/// Boards with at most this many footholds (open cells) after a cut get every placing of the starts; larger ones
/// the cells beside where the starts stood (the placings grow as the square of the footholds, and each is a run).
const EVERY_PLACING: usize = 8;

/// Boards with at most this many cells get a start moved to each earlier cell.
const MOVE_CELLS: usize = 100;

/// The game's candidates first, in its order (the candidates here are tried only where none of them fails: they
/// are many, and on a case whose bug needs a large board none of them fails), then `cuts`, then `moves`, each
/// candidate once.
fn ordered<C, K: std::hash::Hash + Eq>(own: Vec<C>, cuts: Vec<C>, moves: Vec<C>, key: impl Fn(&C) -> K) -> Vec<C> {
    let mut seen = HashSet::new();
    own.into_iter().chain(cuts).chain(moves).filter(|c| seen.insert(key(c))).collect()
}

/// Where a start at `at` (a row or column index) may go when line `cut` is taken away: the same index shifted, or,
/// when it stood on the cut, the lines on either side of it (shifted).
fn beside(at: usize, cut: usize, lines: usize) -> Vec<usize> {
    match at.cmp(&cut) {
        std::cmp::Ordering::Less => vec![at],
        std::cmp::Ordering::Greater => vec![at - 1],
        std::cmp::Ordering::Equal => {
            let mut out = Vec::new();
            if cut > 0 {
                out.push(cut - 1);
            }
            if cut + 1 < lines {
                out.push(cut);
            }
            out
        }
    }
}

/// Footholds: the game's candidates, every cut of a row or a column with the players placed anywhere on what is
/// left, and a player moved to an earlier foothold.
pub fn footholds(case: &footholds::Instance) -> Vec<footholds::Instance> {
    use footholds::Instance;
    let board: Vec<Vec<bool>> = case.board_rows().iter().map(|row| row.iter().map(|&v| v == 1).collect()).collect();
    let (rows, cols) = (case.rows, case.cols);
    let mut cuts = Vec::new();
    // (true, r): row r cut; (false, c): column c.
    let lines = (0..rows).map(|r| (true, r)).chain((0..cols).map(|c| (false, c)));
    for (is_row, cut) in lines {
        if (is_row && rows == 1) || (!is_row && cols == 1) {
            continue;
        }
        let mut smaller = board.clone();
        if is_row {
            smaller.remove(cut);
        } else {
            smaller.iter_mut().for_each(|row| {
                row.remove(cut);
            });
        }
        let placed: Vec<(usize, usize)> = (0..smaller.len())
            .flat_map(|r| (0..smaller[0].len()).map(move |c| (r, c)))
            .filter(|&(r, c)| smaller[r][c])
            .collect();
        let places = |(r, c): (usize, usize)| -> Vec<(usize, usize)> {
            let spots: Vec<(usize, usize)> = if is_row {
                beside(r, cut, rows).into_iter().map(|r| (r, c)).collect()
            } else {
                beside(c, cut, cols).into_iter().map(|c| (r, c)).collect()
            };
            spots.into_iter().filter(|&(r, c)| smaller[r][c]).collect()
        };
        let (starts_a, starts_b) =
            if placed.len() <= EVERY_PLACING { (placed.clone(), placed) } else { (places(case.a), places(case.b)) };
        for &a in &starts_a {
            for &b in &starts_b {
                cuts.extend(Instance::new(smaller.clone(), a, b).ok());
            }
        }
    }
    let mut moves = Vec::new();
    if rows * cols <= MOVE_CELLS {
        let index = |(r, c): (usize, usize)| r * cols + c;
        let earlier = |of: (usize, usize)| {
            (0..index(of)).map(|i| (i / cols, i % cols)).filter(|&cell| case.has_foothold(cell)).collect::<Vec<_>>()
        };
        moves.extend(earlier(case.a).into_iter().filter_map(|a| Instance::new(board.clone(), a, case.b).ok()));
        moves.extend(earlier(case.b).into_iter().filter_map(|b| Instance::new(board.clone(), case.a, b).ok()));
    }
    let key = |c: &Instance| (c.rows, c.cols, c.footholds.clone(), c.a, c.b);
    let original = key(case);
    let mut out = ordered(footholds::cases::shrink(case), cuts, moves, key);
    out.retain(|c| key(c) != original);
    out
}

/// Gridgame: the game's candidates, then for a case of one query every cut of a row or a column with the query
/// placed anywhere on what is left (walled as the judge's boards are), and the query moved to an earlier cell.
pub fn gridgame(case: &gridgame::Instance) -> Vec<gridgame::Instance> {
    use gridgame::{Board, Cell, Instance};
    let own = gridgame::cases::shrink(case);
    let query = match case.queries().collect::<Vec<_>>().as_slice() {
        [query] if query.len() == 1 => query[0],
        _ => return own,
    };
    let board = &case.board;
    let (n, m, k) = (board.rows(), board.cols(), board.k());
    let single = |board: &Board, cell: Cell| Instance::new(board.clone(), &[vec![cell]]).ok();
    // The open cells a query may be on: every open cell but the corner.
    let open_cells = |board: &Board| -> Vec<Cell> {
        let last = board.rows() * board.cols() - 1;
        (0..last).map(|i| board.cell(i)).filter(|&c| board.is_open(c)).collect()
    };
    let mut cuts = Vec::new();
    let lines = (0..n).map(|r| (true, r)).chain((0..m).map(|c| (false, c)));
    for (is_row, cut) in lines {
        let (rows, cols) = if is_row { (n - 1, m) } else { (n, m - 1) };
        if rows == 0 || cols == 0 {
            continue;
        }
        let open: Vec<bool> = (0..n * m)
            .filter(|&i| if is_row { i / m != cut } else { i % m != cut })
            .map(|i| board.open_cells()[i])
            .collect();
        let Ok(cut_board) = Board::new(rows, cols, k.min(rows.min(cols) - 1), open) else { continue };
        // The cells that cannot reach the corner walled, as the judge's boards have them.
        let Ok(walled) = Board::new(rows, cols, cut_board.k(), gridgame::cases::reaches_corner(&cut_board)) else {
            continue;
        };
        let cells = open_cells(&walled);
        let (r, c) = (query.row as usize, query.col as usize);
        let spots: Vec<Cell> = if cells.len() <= EVERY_PLACING {
            cells
        } else if is_row {
            beside(r, cut, n)
                .into_iter()
                .map(|r| Cell::new(r as u32, c as u32))
                .filter(|&x| cells.contains(&x))
                .collect()
        } else {
            beside(c, cut, m)
                .into_iter()
                .map(|c| Cell::new(r as u32, c as u32))
                .filter(|&x| cells.contains(&x))
                .collect()
        };
        cuts.extend(spots.into_iter().filter_map(|cell| single(&walled, cell)));
    }
    let mut moves = Vec::new();
    if n * m <= MOVE_CELLS {
        let at = board.index(query);
        moves.extend(open_cells(board).into_iter().filter(|&c| board.index(c) < at).filter_map(|c| single(board, c)));
    }
    let queries = |c: &Instance| c.queries().map(<[Cell]>::to_vec).collect::<Vec<_>>();
    let key = |c: &Instance| {
        let b = &c.board;
        (b.rows(), b.cols(), b.k(), b.open_cells().to_vec(), queries(c))
    };
    let original = key(case);
    let mut out = ordered(own, cuts, moves, key);
    out.retain(|c| key(c) != original);
    out
}

/// Snakes: the game's candidates, then one ladder and one snake of the case alone, and (for `--beyond`, which
/// allows fewer) each jump alone and none: a smaller failing set need not be reached one jump at a time.
pub fn snakes(case: &snakes::Instance) -> Vec<snakes::Instance> {
    use snakes::Instance;
    let own = snakes::cases::shrink(case);
    let ladders: Vec<(u32, u32)> = case.ladders().collect();
    let snakes: Vec<(u32, u32)> = case.snakes().collect();
    let mut fewer = Vec::new();
    if ladders.len() + snakes.len() > 2 {
        for &ladder in &ladders {
            for &snake in &snakes {
                fewer.extend(Instance::new(&[ladder], &[snake]).ok());
            }
        }
    }
    if ladders.len() + snakes.len() > 1 {
        fewer.extend(ladders.iter().filter_map(|&ladder| Instance::new(&[ladder], &[]).ok()));
        fewer.extend(snakes.iter().filter_map(|&snake| Instance::new(&[], &[snake]).ok()));
    }
    if !ladders.is_empty() || !snakes.is_empty() {
        fewer.extend(Instance::new(&[], &[]).ok());
    }
    let key = |c: &Instance| (c.ladders().collect::<Vec<_>>(), c.snakes().collect::<Vec<_>>());
    let original = key(case);
    let mut out = ordered(own, Vec::new(), fewer, key);
    out.retain(|c| key(c) != original);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::TextFormat;

    #[test]
    fn footholds_cuts_the_rows_the_players_stand_on_and_moves_them() {
        let case = footholds::Instance::parse("[[1,1,1],[1,1,1],[1,1,0]] [1,0] [2,1]").unwrap();
        let out = footholds(&case);
        let full_2x3 = footholds::Instance::parse("[[1,1,1],[1,1,1]] [0,1] [0,0]").unwrap();
        assert!(out.contains(&full_2x3), "a row with a player cut, the players anywhere");
        let moved = footholds::Instance::parse("[[1,1,1],[1,1,1],[1,1,0]] [0,0] [2,1]").unwrap();
        assert!(out.contains(&moved), "A moved to an earlier foothold");
        let later = footholds::Instance::parse("[[1,1,1],[1,1,1],[1,1,0]] [1,0] [2,0]").unwrap();
        assert!(out.contains(&later));
        assert!(!out.contains(&case));
        // Every candidate is smaller: fewer cells, or fewer footholds, or the starts earlier.
        let measure = |c: &footholds::Instance| {
            let index = |(r, c): (usize, usize), cols: usize| r * cols + c;
            (c.rows * c.cols, c.footholds.iter().filter(|&&f| f).count(), index(c.a, c.cols) + index(c.b, c.cols))
        };
        assert!(out.iter().all(|c| measure(c) < measure(&case)));
        // The game's own candidates come first, in its order.
        let own = footholds::cases::shrink(&case);
        assert_eq!(out[..own.len()], own[..]);
    }

    #[test]
    fn gridgame_moves_its_query_off_a_cut_row() {
        let case = gridgame::Instance::parse_judge("3 3 0\n...\n...\n...\n1\n1 1\n", false).unwrap();
        let out = gridgame(&case);
        let wanted = gridgame::Instance::parse_judge("2 3 0\n...\n...\n1\n1 2\n", false).unwrap();
        assert!(out.contains(&wanted), "the query's row cut, the query elsewhere");
        assert!(out.iter().all(|c| c.board.rows() * c.board.cols() <= 9 && c != &case));
    }

    #[test]
    fn snakes_tries_one_ladder_and_one_snake_at_once() {
        let case = snakes::Instance::new(&[(2, 30), (40, 60), (70, 80)], &[(99, 10)]).unwrap();
        let out = snakes(&case);
        let pair = |l: (u32, u32), s: (u32, u32)| out.iter().any(|c| c.ladders().eq([l]) && c.snakes().eq([s]));
        assert!(pair((40, 60), (99, 10)) && pair((70, 80), (99, 10)));
    }
}
