// The grid game: the board with its walls, every cell coloured by who wins from it (remoteness and Grundy value on
// hover), tokens put by clicking, and play against the solver; with several tokens, their Grundy values decide.
//
// A board has up to 300 × 300 cells: its grid is built once, when its table comes, and a move repaints only the
// cells whose marks change (the tokens' cells and the outlined moves), so a move costs the same on any board.
'use strict';

(() => {
  const SAMPLE = { k: 1, rows: ['....#.', '.#....', '...#..', '#.....', '..#...'] };
  /** The state of a link that gives no field: the sample board, no tokens, the solver answering. */
  const [s, restart] = PP.linkState(() => ({
    k: SAMPLE.k, rows: SAMPLE.rows,
    table: null, // the API's whole-board table: values, remoteness, grundy
    tokens: [], // 1-based [x, y] of each token
    history: [], redo: [], // moves played: {token, from, to}
    moves: null, // the API's moves of each token now
    selected: 0,
    // Before the first move, a token was clicked: its moves are outlined, and a click on one of them moves it (else a
    // click on an open cell puts one more token). Once the game is on, the selected token's moves are always outlined.
    picked: false,
    solverPlays: true, // the solver answers each of your moves
    over: null, // {moves} once the player to move cannot move
    failed: null, // what got no answer (cancelled, or an error): 'board' or 'moves'
    values: [], // per position reached: {first (the first player wins), remoteness (null with several tokens)}
    answers: null, // the judge's answers to the queries of an input pasted whole: [{cells, winner}]
    several: false, // that input has several tokens a query, a line each (read as the command line's --tokens reads it)
  }));
  let root;
  let parts = null; // the parts of the view redrawn on their own: status, board, controls; the board's input boxes
  let grid = null; // the board drawn: {table, element, cells (row by row), painted (cell key → what it shows)}
  let thinking = null;
  let moved = null; // the cell the user's last move went to, for the focus to follow it

  const cellKey = ([x, y]) => `${x},${y}`;
  const same = (p, q) => p[0] === q[0] && p[1] === q[1];

  const judge = (rows, k, queries) => `${rows.length} ${rows[0].length} ${k}\n${rows.join('\n')}\n${queries.length}\n`
    + queries.map((q) => q.flat().join(' ') + '\n').join('');

  /**
   * The server's messages name lines and columns of the judge text the page builds, which the user never saw: its
   * first line is "N M K" (N and M counted from the rows, K from its box), then a line a row, from the lines of
   * the box that are not blank (`typed`: for each row, its line in the box and the blanks cut before it). Says
   * them of what the user typed.
   */
  const explainer = (rows, typed) => (message) => {
    const found = /^input: line (\d+), column (\d+): (.*)$/s.exec(message);
    if (!found) return message;
    const [line, column] = [+found[1], +found[2]];
    // N and M are the numbers of rows and columns, which the page counts: said in words.
    const rest = found[3].replace(/every row must have M = (\d+) cells/, 'every row must have $1 cells, as the first row has')
      .replace(/min\(N - 1, M - 1\) = (\d+)/, '$1 (one less than the rows or the columns, whichever are fewer)');
    if (line === 1) {
      const k = `${rows.length} ${rows[0].length} `.length + 1;
      return column >= k ? `K (diagonal reach) box: ${rest.replace(/^K \(the diagonal reach\) /, '')}` : `Board: ${rest}`;
    }
    const row = typed[line - 2];
    return row ? `Board, line ${row.line}, column ${column + row.indent}: ${rest}` : rest;
  };

  /** Where the tokens stood before the moves played: the link gives these, and the moves from them. */
  const startTokens = () => {
    const tokens = s.tokens.slice();
    for (const m of [...s.history].reverse()) tokens[m.token] = m.from;
    return tokens;
  };

  const save = () => PP.writeHash({
    board: s.rows.join('/'), k: s.k,
    tokens: startTokens().map((t) => t.join('.')).join('-'),
    moves: s.history.map((m) => `${m.token}.${m.to.join('.')}`).join('-'),
    // Who plays is part of the position shared: the same moves, with the solver to answer or not, are not the same
    // game (the solver would answer the link's last move of the second player).
    solver: s.solverPlays ? '' : 'off',
  });

  const clearTokens = () => {
    // The solver's pending move was for the game cleared away.
    clearTimeout(thinking);
    s.tokens = []; s.history = []; s.redo = []; s.moves = null; s.over = null; s.values = []; s.picked = false;
    if (s.failed === 'moves') s.failed = null;
  };

  /**
   * Asks for the whole table of a board; the board shown (and its tokens, unless `keepTokens`) is replaced only
   * when the answer comes, so a refused board leaves the game shown playable.
   */
  const solveBoard = async (rows, k, { explain, keepTokens, judgeText } = {}) => {
    if (s.failed === 'board') s.failed = null;
    draw();
    const request = { input: judgeText ?? judge(rows, k, []), remoteness: true, grundy: true, table: true };
    let answer = await PP.ask('/api/gridgame', request, { explain });
    // A judge's input with several tokens on a query's line (examples/gridgame/tokens.txt) is refused as the judge
    // reads it, a token a query, with the server's word that such lines need `tokens`: it is then read so, a query a
    // line, as the command line's --tokens reads it (the table has the remoteness all the same). An input that both
    // readings take means the same to both (a line of two numbers a query), so no answer changes its meaning.
    let several = false;
    if (!answer && judgeText && !PP.job && PP.refused?.status === 400 && SEVERAL_TOKENS.test(PP.refused.message)) {
      const reread = (message) => message.replace(/^input: /, "Board (the judge's input, several tokens a query, a line each): ");
      answer = await PP.ask('/api/gridgame', { input: judgeText, grundy: true, table: true, tokens: true }, { explain: reread });
      several = true;
    }
    if (!answer) {
      if (!s.table && !PP.job) s.failed = 'board';
      return draw();
    }
    // A judge's input gives its board in its own text: the rows are read back from the table.
    s.rows = rows ?? answer.table.values.map((row) => [...row].map((v) => (v === '#' ? '#' : '.')).join(''));
    s.k = k ?? answer.table.k;
    s.answers = judgeText ? answer.answers : null;
    s.several = several;
    if (judgeText && parts) parts.k.value = s.k;
    s.table = answer.table;
    s.failed = null;
    if (!keepTokens) clearTokens();
    // A link's tokens: on open cells of the board, else none of them (nor the moves from them).
    const wrong = s.tokens.findIndex(([x, y]) => s.table.values[x - 1]?.[y - 1] === undefined || s.table.values[x - 1][y - 1] === '#');
    if (wrong >= 0) {
      linkNotes.push(`The link's token ${wrong + 1}, ${PP.quote(s.tokens[wrong].join('.'))}, is not an open cell of the board; the tokens are left off.`);
      clearTokens();
    }
    save();
    draw();
    if (s.tokens.length) await askMoves();
  };

  /** The legal moves of every token, from the API, and the end of the game when none is left. */
  const askMoves = async () => {
    save();
    s.moves = null;
    s.over = null;
    if (s.failed === 'moves') s.failed = null;
    if (!s.tokens.length) return draw();
    draw();
    const asked = JSON.stringify([s.rows, s.tokens, s.history.length]);
    const answer = await PP.ask('/api/gridgame/moves', { input: judge(s.rows, s.k, [s.tokens]), tokens: true });
    if (asked !== JSON.stringify([s.rows, s.tokens, s.history.length])) return;
    if (!answer) {
      if (!PP.job) s.failed = 'moves';
      return draw();
    }
    s.moves = answer.queries[0];
    if (s.moves.every((t) => t.moves.length === 0)) s.over = { moves: s.history.length };
    // The value history: who wins from here (the player to move when the Grundy values' XOR is not 0).
    const moverWins = s.moves.length === 1 ? s.moves[0].value === 'win' : xor(s.moves.map((t) => t.grundy)) !== 0;
    s.values.length = s.history.length;
    s.values.push({ first: moverWins === (s.history.length % 2 === 0), remoteness: s.moves.length === 1 ? s.moves[0].remoteness : null });
    draw();
    solverTurn();
  };

  /**
   * Who plays: you and the solver, you moving first, when the solver answers; else two players, both you.
   * `players()[n % 2]` makes move n + 1.
   */
  const players = () => (s.solverPlays ? ['you', 'the solver'] : ['the first player', 'the second player']);
  const mover = () => players()[s.history.length % 2];
  const yourTurn = () => !s.solverPlays || s.history.length % 2 === 0;
  const xor = (values) => values.reduce((x, g) => x ^ g, 0);
  const capital = (text) => text[0].toUpperCase() + text.slice(1);

  /**
   * The solver's choice from the API's values: with one token, the winning move of least remoteness or else the
   * losing move of greatest; with several, a move that leaves the XOR of the Grundy values at 0 when there is one.
   */
  const best = () => {
    const all = s.moves.flatMap((t, i) => t.moves.map((m) => ({ ...m, token: i })));
    if (s.moves.length === 1) {
      const score = (m) => (m.value === 'win' ? 1e6 - m.remoteness : m.remoteness);
      return all.sort((p, q) => score(q) - score(p))[0];
    }
    const total = xor(s.moves.map((t) => t.grundy));
    return all.find((m) => (total ^ s.moves[m.token].grundy ^ m.grundy) === 0) || all[0];
  };

  const solverTurn = () => {
    clearTimeout(thinking);
    if (!s.moves || s.over || yourTurn()) return;
    thinking = setTimeout(() => {
      // Whatever has happened since (every reset clears this timer), the solver moves only in the game it was asked.
      if (!s.moves || s.over || yourTurn()) return;
      const m = best();
      if (m) play(m.token, m.to);
    }, 350);
  };

  /** Moves a token (`byYou`: the user's move, whose focus follows the token). */
  const play = (token, to, byYou) => {
    moved = byYou ? cellKey(to) : null;
    s.history.push({ token, from: s.tokens[token], to });
    s.tokens = s.tokens.map((t, i) => (i === token ? to : t));
    s.redo = [];
    askMoves();
  };

  const undo = () => {
    clearTimeout(thinking);
    const back = () => {
      const m = s.history.pop();
      s.tokens = s.tokens.map((t, i) => (i === m.token ? m.from : t));
      s.redo.push(m);
    };
    if (!s.history.length) return;
    back();
    if (s.solverPlays && s.history.length % 2 === 1) back();
    askMoves();
  };

  const redo = () => {
    const m = s.redo.pop();
    if (!m) return;
    s.history.push(m);
    s.tokens = s.tokens.map((t, i) => (i === m.token ? m.to : t));
    askMoves();
  };

  /** The selected token's legal move to `to`, when it is the user's turn and there is one (the keys' moves). */
  const yourMove = (to) => (s.moves && !s.over && yourTurn()
    ? s.moves[s.selected]?.moves.find((m) => same(m.to, to)) : null);

  /** Whether the selected token's moves are outlined (and a click on one plays it): see `picked`. */
  const outlined = () => Boolean(s.moves && !s.over && yourTurn() && (s.history.length > 0 || s.picked));

  /** Selects token `i` and outlines its moves. */
  const pick = (i) => {
    s.selected = i;
    s.picked = true;
    draw();
  };

  /**
   * A click on a cell: an outlined cell moves the selected token there, whatever stands on the cell (tokens are
   * separate games and may share a cell); else a token's cell selects that token and outlines its moves; else,
   * before the first move, an open cell gets one more token (its moves outlined once it is clicked). So the first
   * move is always asked for: a click on a token, then on one of its outlined cells (or a key).
   */
  const click = (x, y) => {
    const move = outlined() ? yourMove([x, y]) : null;
    if (move) return play(s.selected, move.to, true);
    const here = s.tokens.map((t, i) => (same(t, [x, y]) ? i : -1)).filter((i) => i >= 0);
    if (here.length) return pick(here.includes(s.selected) ? s.selected : here[0]);
    // Before the first move: a click puts a token (the API checks the cell).
    if (s.history.length === 0 && s.table && s.table.values[x - 1][y - 1] !== '#') {
      s.tokens.push([x, y]);
      s.selected = s.tokens.length - 1;
      s.picked = false;
      askMoves();
    }
  };

  /** Arrows and digits move the selected token, by a legal move only; any other key is left alone. */
  const key = (name) => {
    if (name === 'u') return undo(), true;
    if (name === 'y') return redo(), true;
    const step = { ArrowDown: [1, 0], ArrowRight: [0, 1] }[name] || (/^[1-9]$/.test(name) ? [+name, +name] : null);
    const t = s.tokens[s.selected];
    if (!step || !t) return false;
    const move = yourMove([t[0] + step[0], t[1] + step[1]]);
    if (!move) return false;
    play(s.selected, move.to, true);
    return true;
  };

  /**
   * A move's value for you: with one token, the API's; with several, a move wins exactly when it leaves the XOR of
   * the Grundy values (the API's) at 0, and its remoteness is not known.
   */
  const moveValue = (move) => {
    if (!move || s.moves.length === 1) return move;
    const rest = xor(s.moves.map((t) => t.grundy)) ^ s.moves[s.selected].grundy;
    return { ...move, value: (rest ^ move.grundy) === 0 ? 'win' : 'lose', remoteness: '' };
  };

  /**
   * What a cell holds for a token standing there alone: said by its tooltip, which gives the remoteness on a cell too
   * small to draw it in.
   */
  const describe = (t, x, y) => `(${x}, ${y}): the player to move ${t.values[x - 1][y - 1] === 'W' ? 'wins' : 'loses'} `
    + `in ${t.remoteness[x - 1][y - 1]}; Grundy value ${t.grundy[x - 1][y - 1]}`;

  /** Boards up to this many cells are drawn at once; on larger ones a row is drawn when it comes near the screen. */
  const DRAWN_AT_ONCE = 10000;

  /**
   * The grid of a table's cells, each coloured by its value, with its remoteness; one listener for all clicks. The
   * cells stand in rows of their own, which the browser neither lays out nor paints while they are off the screen
   * (`content-visibility`), and a change in one cell lays out only its row. On a large board a row is not even
   * laid out once until it comes near the screen (class `shown`); focusing a cell shows its row.
   */
  const buildGrid = (t) => {
    // The board's widest remoteness sets the font of them all (see `digits-N` in the style).
    const widest = Math.max(0, ...t.remoteness.map((row) => Math.max(0, ...row.map((r) => r ?? 0))));
    const digits = Math.min(5, String(widest).length);
    const element = PP.el('div', { class: `board rows digits-${digits}`, id: 'gg-board', role: 'group',
      'aria-label': `board of ${t.rows} rows and ${t.cols} columns`, style: `${PP.boardStyle(t.cols)}; --cols: ${t.cols}` });
    const cells = [];
    const rows = [];
    const shown = t.rows * t.cols <= DRAWN_AT_ONCE;
    for (let r = 0; r < t.rows; r++) {
      const values = t.values[r];
      let html = '';
      for (let c = 0; c < t.cols; c++) {
        const v = values[c];
        const x = r + 1, y = c + 1;
        if (v === '#') {
          html += `<button type="button" class="cell wall" data-cell="${x},${y}" data-value="#" title="wall" aria-label="wall" tabindex="-1"></button>`;
        } else {
          const title = describe(t, x, y);
          html += `<button type="button" class="cell ${v === 'W' ? 'win' : 'lose'}" data-cell="${x},${y}" data-value="${v}" title="${title}" `
            + `aria-label="${title}"><span class="mark">${t.remoteness[r][c]}</span></button>`;
        }
      }
      const row = document.createElement('div');
      row.className = shown ? 'board-row shown' : 'board-row';
      row.innerHTML = html;
      cells.push(...row.children);
      rows.push(row);
    }
    element.append(...rows);
    element.addEventListener('click', (event) => {
      const cell = event.target.closest('[data-cell]');
      if (cell) click(...cell.dataset.cell.split(',').map(Number));
    });
    let observer = null;
    if (!shown) {
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.classList.add('shown');
          observer.unobserve(entry.target);
        }
      }, { rootMargin: '25% 0px' });
      for (const row of rows) observer.observe(row);
    }
    return { table: t, element, cells, painted: new Map(), observer, playing: false };
  };

  const mark = (text) => PP.el('span', { class: 'mark', text });

  /** The drawn cell of a cell key `x,y` (1-based), or undefined off the board. */
  const cellAt = (k) => {
    const [x, y] = k.split(',').map(Number);
    return grid.cells[(x - 1) * grid.table.cols + (y - 1)];
  };

  /**
   * Paints on the grid what changes with the play: the tokens (a token covers its cell's remoteness, which is in
   * the status line and on hover) and the selected token's moves, outlined in their value for you. Only the cells
   * whose marks differ from the last painting are touched.
   */
  const paint = () => {
    const t = grid.table;
    const want = new Map();
    const at = (cell) => {
      const k = cellKey(cell);
      if (!want.has(k)) want.set(k, { move: null, tokens: [] });
      return want.get(k);
    };
    const selected = outlined() ? s.moves[s.selected] : null;
    for (const m of selected?.moves || []) at(m.to).move = moveValue(m);
    s.tokens.forEach((token, i) => at(token).tokens.push(i));
    const shown = new Map();
    for (const [k, marks] of want) {
      const { move, tokens } = marks;
      shown.set(k, `${move ? `${move.value} ${move.remoteness}` : ''}|${tokens.map((i) => (i === s.selected ? `*${i}` : i)).join(',')}`);
    }
    for (const k of new Set([...grid.painted.keys(), ...shown.keys()])) {
      if (grid.painted.get(k) === shown.get(k)) continue;
      const [x, y] = k.split(',').map(Number);
      const cell = cellAt(k);
      if (!cell) continue;
      const v = t.values[x - 1][y - 1];
      const { move, tokens } = want.get(k) || { move: null, tokens: [] };
      cell.className = `cell ${v === '#' ? 'wall' : v === 'W' ? 'win' : 'lose'}${move ? ` move move-${move.value}` : ''}`;
      if (move) cell.dataset.move = `${move.value} ${move.remoteness}`;
      else delete cell.dataset.move;
      // What a screen reader says of the cell, and its tooltip: its value, then its tokens and the move there (on a
      // cell too small for the figures, the tooltip is what gives them).
      const here = tokens.map((i) => `token ${i + 1}${i === s.selected ? ' (selected)' : ''} here`);
      const moveTo = move ? [`a move for you: ${move.value}${move.remoteness === '' ? '' : ` in ${move.remoteness}`}`] : [];
      if (v !== '#') {
        const label = [describe(t, x, y), ...here, ...moveTo].join('; ');
        cell.setAttribute('aria-label', label);
        cell.title = label;
      }
      if (tokens.length) {
        cell.replaceChildren(...tokens.map((i) => PP.el('span', { class: `token A${i === s.selected ? ' selected' : ''}`, text: String(i + 1) })));
      } else {
        cell.replaceChildren(...(v === '#' ? [] : [mark(t.remoteness[x - 1][y - 1])]));
      }
    }
    tabStops(grid.painted, shown);
    grid.painted = shown;
  };

  /**
   * Which cells the Tab key stops at. Before the first move any open cell can take a token, so every one does
   * (walls never); once the game is on, only the tokens and the selected token's moves, which is all a click can
   * do there: on a 300 × 300 board the next control after the board would otherwise be 90 000 presses away.
   * `before` and `now` are the marked cells (tokens and moves) of the last painting and of this one.
   */
  const tabStops = (before, now) => {
    const playing = s.history.length > 0;
    if (grid.playing !== playing) {
      grid.playing = playing;
      for (const cell of grid.cells) cell.tabIndex = playing || cell.dataset.value === '#' ? -1 : 0;
    } else if (playing) {
      for (const k of before.keys()) if (!now.has(k) && cellAt(k)) cellAt(k).tabIndex = -1;
    }
    if (playing) for (const k of now.keys()) if (cellAt(k)) cellAt(k).tabIndex = 0;
  };

  const status = () => {
    const failed = (what, again) => PP.el('p', { class: 'verdict', id: 'gg-status', 'data-failed': 'true' },
      `No answer for ${what} (cancelled, or see the message above). `,
      PP.el('button', { type: 'button', id: 'gg-again', onclick: again, text: 'Ask again' }));
    if (s.failed === 'board') return failed('the board', () => solveBoard(s.rows, s.k, { keepTokens: true }));
    if (s.failed === 'moves') return failed("the tokens' moves", () => askMoves());
    const [first] = players();
    if (s.table && !s.table.values.some((row) => row.includes('W') || row.includes('L'))) {
      return PP.el('p', { class: 'verdict', id: 'gg-status',
        text: 'This board has no open cell for a token: open some cells (.) in the board\'s text, then Solve.' });
    }
    if (!s.tokens.length) {
      return PP.el('p', { class: 'verdict', id: 'gg-status',
        text: `Click open cells to put one or more tokens, then click a token and one of its outlined cells to move: ${first} move${first === 'you' ? '' : 's'} first.` });
    }
    if (s.over) {
      const loser = players()[s.over.moves % 2], winner = players()[(s.over.moves + 1) % 2];
      return PP.el('p', { class: 'verdict', id: 'gg-status', 'data-over': 'true', 'data-moves': s.over.moves, 'data-winner': winner,
        text: `Game over after ${s.over.moves} move${s.over.moves === 1 ? '' : 's'}: ${loser} cannot move, ${winner} win${winner === 'you' ? '' : 's'}.` });
    }
    if (!s.moves) return PP.el('p', { class: 'verdict', id: 'gg-status', text: 'solving…' });
    const g = s.moves.map((t) => t.grundy);
    const total = xor(g);
    const who = mover();
    // One token: its Grundy value and remoteness; several: the XOR of their values, which decides.
    const grundy = g.length === 1 ? `Grundy value ${total}` : `Grundy values ${g.join(' ⊕ ')} = ${total}`;
    return [PP.el('p', { class: 'verdict', id: 'gg-status', 'data-xor': total, 'data-mover': who },
      `${who === 'you' ? 'Your' : `${capital(who)}'s`} move. ${grundy}: the player to move `,
      PP.el('span', { class: `swatch spaced ${total ? 'win' : 'lose'}` }), total ? 'wins' : 'loses',
      g.length === 1 ? ` in ${s.moves[0].remoteness}.` : '.'), hint()];
  };

  /** Before the first move, what a click does: put a token, or (on a clicked token's outlined cells) move. */
  const hint = () => {
    if (s.history.length || !yourTurn()) return null;
    const n = s.selected + 1;
    const text = s.picked
      ? `Click one of token ${n}'s outlined cells to make the first move (or press an arrow key or 1–9); a click on `
        + 'any other open cell puts one more token.'
      : 'Click open cells to put more tokens. To make the first move, click a token: its moves are outlined; then '
        + 'click one of them (or press an arrow key or 1–9 to move the selected token).';
    return PP.el('p', { id: 'gg-hint', 'data-picked': s.picked, text });
  };

  const controls = () => [
    PP.el('button', { type: 'button', id: 'gg-undo', onclick: undo, disabled: !s.history.length, text: 'Undo (u)' }),
    PP.el('button', { type: 'button', id: 'gg-redo', onclick: redo, disabled: !s.redo.length, text: 'Redo (y)' }),
    PP.el('button', { type: 'button', id: 'gg-clear', text: 'Remove tokens', onclick: () => { clearTokens(); save(); draw(); } }),
    // Which token moves: also how to select a token that stands on one of the selected token's outlined cells
    // (a click there moves the selected token).
    s.tokens.length > 1 ? PP.el('label', {}, 'token ', PP.el('select', { id: 'gg-token', onchange: (e) => pick(+e.target.value) },
      s.tokens.map(([x, y], i) => PP.el('option', { value: i, selected: i === s.selected, text: `${i + 1} at (${x}, ${y})` })))) : null,
    PP.el('label', {}, PP.el('input', { type: 'checkbox', id: 'gg-solver', checked: s.solverPlays,
      onchange: (e) => { s.solverPlays = e.target.checked; save(); draw(); solverTurn(); } }), ' the solver answers'),
  ];

  /**
   * The value history: for each position reached, who wins (the first player above the axis, the second below)
   * and in how many moves (with several tokens only who wins is known: height 1); a move that threw the game away
   * rings the position after it.
   */
  const historyChart = () => {
    if (!s.values.length) return null;
    const [first, second] = players();
    const dots = s.values.map((v, i) => {
      const threw = i > 0 && s.values[i - 1].first !== v.first;
      const winner = v.first ? first : second;
      const height = v.remoteness ?? 1;
      const moves = v.remoteness === null ? '' : ` in ${v.remoteness}`;
      return [i, v.first ? height : -height, v.first ? PP.colors.win : PP.colors.lose,
        `${i ? `after move ${i}` : 'start'}: ${winner} win${winner === 'you' ? '' : 's'}${moves}${threw ? ' — the previous move threw the game away' : ''}`, threw];
    });
    const height = s.moves?.length > 1 || s.values.some((v) => v.remoteness === null) ? 'height 1: several tokens' : 'height: moves left';
    return PP.chart({
      title: `Value history: ${first} ${first === 'you' ? 'win' : 'wins'} above the axis, ${second} below; ${height}`,
      xLabel: 'moves played', series: [{ points: dots.map((d) => [d[0], d[1]]), color: '#888', dots }],
    });
  };

  /** The judge's answers shown at most: a list of thousands would bury the board (the command line prints all). */
  const ANSWERS_SHOWN = 100;

  /** The judge's answers to a pasted input's queries, as the judge prints them, each a game to play. */
  const judgeAnswers = () => {
    if (!s.answers) return null;
    const playIt = (cells) => () => {
      clearTokens();
      s.tokens = cells.map((c) => c.slice());
      s.selected = 0;
      askMoves();
    };
    const items = s.answers.slice(0, ANSWERS_SHOWN).map((a, i) => PP.el('li', {},
      `${a.cells.map(([x, y]) => `(${x}, ${y})`).join(' ')}: `, PP.el('strong', { text: a.winner }), ' ',
      PP.el('button', { type: 'button', class: 'gg-play-query', 'data-query': i, onclick: playIt(a.cells),
        'aria-label': `play query ${i + 1}`, text: 'play it' })));
    const more = s.answers.length > ANSWERS_SHOWN
      ? PP.el('p', { text: `(the first ${ANSWERS_SHOWN} of ${s.answers.length} queries)` }) : null;
    const reading = s.several ? '; several tokens a query, a line each, as perfectplay gridgame --tokens reads them' : '';
    return PP.el('section', { id: 'gg-answers', 'data-several': s.several },
      PP.el('h2', { text: `The judge's answers (First: the player who moves first wins${reading})` }), PP.el('ol', {}, items), more);
  };

  const draw = () => {
    if (!root) return;
    PP.render(parts.status, status());
    PP.render(parts.answers, judgeAnswers());
    PP.render(parts.chart, historyChart());
    if (s.table && grid?.table !== s.table) {
      grid?.observer?.disconnect();
      grid = buildGrid(s.table);
      PP.render(parts.board, grid.element);
    }
    if (grid) {
      paint();
      PP.follow(parts.board, moved);
    }
    PP.render(parts.controls, controls());
    moved = null;
  };

  /** The server's hint that a judge's input has several tokens on a query's line, which its option `tokens` reads. */
  const SEVERAL_TOKENS = /several tokens on a line need the option `tokens: true`/;

  /** The first line of a whole BOJ 28218 input, "N M K": the board box holds the judge's input, not rows alone. */
  const JUDGE_HEADER = /^\s*\d+\s+\d+\s+\d+\s*$/;

  /**
   * The Solve button: the rows typed (blank lines left out) and K, checked by the API; or, when the box holds a
   * whole judge input (N M K, the rows, Q and the queries), that text as the judge gives it: its K is the K, the
   * API's messages name the box's own lines, and the judge's answers to its queries are listed.
   */
  const load = () => {
    const first = parts.text.value.split('\n').find((line) => line.trim());
    if (first !== undefined && JUDGE_HEADER.test(first)) {
      const explain = (message) => message.replace(/^input: /, "Board (the judge's input): ");
      return solveBoard(null, null, { explain, judgeText: parts.text.value });
    }
    const rows = [], typed = [];
    parts.text.value.split('\n').forEach((line, i) => {
      const row = line.trim();
      if (!row) return;
      rows.push(row);
      typed.push({ line: i + 1, indent: line.length - line.trimStart().length });
    });
    // The API checks the rows; an empty board is not even a question to it.
    if (!rows.length) return PP.showError('Board: give at least one row of . (open) and # (wall); the board shown is kept.');
    const k = parts.k.value.trim();
    if (!k) return PP.showError('K (diagonal reach) box: give a whole number from 0; the board shown is kept.');
    solveBoard(rows, k, { explain: explainer(rows, typed) });
  };

  /** What is wrong with the link being shown, said once its board has been answered. */
  let linkNotes = [];

  const mount = (main, params) => {
    linkNotes = [];
    clearTimeout(thinking);
    // A link means the same whatever was shown before: the fields it leaves out take their defaults (the sample
    // board and its k; a board of the link's own has k 0 unless the link gives k, as in the API).
    restart();
    if (params.get('board')) {
      s.rows = params.get('board').split('/');
      s.k = 0;
    }
    if (params.has('k')) {
      const k = params.get('k');
      if (/^\d{1,9}$/.test(k)) s.k = +k;
      else linkNotes.push(`The link's k ${PP.quote(k)} is not a whole number from 0; k ${s.k} is used.`);
    }
    const solver = params.get('solver') ?? '';
    if (!['', 'on', 'off'].includes(solver)) linkNotes.push(`The link's solver ${PP.quote(solver)} is not on or off; the solver answers.`);
    s.solverPlays = solver !== 'off';
    // A link's tokens, `x.y` each (1-based); whether they are open cells is seen when the board's table comes.
    const tokens = (params.get('tokens') || '').split('-').filter(Boolean);
    const wrong = tokens.findIndex((t) => !/^\d{1,9}\.\d{1,9}$/.test(t));
    if (wrong >= 0) linkNotes.push(`The link's token ${wrong + 1}, ${PP.quote(tokens[wrong])}, is not a cell x.y; the tokens are left off.`);
    s.tokens = wrong >= 0 ? [] : tokens.map((t) => t.split('.').map(Number));
    grid = null;
    const text = PP.el('textarea', { id: 'gg-input', rows: 6, 'aria-label': 'board rows' });
    text.value = s.rows.join('\n');
    const k = PP.el('input', { type: 'number', min: 0, value: s.k, id: 'gg-k' });
    parts = { status: PP.el('div'), board: PP.el('div'), controls: PP.el('div', { class: 'controls' }), text, k,
      answers: PP.el('div'),
      chart: PP.el('div', { id: 'gg-history' }) };
    root = PP.el('div', { id: 'gridgame' }, PP.el('div', { class: 'row' },
      PP.el('div', { class: 'panel' }, parts.status, parts.board, parts.controls),
      PP.el('div', { class: 'panel' },
        PP.el('h2', { text: "Board (# wall, . open), or the judge's whole input" }), text,
        PP.el('div', { class: 'controls' }, PP.el('label', {}, 'K (diagonal reach) ', k),
          PP.el('button', { type: 'button', id: 'gg-load', onclick: load, text: 'Solve' })),
        parts.answers, parts.chart)));
    main.append(root);
    const fromLink = s.rows.map((_, i) => ({ line: i + 1, indent: 0 }));
    const explain = (message) => explainer(s.rows, fromLink)(message)
      .replace(/^Board, line (\d+), column/, "The link's board, row $1, column").replace(/^K \(diagonal reach\) box/, "The link's k");
    const moves = s.tokens.length ? (params.get('moves') || '').split('-').filter(Boolean) : [];
    solveBoard(s.rows, s.k, { explain, keepTokens: true })
      .then(() => { PP.addError(...linkNotes); linkNotes = []; })
      .then(() => replay(s.tokens.length ? moves : []));
  };

  /** A link's moves (`token.x.y`), each played only when the API lists it among the legal moves of its position. */
  const replay = async (moves) => {
    for (const [i, text] of moves.entries()) {
      const [token, x, y] = text.split('.').map(Number);
      if (!s.moves?.[token]?.moves.some((m) => m.to[0] === x && m.to[1] === y)) {
        return PP.addError(`The link's move ${i + 1}, ${PP.quote(text)}, is not a legal move there; the game stops before it.`);
      }
      clearTimeout(thinking);
      s.history.push({ token, from: s.tokens[token], to: [x, y] });
      s.tokens = s.tokens.map((t, j) => (j === token ? [x, y] : t));
      await askMoves();
    }
  };

  /** The rules, what the colours and numbers mean, how to play. */
  const help = () => [
    PP.helpPart('Rules', 'A token stands on an open cell. The two players take turns moving it one cell down, one '
      + 'cell right, or 1 to K cells diagonally down and right (K is the diagonal reach); it may jump over walls (dark '
      + 'cells) but not land on one. The player who cannot move loses. With several tokens, a move moves one of them, '
      + 'and the player who cannot move any token loses.'),
    PP.helpPart('Colours and numbers', 'Each open cell is coloured for a token standing there alone: ', PP.swatch('win'),
      ' the player to move wins, ', PP.swatch('lose'), ' they lose; the number is how many moves the game then lasts '
      + 'under optimal play (hover a cell for its Grundy value). With several tokens, the XOR of their Grundy values '
      + 'decides: not 0, the player to move wins.'),
    PP.helpPart('Play', 'Click open cells to put tokens. Then click a token: its moves are outlined, ',
      PP.swatch('move-win'), ' a winning move for you, ', PP.swatch('move-lose'), ' a losing one; click one of them to '
      + 'move it there (before the first move, a click on any other open cell puts one more token). A click on an '
      + 'outlined cell moves, even onto another token (tokens are separate games and may share a cell); the "token" '
      + 'list selects any token. Keys: the arrows move the selected token one cell down or right, 1–9 that many cells '
      + 'diagonally; u undoes, y redoes. Untick "the solver answers" to play both sides.'),
    PP.helpPart('The judge\'s input', 'Paste a whole BOJ 28218 input into the board box (N M K, the rows, Q and the '
      + 'queries) and Solve: the board and K are read from it, and the judge\'s answer to each query is listed (First '
      + 'or Second, as the judge prints it), with a button to play it. An input with several tokens a query, all of a '
      + 'query\'s cells on its line (as perfectplay gridgame --tokens reads it), is read so.'),
  ];

  PP.games.gridgame = { mount, key, help, stop: () => clearTimeout(thinking), state: () => ({ ...s }) };
})();
