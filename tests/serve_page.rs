//! The page in a real headless Chromium (the system's `chromium`, driven over the DevTools protocol): each game
//! loads; a footholds board is edited and a whole game is played against the solver, ending with the winner and
//! the number of moves the library gives for that board; the moves of a known position have their value's colour;
//! gridgame and snakes are played through; the position survives a reload. The keyboard: keys move only by legal
//! moves, Enter and Space press the focused control, the focus survives every redraw. A cancelled question offers
//! to ask again; a click right after typing a number lands; a move on a 300 × 300 gridgame board is drawn (and
//! timed). Screenshots go to `target/`.
//!
//! Without Chromium the test prints a SKIP line and passes, unless `PERFECTPLAY_REQUIRE_ALL=1` (set by CI).

mod serve_support;

use headless_chrome::protocol::cdp::Page::{CaptureScreenshotFormatOption, Viewport};
use headless_chrome::{Browser, LaunchOptions, Tab};
use perfectplay::engine::{Limits, Value as Outcome};
use perfectplay::format::TextFormat;
use perfectplay::games::{footholds, gridgame, snakes};
use perfectplay::serve::Config;
use serde_json::Value;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Okabe–Ito blue and orange, as the page's CSS gives them.
const WIN: &str = "rgb(0, 114, 178)";
const LOSE: &str = "rgb(230, 159, 0)";

fn chromium() -> Option<PathBuf> {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
}

/// The browser and its profile folder, removed when the test ends (the browser first, since it writes there).
struct Launched {
    browser: Browser,
    _profile: tempfile::TempDir,
}

fn launch() -> Option<Launched> {
    let Some(path) = chromium() else {
        eprintln!("SKIP: serve_page: no Chromium found (install the Debian package `chromium`)");
        assert!(
            std::env::var("PERFECTPLAY_REQUIRE_ALL").as_deref() != Ok("1"),
            "PERFECTPLAY_REQUIRE_ALL=1: the browser test may not be skipped"
        );
        return None;
    };
    let profile = tempfile::Builder::new().prefix("perfectplay-chromium-").tempdir().expect("a profile folder");
    let args: Vec<&OsStr> = [
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ]
    .iter()
    .map(OsStr::new)
    .collect();
    let options = LaunchOptions::default_builder()
        .path(Some(path))
        .headless(true)
        .sandbox(false)
        .user_data_dir(Some(profile.path().to_path_buf()))
        .window_size(Some((1200, 1000)))
        .idle_browser_timeout(Duration::from_secs(300))
        .args(args)
        .build()
        .unwrap();
    Some(Launched { browser: Browser::new(options).expect("Chromium starts"), _profile: profile })
}

/// Evaluates a JavaScript expression and returns its JSON value.
fn eval(tab: &Tab, expression: &str) -> Value {
    let wrapped = format!("JSON.stringify((() => {{ return {expression}; }})())");
    let result = tab.evaluate(&wrapped, false).unwrap_or_else(|e| panic!("{expression}: {e}"));
    match result.value {
        Some(Value::String(text)) => serde_json::from_str(&text).unwrap(),
        _ => Value::Null,
    }
}

/// Waits (up to 30 s) until a JavaScript expression is truthy, and returns its value.
fn wait(tab: &Tab, expression: &str) -> Value {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let value = eval(tab, expression);
        if !matches!(value, Value::Null | Value::Bool(false)) {
            return value;
        }
        let error =
            eval(tab, "document.getElementById('error').hidden ? null : document.getElementById('error').textContent");
        assert!(Instant::now() < until, "timed out waiting for {expression} (page error: {error})");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn click(tab: &Tab, selector: &str) {
    let found = eval(
        tab,
        &format!("(() => {{ const e = document.querySelector({selector:?}); if (e) e.click(); return !!e; }})()"),
    );
    assert_eq!(found, Value::Bool(true), "no element {selector}");
}

/// Gives the keyboard focus to the element `selector` names.
fn focus(tab: &Tab, selector: &str) {
    let found = eval(
        tab,
        &format!("(() => {{ const e = document.querySelector({selector:?}); if (e) e.focus(); return !!e; }})()"),
    );
    assert_eq!(found, Value::Bool(true), "no element {selector}");
}

/// Presses `key` with the focus on the element `selector` names.
fn press_on(tab: &Tab, selector: &str, key: &str) {
    focus(tab, selector);
    tab.press_key(key).unwrap();
}

/// What has the keyboard focus: `[id, data-cell]` of the element (empty strings where it has none), or `BODY`.
fn focused(tab: &Tab) -> Value {
    eval(
        tab,
        "document.activeElement === document.body ? 'BODY' : [document.activeElement.id, document.activeElement.dataset.cell ?? '']",
    )
}

/// Waits until no question to the API is pending (and a moment more, for what a key would have started).
fn settle(tab: &Tab) {
    std::thread::sleep(Duration::from_millis(400));
    wait(tab, "!PP.job");
}

/// Makes the page's questions to `path` wait, unanswered, until they are cancelled (`hang`), or answers them again.
fn hang(tab: &Tab, path: &str) {
    eval(
        tab,
        &format!(
            "(() => {{ window.realFetch ??= window.fetch; window.fetch = (url, options) => url !== '{path}' ? window.realFetch(url, options)              : new Promise((_, reject) => options.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))); }})()"
        ),
    );
}

fn unhang(tab: &Tab) {
    eval(tab, "(() => { if (window.realFetch) window.fetch = window.realFetch; })()");
}

/// Presses the busy bar's Cancel once it shows.
fn cancel(tab: &Tab) {
    wait(tab, "!document.getElementById('busy').hidden");
    click(tab, "#busy-cancel");
}

/// Saves the top left `width` × `height` pixels of the page as `target/serve-NAME.png`.
fn screenshot(tab: &Tab, name: &str, width: f64, height: f64) {
    let clip = Viewport { x: 0.0, y: 0.0, width, height, scale: 1.0 };
    let png = tab.capture_screenshot(CaptureScreenshotFormatOption::Png, None, Some(clip), true).unwrap();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    std::fs::write(dir.join(format!("serve-{name}.png")), png).unwrap();
}

/// Loads `base/#fragment` as a new document (a query string that changes each time, so a change of fragment alone
/// is a navigation too).
fn open(tab: &Tab, base: &str, fragment: &str) {
    static LOADS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = LOADS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    tab.navigate_to(&format!("{base}/?load={n}#{fragment}")).unwrap().wait_until_navigated().unwrap();
}

/// The best of the moves the page shows on `selector`'s cells (`data-move="win 3"`): the fastest win, else the
/// longest loss; returns the cell's `data-cell`.
fn best_move(tab: &Tab, selector: &str) -> String {
    let moves = wait(
        tab,
        &format!("[...document.querySelectorAll('{selector} [data-move]')].map(e => [e.dataset.cell, e.dataset.move])"),
    );
    let moves = moves.as_array().unwrap();
    assert!(!moves.is_empty(), "no move shown");
    let score = |m: &Value| {
        let (value, remoteness) = m[1].as_str().unwrap().split_once(' ').unwrap();
        let r: i64 = remoteness.parse().unwrap();
        if value == "win" { 1_000_000 - r } else { r }
    };
    moves.iter().max_by_key(|m| score(m)).unwrap()[0].as_str().unwrap().to_string()
}

/// Drags with the pointer from one cell of the footholds board to another (press on the first, release on the
/// second), as a mouse or a finger does.
fn drag(tab: &Tab, from: &str, to: &str) {
    eval(
        tab,
        &format!(
            "(() => {{ const at = (c) => {{ const r = document.querySelector(`[data-cell='${{c}}']`).getBoundingClientRect(); \
             return {{ clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, bubbles: true }}; }}; \
             document.querySelector(\"[data-cell='{from}']\").dispatchEvent(new PointerEvent('pointerdown', at('{from}'))); \
             document.querySelector(\"[data-cell='{to}']\").dispatchEvent(new PointerEvent('pointerup', at('{to}'))); }})()"
        ),
    );
}

fn footholds_page(tab: &Tab, base: &str) {
    let start = "[[1,1,1],[1,1,1],[1,1,1]]";
    open(tab, base, &format!("game=footholds&board={start}&a=1,0&b=1,2"));
    wait(tab, "document.querySelector('#fh-verdict')?.textContent.startsWith('A to move')");

    // The moves of the judge's first example are coloured by their value for A, with their remoteness.
    let instance = footholds::Instance::parse("[[1,1,1],[1,1,1],[1,1,1]] [1,0] [1,2]").unwrap();
    let wanted = footholds::Wanted { ranked_moves: true, line: false };
    let solution = footholds::solve(&instance, wanted, footholds::SolveOptions::default()).unwrap();
    for step in &solution.ranked_moves {
        let cell = format!("[data-cell='{},{}']", step.to.0, step.to.1);
        let colour = eval(tab, &format!("getComputedStyle(document.querySelector(\"{cell}\")).backgroundColor"));
        let expected = if step.outcome.value == Outcome::Win { WIN } else { LOSE };
        assert_eq!(colour, expected, "move to {:?}", step.to);
        let mark = eval(tab, &format!("document.querySelector(\"{cell} .mark\").textContent"));
        assert_eq!(mark, step.outcome.remoteness.to_string());
    }
    let coloured = eval(
        tab,
        "[...document.querySelectorAll('#footholds .board .cell')].filter(e => { const c = getComputedStyle(e).backgroundColor; return c === 'rgb(0, 114, 178)' || c === 'rgb(230, 159, 0)'; }).length",
    );
    assert_eq!(coloured, solution.ranked_moves.len(), "only the moves are coloured");

    // Pasting Programmers arguments: bad ones show the command line's message; good ones load the board.
    let paste = |text: &str| {
        eval(tab, &format!("(() => {{ document.querySelector('#fh-paste').value = {}; }})()", serde_json::json!(text)));
        click(tab, "#fh-load");
    };
    paste("[[1, 1], [1, 1]] [0, 0] [2, 0]");
    let error = wait(tab, "!document.getElementById('error').hidden && document.getElementById('error').textContent");
    assert!(
        error.as_str().unwrap().starts_with("input: line 1, column 25: bloc: [2, 0] is outside the 2×2 board"),
        "{error}"
    );
    let row = "[[1, 1, 1, 1, 1]] [0, 0] [0, 4]";
    let wanted = footholds::Wanted::default();
    let solved =
        footholds::solve(&footholds::Instance::parse(row).unwrap(), wanted, footholds::SolveOptions::default());
    let moves = solved.unwrap().outcome.remoteness;
    paste(row);
    wait(
        tab,
        &format!(
            "PP.games.footholds.state().start.board[0].length === 5 && PP.games.footholds.state().answer?.answer === {moves}"
        ),
    );
    paste("[[1,1,1],[1,1,1],[1,1,1]] [1,0] [1,2]");
    wait(tab, "PP.games.footholds.state().start.board.length === 3 && PP.games.footholds.state().answer");

    // A losing move throws the game away: the value history rings the position after it; undo takes it back.
    let losing = eval(tab, "document.querySelector(\"#footholds [data-move^='lose']\").dataset.cell");
    click(tab, &format!("[data-cell='{}']", losing.as_str().unwrap()));
    let rings = wait(
        tab,
        "PP.games.footholds.state().answer && [...document.querySelectorAll('#footholds svg.chart circle')].map(c => c.getAttribute('r'))",
    );
    assert_eq!(rings, serde_json::json!(["5", "7"]), "the start, then the thrown game ringed");
    click(tab, "#fh-undo");
    wait(tab, "PP.games.footholds.state().history.length === 0 && PP.games.footholds.state().answer");

    // Drag A from (1, 0) to (2, 0) with the pointer, then back.
    for (from, to) in [("1,0", "2,0"), ("2,0", "1,0")] {
        drag(tab, from, to);
        let a = to.split(',').map(|n| n.parse::<u64>().unwrap()).collect::<Vec<_>>();
        wait(
            tab,
            &format!(
                "(() => {{ const s = PP.games.footholds.state(); return s.answer && s.start.a[0] === {} && s.start.a[1] === {}; }})()",
                a[0], a[1]
            ),
        );
    }

    // The map of every pair of starts: each pair's winner and moves as the library's tablebase has them.
    click(tab, "#fh-map-button");
    wait(tab, "document.querySelectorAll('#fh-map .minimap button').length === 81");
    let table = footholds::tablebase(&instance, footholds::SolveOptions::default()).unwrap();
    let shown =
        eval(tab, "[...document.querySelectorAll('#fh-map .minimap button')].map(e => [e.className, e.textContent])");
    for (i, cell) in shown.as_array().unwrap().iter().enumerate() {
        let (a, b) = ((i / 9 / 3, i / 9 % 3), (i % 9 / 3, i % 9 % 3));
        let outcome = table.outcome(a, b).unwrap();
        let class = if outcome.value == Outcome::Win { "cell win" } else { "cell lose" };
        assert_eq!(cell[0], class, "A at {a:?}, B at {b:?}");
        assert_eq!(cell[1], outcome.remoteness.to_string(), "A at {a:?}, B at {b:?}");
    }

    // Edit: remove the footholds at (0, 1) and (2, 2), then put B on (0, 2).
    click(tab, "[data-cell='0,1']");
    wait(tab, "PP.games.footholds.state().start.board[0][1] === 0 && PP.games.footholds.state().answer");
    click(tab, "[data-cell='2,2']");
    wait(tab, "PP.games.footholds.state().start.board[2][2] === 0 && PP.games.footholds.state().answer");
    eval(
        tab,
        "(() => { const t = document.querySelector('#fh-tool'); t.value = 'B'; t.dispatchEvent(new Event('change')); })()",
    );
    click(tab, "[data-cell='0,2']");
    let edited = wait(
        tab,
        "(() => { const s = PP.games.footholds.state(); return s.answer && s.start.b[0] === 0 && s.start.b[1] === 2 && s.start; })()",
    );
    assert_eq!(edited["board"], serde_json::json!([[1, 0, 1], [1, 1, 1], [1, 1, 0]]));
    let text = format!("{} {} {}", edited["board"], edited["a"], edited["b"]);

    // Play A against the solver, A always taking the best move shown, to the end.
    eval(
        tab,
        "(() => { const s = document.querySelector('#fh-side'); s.value = 'A'; s.dispatchEvent(new Event('change')); })()",
    );
    let mut moves = 0;
    loop {
        let state = wait(
            tab,
            "(() => { const s = PP.games.footholds.state(); return s.over ? 'over' : s.answer && s.answer.mover === 'A' ? 'A' : null; })()",
        );
        if state == "over" {
            break;
        }
        let cell = best_move(tab, "#footholds .board");
        click(tab, &format!("[data-cell='{cell}']"));
        wait(tab, &format!("PP.games.footholds.state().history.length > {moves}"));
        moves += 2;
        assert!(moves < 40, "the game ends");
    }
    let verdict = wait(
        tab,
        "(() => { const v = document.querySelector('#fh-verdict'); return v.dataset.winner && [v.dataset.winner, +v.dataset.moves]; })()",
    );
    let instance = footholds::Instance::parse(&text).unwrap();
    let solution =
        footholds::solve(&instance, footholds::Wanted::default(), footholds::SolveOptions::default()).unwrap();
    assert_eq!(verdict[0], solution.winner().to_string(), "winner on {text}");
    assert_eq!(verdict[1], solution.outcome.remoteness, "moves on {text}");
    let chart_points = eval(tab, "document.querySelectorAll('#footholds svg.chart circle').length");
    assert_eq!(chart_points, solution.outcome.remoteness + 1, "one point per position in the value history");

    // Undo with the keyboard goes back to A's move; the position is in the URL and survives a reload.
    let played = eval(tab, "PP.games.footholds.state().history.length").as_u64().unwrap();
    tab.press_key("u").unwrap();
    let after = wait(
        tab,
        &format!(
            "(() => {{ const s = PP.games.footholds.state(); return s.history.length < {played} && s.answer && s.history.length; }})()"
        ),
    );
    assert_eq!(after.as_u64().unwrap() % 2, 0, "back to A's move");
    eval(tab, "(() => { window.beforeReload = true; })()");
    tab.reload(false, None).unwrap();
    wait(tab, "!window.beforeReload");
    let restored = wait(
        tab,
        &format!(
            "(() => {{ const s = PP.games.footholds.state(); return s.history.length === {after} && s.answer && s.start; }})()"
        ),
    );
    assert_eq!(restored, edited);
    screenshot(tab, "footholds", 1200.0, 540.0);
}

fn gridgame_page(tab: &Tab, base: &str) {
    let rows = ["....#.", ".#....", "...#..", "#.....", "..#..."];
    open(tab, base, &format!("game=gridgame&board={}&k=1", rows.join("/")));
    wait(tab, "document.querySelector('#gg-board')");
    let board = gridgame::Board::from_rows(&rows, 1).unwrap();
    let wanted = gridgame::Wanted { remoteness: true, grundy: true };
    let analysis = gridgame::Analysis::solve(&board, wanted, &Limits::default()).unwrap();
    // Every cell is coloured by who wins from it.
    let colours =
        eval(tab, "[...document.querySelectorAll('#gg-board .cell')].map(e => getComputedStyle(e).backgroundColor)");
    let mut start = None;
    for r in 0..rows.len() {
        for c in 0..rows[0].len() {
            let cell = gridgame::Cell::new(r as u32, c as u32);
            let colour = &colours[r * rows[0].len() + c];
            match analysis.wins(&board, cell) {
                Some(true) => {
                    assert_eq!(colour, WIN, "{cell}");
                    if start.is_none() && analysis.remoteness(&board, cell) >= Some(5) {
                        start = Some(cell);
                    }
                }
                Some(false) => assert_eq!(colour, LOSE, "{cell}"),
                None => assert_ne!(colour, WIN, "{cell}"),
            }
        }
    }
    // Hovering a cell tells its remoteness and Grundy value.
    let title = eval(tab, "document.querySelector(\"#gg-board [data-cell='1,1']\").title");
    let corner = gridgame::Cell::new(0, 0);
    let expected = format!(
        "(1, 1): the player to move wins in {}; Grundy value {}",
        analysis.remoteness(&board, corner).unwrap(),
        analysis.grundy(&board, corner).unwrap()
    );
    assert_eq!(title, expected);
    // Put a token on a winning cell and play it through: you move first and take the best move each time.
    let start = start.expect("a winning cell with a long game");
    click(tab, &format!("[data-cell='{},{}']", start.row + 1, start.col + 1));
    loop {
        let state = wait(
            tab,
            "(() => { const s = PP.games.gridgame.state(); return s.over ? 'over' : s.moves && s.history.length % 2 === 0 ? 'you' : null; })()",
        );
        if state == "over" {
            break;
        }
        let cell = best_move(tab, "#gg-board");
        click(tab, &format!("[data-cell='{cell}']"));
        wait(tab, "PP.games.gridgame.state().history.length % 2 === 1");
    }
    let status = eval(
        tab,
        "[document.querySelector('#gg-status').dataset.winner, +document.querySelector('#gg-status').dataset.moves]",
    );
    assert_eq!(status[0], "you");
    assert_eq!(status[1], analysis.remoteness(&board, start).unwrap());

    // The remoteness is drawn only on cells without a token: the token would cover it.
    let covered = eval(
        tab,
        "[...document.querySelectorAll('#gg-board .cell')].filter(c => c.querySelector('.token') && c.querySelector('.mark')).length",
    );
    assert_eq!(covered, 0, "a remoteness drawn under a token");

    // Two tokens: the status shows their Grundy values and their XOR.
    click(tab, "#gg-clear");
    let (a, b) = (gridgame::Cell::new(0, 0), gridgame::Cell::new(2, 1));
    click(tab, "[data-cell='1,1']");
    wait(tab, "PP.games.gridgame.state().moves");
    click(tab, "[data-cell='3,2']");
    let xor =
        wait(tab, "PP.games.gridgame.state().moves?.length === 2 && document.querySelector('#gg-status').dataset.xor");
    let expected = analysis.grundy(&board, a).unwrap() ^ analysis.grundy(&board, b).unwrap();
    assert_eq!(xor, expected.to_string());
    screenshot(tab, "gridgame", 1200.0, 480.0);
}

fn snakes_page(tab: &Tab, base: &str) {
    let input = std::fs::read_to_string("examples/snakes/milton-bradley.txt").unwrap();
    let query = serde_json::json!(input).to_string();
    let encoded: String = query[1..query.len() - 1].replace("\\n", "%0A").replace(' ', "%20");
    open(tab, base, &format!("game=snakes&input={encoded}&start=0"));
    let fewest = wait(tab, "document.querySelector('#sn-fewest')?.dataset.rolls");
    let rules = snakes::Rules { start: 0, ..snakes::Rules::default() };
    let board = snakes::Instance::parse(&input).unwrap().board(rules).unwrap();
    let rolls = snakes::fewest_rolls(&board, &Limits::default()).unwrap().unwrap();
    assert_eq!(fewest, rolls.len().to_string());
    let shown = eval(tab, "document.querySelectorAll('#sn-shortest li').length");
    assert_eq!(shown, rolls.len());
    // P(finish within 20 rolls) from the start, as the library's distribution gives it.
    let distribution = snakes::roll_distribution(&board, 1e-12, 100_000, &Limits::default()).unwrap();
    let chance =
        wait(tab, "document.querySelector('#sn-chance') && +document.querySelector('#sn-chance').dataset.chance");
    assert!((chance.as_f64().unwrap() - distribution.cumulative()[20]).abs() < 1e-12, "{chance}");
    // The chart's axis of rolls ends where the game has ended with chance 99 %, and says so: its last bar is
    // that roll's.
    let cut = distribution.cumulative().iter().position(|&c| c >= 0.99).unwrap();
    let chart = eval(
        tab,
        "(() => { const c = document.querySelector(\"svg.chart[aria-label^='P(the game ends']\"); \
         return [c.textContent, [...c.querySelectorAll('rect title')].pop().textContent]; })()",
    );
    assert!(chart[0].as_str().unwrap().contains(&format!("axis cut at roll {cut}:")), "{chart}");
    assert!(chart[1].as_str().unwrap().starts_with(&format!("roll {cut}:")), "{chart}");
    // A legend for the ladders and snakes, each drawn with an arrowhead at the end the token is taken to.
    let legend = eval(tab, "document.querySelector('#sn-legend')?.textContent ?? ''");
    assert!(legend.as_str().unwrap().contains("ladder") && legend.as_str().unwrap().contains("snake"), "{legend}");
    let jumps = eval(
        tab,
        "[...document.querySelectorAll('#sn-board path')].filter(p => p.querySelector('title')).map(p => \
         [p.querySelector('title').textContent, !!document.querySelector((p.getAttribute('marker-end') || 'url(none)').slice(4, -1))])",
    );
    let counts: usize = input.lines().next().unwrap().split_whitespace().map(|n| n.parse::<usize>().unwrap()).sum();
    assert_eq!(jumps.as_array().unwrap().len(), counts, "{jumps}");
    assert!(jumps.as_array().unwrap().iter().all(|j| j[1].as_bool() == Some(true)), "{jumps}");
    // A number of rolls typed with a fraction counts its whole rolls; then back to 20.
    for (typed, rolls) in [("7.5", 7), ("20", 20)] {
        eval(
            tab,
            &format!(
                "(() => {{ const e = document.querySelector('#sn-within'); e.value = '{typed}'; e.dispatchEvent(new Event('change')); }})()"
            ),
        );
        let chance = eval(tab, "+document.querySelector('#sn-chance').dataset.chance");
        assert!((chance.as_f64().unwrap() - distribution.cumulative()[rolls]).abs() < 1e-12, "{typed}: {chance}");
        assert_eq!(eval(tab, "document.querySelector('#sn-within').value"), rolls.to_string(), "{typed}");
    }
    // Roll until the game ends; each roll moves the token where the board sends it, and the chance updates.
    let mut square = 0;
    for n in 1..=2000 {
        tab.press_key(" ").unwrap();
        let now = wait(
            tab,
            &format!(
                "(() => {{ const s = PP.games.snakes.state(); return s.rolls.length === {n} && (s.here || s.square === s.size) && s; }})()"
            ),
        );
        let last = &now["rolls"][n - 1];
        let die = last["die"].as_u64().unwrap() as u32;
        let expected = board.roll(square, die).map_or(square, |r| r.square);
        assert_eq!(now["square"], expected, "roll {n}: {die} from {square}");
        square = expected;
        let chance = wait(
            tab,
            "document.querySelector('#sn-chance') && +document.querySelector('#sn-chance').dataset.chance + 1",
        );
        assert!((1.0..=2.0).contains(&chance.as_f64().unwrap()));
        if square == 100 {
            assert_eq!(chance.as_f64().unwrap(), 2.0, "finished: the chance is 1");
            screenshot(tab, "snakes", 1200.0, 820.0);
            return;
        }
    }
    panic!("2000 rolls did not end the game");
}

#[test]
fn the_page_plays_all_three_games_in_chromium() {
    let Some(launched) = launch() else { return };
    let base = serve_support::start(Config::default());
    let tab = launched.browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(30));
    footholds_page(&tab, &base);
    cancel_a_long_solve(&tab, &base);
    gridgame_page(&tab, &base);
    snakes_page(&tab, &base);
    links_and_bad_input(&tab, &base);
    links_with_moves(&tab, &base);
    charts(&tab);
    keys_press_the_focused_control(&tab, &base);
    arrow_keys_play_only_legal_moves(&tab, &base);
    focus_survives_redraws(&tab, &base);
    a_click_after_typing_a_number(&tab, &base);
    a_pasted_position_is_asked_once(&tab, &base);
    cancelled_questions_can_be_asked_again(&tab, &base);
    gridgame_without_the_solver(&tab, &base);
    gridgame_messages_name_what_was_typed(&tab, &base);
    a_move_on_the_largest_gridgame_board(&tab, &base);
    phone_sized(&tab, &base);
}

/// Enter and Space on a button or a link press it, as anywhere else; the snakes page rolls the die on them only
/// when no control has the focus.
fn keys_press_the_focused_control(tab: &Tab, base: &str) {
    open(tab, base, "game=snakes");
    wait(tab, "PP.games.snakes.state().solved && !PP.job");
    let rolls = "PP.games.snakes.state().rolls.length";
    let roll = || {
        eval(tab, "(() => { document.activeElement.blur(); })()");
        tab.press_key(" ").unwrap();
        wait(tab, &format!("{rolls} === 1 && !PP.job"));
    };
    roll();
    for key in ["Enter", " "] {
        // On "New game": a new game, and no roll.
        press_on(tab, "#sn-new", key);
        settle(tab);
        assert_eq!(eval(tab, rolls), 0, "{key:?} on New game");
        roll();
        // On "Solve": the board solved again, which starts a new game; no roll.
        press_on(tab, "#sn-solve", key);
        settle(tab);
        assert_eq!(eval(tab, rolls), 0, "{key:?} on Solve");
        roll();
    }
    // On the gridgame tab's link: the link is followed.
    press_on(tab, "nav a[data-game=gridgame]", "Enter");
    wait(tab, "PP.current === 'gridgame' && document.querySelector('#gg-board')");
}

/// Arrow keys and digits play a legal move of the player to move and nothing else: never an edit of the board,
/// a new token, or an error, whichever way they point.
fn arrow_keys_play_only_legal_moves(tab: &Tab, base: &str) {
    let state = |what: &str| eval(tab, &format!("PP.games.footholds.state().{what}"));
    // A at (0, 0) with a hole to its right, the top edge above, the left edge beside.
    open(tab, base, "game=footholds&board=[[1,0,1],[1,1,1]]&a=0,0&b=1,2");
    wait(tab, "PP.games.footholds.state().answer");
    watch_errors(tab);
    for key in ["ArrowRight", "ArrowUp", "ArrowLeft"] {
        tab.press_key(key).unwrap();
        settle(tab);
        assert_eq!(state("start.board"), serde_json::json!([[1, 0, 1], [1, 1, 1]]), "{key} edited the board");
        assert_eq!(state("history.length"), 0, "{key}");
    }
    tab.press_key("ArrowDown").unwrap();
    wait(tab, "PP.games.footholds.state().history.length === 1 && PP.games.footholds.state().answer");
    assert_eq!(state("history[0].to"), serde_json::json!([1, 0]));
    // B at (1, 2): right and down are off the board.
    for key in ["ArrowRight", "ArrowDown"] {
        tab.press_key(key).unwrap();
        settle(tab);
        assert_eq!(state("history.length"), 1, "{key}");
    }
    assert_eq!(page_errors(tab), serde_json::json!([]));

    let state = |what: &str| eval(tab, &format!("PP.games.gridgame.state().{what}"));
    open(tab, base, "game=gridgame&board=.../.../...&k=1");
    wait(tab, "document.querySelector('#gg-board')");
    watch_errors(tab);
    click(tab, "[data-cell='1,1']");
    wait(tab, "PP.games.gridgame.state().moves?.length === 1");
    // From (1, 1) with K = 1, 2 points at (3, 3): no move, and no token put there.
    tab.press_key("2").unwrap();
    settle(tab);
    assert_eq!((state("tokens"), state("history.length")), (serde_json::json!([[1, 1]]), serde_json::json!(0)));
    click(tab, "#gg-clear");
    click(tab, "[data-cell='3,2']");
    wait(tab, "PP.games.gridgame.state().moves?.length === 1");
    for key in ["ArrowDown", "1", "ArrowUp", "ArrowLeft"] {
        tab.press_key(key).unwrap();
        settle(tab);
        assert_eq!((state("tokens"), state("history.length")), (serde_json::json!([[3, 2]]), serde_json::json!(0)));
    }
    tab.press_key("ArrowRight").unwrap();
    wait(tab, "PP.games.gridgame.state().over");
    assert_eq!(state("tokens"), serde_json::json!([[3, 3]]));
    assert_eq!(page_errors(tab), serde_json::json!([]));
}

/// Every move redraws the game; the keyboard focus stays on the control or board cell it was on, and follows the
/// token the user moved.
fn focus_survives_redraws(tab: &Tab, base: &str) {
    open(tab, base, "game=footholds&board=[[1,1,1],[1,1,1],[1,1,1]]&a=1,0&b=1,2");
    wait(tab, "PP.games.footholds.state().answer");
    // Enter on a move's cell plays it; the cell keeps the focus.
    let cell = best_move(tab, "#footholds .board");
    press_on(tab, &format!("[data-cell='{cell}']"), "Enter");
    wait(tab, "PP.games.footholds.state().history.length === 1 && PP.games.footholds.state().answer");
    assert_eq!(focused(tab), serde_json::json!(["", cell]));
    // An arrow moves B, and the focus goes with it.
    let mv = eval(tab, "PP.games.footholds.state().answer.moves[0]");
    let (from, to) = (&mv["from"], &mv["to"]);
    let key = match (
        to[0].as_i64().unwrap() - from[0].as_i64().unwrap(),
        to[1].as_i64().unwrap() - from[1].as_i64().unwrap(),
    ) {
        (-1, 0) => "ArrowUp",
        (1, 0) => "ArrowDown",
        (0, -1) => "ArrowLeft",
        _ => "ArrowRight",
    };
    tab.press_key(key).unwrap();
    wait(tab, "PP.games.footholds.state().history.length === 2 && PP.games.footholds.state().answer");
    assert_eq!(focused(tab), serde_json::json!(["", format!("{},{}", to[0], to[1])]));
    // Undo pressed with Enter keeps the focus.
    press_on(tab, "#fh-undo", "Enter");
    wait(tab, "PP.games.footholds.state().history.length === 1 && PP.games.footholds.state().answer");
    assert_eq!(focused(tab), serde_json::json!(["fh-undo", ""]));

    // The grid game: the focus follows the token moved with an arrow, and stays there when the solver answers.
    open(tab, base, "game=gridgame&board=..../..../....&k=0");
    wait(tab, "document.querySelector('#gg-board')");
    click(tab, "[data-cell='1,1']");
    wait(tab, "PP.games.gridgame.state().moves");
    press_on(tab, "[data-cell='1,1']", "ArrowDown");
    wait(tab, "PP.games.gridgame.state().history.length === 2 && PP.games.gridgame.state().moves");
    assert_eq!(focused(tab), serde_json::json!(["", "2,1"]));

    // Snakes: Roll pressed with Enter keeps the focus.
    open(tab, base, "game=snakes");
    wait(tab, "PP.games.snakes.state().solved && !PP.job");
    press_on(tab, "#sn-roll", "Enter");
    wait(tab, "PP.games.snakes.state().rolls.length === 1 && !PP.job");
    assert_eq!(focused(tab), serde_json::json!(["sn-roll", ""]));
}

/// A number typed in a box and then a button clicked: the box's change redraws the page, and the click still
/// lands on the button.
fn a_click_after_typing_a_number(tab: &Tab, base: &str) {
    open(tab, base, "game=footholds&board=[[1,1,1],[1,1,1],[1,1,1]]&a=1,0&b=1,2");
    wait(tab, "PP.games.footholds.state().answer");
    tab.find_element("#fh-cols").unwrap().click().unwrap();
    eval(tab, "(() => { document.querySelector('#fh-cols').select(); })()");
    tab.type_str("4").unwrap();
    tab.find_element("#fh-map-button").unwrap().click().unwrap();
    wait(
        tab,
        "(() => { const s = PP.games.footholds.state(); return s.start.board[0].length === 4 && s.map && s.answer; })()",
    );
    wait(tab, "document.querySelectorAll('#fh-map .minimap button').length === 144");
}

/// A pasted position is asked about once: its answer is the new board's.
fn a_pasted_position_is_asked_once(tab: &Tab, base: &str) {
    open(tab, base, "game=footholds");
    wait(tab, "PP.games.footholds.state().answer && !PP.job");
    eval(
        tab,
        "(() => { window.asked = 0; const f = window.fetch; window.fetch = (...a) => { window.asked++; return f(...a); };          document.querySelector('#fh-paste').value = '[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]'; })()",
    );
    click(tab, "#fh-load");
    wait(tab, "PP.games.footholds.state().start.board[1][1] === 0 && PP.games.footholds.state().answer");
    settle(tab);
    assert_eq!(eval(tab, "window.asked"), 1);
    assert_eq!(eval(tab, "PP.games.footholds.state().answer.answer"), 4, "the judge's second example");
}

/// A question cancelled (or refused) leaves no "solving…" behind: the page says there is no answer and offers to
/// ask again.
fn cancelled_questions_can_be_asked_again(tab: &Tab, base: &str) {
    // Footholds: the full 8 × 16 board takes long.
    let board = serde_json::json!(vec![vec![1; 16]; 8]).to_string();
    open(tab, base, &format!("game=footholds&board={board}&a=0,0&b=7,15"));
    cancel(tab);
    wait(tab, "document.querySelector('#fh-verdict').dataset.failed && document.querySelector('#fh-again')");
    click(tab, "#fh-again");
    wait(tab, "document.querySelector('#fh-verdict').textContent === 'solving…'");
    cancel(tab);
    wait(tab, "document.querySelector('#fh-verdict').dataset.failed");
    let until = Instant::now() + Duration::from_secs(10);
    while serve_support::status(base)["running"] != 0 {
        assert!(Instant::now() < until, "the cancelled solve stopped");
        std::thread::sleep(Duration::from_millis(50));
    }

    // Gridgame: the moves of a token put.
    open(tab, base, "game=gridgame");
    wait(tab, "document.querySelector('#gg-board') && !PP.job");
    hang(tab, "/api/gridgame/moves");
    click(tab, "[data-cell='1,1']");
    cancel(tab);
    wait(tab, "document.querySelector('#gg-status').dataset.failed && document.querySelector('#gg-again')");
    unhang(tab);
    click(tab, "#gg-again");
    wait(tab, "PP.games.gridgame.state().moves && document.querySelector('#gg-status').dataset.xor");

    // Snakes: the board, then the odds from where a roll took the token.
    open(tab, base, "game=snakes");
    wait(tab, "PP.games.snakes.state().solved && !PP.job");
    hang(tab, "/api/snakes");
    click(tab, "#sn-solve");
    cancel(tab);
    wait(tab, "document.querySelector('#sn-failed')?.dataset.failed === 'board'");
    unhang(tab);
    click(tab, "#sn-again");
    wait(tab, "document.querySelector('#sn-fewest') && !document.querySelector('#sn-failed')");
    hang(tab, "/api/snakes");
    click(tab, "#sn-roll");
    cancel(tab);
    wait(tab, "document.querySelector('#sn-failed')?.dataset.failed === 'odds'");
    unhang(tab);
    click(tab, "#sn-again");
    wait(tab, "document.querySelector('#sn-chance') && !document.querySelector('#sn-failed')");
}

/// With "the solver answers" unticked, the user plays both sides: the page names them the first and the second
/// player, never the solver.
fn gridgame_without_the_solver(tab: &Tab, base: &str) {
    open(tab, base, "game=gridgame&board=.../.../...&k=0");
    wait(tab, "document.querySelector('#gg-board')");
    click(tab, "#gg-solver");
    let status = || eval(tab, "document.querySelector('#gg-status').textContent").as_str().unwrap().to_string();
    assert!(status().contains("the first player moves first"), "{}", status());
    // From (2, 3) the only move is down to the corner: the first player makes it, and the second cannot move.
    click(tab, "[data-cell='2,3']");
    wait(tab, "PP.games.gridgame.state().moves");
    assert!(status().starts_with("The first player's move."), "{}", status());
    tab.press_key("ArrowDown").unwrap();
    wait(tab, "PP.games.gridgame.state().over");
    assert_eq!(status(), "Game over after 1 move: the second player cannot move, the first player wins.");
    // Undone, the first player's move again.
    click(tab, "#gg-undo");
    wait(tab, "PP.games.gridgame.state().moves && !PP.games.gridgame.state().over");
    assert!(status().starts_with("The first player's move."), "{}", status());
}

/// The server's messages about a typed board name the line and column of the box, and the K box, not of the judge
/// text the page builds from them (whose first line, "N M K", the user never typed); the board shown is kept.
fn gridgame_messages_name_what_was_typed(tab: &Tab, base: &str) {
    let error = "!document.getElementById('error').hidden && document.getElementById('error').textContent";
    open(tab, base, "game=gridgame&board=.../.../...&k=0");
    wait(tab, "document.querySelector('#gg-board') && !PP.job");
    let solve = |rows: &str, k: &str| {
        eval(
            tab,
            &format!(
                "(() => {{ document.querySelector('#gg-input').value = {}; document.querySelector('#gg-k').value = {}; }})()",
                serde_json::json!(rows),
                serde_json::json!(k)
            ),
        );
        click(tab, "#gg-load");
        let message = wait(tab, error).as_str().unwrap().to_string();
        assert!(!message.contains("input: line"), "{message}");
        message
    };
    // A blank line first, then a wrong cell after two blanks: the box's line 3, column 4.
    let message = solve(
        "
...
  .x.
...",
        "0",
    );
    assert!(message.starts_with("Board, line 3, column 4: "), "{message}");
    let message = solve(
        "...
..
...",
        "0",
    );
    assert!(message.starts_with("Board, line 2, column 3: "), "{message}");
    let message = solve(
        "...
...
...",
        "7",
    );
    assert!(message.starts_with("K (diagonal reach) box: "), "{message}");
    assert_eq!(eval(tab, "PP.games.gridgame.state().rows"), serde_json::json!(["...", "...", "..."]));
    assert_eq!(eval(tab, "document.querySelectorAll('#gg-board .cell').length"), 9, "the board shown is kept");
}

/// The judge's largest board, 300 × 300: a token put and moved is drawn where it stands, with the moves from
/// there outlined as the library has them. (The times are printed, not checked.)
fn a_move_on_the_largest_gridgame_board(tab: &Tab, base: &str) {
    let (n, k) = (300usize, 3usize);
    let rows: Vec<String> = (0..n)
        .map(|r| {
            (0..n).map(|c| if (r * 7 + c * 13) % 11 == 0 && (r, c) != (n - 1, n - 1) { '#' } else { '.' }).collect()
        })
        .collect();
    let started = Instant::now();
    open(tab, base, &format!("game=gridgame&k={k}&board={}", rows.join("/")));
    wait(tab, "document.querySelectorAll('#gg-board .cell').length === 90000 && !PP.job");
    eprintln!("300×300 gridgame: board drawn in {:.2?}", started.elapsed());
    watch_errors(tab);
    click(tab, "#gg-solver");
    let started = Instant::now();
    click(tab, "[data-cell='1,2']");
    wait(tab, "PP.games.gridgame.state().moves && document.querySelector('#gg-board [data-move]')");
    eprintln!("300×300 gridgame: token put in {:.2?}", started.elapsed());
    let started = Instant::now();
    tab.press_key("ArrowDown").unwrap();
    wait(
        tab,
        "PP.games.gridgame.state().history.length === 1 && PP.games.gridgame.state().moves && \
         document.querySelector(\"#gg-board [data-cell='2,2'] .token\")",
    );
    eprintln!("300×300 gridgame: one move drawn in {:.2?}", started.elapsed());

    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    let board = gridgame::Board::from_rows(&refs, k).unwrap();
    let analysis =
        gridgame::Analysis::solve(&board, gridgame::Wanted { remoteness: true, grundy: false }, &Limits::default())
            .unwrap();
    let tokens =
        eval(tab, "[...document.querySelectorAll('#gg-board .token')].map(t => t.closest('[data-cell]').dataset.cell)");
    assert_eq!(tokens, serde_json::json!(["2,2"]));
    let mut shown: Vec<(String, String)> = serde_json::from_value(eval(
        tab,
        "[...document.querySelectorAll('#gg-board [data-move]')].map(e => [e.dataset.cell, e.dataset.move])",
    ))
    .unwrap();
    shown.sort();
    let mut expected: Vec<(String, String)> = board
        .children(gridgame::Cell::new(1, 1))
        .map(|(_, to)| {
            let value = if analysis.wins(&board, to) == Some(false) { "win" } else { "lose" };
            let remoteness = analysis.remoteness(&board, to).unwrap() + 1;
            (format!("{},{}", to.row + 1, to.col + 1), format!("{value} {remoteness}"))
        })
        .collect();
    expected.sort();
    assert_eq!(shown, expected);
    // The cells left keep their colours and remoteness, nothing outlined.
    let left = eval(
        tab,
        "(() => { const e = document.querySelector(\"#gg-board [data-cell='1,2']\"); return [e.className, e.dataset.move ?? null, e.textContent]; })()",
    );
    let from = gridgame::Cell::new(0, 1);
    let class = if analysis.wins(&board, from) == Some(true) { "cell win" } else { "cell lose" };
    assert_eq!(left, serde_json::json!([class, null, analysis.remoteness(&board, from).unwrap().to_string()]));
    assert_eq!(page_errors(tab), serde_json::json!([]));
}

/// The page's errors so far (uncaught exceptions and rejected promises), counted from the last [`watch_errors`].
fn page_errors(tab: &Tab) -> Value {
    eval(tab, "window.pageErrors")
}

fn watch_errors(tab: &Tab) {
    eval(
        tab,
        "(() => { window.pageErrors = []; \
         window.addEventListener('error', (e) => window.pageErrors.push(e.message)); \
         window.addEventListener('unhandledrejection', (e) => window.pageErrors.push(String(e.reason))); })()",
    );
}

/// The charts stay readable: y labels apart when all values are below the axis (B winning), and small chances'
/// bars visible on a 0–1 axis with a long x axis.
fn charts(tab: &Tab) {
    let gaps = eval(
        tab,
        "(() => { const svg = PP.chart({ series: [{ points: [[0, -20], [1, -19], [2, -18]], color: '#888' }], xLabel: 'x' }); \
         const ys = [...svg.querySelectorAll('.y-label')].map(t => +t.getAttribute('y')).sort((a, b) => a - b); \
         return ys.slice(1).map((y, i) => y - ys[i]); })()",
    );
    assert!(gaps.as_array().unwrap().iter().all(|g| g.as_f64().unwrap() >= 12.0), "y labels overlap: {gaps}");
    let smallest = eval(
        tab,
        "(() => { const bars = Array.from({ length: 400 }, (_, i) => [i + 1, 0.002 + (i % 7) * 0.001, '#56B4E9', '']); \
         const svg = PP.chart({ series: [], bars, yMin: 0, yMax: 1, xLabel: 'rolls' }); \
         const rects = [...svg.querySelectorAll('rect.bar')]; \
         return [Math.min(...rects.map(r => +r.getAttribute('width'))), Math.min(...rects.map(r => +r.getAttribute('height')))]; })()",
    );
    assert!(
        smallest[0].as_f64().unwrap() >= 2.0 && smallest[1].as_f64().unwrap() >= 20.0,
        "bars too small: {smallest}"
    );
}

/// Bad links and bad boards get a message and leave the page usable; a link pasted into the tab shows its position.
fn links_and_bad_input(tab: &Tab, base: &str) {
    let error = "!document.getElementById('error').hidden && document.getElementById('error').textContent";
    // A footholds link whose board is not rows of 0 and 1: the example board, and a message naming the field.
    for (board, shown) in [("%5B%5D", "'[]'"), ("5", "'5'")] {
        open(tab, base, &format!("game=footholds&board={board}&a=0,0&b=0,0"));
        let message = wait(tab, error);
        assert!(message.as_str().unwrap().contains(&format!("board {shown} is not rows of 0 and 1")), "{message}");
        wait(tab, "PP.games.footholds.state().answer && document.querySelector('#fh-verdict')");
        assert_eq!(eval(tab, "PP.games.footholds.state().start.board.length"), 3, "the example board");
    }
    let message = {
        open(tab, base, "game=footholds&board=[[1,1]]&a=0,0&b=0,5");
        wait(tab, error)
    };
    assert!(message.as_str().unwrap().contains("b '0,5' is not a foothold"), "{message}");

    // A snakes link with a number that is not one: a message naming the field, and the default kept.
    open(tab, base, "game=snakes&size=abc");
    let message = wait(tab, error);
    assert!(message.as_str().unwrap().contains("The link's size 'abc' is not a whole number"), "{message}");
    assert_eq!(eval(tab, "PP.games.snakes.state().size"), 100);

    // A link pasted into a tab already showing footholds: its position is shown.
    open(tab, base, "game=footholds");
    wait(tab, "PP.games.footholds.state().answer");
    // Hints off hide the moves in both-sides mode too; a refused size goes back to the board's.
    let moves_shown = "document.querySelectorAll('#footholds [data-move]').length";
    assert!(eval(tab, moves_shown).as_u64().unwrap() > 0);
    click(tab, "#fh-hints");
    assert_eq!(eval(tab, moves_shown), 0, "hints off");
    click(tab, "#fh-hints");
    eval(
        tab,
        "(() => { const r = document.querySelector('#fh-rows'); r.value = 200; r.dispatchEvent(new Event('change')); })()",
    );
    let message = wait(tab, error);
    assert!(message.as_str().unwrap().starts_with("at most 128 cells"), "{message}");
    assert_eq!(eval(tab, "document.querySelector('#fh-rows').value"), "3");
    watch_errors(tab);
    eval(tab, "(() => { location.hash = '#game=footholds&board=[[1,1,1,1]]&a=0,0&b=0,3'; })()");
    wait(tab, "PP.games.footholds.state().start.board[0].length === 4 && PP.games.footholds.state().answer");

    // The gridgame board emptied: a message, and the board shown is kept and still plays.
    open(tab, base, "game=gridgame&board=../..&k=0");
    wait(tab, "document.querySelector('#gg-board')");
    watch_errors(tab);
    eval(tab, "(() => { document.querySelector('#gg-input').value = '  \\n'; })()");
    click(tab, "#gg-load");
    let message = wait(tab, error);
    assert!(message.as_str().unwrap().starts_with("Board: give at least one row"), "{message}");
    click(tab, "[data-cell='1,1']");
    wait(tab, "PP.games.gridgame.state().moves?.length === 1");
    assert_eq!(eval(tab, "PP.games.gridgame.state().rows"), serde_json::json!(["..", ".."]));
    assert_eq!(page_errors(tab), serde_json::json!([]));
}

/// A link's moves are played only when the API lists them as legal, else a message names the first refused; a
/// gridgame link holds the tokens' start and the moves played from it, so after a reload Undo goes back to it.
fn links_with_moves(tab: &Tab, base: &str) {
    let error = "!document.getElementById('error').hidden && document.getElementById('error').textContent";
    // A footholds link: A, then B, then A again to (0, 3), two steps from A's (0, 1).
    open(tab, base, "game=footholds&board=[[1,1,1,1,1]]&a=0,0&b=0,4&moves=0.1-0.3-0.3");
    let message = wait(tab, error);
    assert!(message.as_str().unwrap().contains("The link's move 3, '0.3', is not a legal move"), "{message}");
    assert_eq!(eval(tab, "PP.games.footholds.state().history.length"), 2);
    let state = |what: &str| eval(tab, &format!("PP.games.gridgame.state().{what}"));
    let board = "game=gridgame&board=.../.../...&k=0&tokens=1.1";
    // From (1, 1) a token goes one cell down or right: (3, 3) is no move.
    open(tab, base, &format!("{board}&moves=0.3.3"));
    let message = wait(tab, error);
    assert!(message.as_str().unwrap().contains("The link's move 1, '0.3.3', is not a legal move"), "{message}");
    assert_eq!((state("tokens"), state("history.length")), (serde_json::json!([[1, 1]]), serde_json::json!(0)));
    // A legal move is played, and the solver answers it.
    open(tab, base, &format!("{board}&moves=0.1.2"));
    let played = "PP.games.gridgame.state().history.length === 2 && PP.games.gridgame.state().moves";
    wait(tab, played);
    tab.reload(false, None).unwrap();
    wait(tab, played);
    click(tab, "#gg-undo");
    wait(tab, "PP.games.gridgame.state().history.length === 0 && PP.games.gridgame.state().moves");
    assert_eq!(state("tokens"), serde_json::json!([[1, 1]]), "undone back to the link's start");
}

/// The map of a full 8×8 board takes many seconds: the page shows its progress, and Cancel stops it on the server.
fn cancel_a_long_solve(tab: &Tab, base: &str) {
    let board = serde_json::json!(vec![vec![1; 8]; 8]).to_string();
    open(tab, base, &format!("game=footholds&board={board}&a=3,3&b=4,4"));
    wait(tab, "document.querySelector('#fh-verdict')?.textContent.startsWith('A to move')");
    click(tab, "#fh-map-button");
    let progress = wait(
        tab,
        "!document.getElementById('busy').hidden && document.getElementById('busy-text').textContent.includes('positions') && document.getElementById('busy-text').textContent",
    );
    assert!(progress.as_str().unwrap().contains("start pair"), "{progress}");
    let before = serve_support::status(base);
    assert_eq!(before["running"], 1, "{before}");
    click(tab, "#busy-cancel");
    wait(tab, "document.getElementById('error').textContent === 'cancelled'");
    let until = Instant::now() + Duration::from_secs(10);
    while serve_support::status(base)["running"] != 0 {
        assert!(Instant::now() < until, "the cancelled solve stopped");
        std::thread::sleep(Duration::from_millis(50));
    }
    let after = serve_support::status(base);
    assert_eq!(after["cancelled"].as_u64(), before["cancelled"].as_u64().map(|n| n + 1), "{after}");
}

/// On a phone-sized window every game fits the width: nothing sticks out to the right.
fn phone_sized(tab: &Tab, base: &str) {
    let phone =
        headless_chrome::types::Bounds::Normal { left: None, top: None, width: Some(390.0), height: Some(844.0) };
    tab.set_bounds(phone).unwrap();
    for (game, ready) in [("footholds", "#fh-verdict"), ("snakes", "#sn-fewest"), ("gridgame", "#gg-board")] {
        open(tab, base, &format!("game={game}"));
        wait(tab, &format!("document.querySelector('{ready}')"));
        let widths = eval(tab, "[document.documentElement.scrollWidth, window.innerWidth]");
        assert!(widths[1].as_u64().unwrap() <= 420, "the window is phone-sized: {widths}");
        assert!(widths[0].as_u64() <= widths[1].as_u64(), "{game} is wider than the phone: {widths}");
    }
    screenshot(tab, "phone", 390.0, 800.0);
    // A wide footholds board: a finger pans it (only A and B keep the touch, to be dragged).
    // (Footholds on the first and last rows only, so it solves at once.)
    let rows: Vec<Vec<u8>> = (0..8).map(|r| vec![u8::from(r == 0 || r == 7); 16]).collect();
    let wide = serde_json::json!(rows).to_string();
    open(tab, base, &format!("game=footholds&board={wide}&a=0,0&b=7,15"));
    wait(tab, "PP.games.footholds.state().answer");
    let touch = eval(
        tab,
        "[getComputedStyle(document.querySelector('#footholds .board')).touchAction, \
          getComputedStyle(document.querySelector(\"[data-cell='0,3']\")).touchAction, \
          getComputedStyle(document.querySelector(\"[data-cell='0,0']\")).touchAction]",
    );
    assert_eq!(touch, serde_json::json!(["pan-x pan-y", "auto", "none"]));
    // On a desktop window, every column of the 8×16 board shows without scrolling.
    let desktop =
        headless_chrome::types::Bounds::Normal { left: None, top: None, width: Some(1200.0), height: Some(1000.0) };
    tab.set_bounds(desktop).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let widths = eval(
        tab,
        "(() => { const b = document.querySelector('#footholds .board'); return [b.scrollWidth, b.clientWidth]; })()",
    );
    assert!(widths[0].as_u64() <= widths[1].as_u64(), "columns hidden: {widths}");
}
