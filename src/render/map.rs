//! Cell maps as SVG: a grid of coloured cells with optional labels, a title and a legend, alone or as small
//! multiples under one legend ([`super::sheet`]). Game-agnostic: the caller says which palette entry each cell
//! takes and what to write in it.
//!
//! The SVG is written directly (plotters cannot draw text without its font feature, and a map is only rectangles
//! and a little text). It stays small whatever the board:
//!
//! - each palette entry is **one `<path>`**, made of horizontal runs of equal cells (not one `<rect>` per cell);
//! - a board with more than [`MAX_BLOCKS`] rows or columns is **downsampled**: each drawn cell stands for a square
//!   block of board cells and takes the colour of the class most of them have, paler when fewer than two thirds
//!   of them have it (a blend of the colours would turn blue, orange and grey into one uniform teal that tells
//!   nothing), and the legend says so. A 5000 × 5000 board is drawn as 250 × 250 blocks of 20 × 20 cells: well
//!   under a megabyte;
//! - labels are written only when every cell is drawn on its own and is at least [`LABEL_MIN_PX`] pixels wide,
//!   and the note that explains them ([`CellMap::label_note`]) only when they are.
//!
//! The default colours are from the Okabe–Ito palette, which stays distinguishable with every common form of
//! colour blindness: [`BLUE`] and [`ORANGE`] for the two main classes, [`WALL`] grey for cells that are not
//! positions.
//!
//! ```
//! use perfectplay::render::map::{BLUE, CellMap, ORANGE, Swatch};
//! let class = |r: usize, c: usize| (r + c) % 2;
//! let label = |r: usize, c: usize| Some((r * 3 + c).to_string());
//! let map = CellMap {
//!     title: "checkerboard".into(),
//!     palette: vec![Swatch::new(BLUE, "even"), Swatch::new(ORANGE, "odd")],
//!     label: Some(&label),
//!     ..CellMap::new(2, 3, &class)
//! };
//! let svg = map.to_svg();
//! assert!(svg.starts_with("<svg") && svg.contains("checkerboard") && svg.contains(">5</text>"));
//! ```

use std::fmt::Write;

/// Okabe–Ito blue.
pub const BLUE: &str = "#0072B2";
/// Okabe–Ito orange.
pub const ORANGE: &str = "#E69F00";
/// Okabe–Ito sky blue.
pub const SKY_BLUE: &str = "#56B4E9";
/// Okabe–Ito vermillion.
pub const VERMILLION: &str = "#D55E00";
/// Okabe–Ito bluish green.
pub const GREEN: &str = "#009E73";
/// Dark grey for walls and other non-positions.
pub const WALL: &str = "#3A3A3A";

/// The most drawn cells per side; larger boards are downsampled into square blocks.
pub const MAX_BLOCKS: usize = 250;
/// The smallest drawn cell, in pixels, that gets a label.
pub const LABEL_MIN_PX: usize = 14;
/// The drawing area of one map is about this many pixels on its longer side, by default.
pub const TARGET_PX: usize = 720;
/// The share of a block's cells below which its majority colour is drawn paler.
const CLEAR_MAJORITY: f64 = 2.0 / 3.0;

/// A palette entry: a fill colour and what it means (for the legend).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Swatch {
    /// Fill colour, any SVG colour (`#0072B2`).
    pub colour: String,
    /// The legend text.
    pub meaning: String,
    /// Colour of labels written on this fill.
    pub text: String,
}

impl Swatch {
    /// An entry with labels in black on light fills and white on dark ones.
    pub fn new(colour: &str, meaning: impl Into<String>) -> Swatch {
        let text = if is_dark(colour) { "#FFFFFF" } else { "#000000" };
        Swatch { colour: colour.to_string(), meaning: meaning.into(), text: text.to_string() }
    }
}

/// Whether a `#RRGGBB` colour is dark enough to want white text.
fn is_dark(colour: &str) -> bool {
    let hex = colour.trim_start_matches('#');
    let channel = |i: usize| hex.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).unwrap_or(0) as f64;
    hex.len() == 6 && 0.299 * channel(0) + 0.587 * channel(2) + 0.114 * channel(4) < 140.0
}

/// One map: a `rows` × `cols` grid, each cell coloured by the palette entry `class(row, col)` returns (0-based),
/// optionally labelled, with marked cells outlined.
pub struct CellMap<'a> {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The title above the map.
    pub title: String,
    /// A line under the legend (parameters, notes), if any.
    pub note: Option<String>,
    /// The colours, indexed by class.
    pub palette: Vec<Swatch>,
    /// The class of each cell (an index into `palette`; out of range draws nothing).
    pub class: &'a dyn Fn(usize, usize) -> usize,
    /// The text of each cell, written when cells are big enough.
    pub label: Option<&'a dyn Fn(usize, usize) -> Option<String>>,
    /// Cells to outline (start positions, say), 0-based `(row, col)`.
    pub marks: Vec<(usize, usize)>,
    /// A cell to ring (the question that was asked), 0-based; the map also gets a frame.
    pub asked: Option<(usize, usize)>,
    /// What the labels mean, written under the legend only when labels are drawn.
    pub label_note: Option<String>,
    /// Whether to write row and column numbers along the edges.
    pub coordinates: bool,
    /// The number of the first row and column: 1 (judges' 1-based cells) or 0 (0-based ones).
    pub first_index: usize,
    /// Whether to draw the legend under the map (off in a sheet, which has one legend for all).
    pub legend: bool,
    /// About how many pixels the longer side of the grid takes.
    pub target_px: usize,
    /// Whether a block without a clear majority is drawn paler (off when the palette has pale entries of its
    /// own, which the pale blocks would be confused with).
    pub mixed_paler: bool,
}

impl<'a> CellMap<'a> {
    /// A map with a blue/orange palette, no title, labels or marks: fill in the rest with struct update syntax.
    pub fn new(rows: usize, cols: usize, class: &'a dyn Fn(usize, usize) -> usize) -> CellMap<'a> {
        CellMap {
            rows,
            cols,
            title: String::new(),
            note: None,
            palette: vec![Swatch::new(BLUE, "class 0"), Swatch::new(ORANGE, "class 1")],
            class,
            label: None,
            marks: Vec::new(),
            asked: None,
            label_note: None,
            coordinates: true,
            first_index: 1,
            legend: true,
            target_px: TARGET_PX,
            mixed_paler: true,
        }
    }

    /// The map as a standalone SVG document.
    pub fn to_svg(&self) -> String {
        let panel = self.panel();
        let mut svg = String::new();
        open_svg(&mut svg, panel.width, panel.height);
        panel.draw(self, &mut svg, 0, 0);
        svg.push_str("</svg>\n");
        svg
    }

    /// Side of a block of board cells drawn as one cell (1: no downsampling).
    pub fn block(&self) -> usize {
        self.rows.max(self.cols).div_ceil(MAX_BLOCKS).max(1)
    }

    /// Whether the cells get their labels: each cell drawn on its own, big enough to read.
    fn shows_labels(&self, panel: &Panel) -> bool {
        self.label.is_some() && panel.block == 1 && panel.cell >= LABEL_MIN_PX
    }

    /// The lines under the legend: the block note, the note, and the label note when labels are drawn.
    fn notes(&self, panel: &Panel) -> Vec<String> {
        let mut notes = Vec::new();
        if panel.block > 1 {
            notes.push(format!(
                "{}×{} board drawn as {}×{} blocks of {}×{} cells: each block has the colour most of its cells \
                 have{}",
                self.rows,
                self.cols,
                panel.brows,
                panel.bcols,
                panel.block,
                panel.block,
                if self.mixed_paler { ", paler when fewer than two thirds have it" } else { "" }
            ));
        }
        notes.extend(self.note.clone());
        if self.shows_labels(panel) {
            notes.extend(self.label_note.clone());
        }
        notes
    }

    pub(super) fn panel(&self) -> Panel {
        let block = self.block();
        let (brows, bcols) = (self.rows.div_ceil(block).max(1), self.cols.div_ceil(block).max(1));
        let cell = (self.target_px / brows.max(bcols)).clamp(2, 40);
        let margin = if self.coordinates { 34 } else { 8 };
        let mut panel = Panel { block, brows, bcols, cell, margin, width: 0, height: 0, legend_height: 0 };
        let title = 16 + self.title.chars().count() * 10;
        let mut width = (margin + bcols * cell + 12).max(title);
        if self.legend {
            let notes = self.notes(&panel);
            let longest = notes.iter().map(|n| n.chars().count()).max().unwrap_or(0);
            width = width.max(16 + longest * 13 / 2).max(legend_width(&self.palette));
            panel.legend_height = 22 * (1 + notes.len());
        }
        panel.width = width;
        panel.height = 40 + margin + brows * cell + 12 + panel.legend_height;
        panel
    }
}

/// The width of a legend row of `palette`.
pub(super) fn legend_width(palette: &[Swatch]) -> usize {
    8 + palette.iter().map(|s| 19 + 8 * s.meaning.chars().count() + 16).sum::<usize>()
}

/// Draws a legend row of `palette` with its left end at `x` and its text baseline at `y`.
pub(super) fn draw_legend(svg: &mut String, palette: &[Swatch], x: usize, y: usize) {
    let mut lx = x;
    for swatch in palette {
        let _ = writeln!(
            svg,
            r##"<rect x="{lx}" y="{}" width="14" height="14" fill="{}" stroke="#000000" stroke-width="0.5"/><text x="{}" y="{y}" font-size="13">{}</text>"##,
            y - 11,
            swatch.colour,
            lx + 19,
            escape(&swatch.meaning)
        );
        lx += 19 + 8 * swatch.meaning.chars().count() + 16;
    }
}

/// Starts an SVG document of `width` × `height` pixels on a white background.
pub(super) fn open_svg(svg: &mut String, width: usize, height: usize) {
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#
    );
    let _ = writeln!(svg, r##"<rect width="{width}" height="{height}" fill="#FFFFFF"/>"##);
}

/// The layout of one map.
pub(super) struct Panel {
    block: usize,
    brows: usize,
    bcols: usize,
    cell: usize,
    margin: usize,
    /// The whole panel's size in pixels.
    pub(super) width: usize,
    pub(super) height: usize,
    legend_height: usize,
}

impl Panel {
    /// The fill of drawn cell (br, bc), an index into `fills` (which starts with the palette's colours): the
    /// cell's class, or for a block of several cells the class most of them have, paler when fewer than
    /// [`CLEAR_MAJORITY`] of them have it.
    fn block_fill(&self, map: &CellMap<'_>, br: usize, bc: usize, counts: &mut Vec<usize>, fills: &mut Fills) -> usize {
        if self.block == 1 {
            return (map.class)(br, bc);
        }
        counts.clear();
        counts.resize(map.palette.len() + 1, 0);
        for r in br * self.block..((br + 1) * self.block).min(map.rows) {
            for c in bc * self.block..((bc + 1) * self.block).min(map.cols) {
                let class = (map.class)(r, c).min(map.palette.len());
                counts[class] += 1;
            }
        }
        let drawn: usize = counts.iter().sum();
        let best = counts[..map.palette.len()].iter().max().copied().unwrap_or(0);
        let class = counts.iter().position(|&n| n == best).unwrap_or(0);
        if map.mixed_paler && (best as f64) < CLEAR_MAJORITY * drawn as f64 { fills.pale(class) } else { class }
    }

    /// Draws `map` laid out by this panel with its top left corner at (x, y).
    pub(super) fn draw(&self, map: &CellMap<'_>, svg: &mut String, x: usize, y: usize) {
        let _ = writeln!(svg, r#"<g transform="translate({x},{y})">"#);
        let _ = writeln!(svg, r#"<text x="8" y="24" font-size="16" font-weight="bold">{}</text>"#, escape(&map.title));
        let (ox, oy) = (self.margin, 40 + self.margin);
        let fills = self.draw_cells(map, svg, ox, oy);
        if self.block == 1 && self.cell >= 6 {
            // Thin white lines between cells.
            let (w, h) = (self.bcols * self.cell, self.brows * self.cell);
            let mut d = String::new();
            for r in 1..self.brows {
                let _ = write!(d, "M{ox} {}h{w}", oy + r * self.cell);
            }
            for c in 1..self.bcols {
                let _ = write!(d, "M{} {oy}v{h}", ox + c * self.cell);
            }
            let _ = writeln!(svg, r##"<path stroke="#FFFFFF" stroke-width="1" fill="none" d="{d}"/>"##);
        }
        if map.shows_labels(self) {
            self.draw_labels(map, svg, ox, oy, &fills);
        }
        self.draw_marks(map, svg, ox, oy);
        if map.coordinates {
            self.draw_coordinates(map, svg, ox, oy);
        }
        if map.legend {
            let mut ly = oy + self.brows * self.cell + 24;
            draw_legend(svg, &map.palette, 8, ly);
            for note in map.notes(self) {
                ly += 22;
                let _ = writeln!(svg, r#"<text x="8" y="{ly}" font-size="12">{}</text>"#, escape(&note));
            }
        }
        svg.push_str("</g>\n");
    }

    /// The cells: one path per fill, made of horizontal runs, in cell units scaled up. Returns the fills used.
    fn draw_cells(&self, map: &CellMap<'_>, svg: &mut String, ox: usize, oy: usize) -> Fills {
        let mut classes = vec![0usize; self.bcols];
        let mut fills = Fills::new(&map.palette);
        let mut paths = vec![String::new(); map.palette.len()];
        let mut counts = Vec::new();
        for br in 0..self.brows {
            for (bc, class) in classes.iter_mut().enumerate() {
                *class = self.block_fill(map, br, bc, &mut counts, &mut fills);
            }
            paths.resize(fills.colours.len(), String::new());
            let mut start = 0;
            while start < self.bcols {
                let class = classes[start];
                let end = (start..self.bcols).find(|&c| classes[c] != class).unwrap_or(self.bcols);
                if let Some(path) = paths.get_mut(class) {
                    let _ = write!(path, "M{start} {br}h{}v1h-{}z", end - start, end - start);
                }
                start = end;
            }
        }
        let _ =
            writeln!(svg, r#"<g transform="translate({ox},{oy}) scale({})" shape-rendering="crispEdges">"#, self.cell);
        for (path, colour) in paths.iter().zip(&fills.colours) {
            if !path.is_empty() {
                let _ = writeln!(svg, r#"<path fill="{colour}" d="{path}"/>"#);
            }
        }
        svg.push_str("</g>\n");
        fills
    }

    /// The text of each cell, in the palette's text colour for the cell's fill.
    fn draw_labels(&self, map: &CellMap<'_>, svg: &mut String, ox: usize, oy: usize, fills: &Fills) {
        let Some(label) = map.label else { return };
        for br in 0..self.brows {
            for bc in 0..self.bcols {
                let class = (map.class)(br, bc);
                let (Some(text), Some(colour)) = (label(br, bc), fills.text.get(class)) else { continue };
                let chars = text.chars().count().max(1);
                // About 0.6 em a character: the text takes at most three quarters of the cell's width.
                let size = (self.cell as f64 * 0.5).min(self.cell as f64 * 1.25 / chars as f64);
                let _ = writeln!(
                    svg,
                    r#"<text x="{:.1}" y="{:.1}" font-size="{size:.1}" fill="{colour}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                    (ox + bc * self.cell) as f64 + self.cell as f64 / 2.0,
                    (oy + br * self.cell) as f64 + self.cell as f64 / 2.0,
                    escape(&text)
                );
            }
        }
    }

    /// Outlines the marked cells, rings the asked cell and frames a map that has one.
    fn draw_marks(&self, map: &CellMap<'_>, svg: &mut String, ox: usize, oy: usize) {
        let width = if self.cell >= 8 { 2.5 } else { 1.5 };
        for &(r, c) in &map.marks {
            if r < map.rows && c < map.cols {
                let (x, y) = (ox + (c / self.block) * self.cell, oy + (r / self.block) * self.cell);
                let _ = writeln!(
                    svg,
                    r##"<rect x="{x}" y="{y}" width="{0}" height="{0}" fill="none" stroke="#000000" stroke-width="{width}"/>"##,
                    self.cell
                );
            }
        }
        if let Some((r, c)) = map.asked.filter(|&(r, c)| r < map.rows && c < map.cols) {
            let half = self.cell as f64 / 2.0;
            let (x, y) = (
                ox as f64 + ((c / self.block) * self.cell) as f64 + half,
                oy as f64 + ((r / self.block) * self.cell) as f64 + half,
            );
            // A black ring with a white halo reads on every fill.
            let _ = writeln!(
                svg,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="#FFFFFF" stroke-width="{:.1}"/><circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="#000000" stroke-width="{width}"/>"##,
                half * 0.9,
                width + 2.5,
                half * 0.9
            );
            let _ = writeln!(
                svg,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#000000" stroke-width="3"/>"##,
                ox - 5,
                oy - 5,
                self.bcols * self.cell + 10,
                self.brows * self.cell + 10
            );
        }
    }

    /// Row numbers on the left and column numbers on top (counted from `first_index`), at a readable spacing.
    fn draw_coordinates(&self, map: &CellMap<'_>, svg: &mut String, ox: usize, oy: usize) {
        let spacing = |count: usize| {
            // Room for the widest number (about 8 px a digit at 12 px) and a gap.
            let every_px = (8 * (count + map.first_index).to_string().len() + 12).max(28);
            let cells = (every_px as f64 / self.cell as f64 * self.block as f64).ceil() as usize;
            [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000]
                .into_iter()
                .find(|&s| s >= cells)
                .unwrap_or(count.max(1))
        };
        let step = spacing(map.rows.max(map.cols));
        let ticks = |count: usize| {
            let mut t: Vec<usize> = (0..count).filter(|i| (i + 1) % step == 0).collect();
            if step >= 5 && count > 0 {
                t.insert(0, 0);
            }
            t
        };
        for c in ticks(map.cols) {
            let x = ox as f64 + (c / self.block) as f64 * self.cell as f64 + self.cell as f64 / 2.0;
            let _ = writeln!(
                svg,
                r#"<text x="{x:.1}" y="{}" font-size="12" text-anchor="middle">{}</text>"#,
                oy - 5,
                c + map.first_index
            );
        }
        for r in ticks(map.rows) {
            let y = oy as f64 + (r / self.block) as f64 * self.cell as f64 + self.cell as f64 / 2.0;
            let _ = writeln!(
                svg,
                r#"<text x="{}" y="{y:.1}" font-size="12" text-anchor="end" dominant-baseline="central">{}</text>"#,
                ox - 4,
                r + map.first_index
            );
        }
    }
}

/// The fill colours in use: the palette's, then paler ones for blocks without a clear majority; and the colour of
/// labels on each.
struct Fills {
    colours: Vec<String>,
    text: Vec<String>,
    /// For each palette entry, the index of its pale fill once used.
    pale: Vec<Option<usize>>,
}

impl Fills {
    fn new(palette: &[Swatch]) -> Fills {
        Fills {
            colours: palette.iter().map(|s| s.colour.clone()).collect(),
            text: palette.iter().map(|s| s.text.clone()).collect(),
            pale: vec![None; palette.len()],
        }
    }

    /// The index of the pale version of palette entry `class`: halfway to white (the colour itself when it is
    /// not `#RRGGBB`, or `class` is out of the palette).
    fn pale(&mut self, class: usize) -> usize {
        let Some(slot) = self.pale.get(class) else { return class };
        if let Some(index) = *slot {
            return index;
        }
        let Some(rgb) = parse_hex(&self.colours[class]) else { return class };
        let [r, g, b] = rgb.map(|v| v / 2 + 128);
        self.colours.push(format!("#{r:02X}{g:02X}{b:02X}"));
        self.text.push("#000000".into());
        self.pale[class] = Some(self.colours.len() - 1);
        self.colours.len() - 1
    }
}

/// The channels of a `#RRGGBB` colour.
fn parse_hex(colour: &str) -> Option<[u8; 3]> {
    let hex = colour.strip_prefix('#').filter(|h| h.len() == 6)?;
    let channel = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

/// Escapes text for SVG and HTML, in element content and in quoted attribute values.
///
/// ```
/// assert_eq!(perfectplay::render::map::escape("a < b & \"c\""), "a &lt; b &amp; &quot;c&quot;");
/// ```
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_boards_are_downsampled_and_small() {
        let class = |r: usize, c: usize| usize::from((r / 7 + c / 3).is_multiple_of(3)) + usize::from(r == c) * 2;
        let map = CellMap {
            palette: vec![Swatch::new(BLUE, "a"), Swatch::new(ORANGE, "b"), Swatch::new(WALL, "wall")],
            ..CellMap::new(5000, 5000, &class)
        };
        assert_eq!(map.block(), 20);
        let svg = map.to_svg();
        assert!(svg.len() < 1_500_000, "{} bytes", svg.len());
        assert!(svg.contains("drawn as 250×250 blocks of 20×20 cells"));
    }

    #[test]
    fn labels_marks_and_escaping() {
        let class = |_: usize, _: usize| 0;
        let label = |r: usize, c: usize| (r == c).then(|| "<7>".to_string());
        let map = CellMap {
            title: "a & b".into(),
            label: Some(&label),
            label_note: Some("numbers: sevens".into()),
            marks: vec![(1, 1), (9, 9)],
            ..CellMap::new(3, 3, &class)
        };
        let svg = map.to_svg();
        assert!(svg.contains("a &amp; b"));
        assert_eq!(svg.matches("&lt;7&gt;").count(), 3);
        assert_eq!(svg.matches("fill=\"none\" stroke=\"#000000\"").count(), 1);
        assert!(svg.contains("numbers: sevens") && !svg.contains("<circle"));
        // The asked cell gets a ring and the map a frame.
        let asked = CellMap { asked: Some((0, 2)), ..CellMap::new(3, 3, &class) };
        let svg = asked.to_svg();
        assert_eq!(svg.matches("<circle").count(), 2);
        assert_eq!(svg.matches("stroke-width=\"3\"").count(), 1);
    }

    #[test]
    fn the_label_note_goes_with_the_labels() {
        // 600 × 600 cells are drawn in blocks: no labels, so no note about them.
        let class = |_: usize, _: usize| 0;
        let label = |_: usize, _: usize| Some("1".to_string());
        let map =
            CellMap { label: Some(&label), label_note: Some("numbers: ones".into()), ..CellMap::new(600, 600, &class) };
        let svg = map.to_svg();
        assert!(!svg.contains("numbers: ones") && !svg.contains("text-anchor=\"middle\" dominant-baseline"));
    }

    #[test]
    fn blocks_take_their_majority_paler_when_unclear() {
        // Blocks of 2 × 2 (500 × 500 board): rows 0–1 all class 0; rows 2–3 three of four class 1.
        let class = |r: usize, c: usize| usize::from(r >= 2 && (r, c % 2) != (2, 0));
        let map = CellMap { ..CellMap::new(500, 500, &class) };
        assert_eq!(map.block(), 2);
        let svg = map.to_svg();
        // Class 0 clear, class 1 clear (three of four is more than two thirds): the palette's colours only.
        assert!(svg.contains(&format!("<path fill=\"{BLUE}\"")) && svg.contains(&format!("<path fill=\"{ORANGE}\"")));
        assert_eq!(svg.matches("<path fill=").count(), 2, "no blended colours");
        // Half and half: the majority's pale colour (ties go to the first class).
        let half = |_: usize, c: usize| c % 2;
        let svg = CellMap::new(500, 500, &half).to_svg();
        assert!(svg.contains("<path fill=\"#80B9D9\""), "pale blue");
        assert!(svg.contains("paler when fewer than two thirds"));
    }

    #[test]
    fn text_colour_contrasts() {
        assert_eq!(Swatch::new(BLUE, "").text, "#FFFFFF");
        assert_eq!(Swatch::new(ORANGE, "").text, "#000000");
        assert_eq!(Swatch::new(WALL, "").text, "#FFFFFF");
    }
}
