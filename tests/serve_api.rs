//! `perfectplay serve`'s JSON API against a server on an ephemeral port: every endpoint, answers equal to the
//! library's (and to a plain reference) on random positions, bad input → 400 with the command line's message, the
//! body limit → 413, the time limit → 504, the cap on solves → 503, cancellation, concurrent requests.

mod serve_support;

use perfectplay::engine::Limits;
use perfectplay::format::TextFormat;
use perfectplay::games::{footholds, gridgame, snakes};
use perfectplay::serve::Config;
use proptest::prelude::*;
use serde_json::{Value, json};
use serve_support::{agent, get, post_json, post_text, start, status};
use std::io::{BufRead, BufReader};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

#[path = "references/footholds.rs"]
mod plain;
#[path = "serve_api/requests.rs"]
mod requests;

/// One server shared by the tests that need no special bounds.
fn server() -> &'static str {
    static BASE: OnceLock<String> = OnceLock::new();
    BASE.get_or_init(|| start(Config::default()))
}

fn parse(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"))
}

// ---------- footholds ----------

fn footholds_text(board: &[Vec<bool>], a: (usize, usize), b: (usize, usize)) -> String {
    let rows: Vec<Value> =
        board.iter().map(|row| json!(row.iter().map(|&f| u8::from(f)).collect::<Vec<_>>())).collect();
    format!("{} [{}, {}] [{}, {}]", json!(rows), a.0, a.1, b.0, b.1)
}

/// The library's `--json` answer for a footholds input, as the server computes it (one thread; a full board's
/// outcome from the census built in, the search's first guess, as the server takes it).
fn footholds_library(text: &str, map: bool) -> Value {
    let instance = footholds::Instance::parse(text).unwrap();
    let options = || footholds::SolveOptions {
        table_bytes: Config::default().solve_memory,
        threads: 1,
        limits: Limits::default(),
    };
    let wanted = footholds::Wanted { ranked_moves: true, line: true };
    let solution = perfectplay::census::published::solve_or_bounds(&instance, wanted, options()).unwrap();
    let table = map.then(|| footholds::tablebase(&instance, options()).unwrap());
    parse(&footholds::report::json(&instance, &solution, wanted, table.as_ref()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn footholds_answers_equal_the_library_and_the_plain_search(
        (mut board, a, b, map) in (1usize..=4, 1usize..=4).prop_flat_map(|(r, c)| (
            proptest::collection::vec(proptest::collection::vec(proptest::bool::weighted(0.8), c), r),
            (0..r, 0..c), (0..r, 0..c), any::<bool>()))
    ) {
        board[a.0][a.1] = true;
        board[b.0][b.1] = true;
        let text = footholds_text(&board, a, b);
        let (code, body) = post_json(&format!("{}/api/footholds", server()), &json!({ "input": text, "table": map }));
        prop_assert_eq!(code, 200, "{}", body);
        let answer = parse(&body);
        prop_assert_eq!(&answer, &footholds_library(&text, map));
        // The same position as JSON, in the answer's own shape.
        let position = json!({ "board": answer["board"], "aloc": [a.0, a.1], "bloc": [b.0, b.1], "table": map });
        let (code, body) = post_json(&format!("{}/api/footholds", server()), &position);
        prop_assert_eq!(code, 200, "{}", body);
        prop_assert_eq!(&parse(&body), &answer);
        let (a_wins, moves) = plain::reference(&mut board, a, b);
        prop_assert_eq!(answer["answer"].as_u64(), Some(u64::from(moves)), "{}", text);
        prop_assert_eq!(answer["winner"].as_str(), Some(if a_wins { "A" } else { "B" }), "{}", text);
        // Each ranked move's value is the plain search's value of the position it leads to.
        for m in answer["moves"].as_array().unwrap() {
            let to = (m["to"][0].as_u64().unwrap() as usize, m["to"][1].as_u64().unwrap() as usize);
            board[a.0][a.1] = false;
            let (b_wins, rest) = plain::reference(&mut board, b, to);
            board[a.0][a.1] = true;
            prop_assert_eq!(m["value"].as_str(), Some(if b_wins { "lose" } else { "win" }), "{} move {}", text, m);
            prop_assert_eq!(m["remoteness"].as_u64(), Some(u64::from(rest + 1)), "{} move {}", text, m);
        }
    }
}

#[test]
fn footholds_text_body_with_options_in_the_query_string() {
    let text = std::fs::read("examples/footholds/example1.txt").unwrap();
    let (code, body) = post_text(&format!("{}/api/footholds?table=true", server()), &text);
    assert_eq!(code, 200, "{body}");
    assert_eq!(parse(&body), footholds_library(std::str::from_utf8(&text).unwrap(), true));
    assert_eq!(parse(&body)["answer"], 5);
}

// ---------- snakes ----------

/// The library's `--json` answer (or the command line's message for input it rejects) for `perfectplay snakes
/// --expected --distribution`.
fn snakes_library(text: &str, rules: snakes::Rules) -> Result<Value, String> {
    let input_error = |e: perfectplay::format::InputError| format!("input: {e}");
    let instance = snakes::Instance::parse(text).map_err(input_error)?;
    // The server names the settings by its fields (the jumps' errors name only the size).
    let board = instance.board(rules).map_err(|e| input_error(e.input_error(|_| "size")))?;
    let limits = Limits::default();
    let why = |w: String| format!("input: {w}");
    let rolls = snakes::fewest_rolls(&board, &limits).unwrap().map_err(why)?;
    let expected = snakes::expected_rolls(&board, &limits).unwrap().map_err(why)?;
    let distribution = snakes::roll_distribution(&board, 1e-12, 100_000, &limits).unwrap();
    let report = snakes::report::Report {
        instance: &instance,
        board: &board,
        rolls: &rolls,
        explain: false,
        expected: Some(expected),
        exact: None,
        distribution: Some(&distribution),
        simulation: None,
        seed: 1,
    };
    Ok(parse(&report.json()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn snakes_answers_and_messages_equal_the_library(
        jumps in proptest::collection::vec((1u32..=30, 1u32..=30), 0..6),
        faces in 1u32..=6,
        start in 0u32..=3,
    ) {
        let (ladders, snakes_): (Vec<_>, Vec<_>) = jumps.iter().filter(|(x, y)| x != y).partition(|(x, y)| x < y);
        let mut text = format!("{} {}\n", ladders.len(), snakes_.len());
        for (x, y) in ladders.iter().chain(&snakes_) {
            text += &format!("{x} {y}\n");
        }
        let rules = snakes::Rules { size: 30, faces, start, overshoot: snakes::Overshoot::Stay };
        let request = json!({ "input": text, "size": 30, "faces": faces, "start": start, "expected": true, "distribution": true });
        let (code, body) = post_json(&format!("{}/api/snakes", server()), &request);
        match snakes_library(&text, rules) {
            Ok(expected) => {
                prop_assert_eq!(code, 200, "{}", body);
                prop_assert_eq!(parse(&body), expected.clone());
                // The same board as the answer's lists of ladders and snakes.
                let request = json!({ "ladders": expected["ladders"], "snakes": expected["snakes"], "size": 30, "faces": faces,
                    "start": start, "expected": true, "distribution": true });
                let (code, body) = post_json(&format!("{}/api/snakes", server()), &request);
                prop_assert_eq!(code, 200, "{}", body);
                prop_assert_eq!(parse(&body), expected);
            }
            Err(message) => {
                prop_assert_eq!(code, 400, "{}", body);
                let answer = parse(&body);
                prop_assert_eq!(answer["error"].as_str(), Some(message.as_str()));
            }
        }
    }
}

#[test]
fn snakes_exact_expectation_and_simulation_equal_the_library() {
    let text = std::fs::read_to_string("examples/snakes/milton-bradley.txt").unwrap();
    let request = json!({ "input": text, "start": 0, "exact": true, "simulate": 2000, "max_rolls": 1000, "seed": 7 });
    let (code, body) = post_json(&format!("{}/api/snakes", server()), &request);
    assert_eq!(code, 200, "{body}");
    let instance = snakes::Instance::parse(&text).unwrap();
    let board = instance.board(snakes::Rules { start: 0, ..snakes::Rules::default() }).unwrap();
    let limits = Limits::default();
    let exact = snakes::exact_expected_rolls(&board, &limits).unwrap().unwrap();
    let simulation = snakes::simulate(&board, 2000, 1000, 7);
    let report = snakes::report::Report {
        instance: &instance,
        board: &board,
        rolls: &snakes::fewest_rolls(&board, &limits).unwrap().unwrap(),
        explain: false,
        expected: Some(snakes::expected_rolls(&board, &limits).unwrap().unwrap()),
        exact: Some(&exact),
        distribution: None,
        simulation: Some(&simulation),
        seed: 7,
    };
    assert_eq!(parse(&body), parse(&report.json()));
    assert!(parse(&body)["expected_rolls"]["exact"].as_str().unwrap().contains('/'));
}

/// `max_listed_rolls` cuts the listed shortest game to its first rolls, and nothing else: the count of fewest rolls
/// and the rolls listed are the library's, the same with every limit from none to more than the game has.
#[test]
fn snakes_listing_at_most_max_listed_rolls_keeps_the_answer() {
    let text = std::fs::read_to_string("examples/snakes/boj-sample1.txt").unwrap();
    let (code, body) = post_json(&format!("{}/api/snakes", server()), &json!({ "input": text }));
    assert_eq!(code, 200, "{body}");
    let whole = parse(&body);
    let game = whole["shortest_game"].as_array().unwrap().clone();
    assert!(game.len() >= 2, "{whole}");
    for limit in [0, 1, game.len() - 1, game.len(), game.len() + 5] {
        let request = json!({ "input": text, "max_listed_rolls": limit });
        let (code, body) = post_json(&format!("{}/api/snakes", server()), &request);
        assert_eq!(code, 200, "{body}");
        let cut = parse(&body);
        assert_eq!(cut["fewest_rolls"], whole["fewest_rolls"]);
        assert_eq!(cut["shortest_game"].as_array().unwrap()[..], game[..limit.min(game.len())], "limit {limit}");
    }
}

#[test]
fn snakes_roll_goes_where_the_board_says() {
    let text = "1 1\n3 20\n25 4\n";
    let board =
        snakes::Instance::parse(text).unwrap().board(snakes::Rules { size: 30, ..snakes::Rules::default() }).unwrap();
    for square in [0u32, 1, 2, 19, 24, 27, 29] {
        for die in 1..=6 {
            let request = json!({ "input": text, "size": 30, "square": square, "die": die });
            let (code, body) = post_json(&format!("{}/api/snakes/roll", server()), &request);
            assert_eq!(code, 200, "{body}");
            let answer = parse(&body);
            assert_eq!(answer["from"], square);
            // Written from the rules: a roll past 30 stays; 3 climbs to 20; 25 slides to 4.
            let landed = square + die;
            let expected = if landed > 30 {
                Value::Null
            } else {
                let end = match landed {
                    3 => 20,
                    25 => 4,
                    n => n,
                };
                let jump = match landed {
                    3 => json!("ladder"),
                    25 => json!("snake"),
                    _ => Value::Null,
                };
                json!({ "die": die, "landed": landed, "square": end, "jump": jump })
            };
            assert_eq!(answer["roll"], expected, "square {square} die {die}");
            assert_eq!(answer["roll"], serde_json::to_value(board.roll(square, die)).unwrap());
        }
    }
}

// ---------- gridgame ----------

/// Whether the player to move wins from `cell`, by plain recursion from the rules (down, right, 1..=k diagonally
/// onto an open cell; who cannot move loses), and the moves to the end under optimal play.
fn grid_reference(
    open: &[Vec<bool>],
    k: usize,
    cell: (usize, usize),
    memo: &mut std::collections::HashMap<(usize, usize), (bool, u32)>,
) -> (bool, u32) {
    if let Some(&v) = memo.get(&cell) {
        return v;
    }
    let (n, m) = (open.len(), open[0].len());
    let mut targets = vec![(cell.0 + 1, cell.1), (cell.0, cell.1 + 1)];
    targets.extend((1..=k).map(|d| (cell.0 + d, cell.1 + d)));
    let (mut win, mut lose): (Option<u32>, Option<u32>) = (None, None);
    for t in targets.into_iter().filter(|&(r, c)| r < n && c < m && open[r][c]) {
        let (child_wins, r) = grid_reference(open, k, t, memo);
        if child_wins {
            lose = Some(lose.unwrap_or(0).max(r + 1));
        } else {
            win = Some(win.unwrap_or(u32::MAX).min(r + 1));
        }
    }
    let v = match (win, lose) {
        (Some(r), _) => (true, r),
        (None, Some(r)) => (false, r),
        _ => (false, 0),
    };
    memo.insert(cell, v);
    v
}

fn grid_strategy() -> impl Strategy<Value = (Vec<Vec<bool>>, usize, Vec<(usize, usize)>)> {
    (1usize..=6, 1usize..=6).prop_flat_map(|(n, m)| {
        (
            proptest::collection::vec(proptest::collection::vec(proptest::bool::weighted(0.75), m), n),
            0..n.min(m),
            proptest::collection::vec((0..n, 0..m), 1..4),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn gridgame_answers_and_moves_equal_the_library_and_the_plain_recursion((mut open, k, tokens) in grid_strategy()) {
        for &(r, c) in &tokens {
            open[r][c] = true;
        }
        let rows: Vec<String> = open.iter().map(|row| row.iter().map(|&o| if o { '.' } else { '#' }).collect()).collect();
        let query: Vec<String> = tokens.iter().map(|(r, c)| format!("{} {}", r + 1, c + 1)).collect();
        let text = format!("{} {} {k}\n{}\n1\n{}\n", open.len(), open[0].len(), rows.join("\n"), query.join(" "));

        // The answers and the whole table, as `--json --tokens --grundy --map`.
        let request = json!({ "input": text, "tokens": true, "grundy": true, "table": true });
        let (code, body) = post_json(&format!("{}/api/gridgame", server()), &request);
        prop_assert_eq!(code, 200, "{}", body);
        let instance = gridgame::Instance::parse_judge(&text, true).unwrap();
        let options = gridgame::report::Options { remoteness: false, grundy: true, tokens: true, explain: false };
        // The table has every column, as the command line's `--json --table`.
        let wanted = gridgame::Wanted { remoteness: true, ..options.wanted() };
        let analysis = gridgame::Analysis::solve(instance.board(), wanted, &Limits::default()).unwrap();
        let library = gridgame::report::json(&instance, &analysis, options, true).unwrap();
        prop_assert_eq!(parse(&body), parse(&library));
        // The same position as JSON: rows, k and 1-based query cells.
        let cells: Vec<[usize; 2]> = tokens.iter().map(|&(r, c)| [r + 1, c + 1]).collect();
        let request = json!({ "rows": rows, "k": k, "queries": [cells], "tokens": true, "grundy": true, "table": true });
        let (code, body) = post_json(&format!("{}/api/gridgame", server()), &request);
        prop_assert_eq!(code, 200, "{}", body);
        prop_assert_eq!(parse(&body), parse(&library));

        // Every token's moves, each with its value for the mover, from the plain recursion.
        let (code, body) = post_json(&format!("{}/api/gridgame/moves", server()), &json!({ "input": text, "tokens": true }));
        prop_assert_eq!(code, 200, "{}", body);
        let answer = parse(&body);
        let mut memo = std::collections::HashMap::new();
        for (token, &(r, c)) in answer["queries"][0].as_array().unwrap().iter().zip(&tokens) {
            let (wins, remoteness) = grid_reference(&open, k, (r, c), &mut memo);
            prop_assert_eq!(&token["cell"], &json!([r + 1, c + 1]));
            prop_assert_eq!(token["value"].as_str(), Some(if wins { "win" } else { "lose" }));
            prop_assert_eq!(token["remoteness"].as_u64(), Some(u64::from(remoteness)));
            let mut expected = vec![(r + 1, c), (r, c + 1)];
            expected.extend((1..=k).map(|d| (r + d, c + d)));
            expected.retain(|&(x, y)| x < open.len() && y < open[0].len() && open[x][y]);
            let moves = token["moves"].as_array().unwrap();
            prop_assert_eq!(moves.len(), expected.len(), "{}", body);
            for (m, &to) in moves.iter().zip(&expected) {
                prop_assert_eq!(&m["to"], &json!([to.0 + 1, to.1 + 1]));
                let (child_wins, rest) = grid_reference(&open, k, to, &mut memo);
                prop_assert_eq!(m["value"].as_str(), Some(if child_wins { "lose" } else { "win" }));
                prop_assert_eq!(m["remoteness"].as_u64(), Some(u64::from(rest + 1)));
            }
        }
    }
}

#[test]
fn gridgame_table_equals_the_command_lines_json_table() {
    let text = std::fs::read_to_string("examples/gridgame/maze.txt").unwrap();
    for (args, request) in [
        (&["gridgame", "--json", "--table"][..], json!({ "input": text, "table": true })),
        (&["gridgame", "--json", "--table", "--grundy"][..], json!({ "input": text, "table": true, "grundy": true })),
    ] {
        let output = assert_cmd::Command::cargo_bin("perfectplay")
            .unwrap()
            .args(args)
            .write_stdin(text.as_str())
            .output()
            .unwrap();
        assert!(output.status.success());
        let (code, body) = post_json(&format!("{}/api/gridgame", server()), &request);
        assert_eq!(code, 200, "{body}");
        let answer = parse(&body);
        assert!(answer["table"]["remoteness"].is_array(), "{args:?}: {body}");
        assert_eq!(answer, parse(std::str::from_utf8(&output.stdout).unwrap()), "{args:?}");
    }
}

// ---------- bad input ----------

/// The command line's message for bad input on standard input, without its `perfectplay: standard input: ` lead.
fn cli_message(args: &[&str], input: &str) -> String {
    let output = assert_cmd::Command::cargo_bin("perfectplay").unwrap().args(args).write_stdin(input).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    stderr.trim_end().strip_prefix("perfectplay: standard input: ").unwrap_or_else(|| panic!("{stderr}")).to_string()
}

#[test]
fn bad_input_gets_400_with_the_command_lines_message() {
    let cases: [(&str, &[&str], &str); 6] = [
        ("footholds", &["footholds"], "[[1, 1], [1, 1]] [0, 0] [2, 0]"),
        ("footholds", &["footholds"], "[[1, 2]] [0, 0] [0, 1]"),
        ("footholds", &["footholds"], "#A#\n#B\n"),
        ("snakes", &["snakes"], "1 0\n5 3\n"),
        ("gridgame", &["gridgame"], "2 2 3\n..\n..\n0\n"),
        ("gridgame", &["gridgame"], "2 2 0\n.#\n..\n1\n1 2\n"),
    ];
    for (endpoint, args, input) in cases {
        let (code, body) = post_json(&format!("{}/api/{endpoint}", server()), &json!({ "input": input }));
        assert_eq!(code, 400, "{endpoint} {input:?}: {body}");
        let error = parse(&body)["error"].as_str().unwrap().to_string();
        assert_eq!(error, format!("input: {}", cli_message(args, input)), "{endpoint} {input:?}");
        // The same input as a text body.
        let (code, text_body) = post_text(&format!("{}/api/{endpoint}", server()), input.as_bytes());
        assert_eq!((code, parse(&text_body)["error"].as_str().unwrap()), (400, error.as_str()));
    }
}

#[test]
fn bad_requests_get_400_naming_the_problem() {
    let base = server();
    let most_steps = (256 << 20) / perfectplay::games::snakes::CHAIN_BYTES_PER_STEP;
    let chain_limit = format!("is at most {most_steps} (this board: 9000000)");
    let cases = [
        ("/api/footholds", json!({ "input": "[[1]] [0,0] [0,0]", "mapp": true }), "unknown field `mapp`"),
        ("/api/snakes", json!({ "input": "0 0\n", "overshoot": "fly" }), "overshoot: 'fly' is not one of"),
        (
            "/api/snakes",
            json!({ "ladders": [[2, 3]], "snakes": [[19, 12], [17, 5], [16, 9]], "size": 20, "faces": 2 }),
            "square 20 cannot be reached from square 1: the furthest square reachable is 15, and every roll that goes \
             further lands on a snake back down (16→9, 17→5)",
        ),
        (
            "/api/snakes",
            json!({ "input": "0 0\n", "size": 0 }),
            "size: must be a whole number between 1 and 10000000, found 0",
        ),
        (
            "/api/snakes/roll",
            json!({ "input": "0 0\n", "square": 101, "die": 1 }),
            "square 101 is beyond the last square 100",
        ),
        ("/api/snakes/roll", json!({ "input": "0 0\n", "square": 3 }), "die: missing: the number rolled, from 1 to 6"),
        ("/api/snakes", json!({ "input": "0 0\n", "start": 101 }), "start 101 is beyond"),
        (
            "/api/snakes",
            json!({ "input": "0 0\n", "simulate": 2_000_000 }),
            "simulate: must be a whole number between 1 and 1000000",
        ),
        ("/api/snakes", json!({ "input": "0 0\n", "simulate": 10_000 }), "rolls at most, over the limit of"),
        // Just past the chain limit (3 333 334 squares × 6 faces = 20 000 004 steps): refused before any work.
        ("/api/snakes", json!({ "input": "0 0\n", "size": 3_333_334, "expected": true }), "(this board: 20000004)"),
        (
            "/api/snakes",
            json!({ "input": "0 0\n", "size": 3_333_334, "distribution": true }),
            "to stay within the server's --solve-memory of 256 MiB",
        ),
        // The command line offers this board (9 million steps); the server, within its 256 MiB a solve, does not.
        ("/api/snakes", json!({ "input": "0 0\n", "size": 1_500_000, "expected": true }), &*chain_limit),
        ("/api/snakes/roll", json!({ "input": "0 0\n", "die": 7 }), "die: 7 is not a face"),
        (
            "/api/gridgame",
            json!({ "input": "2 2 0\n..\n..\n0\n", "tokens": true, "remoteness": true }),
            "tokens cannot",
        ),
        ("/api/gridgame", json!({ "input": 5 }), "invalid type"),
        // The project's words, not Rust's: a negative cell, a foothold value past 1, a request that is not an object.
        (
            "/api/footholds",
            json!({ "board": [[1]], "aloc": [0, -1], "bloc": [0, 0] }),
            "aloc[1]: must be a whole number between 0 and 4294967295, found -1",
        ),
        (
            "/api/footholds",
            json!({ "board": [[256]], "aloc": [0, 0], "bloc": [0, 0] }),
            "board[0][0]: must be a whole number between 0 and 1, found 256",
        ),
        ("/api/footholds", json!(null), "the body must be a JSON object of the endpoint's options"),
        ("/api/footholds", json!({ "table": 1 }), "expected true or false"),
        (
            "/api/snakes",
            json!({ "input": "0 0\n", "size": null }),
            "request JSON: size: must be a whole number between 1 and 10000000, found null",
        ),
    ];
    for (path, request, needle) in cases {
        let (code, body) = post_json(&format!("{base}{path}"), &request);
        assert_eq!(code, 400, "{path} {request}: {body}");
        assert!(parse(&body)["error"].as_str().unwrap().contains(needle), "{path}: {body} lacks {needle}");
    }
    let positions = [
        (
            "/api/footholds",
            json!({ "board": [[1, 2]], "aloc": [0, 0], "bloc": [0, 0] }),
            "request JSON: board[0][1]: must be a whole number between 0 and 1, found 2",
        ),
        (
            "/api/footholds",
            json!({ "board": [[1, 0]], "aloc": [0, 0], "bloc": [0, 1] }),
            "bloc: [0, 1] has no foothold",
        ),
        ("/api/footholds", json!({ "board": [[1]], "aloc": [0, 0] }), "needs board, aloc and bloc together"),
        (
            "/api/footholds",
            json!({ "input": "[[1]] [0,0] [0,0]", "board": [[1]], "aloc": [0, 0], "bloc": [0, 0] }),
            "either",
        ),
        (
            "/api/snakes",
            json!({ "ladders": [[5, 3]] }),
            "ladder 1: goes down from 5 to 3: a ladder (x, y) must have x < y",
        ),
        ("/api/snakes", json!({ "snakes": [[3, 5]] }), "snake 1: goes up from 3 to 5: a snake (u, v) must have u > v"),
        ("/api/gridgame", json!({ "rows": ["..", ".#"], "k": 0, "queries": [[[2, 2]]] }), "query 1: (2, 2) is a wall"),
        (
            "/api/gridgame",
            json!({ "rows": ["..", ".."], "k": 0, "queries": [[[0, 1]]] }),
            "query 1: x must be between 1 and 2, found 0",
        ),
        (
            "/api/gridgame",
            json!({ "rows": ["..", ".."], "k": 0, "queries": [[[1, 1], [2, 3]]], "tokens": true }),
            "query 1: y must be between 1 and 2, found 3",
        ),
        ("/api/gridgame", json!({ "rows": ["..", ".."], "k": 0, "queries": [[]], "tokens": true }), "query 1: no cell"),
        ("/api/gridgame", json!({ "rows": ["..", ".."], "k": 0, "queries": [[[1, 1], [2, 1]]] }), "one cell per query"),
        // No position at all: the message names the fields, not an empty judge text nobody sent.
        (
            "/api/footholds",
            json!({ "table": true }),
            "request JSON: no position: give input (the judge text), or board, aloc and bloc",
        ),
        (
            "/api/snakes",
            json!({ "ladders": null, "size": 10 }),
            "no position: give input (the judge text), or ladders and snakes",
        ),
        ("/api/snakes/roll", json!({ "die": 3 }), "no position: give input (the judge text), or ladders and snakes"),
        ("/api/gridgame", json!({}), "no position: give input (the judge text), or rows, k and queries"),
        (
            "/api/gridgame/moves",
            json!({ "input": null }),
            "no position: give input (the judge text), or rows, k and queries",
        ),
    ];
    for (path, request, needle) in positions {
        let (code, body) = post_json(&format!("{base}{path}"), &request);
        assert_eq!(code, 400, "{path} {request}: {body}");
        let error = parse(&body)["error"].as_str().unwrap().to_string();
        assert!(error.contains(needle), "{path}: {body} lacks {needle}");
        // A position given as JSON fields has no `input` to blame.
        assert!(!error.starts_with("input"), "{path}: {body}");
    }
    // An empty `input` is a text given, and read as the command line reads an empty file; beside a position's JSON
    // fields it is two positions.
    for path in ["/api/footholds", "/api/snakes", "/api/snakes/roll", "/api/gridgame", "/api/gridgame/moves"] {
        let (code, body) = post_json(&format!("{base}{path}"), &json!({ "input": "" }));
        assert_eq!(code, 400, "{path}: {body}");
        let error = parse(&body)["error"].as_str().unwrap().to_string();
        assert!(
            error.starts_with("input: ") && (error.contains("empty") || error.contains("end of the input")),
            "{path}: {body}"
        );
    }
    let both = json!({ "input": "", "board": [[1, 1]], "aloc": [0, 0], "bloc": [0, 1] });
    let (code, body) = post_json(&format!("{base}/api/footholds"), &both);
    assert_eq!(code, 400, "{body}");
    assert!(parse(&body)["error"].as_str().unwrap().contains("not both"), "{body}");
    let (code, body) = post_text(&format!("{base}/api/footholds?table=maybe"), b"[[1]] [0,0] [0,0]");
    assert_eq!(code, 400, "{body}");
    assert!(parse(&body)["error"].as_str().unwrap().starts_with("query string:"), "{body}");
    // Bytes that are not UTF-8 are found where the command line finds them, by line and column.
    let (code, body) = post_text(&format!("{base}/api/footholds"), b"[[1]]\n[0,0]\n[0,\xff0]");
    assert_eq!(code, 400, "{body}");
    assert_eq!(parse(&body)["error"], "input: line 3, column 4: the input is not UTF-8 text", "{body}");
    let response = agent()
        .post(&format!("{base}/api/footholds"))
        .header("Content-Type", "application/json")
        .send(&b"{\"input\": "[..])
        .unwrap();
    assert_eq!(response.status().as_u16(), 400);
}

/// The board's settings are named as the request names them (`size`, `start`, `square`; never the command line's
/// `--size`), and `overshoot` is read as the command line and Python read it: its lowercase name only.
#[test]
fn snakes_messages_name_the_requests_fields() {
    let base = server();
    let beyond = "ladder 1: square 120 is outside the board (squares 1 to 100; size sets the last square)";
    for (path, request, expected) in [
        ("/api/snakes", json!({ "input": "1 0\n5 120\n" }), format!("input: line 2, column 3: {beyond}")),
        ("/api/snakes", json!({ "ladders": [[5, 120]] }), beyond.to_string()),
        (
            "/api/snakes/roll",
            json!({ "input": "1 0\n5 120\n", "die": 1 }),
            format!("input: line 2, column 3: {beyond}"),
        ),
        (
            "/api/snakes",
            json!({ "input": "0 0\n", "size": 0 }),
            "size: must be a whole number between 1 and 10000000, found 0".into(),
        ),
        (
            "/api/snakes",
            json!({ "input": "0 0\n", "size": 10, "start": 11 }),
            "start 11 is beyond the last square 10 (squares are 1 to 10; 0 starts off the board)".into(),
        ),
        (
            "/api/snakes/roll",
            json!({ "input": "0 0\n", "size": 10, "square": 11, "die": 1 }),
            "square 11 is beyond the last square 10 (squares are 1 to 10; 0 starts off the board)".into(),
        ),
        (
            "/api/snakes",
            json!({ "input": "0 0\n", "overshoot": "Win" }),
            "overshoot: 'Win' is not one of stay, bounce, win".into(),
        ),
        (
            "/api/snakes/roll",
            json!({ "input": "0 0\n", "overshoot": "BOUNCE", "die": 1 }),
            "overshoot: 'BOUNCE' is not one of stay, bounce, win".into(),
        ),
    ] {
        let (code, body) = post_json(&format!("{base}{path}"), &request);
        let error = parse(&body)["error"].as_str().unwrap().to_string();
        // A field out of its range is refused as the JSON is read, which names where in the JSON.
        let error =
            error.strip_prefix("request JSON: ").map_or(error.as_str(), |e| e.split(" at line ").next().unwrap());
        assert_eq!((code, error), (400, expected.as_str()), "{request}");
        assert!(!error.contains("--"), "{error}");
    }
    // The same in the query string, and the lowercase names are taken.
    let (code, body) = post_text(&format!("{base}/api/snakes?overshoot=Stay"), b"0 0\n");
    assert_eq!(
        (code, parse(&body)["error"].as_str().unwrap()),
        (400, "overshoot: 'Stay' is not one of stay, bounce, win")
    );
    for name in ["stay", "bounce", "win"] {
        let (code, body) = post_json(&format!("{base}/api/snakes"), &json!({ "input": "0 0\n", "overshoot": name }));
        assert_eq!(code, 200, "{body}");
        assert_eq!(parse(&body)["rules"]["overshoot"], name, "{body}");
    }
}

/// `--solve-memory` bounds a snakes board's own memory too: the fewest rolls, and a simulation.
#[test]
fn a_snakes_board_past_the_solve_memory_gets_400_naming_it() {
    let base = start(Config { solve_memory: 1 << 20, ..Config::default() });
    for (request, expected) in [
        (
            json!({ "ladders": [], "size": 100_000 }),
            "size: a board of 100000 squares takes up to 1.9 MiB to answer, more than the server's --solve-memory of \
             1 MiB; ask for a smaller board",
        ),
        (
            json!({ "ladders": [], "size": 40_000, "simulate": 10 }),
            "size: a board of 40000 squares takes up to 1.0 MiB to answer with a simulation, more than the server's \
             --solve-memory of 1 MiB; ask for a smaller board",
        ),
    ] {
        let (code, body) = post_json(&format!("{base}/api/snakes"), &request);
        assert_eq!((code, parse(&body)["error"].as_str()), (400, Some(expected)), "{request}");
    }
    // At the bound and just past it: 1 MiB is 52 428 squares at 20 bytes, and with a simulation 37 449 at 28.
    for (size, simulate, code) in
        [(52_428, None, 200), (52_429, None, 400), (37_449, Some(10), 200), (37_450, Some(10), 400)]
    {
        let request = json!({ "ladders": [], "size": size, "simulate": simulate, "max_listed_rolls": 0 });
        let (got, body) = post_json(&format!("{base}/api/snakes"), &request);
        assert_eq!(got, code, "{request}: {body}");
    }
}

/// A grid game given as JSON fields: each message starts with its field; a diagonal step is written as the report
/// writes it.
#[test]
fn gridgame_fields_are_named_and_steps_written_as_the_report_does() {
    let base = server();
    for (request, expected) in [
        (
            json!({ "rows": ["..", ".."], "k": 1000, "queries": [[[1, 1]]] }),
            "k: the diagonal reach must be at most min(N - 1, M - 1) = 1, not 1000",
        ),
        (json!({ "rows": ["..", "..."], "queries": [[[1, 1]]] }), "rows: board row 2: 3 cells, expected 2"),
        (json!({ "rows": [], "queries": [] }), "rows: the board must have 1 to 5000 rows and columns, not 0×0"),
    ] {
        for path in ["/api/gridgame", "/api/gridgame/moves"] {
            let (code, body) = post_json(&format!("{base}{path}"), &request);
            assert_eq!((code, parse(&body)["error"].as_str()), (400, Some(expected)), "{path} {request}");
        }
    }
    let position = json!({ "rows": ["..", ".."], "k": 1, "queries": [[[1, 1]]] });
    let (_, moves) = post_json(&format!("{base}/api/gridgame/moves"), &position);
    let steps: Vec<_> =
        parse(&moves)["queries"][0][0]["moves"].as_array().unwrap().iter().map(|m| m["step"].clone()).collect();
    assert_eq!(steps, [json!("down"), json!("right"), json!("diagonal 1")], "{moves}");
    let explained = json!({ "rows": ["..", ".."], "k": 1, "queries": [[[1, 1]]], "explain": true });
    let (_, report) = post_json(&format!("{base}/api/gridgame"), &explained);
    assert!(report.contains(r#""step":"diagonal 1""#), "{report}");
}

#[test]
fn json_without_its_content_type_and_wrong_methods_get_clear_errors() {
    let base = server();
    // Media types are case-insensitive.
    let response = agent()
        .post(&format!("{base}/api/footholds"))
        .header("Content-Type", "Application/JSON; charset=utf-8")
        .send(&br#"{"input": "[[1]] [0,0] [0,0]"}"#[..])
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    // A byte-order mark before the JSON is skipped, as before judge text; JSON cut off says so in words.
    let (code, body) = post_json_bytes(&format!("{base}/api/footholds"), "\u{feff}{\"input\": \"[[1]] [0,0] [0,0]\"}");
    assert_eq!(code, 200, "{body}");
    // And at the start of the judge text in `input` (a file read whole and sent), in every endpoint.
    for (path, input) in [
        ("/api/footholds", "\u{feff}[[1]] [0,0] [0,0]"),
        ("/api/snakes", "\u{feff}0 0\n"),
        ("/api/gridgame", "\u{feff}2 2 0\n..\n..\n1\n1 1\n"),
    ] {
        let (code, body) = post_json(&format!("{base}{path}"), &json!({ "input": input }));
        assert_eq!(code, 200, "{path}: {body}");
    }
    let (code, body) = post_json_bytes(&format!("{base}/api/footholds"), "{\"input\": ");
    assert_eq!(code, 400, "{body}");
    let error = parse(&body)["error"].as_str().unwrap().to_string();
    assert!(error.contains("the JSON ends in the middle of a value"), "{error}");
    // Half a surrogate pair, either half, is named as such (serde speaks of a hex escape's end).
    for half in [r"\ud800", r"\ud800x", r"\udc00"] {
        let (code, body) = post_json_bytes(&format!("{base}/api/footholds"), &format!("{{\"input\": \"{half}\"}}"));
        assert_eq!(code, 400, "{body}");
        let error = parse(&body)["error"].as_str().unwrap().to_string();
        assert!(error.contains(r"input: a \u escape of half a surrogate pair without its other half"), "{error}");
    }
    // curl's default type, a form: the message says to send the JSON type.
    let response = agent()
        .post(&format!("{base}/api/footholds"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .send(&br#" {"input": "[[1]] [0,0] [0,0]"}"#[..])
        .unwrap();
    assert_eq!(response.status().as_u16(), 400);
    let body = response.into_body().read_to_string().unwrap();
    let error = parse(&body)["error"].as_str().unwrap().to_string();
    assert!(error.contains("Content-Type is 'application/x-www-form-urlencode...'"), "{error}");
    assert!(error.contains("Content-Type: application/json"), "{error}");
    // A GET of an API endpoint: 405 with the JSON error shape.
    let (code, kind, body) = get(&format!("{base}/api/footholds"));
    assert_eq!((code, kind.as_str()), (405, "application/json"), "{body}");
    assert_eq!(parse(&body)["status"], 405);
    assert!(parse(&body)["error"].as_str().unwrap().contains("method GET is not allowed"), "{body}");
    // A POST to the status, which takes GET: the message does not say that API paths take POST.
    let (code, body) = post_text(&format!("{base}/api/status"), b"");
    assert_eq!(code, 405, "{body}");
    assert!(parse(&body)["error"].as_str().unwrap().contains("/api/status and the page's files GET"), "{body}");
    // A page file whose name is not UTF-8 is no file: 404 with the JSON error shape.
    let (code, kind, body) = get(&format!("{base}/web/%ff"));
    assert_eq!((code, kind.as_str()), (404, "application/json"), "{body}");
    // A true/false option in the query string: said as JSON says it, with what was sent.
    for (query, found) in [("expected=yes", "'yes'"), ("expected", "nothing"), ("expected=TRUE", "'TRUE'")] {
        let (code, body) = post_text(&format!("{base}/api/snakes?{query}"), b"1 1\n2 3\n98 97\n");
        assert_eq!(code, 400, "{body}");
        let expected = format!("query string: expected: expected true or false, found {found}");
        assert_eq!(parse(&body)["error"], expected.as_str(), "{body}");
    }
}

#[test]
fn a_die_roll_does_not_wait_behind_long_solves() {
    let base = start(Config {
        max_solves: 1,
        max_queued: 0,
        request_time_limit: Duration::from_secs(60),
        ..Config::default()
    });
    let stream = open_stream(&format!("{base}/api/footholds?table=true"), SLOW);
    assert_eq!(status(&base)["running"], 1);
    let started = Instant::now();
    let (code, body) =
        post_json(&format!("{base}/api/snakes/roll"), &json!({ "input": "0 0\n", "square": 3, "die": 2 }));
    assert_eq!(code, 200, "{body}");
    assert_eq!(parse(&body)["roll"]["square"], 5);
    // The roll came back while the tablebase (seconds of work on one thread) was still being solved: it did not
    // wait for the only solve slot. (A bound in seconds alone would also catch a busy machine.)
    assert_eq!(status(&base)["running"], 1, "the roll took {:?}", started.elapsed());
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    drop(stream);
}

/// Inputs wait for their turn to be read within `--max-queued` (more get 503 at once), and a die roll has a line of
/// its own: it is answered while the inputs of many large boards queue.
#[test]
fn a_die_roll_does_not_wait_behind_inputs_being_read() {
    let base = start(Config { max_solves: 1, max_queued: 0, ..Config::default() });
    let solve = json!({ "ladders": [], "size": 10_000_000, "max_listed_rolls": 0 });
    let roll = json!({ "input": "0 0\n", "square": 3, "die": 2 });
    let (solves, rolled) = std::thread::scope(|scope| {
        let solves: Vec<_> = (0..16)
            .map(|_| {
                let (url, solve) = (format!("{base}/api/snakes"), &solve);
                scope.spawn(move || {
                    let answer = post_json(&url, solve);
                    (answer, Instant::now())
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(20));
        let rolled = post_json(&format!("{base}/api/snakes/roll"), &roll);
        let rolled = (rolled, Instant::now());
        (solves.into_iter().map(|h| h.join().unwrap()).collect::<Vec<_>>(), rolled)
    });
    let ((code, body), rolled_at) = rolled;
    assert_eq!((code, parse(&body)["roll"]["square"].as_u64()), (200, Some(5)), "{body}");
    let busy = solves.iter().filter(|((code, body), _)| *code == 503 && body.contains("busy")).count();
    let answered: Vec<Instant> = solves.iter().filter(|((code, _), _)| *code == 200).map(|(_, at)| *at).collect();
    assert_eq!(busy + answered.len(), 16, "{solves:?}");
    assert!(busy > 0, "with no queue, the inputs past the one being read get 503 at once");
    // Each board's fewest rolls take a good part of a second; the roll came back before the first of them.
    assert!(answered.iter().all(|at| rolled_at < *at), "the roll waited behind the boards being read");
}

#[test]
fn messages_quote_input_short_and_escaped() {
    let base = server();
    for (path, request) in [
        ("/api/footholds", json!({ "x".repeat(50_000): true })),
        ("/api/footholds", json!({ "a\u{202e}b\u{1b}[2J": true })),
        ("/api/snakes", json!({ "input": "0 0\n", "overshoot": "a\u{202e}b".repeat(100) })),
    ] {
        let (code, body) = post_json(&format!("{base}{path}"), &request);
        assert_eq!(code, 400, "{body}");
        let error = parse(&body)["error"].as_str().unwrap().to_string();
        assert!(error.len() < 400, "{}...", &error[..400]);
        assert!(!error.contains(['\u{202e}', '\u{1b}']), "{error:?}");
    }
    for (path, needle) in [
        ("/api/snakes?size=-1", "query string: size: must be a whole number between 1 and 10000000, found '-1'"),
        ("/api/footholds?a%E2%80%AE=1", r"\u{202e}"),
    ] {
        let (code, body) = post_text(&format!("{base}{path}"), b"0 0\n");
        assert_eq!(code, 400, "{body}");
        assert!(parse(&body)["error"].as_str().unwrap().contains(needle), "{path}: {body}");
    }
    let raw = "--size must be between 1";
    let (_, body) = post_json(&format!("{base}/api/snakes"), &json!({ "input": "0 0\n", "size": 0 }));
    assert!(!parse(&body)["error"].as_str().unwrap().contains(raw), "{body}");
}

#[test]
fn a_body_over_the_limit_gets_413() {
    let base = start(Config { max_body: 1000, ..Config::default() });
    let (code, body) = post_text(&format!("{base}/api/gridgame"), &vec![b'.'; 5000]);
    assert_eq!(code, 413, "{body}");
    assert!(parse(&body)["error"].as_str().unwrap().contains("over the limit of 1000 bytes"), "{body}");
    // A body declared longer than the limit is refused at once, from its Content-Length, before any of it comes.
    let started = Instant::now();
    let stream = raw(&base, b"POST /api/gridgame HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000000\r\n\r\n");
    let answer = first_answer(stream);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("over the limit of 1000 bytes"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(2), "refused at once: {:?}", started.elapsed());
}

/// POSTs `body` as it is, with the JSON content type; returns the status and the body.
fn post_json_bytes(url: &str, body: &str) -> (u16, String) {
    let response = agent().post(url).header("Content-Type", "application/json").send(body.as_bytes()).unwrap();
    let status = response.status().as_u16();
    (status, response.into_body().read_to_string().unwrap())
}

/// The first answer the server sends on `stream`: its head and as much of the body as has come within a moment.
fn first_answer(mut stream: std::net::TcpStream) -> String {
    use std::io::Read;
    stream.set_read_timeout(Some(Duration::from_millis(1500))).unwrap();
    let mut answer = Vec::new();
    let mut chunk = [0; 4096];
    while let Ok(n @ 1..) = stream.read(&mut chunk) {
        answer.extend_from_slice(&chunk[..n]);
        if answer.windows(4).any(|w| w == b"\r\n\r\n") && answer.ends_with(b"}") {
            break;
        }
    }
    String::from_utf8_lossy(&answer).into_owned()
}

// ---------- bounds: time limit, cap on solves, cancellation ----------

/// An 8×8 board short of one corner, A and B in the middle: its own answer takes a few hundredths of a second, its
/// 2 009 start pairs many seconds on one thread (a full board's tablebase is read from the published census).
const SLOW: &[u8] = b".#######\n########\n########\n###A####\n####B###\n########\n########\n########\n";

/// The start pairs of [`SLOW`] up to its symmetries (the diagonal through the missing corner).
const SLOW_PAIRS: u64 = 2009;

/// A 7×7 board short of one corner: its map takes a second or two on one thread (a full board's is read at once).
const HOLED7: &[u8] = b".######\n#######\n#######\n###A###\n###B###\n#######\n#######\n";

#[test]
fn a_solve_past_the_time_limit_gets_504() {
    let base = start(Config { request_time_limit: Duration::from_millis(300), ..Config::default() });
    let text = SLOW.to_vec();
    let started = Instant::now();
    let (code, body) = post_text(&format!("{base}/api/footholds?table=true"), &text);
    assert_eq!(code, 504, "{body}");
    assert!(started.elapsed() < Duration::from_secs(5), "stopped at the deadline: {:?}", started.elapsed());
    // Stopped in the solve or in the table after it: either way the message names the limit and the option.
    let message = parse(&body)["error"].as_str().unwrap().to_owned();
    assert!(message.contains("time limit of 0.3 s") && message.contains("the server's --request-time-limit"), "{body}");
    assert_eq!(status(&base)["timed_out"], 1);
    // The server goes on answering.
    let (code, _) = post_text(&format!("{base}/api/footholds"), b"[[1, 1, 1, 1, 1]] [0, 0] [0, 4]");
    assert_eq!(code, 200);
}

#[test]
fn a_table_stopped_by_the_time_limit_gets_504_with_the_answer_the_moves_and_how_far_it_got() {
    // The board's own answer takes a few hundredths of a second; its start pairs take many seconds.
    let base = start(Config { request_time_limit: Duration::from_secs(1), ..Config::default() });
    let text = SLOW.to_vec();
    let (code, body) = post_text(&format!("{base}/api/footholds?table=true"), &text);
    assert_eq!(code, 504, "{body}");
    let stopped = parse(&body);
    let (code, plain) = post_text(&format!("{base}/api/footholds"), &text);
    assert_eq!(code, 200, "{plain}");
    let plain = parse(&plain);
    assert_eq!((&stopped["answer"], &stopped["winner"]), (&plain["answer"], &plain["winner"]), "{body}");
    // What was found besides the table is there, as the command line's --json writes it.
    assert_eq!((&stopped["moves"], &stopped["line"]), (&plain["moves"], &plain["line"]), "{body}");
    assert!(stopped["moves"].as_array().is_some_and(|moves| !moves.is_empty()), "{body}");
    assert_eq!((&stopped["complete"], &stopped["table"]), (&false.into(), &serde_json::Value::Null), "{body}");
    assert_eq!(stopped["table_pairs"], SLOW_PAIRS, "{body}");
    let solved = stopped["table_pairs_solved"].as_u64().unwrap();
    assert!(solved < SLOW_PAIRS, "{body}");
    let message = stopped["error"].as_str().unwrap();
    let says = format!("the answer is {} ({} wins)", plain["answer"], plain["winner"].as_str().unwrap());
    assert!(message.starts_with(&says), "{body}");
    assert!(message.contains(&format!("after {solved} of {SLOW_PAIRS} start pairs")), "{body}");
    assert!(message.contains("time limit of 1 s") && message.contains("--request-time-limit"), "{body}");
    assert_eq!(status(&base)["timed_out"], 1);
}

#[test]
fn a_solve_stopped_after_the_winner_was_known_gets_504_with_the_winner_and_bounds() {
    // Full 8×8 from (3,3)–(3,4), A wins in 61: the first search, about half of the solve, settles the winner. Time
    // limits growing from 10 ms stop it before and after that, until one lets the whole answer through.
    let text = "[[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],\
                [1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1]] [3,3] [3,4]";
    let (mut known, mut limit) = (Vec::new(), Duration::from_millis(10));
    while limit < Duration::from_secs(20) {
        let base = start(Config { request_time_limit: limit, ..Config::default() });
        let (code, body) = post_text(&format!("{base}/api/footholds"), text.as_bytes());
        if code == 200 {
            assert_eq!(parse(&body)["answer"], 61, "{body}");
            break;
        }
        assert_eq!(code, 504, "{body}");
        let error = parse(&body);
        if error["winner"].is_string() {
            let message = error["error"].as_str().unwrap();
            assert!(message.contains("A wins, in") && message.contains("--request-time-limit"), "{body}");
            known.push(error);
        }
        limit = limit.mul_f64(1.3);
    }
    assert!(!known.is_empty(), "no time limit fell between the winner and the exact answer");
    for error in &known {
        assert_eq!(error["winner"], "A", "{error}");
        assert!(error.get("mirror").is_none(), "no half turn maps (3,3) onto (3,4): {error}");
        let (at_least, at_most) =
            (error["answer_at_least"].as_u64().unwrap(), error["answer_at_most"].as_u64().unwrap());
        assert!(1 < at_least && at_least <= 61 && 61 <= at_most, "{error}");
    }
}

#[test]
fn a_stopped_solve_of_a_mirror_pair_says_who_copies() {
    // The full 10×10 board from its centre: the half turn maps (4,4) onto (5,5), so the winner is known at once,
    // and the exact answer takes minutes.
    let base = start(Config { request_time_limit: Duration::from_millis(500), ..Config::default() });
    let text = format!("{} [4,4] [5,5]", json!(vec![vec![1; 10]; 10]));
    let (code, body) = post_text(&format!("{base}/api/footholds"), text.as_bytes());
    assert_eq!(code, 504, "{body}");
    let error = parse(&body);
    assert_eq!((&error["winner"], &error["mirror"]), (&json!("B"), &json!({ "copier": "B" })), "{body}");
}

#[test]
fn a_step_that_does_not_look_at_the_clock_gets_504_at_the_deadline() {
    // Parsing the largest grid game (5000 × 5000, a million queries) looks at no clock. Its last query is off the
    // board, so that a request with time to spare parses it all and gets 400: that takes the parsing time.
    let mut text = open_grid(5000, 3, 0).replace("\n0\n", "\n1000000\n");
    text.push_str(&"1 1\n".repeat(999_999));
    text.push_str("1 0\n");
    let config = Config { max_body: 64 << 20, max_buffered: 64 << 20, ..Config::default() };
    let roomy = start(Config { request_time_limit: Duration::from_secs(60), ..config.clone() });
    // Both times include sending the 29 MB body, which other tests running beside this one can slow as much as the
    // parsing itself: a pair of runs can fail by chance, so up to four fresh pairs are tried. Answering only once the
    // parsing is over fails them all.
    let mut tries = Vec::new();
    for _ in 0..4 {
        let started = Instant::now();
        let (code, body) = post_text(&format!("{roomy}/api/gridgame"), text.as_bytes());
        let parsing = started.elapsed();
        assert_eq!(code, 400, "{body}");
        // A tenth of that is the limit: the answer must come near it, not once the parsing is over.
        let limit = parsing / 10;
        let base = start(Config { request_time_limit: limit, ..config.clone() });
        let started = Instant::now();
        let (code, body) = post_text(&format!("{base}/api/gridgame"), text.as_bytes());
        let took = started.elapsed();
        assert_eq!(code, 504, "{body}");
        if took < parsing.mul_f64(0.6) {
            return;
        }
        tries.push(format!("504 after {took:?} with a limit of {limit:?}; parsing takes {parsing:?}"));
    }
    panic!("{}", tries.join("\n"));
}

#[test]
fn waiting_for_a_solve_slot_counts_within_the_requests_time_limit() {
    let limit = Duration::from_secs(2);
    let base = start(Config { max_solves: 1, request_time_limit: limit, ..Config::default() });
    let text = SLOW.to_vec();
    let url = format!("{base}/api/footholds?table=true");
    // The whole 8×8 tablebase takes seconds: the first request holds the only slot until its deadline.
    let first = {
        let (url, text) = (url.clone(), text.clone());
        std::thread::spawn(move || post_text(&url, &text).0)
    };
    assert_eq!(wait_for(&base, 10, |s| s["running"] == 1)["running"], 1);
    std::thread::sleep(limit / 2);
    // The second waits for the slot half its time limit, then has only the other half to solve.
    let started = Instant::now();
    let (code, body) = post_text(&url, &text);
    let took = started.elapsed();
    assert_eq!(code, 504, "{body}");
    assert!(took < limit.mul_f64(1.25), "504 after {took:?}, {limit:?} being the request's time limit");
    assert_eq!(first.join().unwrap(), 504);
}

/// A gridgame judge input: an open `n`×`n` board with diagonal steps up to `k`, and `queries` queries of (1, 1).
fn open_grid(n: usize, k: usize, queries: usize) -> String {
    format!("{n} {n} {k}\n{}{queries}\n{}", format!("{}\n", ".".repeat(n)).repeat(n), "1 1\n".repeat(queries))
}

#[test]
fn an_answer_over_the_size_limit_gets_400_naming_it() {
    let base = start(Config { max_answer: 1 << 20, ..Config::default() });
    // 100 explained lines of about 400 moves each: some 3 MB.
    let (code, body) = post_text(&format!("{base}/api/gridgame?explain=true"), open_grid(200, 0, 100).as_bytes());
    assert_eq!(code, 400, "{}", &body[..body.len().min(300)]);
    assert!(parse(&body)["error"].as_str().unwrap().contains("limit of 1048576 bytes"), "{body}");
    // 1000 tokens with 101 moves each: some 8 MB.
    let (code, body) = post_text(&format!("{base}/api/gridgame/moves"), open_grid(100, 99, 1000).as_bytes());
    assert_eq!(code, 400, "{}", &body[..body.len().min(300)]);
    assert!(parse(&body)["error"].as_str().unwrap().contains("limit of 1048576 bytes"), "{body}");
    // The shortest game of a million squares without a ladder: 166 667 rolls, some 9 MB.
    let (code, body) = post_text(&format!("{base}/api/snakes?size=1000000"), b"0 0\n");
    assert_eq!(code, 400, "{}", &body[..body.len().min(300)]);
    assert!(parse(&body)["error"].as_str().unwrap().contains("limit of 1048576 bytes"), "{body}");
    // The advice names what this endpoint can leave out, and only what the request asked for.
    let error = parse(&body)["error"].as_str().unwrap().to_owned();
    assert!(error.contains("a smaller board (size): the answer lists one shortest game"), "{body}");
    assert!(!error.contains("distribution"), "the request asked for no distribution: {body}");
    // 3 000 squares: the answer is some 25 KB, some 92 KB with the distribution, which can then be left out.
    let small = start(Config { max_answer: 64 << 10, ..Config::default() });
    let (code, body) = post_text(&format!("{small}/api/snakes?size=3000&distribution=true"), b"0 0\n");
    assert_eq!(code, 400, "{}", &body[..body.len().min(300)]);
    assert!(parse(&body)["error"].as_str().unwrap().contains("or leave out distribution"), "{body}");
    let (code, body) = post_text(&format!("{small}/api/snakes?size=3000"), b"0 0\n");
    assert_eq!((code, parse(&body)["fewest_rolls"].as_u64()), (200, Some(500)), "{body}");
    // Under the limit the answer comes whole.
    let (code, body) = post_text(&format!("{base}/api/snakes?size=10000"), b"0 0\n");
    assert_eq!((code, parse(&body)["fewest_rolls"].as_u64()), (200, Some(1667)), "{body}");
    let (code, body) = post_text(&format!("{base}/api/gridgame?explain=true"), open_grid(20, 0, 10).as_bytes());
    assert_eq!(code, 200, "{body}");
    assert_eq!(parse(&body)["answers"].as_array().unwrap().len(), 10);
    // A footholds answer with the table of every start pair of a full 6×6 board: some 62 KB.
    let tiny = start(Config { max_answer: 16 << 10, ..Config::default() });
    let board = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/footholds/full6x6.grid")).unwrap();
    let (code, body) = post_text(&format!("{tiny}/api/footholds?table=true"), &board);
    assert_eq!(code, 400, "{}", &body[..body.len().min(300)]);
    let error = parse(&body)["error"].as_str().unwrap().to_owned();
    assert!(error.contains("limit of 16384 bytes") && error.ends_with("leave out table"), "{body}");
    let (code, body) = post_text(&format!("{tiny}/api/footholds"), &board);
    assert_eq!((code, parse(&body)["answer"].as_u64().is_some()), (200, true), "{body}");
}

#[test]
fn building_an_answer_past_the_time_limit_gets_504() {
    let base =
        start(Config { request_time_limit: Duration::from_millis(300), max_answer: 1 << 30, ..Config::default() });
    // The board solves at once, but its 5000 explained lines (some 150 MB) take seconds to write.
    let started = Instant::now();
    let (code, body) = post_text(&format!("{base}/api/gridgame?explain=true"), open_grid(200, 0, 5000).as_bytes());
    assert_eq!(code, 504, "{}", &body[..body.len().min(300)]);
    assert!(started.elapsed() < Duration::from_secs(2), "stopped at the deadline: {:?}", started.elapsed());
    assert!(parse(&body)["error"].as_str().unwrap().contains("request time limit of 0.3 s"), "{body}");
}

/// Opens a raw connection to `base` and sends `bytes`; reads time out after 10 s so a test fails instead of hanging.
fn raw(base: &str, bytes: &[u8]) -> std::net::TcpStream {
    use std::io::Write;
    let mut stream = std::net::TcpStream::connect(base.trim_start_matches("http://")).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream.write_all(bytes).unwrap();
    stream
}

/// Everything the server sends on `stream` until it closes it (or the read times out: a test failure).
fn until_closed(mut stream: std::net::TcpStream) -> String {
    use std::io::Read;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("the server closes the connection");
    String::from_utf8_lossy(&answer).into_owned()
}

#[test]
fn slow_clients_are_cut_off_and_connections_are_capped() {
    let base = start(Config { read_timeout: Duration::from_millis(500), max_connections: 2, ..Config::default() });
    // Headers that never end: the connection is closed.
    let started = Instant::now();
    until_closed(raw(&base, b"POST /api/footholds HTTP/1.1\r\nHost: x\r\n"));
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    // A body shorter than its Content-Length: 408, then the connection is closed.
    let answer = until_closed(raw(&base, b"POST /api/footholds HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n[[1"));
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains(r#""error":"the request body did not arrive within 0.5 s""#), "{answer}");

    // Two connections are open: a third waits until one of them closes.
    let base = start(Config { max_connections: 2, ..Config::default() });
    let held = [raw(&base, b""), raw(&base, b"")];
    std::thread::sleep(Duration::from_millis(200));
    let impatient = ureq::Agent::config_builder().timeout_global(Some(Duration::from_millis(500))).build().new_agent();
    assert!(impatient.get(&format!("{base}/api/status")).call().is_err(), "a third connection is served");
    drop(held);
    assert_eq!(status(&base)["max_solves"], Config::default().max_solves);
}

#[test]
fn a_client_that_never_reads_its_answer_is_cut_off() {
    let limit = Duration::from_millis(500);
    let base = start(Config { send_time_limit: limit, max_connections: 1, max_answer: 1 << 30, ..Config::default() });
    // Some 60 MB of explained lines, far more than the sockets' buffers hold.
    let input = open_grid(200, 0, 2000);
    let request = |connection: &str| {
        format!(
            "POST /api/gridgame?explain=true HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\
             Connection: {connection}\r\n\r\n{input}",
            input.len()
        )
    };
    // A client that reads as the answer comes gets it whole.
    let whole = until_closed(raw(&base, request("close").as_bytes()));
    assert!(whole.starts_with("HTTP/1.1 200") && whole.ends_with("}\n"), "{}", &whole[..whole.len().min(300)]);
    assert!(whole.len() > 20 << 20, "{}", whole.len());
    // One that never reads holds the only connection slot until its answer has waited the limit...
    let stalled = raw(&base, request("keep-alive").as_bytes());
    std::thread::sleep(Duration::from_millis(200));
    let impatient = ureq::Agent::config_builder().timeout_global(Some(Duration::from_secs(10))).build().new_agent();
    let next = impatient.get(&format!("{base}/api/status")).call().map(|r| r.status().as_u16());
    drop(impatient);
    assert_eq!(next.ok(), Some(200), "the next client is served");
    // ...and then its connection is closed, the answer cut short.
    let cut = until_closed(stalled);
    assert!(cut.starts_with("HTTP/1.1 200"), "{}", &cut[..cut.len().min(300)]);
    assert!(cut.len() < whole.len(), "{} of {} bytes", cut.len(), whole.len());
    // The time spent solving does not count: a streamed map that takes longer than the limit is sent whole.
    let limit = Duration::from_millis(100);
    let base = start(Config { send_time_limit: limit, ..Config::default() });
    let text = HOLED7.to_vec();
    let started = Instant::now();
    let events = open_stream(&format!("{base}/api/footholds?table=true"), &text);
    let rest: Vec<String> = events.lines().map(Result::unwrap).collect();
    assert!(started.elapsed() > limit, "the solve took {:?}", started.elapsed());
    assert!(rest.iter().any(|line| line == "event: result"), "{:?}", rest.last());
}

#[test]
fn answers_held_for_slow_clients_are_capped_in_bytes() {
    let limit = Duration::from_secs(3);
    let base =
        start(Config { send_time_limit: limit, max_answer: 100 << 20, max_held: 100 << 20, ..Config::default() });
    // Some 60 MB of explained lines, far more than the sockets' buffers hold.
    let input = open_grid(200, 0, 2000);
    let request = format!(
        "POST /api/gridgame?explain=true HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{input}",
        input.len()
    );
    // A client that never reads holds its answer's room once the answer is built...
    let stalled = raw(&base, request.as_bytes());
    let waited = Instant::now();
    while status(&base)["answered"] == 0 {
        assert!(waited.elapsed() < Duration::from_secs(60), "the first answer was never built");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(200));
    // ...so a second answer as large finds no room and gets 503 rather than another 60 MB held...
    // (and a Retry-After, as every 503)...
    let refused = until_closed(raw(&base, request.as_bytes()));
    let (head, body) = refused.split_once("\r\n\r\n").unwrap();
    assert!(
        head.starts_with("HTTP/1.1 503") && head.contains("retry-after: 1"),
        "{}",
        &refused[..refused.len().min(300)]
    );
    assert!(parse(body)["error"].as_str().unwrap().contains("busy sending other answers (100 MiB"), "{body}");
    // ...until the stalled client is cut off and its room given back.
    assert!(until_closed(stalled).starts_with("HTTP/1.1 200"));
    let whole = until_closed(raw(&base, request.as_bytes()));
    assert!(whole.starts_with("HTTP/1.1 200") && whole.ends_with("}\n"), "{}", &whole[..whole.len().min(300)]);
    assert!(whole.len() > 20 << 20, "{}", whole.len());
}

#[test]
fn bodies_being_read_are_capped_in_bytes() {
    let base = start(Config {
        max_body: 4000,
        max_buffered: 8000,
        read_timeout: Duration::from_millis(800),
        ..Config::default()
    });
    // Uploads that stall after a few bytes hold only what they sent: declaring a long body, or none (chunked), takes
    // no room before the bytes come, so a handful of slow clients cannot turn everyone away.
    let declared = b"POST /api/footholds HTTP/1.1\r\nHost: x\r\nContent-Length: 4000\r\n\r\n[[1";
    let chunked = b"POST /api/footholds HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n[\r\n";
    let trickling = [raw(&base, declared), raw(&base, chunked), raw(&base, declared)];
    std::thread::sleep(Duration::from_millis(200));
    let (code, body) = post_text(&format!("{base}/api/footholds"), b"[[1]] [0,0] [0,0]");
    assert_eq!(code, 200, "{body}");
    // With those three holding a KiB each, two uploads that sent 1.5 KB each (two KiB each) leave one of the 8 KiB:
    // a body that needs two finds no room...
    let mut head = b"POST /api/footholds HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n".to_vec();
    head.extend(vec![b' '; 1500]);
    let stalled = [raw(&base, &head), raw(&base, &head)];
    std::thread::sleep(Duration::from_millis(200));
    let mut big = vec![b' '; 1500];
    big.extend(b"[[1]] [0,0] [0,0]");
    let (code, body) = post_text(&format!("{base}/api/footholds"), &big);
    assert_eq!(code, 503, "{body}");
    assert!(parse(&body)["error"].as_str().unwrap().contains("busy reading"), "{body}");
    // ...while a short one still fits, and once the stalled ones are cut off the long one is answered.
    let (code, body) = post_text(&format!("{base}/api/footholds"), b"[[1]] [0,0] [0,0]");
    assert_eq!(code, 200, "{body}");
    for stream in stalled.into_iter().chain(trickling) {
        let answer = until_closed(stream);
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    }
    let (code, body) = post_text(&format!("{base}/api/footholds"), &big);
    assert_eq!(code, 200, "{body}");
}

/// Reading a request may build a board of millions of squares (a snakes board of ten million is 40 MB, from a body
/// of fifty bytes): at most as many requests as solves are read at once, and a request waiting for a solve slot
/// keeps only its input, so memory does not grow with the number of connections.
#[test]
fn large_boards_are_built_only_as_many_at_once_as_solves_run() {
    let served = serve_support::Served::start(&["--max-solves", "1"]);
    let base = served.base.as_str();
    let roll = json!({ "ladders": [], "size": 10_000_000, "square": 5, "die": 3 });
    let solve = json!({ "ladders": [], "size": 10_000_000, "max_listed_rolls": 3 });
    let answers: Vec<(u16, String)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..16)
            .map(|i| {
                let (url, body) = if i % 2 == 0 {
                    (format!("{base}/api/snakes/roll"), &roll)
                } else {
                    (format!("{base}/api/snakes"), &solve)
                };
                scope.spawn(move || post_json(&url, body))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (i, (code, body)) in answers.iter().enumerate() {
        assert_eq!(*code, 200, "{i}: {body}");
    }
    assert_eq!(parse(&answers[0].1)["roll"]["landed"], 8);
    // Two boards at once at most (one being read, one being solved, with the solve's own arrays): far below the
    // 16 boards (640 MB) the requests would build side by side.
    let peak = peak_resident_kib(served.child.id());
    assert!(peak < 400 << 10, "the server's memory peaked at {peak} KiB");
}

/// The peak resident memory of process `pid` so far, in KiB.
fn peak_resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_compressed_body_gets_415() {
    let base = start(Config::default());
    let stream = raw(
        &base,
        b"POST /api/footholds HTTP/1.1\r\nHost: x\r\nContent-Encoding: gzip\r\nContent-Length: 3\r\n\r\nabc",
    );
    let answer = first_answer(stream);
    assert!(answer.starts_with("HTTP/1.1 415"), "{answer}");
    assert!(answer.contains("Content-Encoding is 'gzip'"), "{answer}");
}

#[test]
fn a_transfer_coding_other_than_chunked_gets_501() {
    let base = start(Config::default());
    let chunked = "5\r\n[[1]]\r\nc\r\n [0,0] [0,0]\r\n0\r\n\r\n";
    // The HTTP layer takes the chunks apart but leaves the gzip undone: the body is not read as text.
    for codings in ["Transfer-Encoding: gzip, chunked", "Transfer-Encoding: GZIP\r\nTransfer-Encoding: chunked"] {
        let request = format!("POST /api/footholds HTTP/1.1\r\nHost: x\r\n{codings}\r\n\r\n{chunked}");
        let answer = first_answer(raw(&base, request.as_bytes()));
        assert!(answer.starts_with("HTTP/1.1 501"), "{codings}: {answer}");
        let named = if codings.contains("GZIP") { "'GZIP'" } else { "'gzip'" };
        assert!(
            answer.contains(&format!("Transfer-Encoding names {named}: the server takes only chunked")),
            "{answer}"
        );
    }
    // Chunked alone is read.
    let request = format!("POST /api/footholds HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n{chunked}");
    let answer = first_answer(raw(&base, request.as_bytes()));
    assert!(answer.starts_with("HTTP/1.1 200") && answer.contains(r#""answer":0"#), "{answer}");
    // Broken chunks: the 400 says what is wrong with them, not only that the body could not be read.
    for (chunks, why) in [("zz\r\n", "chunk size"), ("ffffffffffffffffff\r\nab\r\n0\r\n\r\n", "chunk size")] {
        let request = format!("POST /api/footholds HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n{chunks}");
        let answer = first_answer(raw(&base, request.as_bytes()));
        assert!(answer.starts_with("HTTP/1.1 400"), "{chunks:?}: {answer}");
        let error = parse(answer.split_once("\r\n\r\n").unwrap().1)["error"].as_str().unwrap().to_string();
        assert!(error.starts_with("request body: ") && error.to_lowercase().contains(why), "{chunks:?}: {error}");
    }
}

#[test]
fn a_streamed_request_refused_before_its_solve_gets_the_plain_status_and_json() {
    let base = start(Config::default());
    let request = "POST /api/footholds HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nContent-Length: 8\r\n\
                   Connection: close\r\n\r\ngarbage\n";
    let answer = first_answer(raw(&base, request.as_bytes()));
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 400") && head.contains("content-type: application/json"), "{answer}");
    assert!(parse(body)["error"].as_str().unwrap().starts_with("input: line 1, column 1: "), "{body}");
}

#[test]
fn a_request_line_past_what_the_http_layer_reads_gets_431_and_a_long_target_414() {
    use std::io::Write;
    let base = start(Config::default());
    // (target length, status): a target over 65 534 bytes is too long a URI; a head past the HTTP layer's buffer
    // (408 KiB) is too large before its target is even seen whole.
    for (length, code) in [(65_534, "404"), (70_000, "414"), (400_000, "414"), (1 << 20, "431")] {
        let mut stream = std::net::TcpStream::connect(base.trim_start_matches("http://")).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let request = format!("GET /{} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "a".repeat(length - 1));
        // The server answers before it has read all of a head too large, and closes: the rest may not be taken.
        let _ = stream.write_all(request.as_bytes());
        let answer = first_answer(stream);
        assert!(answer.starts_with(&format!("HTTP/1.1 {code}")), "{length}: {}", &answer[..answer.len().min(200)]);
    }
}

/// Opens a streamed solve and returns its reader once the first progress event has come.
fn open_stream(url: &str, body: &[u8]) -> BufReader<ureq::BodyReader<'static>> {
    let response = agent()
        .post(url)
        .header("Accept", "text/event-stream")
        .header("Content-Type", "text/plain")
        .send(body)
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert!(response.headers().get("content-type").unwrap().to_str().unwrap().starts_with("text/event-stream"));
    let mut reader = BufReader::new(response.into_body().into_reader());
    let mut line = String::new();
    loop {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "the stream ended before any progress");
        if line.trim_end() == "event: progress" {
            return reader;
        }
    }
}

/// Waits up to `seconds` for `check` on the server's counters.
fn wait_for(base: &str, seconds: u64, check: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + Duration::from_secs(seconds);
    loop {
        let now = status(base);
        if check(&now) || Instant::now() > until {
            return now;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_cap_on_solves_gets_503_and_closing_a_stream_cancels_its_solve() {
    let base = start(Config {
        max_solves: 1,
        max_queued: 0,
        request_time_limit: Duration::from_secs(60),
        ..Config::default()
    });
    let text = SLOW.to_vec();
    let stream = open_stream(&format!("{base}/api/footholds?table=true"), &text);
    assert_eq!(status(&base)["running"], 1);

    let response = agent()
        .post(&format!("{base}/api/footholds"))
        .header("Content-Type", "text/plain")
        .send(&b"[[1]] [0,0] [0,0]"[..])
        .unwrap();
    assert_eq!(response.status().as_u16(), 503);
    assert_eq!(response.headers().get("retry-after").unwrap(), "1");
    let body = response.into_body().read_to_string().unwrap();
    assert!(parse(&body)["error"].as_str().unwrap().contains("busy"), "{body}");

    // Closing the stream raises the solve's cancel flag: it stops long before its 60 s.
    drop(stream);
    let after = wait_for(&base, 10, |s| s["running"] == 0);
    assert_eq!(after["running"], 0, "{after}");
    assert_eq!(after["cancelled"], 1, "{after}");
    assert_eq!(after["rejected_busy"], 1, "{after}");
    let (code, _) = post_text(&format!("{base}/api/footholds"), b"[[1]] [0,0] [0,0]");
    assert_eq!(code, 200);
}

#[test]
fn a_plain_request_given_up_by_its_client_cancels_its_solve() {
    let base = start(Config { request_time_limit: Duration::from_secs(60), ..Config::default() });
    let impatient = ureq::Agent::config_builder().timeout_global(Some(Duration::from_millis(500))).build().new_agent();
    let text = SLOW.to_vec();
    let sent = impatient
        .post(&format!("{base}/api/footholds?table=true"))
        .header("Content-Type", "text/plain")
        .send(&text[..]);
    assert!(sent.is_err(), "the client gives up first");
    let after = wait_for(&base, 10, |s| s["running"] == 0 && s["cancelled"] == 1);
    assert_eq!((after["running"].as_u64(), after["cancelled"].as_u64()), (Some(0), Some(1)), "{after}");
}

#[test]
fn a_stream_sends_progress_then_the_same_result_as_plain_json() {
    let base = server();
    // The map of a 7×7 board short of a corner: about two seconds of work, so progress events come before the result.
    let text = HOLED7.to_vec();
    let mut reader = open_stream(&format!("{base}/api/footholds?table=true"), &text);
    // `open_stream` read the first event's name.
    let mut event = "progress".to_string();
    let mut result = None;
    // An event is its `event:` line and `data:` lines (one per line of the JSON), ended by a blank line.
    let mut data = Vec::new();
    for line in (&mut reader).lines() {
        let line = line.unwrap();
        if let Some(name) = line.strip_prefix("event: ") {
            event = name.to_string();
        } else if let Some(text) = line.strip_prefix("data: ") {
            data.push(text.to_string());
        } else if line.is_empty() && !data.is_empty() {
            let value = parse(&data.join("\n"));
            data.clear();
            match event.as_str() {
                "progress" => {
                    // Seconds to the millisecond: `1.751`, not `1.7506406220000001`.
                    let elapsed = value["elapsed"].to_string();
                    let decimals = elapsed.split_once('.').map_or(0, |(_, decimals)| decimals.len());
                    assert!(value["elapsed"].as_f64().unwrap() >= 0.0 && decimals <= 3, "{elapsed}");
                }
                "result" => result = Some(value),
                other => panic!("unexpected event {other}: {value}"),
            }
        }
    }
    let (code, plain) = post_text(&format!("{base}/api/footholds?table=true"), &text);
    assert_eq!(code, 200);
    assert_eq!(without_nodes(result.expect("a result event")), without_nodes(parse(&plain)));
}

#[test]
fn a_streamed_table_reports_the_boards_own_solve_before_the_table() {
    let base = start(Config { request_time_limit: Duration::from_secs(60), ..Config::default() });
    // The full 9×9 board from the centre: its table is read from the census, but its ranked moves and line take
    // seconds of search before it.
    let text = format!("{:?} [4, 4] [4, 5]", vec![vec![1; 9]; 9]);
    let mut reader = open_stream(&format!("{base}/api/footholds?table=true"), text.as_bytes());
    let (mut event, mut seen) = ("progress".to_string(), Vec::new());
    let mut line = String::new();
    loop {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "the stream ended: {seen:?}");
        let line = line.trim_end();
        if let Some(name) = line.strip_prefix("event: ") {
            event = name.to_string();
        } else if let Some(data) = line.strip_prefix("data: ") {
            let report = parse(data);
            assert_eq!(event, "progress", "{data} after {seen:?}");
            let stage = report["stage"].as_str().unwrap().to_string();
            assert!(!stage.starts_with("start pair"), "the table's progress before the board's: {seen:?}");
            // The first report can come before the solve's own (a placeholder); the board's then follow.
            if stage != "solving" {
                assert!(report["nodes"].as_u64().unwrap() > 0, "{report}");
                assert!(report["table_capacity"].as_u64().unwrap() > 0, "{report}");
                break;
            }
            seen.push(report);
            assert!(seen.len() < 20, "no progress of the board's own solve in 5 s: {seen:?}");
        }
    }
    // Closing the stream cancels the solve.
    drop(reader);
    assert_eq!(wait_for(&base, 10, |s| s["running"] == 0)["running"], 0);
}

#[test]
fn a_solve_memory_under_a_mib_is_named_in_kib_or_bytes() {
    let sample = std::fs::read_to_string("examples/snakes/boj-sample1.txt").unwrap();
    // BOJ's board has 600 steps (24 000 bytes of chain); one of 100 000 squares, 600 000 steps (24 MB).
    let large = json!({ "input": "0 0\n", "size": 100_000, "expected": true });
    for (memory, request, named) in [
        (1, json!({ "input": sample, "expected": true }), "1 byte"),
        (16 << 10, json!({ "input": sample, "expected": true }), "16 KiB"),
        (512 << 10, large.clone(), "512 KiB"),
        (3 << 19, large, "1.5 MiB"),
    ] {
        let base = start(Config { solve_memory: memory, ..Config::default() });
        let (code, body) = post_json(&format!("{base}/api/snakes"), &request);
        assert_eq!(code, 400, "{body}");
        let error = parse(&body)["error"].as_str().unwrap().to_string();
        assert!(error.ends_with(&format!("to stay within the server's --solve-memory of {named}")), "{error}");
    }
}

#[test]
fn concurrent_mixed_requests_all_get_their_answers() {
    let base = server().to_string();
    let footholds_input = std::fs::read_to_string("examples/footholds/example2.txt").unwrap();
    let snakes_input = std::fs::read_to_string("examples/snakes/milton-bradley.txt").unwrap();
    let grid_input = std::fs::read_to_string("examples/gridgame/maze.txt").unwrap();
    let expected = [
        post_json(&format!("{base}/api/footholds"), &json!({ "input": footholds_input })),
        post_json(&format!("{base}/api/snakes"), &json!({ "input": snakes_input, "start": 0, "expected": true })),
        post_json(&format!("{base}/api/gridgame"), &json!({ "input": grid_input, "remoteness": true })),
    ];
    let threads: Vec<_> = (0..24)
        .map(|i| {
            let (base, f, s, g) = (base.clone(), footholds_input.clone(), snakes_input.clone(), grid_input.clone());
            std::thread::spawn(move || match i % 3 {
                0 => post_json(&format!("{base}/api/footholds"), &json!({ "input": f })),
                1 => post_json(&format!("{base}/api/snakes"), &json!({ "input": s, "start": 0, "expected": true })),
                _ => post_json(&format!("{base}/api/gridgame"), &json!({ "input": g, "remoteness": true })),
            })
        })
        .collect();
    for (i, thread) in threads.into_iter().enumerate() {
        let (code, body) = thread.join().unwrap();
        assert_eq!(code, 200, "{body}");
        assert_eq!(parse(&body), parse(&expected[i % 3].1));
    }
}

// ---------- the page's files and the rest ----------

#[test]
fn the_page_and_its_files_are_served_from_the_binary() {
    let base = server();
    let (code, kind, page) = get(&format!("{base}/"));
    assert_eq!((code, kind.as_str()), (200, "text/html; charset=utf-8"));
    for file in ["app.js", "footholds.js", "snakes.js", "gridgame.js", "style.css"] {
        assert!(page.contains(&format!("/web/{file}")), "{file}");
        let (code, kind, text) = get(&format!("{base}/web/{file}"));
        assert_eq!(code, 200, "{file}");
        assert!(kind.starts_with(if file.ends_with(".css") { "text/css" } else { "text/javascript" }));
        // Nothing is fetched from elsewhere.
        assert!(!text.contains("http://") && !text.contains("https://") || file == "app.js", "{file}");
    }
    assert!(!page.contains("https://"));
    // The page declares its (empty) icon, so the browser asks for no /favicon.ico, which would be a 404.
    assert!(page.contains(r#"<link rel="icon" href="data:,">"#));
    for path in ["/nowhere", "/web/nowhere.js"] {
        let (code, kind, body) = get(&format!("{base}{path}"));
        assert_eq!((code, kind.as_str()), (404, "application/json"), "{path}");
        assert_eq!(parse(&body)["status"], 404, "{path}");
    }
    let now = status(base);
    for key in ["running", "waiting", "max_solves", "max_queued", "answered", "timed_out", "cancelled"] {
        assert!(now[key].is_number(), "{key}: {now}");
    }
}

/// Every answer says not to sniff its type and to ask again rather than reuse it; the page itself may load and run
/// only what its own server sends.
#[test]
fn every_answer_forbids_sniffing_and_the_page_loads_only_its_own_files() {
    let base = server();
    let header = |response: &ureq::http::Response<ureq::Body>, name: &str| {
        response.headers().get(name).map(|v| v.to_str().unwrap().to_string()).unwrap_or_default()
    };
    for path in ["/", "/web/app.js", "/web/style.css", "/api/status", "/nowhere"] {
        let response = agent().get(&format!("{base}{path}")).call().unwrap();
        assert_eq!(header(&response, "x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header(&response, "cache-control"), "no-cache", "{path}");
        let policy = header(&response, "content-security-policy");
        if path == "/" {
            for rule in ["default-src 'self'", "object-src 'none'", "frame-ancestors 'none'"] {
                assert!(policy.contains(rule), "{rule} in {policy}");
            }
            assert!(!policy.contains("script-src"), "scripts fall under default-src 'self': {policy}");
        } else {
            assert_eq!(policy, "", "{path}");
        }
    }
    // An error is an answer too.
    let response = agent().post(&format!("{base}/api/footholds")).send(b"no board".as_slice()).unwrap();
    assert_eq!(response.status(), 400);
    assert_eq!(header(&response, "x-content-type-options"), "nosniff");
}

/// A full board's map is read from the published census: the full 9×9 board's (half an hour of solving) comes back
/// within a request's time limit, and the full 7×7 board's is the one the library solves, pair for pair.
#[test]
fn a_full_boards_map_comes_from_the_published_census_at_once() {
    let base = start(Config { request_time_limit: Duration::from_secs(5), ..Config::default() });
    let full9 = footholds_text(&vec![vec![true; 9]; 9], (0, 0), (8, 8));
    let (code, body) = post_json(&format!("{base}/api/footholds"), &json!({ "input": full9, "table": true }));
    assert_eq!(code, 200, "{body}");
    let table = &parse(&body)["table"];
    assert!(table.is_object() || table.is_array(), "{body}");
    let text = std::fs::read_to_string("examples/footholds/full7x7-centre.grid").unwrap();
    let (code, body) = post_text(&format!("{base}/api/footholds?table=true"), text.as_bytes());
    assert_eq!(code, 200, "{body}");
    // A lone request searches on every core: all but the count of positions is the one-thread library's.
    assert_eq!(without_nodes(parse(&body)), without_nodes(footholds_library(&text, true)));
    // A map needs neither the ranked moves nor the line: asked without them, the 9×9 centre (seconds of search for
    // its ranked moves) is answered at once, from the census alone, and the two fields are left out.
    let centre9 = footholds_text(&vec![vec![true; 9]; 9], (4, 4), (4, 5));
    let started = Instant::now();
    let query = "table=true&moves=false&line=false";
    let (code, body) = post_text(&format!("{base}/api/footholds?{query}"), centre9.as_bytes());
    assert_eq!(code, 200, "{body}");
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    let answer = parse(&body);
    assert_eq!((answer["answer"].as_u64(), answer["nodes"].as_u64()), (Some(79), Some(0)));
    let fields = answer.as_object().unwrap().keys().collect::<Vec<_>>();
    assert!(answer.get("moves").is_none() && answer.get("line").is_none(), "{fields:?}");
    assert_eq!(answer["table"].as_array().map(Vec::len), Some(81 * 81), "{fields:?}");
    // Each alone: only the one asked is left out, and an empty list still means none.
    let (code, body) =
        post_json(&format!("{base}/api/footholds"), &json!({ "input": "[[1]] [0,0] [0,0]", "line": false }));
    assert_eq!(code, 200, "{body}");
    let answer = parse(&body);
    assert!(answer.get("line").is_none() && answer["moves"] == json!([]), "{body}");
}

/// A footholds answer without its count of positions searched, which depends on the threads' timing when a solve
/// takes more than one (the server gives a lone solve every core).
fn without_nodes(mut answer: Value) -> Value {
    answer.as_object_mut().expect("an answer is an object").remove("nodes");
    answer
}
