//! A sheet of small multiples: many [`CellMap`]s side by side under one title and one legend, optionally after an
//! overview map drawn large with its own legend (the footholds tablebase: one small board per start of A, and an
//! overview of the share of B's starts A wins).

use super::map::{CellMap, Swatch, draw_legend, escape, legend_width, open_svg};
use std::fmt::Write;

/// What a sheet shows.
pub struct Sheet<'a> {
    /// The title at the top.
    pub title: String,
    /// A map drawn first, full size, with its own legend (a summary of the small maps).
    pub overview: Option<CellMap<'a>>,
    /// The one legend of the small maps.
    pub legend: Vec<Swatch>,
    /// Lines under that legend (what outlines and rings mean, what the numbers are).
    pub notes: Vec<String>,
    /// The small maps; build them with `legend: false`, since the sheet's legend serves them all.
    pub maps: Vec<CellMap<'a>>,
    /// Small maps to a row.
    pub per_row: usize,
}

impl Sheet<'_> {
    /// The sheet as a standalone SVG document.
    ///
    /// ```
    /// use perfectplay::render::map::{BLUE, CellMap, ORANGE, Swatch};
    /// use perfectplay::render::sheet::Sheet;
    /// let class = |r: usize, c: usize| (r + c) % 2;
    /// let small = |title: &str| CellMap { title: title.into(), legend: false, ..CellMap::new(2, 2, &class) };
    /// let sheet = Sheet {
    ///     title: "two boards".into(),
    ///     overview: None,
    ///     legend: vec![Swatch::new(BLUE, "even"), Swatch::new(ORANGE, "odd")],
    ///     notes: vec!["one legend for all".into()],
    ///     maps: vec![small("first"), small("second")],
    ///     per_row: 2,
    /// };
    /// let svg = sheet.to_svg();
    /// assert_eq!(svg.matches(">even</text>").count(), 1);
    /// ```
    pub fn to_svg(&self) -> String {
        let panels: Vec<_> = self.maps.iter().map(CellMap::panel).collect();
        let per_row = self.per_row.max(1);
        let cell_width = panels.iter().map(|p| p.width).max().unwrap_or(0);
        let cell_height = panels.iter().map(|p| p.height).max().unwrap_or(0);
        let columns = per_row.min(self.maps.len()).max(1);
        let rows = self.maps.len().div_ceil(per_row);
        let overview = self.overview.as_ref().map(|map| (map, map.panel()));
        let longest_note = self.notes.iter().map(|n| n.chars().count()).max().unwrap_or(0);
        let title_height = 36;
        let overview_height = overview.as_ref().map_or(0, |(_, p)| p.height + 12);
        let legend_height = 30 + 20 * self.notes.len();
        let width = (cell_width * columns)
            .max(overview.as_ref().map_or(0, |(_, p)| p.width))
            .max(legend_width(&self.legend))
            .max(16 + longest_note * 13 / 2)
            .max(16 + self.title.chars().count() * 11);
        let height = title_height + overview_height + legend_height + cell_height * rows;
        let mut svg = String::new();
        open_svg(&mut svg, width, height);
        let _ =
            writeln!(svg, r#"<text x="10" y="24" font-size="18" font-weight="bold">{}</text>"#, escape(&self.title));
        let mut y = title_height;
        if let Some((map, panel)) = &overview {
            panel.draw(map, &mut svg, 0, y);
            y += panel.height + 12;
        }
        draw_legend(&mut svg, &self.legend, 8, y + 20);
        for (i, note) in self.notes.iter().enumerate() {
            let _ = writeln!(svg, r#"<text x="8" y="{}" font-size="13">{}</text>"#, y + 42 + 20 * i, escape(note));
        }
        y += legend_height;
        for (i, (map, panel)) in self.maps.iter().zip(&panels).enumerate() {
            panel.draw(map, &mut svg, (i % per_row) * cell_width, y + (i / per_row) * cell_height);
        }
        svg.push_str("</svg>\n");
        svg
    }
}
