//! `perfectplay snakes --plot` on games of every length: a short game gets a bar per roll; a game that can last
//! millions of rolls gets at most [`PLOT_BARS`] bars, each the chance that it ends within its run of rolls, and a
//! picture of a few kilobytes (it used to be a bar per roll: a 923 MB SVG, 1.6 GB of memory, and an abort under
//! `ulimit -v 1200000`). A plot into a named pipe nobody opens, stopped by the time limit, says it was the plot.

use assert_cmd::Command;
use perfectplay::engine::Limits;
use perfectplay::engine::chance::Distribution;
use perfectplay::format::TextFormat;
use perfectplay::games::snakes::report::{self, PLOT_BARS};
use perfectplay::games::snakes::{
    DISTRIBUTION_TAIL, Instance, MAX_DISTRIBUTION_ROLLS, MILTON_BRADLEY, MILTON_BRADLEY_RULES, Overshoot, Rules,
    roll_distribution,
};
use perfectplay::render::histogram::histogram_svg;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A 100-square board whose games last long: twenty snakes from every other square from 49 to 87 back to 48. With
/// a two-faced die a game is expected to take about 2.1 million rolls, and one in a thousand goes past 9.7 million.
fn gate() -> String {
    let snakes: Vec<String> = (49..88).step_by(2).map(|s| format!("{s} 48\n")).collect();
    format!("0 {}\n{}", snakes.len(), snakes.concat())
}

const GATE_RULES: Rules = Rules { size: 100, faces: 2, start: 1, overshoot: Overshoot::Stay };

/// A fresh folder in the temporary directory for `name`.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("perfectplay-snakes-plot-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `Σ values`, added from the first.
fn sum(values: &[f64]) -> f64 {
    values.iter().fold(0.0, |sum, &p| sum + p)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1e-300)
}

/// The numbers of the text in the SVG after `before`, up to the next character that is not a digit.
fn number_after(svg: &str, before: &str) -> usize {
    let start = svg.find(before).unwrap_or_else(|| panic!("no {before:?} in the SVG")) + before.len();
    svg[start..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap()
}

#[test]
fn the_bars_of_a_game_of_millions_of_rolls_are_runs_that_sum_its_distribution() {
    let board = Instance::parse(&gate()).unwrap().board(GATE_RULES).unwrap();
    let d = roll_distribution(&board, DISTRIBUTION_TAIL, MAX_DISTRIBUTION_ROLLS as usize, &Limits::default()).unwrap();
    assert_eq!(d.ends.len(), MAX_DISTRIBUTION_ROLLS as usize + 1, "the game can outlast ten million rolls");
    let chart = report::histogram(&board, &d, None).unwrap();
    assert!(chart.bars.len() <= PLOT_BARS, "{} bars", chart.bars.len());
    assert_eq!((chart.first, chart.per_bar), (1, 20_000), "runs of 20 000 rolls");
    assert_eq!(chart.bars.len(), chart.last.div_ceil(chart.per_bar));
    // Each bar is the chance that the game ends within its run, and the curve the running total at the run's end.
    let (running, _) = chart.cumulative.as_ref().unwrap();
    for (i, (&bar, &total)) in chart.bars.iter().zip(running).enumerate() {
        let end = ((i + 1) * chart.per_bar).min(chart.last);
        assert!(close(bar, sum(&d.ends[1 + i * chart.per_bar..=end])), "bar {i}");
        assert!(close(total, sum(&d.ends[..=end]).min(1.0)), "running total at roll {end}");
    }
    // Together the bars hold every roll up to the cut, which is past the 99.9th percentile: what the distribution
    // has, but for the tail the note counts.
    let total = sum(&d.ends);
    let drawn = sum(&chart.bars);
    assert!(close(drawn, sum(&d.ends[1..=chart.last])));
    assert!(drawn >= 0.999 * total && drawn <= total, "{drawn} of {total}");
    assert!(chart.x_label.contains("a bar per 20000 rolls: 1–20000, 20001–40000, …"), "{}", chart.x_label);
    assert_eq!(chart.y_label, "P(ends within a bar's 20000 rolls)");
    let svg = histogram_svg(&chart, 1000, 560).unwrap();
    assert!(svg.len() < 200_000, "{} bytes", svg.len());
}

#[test]
fn a_game_of_millions_of_rolls_plots_a_picture_of_kilobytes_in_little_memory() {
    // The audit's run, under its memory limit: it used to abort ("memory allocation of 1073741824 bytes failed").
    let dir = scratch("gate");
    let (input, svg) = (dir.join("gate.txt"), dir.join("gate.svg"));
    std::fs::write(&input, gate()).unwrap();
    let script = format!(
        "ulimit -v 1200000 && exec {} snakes --faces 2 --plot {} --max-rolls 10000000 {}",
        env!("CARGO_BIN_EXE_perfectplay"),
        svg.display(),
        input.display()
    );
    let out = std::process::Command::new("bash").arg("-c").arg(script).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.stdout, b"50\n");
    let bytes = std::fs::metadata(&svg).unwrap().len();
    assert!(bytes < 1 << 20, "a {bytes}-byte SVG");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    // The bars, besides the background and the legend's box and border.
    let bars = text.matches("<rect").count() - 3;
    assert!(bars <= PLOT_BARS, "{bars} bars");
    assert!(text.contains("a bar per 20000 rolls: 1–20000, 20001–40000, …"));
    assert!(text.contains("P(ends within a bar&apos;s 20000 rolls)"));
    assert_eq!(bars, number_after(&text, "cut at roll ").div_ceil(20_000));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_short_game_still_gets_a_bar_per_roll() {
    let board = Instance::parse(MILTON_BRADLEY).unwrap().board(MILTON_BRADLEY_RULES).unwrap();
    let d: Distribution = roll_distribution(&board, DISTRIBUTION_TAIL, 100_000, &Limits::default()).unwrap();
    let chart = report::histogram(&board, &d, None).unwrap();
    assert_eq!((chart.first, chart.per_bar, chart.bars.len()), (1, 1, chart.last));
    assert_eq!(chart.bars, d.ends[1..=chart.last]);
    assert_eq!(chart.y_label, "P(ends on roll t)");
    assert!(!chart.x_label.contains("a bar per"), "{}", chart.x_label);
    // End to end: one bar per roll up to the cut.
    let dir = scratch("mb");
    let svg = dir.join("mb.svg");
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/snakes/milton-bradley.txt");
    Command::cargo_bin("perfectplay")
        .unwrap()
        .args(["snakes", "--start", "0", "--plot", svg.to_str().unwrap(), example])
        .assert()
        .success()
        .stdout("7\n");
    let text = std::fs::read_to_string(&svg).unwrap();
    let last = number_after(&text, "cut at roll ");
    assert_eq!((last, text.matches("<rect").count() - 3), (chart.last, chart.last));
    assert!(!text.contains("a bar per"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_plot_into_a_pipe_nobody_opens_stops_at_the_time_limit_and_says_it_was_the_plot() {
    let dir = scratch("fifo");
    let fifo = dir.join("plot.svg");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/snakes/milton-bradley.txt");
    let started = Instant::now();
    Command::cargo_bin("perfectplay")
        .unwrap()
        .args(["snakes", "--start", "0", "--time-limit", "1", "--plot", fifo.to_str().unwrap(), example])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(3)
        .stdout("")
        .stderr(format!(
            "perfectplay: the time limit of 1 s was reached while writing the --plot file {}: it is not written \
             whole\n",
            fifo.display()
        ));
    assert!(started.elapsed() < Duration::from_secs(5), "stopped {:?} after a 1 s limit", started.elapsed());
    std::fs::remove_dir_all(&dir).unwrap();
}
