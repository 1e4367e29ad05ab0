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
    // Starts a link leaves out take their defaults: A on the first foothold, B on the last.
    open(tab, base, "game=footholds&board=[[0,1,1,0,1]]&b=0,2");
    wait(tab, "PP.games.footholds.state().answer && PP.games.footholds.state().start.board[0].length === 5");
    assert_eq!(eval(tab, "JSON.stringify(PP.games.footholds.state().start.a)"), "[0,1]");
    open(tab, base, "game=footholds&board=[[0,1,1,0,1]]");
    wait(tab, "PP.games.footholds.state().answer && PP.games.footholds.state().start.board[0].length === 5");
    assert_eq!(
        eval(tab, "JSON.stringify([PP.games.footholds.state().start.a, PP.games.footholds.state().start.b])"),
        "[[0,1],[0,4]]"
    );
    assert_eq!(eval(tab, "document.getElementById('error').hidden"), true, "no message");

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
    // The link keeps them off: a reload shows no moves, the box unticked.
    let link = eval(tab, "location.hash.slice(1)").as_str().unwrap().to_string();
    assert!(link.contains("hints=off"), "{link}");
    open(tab, base, &link);
    wait(tab, "PP.games.footholds.state().answer");
    assert_eq!(eval(tab, moves_shown), 0, "hints off after a reload");
    assert_eq!(eval(tab, "document.querySelector('#fh-hints').checked"), false);
    click(tab, "#fh-hints");
    assert!(!eval(tab, "location.hash").as_str().unwrap().contains("hints"));
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
    // Played on both sides ("the solver answers" unticked), the link says so: opened, the position is the one
    // shared, with the second player to move, and the solver does not answer for them.
    open(tab, base, &format!("{board}&moves=0.1.2&solver=off"));
    wait(tab, "PP.games.gridgame.state().history.length === 1 && PP.games.gridgame.state().moves && !PP.job");
    settle(tab);
    assert_eq!((state("history.length"), state("solverPlays")), (serde_json::json!(1), serde_json::json!(false)));
    assert_eq!(eval(tab, "document.getElementById('gg-solver').checked"), serde_json::json!(false));
    assert!(eval(tab, "location.hash").as_str().unwrap().contains("solver=off"));
    // Ticked again: the solver answers the move it now faces, and the link no longer says "off".
    click(tab, "#gg-solver");
    wait(tab, played);
    assert!(!eval(tab, "location.hash").as_str().unwrap().contains("solver="), "{}", eval(tab, "location.hash"));
}

/// Every field of a link that is not what it must be gets a message naming the field and what is used instead
/// (never a value read as another, nor a message about the judge text the page builds from the link).
pub fn every_field_of_a_link_is_checked(tab: &Tab, base: &str) {
    let error = "!document.getElementById('error').hidden && document.getElementById('error').textContent";
    let cases = [
        ("game=gridgame&board=.../.../...&k=abc", "The link's k 'abc' is not a whole number from 0; k 0 is used."),
        (
            "game=gridgame&board=.../.../...&k=0&tokens=a.b&moves=0.1.2",
            "The link's token 1, 'a.b', is not a cell x.y; the tokens are left off.",
        ),
        (
            "game=gridgame&board=.#./.../...&k=0&tokens=3.3-1.2",
            "The link's token 2, '1.2', is not an open cell of the board; the tokens are left off.",
        ),
        (
            "game=snakes&overshoot=far",
            "The link's overshoot 'far' is not one of stay, bounce, win; overshoot stay is used.",
        ),
        (
            "game=snakes&rolls=1.9.2",
            "The link's roll 2, '9', is not a face of the die (1 to 6); the game stops before it.",
        ),
        ("game=footholds&board=[[1,1]]&a=0,0&b=0,1&side=C", "The link's side 'C' is not A or B; you play both sides."),
        (
            "game=footholds&board=[[1,1]]&a=0,0&b=0,1&hints=no",
            "The link's hints 'no' is not on or off; hints are shown.",
        ),
        (
            "game=gridgame&board=.../.../...&k=0&solver=no",
            "The link's solver 'no' is not on or off; the solver answers.",
        ),
        ("game=nonsense", "The link's game 'nonsense' is not one of footholds, snakes, gridgame; footholds is shown."),
    ];
    for (fragment, expected) in cases {
        open(tab, base, fragment);
        assert_eq!(wait(tab, error), expected, "{fragment}");
        wait(tab, "!PP.job");
        assert_eq!(wait(tab, error), expected, "{fragment}: the message stays");
    }
    // What is used instead: k 0 and no tokens; the board's own overshoot; the rolls before the bad one.
    open(tab, base, "game=gridgame&board=.../.../...&k=abc&tokens=1.1");
    wait(tab, "PP.games.gridgame.state().moves && !PP.job");
    assert_eq!(
        eval(tab, "[PP.games.gridgame.state().k, PP.games.gridgame.state().tokens]"),
        serde_json::json!([0, [[1, 1]]])
    );
    open(tab, base, "game=snakes&rolls=1.9.2");
    wait(tab, "PP.games.snakes.state().rolls.length === 1 && !PP.job");
    assert_eq!(eval(tab, "PP.games.snakes.state().rolls[0].die"), 1);
}

/// A link means the same whatever the tab showed before: the fields it leaves out take their defaults (snakes: 100
/// squares, a die of six faces, from square 1, overshoot stay), in the board solved and in the messages about the
/// link; a link to a game the page does not have shows footholds and says so.
pub fn a_link_means_the_same_whatever_came_before(tab: &Tab, base: &str) {
    let error = "!document.getElementById('error').hidden && document.getElementById('error').textContent";
    // Follows a link in the same tab (a change of fragment) and waits for its board's answer.
    let follow = |fragment: &str| {
        eval(
            tab,
            &format!("(() => {{ window.before = PP.games.snakes.state().solved; location.hash = '#{fragment}'; }})()"),
        );
        wait(tab, "!PP.job && PP.games.snakes.state().solved && PP.games.snakes.state().solved !== window.before");
    };
    let rules =
        "(() => { const b = PP.games.snakes.state().board; return [b.size, b.faces, b.start, b.overshoot]; })()";
    open(tab, base, "game=snakes&start=0&overshoot=bounce");
    wait(tab, "!PP.job && PP.games.snakes.state().solved");
    assert_eq!(eval(tab, rules), serde_json::json!([100, 6, 0, "bounce"]));
    follow("game=snakes&size=200&faces=3");
    assert_eq!(eval(tab, rules), serde_json::json!([200, 3, 1, "stay"]));
    follow("game=snakes&start=0&overshoot=bounce");
    assert_eq!(eval(tab, rules), serde_json::json!([100, 6, 0, "bounce"]), "the first link again");
    // The messages say the defaults, not the previous link's fields.
    follow("game=snakes&input=0%200%0A&size=5&overshoot=bounce");
    follow("game=snakes&size=abc&overshoot=far");
    assert_eq!(
        wait(tab, error),
        "The link's size 'abc' is not a whole number; size 100 is used. \
         The link's overshoot 'far' is not one of stay, bounce, win; overshoot stay is used."
    );
    // An unknown game followed from another game's tab: footholds, with the message.
    eval(tab, "(() => { location.hash = '#game=nonsense'; })()");
    wait(tab, "PP.current === 'footholds' && PP.games.footholds.state().answer && !PP.job");
    assert_eq!(
        wait(tab, error),
        "The link's game 'nonsense' is not one of footholds, snakes, gridgame; footholds is shown."
    );
}

/// The same for gridgame and footholds: a gridgame link without a board is the sample board (k 1 unless the link
/// gives k), with a board of its own k 0 unless given, and no tokens nor moves but the link's, the solver answering;
/// a footholds link without a board is the example board, with both sides played unless it gives one.
pub fn gridgame_and_footholds_links_mean_the_same_whatever_came_before(tab: &Tab, base: &str) {
    let error = "!document.getElementById('error').hidden && document.getElementById('error').textContent";
    let gridgame = "PP.games.gridgame.state()";
    // Follows a link in the same tab and waits for its board's answer (and its tokens' moves).
    let follow = |game: &str, fragment: &str| {
        let state = format!("PP.games.{game}.state()");
        let (answer, moves) = match game {
            "gridgame" => ("table", format!(" && (!{state}.tokens.length || {state}.moves)")),
            _ => ("answer", String::new()),
        };
        eval(tab, &format!("(() => {{ window.before = {state}.{answer}; location.hash = '#{fragment}'; }})()"));
        wait(tab, &format!("!PP.job && {state}.{answer} && {state}.{answer} !== window.before{moves}"));
    };
    let shown = format!(
        "(() => {{ const s = {gridgame}; return [s.rows.join('/'), s.k, s.tokens, s.selected, s.solverPlays]; }})()"
    );
    let sample = "....#./.#..../...#../#...../..#...";
    open(tab, base, "game=gridgame&board=.../.../...&k=2&tokens=1.1-2.2");
    wait(tab, &format!("!PP.job && {gridgame}.moves"));
    click(tab, "[data-cell='2,2']");
    click(tab, "#gg-solver");
    assert_eq!(eval(tab, &shown), serde_json::json!([".../.../...", 2, [[1, 1], [2, 2]], 1, false]));
    follow("gridgame", "game=gridgame&tokens=1.1");
    assert_eq!(eval(tab, &shown), serde_json::json!([sample, 1, [[1, 1]], 0, true]), "the sample board");
    follow("gridgame", "game=gridgame&board=.../.../...&k=2&tokens=1.1&moves=0.1.2");
    wait(tab, &format!("{gridgame}.history.length === 2 && {gridgame}.moves && !PP.job"));
    follow("gridgame", "game=gridgame&k=3");
    assert_eq!(eval(tab, &shown), serde_json::json!([sample, 3, [], 0, true]), "the sample board, k 3");
    assert_eq!(eval(tab, &format!("{gridgame}.history.length")), 0);
    follow("gridgame", "game=gridgame&board=../..");
    assert_eq!(eval(tab, &shown), serde_json::json!(["../..", 0, [], 0, true]), "a board without k: k 0");
    // The messages say the defaults, not the previous link's fields.
    follow("gridgame", "game=gridgame&board=.../.../...&k=2");
    follow("gridgame", "game=gridgame&k=abc");
    assert_eq!(wait(tab, error), "The link's k 'abc' is not a whole number from 0; k 1 is used.");
    assert_eq!(eval(tab, &shown), serde_json::json!([sample, 1, [], 0, true]));

    // Footholds: a link without a board after another footholds link shows the example board, both sides played.
    open(tab, base, "game=footholds&board=[[1,1,1,1]]&a=0,0&b=0,3&side=A");
    wait(tab, "!PP.job && PP.games.footholds.state().answer");
    let footholds = "(() => { const s = PP.games.footholds.state(); return [s.start, s.side, s.history.length]; })()";
    follow("footholds", "game=footholds&moves=1.1");
    wait(tab, "PP.games.footholds.state().history.length === 1 && PP.games.footholds.state().answer && !PP.job");
    let example = serde_json::json!({ "board": [[1, 1, 1], [1, 1, 1], [1, 1, 1]], "a": [1, 0], "b": [1, 2] });
    assert_eq!(eval(tab, footholds), serde_json::json!([example, "both", 1]), "the example board");
}

/// A link's messages stay in the bar until dismissed, whatever the page asks after them (the solver's answer to the
/// link's last move used to wipe them a moment after they showed); the tab of the game shown keeps the link; Escape
/// cancels a question under way, else dismisses the messages. And a snakes link's rolls are replayed after a
/// message about another field, up to the end of the game, which is said.
pub fn a_links_messages_stay_until_dismissed(tab: &Tab, base: &str) {
    let error = "!document.getElementById('error').hidden && document.getElementById('error').textContent";
    open(tab, base, "game=gridgame&tokens=1.1&moves=0.1.2-0.5.5&solver=maybe");
    let expected = "The link's solver 'maybe' is not on or off; the solver answers. \
                    The link's move 2, '0.5.5', is not a legal move there; the game stops before it.";
    assert_eq!(wait(tab, error), expected);
    wait(tab, "PP.games.gridgame.state().history.length === 2 && PP.games.gridgame.state().moves && !PP.job");
    settle(tab);
    assert_eq!(wait(tab, error), expected, "after the solver's move");
    // The game's own tab, clicked: the position stays, on the page and in the link.
    let link = eval(tab, "location.hash");
    assert!(link.as_str().unwrap().contains("moves=0.1.2-"), "{link}");
    click(tab, "nav a[data-game='gridgame']");
    settle(tab);
    assert_eq!(eval(tab, "location.hash"), link);
    assert_eq!(eval(tab, "PP.games.gridgame.state().history.length"), 2);
    assert_eq!(eval(tab, "document.querySelector('nav [aria-current=page]').dataset.game"), "gridgame");
    tab.press_key("Escape").unwrap();
    wait(tab, "document.getElementById('error-bar').hidden");
    // Escape during a question cancels it.
    hang(tab, "/api/gridgame/moves");
    click(tab, "#gg-undo");
    wait(tab, "!document.getElementById('busy').hidden");
    tab.press_key("Escape").unwrap();
    wait(tab, "!PP.job && document.getElementById('error').textContent === 'cancelled'");
    unhang(tab);

    // Snakes: a bad number does not stop the rolls; a roll after the last square is said, not dropped unseen.
    open(tab, base, "game=snakes&within=0&rolls=1.2");
    assert_eq!(wait(tab, error), "The link's within '0' is not a whole number from 1; within 20 is used.");
    wait(tab, "PP.games.snakes.state().rolls.length === 2 && !PP.job");
    open(tab, base, "game=snakes&start=100&rolls=3");
    assert_eq!(
        wait(tab, error),
        "The link's roll 1, '3', comes after the game has ended; it and those after it are left off."
    );
}
