//! The SVG map of a whole grid-game board: who wins from every cell, and how fast when the remoteness was asked
//! for.

use super::board::Cell;
use super::instance::Instance;
use super::solve::Analysis;
use crate::render::map::{BLUE, CellMap, ORANGE, SKY_BLUE, Swatch, VERMILLION, WALL};

/// The most query cells outlined; the note says when there are more.
const MAX_MARKS: usize = 200;

/// A pale Okabe–Ito sky blue, for the slowest wins.
const PALE_BLUE: &str = "#BBDDF2";
/// A pale Okabe–Ito orange, for the longest losses.
const PALE_ORANGE: &str = "#F5D9A0";

/// The map of the whole board: walls, winning and losing cells, and the query cells (the first 200) outlined.
///
/// With the remoteness table in `analysis` (`-r`, `--explain`), the colours also say how fast: winning cells in
/// up to three shades of blue, darkest for the quickest wins, losing cells in vermillion, orange and pale orange,
/// darkest for the quickest losses, each shade a range of remoteness given in the legend. Numbers are written in
/// the cells when they are big enough to read: the Grundy value with `grundy_values`, otherwise the remoteness
/// when it was computed.
pub fn board_map(instance: &Instance, analysis: &Analysis, grundy_values: bool) -> String {
    let board = instance.board();
    let cell = |r: usize, c: usize| Cell::new(r as u32, c as u32);
    let shades = analysis.remoteness_table().map(|_| Shades::of(instance, analysis));
    let class = |r: usize, c: usize| {
        let here = cell(r, c);
        match (&shades, analysis.remoteness(board, here), analysis.wins(board, here)) {
            (Some(shades), Some(remoteness), _) => shades.class(remoteness),
            (_, _, Some(true)) => 0,
            (_, _, Some(false)) => 1,
            _ => shades.as_ref().map_or(2, |s| s.palette.len() - 1),
        }
    };
    let label = |r: usize, c: usize| {
        if grundy_values { analysis.grundy(board, cell(r, c)) } else { analysis.remoteness(board, cell(r, c)) }
            .map(|v| v.to_string())
    };
    let written = if grundy_values {
        Some("Grundy values")
    } else {
        shades.as_ref().map(|_| "remoteness (moves left under optimal play)")
    };
    let marks: Vec<(usize, usize)> =
        instance.queries().flatten().take(MAX_MARKS).map(|c| (c.row as usize, c.col as usize)).collect();
    let query_cells = instance.queries().flatten().count();
    let outlined = if query_cells > MAX_MARKS {
        format!("Outlined: the first {MAX_MARKS} of the {query_cells} query cells.")
    } else {
        "Outlined: query cells.".to_string()
    };
    let palette = match &shades {
        Some(shades) => shades.palette.clone(),
        None => vec![
            Swatch::new(BLUE, "player to move wins"),
            Swatch::new(ORANGE, "player to move loses"),
            Swatch::new(WALL, "wall"),
        ],
    };
    CellMap {
        title: format!("Grid game {}×{}, K = {}", board.rows(), board.cols(), board.k()),
        note: Some(format!(
            "{}{outlined} Moves: down, right, up to {} diagonal.",
            if shades.is_some() {
                "Blues: the player to move wins, oranges: loses; the darker, the sooner the game ends. "
            } else {
                ""
            },
            board.k()
        )),
        label_note: written.map(|w| format!("Numbers in cells: {w}.")),
        palette,
        label: written.map(|_| &label as &dyn Fn(usize, usize) -> Option<String>),
        marks,
        mixed_paler: shades.is_none(),
        ..CellMap::new(board.rows(), board.cols(), &class)
    }
    .to_svg()
}

/// The remoteness split into ranges, up to three for wins and three for losses, each with its shade.
struct Shades {
    /// The last remoteness of each win range, then of each loss range.
    wins: Vec<u16>,
    losses: Vec<u16>,
    /// Win shades, loss shades, then the wall.
    palette: Vec<Swatch>,
}

impl Shades {
    fn of(instance: &Instance, analysis: &Analysis) -> Shades {
        let board = instance.board();
        let (mut longest_win, mut longest_loss) = (None::<u16>, None::<u16>);
        for r in 0..board.rows() {
            for c in 0..board.cols() {
                let Some(remoteness) = analysis.remoteness(board, Cell::new(r as u32, c as u32)) else { continue };
                let longest = if remoteness % 2 == 1 { &mut longest_win } else { &mut longest_loss };
                *longest = Some(longest.map_or(remoteness, |l| l.max(remoteness)));
            }
        }
        let wins = ranges(1, longest_win);
        let losses = ranges(0, longest_loss);
        let mut palette = Vec::new();
        let mut first = 1;
        for (&last, colour) in wins.iter().zip([BLUE, SKY_BLUE, PALE_BLUE]) {
            palette.push(Swatch::new(colour, format!("wins in {}", span(first, last))));
            first = last + 2;
        }
        let mut first = 0;
        for (&last, colour) in losses.iter().zip([VERMILLION, ORANGE, PALE_ORANGE]) {
            palette.push(Swatch::new(colour, format!("loses in {}", span(first, last))));
            first = last + 2;
        }
        palette.push(Swatch::new(WALL, "wall"));
        Shades { wins, losses, palette }
    }

    /// The palette entry of an open cell with this remoteness.
    fn class(&self, remoteness: u16) -> usize {
        let (ranges, offset) = if remoteness % 2 == 1 { (&self.wins, 0) } else { (&self.losses, self.wins.len()) };
        offset + ranges.iter().position(|&last| remoteness <= last).unwrap_or(ranges.len().saturating_sub(1))
    }
}

/// The last value of each of up to three ranges of near-equal length that split `first, first + 2, …, longest`.
fn ranges(first: u16, longest: Option<u16>) -> Vec<u16> {
    let Some(longest) = longest else { return Vec::new() };
    let count = (longest - first) / 2 + 1;
    let parts = count.min(3);
    (1..=parts).map(|i| first + 2 * ((count * i).div_ceil(parts) - 1)).collect()
}

/// A range of remoteness as the legend writes it after "wins in" or "loses in": "3", or "1–5".
fn span(first: u16, last: u16) -> String {
    if first == last { format!("{first}") } else { format!("{first}–{last}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_every_value_once() {
        assert_eq!(ranges(1, None), Vec::<u16>::new());
        assert_eq!(ranges(1, Some(1)), vec![1]);
        assert_eq!(ranges(0, Some(2)), vec![0, 2]);
        assert_eq!(ranges(1, Some(17)), vec![5, 11, 17]);
        assert_eq!(ranges(0, Some(20)), vec![6, 14, 20]);
    }
}
