//! A histogram as a standalone SVG picture: one bar per whole number, or per run of consecutive whole numbers when
//! there are more of them than the chart has pixels across (see [`per_bar`]), optionally the running total as a curve
//! on a second axis at the right, vertical marks for summary values (a mean, a median), a title and labelled axes with
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
    /// The first whole number the bars stand for.
    pub first: usize,
    /// How many consecutive whole numbers a bar stands for: bar `i` covers `first + i · per_bar` to
    /// `first + (i + 1) · per_bar − 1` (the last bar stops at [`Histogram::last`]). With 1, bar `i` stands at
    /// `first + i`, with a gap between bars; with more, the bars touch, each as wide as the run it covers.
    pub per_bar: usize,
    /// The last whole number the bars stand for: the bars are `(last − first) / per_bar + 1`, rounded down.
    pub last: usize,
    /// The bar heights (probabilities, counts…: the sum over the numbers a bar covers), not negative.
    pub bars: Vec<f64>,
    /// Marks to draw across the bars.
    pub markers: Vec<Marker>,
    /// A running total to draw as a curve over the bars, one value per bar in `0..=1`: the total up to the bar's
    /// last number, drawn there, on a second axis at the right labelled with the `String`.
    pub cumulative: Option<(Vec<f64>, String)>,
}

/// How many consecutive whole numbers a bar stands for when `count` of them are to be drawn in at most `most` bars:
/// 1 when each gets a bar of its own, else the smallest of 2, 5, 10, 20, 50, 100… that is enough (round runs, so
/// that the runs read plainly: rolls 1–20, 21–40…).
///
/// # Examples
/// ```
/// use perfectplay::render::histogram::per_bar;
/// assert_eq!(per_bar(800, 800), 1);
/// assert_eq!(per_bar(801, 800), 2);
/// assert_eq!(per_bar(10_000_000, 800), 20_000);
/// ```
pub fn per_bar(count: usize, most: usize) -> usize {
    let most = most.max(1);
    let mut decade = 1_usize;
    loop {
        for step in [1_usize, 2, 5] {
            let per = step.saturating_mul(decade);
            if count.div_ceil(per) <= most {
                return per;
            }
        }
        decade = decade.saturating_mul(10);
    }
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
/// A message when plotters fails to draw (it does not for finite, non-negative bars), or when there are no bars,
/// a bar is not finite, or the bars are not as many as `first`, `per_bar` and `last` say.
///
/// # Examples
/// ```
/// use perfectplay::render::histogram::{Histogram, Marker, histogram_svg};
/// let chart = Histogram {
///     title: "two dice".into(),
///     x_label: "sum".into(),
///     y_label: "probability".into(),
///     first: 2,
///     per_bar: 1,
///     last: 12,
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
    if chart.per_bar == 0
        || chart.last < chart.first
        || (chart.last - chart.first) / chart.per_bar + 1 != chart.bars.len()
    {
        return Err(format!(
            "{} bars do not cover {} to {} by runs of {}",
            chart.bars.len(),
            chart.first,
            chart.last,
            chart.per_bar
        ));
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
    let x_max = chart.last as f64 + 0.5;
    // The numbers bar `i` covers.
    let covers = |i: usize| {
        let low = chart.first + i * chart.per_bar;
        (low, (low + chart.per_bar - 1).min(chart.last))
    };
    // Three decimals on the left axis, more when its steps are smaller than 0.001 (they would all read 0.000).
    let step = y_max / 6.0;
    let decimals = if step >= 1e-3 { 3 } else { (-step.log10()).ceil() as usize };
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
        .y_label_formatter(&|y| format!("{y:.decimals$}"))
        .draw()?;
    let fill = RGBColor(0, 114, 178).filled(); // Okabe–Ito blue, as in the board maps
    plot.draw_series(chart.bars.iter().enumerate().map(|(i, &p)| {
        let (low, high) = covers(i);
        let (left, right) = if chart.per_bar == 1 {
            let x = low as f64;
            (x - 0.42, x + 0.42)
        } else {
            // A bar a pixel or two wide: a gap would round to nothing or to a whole bar, so runs touch.
            (low as f64 - 0.5, high as f64 + 0.5)
        };
        Rectangle::new([(left, 0.0), (right, p)], fill)
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
            values.iter().enumerate().map(|(i, &c)| (covers(i).1 as f64, c)),
            line,
        ))?
        .label(label.as_str())
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], line));
    }
    for (i, marker) in chart.markers.iter().enumerate() {
        let color = MARKER_COLORS[i % MARKER_COLORS.len()];
        // A value past the axis would be drawn at its end, as if it lay there: it stays in the legend only.
        let (line, label) = if (x_min..=x_max).contains(&marker.x) {
            (vec![(marker.x, 0.0), (marker.x, y_max * 0.97)], marker.label.clone())
        } else {
            let side = if marker.x < x_min { "before" } else { "past" };
            (Vec::new(), format!("{} ({side} the axis)", marker.label))
        };
        plot.draw_series(LineSeries::new(line, color.stroke_width(2)))?
            .label(label)
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

    /// A chart of three bars, rolls 1 to 3, with these marks.
    fn three_bars(markers: Vec<Marker>) -> Histogram {
        Histogram {
            title: "t".into(),
            x_label: "rolls".into(),
            y_label: "p".into(),
            first: 1,
            per_bar: 1,
            last: 3,
            bars: vec![0.5, 0.25, 0.25],
            markers,
            cumulative: None,
        }
    }

    #[test]
    fn draws_bars_marks_and_text() {
        let chart = Histogram {
            cumulative: Some((vec![0.5, 0.75, 1.0], "P(ended by roll t)".into())),
            ..three_bars(vec![
                Marker { x: 1.75, label: "mean 1.75".into() },
                Marker { x: 1.0, label: "median 1".into() },
            ])
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
    fn a_mark_past_the_axis_is_only_in_the_legend() {
        let chart = |x: f64| three_bars(vec![Marker { x, label: "expected 40 rolls".into() }]);
        let inside = histogram_svg(&chart(2.0), 600, 400).unwrap();
        let past = histogram_svg(&chart(40.0), 600, 400).unwrap();
        assert!(inside.contains("expected 40 rolls") && !inside.contains("axis)"), "{inside}");
        assert!(past.contains("expected 40 rolls (past the axis)"), "{past}");
        // The mark's line and its legend's are polylines; past the axis, only the legend's is left.
        assert_eq!(inside.matches("<polyline").count(), past.matches("<polyline").count() + 1);
    }

    #[test]
    fn bad_bars_are_refused() {
        let mut chart = Histogram {
            title: String::new(),
            x_label: String::new(),
            y_label: String::new(),
            first: 0,
            per_bar: 1,
            last: 0,
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
        // Bars that do not cover first..=last by runs of per_bar.
        chart.cumulative = None;
        chart.last = 1;
        assert!(histogram_svg(&chart, 100, 100).is_err());
        chart.per_bar = 2;
        assert!(histogram_svg(&chart, 100, 100).is_ok());
        chart.per_bar = 0;
        assert!(histogram_svg(&chart, 100, 100).is_err());
    }

    #[test]
    fn runs_of_numbers_get_one_touching_bar_each_and_the_curve_is_drawn_at_their_ends() {
        // Rolls 1 to 25 in runs of 10: bars 1–10, 11–20 and 21–25.
        let chart = Histogram {
            title: String::new(),
            x_label: "roll".into(),
            y_label: "p".into(),
            first: 1,
            per_bar: 10,
            last: 25,
            bars: vec![0.5, 0.3, 0.2],
            markers: vec![],
            cumulative: Some((vec![0.5, 0.8, 1.0], "total".into())),
        };
        let svg = histogram_svg(&chart, 1000, 560).unwrap();
        let bars: Vec<(i64, i64)> = svg
            .split("<rect ")
            .skip(2) // the background
            .map(|r| {
                let tag = format!(" {}", r.split('>').next().unwrap());
                let number = |key: &str| -> i64 {
                    tag.split(&format!(" {key}=\"")).nth(1).unwrap().split('"').next().unwrap().parse().unwrap()
                };
                (number("x"), number("width"))
            })
            .take(3)
            .collect();
        assert_eq!(bars.len(), 3);
        // They touch, and the last is half as wide as the others (5 rolls of 10).
        assert_eq!(bars[0].0 + bars[0].1, bars[1].0);
        assert_eq!(bars[1].0 + bars[1].1, bars[2].0);
        assert!((bars[2].1 * 2 - bars[0].1).abs() <= 2, "{bars:?}");
        // The curve's last point is at the right end of the last bar's roll, not at its middle.
        let curve = svg.split("<polyline ").find(|p| p.contains("#CC79A7")).unwrap();
        let points = curve.split("points=\"").nth(1).unwrap().split('"').next().unwrap();
        let last_x: i64 = points.split_whitespace().last().unwrap().split(',').next().unwrap().parse().unwrap();
        let right = bars[2].0 + bars[2].1;
        assert!((right - last_x) as f64 <= bars[2].1 as f64 / 5.0 + 1.0, "{last_x} vs {right}");
    }

    #[test]
    fn bars_per_run_are_round_and_never_more_than_asked() {
        for count in [1, 2, 799, 800, 801, 1600, 1601, 4000, 4001, 123_456, 10_000_000, usize::MAX / 3] {
            let per = per_bar(count, 800);
            assert!(count.div_ceil(per) <= 800, "{count}: {per}");
            let digits = per.to_string();
            assert!(["1", "2", "5"].contains(&digits.trim_end_matches('0')), "{count}: {per}");
        }
        assert_eq!(per_bar(4000, 800), 5);
        assert_eq!(per_bar(4001, 800), 10);
    }
}
