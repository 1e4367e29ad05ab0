//! Boards drawn as text: one character per cell, with row and column numbers around them.

/// Draws a `rows` × `cols` grid of characters, with 0-based column numbers above and row numbers on the left,
/// each line indented by `indent`.
///
/// ```
/// let drawn = perfectplay::render::text::grid(2, 3, "", |r, c| if r == c { 'A' } else { '#' });
/// assert_eq!(drawn, "   0 1 2\n0  A # #\n1  # A #\n");
/// ```
pub fn grid(rows: usize, cols: usize, indent: &str, cell: impl Fn(usize, usize) -> char) -> String {
    let row_width = (rows.saturating_sub(1)).to_string().len();
    let mut out = String::new();
    out.push_str(indent);
    out.push_str(&" ".repeat(row_width + 2));
    let header: Vec<String> = (0..cols).map(|c| (c % 10).to_string()).collect();
    out.push_str(&header.join(" "));
    out.push('\n');
    for r in 0..rows {
        out.push_str(&format!("{indent}{r:>row_width$}  "));
        let cells: Vec<String> = (0..cols).map(|c| cell(r, c).to_string()).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}
