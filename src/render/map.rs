//! Cell maps as SVG: a grid of coloured cells with optional labels, a title and a legend, alone or as small
//! multiples. Game-agnostic: the caller says which palette entry each cell takes and what to write in it.
//!
//! The SVG is written directly (plotters cannot draw text without its font feature, and a map is only rectangles
//! and a little text). It stays small whatever the board:
//!
//! - each palette entry is **one `<path>`**, made of horizontal runs of equal cells (not one `<rect>` per cell);
//! - a board with more than [`MAX_BLOCKS`] rows or columns is **downsampled**: each drawn cell stands for a square
//!   block of board cells and takes the mix of their colours in proportion (a block of 90 % blue and 10 % orange
//!   cells is a slightly orange-tinted blue, so sparse classes stay visible), and the legend says so. A 5000 × 5000 board is drawn as 250 × 250 blocks of 20 × 20 cells: well under a megabyte;
//! - labels are written only when every cell is drawn on its own and is at least [`LABEL_MIN_PX`] pixels wide.
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
/// The drawing area of one map is about this many pixels on its longer side.
const TARGET_PX: usize = 720;

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
    /// Whether to write 1-based row and column numbers along the edges.
    pub coordinates: bool,
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
            coordinates: true,
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

    fn panel(&self) -> Panel {
        let block = self.block();
        let (brows, bcols) = (self.rows.div_ceil(block).max(1), self.cols.div_ceil(block).max(1));
        let cell = (TARGET_PX / brows.max(bcols)).clamp(2, 40);
        let margin = if self.coordinates { 34 } else { 8 };
        let legend_lines = 1 + usize::from(self.note.is_some()) + usize::from(block > 1);
        let longest = self.note.as_ref().map_or(0, |n| n.chars().count()).max(if block > 1 { 100 } else { 0 });
        let width = (margin + bcols * cell + 12).max(360).max(16 + longest * 13 / 2);
        let height = 40 + margin + brows * cell + 12 + 22 * legend_lines;
        Panel { block, brows, bcols, cell, margin, width, height }
    }
}

/// Several maps side by side, `per_row` to a row, under one title: small multiples.
pub fn small_multiples(title: &str, maps: &[CellMap<'_>], per_row: usize) -> String {
    let panels: Vec<Panel> = maps.iter().map(CellMap::panel).collect();
    let per_row = per_row.max(1);
    let width = panels.iter().map(|p| p.width).max().unwrap_or(360);
    let height = panels.iter().map(|p| p.height).max().unwrap_or(100);
    let columns = per_row.min(maps.len()).max(1);
    let rows = maps.len().div_ceil(per_row).max(1);
    let mut svg = String::new();
    open_svg(&mut svg, width * columns, 36 + height * rows);
    let _ = writeln!(svg, r#"<text x="10" y="24" font-size="18" font-weight="bold">{}</text>"#, escape(title));
    for (i, (map, panel)) in maps.iter().zip(&panels).enumerate() {
        panel.draw(map, &mut svg, (i % per_row) * width, 36 + (i / per_row) * height);
    }
    svg.push_str("</svg>\n");
    svg
}

fn open_svg(svg: &mut String, width: usize, height: usize) {
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#
    );
    let _ = writeln!(svg, r##"<rect width="{width}" height="{height}" fill="#FFFFFF"/>"##);
}

/// The layout of one map.
struct Panel {
    block: usize,
    brows: usize,
    bcols: usize,
    cell: usize,
    margin: usize,
    width: usize,
    height: usize,
}

impl Panel {
    /// The fill of drawn cell (br, bc), an index into `fills` (which starts with the palette's colours): the
    /// cell's class, or for a block of several cells the mix of their colours in proportion (channels rounded to
    /// multiples of 8, so that few distinct colours, hence few paths, appear).
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
        let drawn: usize = counts[..map.palette.len()].iter().sum();
        let present = counts[..map.palette.len()].iter().filter(|&&n| n > 0).count();
        if present <= 1 || !fills.mixable {
            let best = counts[..map.palette.len()].iter().max().copied().unwrap_or(0);
            return counts.iter().position(|&n| n == best).unwrap_or(0);
        }
        let mut mixed = [0.0f64; 3];
        for (class, &n) in counts[..map.palette.len()].iter().enumerate() {
            for (channel, value) in mixed.iter_mut().zip(fills.rgb[class]) {
                *channel += f64::from(value) * n as f64 / drawn as f64;
            }
        }
        let [r, g, b] = mixed.map(|v| ((v / 8.0).round() * 8.0).min(255.0) as u8);
        fills.index(format!("#{r:02X}{g:02X}{b:02X}"))
    }

    fn draw(&self, map: &CellMap<'_>, svg: &mut String, x: usize, y: usize) {
        let _ = writeln!(svg, r#"<g transform="translate({x},{y})">"#);
        let _ = writeln!(svg, r#"<text x="8" y="24" font-size="16" font-weight="bold">{}</text>"#, escape(&map.title));
        let (ox, oy) = (self.margin, 40 + self.margin);
        // The cells: one path per class, made of horizontal runs, in cell units scaled up.
        let mut classes = vec![0usize; self.bcols];
        let mut fills = Fills::new(&map.palette);
        let mut paths = vec![String::new(); map.palette.len()];
        let mut counts = Vec::new();
        let mut labels = String::new();
        let show_labels = self.block == 1 && self.cell >= LABEL_MIN_PX;
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
            if let (true, Some(label)) = (show_labels, map.label) {
                for (bc, &class) in classes.iter().enumerate() {
                    let (Some(text), Some(swatch)) = (label(br, bc), map.palette.get(class)) else { continue };
                    let chars = text.chars().count().max(1);
                    let size = (self.cell as f64 * 0.5).min(self.cell as f64 * 1.5 / chars as f64);
                    let _ = writeln!(
                        labels,
                        r#"<text x="{:.1}" y="{:.1}" font-size="{size:.1}" fill="{}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                        (ox + bc * self.cell) as f64 + self.cell as f64 / 2.0,
                        (oy + br * self.cell) as f64 + self.cell as f64 / 2.0,
                        swatch.text,
                        escape(&text)
                    );
                }
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
        svg.push_str(&labels);
        for &(r, c) in &map.marks {
            if r < map.rows && c < map.cols {
                let (br, bc) = (r / self.block, c / self.block);
                let _ = writeln!(
                    svg,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#000000" stroke-width="{}"/>"##,
                    ox + bc * self.cell,
                    oy + br * self.cell,
                    self.cell,
                    self.cell,
                    if self.cell >= 8 { 2.5 } else { 1.5 }
                );
            }
        }
        if map.coordinates {
            self.draw_coordinates(map, svg, ox, oy);
        }
        // The legend.
        let mut ly = oy + self.brows * self.cell + 24;
        let mut lx = 8;
        for swatch in &map.palette {
            let _ = writeln!(
                svg,
                r##"<rect x="{lx}" y="{}" width="14" height="14" fill="{}" stroke="#000000" stroke-width="0.5"/><text x="{}" y="{ly}" font-size="13">{}</text>"##,
                ly - 11,
                swatch.colour,
                lx + 19,
                escape(&swatch.meaning)
            );
            lx += 19 + 8 * swatch.meaning.chars().count() + 16;
        }
        if self.block > 1 {
            ly += 22;
            let _ = writeln!(
                svg,
                r#"<text x="8" y="{ly}" font-size="12">{}×{} board drawn as {}×{} blocks of {}×{} cells (each block: the mix of its cells' colours)</text>"#,
                map.rows, map.cols, self.brows, self.bcols, self.block, self.block
            );
        }
        if let Some(note) = &map.note {
            ly += 22;
            let _ = writeln!(svg, r#"<text x="8" y="{ly}" font-size="12">{}</text>"#, escape(note));
        }
        svg.push_str("</g>\n");
    }

    /// 1-based row numbers on the left and column numbers on top, at a readable spacing.
    fn draw_coordinates(&self, map: &CellMap<'_>, svg: &mut String, ox: usize, oy: usize) {
        let spacing = |count: usize| {
            let every_px = 28;
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
                r#"<text x="{x:.1}" y="{}" font-size="10" text-anchor="middle">{}</text>"#,
                oy - 5,
                c + 1
            );
        }
        for r in ticks(map.rows) {
            let y = oy as f64 + (r / self.block) as f64 * self.cell as f64 + self.cell as f64 / 2.0;
            let _ = writeln!(
                svg,
                r#"<text x="{}" y="{y:.1}" font-size="10" text-anchor="end" dominant-baseline="central">{}</text>"#,
                ox - 4,
                r + 1
            );
        }
    }
}

/// The fill colours in use: the palette's, then mixes of them for downsampled blocks.
struct Fills {
    colours: Vec<String>,
    rgb: Vec<[u8; 3]>,
    mixable: bool,
    known: std::collections::HashMap<String, usize>,
}

impl Fills {
    fn new(palette: &[Swatch]) -> Fills {
        let rgb: Vec<Option<[u8; 3]>> = palette.iter().map(|s| parse_hex(&s.colour)).collect();
        Fills {
            colours: palette.iter().map(|s| s.colour.clone()).collect(),
            mixable: rgb.iter().all(Option::is_some),
            rgb: rgb.into_iter().map(Option::unwrap_or_default).collect(),
            known: std::collections::HashMap::new(),
        }
    }

    fn index(&mut self, colour: String) -> usize {
        if let Some(&i) = self.known.get(&colour) {
            return i;
        }
        self.colours.push(colour.clone());
        self.known.insert(colour, self.colours.len() - 1);
        self.colours.len() - 1
    }
}

/// The channels of a `#RRGGBB` colour.
fn parse_hex(colour: &str) -> Option<[u8; 3]> {
    let hex = colour.strip_prefix('#').filter(|h| h.len() == 6)?;
    let channel = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

/// Escapes text for SVG.
fn escape(text: &str) -> String {
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
            marks: vec![(1, 1), (9, 9)],
            ..CellMap::new(3, 3, &class)
        };
        let svg = map.to_svg();
        assert!(svg.contains("a &amp; b"));
        assert_eq!(svg.matches("&lt;7&gt;").count(), 3);
        assert_eq!(svg.matches("fill=\"none\" stroke=\"#000000\"").count(), 1);
        let two = small_multiples("pair", &[map, CellMap::new(2, 2, &class)], 2);
        assert_eq!(two.matches("<svg").count(), 1);
        assert!(two.contains("pair"));
    }

    #[test]
    fn text_colour_contrasts() {
        assert_eq!(Swatch::new(BLUE, "").text, "#FFFFFF");
        assert_eq!(Swatch::new(ORANGE, "").text, "#000000");
        assert_eq!(Swatch::new(WALL, "").text, "#FFFFFF");
    }
}
