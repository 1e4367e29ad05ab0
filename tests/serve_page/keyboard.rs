//! The keyboard: Enter and Space press the focused control, keys play only legal moves, the focus survives redraws.

use crate::browser::*;
use headless_chrome::Tab;

/// Enter and Space on a button or a link press it, as anywhere else; the snakes page rolls the die on them only
/// when no control has the focus.
pub fn keys_press_the_focused_control(tab: &Tab, base: &str) {
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
pub fn arrow_keys_play_only_legal_moves(tab: &Tab, base: &str) {
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
pub fn focus_survives_redraws(tab: &Tab, base: &str) {
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

/// The grid game's Tab stops are the cells a click can use: before the first move every open cell (a click puts a
/// token there), never a wall; once the game is on, only the tokens and the selected token's moves, so that the
/// controls after a large board are a few presses away; after Undo back to the start, every open cell again.
pub fn gridgame_tab_stops_are_the_cells_a_click_can_use(tab: &Tab, base: &str) {
    let stops =
        "[...document.querySelectorAll('#gg-board .cell')].filter(c => c.tabIndex >= 0).map(c => c.dataset.cell)";
    let open_cells = "[...document.querySelectorAll('#gg-board .cell')].filter(c => c.dataset.value !== '#').map(c => c.dataset.cell)";
    let used = "[...document.querySelectorAll('#gg-board .cell')].filter(c => c.querySelector('.token') || c.dataset.move).map(c => c.dataset.cell)";
    open(tab, base, "game=gridgame&board=..#../...../.....&k=1");
    wait(tab, "document.querySelector('#gg-board') && !PP.job");
    watch_errors(tab);
    assert_eq!(eval(tab, open_cells).as_array().unwrap().len(), 14);
    assert_eq!(eval(tab, stops), eval(tab, open_cells), "before any token");
    click(tab, "[data-cell='1,1']");
    wait(tab, "PP.games.gridgame.state().moves?.length === 1 && !PP.job");
    assert_eq!(eval(tab, stops), eval(tab, open_cells), "a second token may still go anywhere");
    // A move: the user's, then the solver's answer.
    press_on(tab, "[data-cell='1,1']", "ArrowDown");
    wait(tab, "PP.games.gridgame.state().history.length === 2 && PP.games.gridgame.state().moves && !PP.job");
    settle(tab);
    let (now, marked) = (eval(tab, stops), eval(tab, used));
    assert_eq!(now, marked, "in play: the tokens and the moves");
    assert!(!now.as_array().unwrap().is_empty() && now.as_array().unwrap().len() < 14, "{now}");
    // Tab from the last stop on the board leaves the board, past the cells that are no stops.
    let last = now.as_array().unwrap().last().unwrap().as_str().unwrap().to_string();
    press_on(tab, &format!("#gg-board [data-cell='{last}']"), "Tab");
    let inside = "!!document.activeElement.closest('#gg-board')";
    assert_eq!(eval(tab, inside), serde_json::json!(false), "Tab from {last} stayed on the board: {}", focused(tab));
    // Undo back to the start: a click may put tokens anywhere again.
    click(tab, "#gg-undo");
    wait(tab, "PP.games.gridgame.state().history.length === 0 && PP.games.gridgame.state().moves && !PP.job");
    assert_eq!(eval(tab, stops), eval(tab, open_cells), "after Undo");
    assert_eq!(page_errors(tab), serde_json::json!([]));
}

/// The footholds board's Tab stops are the cells a click can use: before the first move every cell (a click plays a
/// move or edits the board); once the game is on, only the players' cells and the moves open to the user; after
/// Undo back to the start, every cell again.
pub fn footholds_tab_stops_are_the_cells_a_click_can_use(tab: &Tab, base: &str) {
    let cells = "[...document.querySelectorAll('#footholds .board .cell')]";
    let stops = format!("{cells}.filter(c => c.tabIndex >= 0).map(c => c.dataset.cell)");
    let every = format!("{cells}.map(c => c.dataset.cell)");
    // The players and the user's moves, from the game's own state (the hints mark the same cells).
    let usable = "(() => { const s = PP.games.footholds.state(), a = s.answer; \
         const at = { A: s.start.a, B: s.start.b }; for (const m of s.history) at[m.player] = m.to; \
         return [...document.querySelectorAll('#footholds .board .cell')].map(c => c.dataset.cell).filter(k => \
         k === `${at.A}` || k === `${at.B}` || a.moves.some(m => `${m.to}` === k)); })()";
    open(tab, base, "game=footholds&board=[[1,1,1,1],[1,1,1,1],[1,1,1,1]]&a=0,0&b=2,3&side=A");
    wait(tab, "PP.games.footholds.state().answer && !PP.job");
    watch_errors(tab);
    assert_eq!(eval(tab, &stops), eval(tab, &every), "before the first move");
    // A's move, then the solver's answer for B: A to move again.
    click(tab, "#footholds [data-move]");
    wait(tab, "PP.games.footholds.state().history.length === 2 && PP.games.footholds.state().answer && !PP.job");
    settle(tab);
    let now = eval(tab, &stops);
    assert_eq!(now, eval(tab, usable), "in play: the players and the moves");
    assert!(now.as_array().unwrap().len() < 12, "{now}");
    // (Against the solver, Undo takes back its answer and your move.)
    click(tab, "#fh-undo");
    wait(tab, "PP.games.footholds.state().history.length === 0 && PP.games.footholds.state().answer && !PP.job");
    assert_eq!(eval(tab, &stops), eval(tab, &every), "after Undo");
    assert_eq!(page_errors(tab), serde_json::json!([]));
}
