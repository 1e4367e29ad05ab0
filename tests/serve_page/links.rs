//! The position in the URL: bad links and bad boards get a message and leave the page usable; a link's moves are
//! played only when legal.

use crate::browser::*;
use headless_chrome::Tab;

/// Bad links and bad boards get a message and leave the page usable; a link pasted into the tab shows its position.
pub fn links_and_bad_input(tab: &Tab, base: &str) {
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
pub fn links_with_moves(tab: &Tab, base: &str) {
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
