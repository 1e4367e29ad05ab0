//! The grid game: the cells coloured by who wins, a game played through, two tokens and their Grundy values, both
//! sides played by the user, messages about a typed board, and a move on the judge's largest board.

use crate::browser::*;
use headless_chrome::Tab;
use perfectplay::engine::Limits;
use perfectplay::games::gridgame;
use std::time::Instant;

pub fn gridgame_page(tab: &Tab, base: &str) {
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
    let start_cell = format!("[data-cell='{},{}']", start.row + 1, start.col + 1);
    click(tab, &start_cell);
    // The token put, a click on it outlines its moves.
    click(tab, &start_cell);
    // Each move is outlined in its value for you (solid blue a win, dashed orange a loss) on its cell's own colour,
    // the value of a token standing there: a winning move goes to a cell whose player to move loses.
    wait(tab, "PP.games.gridgame.state().moves && document.querySelector('#gg-board [data-move]')");
    let moves = eval(
        tab,
        "[...document.querySelectorAll('#gg-board [data-move]')].map(e => { const s = getComputedStyle(e); \
         return [e.dataset.cell, s.backgroundColor, s.outlineColor, s.outlineStyle]; })",
    );
    let moves = moves.as_array().unwrap();
    assert_eq!(moves.len(), board.children(start).count());
    let mut seen = [false; 2];
    for shown in moves {
        let (x, y) = shown[0].as_str().unwrap().split_once(',').unwrap();
        let to = gridgame::Cell::new(x.parse::<u32>().unwrap() - 1, y.parse::<u32>().unwrap() - 1);
        let wins_there = analysis.wins(&board, to).unwrap();
        let (fill, outline) = if wins_there { (WIN, [LOSE, "dashed"]) } else { (LOSE, [WIN, "solid"]) };
        assert_eq!(shown[1], fill, "the move to {to} keeps its cell's colour");
        let drawn = [shown[2].as_str().unwrap(), shown[3].as_str().unwrap()];
        assert_eq!(drawn, outline, "the move to {to} is outlined in its value for you");
        seen[usize::from(wins_there)] = true;
    }
    assert_eq!(seen, [true, true], "a winning and a losing move, to tell apart");
    // On cells this large every number is drawn, the moves' inside their white ring.
    let (shown, misfits) = numbers_drawn(tab);
    assert_eq!(misfits, serde_json::json!([]), "numbers cut or covered");
    assert!(shown.as_u64().unwrap() >= 20, "numbers drawn: {shown}");
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
    // The value history: one point per position reached, you winning (above the axis, in the win colour) at each
    // with the moves left, the last on the axis.
    let points = eval(
        tab,
        "[...document.querySelectorAll('#gg-history svg.chart circle')].map(c => [c.getAttribute('fill'), c.querySelector('title').textContent])",
    );
    let remoteness = analysis.remoteness(&board, start).unwrap() as usize;
    let points = points.as_array().expect("a value history chart");
    assert_eq!(points.len(), remoteness + 1, "{points:?}");
    for (i, point) in points.iter().enumerate() {
        assert_eq!(point[0], "#0072B2", "position {i}: {point}");
        let text = point[1].as_str().unwrap();
        assert!(text.contains(&format!("you win in {}", remoteness - i)), "position {i}: {point}");
    }

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

/// The remoteness drawn on the cells (the first 20 rows and 40 columns drawn, and every move): how many are drawn,
/// and those cut or too small to read: each is drawn whole, in a font of at least 9 px, inside its cell's border
/// and, on a move's cell (or the focused one), inside its white ring (4 px), or not at all. Returns `(drawn,
/// misfits)`.
fn numbers_drawn(tab: &Tab) -> (serde_json::Value, serde_json::Value) {
    let found = eval(
        tab,
        "(() => { const rows = [...document.querySelectorAll('#gg-board .board-row.shown')].slice(0, 20); \
         const cells = new Set([...rows.flatMap(r => [...r.children].slice(0, 40)), ...document.querySelectorAll('#gg-board [data-move]')]); \
         let drawn = 0; const misfits = []; \
         for (const cell of cells) { const mark = cell.querySelector('.mark'); \
           if (!mark || getComputedStyle(mark).display === 'none') continue; \
           const range = document.createRange(); range.selectNodeContents(mark); const text = range.getBoundingClientRect(); \
           const size = parseFloat(getComputedStyle(mark).fontSize); if (!(size > 0 && text.width > 0)) continue; \
           drawn++; const box = cell.getBoundingClientRect(); const inset = 1 + (cell.matches('.move, :focus-visible') ? 4 : 0); \
           const inside = text.left >= box.left + inset - 0.5 && text.right <= box.right - inset + 0.5 \
             && text.top >= box.top + inset - 0.5 && text.bottom <= box.bottom - inset + 0.5; \
           if (!inside || size < 9) misfits.push(`${cell.dataset.cell} ${cell.className} '${mark.textContent}' ${size}px`); } \
         return [drawn, misfits.slice(0, 5)]; })()",
    );
    (found[0].clone(), found[1].clone())
}

/// On boards of every size the numbers are whole or absent: a board of 20 columns draws them (two digits) on its
/// cells but not on its moves' (inside a move's ring they would be too small); on narrower cells none; a board of
/// five columns draws three digits, on its moves too. Where a number is not drawn, the cell's tooltip gives it.
pub fn numbers_are_whole_or_absent(tab: &Tab, base: &str) {
    let open_board = |rows: usize, cols: usize| {
        let board = vec![".".repeat(cols); rows].join("/");
        open(tab, base, &format!("game=gridgame&board={board}&k=1&tokens=1.1&solver=off"));
        wait(tab, "PP.games.gridgame.state().moves && !PP.job");
        click(tab, "#gg-board [data-cell='1,1']");
        wait(tab, "document.querySelector('#gg-board [data-move]')");
    };
    // (rows, columns, numbers drawn on the cells, on the moves)
    for (rows, cols, on_cells, on_moves) in [(20, 20, true, false), (40, 40, false, false), (150, 5, true, true)] {
        open_board(rows, cols);
        let (drawn, misfits) = numbers_drawn(tab);
        let cell = eval(tab, "document.querySelector('#gg-board .cell').getBoundingClientRect().width");
        assert_eq!(misfits, serde_json::json!([]), "{rows} × {cols} (cells {cell} px): numbers cut or too small");
        assert_eq!(drawn.as_u64().unwrap() > 0, on_cells, "{rows} × {cols} (cells {cell} px): {drawn} numbers drawn");
        let on = eval(
            tab,
            "[...document.querySelectorAll('#gg-board [data-move] .mark')].filter(m => getComputedStyle(m).display !== 'none').length",
        );
        assert_eq!(on.as_u64().unwrap() > 0, on_moves, "{rows} × {cols}: {on} moves' numbers drawn");
        // The tooltips: a cell's remoteness, and on a move's cell the move's value and length for you.
        let tooltips = eval(
            tab,
            "[...document.querySelectorAll('#gg-board .cell:not(.wall)')].every(c => c.title.includes(` in ${PP.games.gridgame.state().table.remoteness[c.dataset.cell.split(',')[0] - 1][c.dataset.cell.split(',')[1] - 1]};`)) \
             && [...document.querySelectorAll('#gg-board [data-move]')].every(c => c.title.endsWith(`a move for you: ${c.dataset.move.replace(' ', ' in ')}`))",
        );
        assert_eq!(tooltips, true, "{rows} × {cols}: the tooltips");
    }
    // The focus's white ring, like a move's, keeps the number inside it.
    focus(tab, "#gg-board [data-cell='5,5']");
    assert_eq!(eval(tab, "document.querySelector(\"#gg-board [data-cell='5,5']\").matches(':focus-visible')"), true);
    let (drawn, misfits) = numbers_drawn(tab);
    assert_eq!(misfits, serde_json::json!([]), "a focused cell's number ({drawn} drawn)");
}

/// With "the solver answers" unticked, the user plays both sides: the page names them the first and the second
/// player, never the solver.
pub fn gridgame_without_the_solver(tab: &Tab, base: &str) {
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
pub fn gridgame_messages_name_what_was_typed(tab: &Tab, base: &str) {
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
    // The limit of K in words, not in the N and M of a first line the page wrote.
    assert_eq!(
        message,
        "K (diagonal reach) box: must be between 0 and 2 (one less than the rows or the columns, whichever are \
         fewer), found 7 (HTTP 400)"
    );
    assert_eq!(eval(tab, "PP.games.gridgame.state().rows"), serde_json::json!(["...", "...", "..."]));
    assert_eq!(eval(tab, "document.querySelectorAll('#gg-board .cell').length"), 9, "the board shown is kept");
    // A board of walls only: no token can be put, and the status says so instead of asking for one.
    eval(
        tab,
        "(() => { document.querySelector('#gg-input').value = '##\\n##'; document.querySelector('#gg-k').value = '1'; })()",
    );
    click(tab, "#gg-load");
    wait(tab, "PP.games.gridgame.state().rows.join() === '##,##' && !PP.job");
    assert_eq!(
        eval(tab, "document.querySelector('#gg-status').textContent"),
        "This board has no open cell for a token: open some cells (.) in the board's text, then Solve."
    );
}

/// The judge's largest board, 300 × 300: a token put and moved is drawn where it stands, with the moves from
/// there outlined as the library has them. (The times are printed, not checked.)
pub fn a_move_on_the_largest_gridgame_board(tab: &Tab, base: &str) {
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
    // Its cells of 1rem hold no readable number of three digits: none is drawn, none cut.
    let (drawn, misfits) = numbers_drawn(tab);
    assert_eq!(misfits, serde_json::json!([]), "numbers cut or too small on the 300 × 300 board ({drawn} drawn)");
    assert_eq!(page_errors(tab), serde_json::json!([]));
}

/// The status line: one token's Grundy value and remoteness; several tokens' values and their XOR, which decides.
/// No double space where the colour swatch stands.
pub fn gridgame_status_wording(tab: &Tab, base: &str) {
    let status = "!PP.job && PP.games.gridgame.state().moves && document.querySelector('#gg-status').textContent";
    // From (1, 1) of a 2 × 2 board (K 0) the game lasts two moves, and the player to move loses.
    open(tab, base, "game=gridgame&board=../..&k=0&tokens=1.1");
    assert_eq!(wait(tab, status), "Your move. Grundy value 0: the player to move loses in 2.");
    open(tab, base, "game=gridgame&board=../..&k=0&tokens=1.1-1.2");
    assert_eq!(wait(tab, status), "Your move. Grundy values 0 ⊕ 1 = 1: the player to move wins.");
}

/// A whole BOJ 28218 input pasted into the board box: the board and K are read from it, the judge's answers are
/// listed word for word as the command line prints them, a query can be played, and a mistake in the text is named
/// by the box's own line and column.
pub fn a_judges_whole_input(tab: &Tab, base: &str) {
    open(tab, base, "game=gridgame");
    wait(tab, "document.querySelector('#gg-board') && !PP.job");
    let paste = |text: &str| {
        let set = format!("(() => {{ document.querySelector('#gg-input').value = {}; }})()", serde_json::json!(text));
        eval(tab, &set);
        click(tab, "#gg-load");
    };
    let mut last = (String::new(), Vec::new());
    for sample in 1..=4 {
        let path = format!("{}/examples/gridgame/sample{sample}.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let printed = std::process::Command::new(env!("CARGO_BIN_EXE_perfectplay")).args(["gridgame", &path]).output();
        let printed = String::from_utf8(printed.unwrap().stdout).unwrap();
        let expected: Vec<String> = printed.split_whitespace().map(String::from).collect();
        paste(&text);
        let shown = wait(
            tab,
            &format!(
                "!PP.job && document.querySelectorAll('#gg-answers li').length === {} \
                 && [...document.querySelectorAll('#gg-answers li strong')].map(e => e.textContent)",
                expected.len()
            ),
        );
        assert_eq!(shown, serde_json::json!(expected), "sample {sample}");
        let header: Vec<&str> = text.split_whitespace().take(3).collect();
        let rows: Vec<&str> = text.lines().skip(1).take(header[0].parse().unwrap()).collect();
        assert_eq!(eval(tab, "PP.games.gridgame.state().rows"), serde_json::json!(rows), "sample {sample}");
        assert_eq!(eval(tab, "document.querySelector('#gg-k').value"), header[2], "sample {sample}");
        last = (text, expected);
    }
    // The first query, played: its cells get the tokens, and the player to move (the first) wins exactly when the
    // judge says "First".
    click(tab, "#gg-answers .gg-play-query");
    let xor =
        wait(tab, "!PP.job && PP.games.gridgame.state().moves && document.querySelector('#gg-status').dataset.xor");
    let query = last.0.lines().skip_while(|line| !line.trim().chars().all(|c| c.is_ascii_digit())).nth(1).unwrap();
    let cells: Vec<u64> = query.split_whitespace().map(|n| n.parse().unwrap()).collect();
    let tokens = eval(tab, "PP.games.gridgame.state().tokens.flat()");
    assert_eq!(tokens, serde_json::json!(cells));
    assert_eq!(xor != "0", last.1[0] == "First", "{xor}");
    // A wrong cell in the pasted text: the box's line 3, column 2.
    paste("2 2 0\n.#\n.x\n1\n1 1\n");
    let message = wait(tab, "!document.getElementById('error').hidden && document.getElementById('error').textContent");
    assert!(message.as_str().unwrap().starts_with("Board (the judge's input): line 3, column 2: "), "{message}");

    // The project's own input of several tokens a query, a line each: read as `--tokens` reads it, its answers the
    // command line's, and the query of three tokens played with its three tokens.
    let path = format!("{}/examples/gridgame/tokens.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let printed =
        std::process::Command::new(env!("CARGO_BIN_EXE_perfectplay")).args(["gridgame", "--tokens", &path]).output();
    let expected: Vec<String> =
        String::from_utf8(printed.unwrap().stdout).unwrap().split_whitespace().map(String::from).collect();
    assert_eq!(expected.len(), 3, "{expected:?}");
    paste(&text);
    let shown = wait(
        tab,
        "!PP.job && document.querySelector('#gg-answers[data-several]') \
         && [...document.querySelectorAll('#gg-answers li strong')].map(e => e.textContent)",
    );
    assert_eq!(shown, serde_json::json!(expected), "tokens.txt");
    assert_eq!(eval(tab, "document.getElementById('error').hidden"), true, "no message");
    click(tab, "#gg-answers .gg-play-query[data-query='2']");
    let xor = wait(
        tab,
        "!PP.job && PP.games.gridgame.state().moves?.length === 3 && document.querySelector('#gg-status').dataset.xor",
    );
    assert_eq!(eval(tab, "PP.games.gridgame.state().tokens"), serde_json::json!([[3, 2], [1, 5], [4, 5]]));
    assert_eq!(xor != "0", expected[2] == "First", "{xor}");
    // A mistake in such an input is named as such: a query's last cell without its column.
    paste(&text.replace("4 5\n", "4\n"));
    let message = wait(
        tab,
        "!PP.job && !document.getElementById('error').hidden && document.getElementById('error').textContent",
    );
    assert!(
        message
            .as_str()
            .unwrap()
            .starts_with("Board (the judge's input, several tokens a query, a line each): line 9, column "),
        "{message}"
    );
}

/// A click's meaning: before the first move a click on an open cell puts one more token, also where the selected
/// token could move (nothing is played by surprise), and a line under the status says so; a click on a token
/// outlines its moves, and a click on one of them moves it, also onto another token's cell (tokens are separate
/// games and may share one): the outlined move wins over selecting the token there, which the "token" list does.
pub fn a_click_puts_a_token_or_plays_an_outlined_move(tab: &Tab, base: &str) {
    let state = |what: &str| eval(tab, &format!("PP.games.gridgame.state().{what}"));
    open(tab, base, "game=gridgame&board=.../.../...&k=1");
    wait(tab, "document.querySelector('#gg-board') && !PP.job");
    watch_errors(tab);
    click(tab, "[data-cell='1,1']");
    wait(tab, "PP.games.gridgame.state().moves?.length === 1 && !PP.job");
    assert_eq!(
        eval(tab, "document.querySelector('#gg-board [data-move]')"),
        serde_json::Value::Null,
        "nothing outlined"
    );
    let hint = eval(tab, "document.querySelector('#gg-hint').textContent");
    assert!(
        hint.as_str()
            .unwrap()
            .starts_with("Click open cells to put more tokens. To make the first move, click a token"),
        "{hint}"
    );
    // (1, 2), where the token could move: a second token.
    click(tab, "[data-cell='1,2']");
    wait(tab, "PP.games.gridgame.state().moves?.length === 2 && !PP.job");
    assert_eq!((state("tokens"), state("history.length")), (serde_json::json!([[1, 1], [1, 2]]), serde_json::json!(0)));
    // A click on token 1 outlines its moves; a click on one of them, (2, 2), is the first move.
    click(tab, "[data-cell='1,1']");
    let outlined = wait(tab, "[...document.querySelectorAll('#gg-board [data-move]')].map(e => e.dataset.cell)");
    assert_eq!(outlined, serde_json::json!(["1,2", "2,1", "2,2"]));
    assert!(
        eval(tab, "document.querySelector('#gg-hint').textContent")
            .as_str()
            .unwrap()
            .starts_with("Click one of token 1's outlined cells")
    );
    click(tab, "[data-cell='2,2']");
    wait(tab, "PP.games.gridgame.state().history.length >= 1");
    assert_eq!(
        eval(tab, "PP.games.gridgame.state().history[0]"),
        serde_json::json!({"token": 0, "from": [1, 1], "to": [2, 2]})
    );
    settle(tab);

    // Two tokens on a row, the user playing both sides: token 1 moves right next to token 2, then onto its cell.
    open(tab, base, "game=gridgame&board=..../..../....&k=0&tokens=1.1-1.3&solver=off");
    wait(tab, "PP.games.gridgame.state().moves?.length === 2 && !PP.job");
    watch_errors(tab);
    click(tab, "[data-cell='1,1']");
    click(tab, "[data-cell='1,2']");
    wait(tab, "PP.games.gridgame.state().history.length === 1 && PP.games.gridgame.state().moves && !PP.job");
    assert_eq!(state("tokens"), serde_json::json!([[1, 2], [1, 3]]));
    click(tab, "[data-cell='1,2']");
    let outlined = wait(tab, "[...document.querySelectorAll('#gg-board [data-move]')].map(e => e.dataset.cell)");
    assert_eq!(outlined, serde_json::json!(["1,3", "2,2"]));
    click(tab, "[data-cell='1,3']");
    wait(tab, "PP.games.gridgame.state().history.length === 2 && PP.games.gridgame.state().moves && !PP.job");
    assert_eq!(state("tokens"), serde_json::json!([[1, 3], [1, 3]]));
    // Two tokens on one cell: both drawn there; the list selects token 2, whose moves are then outlined.
    assert_eq!(eval(tab, "document.querySelectorAll(\"#gg-board [data-cell='1,3'] .token\").length"), 2);
    eval(
        tab,
        "(() => { const list = document.querySelector('#gg-token'); list.value = '1'; list.dispatchEvent(new Event('change')); })()",
    );
    assert_eq!(state("selected"), 1);
    assert_eq!(eval(tab, "document.querySelector('#gg-board .token.selected').textContent"), "2");
    assert_eq!(page_errors(tab), serde_json::json!([]));
}

/// The solver's move is pending for a moment after yours: removing the tokens then, or showing another game, leaves
/// it unplayed (no error, no move in a game cleared away, no grid game written into another game's link).
pub fn the_solvers_pending_move_is_dropped_with_its_game(tab: &Tab, base: &str) {
    let state = |what: &str| eval(tab, &format!("PP.games.gridgame.state().{what}"));
    let moved = "PP.games.gridgame.state().history.length === 1 && PP.games.gridgame.state().moves && !PP.job";
    for then in ["document.querySelector('#gg-clear').click()", "location.hash = '#game=footholds'"] {
        open(tab, base, "game=gridgame&board=..../..../....&k=0&tokens=1.1");
        wait(tab, "PP.games.gridgame.state().moves && !PP.job");
        watch_errors(tab);
        tab.press_key("ArrowDown").unwrap();
        // At once when your move's answer has come: the solver would answer 350 ms later.
        wait(tab, &format!("{moved} && ({then}, true)"));
        std::thread::sleep(std::time::Duration::from_millis(700));
        settle(tab);
        assert_eq!(page_errors(tab), serde_json::json!([]), "{then}");
        if then.contains("gg-clear") {
            assert_eq!((state("tokens"), state("history.length")), (serde_json::json!([]), serde_json::json!(0)));
        } else {
            wait(tab, "PP.games.footholds.state().answer");
            assert_eq!(eval(tab, "location.hash.includes('tokens')"), false, "{}", eval(tab, "location.hash"));
        }
    }
}
