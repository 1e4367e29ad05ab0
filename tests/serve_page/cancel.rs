//! Slow answers: a long solve shows its progress and Cancel stops it on the server; a cancelled question offers to
//! ask again.

use crate::browser::*;
use crate::serve_support;
use headless_chrome::Tab;
use perfectplay::census::published;
use perfectplay::engine::Value;
use perfectplay::format::TextFormat;
use perfectplay::games::footholds;
use perfectplay::serve::{Config, Server};
use std::time::{Duration, Instant};

/// The map of an 8×8 board short of a corner takes many seconds (a full board's is read from the published census
/// at once): the page shows its progress, and Cancel stops it on the server.
pub fn cancel_a_long_solve(tab: &Tab, base: &str) {
    let mut rows = vec![vec![1; 8]; 8];
    rows[0][0] = 0;
    let board = serde_json::json!(rows).to_string();
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

/// A question cancelled (or refused) leaves no "solving…" behind: the page says there is no answer and offers to
/// ask again.
pub fn cancelled_questions_can_be_asked_again(tab: &Tab, base: &str) {
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

/// The server stopped in the middle of a game, during a long solve and then before the next question: the page
/// says that the server did not answer and what to do (the browser's own word is only "Failed to fetch" or
/// "network error"), and offers to ask again. The server is the test's own, on a runtime of its own: shutting the
/// runtime down cuts its connections at once, as a server killed mid-answer.
pub fn a_stopped_server_is_said_so(tab: &Tab) {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let server = runtime.block_on(Server::bind(Config { port: 0, ..Config::default() })).unwrap();
    let base = format!("http://{}", server.local_addr());
    runtime.spawn(server.run(std::future::pending()));
    let board = serde_json::json!(vec![vec![1; 16]; 8]).to_string();
    open(tab, &base, &format!("game=footholds&board={board}&a=3,3&b=4,11"));
    wait(tab, "!document.getElementById('busy').hidden");
    runtime.shutdown_timeout(Duration::ZERO);
    let said = "!PP.job && document.querySelector('#fh-again') && !document.getElementById('error').hidden \
                && document.getElementById('error').textContent";
    for when in ["during the solve", "asked again"] {
        let message = wait(tab, said);
        assert!(
            message.as_str().unwrap().starts_with("No answer from the server")
                && message.as_str().unwrap().contains("is perfectplay serve still running?"),
            "{when}: {message}"
        );
        click(tab, "#fh-again");
    }
}

/// A position the server cannot solve within its time limit: asking again would end the same way, so the message
/// says what helps (a server of its own, with a time limit of one second). (Not B on (4,12), the image of A's cell
/// under the half turn: the mirror rule tells that winner at once.)
pub fn a_position_too_slow_to_solve(tab: &Tab) {
    let config = Config { request_time_limit: Duration::from_secs(1), ..Config::default() };
    let base = serve_support::start(config);
    let board = serde_json::json!(vec![vec![1; 16]; 8]).to_string();
    open(tab, &base, &format!("game=footholds&board={board}&a=3,3&b=4,11"));
    let message = wait(
        tab,
        "!PP.job && document.querySelector('#fh-again') && !document.getElementById('error').hidden \
         && document.getElementById('error').textContent",
    );
    assert!(
        message.as_str().unwrap().starts_with("no answer within the request time limit of 1 s")
            && message.as_str().unwrap().ends_with("; a board with fewer footholds is solved sooner (HTTP 504)"),
        "{message}"
    );
}

/// A server with a time limit of one second: a position it does not solve in time shows what it knew (a full 9×9
/// board's winner and moves, which the census gives, in the verdict and not only in the message); the map of every
/// start pair of that board still comes, as it does not wait for the ranked moves of the start shown; a board
/// pasted and loaded is shown whatever its solve gives, and the message says what helps.
pub fn what_a_slow_position_shows(tab: &Tab) {
    let config = Config { request_time_limit: Duration::from_secs(1), ..Config::default() };
    let base = serve_support::start(config);
    let error = "!PP.job && !document.getElementById('error').hidden && document.getElementById('error').textContent";
    let full = serde_json::json!(vec![vec![1; 9]; 9]).to_string();
    open(tab, &base, &format!("game=footholds&board={full}&a=4,4&b=4,5"));
    watch_errors(tab);
    let verdict = wait(tab, "!PP.job && document.querySelector('#fh-verdict[data-known-winner]')?.textContent");
    let instance = footholds::Instance::parse(&format!("{full} [4,4] [4,5]")).unwrap();
    let table = published::tablebase(&instance).expect("the 9×9 board is published");
    let outcome = table.outcome((4, 4), (4, 5)).unwrap();
    let winner = if outcome.value == Value::Win { "A" } else { "B" };
    let said = format!("{winner} wins; {} more moves under optimal play", outcome.remoteness);
    assert!(verdict.as_str().unwrap().contains(&said), "{verdict}");
    // The mirror plan, which needs no search, is said all the same: A steps to (4, 3), the image of B's cell.
    let plan = eval(tab, "document.querySelector('#fh-mirror')?.textContent");
    assert!(plan.as_str().is_some_and(|p| p.starts_with("Mirror plan: after A steps to (4, 3), ")), "{plan}");
    assert!(eval(tab, "!!document.querySelector('#fh-again')").as_bool().unwrap());
    let message = wait(tab, error);
    assert!(
        message.as_str().unwrap().ends_with("; a board with fewer footholds is solved sooner (HTTP 504)"),
        "{message}"
    );
    // The map: every start pair, as the census has them.
    click(tab, "#fh-map-button");
    let maps = wait(tab, "!PP.job && document.querySelectorAll('#fh-map .minimap-figure').length");
    assert_eq!(maps, 81);
    let title =
        eval(tab, "document.querySelectorAll('#fh-map .minimap-figure')[40].querySelectorAll('.cell')[41].title");
    // (The pair on the board, and said so.)
    let pair = format!("A at (4, 4), B at (4, 5): {winner} wins in {}", outcome.remoteness);
    assert_eq!(title, format!("{pair} (the starts on the board)"));
    assert_eq!(eval(tab, "document.querySelector('#fh-verdict').dataset.knownWinner"), winner);

    // Loaded: the 9×9 board with a hole in a corner, not published, and not solved within a second.
    let mut holed = vec![vec![1; 9]; 9];
    holed[0][0] = 0;
    let text = format!("{} [4,4] [4,5]", serde_json::json!(holed));
    eval(
        tab,
        &format!(
            "(() => {{ const box = document.querySelector('#fh-paste'); box.value = {}; box.dispatchEvent(new Event('input')); }})()",
            serde_json::json!(text)
        ),
    );
    click(tab, "#fh-load");
    let message = wait(tab, error);
    assert!(
        message.as_str().unwrap().ends_with("; a board with fewer footholds is solved sooner (HTTP 504)"),
        "{message}"
    );
    let start = eval(tab, "PP.games.footholds.state().start");
    assert_eq!(start, serde_json::json!({"board": holed, "a": [4, 4], "b": [4, 5]}));
    assert_eq!(eval(tab, "document.querySelector(\"#footholds .board [data-cell='0,0']\").className"), "cell hole");
    assert_eq!(eval(tab, "document.querySelector('#fh-verdict').dataset.failed"), "true");
    assert!(eval(tab, "location.hash").as_str().unwrap().contains("board=%5B%5B0%2C1"), "the link is the board's");
    assert_eq!(page_errors(tab), serde_json::json!([]));
}
