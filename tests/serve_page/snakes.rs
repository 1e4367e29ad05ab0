//! Snakes and ladders: the fewest rolls, the chance to finish within t rolls, the chart's cut axis, the legend, and a
//! game rolled to the end.

use crate::browser::*;
use headless_chrome::Tab;
use perfectplay::engine::Limits;
use perfectplay::format::TextFormat;
use perfectplay::games::snakes;

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
         const f = document.querySelectorAll('#snakes input[type=number]')[1]; f.value = '3'; f.dispatchEvent(new Event('change')); })()",
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
