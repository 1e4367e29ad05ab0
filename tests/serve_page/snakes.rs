//! Snakes and ladders: the fewest rolls, the chance to finish within t rolls, the chart's cut axis, the legend, and a
//! game rolled to the end.

use crate::browser::*;
use headless_chrome::Tab;
use perfectplay::engine::Limits;
use perfectplay::format::TextFormat;
use perfectplay::games::snakes;
use serde_json::Value;

pub fn snakes_page(tab: &Tab, base: &str) {
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
    // A number of rolls typed in: a whole number from 1 is taken; a fraction, an exponent or 0 is refused by name
    // and the box keeps its rolls; then back to 20.
    let error = "!document.getElementById('error').hidden && document.getElementById('error').textContent";
    for (typed, rolls, refused) in [
        ("7", 7, None),
        ("7.5", 7, Some("finish within: '7.5' is not a whole number from 1; it stays 7 rolls.")),
        ("1e1", 7, Some("finish within: '1e1' is not a whole number from 1; it stays 7 rolls.")),
        ("1", 1, None),
        ("0", 1, Some("finish within: '0' is not a whole number from 1; it stays 1 roll.")),
        ("20", 20, None),
    ] {
        eval(
            tab,
            &format!(
                "(() => {{ const e = document.querySelector('#sn-within'); e.value = '{typed}'; e.dispatchEvent(new Event('change')); }})()"
            ),
        );
        let chance = eval(tab, "+document.querySelector('#sn-chance').dataset.chance");
        assert!((chance.as_f64().unwrap() - distribution.cumulative()[rolls]).abs() < 1e-12, "{typed}: {chance}");
        assert_eq!(eval(tab, "document.querySelector('#sn-within').value"), rolls.to_string(), "{typed}");
        let label = eval(tab, "document.querySelector('#sn-within').parentElement.textContent");
        assert_eq!(label, if rolls == 1 { "finish within  roll" } else { "finish within  rolls" }, "{typed}");
        if let Some(message) = refused {
            assert_eq!(wait(tab, error), message, "{typed}");
            eval(tab, "PP.showError(null)");
        }
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
            // Finished: within the 20 rolls asked the chance is 1, past them 0 (a game is not won again).
            let certain = if n <= 20 { 1.0 } else { 0.0 };
            assert_eq!(chance.as_f64().unwrap(), 1.0 + certain, "finished in {n} rolls");
            let text = eval(tab, "document.querySelector('#sn-chance').textContent");
            assert_eq!(text, format!("P(finish within 20 rolls in all) = {:.2}%", 100.0 * certain));
            screenshot(tab, "snakes", 1200.0, 820.0);
            return;
        }
    }
    panic!("2000 rolls did not end the game");
}

/// Edits in the board's boxes are a question for Solve: until it is pressed, the die rolls on the board drawn and
/// solved, and the link keeps that board.
pub fn rolls_are_on_the_board_solved(tab: &Tab, base: &str) {
    open(tab, base, "game=snakes");
    wait(tab, "PP.games.snakes.state().solved && !PP.job");
    let link = eval(tab, "location.hash");
    // An edited board on which every first roll climbs a ladder, and a die of three faces; not solved.
    eval(
        tab,
        "(() => { const t = document.querySelector('#sn-input'); t.value = '6 0\\n2 99\\n3 99\\n4 99\\n5 99\\n6 98\\n7 97\\n'; \
         t.dispatchEvent(new Event('change')); \
         const f = document.querySelector('#sn-faces'); f.value = '3'; f.dispatchEvent(new Event('change')); })()",
    );
    click(tab, "#sn-roll");
    let roll = wait(tab, "PP.games.snakes.state().rolls.length === 1 && !PP.job && PP.games.snakes.state().rolls[0]");
    let die = roll["die"].as_u64().unwrap();
    // On the sample board no square from 2 to 7 is the end of a ladder or a snake.
    assert_eq!(roll["roll"]["square"].as_u64(), Some(1 + die), "{roll}");
    let link_now = eval(tab, "location.hash").as_str().unwrap().to_string();
    assert_eq!(link_now, format!("{}&rolls={die}&within=20", link.as_str().unwrap().replace("&within=20", "")));
    // Solve takes the edits.
    click(tab, "#sn-solve");
    wait(
        tab,
        "PP.games.snakes.state().board?.faces === 3 && PP.games.snakes.state().solved?.fewest_rolls === 2 && !PP.job",
    );
    assert!(eval(tab, "location.hash").as_str().unwrap().contains("faces=3"));
}

/// A large board (within the API's limits) is shown quickly: its chart draws at most one bar a pixel (a bar then
/// stands for several rolls, and says which), its shortest game lists its first 1 000 rolls; a board too large for
/// the chances still shows its fewest rolls, and says why the rest is left out.
pub fn large_boards(tab: &Tab, base: &str) {
    // 20 000 squares, no ladders: the chart's axis runs to about roll 6 000, the shortest game has 3 334 rolls.
    open(tab, base, "game=snakes&input=0%200%0A&size=20000");
    wait(tab, "PP.games.snakes.state().solved?.distribution && !PP.job");
    let chart = eval(
        tab,
        "(() => { const c = document.querySelector(\"svg.chart[aria-label^='P(the game ends']\"); const bars = [...c.querySelectorAll('rect.bar')]; \
         return [bars.length, bars.map(b => b.querySelector('title').textContent), [...c.querySelectorAll('.note')].map(n => n.textContent).join('; ')]; })()",
    );
    let bars = chart[1].as_array().unwrap();
    assert!(chart[0].as_u64().unwrap() <= 580, "one bar a pixel at most: {}", chart[0]);
    let note = chart[2].as_str().unwrap();
    let (cut, group) = note
        .strip_prefix("axis cut at roll ")
        .and_then(|rest| rest.split_once(':'))
        .map(|(cut, rest)| (cut.parse::<usize>().unwrap(), rest.rsplit_once("a bar: ").unwrap().1))
        .unwrap_or_else(|| panic!("{note}"));
    let group: usize = group.trim_end_matches(" rolls").parse().unwrap();
    assert_eq!(bars.len(), cut.div_ceil(group), "{note}");
    assert!(bars[0].as_str().unwrap().starts_with(&format!("rolls 1–{group}: ")), "{}", bars[0]);
    assert!(bars.last().unwrap().as_str().unwrap().contains(&format!("–{cut}: ")), "{}", bars.last().unwrap());
    assert_eq!(eval(tab, "document.querySelectorAll('#sn-shortest li').length"), 1000);
    assert_eq!(eval(tab, "document.querySelector('#sn-more').textContent"), "(the first 1,000 rolls of 3,334)");
    // Its size, with the thousands separated as the page's other numbers are.
    let said = eval(
        tab,
        "[...document.querySelectorAll('#main p')].map(p => p.textContent).find(t => t.startsWith('The board has'))",
    );
    assert_eq!(said, "The board has 20,000 squares; boards up to 400 are drawn.");

    // 20 001 squares and a die of 1 000 faces: past the API's 20 000 000 steps for the chances.
    open(tab, base, "game=snakes&input=0%200%0A&size=20001&faces=1000");
    let fewest = wait(tab, "!PP.job && document.querySelector('#sn-fewest')?.dataset.rolls");
    assert_eq!(fewest, "20");
    let message = eval(tab, "document.getElementById('error').textContent");
    assert!(
        message.as_str().unwrap().starts_with("This board's fewest rolls only; no expected rolls or chances: expected, exact and distribution are offered while"),
        "{message}"
    );
    click(tab, "#sn-roll");
    wait(tab, "PP.games.snakes.state().rolls.length === 1 && !PP.job");
    assert_eq!(eval(tab, "document.querySelector('#sn-failed')"), Value::Null, "no odds asked, none failed");
}

/// The server's messages about the boxes name the boxes (squares, not the API's `size` nor the command line's
/// `--size`; the board's text by its line), never the JSON the page sends. An empty box is refused by the page,
/// never sent as 0 (which for the start is a board of its own, the token off the board).
pub fn messages_name_the_boxes(tab: &Tab, base: &str) {
    let error = "!document.getElementById('error').hidden && document.getElementById('error').textContent";
    open(tab, base, "game=snakes");
    wait(tab, "PP.games.snakes.state().solved && !PP.job");
    for (field, typed, expected) in [
        ("size", "", "squares: give a whole number."),
        // A number box takes exponents and fractions: not whole numbers as the judge writes them.
        ("size", "1e1", "squares: '1e1' is not a whole number."),
        ("size", "0", "squares: must be a whole number between 1 and 10000000, found 0 (HTTP 400)"),
        (
            "size",
            "5",
            "Board, line 2, column 1: ladder 1: square 32 is outside the board (squares 1 to 5; the squares box sets \
             the last square) (HTTP 400)",
        ),
        ("size", "100", ""),
        ("faces", "2.5", "faces: '2.5' is not a whole number."),
        ("faces", "6", ""),
        ("start", "", "start: give a whole number (0: off the board)."),
    ] {
        eval(
            tab,
            &format!(
                "(() => {{ const e = document.querySelector('#sn-{field}'); e.value = '{typed}'; \
                 e.dispatchEvent(new Event('change')); }})()"
            ),
        );
        click(tab, "#sn-solve");
        if expected.is_empty() {
            wait(tab, "PP.games.snakes.state().solved && !PP.job");
        } else {
            assert_eq!(wait(tab, error), expected, "{field}: {typed:?}");
        }
        settle(tab);
    }
    assert_eq!(eval(tab, "PP.games.snakes.state().board.start"), 1, "the board solved is kept, not started from 0");
    // A game under way survives a board the API refuses (a typo in the text): the board, its rolls and the link
    // stay, and the text typed stays in its box to be mended.
    eval(
        tab,
        "(() => { const e = document.querySelector('#sn-start'); e.value = '1'; e.dispatchEvent(new Event('change')); })()",
    );
    click(tab, "#sn-solve");
    wait(tab, "PP.games.snakes.state().solved && PP.games.snakes.state().rolls.length === 0 && !PP.job");
    click(tab, "#sn-roll");
    wait(tab, "PP.games.snakes.state().rolls.length === 1 && !PP.job");
    let link = eval(tab, "location.hash");
    eval(tab, "document.querySelector('#sn-input').value = '1 0\\n5 3'");
    click(tab, "#sn-solve");
    let message = wait(tab, error);
    assert!(message.as_str().unwrap().starts_with("Board, line 2"), "{message}");
    settle(tab);
    assert_eq!(eval(tab, "PP.games.snakes.state().rolls.length"), 1);
    assert_eq!(eval(tab, "!!document.querySelector('#sn-fewest') && !document.querySelector('#sn-failed')"), true);
    assert_eq!(eval(tab, "location.hash"), link);
    assert_eq!(eval(tab, "document.querySelector('#sn-input').value"), "1 0\n5 3");
}

/// The largest board the API takes, ten million squares: too large for the chances, and its shortest game too long
/// for an answer; it still shows its fewest rolls, the first 1 000 rolls of a shortest game, and why the chances are
/// left out.
pub fn the_largest_board_shows_its_fewest_rolls(tab: &Tab, base: &str) {
    open(tab, base, "game=snakes&size=10000000");
    let shown = "!PP.job && (document.querySelector('#sn-fewest')?.dataset.rolls || document.querySelector('#sn-failed') && 'none')";
    let fewest = wait(tab, shown);
    let sample = eval(tab, "PP.games.snakes.state().input");
    let rules = snakes::Rules { size: 10_000_000, ..snakes::Rules::default() };
    let board = snakes::Instance::parse(sample.as_str().unwrap()).unwrap().board(rules).unwrap();
    let rolls = snakes::fewest_rolls(&board, &Limits::default()).unwrap().unwrap().len();
    assert_eq!(fewest, rolls.to_string(), "{}", eval(tab, "document.getElementById('error').textContent"));
    let message = eval(tab, "document.getElementById('error').textContent");
    assert!(
        message.as_str().unwrap().starts_with("This board's fewest rolls only; no expected rolls or chances: expected, exact and distribution are offered while"),
        "{message}"
    );
    assert_eq!(eval(tab, "document.querySelectorAll('#sn-shortest li').length"), 1000);
    let digits = rolls.to_string();
    let grouped: Vec<_> = digits.as_bytes().rchunks(3).rev().map(|g| std::str::from_utf8(g).unwrap()).collect();
    assert_eq!(
        eval(tab, "document.querySelector('#sn-more').textContent"),
        format!("(the first 1,000 rolls of {})", grouped.join(","))
    );
}

/// While a new board is solved, the previous board's answer (fewest rolls, the board, the die) is greyed out and
/// out of reach, under a line saying so; cancelled, no answer is left on the page but the offer to solve again.
pub fn a_board_being_solved_marks_the_previous_answer(tab: &Tab, base: &str) {
    open(tab, base, "game=snakes");
    wait(tab, "PP.games.snakes.state().solved && !PP.job");
    hang(tab, "/api/snakes");
    eval(
        tab,
        "(() => { const f = document.querySelector('#sn-faces'); f.value = '3'; f.dispatchEvent(new Event('change')); })()",
    );
    click(tab, "#sn-solve");
    let line = wait(tab, "document.querySelector('#sn-solving')?.textContent");
    assert_eq!(line, "Solving the board… (greyed out: the previous board's answer)");
    let old = "[...document.querySelectorAll('#sn-fewest, #sn-board, #sn-roll, #sn-status')].map(e => !!e.closest('.stale[inert]'))";
    assert_eq!(
        eval(tab, old),
        serde_json::json!([true, true, true, true]),
        "the previous answer, greyed out and inert"
    );
    eval(tab, "PP.games.snakes.key(' ')");
    assert_eq!(eval(tab, "PP.games.snakes.state().rolls.length"), 0, "no roll on the previous board");
    cancel(tab);
    wait(tab, "document.querySelector('#sn-failed') && !PP.job");
    assert_eq!(
        eval(tab, "[!!document.querySelector('#sn-fewest'), !!document.querySelector('.stale')]"),
        serde_json::json!([false, false])
    );
    unhang(tab);
}

/// The median of the rolls as the library's distribution has it: one roll, or two when the chance of having ended
/// is one half between them (a board of two squares and a die of two faces: the first roll ends the game with
/// chance exactly one half).
pub fn the_median_as_the_library_has_it(tab: &Tab, base: &str) {
    for (size, faces) in [(100, 6), (2, 2)] {
        open(tab, base, &format!("game=snakes&input=0%200%0A&size={size}&faces={faces}"));
        let shown = wait(tab, "!PP.job && document.querySelector('#sn-expected')?.textContent");
        let rules = snakes::Rules { size, faces, ..snakes::Rules::default() };
        let board = snakes::Instance::parse("0 0\n").unwrap().board(rules).unwrap();
        let distribution = snakes::roll_distribution(&board, 1e-12, 100_000, &Limits::default()).unwrap();
        let median = match distribution.median_bounds().unwrap() {
            (low, Some(high)) if low == high => format!("{low} rolls"),
            (low, Some(high)) => format!("{low} or {high} rolls"),
            other => panic!("the median is settled: {other:?}"),
        };
        assert!(shown.as_str().unwrap().ends_with(&format!("; median: {median}")), "{size} squares: {shown}");
    }
}

/// A game of one roll says "1 roll", in the rolls so far and when it has finished.
pub fn a_game_of_one_roll(tab: &Tab, base: &str) {
    open(tab, base, "game=snakes&start=99&rolls=1");
    let status = wait(
        tab,
        "!PP.job && PP.games.snakes.state().rolls.length === 1 && document.querySelector('#sn-status').textContent",
    );
    assert_eq!(status, "1 roll: 1→100. Finished in 1 roll.");
    // A finished game's chance to finish within the rolls asked is certain: 1 within them, 0 past them.
    let chance = eval(tab, "document.querySelector('#sn-chance').textContent");
    assert_eq!(chance, "P(finish within 20 rolls in all) = 100.00%");
    let nine_ones = "game=snakes&input=0%200%0A&size=10&rolls=1.1.1.1.1.1.1.1.1";
    for (within, shown) in
        [(5, "5 rolls in all) = 0.00%"), (1, "1 roll in all) = 0.00%"), (9, "9 rolls in all) = 100.00%")]
    {
        open(tab, base, &format!("{nine_ones}&within={within}"));
        let text = wait(
            tab,
            "!PP.job && PP.games.snakes.state().rolls.length === 9 && document.querySelector('#sn-chance')?.textContent",
        );
        assert_eq!(text, format!("P(finish within {shown}"), "nine rolls of 1 to square 10, within {within}");
    }
}

/// A distribution that peaks at the right end of its axis (no ladders nor snakes on 400 squares): the charts' notes
/// (the tallest bar, where the axis is cut) stand above the plot, over none of the bars nor the curve.
pub fn chart_notes_cover_no_data(tab: &Tab, base: &str) {
    open(tab, base, "game=snakes&input=0%200%0A&size=400");
    wait(tab, "PP.games.snakes.state().solved?.distribution && PP.games.snakes.state().here && !PP.job");
    let charts = eval(
        tab,
        "[...document.querySelectorAll(\"svg.chart[aria-label*='P(ended by roll t)']\")].map(svg => { \
         const notes = [...svg.querySelectorAll('text')].filter(t => /^(bars: |axis cut |a bar: )/.test(t.textContent)); \
         const boxes = notes.map(t => t.getBoundingClientRect()); \
         const data = [...svg.querySelectorAll('rect.bar, polyline')].map(e => e.getBoundingClientRect()).filter(r => r.height > 0); \
         const axis = [...svg.querySelectorAll('line')].map(l => l.getBoundingClientRect().top); \
         const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; \
         return [notes.map(t => t.textContent), boxes.filter(n => data.some(d => meet(n, d)) || n.bottom > Math.min(...axis)).length, data.length]; })",
    );
    let charts = charts.as_array().unwrap();
    assert_eq!(charts.len(), 2, "the start's chart and the token's: {charts:?}");
    for chart in charts {
        let notes = chart[0].as_array().unwrap();
        assert!(notes.len() >= 2 && notes[1].as_str().unwrap().starts_with("axis cut at roll "), "{chart}");
        assert!(chart[2].as_u64().unwrap() > 50, "bars and a curve: {chart}");
        assert_eq!(chart[1], 0, "notes over the data: {chart}");
    }
}

/// The squares and start boxes hold the largest board's eight digits, 10000000, whole: on a desktop and on a phone.
pub fn the_boxes_hold_eight_digits(tab: &Tab, base: &str) {
    let window = |width: f64, height: f64| {
        let bounds =
            headless_chrome::types::Bounds::Normal { left: None, top: None, width: Some(width), height: Some(height) };
        tab.set_bounds(bounds).unwrap();
    };
    for width in [1200.0, 375.0] {
        window(width, 800.0);
        open(tab, base, "game=snakes");
        wait(tab, "PP.games.snakes.state().solved && !PP.job");
        let boxes = eval(
            tab,
            "['#sn-size', '#sn-start'].map(id => { const e = document.querySelector(id); e.value = '10000000'; \
             return [id, e.scrollWidth, e.clientWidth]; })",
        );
        for b in boxes.as_array().unwrap() {
            assert!(b[1].as_u64() <= b[2].as_u64(), "{width} px: {b} (scroll width, client width)");
        }
    }
    window(1200.0, 1000.0);
}
