//! The pictures, end to end: what each SVG must show (issue 11, "Pictures"), read back from the files the
//! command line writes.

use assert_cmd::Command;
use std::path::PathBuf;

/// A fresh path in the temporary directory for `name`.
fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("perfectplay-pictures-{}-{name}", std::process::id()))
}

/// Runs `perfectplay` with `args` (and `stdin`), which must succeed, and returns the SVG written to `svg`.
fn draw(args: &[&str], stdin: &str, svg: &PathBuf) -> String {
    Command::cargo_bin("perfectplay").unwrap().args(args).write_stdin(stdin).assert().success().stderr("");
    let text = std::fs::read_to_string(svg).unwrap();
    std::fs::remove_file(svg).unwrap();
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    text
}

fn example(path: &str) -> String {
    format!("{}/examples/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The `(width, height)` of an SVG document.
fn size(svg: &str) -> (usize, usize) {
    let number = |key: &str| -> usize {
        let start = svg.find(&format!(" {key}=\"")).unwrap() + key.len() + 3;
        svg[start..].split('"').next().unwrap().parse().unwrap()
    };
    (number("width"), number("height"))
}

/// Every `font-size` in the SVG, in pixels.
fn font_sizes(svg: &str) -> Vec<f64> {
    svg.split("font-size=\"").skip(1).map(|s| s.split('"').next().unwrap().parse().unwrap()).collect()
}

#[test]
fn footholds_sheet_has_one_legend_the_asked_pair_and_the_outline_explained() {
    let svg_path = temp("fh3.svg");
    let path = svg_path.to_str().unwrap();
    let svg = draw(&["footholds", "--map", path, &example("footholds/example1.txt")], "", &svg_path);
    assert_eq!(svg.matches(">A wins</text>").count(), 1, "one legend for the sheet");
    // The pair asked, A at (1, 0) and B at (1, 2): one board framed, B's square on it ringed, and said in words.
    assert_eq!(svg.matches("stroke-width=\"3\"").count(), 1, "one framed board");
    assert_eq!(svg.matches("<circle").count(), 2, "one ring (a black circle on a white halo)");
    let frame = svg.find("stroke-width=\"3\"").unwrap();
    let board = svg[..frame].rfind(">A starts at (").unwrap();
    assert!(svg[board..].starts_with(">A starts at (1, 0)<"), "the frame is on A's board at (1, 0)");
    assert!(svg.contains("A at (1, 0) and B at (1, 2): A wins, 5 moves in all"));
    assert!(
        svg.contains("The outlined square itself is B starting on A&apos;s square")
            || svg.contains("The outlined square itself is B starting on A's square")
    );
    // A 3×3 board gets no overview.
    assert!(!svg.contains("Overview"));
}

#[test]
fn footholds_sheet_of_a_larger_board_starts_with_an_overview() {
    let svg_path = temp("fh67.svg");
    let path = svg_path.to_str().unwrap();
    let svg = draw(&["footholds", "--map", path, &example("footholds/holes6x7.grid")], "", &svg_path);
    let overview = svg.find("Overview: for each start of A, the share of B").expect("an overview");
    assert!(overview < svg.find(">A starts at (0, 0)</text>").unwrap(), "the overview comes first");
    assert_eq!(svg.matches(">A wins</text>").count(), 1);
    // One small board per foothold, and the sheet well under the 2880×3252 px the 8×8 sheet once took.
    let grid = std::fs::read_to_string(example("footholds/holes6x7.grid")).unwrap();
    let footholds = grid.chars().filter(|c| "#AB*".contains(*c)).count();
    assert_eq!(svg.matches(">A starts at (").count(), footholds);
    let (width, height) = size(&svg);
    assert!(width <= 1300 && height <= 1900, "{width}×{height}");
    assert!(font_sizes(&svg).iter().all(|&px| px >= 12.0), "text of at least 12 px");
}

#[test]
fn snakes_histogram_has_the_running_total_readable_text_and_a_cut_tail() {
    let svg_path = temp("mb.svg");
    let path = svg_path.to_str().unwrap();
    let svg = draw(&["snakes", "--start", "0", "--plot", path, &example("snakes/milton-bradley.txt")], "", &svg_path);
    assert!(svg.contains("P(ended by roll t)") && svg.contains("P(ends on roll t)"));
    let sizes = font_sizes(&svg);
    assert!(!sizes.is_empty() && sizes.iter().all(|&px| px >= 12.0), "{sizes:?}");
    assert!(svg.contains("cut at roll") && svg.contains("99.9th percentile"), "a note on the cut tail");
    // The classic board's 99.9th percentile is near roll 184: the last axis label is well below the 240 rolls
    // the 99.99% cut drew.
    assert!(!svg.contains(">220<") && !svg.contains(">240<"));
    // A few horizontal grid lines, not dozens.
    assert!(svg.matches("<line").count() <= 12, "{} lines", svg.matches("<line").count());
    // No scientific notation anywhere in the text.
    let bytes = svg.as_bytes();
    let scientific =
        bytes.windows(3).any(|w| w[0].is_ascii_digit() && w[1] == b'e' && (w[2] == b'-' || w[2].is_ascii_digit()));
    assert!(!scientific, "plain decimals");
}

#[test]
fn snakes_histogram_of_a_board_with_a_trap_says_what_never_ends() {
    // Faces 2: squares 10 and 11 send the token back to 8 and 9 for ever, with probability 21/64.
    let svg_path = temp("trap.svg");
    let path = svg_path.to_str().unwrap();
    let svg = draw(&["snakes", "--size", "20", "--faces", "2", "--plot", path], "1 2\n7 15\n10 8\n11 9\n", &svg_path);
    assert!(svg.contains("the 99.9th percentile of the games that end"), "the cut counts only games that end");
    assert!(svg.contains("never ends: 0.328"));
}

/// A `n`×`n` grid-game board, K = n − 1, with walls in a pattern that makes blocks of mixed winning and losing
/// cells, and one query.
fn big_board(n: usize) -> String {
    let mut text = format!("{n} {n} {}\n", n - 1);
    for r in 0..n {
        text.extend((0..n).map(|c| if (r * 7 + c * 3) % 11 == 0 && (r, c) != (n - 1, n - 1) { '#' } else { '.' }));
        text.push('\n');
    }
    text + "1\n1 2\n"
}

#[test]
fn gridgame_blocks_take_their_majority_not_a_blend() {
    let svg_path = temp("big.svg");
    let path = svg_path.to_str().unwrap();
    let svg = draw(&["gridgame", "--map", path], &big_board(600), &svg_path);
    // Fills: the palette's blue, orange and grey, and their pale versions; never a blend of two colours.
    let allowed = ["#0072B2", "#E69F00", "#3A3A3A", "#80B9D9", "#F3CF80", "#9D9D9D"];
    for fill in svg.split("<path fill=\"").skip(1).map(|s| &s[..7]) {
        assert!(allowed.contains(&fill), "fill {fill} is a blend");
    }
    assert!(svg.contains("each block has the colour most of its cells have"));
    // No numbers are drawn in blocks, so no note about them.
    assert!(!svg.contains("Numbers in cells"));
    assert!(svg.contains("Outlined: query cells."));
    // More than 200 query cells: the note says which are outlined.
    let mut many = big_board(600).replace("1\n1 2\n", "300\n");
    let open = (0..600usize).flat_map(|r| (0..3usize).map(move |c| (r, c))).filter(|(r, c)| (r * 7 + c * 3) % 11 != 0);
    many.extend(open.take(300).map(|(r, c)| format!("{} {}\n", r + 1, c + 1)));
    let svg = draw(&["gridgame", "--map", path], &many, &svg_path);
    assert!(svg.contains("Outlined: the first 200 of the 300 query cells."));
}

#[test]
fn gridgame_map_draws_the_remoteness_only_with_r() {
    let maze = example("gridgame/maze.txt");
    let plain_path = temp("maze.svg");
    let plain = draw(&["gridgame", "--map", plain_path.to_str().unwrap(), &maze], "", &plain_path);
    let r_path = temp("maze-r.svg");
    let with_r = draw(&["gridgame", "-r", "--map", r_path.to_str().unwrap(), &maze], "", &r_path);
    assert_ne!(plain, with_r);
    // Without -r: who wins, no numbers; with -r: shades by remoteness in the legend and the numbers in the cells.
    assert!(plain.contains(">player to move wins</text>") && !plain.contains("Numbers in cells"));
    let labels = |svg: &str| svg.matches("text-anchor=\"middle\" dominant-baseline=\"central\"").count();
    assert_eq!(labels(&plain), 0);
    assert!(with_r.contains(">wins in 1–") && with_r.contains(">loses in 0–"), "remoteness shades");
    assert!(with_r.contains("Numbers in cells: remoteness") && labels(&with_r) > 400);
    // The big board with -r: shades by remoteness, in blocks, still no numbers.
    let big_path = temp("big-r.svg");
    let big = draw(&["gridgame", "-r", "--map", big_path.to_str().unwrap()], &big_board(600), &big_path);
    assert!(big.contains(">wins in 1–") && !big.contains("Numbers in cells"));
}
