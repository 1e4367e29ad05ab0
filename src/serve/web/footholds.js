// Vanishing footholds: the board editor, the moves coloured by their value for the mover, play against the
// perfect player, undo and redo, the value history chart and the map of all start pairs.
'use strict';

(() => {
  const MAX_CELLS = 128;
  const EXAMPLE = { board: [[1, 1, 1], [1, 1, 1], [1, 1, 1]], a: [1, 0], b: [1, 2] };
  const s = {
    start: null, // {board, a, b}: the board as edited, A moves first
    history: [], // moves played: {player, from, to, value, remoteness} (value for the player who moved)
    redo: [],
    side: 'both', // 'A' or 'B': you play that side against the solver; 'both': you play both
    hints: true,
    // What a click on a cell does before the first move: 'play' a move (else put or remove a foothold), 'foothold'
    // put or remove one (a move's cell too), put 'A' or 'B' there (once: then back to 'play').
    edit: 'play',
    answer: null, // the API's answer for the position now, with `mover`
    values: [], // per position reached: {winner, remoteness}
    over: null, // {winner, moves} once the game has ended
    failed: false, // the question about the position now got no answer (cancelled, or an error)
    // What the server knew of the position when it got no answer within its time limit (504): {winner, answer (null
    // when only bounds), atLeast, atMost, mirror (the API's plan, or null)}, the moves counted from the position;
    // else null.
    known: null,
    map: null,
  };
  let root;
  let moved = null; // the cell the user's last move went to, for the focus to follow it
  let drag = null;
  let thinking = null;
  let pasted = ''; // what the paste box holds: the board is drawn anew after every change, the box with it

  const same = (p, q) => p[0] === q[0] && p[1] === q[1];
  const other = (player) => (player === 'A' ? 'B' : 'A');

  /** The position after the moves played: what the page shows (the API decides which moves exist). */
  const position = () => {
    const board = s.start.board.map((row) => row.slice());
    const at = { A: s.start.a, B: s.start.b };
    for (const m of s.history) {
      board[m.from[0]][m.from[1]] = 0;
      at[m.player] = m.to;
    }
    return { board, at, mover: s.history.length % 2 ? 'B' : 'A' };
  };

  const input = (board, first, second) =>
    `${JSON.stringify(board)} ${JSON.stringify(first)} ${JSON.stringify(second)}`;

  const save = () => PP.writeHash({
    board: JSON.stringify(s.start.board),
    a: s.start.a.join(','),
    b: s.start.b.join(','),
    moves: s.history.map((m) => `${m.to[0]}.${m.to[1]}`).join('-'),
    side: s.side === 'both' ? '' : s.side,
    hints: s.hints ? '' : 'off',
  });

  /**
   * Asks the solver about the position now (mover as "A" of the Programmers format) and redraws; `known` is the
   * API's answer for it when the page has it already.
   */
  const solveNow = async (known) => {
    save();
    const p = position();
    const last = s.history[s.history.length - 1];
    s.answer = null;
    s.over = null;
    s.failed = false;
    s.known = null;
    s.values.length = Math.min(s.values.length, s.history.length);
    // A winning move of remoteness 1 ends the game: the opponent is stuck or lost their foothold.
    if (last && last.value === 'win' && last.remoteness === 1) {
      s.over = { winner: last.player, moves: s.history.length };
      s.values.length = s.history.length;
      s.values.push({ winner: last.player, remoteness: 0 });
      draw();
      return;
    }
    if (known) return accept(known);
    draw();
    const request = { input: input(p.board, p.at[p.mover], p.at[other(p.mover)]) };
    const key = here();
    const answer = await PP.ask('/api/footholds', request, { explain: (message) => slow(players(message, p.mover)) });
    if (key !== here()) return;
    if (!answer) {
      // Cancelled or refused; a question that replaced this one (the map's) sees to this position when it ends.
      if (!PP.job) failed(p.mover);
      return draw();
    }
    accept(answer);
  };

  /**
   * No answer for the position now: a time limit's (504) may still say who wins, and in how many moves or within
   * which bounds (`mover`: the player to move, the API's "A").
   */
  const failed = (mover) => {
    s.failed = true;
    const data = PP.refused?.status === 504 ? PP.refused.data : null;
    s.known = data?.winner ? {
      winner: data.winner === 'A' ? mover : other(mover), answer: data.answer ?? null,
      atLeast: data.answer_at_least, atMost: data.answer_at_most, mirror: data.mirror ?? null,
    } : null;
  };

  /**
   * A position the server could not solve within its time limit: asking again would end the same way, so the
   * message says what does help.
   */
  const slow = (message) => (SLOW.test(message) ? `${message}; a board with fewer footholds is solved sooner` : message);

  /** The server's words for a time limit reached: nothing known, bounds, or the census's answer without the moves. */
  const SLOW = /^no (exact )?answer within the request time limit|^[AB] wins, in \d+ moves in total, but what else was asked/;

  /**
   * The server's message about a position names the player to move "A" (the Programmers format's): said of the
   * players on the board, when B is to move.
   */
  const players = (message, mover) => (mover === 'B'
    ? message.replace(/\b([AB]) wins\b/g, (_, w) => `${other(w)} wins`) : message);

  /** Which position the page shows: a question's answer is taken only while it still shows the one asked about. */
  const here = () => JSON.stringify([s.start, s.history.length]);

  /** Takes the API's answer for the position now. */
  const accept = (answer) => {
    const p = position();
    const winner = answer.winner === 'A' ? p.mover : other(p.mover);
    s.answer = { ...answer, mover: p.mover, winner };
    s.failed = false;
    s.known = null;
    s.values.length = s.history.length;
    s.values.push({ winner, remoteness: answer.answer });
    if (answer.moves.length === 0) s.over = { winner: other(p.mover), moves: s.history.length };
    draw();
    computerTurn();
  };

  const computerTurn = () => {
    clearTimeout(thinking);
    if (!solversTurn()) return;
    // Whatever has happened since (every reset clears this timer), the solver moves only on its own turn.
    thinking = setTimeout(() => { if (solversTurn()) play(s.answer.moves[0]); }, 350);
  };

  const solversTurn = () => Boolean(s.answer && !s.over && s.side !== 'both' && s.answer.mover !== s.side);

  /** Plays one of the API's moves for the mover (`byYou`: the user's, whose focus follows the token). */
  const play = (move, byYou) => {
    if (!move || !s.answer) return;
    moved = byYou ? `${move.to[0]},${move.to[1]}` : null;
    s.history.push({ player: s.answer.mover, from: move.from, to: move.to, value: move.value, remoteness: move.remoteness });
    s.redo = [];
    solveNow();
  };

  /**
   * Whether Undo goes back to a position of yours: against the solver playing A, not from B's first move (the
   * solver would only play its first move again).
   */
  const canUndo = () => s.history.length > (s.side === 'B' ? 1 : 0);

  const undo = () => {
    if (!canUndo()) return;
    clearTimeout(thinking);
    s.redo.push(s.history.pop());
    // Against the solver, go back to a position where it is your move.
    if (s.side !== 'both' && s.history.length % 2 !== (s.side === 'A' ? 0 : 1) && s.history.length) {
      s.redo.push(s.history.pop());
    }
    solveNow();
  };

  const redo = () => {
    if (!s.redo.length) return;
    s.history.push(s.redo.pop());
    solveNow();
  };

  const reset = (start, known) => {
    clearTimeout(thinking);
    s.start = start;
    s.history = [];
    s.redo = [];
    s.values = [];
    return solveNow(known);
  };

  /** The user's legal move to cell (r, c), when it is the user's turn and there is one. */
  const yourMove = (r, c) => (s.answer && !s.over && (s.side === 'both' || s.answer.mover === s.side)
    ? s.answer.moves.find((m) => same(m.to, [r, c])) : null);

  /**
   * A click on a board cell: a move when it is yours, else an edit before the first move; an edit whatever the cell
   * when the editor's tool says so (a foothold, A or B), before the first move.
   */
  const click = (r, c) => {
    const move = yourMove(r, c);
    if (move && (s.history.length || s.edit === 'play')) return play(move, true);
    if (s.history.length) return;
    const tool = s.edit;
    if (tool === 'A' || tool === 'B') s.edit = 'play';
    edit(r, c, tool === 'play' ? 'foothold' : tool);
  };

  /** The editor's tools: what a click on a cell does before the first move. */
  const TOOLS = [['play', 'plays a move, or puts or removes a foothold'], ['foothold', 'puts or removes a foothold'],
    ['A', 'puts A (once)'], ['B', 'puts B (once)']];

  const edit = (r, c, what) => {
    const start = { board: s.start.board.map((row) => row.slice()), a: s.start.a, b: s.start.b };
    if (what === 'foothold') {
      if (same(start.a, [r, c]) || same(start.b, [r, c])) return;
      start.board[r][c] = start.board[r][c] ? 0 : 1;
    } else {
      start.board[r][c] = 1;
      start[what.toLowerCase()] = [r, c];
    }
    s.map = null;
    reset(start);
  };

  /**
   * A new size from the rows and columns boxes (their text): a whole number from 1 each, at most MAX_CELLS cells in
   * all; else the boxes go back to the board's size, with a message.
   */
  const resize = (rowsText, colsText) => {
    const now = { rows: s.start.board.length, columns: s.start.board[0].length };
    for (const [name, text] of [['rows', rowsText], ['columns', colsText]]) {
      if (PP.whole(text, 1) === null) {
        draw();
        return PP.showError(`${name}: ${PP.notWhole(text, 1)}; the board keeps its ${now[name]} ${name}.`);
      }
    }
    const rows = +rowsText, cols = +colsText;
    if (rows * cols > MAX_CELLS) {
      // Refused: the boxes go back to the board's size.
      draw();
      return PP.showError(`at most ${MAX_CELLS} cells: ${rows}×${cols} is ${rows * cols}`);
    }
    const board = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => s.start.board[r]?.[c] ?? 1));
    const clamp = ([r, c]) => [Math.min(r, rows - 1), Math.min(c, cols - 1)];
    const a = clamp(s.start.a), b = clamp(s.start.b);
    board[a[0]][a[1]] = 1;
    board[b[0]][b[1]] = 1;
    s.map = null;
    reset({ board, a, b });
  };

  /**
   * Reads the Programmers arguments (or a grid) through the API, which checks them as the command line does; its
   * answer is the new board's, A moving first, so it is asked once.
   */
  const load = async (text) => {
    // The server's `input: …` is the paste box here ("Paste box: the input is empty (expected a board, aloc and bloc)").
    const pasteBox = (message) => slow(message.replace(/^(input: |(?=the request body is over the limit))/, 'Paste box: '));
    const answer = await PP.ask('/api/footholds', { input: text }, { explain: pasteBox });
    if (answer) {
      s.map = null;
      return reset({ board: answer.board, a: answer.aloc, b: answer.bloc }, answer);
    }
    // Refused (400: the board shown is kept, the message says why) or cancelled: nothing new to show. A board read
    // but not solved within the time limit (504) is shown all the same, with what the server knew of it.
    if (PP.job || PP.refused?.status !== 504) return;
    const start = readPosition(text);
    if (!start) return;
    clearTimeout(thinking);
    Object.assign(s, { start, history: [], redo: [], values: [], map: null, answer: null, over: null });
    save();
    failed('A');
    draw();
  };

  /**
   * The position of Programmers arguments (`board aloc bloc`) or of a grid (`#` a foothold, `.` none, `A`, `B`, `*`
   * both), as the server read it (this is only asked of text the server has read): `{board, a, b}`, or null.
   */
  const readPosition = (text) => {
    let board, a, b;
    if (text.trim().startsWith('[')) {
      // The three top-level arrays, whatever separates them.
      const parts = [];
      let depth = 0, from = 0;
      for (let i = 0; i < text.length; i++) {
        if (text[i] === '[' && depth++ === 0) from = i;
        else if (text[i] === ']' && --depth === 0) parts.push(text.slice(from, i + 1));
      }
      try {
        [board, a, b] = parts.map((part) => JSON.parse(part));
      } catch (_) {
        return null;
      }
    } else {
      board = [];
      for (const line of text.split('\n').map((l) => l.replace(/[ \t\r]/g, '')).filter(Boolean)) {
        board.push([...line].map((ch, c) => {
          if (ch === 'A' || ch === '*') a = [board.length, c];
          if (ch === 'B' || ch === '*') b = [board.length, c];
          return ch === '.' ? 0 : 1;
        }));
      }
    }
    const cell = (at) => Array.isArray(at) && at.length === 2 && board[at[0]]?.[at[1]] === 1;
    const rows = Array.isArray(board) && board.length && board.every((row) => Array.isArray(row) && row.length === board[0].length
      && row.every((v) => v === 0 || v === 1));
    return rows && cell(a) && cell(b) ? { board, a, b } : null;
  };

  /**
   * The map of every start pair: the table of the board, whatever the starts. It is asked without the ranked moves
   * and the line (on a 9×9 board they can take longer than the time limit), and with A and B on one cell, a position
   * the solver answers at once (A's first move drops B's foothold), so that the request's time goes to the table
   * alone (a full board's comes from the census) and not to the answer of the start shown.
   */
  const showMap = async () => {
    const start = s.start;
    // The answer of that position is no business of the user's: a map stopped by the time limit says only that.
    const explain = (message) => message
      .replace(/^the answer is \d+ \([AB] wins\), but the tablebase stopped/, 'the map of every start pair stopped');
    const answer = await PP.ask('/api/footholds', { input: input(start.board, start.a, start.a), table: true, moves: false, line: false }, { explain });
    if (start !== s.start) return;
    if (answer) s.map = answer.table;
    // This question may have replaced the one about the position now: ask that again, once the map has come (a
    // map refused keeps its message, and the position its Solve again).
    if (s.answer || s.over || s.failed) return draw();
    if (!answer) {
      if (!PP.job) Object.assign(s, { failed: true, known: null });
      return draw();
    }
    return solveNow();
  };

  const key = (name) => {
    if (name === 'u') return undo(), true;
    if (name === 'y') return redo(), true;
    // An arrow plays the mover's legal move that way, on the user's turn; anything else it leaves alone.
    const delta = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[name];
    if (!delta || !s.answer) return false;
    const from = position().at[s.answer.mover];
    const move = yourMove(from[0] + delta[0], from[1] + delta[1]);
    if (!move) return false;
    play(move, true);
    return true;
  };

  // Dragging a token in the editor: press on A or B, release on another cell.
  const pointerDown = (event, r, c) => {
    if (s.history.length) return;
    const who = same(s.start.a, [r, c]) ? 'A' : same(s.start.b, [r, c]) ? 'B' : null;
    if (who) drag = { who, r, c };
  };
  const pointerUp = (event) => {
    if (!drag) return;
    const target = document.elementFromPoint(event.clientX, event.clientY)?.closest('[data-cell]');
    const started = drag;
    drag = null;
    if (!target) return;
    const [r, c] = target.dataset.cell.split(',').map(Number);
    // A press and a release on different cells make no click on either (the click goes to the board).
    if (r !== started.r || c !== started.c) edit(r, c, started.who);
  };

  const boardView = () => {
    const p = position();
    const rows = p.board.length, cols = p.board[0].length;
    const yours = s.answer && !s.over && (s.side === 'both' || s.answer.mover === s.side);
    const showMoves = s.answer && !s.over && s.hints && yours;
    const grid = PP.el('div', { class: 'board', role: 'group', 'aria-label': 'footholds board',
      style: PP.boardStyle(cols) });
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const move = showMoves ? s.answer.moves.find((m) => same(m.to, [r, c])) : null;
        const classes = ['cell', p.board[r][c] ? 'foothold' : 'hole'];
        let label = `row ${r}, column ${c}: ${p.board[r][c] ? 'foothold' : 'no foothold'}`;
        if (move) {
          classes.push('move', move.value, `move-${move.value}`);
          label += `; move for ${s.answer.mover}: ${move.value} in ${move.remoteness}`;
        }
        const here = ['A', 'B'].filter((who) => same(p.at[who], [r, c]));
        if (here.length) label += `; ${here.join(' and ')} here`;
        // Once the game is on a click can only play a move: the Tab stops are then the players and the moves open
        // to you (as the grid game's), so the controls after a board of 128 cells are a few presses away.
        const stop = !s.history.length || here.length > 0 || !!yourMove(r, c);
        // The label is the tooltip too: on a small cell it is all that gives the remoteness in figures.
        const cell = PP.el('button', {
          class: classes.join(' '), type: 'button', 'data-cell': `${r},${c}`, 'aria-label': label, title: label,
          'data-move': move ? `${move.value} ${move.remoteness}` : undefined, tabindex: stop ? undefined : -1,
          onclick: () => click(r, c),
          onpointerdown: (e) => pointerDown(e, r, c),
        });
        if (move) cell.append(PP.el('span', { class: 'mark', text: move.remoteness }));
        for (const who of ['A', 'B']) {
          if (same(p.at[who], [r, c])) cell.append(PP.el('span', { class: `token ${who}`, text: who }));
        }
        if (same(p.at.A, [r, c]) && same(p.at.B, [r, c])) cell.lastChild.textContent = 'AB';
        grid.append(cell);
      }
    }
    grid.addEventListener('pointerup', pointerUp);
    return grid;
  };

  const verdict = () => {
    if (s.over) {
      // Why the loser lost: the foothold under them fell away (the winner stepped off the cell they shared), or
      // they have no foothold next to them to step to.
      const { winner, moves } = s.over;
      const loser = other(winner);
      const p = position();
      const [r, c] = p.at[loser];
      const who = (player) => (s.side === 'both' ? player : `${player} (${player === s.side ? 'you' : 'the solver'})`);
      const why = p.board[r][c] ? `${who(loser)} cannot move` : `the foothold under ${who(loser)} fell away`;
      return PP.el('p', { class: 'verdict', id: 'fh-verdict', 'data-winner': winner, 'data-moves': moves,
        text: `Game over after ${moves} move${moves === 1 ? '' : 's'}: ${why}, ${who(winner)} wins.` });
    }
    const you = (mover) => (s.side === 'both' ? '' : mover === s.side ? ' (you)' : ' (the solver)');
    if (s.failed) {
      const again = PP.el('button', { type: 'button', id: 'fh-again', onclick: () => solveNow(), text: 'Solve again' });
      const k = s.known;
      if (!k) {
        return PP.el('p', { class: 'verdict', id: 'fh-verdict', 'data-failed': 'true' },
          'No answer for this position (cancelled, or see the message above). ', again);
      }
      // The time limit came first, but the winner was known: and the moves left, or bounds on them.
      const { mover } = position();
      const moves = k.answer !== null
        ? `${k.answer} more move${k.answer === 1 ? '' : 's'} under optimal play; the moves' values were not found in time`
        : `${k.atLeast} to ${k.atMost} more moves under optimal play; no exact answer in time`;
      return PP.el('p', { class: 'verdict', id: 'fh-verdict', 'data-failed': 'true', 'data-known-winner': k.winner },
        `${mover} to move${you(mover)}. `, PP.el('span', { class: `swatch ${k.winner === mover ? 'win' : 'lose'}` }),
        ` ${k.winner} wins; ${moves} (see the message above). `, again);
    }
    if (!s.answer) return PP.el('p', { class: 'verdict', id: 'fh-verdict', text: 'solving…' });
    const a = s.answer;
    return PP.el('p', { class: 'verdict', id: 'fh-verdict' },
      `${a.mover} to move${you(a.mover)}. `,
      PP.el('span', { class: `swatch ${a.winner === a.mover ? 'win' : 'lose'}` }),
      ` ${a.winner} wins; ${a.answer} more move${a.answer === 1 ? '' : 's'} under optimal play.`);
  };

  /**
   * The mirror plan of the position now, when the rule gives one (the API's `mirror`, whose "A" is the mover; also
   * in a time limit's 504): a plan for the winner that needs no search, said of the players on the board.
   */
  const mirrorNote = () => {
    const plan = s.answer && !s.over ? s.answer.mirror : s.known?.mirror;
    if (!plan) return null;
    const mover = position().mover, waiting = other(mover);
    const copier = plan.copier === 'A' ? mover : waiting;
    const turn = (a, b) => `a half turn of the board maps the footholds onto themselves and ${a}'s cell onto ${b}'s, `
      + 'and no foothold onto itself or onto a neighbour';
    const text = plan.first_step
      ? `Mirror plan: after ${mover} steps to (${plan.first_step.join(', ')}), ${turn(mover, waiting)}: ${mover} can `
        + `answer every move of ${waiting} with its image, so ${waiting} runs out of moves first (not always the fastest win).`
      : `Mirror plan: ${turn(mover, waiting)}: ${waiting} can answer every move of ${mover} with its image, so `
        + `${mover} runs out of moves first (not always the fastest win).`;
    return PP.el('p', { class: 'plan', id: 'fh-mirror', 'data-copier': copier, text });
  };

  /** The value history: for each position reached, who wins and in how many moves (A up, B down). */
  const historyChart = () => {
    const dots = s.values.map((v, i) => {
      const threw = i > 0 && s.values[i - 1].winner !== v.winner;
      const moveText = i > 0 ? `after move ${i} (${s.history[i - 1].player})` : 'start';
      return [i, v.winner === 'A' ? v.remoteness : -v.remoteness, v.winner === 'A' ? PP.colors.win : PP.colors.lose,
        `${moveText}: ${v.winner} wins in ${v.remoteness}${threw ? ' — the previous move threw the game away' : ''}`, threw];
    });
    return PP.chart({
      title: 'Value history: A wins above the axis, B below; height: moves left',
      xLabel: 'moves played', series: [{ points: dots.map((d) => [d[0], d[1]]), color: '#888', dots }],
    });
  };

  const mapView = () => {
    if (!s.map) return null;
    const rows = s.start.board.length, cols = s.start.board[0].length;
    const byPair = new Map(s.map.map((p) => [`${p.a}|${p.b}`, p]));
    const maps = [];
    for (let ar = 0; ar < rows; ar++) {
      for (let ac = 0; ac < cols; ac++) {
        if (!s.start.board[ar][ac]) continue;
        const width = `max(0.5rem, min(1.3rem, calc((min(100vw, 72rem) - 3rem - ${cols}px) / ${cols})))`;
        const grid = PP.el('div', { class: 'minimap', style: `grid-template-columns: repeat(${cols}, ${width})` });
        for (let br = 0; br < rows; br++) {
          for (let bc = 0; bc < cols; bc++) {
            const pair = byPair.get(`${ar},${ac}|${br},${bc}`);
            // The start pair on the board is outlined, so that the map shows where the game stands in it.
            const shown = `${ar},${ac}` === `${s.start.a}` && `${br},${bc}` === `${s.start.b}`;
            const said = pair ? `A at (${ar}, ${ac}), B at (${br}, ${bc}): ${pair.winner} wins in ${pair.moves}${shown ? ' (the starts on the board)' : ''}` : 'no foothold';
            grid.append(PP.el('button', {
              type: 'button', class: `cell ${pair ? (pair.winner === 'A' ? 'win' : 'lose') : 'wall'}${shown ? ' shown-pair' : ''}`,
              title: said, text: pair ? pair.moves : '', 'aria-label': said, 'aria-current': shown ? 'true' : null,
              onclick: () => pair && reset({ board: s.start.board, a: [ar, ac], b: [br, bc] }),
            }));
          }
        }
        maps.push(PP.el('figure', { class: 'minimap-figure' }, PP.el('figcaption', { text: `A at (${ar}, ${ac})` }), grid));
      }
    }
    // On the board a colour is the player to move's outcome; here A always moves first, so it names the winner.
    const legend = PP.el('p', { class: 'legend', id: 'fh-map-legend' },
      PP.el('span', {}, PP.swatch('win'), ' A wins'), PP.el('span', {}, PP.swatch('lose'), ' B wins'),
      PP.el('span', { text: 'the number: moves in all' }),
      PP.el('span', {}, PP.el('span', { class: 'swatch shown-pair', 'aria-hidden': 'true' }), ' the starts on the board'));
    return PP.el('section', {}, PP.el('h2', { text: 'Every pair of starts (B cells coloured by the winner, A moves first; click to play it)' }),
      legend, PP.el('div', { class: 'minimaps', id: 'fh-map' }, maps));
  };

  const draw = () => {
    if (!root) return;
    const rows = s.start.board.length, cols = s.start.board[0].length;
    const number = (label, id, value, onchange) => PP.el('label', {}, label,
      PP.el('input', { type: 'number', id, min: 1, max: MAX_CELLS, value, onchange: (e) => onchange(e.target.value) }));
    const paste = PP.el('textarea', { id: 'fh-paste', rows: 3, 'aria-label': 'Programmers arguments',
      placeholder: '[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]', oninput: (e) => { pasted = e.target.value; } });
    paste.value = pasted;
    const line = s.history.map((m, i) => PP.el('li', {
      text: `${m.player}: (${m.from}) → (${m.to}), ${m.value} in ${m.remoteness}`,
    }));
    PP.render(root, [
      PP.el('div', { class: 'row' },
        PP.el('div', { class: 'panel' },
          verdict(),
          mirrorNote(),
          boardView(),
          PP.el('div', { class: 'controls' },
            PP.el('button', { type: 'button', id: 'fh-undo', onclick: undo, disabled: !canUndo(), text: 'Undo (u)' }),
            PP.el('button', { type: 'button', id: 'fh-redo', onclick: redo, disabled: !s.redo.length, text: 'Redo (y)' }),
            PP.el('button', { type: 'button', id: 'fh-restart', onclick: () => reset(s.start), text: 'Restart' }),
            PP.el('label', {}, 'You play ', PP.el('select', { id: 'fh-side', onchange: (e) => { s.side = e.target.value; save(); draw(); computerTurn(); } },
              ['both', 'A', 'B'].map((v) => PP.el('option', { value: v, selected: s.side === v, text: v === 'both' ? 'both sides' : `${v} against the solver` })))),
            PP.el('label', {}, PP.el('input', { type: 'checkbox', id: 'fh-hints', checked: s.hints, onchange: (e) => { s.hints = e.target.checked; save(); draw(); } }), ' hints')),
          PP.el('ol', { class: 'line', id: 'fh-line' }, line)),
        PP.el('div', { class: 'panel' },
          PP.el('h2', { text: 'Edit the board (before the first move)' }),
          PP.el('div', { class: 'controls' },
            number('rows ', 'fh-rows', rows, (v) => resize(v, `${cols}`)), number('columns ', 'fh-cols', cols, (v) => resize(`${rows}`, v)),
            PP.el('label', {}, 'a click on a cell ', PP.el('select', { id: 'fh-tool', onchange: (e) => { s.edit = e.target.value; } },
              TOOLS.map(([v, t]) => PP.el('option', { value: v, selected: s.edit === v, text: t }))))),
          PP.el('p', { text: 'Drag A or B to move them. Or paste the Programmers arguments (board, aloc, bloc):' }),
          paste,
          PP.el('div', { class: 'controls' },
            PP.el('button', { type: 'button', id: 'fh-load', onclick: () => load(paste.value), text: 'Load' }),
            PP.el('button', { type: 'button', id: 'fh-map-button', onclick: showMap, text: 'Map of all start pairs' })),
          historyChart())),
      mapView()], moved);
    moved = null;
  };

  /** Shows the link `params`; `notes` are the page's messages about the link, said with this game's own. */
  const mount = (main, params, notes = []) => {
    root = PP.el('div', { id: 'footholds' });
    main.append(root);
    pasted = '';
    const start = params.get('board') ? fromLink(params) : EXAMPLE;
    const side = params.get('side') ?? '';
    s.side = ['A', 'B'].includes(side) ? side : 'both';
    const linkNotes = ['', 'A', 'B', 'both'].includes(side) ? [] : [`The link's side ${PP.quote(side)} is not A or B; you play both sides.`];
    const hints = params.get('hints') ?? '';
    s.hints = hints !== 'off';
    if (!['', 'on', 'off'].includes(hints)) linkNotes.push(`The link's hints ${PP.quote(hints)} is not on or off; hints are shown.`);
    s.map = null;
    if (typeof start === 'string') {
      // The example instead, with the message once its answer has come (asking clears the message).
      reset(EXAMPLE).then(() => PP.addError(...notes, start, ...linkNotes));
      return;
    }
    // Moves in the URL are replayed through the API, one position at a time.
    reset(start).then(() => PP.addError(...notes, ...linkNotes)).then(() => replay((params.get('moves') || '').split('-').filter(Boolean)));
  };

  /** The start position of a link (`board`, `a`, `b`), or the message saying what is wrong with it. */
  const fromLink = (params) => {
    const cell = (text) => {
      const rc = (text || '').split(',');
      return rc.length === 2 && rc.every((n) => /^\d+$/.test(n)) ? rc.map(Number) : null;
    };
    let board = null;
    try {
      board = JSON.parse(params.get('board'));
    } catch (_) {
      // Not JSON: the shape check below says so.
    }
    const rows = Array.isArray(board) && board.length > 0 && board.every((row) => Array.isArray(row) && row.length > 0
      && row.length === board[0].length && row.every((v) => v === 0 || v === 1));
    const bad = (what) => `The link's ${what}; showing the example board instead.`;
    if (!rows) return bad(`board ${PP.quote(params.get('board'))} is not rows of 0 and 1, all of one length`);
    if (board.length * board[0].length > MAX_CELLS) return bad(`board has more than ${MAX_CELLS} cells`);
    // A start the link leaves out takes its default: A on the board's first foothold, B on its last (reading order).
    const footholds = board.flatMap((row, r) => row.flatMap((v, c) => (v ? [[r, c]] : [])));
    const given = (name, fallback) => (params.get(name) === null ? fallback : cell(params.get(name)));
    const a = given('a', footholds[0]), b = given('b', footholds[footholds.length - 1]);
    for (const [name, at] of [['a', a], ['b', b]]) {
      if (!at || at[0] >= board.length || at[1] >= board[0].length || !board[at[0]][at[1]]) {
        return bad(`${name} ${PP.quote(params.get(name) ?? '')} is not a foothold of the board`);
      }
    }
    return { board, a, b };
  };

  /** A link's moves (`row.column` of each move's cell), each played only when the API lists it as legal. */
  const replay = async (moves) => {
    for (const [i, text] of moves.entries()) {
      const to = text.split('.').map(Number);
      const move = s.answer?.moves.find((m) => same(m.to, to));
      if (!move) {
        return PP.addError(`The link's move ${i + 1}, ${PP.quote(text)}, is not a legal move there; the game stops before it.`);
      }
      clearTimeout(thinking);
      s.history.push({ player: s.answer.mover, from: move.from, to: move.to, value: move.value, remoteness: move.remoteness });
      await solveNow();
    }
  };

  /** The rules, what the colours and numbers mean, how to play and edit. */
  const help = () => [
    PP.helpPart('Rules', 'A (black) and B (white) stand on footholds (grey cells); A moves first. A move steps up, '
      + 'down, left or right onto a foothold (the other player\'s cell too), and the foothold left behind falls away '
      + '(a white, dotted cell). You lose when you cannot move, or when the foothold under you falls away (the other '
      + 'player stepped off the cell you shared). Under optimal play the winner wins as fast as they can and the loser '
      + 'holds out as long as they can.'),
    PP.helpPart('Colours and numbers', 'The moves of the player to move are coloured by what they lead to for that '
      + 'player: ', PP.swatch('win'), ' a win, ', PP.swatch('lose'), ' a loss; the number on a move is how many moves the '
      + 'game then lasts, that move included, under optimal play. The line above the board says who wins from here, '
      + 'and in how many moves.'),
    PP.helpPart('Play', 'Click a coloured cell, or press an arrow key; u undoes, y redoes. "You play" sets which '
      + 'side, if any, the solver plays. Before the first move, click cells to put or remove footholds, drag A or B, '
      + 'change the size or paste a position; "Map of all start pairs" shows who wins from every pair of starts.'),
  ];

  PP.games.footholds = { mount, key, help, stop: () => clearTimeout(thinking), state: () => ({ ...s, position: position() }) };
})();
