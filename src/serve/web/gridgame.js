// The grid game: the board with its walls, every cell coloured by who wins from it (remoteness and Grundy value on
// hover), tokens put by clicking, and play against the solver; with several tokens, their Grundy values decide.
'use strict';

(() => {
  const SAMPLE = { k: 1, rows: ['....#.', '.#....', '...#..', '#.....', '..#...'] };
  const s = {
    k: SAMPLE.k, rows: SAMPLE.rows,
    table: null, // the API's whole-board table: values, remoteness, grundy
    tokens: [], // 1-based [x, y] of each token
    history: [], redo: [], // moves played: {token, from, to}
    moves: null, // the API's moves of each token now
    selected: 0,
    solverPlays: true, // the solver answers each of your moves
    over: null,
  };
  let root;
  let thinking = null;

  const judge = (queries) => `${s.rows.length} ${s.rows[0].length} ${s.k}\n${s.rows.join('\n')}\n${queries.length}\n`
    + queries.map((q) => q.flat().join(' ') + '\n').join('');

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
  });

  const solveBoard = async () => {
    save();
    const answer = await PP.ask('/api/gridgame', { input: judge([]), remoteness: true, grundy: true, table: true });
    s.table = answer ? answer.table : null;
    draw();
    if (s.tokens.length) await askMoves();
  };

  /** The legal moves of every token, from the API, and the end of the game when none is left. */
  const askMoves = async () => {
    save();
    s.moves = null;
    s.over = null;
    if (!s.tokens.length) return draw();
    const answer = await PP.ask('/api/gridgame/moves', { input: judge([s.tokens]), tokens: true });
    if (!answer) return;
    s.moves = answer.queries[0];
    if (s.moves.every((t) => t.moves.length === 0)) {
      s.over = { loser: mover(), moves: s.history.length };
    }
    draw();
    solverTurn();
  };

  /** You move first; the solver makes every second move when it plays. */
  const mover = () => (s.history.length % 2 ? 'the solver' : 'you');
  const yourTurn = () => !s.solverPlays || s.history.length % 2 === 0;
  const xor = (values) => values.reduce((x, g) => x ^ g, 0);

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
    thinking = setTimeout(() => { const m = best(); play(m.token, m.to); }, 350);
  };

  const play = (token, to) => {
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

  const click = (x, y) => {
    const at = s.tokens.findIndex((t) => t[0] === x && t[1] === y);
    if (s.history.length === 0 && !s.moves?.some((t) => t.moves.some((m) => m.to[0] === x && m.to[1] === y)) && at < 0) {
      // Before the first move: a click puts a token (the API checks the cell).
      if (s.table && s.table.values[x - 1][y - 1] !== '#') {
        s.tokens.push([x, y]);
        s.selected = s.tokens.length - 1;
        askMoves();
      }
      return;
    }
    if (at >= 0) {
      s.selected = at;
      return draw();
    }
    if (!s.moves || s.over || !yourTurn()) return;
    const token = s.moves[s.selected];
    const move = token?.moves.find((m) => m.to[0] === x && m.to[1] === y);
    if (move) play(s.selected, move.to);
  };

  const key = (name) => {
    if (name === 'u') return undo(), true;
    if (name === 'y') return redo(), true;
    if (!s.moves || !s.tokens.length) return false;
    const t = s.tokens[s.selected];
    const step = { ArrowDown: [1, 0], ArrowRight: [0, 1] }[name] || (/^[1-9]$/.test(name) ? [+name, +name] : null);
    if (name === 'Tab') return false;
    if (!step) return false;
    click(t[0] + step[0], t[1] + step[1]);
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

  const boardView = () => {
    if (!s.table) return null;
    const t = s.table;
    const selected = s.moves && !s.over && yourTurn() ? s.moves[s.selected] : null;
    const grid = PP.el('div', { class: 'board', id: 'gg-board', style: PP.boardStyle(t.cols) });
    for (let r = 0; r < t.rows; r++) {
      for (let c = 0; c < t.cols; c++) {
        const v = t.values[r][c];
        const wall = v === '#';
        const x = r + 1, y = c + 1;
        const move = moveValue(selected?.moves.find((m) => m.to[0] === x && m.to[1] === y));
        const title = wall ? 'wall' : `(${x}, ${y}): the player to move ${v === 'W' ? 'wins' : 'loses'} in ${t.remoteness[r][c]}; Grundy value ${t.grundy[r][c]}`;
        const cell = PP.el('button', {
          type: 'button', class: `cell ${wall ? 'wall' : v === 'W' ? 'win' : 'lose'}${move ? ` move ${move.value}` : ''}`,
          'data-cell': `${x},${y}`, 'data-value': v, title, 'aria-label': title,
          'data-move': move ? `${move.value} ${move.remoteness}` : undefined, onclick: () => click(x, y),
        });
        // The remoteness, unless a token covers the cell (its value is in the status line and on hover).
        const token = s.tokens.some((tk) => tk[0] === x && tk[1] === y);
        if (!wall && !token) cell.append(PP.el('span', { class: 'mark', text: t.remoteness[r][c] }));
        s.tokens.forEach((tk, i) => {
          if (tk[0] === x && tk[1] === y) {
            cell.append(PP.el('span', { class: `token A${i === s.selected ? ' selected' : ''}`, text: String(i + 1) }));
          }
        });
        grid.append(cell);
      }
    }
    return grid;
  };

  const status = () => {
    if (!s.tokens.length) return PP.el('p', { class: 'verdict', id: 'gg-status', text: 'Click open cells to put one or more tokens, then move: you move first.' });
    if (s.over) {
      const winner = s.over.loser === 'you' ? 'the solver' : 'you';
      return PP.el('p', { class: 'verdict', id: 'gg-status', 'data-over': 'true', 'data-moves': s.over.moves, 'data-winner': winner,
        text: `Game over after ${s.over.moves} moves: ${s.over.loser} cannot move, ${winner} win${winner === 'you' ? '' : 's'}.` });
    }
    if (!s.moves) return PP.el('p', { class: 'verdict', id: 'gg-status', text: 'solving…' });
    const g = s.moves.map((t) => t.grundy);
    const total = xor(g);
    return PP.el('p', { class: 'verdict', id: 'gg-status', 'data-xor': total },
      `${mover() === 'you' ? 'Your' : "The solver's"} move. Grundy values ${g.join(' ⊕ ')} = ${total}: the player to move `,
      PP.el('span', { class: `swatch ${total ? 'win' : 'lose'}` }), total ? ' wins' : ' loses',
      s.moves.length === 1 ? ` in ${s.moves[0].remoteness}.` : '.');
  };

  const draw = () => {
    if (!root) return;
    const text = PP.el('textarea', { id: 'gg-input', rows: 6, 'aria-label': 'board rows' });
    text.value = s.rows.join('\n');
    const k = PP.el('input', { type: 'number', min: 0, value: s.k, id: 'gg-k' });
    const load = () => {
      const rows = text.value.split('\n').map((l) => l.trim()).filter(Boolean);
      // The API checks the rows; an empty board is not even a question to it.
      if (!rows.length) return PP.showError('Board: give at least one row of . (open) and # (wall); the board shown is kept.');
      s.rows = rows;
      s.k = +k.value;
      s.tokens = []; s.history = []; s.redo = []; s.moves = null; s.over = null;
      solveBoard();
    };
    root.replaceChildren(PP.el('div', { class: 'row' },
      PP.el('div', { class: 'panel' }, status(), boardView(),
        PP.el('div', { class: 'controls' },
          PP.el('button', { type: 'button', id: 'gg-undo', onclick: undo, disabled: !s.history.length, text: 'Undo (u)' }),
          PP.el('button', { type: 'button', id: 'gg-redo', onclick: redo, disabled: !s.redo.length, text: 'Redo (y)' }),
          PP.el('button', { type: 'button', id: 'gg-clear', text: 'Remove tokens', onclick: () => { s.tokens = []; s.history = []; s.redo = []; s.moves = null; s.over = null; save(); draw(); } }),
          PP.el('label', {}, PP.el('input', { type: 'checkbox', id: 'gg-solver', checked: s.solverPlays,
            onchange: (e) => { s.solverPlays = e.target.checked; solverTurn(); } }), ' the solver answers')),
        PP.el('p', { text: 'Arrows move the selected token down or right, 1–9 diagonally; click a token to select it. '
          + 'Colours: who wins with that cell\'s token alone; outlined cells are the selected token\'s moves, coloured by their value for you.' })),
      PP.el('div', { class: 'panel' },
        PP.el('h2', { text: 'Board (# wall, . open)' }), text,
        PP.el('div', { class: 'controls' }, PP.el('label', {}, 'K (diagonal reach) ', k),
          PP.el('button', { type: 'button', id: 'gg-load', onclick: load, text: 'Solve' })))));
  };

  const mount = (main, params) => {
    root = PP.el('div', { id: 'gridgame' });
    main.append(root);
    if (params.get('board')) {
      s.rows = params.get('board').split('/');
      s.k = +params.get('k') || 0;
    }
    s.tokens = (params.get('tokens') || '').split('-').filter(Boolean).map((t) => t.split('.').map(Number));
    s.history = [];
    s.redo = [];
    draw();
    solveBoard().then(() => replay((params.get('moves') || '').split('-').filter(Boolean)));
  };

  /** A link's moves (`token.x.y`), each played only when the API lists it among the legal moves of its position. */
  const replay = async (moves) => {
    for (const [i, text] of moves.entries()) {
      const [token, x, y] = text.split('.').map(Number);
      if (!s.moves?.[token]?.moves.some((m) => m.to[0] === x && m.to[1] === y)) {
        return PP.showError(`The link's move ${i + 1}, ${PP.quote(text)}, is not a legal move there; the game stops before it.`);
      }
      clearTimeout(thinking);
      s.history.push({ token, from: s.tokens[token], to: [x, y] });
      s.tokens = s.tokens.map((t, j) => (j === token ? [x, y] : t));
      await askMoves();
    }
  };

  PP.games.gridgame = { mount, key, state: () => ({ ...s }) };
})();
