//! A histogram as a standalone SVG picture: one bar per whole number, optionally the running total as a curve on a
//! second axis at the right, vertical marks for summary values (a mean, a median), a title and labelled axes with
//! text of at least 14 px and a few horizontal grid lines.
//!
//! Drawn with plotters' SVG backend. Plotters is built without a font feature, so it cannot measure text; its SVG
//! backend does not need to: it writes `<text>` elements and leaves the fonts to the viewer, and the layout uses a
//! crude size estimate. The picture is written to a string, so nothing here touches the file system.

use plotters::prelude::*;

/// A vertical mark across the histogram, with its label.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    /// Where the mark goes on the horizontal axis.
    pub x: f64,
    /// The label drawn next to the mark (and in the legend).
    pub label: String,
}

/// What to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    /// The title above the chart.
    pub title: String,
    /// The label of the horizontal axis.
    pub x_label: String,
    /// The label of the vertical axis.
    pub y_label: String,
    /// The horizontal position of the first bar; bar `i` stands at `first + i`.
    pub first: usize,
    /// The bar heights (probabilities, counts…), not negative.
    pub bars: Vec<f64>,
    /// Marks to draw across the bars.
    pub markers: Vec<Marker>,
    /// A running total to draw as a curve over the bars, one value per bar in `0..=1`, on a second axis at the
    /// right labelled with the `String`.
    pub cumulative: Option<(Vec<f64>, String)>,
}

/// Colours of the successive markers: Okabe–Ito vermillion, black and bluish green, which stay apart from each
/// other, from the blue bars and from the purple running total with every common form of colour blindness (unlike
/// red beside green).
const MARKER_COLORS: [RGBColor; 3] = [RGBColor(213, 94, 0), BLACK, RGBColor(0, 158, 115)];

/// The running total's colour: Okabe–Ito reddish purple.
const CUMULATIVE_COLOR: RGBColor = RGBColor(204, 121, 167);

/// Text sizes as given to plotters, whose SVG backend writes them divided by 1.24: axis labels, descriptions and
/// the legend at 18 (14.5 px), the title at 22 (17.7 px).
const TEXT_SIZE: u32 = 18;
const TITLE_SIZE: u32 = 22;

/// The histogram as an SVG document of `width` × `height` pixels.
///
/// # Errors
/// A message when plotters fails to draw (it does not for finite, non-negative bars), or when there are no bars
/// or a bar is not finite.
///
/// # Examples
/// ```
/// use perfectplay::render::histogram::{Histogram, Marker, histogram_svg};
/// let chart = Histogram {
///     title: "two dice".into(),
///     x_label: "sum".into(),
///     y_label: "probability".into(),
///     first: 2,
///     bars: vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0].iter().map(|c| c / 36.0).collect(),
///     markers: vec![Marker { x: 7.0, label: "mean 7".into() }],
///     cumulative: None,
/// };
/// let svg = histogram_svg(&chart, 800, 450).unwrap();
/// assert!(svg.starts_with("<svg") && svg.contains("mean 7"));
/// ```
pub fn histogram_svg(chart: &Histogram, width: u32, height: u32) -> Result<String, String> {
    if chart.bars.is_empty() {
        return Err("nothing to draw: the histogram has no bars".into());
    }
    if chart.bars.iter().any(|b| !b.is_finite() || *b < 0.0) {
        return Err("a bar of the histogram is negative or not finite".into());
    }
    if let Some((values, _)) = &chart.cumulative
        && (values.len() != chart.bars.len() || values.iter().any(|v| !(0.0..=1.0 + 1e-9).contains(v)))
    {
        return Err("the running total needs one value in 0..=1 per bar".into());
    }
    let mut svg = String::new();
    draw(chart, width, height, &mut svg).map_err(|e| format!("cannot draw the histogram: {e}"))?;
    Ok(svg)
}

fn draw(chart: &Histogram, width: u32, height: u32, svg: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, (width, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let top = chart.bars.iter().copied().fold(0.0, f64::max);
    let y_max = if top > 0.0 { top * 1.15 } else { 1.0 };
    let x_min = chart.first as f64 - 0.5;
    let x_max = (chart.first + chart.bars.len()) as f64 - 0.5;
    let text = ("sans-serif", TEXT_SIZE);
    let mut plot = ChartBuilder::on(&root)
        .caption(&chart.title, ("sans-serif", TITLE_SIZE))
        .margin(14)
        .x_label_area_size(52)
        .y_label_area_size(80)
        .right_y_label_area_size(if chart.cumulative.is_some() { 80 } else { 0 })
        .build_cartesian_2d(x_min..x_max, 0.0..y_max)?
        .set_secondary_coord(x_min..x_max, 0.0..1.0);
    plot.configure_mesh()
        .disable_x_mesh()
        .max_light_lines(0)
        .y_labels(6)
        .x_labels(10)
        .label_style(text)
        .axis_desc_style(text)
        .x_desc(chart.x_label.as_str())
        .y_desc(chart.y_label.as_str())
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.3}"))
        .draw()?;
    let fill = RGBColor(0, 114, 178).filled(); // Okabe–Ito blue, as in the board maps
    plot.draw_series(chart.bars.iter().enumerate().map(|(i, &p)| {
        let x = (chart.first + i) as f64;
        Rectangle::new([(x - 0.42, 0.0), (x + 0.42, p)], fill)
    }))?;
    if let Some((values, label)) = &chart.cumulative {
        plot.configure_secondary_axes()
            .y_labels(6)
            .label_style(text)
            .axis_desc_style(text)
            .y_desc(label.as_str())
            .y_label_formatter(&|y| format!("{y:.1}"))
            .draw()?;
        let line = CUMULATIVE_COLOR.stroke_width(3);
        plot.draw_secondary_series(LineSeries::new(
            values.iter().enumerate().map(|(i, &c)| ((chart.first + i) as f64, c)),
            line,
        ))?
        .label(label.as_str())
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], line));
    }
    for (i, marker) in chart.markers.iter().enumerate() {
        let color = MARKER_COLORS[i % MARKER_COLORS.len()];
        plot.draw_series(LineSeries::new([(marker.x, 0.0), (marker.x, y_max * 0.97)], color.stroke_width(2)))?
            .label(marker.label.as_str())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], color.stroke_width(2)));
    }
    if !chart.markers.is_empty() || chart.cumulative.is_some() {
        plot.configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .label_font(text)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_bars_marks_and_text() {
        let chart = Histogram {
            title: "t".into(),
            x_label: "rolls".into(),
            y_label: "p".into(),
            first: 1,
            bars: vec![0.5, 0.25, 0.25],
            markers: vec![Marker { x: 1.75, label: "mean 1.75".into() }, Marker { x: 1.0, label: "median 1".into() }],
            cumulative: Some((vec![0.5, 0.75, 1.0], "P(ended by roll t)".into())),
        };
        let svg = histogram_svg(&chart, 600, 400).unwrap();
        assert!(svg.matches("<rect").count() >= 3);
        for text in ["mean 1.75", "median 1", "rolls", "P(ended by roll t)"] {
            assert!(svg.contains(text), "{text} missing");
        }
        // Every text is at least 14 px.
        for size in svg.split("font-size=\"").skip(1) {
            let px: f64 = size.split('"').next().unwrap().trim_end_matches("px").parse().unwrap();
            assert!(px >= 14.0, "{px} px text");
        }
    }

    #[test]
    fn bad_bars_are_refused() {
        let mut chart = Histogram {
            title: String::new(),
            x_label: String::new(),
            y_label: String::new(),
            first: 0,
            bars: vec![],
            markers: vec![],
            cumulative: None,
        };
        assert!(histogram_svg(&chart, 100, 100).is_err());
        chart.bars = vec![f64::NAN];
        assert!(histogram_svg(&chart, 100, 100).is_err());
        chart.bars = vec![0.0];
        assert!(histogram_svg(&chart, 100, 100).is_ok());
        chart.cumulative = Some((vec![0.5, 1.0], String::new()));
        assert!(histogram_svg(&chart, 100, 100).is_err());
    }
}
