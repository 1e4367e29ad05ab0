//! The tablebase of a board drawn as one SVG sheet: an overview of A's win share on larger boards, then one small
//! board per start of A under one legend, the pair asked ringed.

use super::instance::Instance;
use super::report::{at, moves_word};
use super::rules::Cell;
use super::solve::Player;
use super::tablebase::Tablebase;
use crate::engine::Value;
use crate::render::map::{self, CellMap, Swatch};
use crate::render::sheet::Sheet;

/// Boards with more cells than this get an overview before the small boards.
const OVERVIEW_CELLS: usize = 36;

/// Pixels per cell of a small board.
const SMALL_CELL_PX: usize = 26;

/// The tablebase as a sheet: on boards larger than 6×6 an overview first (for each A start, the share of B starts
/// A wins), then one small board per A start, each B start coloured by the winner and labelled with the total
/// moves, under one legend; the pair asked is ringed and its board framed.
pub fn tablebase_svg(instance: &Instance, table: &Tablebase) -> String {
    let starts: Vec<Cell> = (0..instance.rows())
        .flat_map(|r| (0..instance.cols()).map(move |c| (r, c)))
        .filter(|&cell| instance.has_foothold(cell))
        .collect();
    let palette = vec![
        Swatch::new(map::BLUE, "A wins"),
        Swatch::new(map::ORANGE, "B wins"),
        Swatch::new(map::WALL, "no foothold"),
    ];
    let classes: Vec<_> = starts
        .iter()
        .map(|&a| {
            move |r: usize, c: usize| match table.outcome(a, (r, c)) {
                Some(o) if o.value == Value::Win => 0,
                Some(_) => 1,
                None => 2,
            }
        })
        .collect();
    let labels: Vec<_> = starts
        .iter()
        .map(|&a| move |r: usize, c: usize| table.outcome(a, (r, c)).map(|o| o.remoteness.to_string()))
        .collect();
    let side = instance.rows().max(instance.cols());
    let maps: Vec<CellMap> = starts
        .iter()
        .zip(classes.iter().zip(&labels))
        .map(|(&a, (class, label))| {
            let asked = a == instance.a();
            CellMap {
                title: format!("A starts at {}", at(a)),
                palette: palette.clone(),
                label: Some(label),
                marks: vec![a],
                asked: asked.then_some(instance.b()),
                coordinates: false,
                legend: false,
                target_px: (side * SMALL_CELL_PX).max(120),
                ..CellMap::new(instance.rows(), instance.cols(), class)
            }
        })
        .collect();
    let asked = table.outcome(instance.a(), instance.b()).map_or(String::new(), |o| {
        let winner = Player::winner(o);
        format!(": {winner} wins, {} in all", moves_word(o.remoteness))
    });
    let notes = vec![
        "One small board per start of A (the outlined square); every other square is a start of B, coloured by the \
         winner and labelled with the total moves."
            .to_string(),
        "The outlined square itself is B starting on A's square (both on one foothold).".to_string(),
        format!(
            "Ringed, on the framed board: the pair asked, A at {} and B at {}{asked}.",
            at(instance.a()),
            at(instance.b())
        ),
    ];
    let (share_class, share_label) = (
        |r: usize, c: usize| win_share(instance, table, (r, c)).map_or(SHARE_BANDS, share_band),
        |r: usize, c: usize| win_share(instance, table, (r, c)).map(|s| format!("{:.0}", 100.0 * s)),
    );
    let overview = (instance.rows() * instance.cols() > OVERVIEW_CELLS).then(|| CellMap {
        title: "Overview: for each start of A, the share of B's starts that A wins (%)".into(),
        palette: share_palette(),
        label: Some(&share_label),
        note: Some(format!(
            "Outlined: A's start in the question asked, {}. Rows and columns from 0.",
            at(instance.a())
        )),
        marks: vec![instance.a()],
        first_index: 0,
        target_px: side * 48,
        ..CellMap::new(instance.rows(), instance.cols(), &share_class)
    });
    let per_row = (starts.len() as f64).sqrt().ceil() as usize;
    Sheet {
        title: format!(
            "Vanishing footholds, {}×{}: the winner and the total moves for every pair of starts (A moves first)",
            instance.rows(),
            instance.cols()
        ),
        overview,
        legend: palette,
        notes,
        maps,
        per_row,
    }
    .to_svg()
}

/// Bands of the overview's colour scale.
const SHARE_BANDS: usize = 5;

/// The share of B's starts that A wins when A starts on `a`; `None` off the footholds.
fn win_share(instance: &Instance, table: &Tablebase, a: Cell) -> Option<f64> {
    if !instance.has_foothold(a) {
        return None;
    }
    let (mut wins, mut all) = (0usize, 0usize);
    for b in (0..instance.rows()).flat_map(|r| (0..instance.cols()).map(move |c| (r, c))) {
        if let Some(o) = table.outcome(a, b) {
            all += 1;
            wins += usize::from(o.value == Value::Win);
        }
    }
    Some(wins as f64 / all.max(1) as f64)
}

/// The band of a share: 0 for under 20 %, … 4 for 80 % or more.
fn share_band(share: f64) -> usize {
    ((share * SHARE_BANDS as f64) as usize).min(SHARE_BANDS - 1)
}

/// The overview's scale: Okabe–Ito orange (B wins most) through pale to blue (A wins most), then no foothold.
fn share_palette() -> Vec<Swatch> {
    vec![
        Swatch::new(map::ORANGE, "under 20%"),
        Swatch::new("#F3CF80", "20–40%"),
        Swatch::new("#EEEEEE", "40–60%"),
        Swatch::new("#80B9D9", "60–80%"),
        Swatch::new(map::BLUE, "80% or more"),
        Swatch::new(map::WALL, "no foothold"),
    ]
}
