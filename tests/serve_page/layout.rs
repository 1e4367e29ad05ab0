//! The layout: charts that stay readable, and every game fitting a phone's width.

use crate::browser::*;
use headless_chrome::Tab;
use std::time::Duration;

/// The charts stay readable: y labels apart when all values are below the axis (B winning), and small chances'
/// bars visible on a 0–1 axis with a long x axis.
pub fn charts(tab: &Tab) {
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
    // The notes stand above the plot, a line each, in room kept for them: the tallest bar at the right end and a
    // curve climbing to the top right corner pass under none of their letters; the plot keeps its height.
    let notes = eval(
        tab,
        "(() => { const svg = PP.chart({ series: [{ points: [[0, 0], [10, 1]], color: '#000' }], xLabel: 'x', \
         bars: [[9, 0.1, '#56B4E9', ''], [10, 0.5, '#56B4E9', '']], note: 'one; two' }); \
         const top = Math.min(...[...svg.querySelectorAll('line')].map(l => Math.min(+l.getAttribute('y1'), +l.getAttribute('y2')))); \
         const bar = Math.min(...[...svg.querySelectorAll('rect.bar')].map(r => +r.getAttribute('y'))); \
         const ys = [...svg.querySelectorAll('polyline')].flatMap(p => p.getAttribute('points').split(' ').map(xy => +xy.split(',')[1])); \
         const bottom = +svg.getAttribute('viewBox').split(' ')[3] - 36; \
         return [[...svg.querySelectorAll('text')].filter(t => /^(bars|one|two)/.test(t.textContent)) \
           .map(t => [t.textContent, +t.getAttribute('y') + 4 <= Math.min(top, bar, ...ys)]), bottom - top]; })()",
    );
    let expected = ["bars: tallest 50%", "one", "two"].map(|text| serde_json::json!([text, true]));
    assert_eq!(notes, serde_json::json!([expected, 200]));
}

/// On a phone-sized window every game fits the width: nothing sticks out to the right.
pub fn phone_sized(tab: &Tab, base: &str) {
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
    // Snakes: the Roll button just above the board, so that the token is seen moving.
    open(tab, base, "game=snakes");
    let places = wait(
        tab,
        "!PP.job && document.querySelector('#sn-board') && [document.querySelector('#sn-roll').getBoundingClientRect().bottom, \
         document.querySelector('#sn-board').getBoundingClientRect().top]",
    );
    let (roll, board) = (places[0].as_f64().unwrap(), places[1].as_f64().unwrap());
    assert!(roll <= board && board - roll < 200.0, "the Roll button ends at {roll}, the board starts at {board}");
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

/// On a phone, a message is seen wherever the page is scrolled: the bar at the top of the window holds it (a
/// board typed at the bottom of the page is refused in view), and its × dismisses it. The map of a wide board's
/// start pairs fits the width too.
pub fn messages_and_maps_on_a_phone(tab: &Tab, base: &str) {
    let phone =
        headless_chrome::types::Bounds::Normal { left: None, top: None, width: Some(390.0), height: Some(700.0) };
    tab.set_bounds(phone).unwrap();
    open(tab, base, "game=gridgame");
    wait(tab, "document.querySelector('#gg-board') && !PP.job");
    eval(tab, "(() => { document.querySelector('#gg-input').value = '..x\\n...'; })()");
    tab.find_element("#gg-load").unwrap().scroll_into_view().unwrap();
    tab.find_element("#gg-load").unwrap().click().unwrap();
    wait(tab, "!document.getElementById('error').hidden");
    let place = eval(
        tab,
        "(() => { const r = document.getElementById('error').getBoundingClientRect(); return [r.top, r.bottom, innerHeight, scrollY]; })()",
    );
    let at = |i: usize| place[i].as_f64().unwrap();
    assert!(at(3) > 100.0, "the page is scrolled: {place}");
    assert!(at(0) >= 0.0 && at(1) <= at(2), "the message is in the window: {place}");
    tab.find_element("#error-close").unwrap().click().unwrap();
    wait(tab, "document.getElementById('error').hidden && document.getElementById('error-bar').hidden");

    // A footholds board of 2 × 20 (footholds on its first row): each map of B's starts is 20 cells wide.
    let rows = [vec![1; 20], vec![0; 20]];
    open(tab, base, &format!("game=footholds&board={}&a=0,0&b=0,19", serde_json::json!(rows)));
    wait(tab, "PP.games.footholds.state().answer && !PP.job");
    click(tab, "#fh-map-button");
    wait(tab, "document.querySelectorAll('#fh-map .minimap button').length === 20 * 40 && !PP.job");
    let widths = eval(tab, "[document.documentElement.scrollWidth, window.innerWidth]");
    assert!(widths[0].as_u64() <= widths[1].as_u64(), "the map is wider than the phone: {widths}");

    // The charts keep their text's size on a phone (a chart is narrower instead), each text inside its chart, and
    // their titles wrap in the page's width.
    charts_keep_their_text(tab, base, "a phone");
    // And on the narrowest phones, 320 px wide.
    let narrowest =
        headless_chrome::types::Bounds::Normal { left: None, top: None, width: Some(320.0), height: Some(700.0) };
    tab.set_bounds(narrowest).unwrap();
    charts_keep_their_text(tab, base, "a 320 px phone");
    let desktop =
        headless_chrome::types::Bounds::Normal { left: None, top: None, width: Some(1200.0), height: Some(1000.0) };
    tab.set_bounds(desktop).unwrap();
}

/// The charts of every game keep their text's size in the window as it is (a chart is narrower instead), each text
/// inside its chart, and their titles wrap in the page's width.
fn charts_keep_their_text(tab: &Tab, base: &str, window: &str) {
    for (game, ready) in [
        ("snakes", "PP.games.snakes.state().solved"),
        ("footholds", "PP.games.footholds.state().answer"),
        ("gridgame&tokens=1.1", "PP.games.gridgame.state().moves"),
    ] {
        open(tab, base, &format!("game={game}"));
        wait(tab, &format!("{ready} && !PP.job"));
        let charts = eval(
            tab,
            "[...document.querySelectorAll('svg.chart:not(#sn-board)')].map(svg => { const box = svg.getBoundingClientRect(); \
             const texts = [...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect()); \
             const caption = svg.closest('figure')?.querySelector('figcaption')?.getBoundingClientRect(); \
             const axis = [...svg.querySelectorAll('text.x-label')].map(t => t.getBoundingClientRect()).sort((a, b) => a.left - b.left); \
             const crowded = axis.filter((r, i) => i > 0 && r.left < axis[i - 1].right + 1).length; \
             return [Math.min(...texts.map(r => r.height)), texts.filter(r => r.left < box.left - 0.5 || r.right > box.right + 0.5).length, \
             caption ? caption.right <= innerWidth : false, crowded]; })",
        );
        let charts = charts.as_array().unwrap();
        assert!(!charts.is_empty(), "{game}: no chart");
        for chart in charts {
            assert!(
                chart[0].as_f64().unwrap() >= 11.0,
                "{game} in {window}: a chart's text is too small to read: {chart}"
            );
            assert_eq!(chart[1], 0, "{game} in {window}: a text sticks out of its chart: {chart}");
            assert_eq!(chart[2], true, "{game} in {window}: the title is not in the window: {chart}");
            assert_eq!(chart[3], 0, "{game} in {window}: the labels of the horizontal axis run together: {chart}");
        }
    }
}

/// In a window of 640 px (a laptop's at 200 % zoom), where a game's two panels share the row, the charts' text
/// keeps its size too: a chart is as wide as its panel, not as the window.
pub fn charts_at_200_percent_zoom(tab: &Tab, base: &str) {
    let zoomed =
        headless_chrome::types::Bounds::Normal { left: None, top: None, width: Some(640.0), height: Some(800.0) };
    tab.set_bounds(zoomed).unwrap();
    charts_keep_their_text(tab, base, "a 640 px window");
    let desktop =
        headless_chrome::types::Bounds::Normal { left: None, top: None, width: Some(1200.0), height: Some(1000.0) };
    tab.set_bounds(desktop).unwrap();
}

/// The keyboard focus and the selected token stand out on every cell colour, for colour-blind eyes too: a contrast
/// of at least 3 : 1 (WCAG's for what is not text) against the win, lose and wall colours of the cell under them.
pub fn focus_and_selection_stand_out(tab: &Tab, base: &str) {
    open(tab, base, "game=gridgame&board=.#../..../....&k=0&tokens=1.1-1.3");
    wait(tab, "PP.games.gridgame.state().moves && !PP.job");
    // The WCAG contrast of the last colour in a computed style (the outermost ring of a box shadow) on a cell's own.
    let contrast = |element: &str, property: &str| {
        eval(
            tab,
            &format!(
                "(() => {{ const lum = (css) => {{ const [r, g, b] = css.match(/rgba?\\(([^)]*)\\)/g).pop().match(/[\\d.]+/g).map(Number) \
                 .map(v => v / 255).map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4); \
                 return 0.2126 * r + 0.7152 * g + 0.0722 * b; }}; \
                 const e = document.querySelector(\"{element}\"); const cell = e.closest('.cell'); \
                 const [a, b] = [lum(getComputedStyle(e).{property}), lum(getComputedStyle(cell).backgroundColor)]; \
                 return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); }})()"
            ),
        )
        .as_f64()
        .unwrap()
    };
    let selected = "#gg-board .token.selected";
    assert!(eval(tab, &format!("!!document.querySelector('{selected}')")).as_bool().unwrap());
    let ratio = contrast(selected, "boxShadow");
    assert!(ratio >= 3.0, "the selected token's ring: {ratio:.2} : 1");
    // The focus on a win, a lose and a wall cell.
    for cell in ["2,1", "2,2", "1,2"] {
        focus(tab, &format!("#gg-board [data-cell='{cell}']"));
        let ratio = contrast(&format!("#gg-board [data-cell='{cell}']"), "outlineColor");
        let class = eval(tab, &format!("document.querySelector(\"#gg-board [data-cell='{cell}']\").className"));
        assert!(ratio >= 3.0, "the focus on {cell} ({class}): {ratio:.2} : 1");
    }
}

/// On every footholds board the page allows, down to cells of 1rem (32 columns), the remoteness and the letters A
/// and B fit their cells and their tokens, in a font of at least 9 px or not at all; a cell's tooltip gives what it
/// holds, the remoteness in figures included.
pub fn footholds_labels_fit_their_cells(tab: &Tab, base: &str) {
    let misfits = "[...document.querySelectorAll('#footholds .board .cell')].flatMap(cell => { \
         const box = cell.getBoundingClientRect(); \
         const inside = (q, o) => q.left >= o.left - 0.5 && q.right <= o.right + 0.5 && q.top >= o.top - 0.5 && q.bottom <= o.bottom + 0.5; \
         return [...cell.querySelectorAll('.mark, .token')].map(part => { \
           const own = part.getBoundingClientRect(); const range = document.createRange(); range.selectNodeContents(part); \
           const text = range.getBoundingClientRect(); const size = parseFloat(getComputedStyle(part).fontSize); \
           const shown = size > 0 && text.width > 0; \
           const fits = inside(own, box) && (!shown || (size >= 9 && inside(text, own) && inside(text, box))); \
           return fits ? null : `${cell.dataset.cell} ${part.className} '${part.textContent}' ${size}px`; }); \
         }).filter(Boolean)";
    // A move onto the other player's cell: its number, where it meets the token, is drawn over it (the number's
    // box in front wherever they meet) on a plate of the cell's own colour, opaque, so that it reads on a black or
    // a white token alike.
    let covered = "[...document.querySelectorAll('#footholds .board .cell')].filter(c => c.querySelector('.mark') && c.querySelector('.token')).flatMap(cell => { \
         const mark = cell.querySelector('.mark'), token = cell.querySelector('.token'); \
         const range = document.createRange(); range.selectNodeContents(mark); const text = range.getBoundingClientRect(); \
         if (!(parseFloat(getComputedStyle(mark).fontSize) > 0 && text.width > 0)) return []; \
         const t = token.getBoundingClientRect(); \
         const meet = text.left < t.right && t.left < text.right && text.top < t.bottom && t.top < text.bottom; \
         if (!meet) return []; \
         const probe = document.createElement('style'); probe.textContent = '#footholds .board .mark, #footholds .board .token { pointer-events: auto !important; }'; \
         document.head.append(probe); \
         const x = (Math.max(text.left, t.left) + Math.min(text.right, t.right)) / 2, y = (Math.max(text.top, t.top) + Math.min(text.bottom, t.bottom)) / 2; \
         const top = document.elementFromPoint(x, y); probe.remove(); \
         const plate = getComputedStyle(mark).backgroundColor, fill = getComputedStyle(cell).backgroundColor; \
         return top === mark && plate === fill ? [] : [`${cell.dataset.cell} '${mark.textContent}' on ${top?.className} (plate ${plate}, cell ${fill})`]; })";
    // A move's `data-move` is "win 3": its tooltip says "win in 3".
    let tooltips = "[...document.querySelectorAll('#footholds [data-move]')].every(c => c.title.includes(': ' + c.dataset.move.replace(' ', ' in ')))";
    // A 3-row board of `cols` columns, A and B in the middle row: B two cells from A, next to A (A's move onto B's
    // cell), or on A's cell.
    for (cols, b) in [(3, 2), (3, 1), (12, 2), (12, 1), (20, 2), (20, 1), (24, 0), (32, 2), (32, 0)] {
        let board = format!("[{}]", vec![format!("[{}]", vec!["1"; cols].join(",")); 3].join(","));
        open(tab, base, &format!("game=footholds&board={board}&a=1,0&b=1,{b}"));
        wait(tab, "PP.games.footholds.state().answer && !PP.job");
        let cell = eval(tab, "document.querySelector('#footholds .board .cell').getBoundingClientRect().width");
        assert_eq!(eval(tab, misfits), serde_json::json!([]), "{cols} columns (cells {cell} px), B at 1,{b}");
        assert_eq!(eval(tab, tooltips), true, "{cols} columns: the moves' tooltips");
        assert_eq!(
            eval(tab, covered),
            serde_json::json!([]),
            "{cols} columns (cells {cell} px), B at 1,{b}: a number under a token"
        );
        let token = eval(tab, "document.querySelector(\"#footholds [data-cell='1,0']\").title");
        let here = if b == 0 { "A and B here" } else { "A here" };
        assert!(token.as_str().unwrap().ends_with(here), "{token}");
    }
}

/// Each game says how to play it, above the board: its rules, what its colours and numbers mean, its keys. The help
/// starts open on a wide window and closed on a phone (the board first), then stays as the user leaves it.
pub fn each_game_says_how_to_play(tab: &Tab, base: &str) {
    open(tab, base, "game=footholds");
    eval(tab, "localStorage.clear()");
    for (game, words) in [
        ("footholds", ["Rules.", "falls away", "arrow key"]),
        ("snakes", ["Rules.", "ladder", "space"]),
        ("gridgame", ["Rules.", "Grundy", "1–9"]),
    ] {
        open(tab, base, &format!("game={game}"));
        let help = wait(
            tab,
            "(() => { const h = document.getElementById('help'); return PP.current && [h.open, \
             document.getElementById('help-title').textContent, document.getElementById('help-text').textContent, \
             h.getBoundingClientRect().bottom < document.getElementById('main').getBoundingClientRect().top + 1]; })()",
        );
        assert_eq!(help[0], true, "{game}: open on a wide window");
        assert!(help[1].as_str().unwrap().starts_with(&format!("How to play {game}")), "{help}");
        for word in words {
            assert!(help[2].as_str().unwrap().contains(word), "{game}'s help says {word:?}: {help}");
        }
        assert_eq!(help[3], true, "{game}: the help is above the game");
    }
    // Closed by the user, it stays closed, after a reload and on another game's tab.
    click(tab, "#help-title");
    wait(tab, "!document.getElementById('help').open && localStorage.getItem('perfectplay.help') === 'closed'");
    open(tab, base, "game=footholds");
    wait(tab, "PP.current === 'footholds'");
    assert_eq!(eval(tab, "document.getElementById('help').open"), false);
    click(tab, "#help-title");
    wait(tab, "document.getElementById('help').open && localStorage.getItem('perfectplay.help') === 'open'");
    // On a phone, where nothing was chosen yet, the board comes first.
    eval(tab, "localStorage.clear()");
    let phone =
        headless_chrome::types::Bounds::Normal { left: None, top: None, width: Some(390.0), height: Some(844.0) };
    tab.set_bounds(phone).unwrap();
    open(tab, base, "game=gridgame");
    wait(tab, "PP.current === 'gridgame'");
    assert_eq!(eval(tab, "document.getElementById('help').open"), false, "closed on a phone");
    let desktop =
        headless_chrome::types::Bounds::Normal { left: None, top: None, width: Some(1200.0), height: Some(1000.0) };
    tab.set_bounds(desktop).unwrap();
    eval(tab, "localStorage.clear()");
}
