//! Footholds: the moves of a known position coloured by their value, pasting arguments, undo, dragging, the map of
//! every start pair, editing, and a whole game against the solver; a click after typing a number; a paste asked once.

use crate::browser::*;
use headless_chrome::Tab;
use perfectplay::engine::Value as Outcome;
use perfectplay::format::TextFormat;
use perfectplay::games::footholds;

pub fn footholds_page(tab: &Tab, base: &str) {
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
        error.as_str().unwrap().starts_with("Paste box: line 1, column 25: bloc: [2, 0] is outside the 2×2 board"),
        "{error}"
    );
    // An empty box is an empty input, said of the box, as the command line says it of an empty file.
    paste(" \n");
    let error = wait(tab, "!document.getElementById('error').hidden && document.getElementById('error').textContent");
    assert_eq!(error, "Paste box: the input is empty (expected a board, aloc and bloc) (HTTP 400)");
    paste("");
    let again = wait(
        tab,
        "!PP.job && !document.getElementById('error').hidden && document.getElementById('error').textContent",
    );
    assert_eq!(again, error);
    // A paste past the server's --max-body (2 MiB by default) is said of the box too.
    eval(tab, "(() => { document.querySelector('#fh-paste').value = 'x'.repeat(3000000); })()");
    click(tab, "#fh-load");
    let shown = "!PP.job && !document.getElementById('error').hidden && document.getElementById('error').textContent";
    let long = wait(tab, shown);
    let expected = "Paste box: the request body is over the limit of 2097152 bytes";
    assert!(long.as_str().unwrap().starts_with(expected), "{long}");
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
    // The starts on the board, outlined in the map (and said in the legend, with the colours' meaning here).
    let start = eval(tab, "[PP.games.footholds.state().start.a, PP.games.footholds.state().start.b]");
    let at = |i: usize| (start[i][0].as_u64().unwrap() as usize, start[i][1].as_u64().unwrap() as usize);
    for (i, cell) in shown.as_array().unwrap().iter().enumerate() {
        let (a, b) = ((i / 9 / 3, i / 9 % 3), (i % 9 / 3, i % 9 % 3));
        let outcome = table.outcome(a, b).unwrap();
        let class = if outcome.value == Outcome::Win { "cell win" } else { "cell lose" };
        let class = if (a, b) == (at(0), at(1)) { format!("{class} shown-pair") } else { class.to_string() };
        assert_eq!(cell[0], class, "A at {a:?}, B at {b:?}");
        assert_eq!(cell[1], outcome.remoteness.to_string(), "A at {a:?}, B at {b:?}");
    }
    let legend = eval(tab, "[...document.querySelector('#fh-map-legend').children].map(e => e.textContent.trim())");
    assert_eq!(legend, serde_json::json!(["A wins", "B wins", "the number: moves in all", "the starts on the board"]));
    assert_eq!(eval(tab, "document.querySelectorAll('#fh-map [aria-current]').length"), 1);

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

/// A number typed in a box and then a button clicked: the box's change redraws the page, and the click still
/// lands on the button.
pub fn a_click_after_typing_a_number(tab: &Tab, base: &str) {
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
pub fn a_pasted_position_is_asked_once(tab: &Tab, base: &str) {
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

/// A number of rows or columns that is not a whole number from 1 is refused with a message naming the box; the
/// board keeps its size (it is not cut to one row).
pub fn a_size_that_is_not_a_number(tab: &Tab, base: &str) {
    let error = "!document.getElementById('error').hidden && document.getElementById('error').textContent";
    open(tab, base, "game=footholds&board=[[1,1,1],[1,1,1],[1,1,1]]&a=1,0&b=1,2");
    wait(tab, "PP.games.footholds.state().answer && !PP.job");
    for (field, typed, expected) in [
        ("fh-rows", "0", "rows: '0' is not a whole number from 1; the board keeps its 3 rows."),
        ("fh-rows", "", "rows: give a whole number from 1; the board keeps its 3 rows."),
        ("fh-cols", "2.5", "columns: '2.5' is not a whole number from 1; the board keeps its 3 columns."),
    ] {
        eval(
            tab,
            &format!(
                "(() => {{ const e = document.querySelector('#{field}'); e.value = '{typed}'; e.dispatchEvent(new Event('change')); }})()"
            ),
        );
        assert_eq!(wait(tab, error), expected, "{field} {typed:?}");
        let size = eval(
            tab,
            "[PP.games.footholds.state().start.board.length, PP.games.footholds.state().start.board[0].length]",
        );
        assert_eq!(size, serde_json::json!([3, 3]), "{field} {typed:?}");
        assert_eq!(eval(tab, &format!("document.querySelector('#{field}').value")), "3", "the box shows the size kept");
    }
}

/// The end of a game says why it ended: the loser cannot move, or the foothold under them fell away (the winner
/// stepped off the cell they shared); against the solver, who is who. Each board here has one way to end, and the
/// winner and the moves are the library's.
pub fn the_end_says_why(tab: &Tab, base: &str) {
    for (board, a, b, side, why) in [
        ("[[1]]", [0, 0], [0, 0], "", "A cannot move"),
        ("[[1,1]]", [0, 0], [0, 1], "", "B cannot move"),
        ("[[1,1]]", [0, 0], [0, 1], "A", "B (the solver) cannot move"),
        ("[[1,1,1]]", [0, 0], [0, 1], "", "the foothold under A fell away"),
    ] {
        let text = format!("{board} [{}, {}] [{}, {}]", a[0], a[1], b[0], b[1]);
        let solution = footholds::solve(
            &footholds::Instance::parse(&text).unwrap(),
            footholds::Wanted::default(),
            footholds::SolveOptions::default(),
        )
        .unwrap();
        let (winner, moves) = (solution.winner().to_string(), solution.outcome.remoteness);
        open(tab, base, &format!("game=footholds&board={board}&a={},{}&b={},{}&side={side}", a[0], a[1], b[0], b[1]));
        loop {
            let state = wait(
                tab,
                "(() => { const s = PP.games.footholds.state(); return !PP.job && (s.over ? 'over' : s.answer && 'move'); })()",
            );
            if state == "over" {
                break;
            }
            let cell = best_move(tab, "#footholds .board");
            click(tab, &format!("[data-cell='{cell}']"));
        }
        let winner = if side.is_empty() { winner } else { format!("{winner} (you)") };
        let plural = if moves == 1 { "" } else { "s" };
        assert_eq!(
            eval(tab, "document.querySelector('#fh-verdict').textContent"),
            format!("Game over after {moves} move{plural}: {why}, {winner} wins."),
            "{text}"
        );
    }
}

/// Before the first move a click does what the editor's tool says, on a move's cell too: the foothold tool puts or
/// removes a foothold (and stays), "puts A" puts A there once and gives the click back to playing, which plays.
pub fn a_click_does_what_the_tool_says(tab: &Tab, base: &str) {
    open(tab, base, "game=footholds&board=[[1,1,1],[1,1,1],[1,1,1]]&a=1,0&b=1,2");
    wait(tab, "PP.games.footholds.state().answer && !PP.job");
    let tool = |value: &str| {
        eval(
            tab,
            &format!(
                "(() => {{ const t = document.querySelector('#fh-tool'); t.value = '{value}'; t.dispatchEvent(new Event('change')); }})()"
            ),
        );
    };
    let is_move = |cell: &str| eval(tab, &format!("!!document.querySelector(\"[data-cell='{cell}'][data-move]\")"));
    // (1, 1) and (0, 0) are moves of A.
    assert_eq!((is_move("1,1"), is_move("0,0")), (true.into(), true.into()));
    tool("foothold");
    click(tab, "[data-cell='1,1']");
    wait(tab, "PP.games.footholds.state().start.board[1][1] === 0 && PP.games.footholds.state().answer && !PP.job");
    assert_eq!(
        eval(tab, "[PP.games.footholds.state().history.length, document.querySelector('#fh-tool').value]"),
        serde_json::json!([0, "foothold"])
    );
    tool("A");
    assert_eq!(is_move("0,0"), true);
    click(tab, "[data-cell='0,0']");
    wait(tab, "PP.games.footholds.state().start.a.join() === '0,0' && PP.games.footholds.state().answer && !PP.job");
    assert_eq!(
        eval(tab, "[PP.games.footholds.state().history.length, document.querySelector('#fh-tool').value]"),
        serde_json::json!([0, "play"])
    );
    let cell = best_move(tab, "#footholds .board");
    click(tab, &format!("[data-cell='{cell}']"));
    wait(tab, "PP.games.footholds.state().history.length === 1");
}

/// Playing B against the solver: Undo is off until you have moved (undoing the solver's first move would only have
/// it played again), and then goes back to your move.
pub fn undo_goes_back_to_your_move(tab: &Tab, base: &str) {
    let state = |what: &str| eval(tab, &format!("PP.games.footholds.state().{what}"));
    open(tab, base, "game=footholds&board=[[1,1,1,1],[1,1,1,1],[1,1,1,1]]&a=1,0&b=1,3&side=B");
    wait(tab, "PP.games.footholds.state().history.length === 1 && PP.games.footholds.state().answer && !PP.job");
    assert_eq!(eval(tab, "document.querySelector('#fh-undo').disabled"), true);
    tab.press_key("u").unwrap();
    settle(tab);
    assert_eq!(state("history.length"), 1);
    let cell = best_move(tab, "#footholds .board");
    click(tab, &format!("[data-cell='{cell}']"));
    wait(tab, "PP.games.footholds.state().answer?.mover === 'B' && !PP.job || PP.games.footholds.state().over");
    if state("over") == serde_json::Value::Null {
        assert_eq!(state("history.length"), 3);
        assert_eq!(eval(tab, "document.querySelector('#fh-undo').disabled"), false);
        click(tab, "#fh-undo");
        wait(tab, "PP.games.footholds.state().history.length === 1 && PP.games.footholds.state().answer && !PP.job");
        settle(tab);
        assert_eq!(state("history.length"), 1, "back to B's first move, and the solver waits");
    }
}

/// The mirror plan, said of the players on the board: on a full 4×4 board from opposite corners B copies A; after
/// A's move, B (now to move) steps first to the image of A's cell, then copies.
pub fn the_mirror_plan_names_the_copier(tab: &Tab, base: &str) {
    open(tab, base, "game=footholds&board=[[1,1,1,1],[1,1,1,1],[1,1,1,1],[1,1,1,1]]&a=0,0&b=3,3");
    let plan = "(() => { const p = document.querySelector('#fh-mirror'); return PP.games.footholds.state().answer \
                && p && [p.dataset.copier, p.textContent]; })()";
    let start = wait(tab, plan);
    assert_eq!(start[0], "B", "{start}");
    assert!(start[1].as_str().unwrap().contains("B can answer every move of A with its image"), "{start}");
    // A steps right to (0, 1): the image of that cell under the half turn of a 4×4 board is (3, 2), next to B.
    click(tab, "[data-cell='0,1']");
    let after = wait(
        tab,
        "(() => { const p = document.querySelector('#fh-mirror'); const s = PP.games.footholds.state(); \
         return s.history.length === 1 && s.answer && p && [p.dataset.copier, p.textContent]; })()",
    );
    assert_eq!(after[0], "B", "{after}");
    let text = after[1].as_str().unwrap();
    assert!(
        text.starts_with("Mirror plan: after B steps to (3, 2), ") && text.contains("B can answer every move of A")
    );
    // A board the half turn does not map onto itself has no plan.
    open(tab, base, "game=footholds&board=[[1,1,1],[1,1,1],[1,1,0]]&a=0,0&b=1,1");
    wait(tab, "PP.games.footholds.state().answer && !document.querySelector('#fh-mirror')");
}
