// Snakes and ladders: the board with its ladders and snakes, the fewest rolls and one shortest game, the expected
// rolls and the distribution chart, and rolling the die with the chance to finish within t rolls updated.
'use strict';

(() => {
  const SAMPLE = '3 7\n32 62\n42 68\n12 98\n95 13\n97 25\n93 37\n79 27\n75 19\n49 47\n67 17\n';
  const DRAWN = 400; // boards up to this many squares are drawn
  /** The state of a link that gives no field: the sample board of 100 squares, a die of six faces, from square 1. */
  const [s, restart] = PP.linkState(() => ({
    input: SAMPLE, size: 100, faces: 6, start: 1, overshoot: 'stay',
    solved: null, // the API's answer for the board from its start
    solving: false, // a board is being solved: `solved` is the previous board's, shown as such
    square: 1, rolls: [], // the game being played: where the token is and the rolls so far
    here: null, // the distribution from the token's square
    within: 20,
    failed: null, // what got no answer (cancelled, or an error): 'board' or 'odds'
    board: null, // the board solved (input, size, faces, start, overshoot): the boxes may hold edits not yet solved
  }));
  let root;
  const OVERSHOOTS = ['stay', 'bounce', 'win'];

  /** The board as the boxes have it: what Solve asks about. */
  const typed = () => ({ input: s.input, size: s.size, faces: s.faces, start: s.start, overshoot: s.overshoot });

  /** The board the game is played on: the one solved (not edits in the boxes that Solve has not taken yet). */
  const options = () => {
    const { input, size, faces, overshoot } = s.board || typed();
    return { input, size, faces, overshoot };
  };

  /** The link holds the board played on and the rolls made on it. */
  const save = () => PP.writeHash({
    ...(s.board || typed()), rolls: s.rolls.map((r) => r.die).join('.'), within: s.within,
  });

  /**
   * The API names the roll of each row of the distribution (`{roll, probability, cumulative}`, from roll 1); the
   * charts read arrays indexed by roll, P(ends on roll t) and P(ended by roll t), with roll 0 first.
   */
  const byRoll = (answer) => {
    const d = answer && answer.distribution;
    if (!d) return answer;
    const ends = [0];
    const ended = [0];
    for (const row of d.ends_on_roll) {
      ends[row.roll] = row.probability;
      ended[row.roll] = row.cumulative;
    }
    return { ...answer, distribution: { ...d, ends_on_roll: ends, ended_by_roll: ended } };
  };

  /**
   * The server's messages name the API's fields: said of the page's boxes (the board's text, the squares box, which
   * is the field `size`), never of the JSON the page sends.
   */
  const explain = (message) => message.replace(/^request JSON: (.*) at line \d+ column \d+$/s, '$1')
    .replace(/^input: line/, 'Board, line').replace(/^input: /, 'Board: ').replace(/^size: /, 'squares: ')
    .replace(/\bsize sets the last square/g, 'the squares box sets the last square');

  /** Counts the solves started: an answer is taken only by the latest. */
  let solves = 0;

  /** The boxes of numbers: the field each sets, and what the page calls it. */
  const BOXES = [['size', 'squares'], ['faces', 'faces'], ['start', 'start']];

  const solve = async () => {
    const board = typed();
    const empty = BOXES.find(([name]) => typeof board[name] !== 'number');
    if (empty) {
      const typed = board[empty[0]];
      const what = typed === null ? 'give a whole number' : `${PP.quote(typed)} is not a whole number`;
      PP.showError(`${empty[1]}: ${what}${empty[0] === 'start' ? ' (0: off the board)' : ''}.`);
      return false;
    }
    const mine = ++solves;
    s.failed = null;
    // Until the answer comes, the previous board's is marked as such (a large board takes seconds).
    s.solving = true;
    draw();
    // The shortest game is listed up to LISTED rolls: the page shows no more, and a board of millions of squares
    // has more than an answer may hold.
    const ask = { ...board, max_listed_rolls: LISTED };
    let answer = byRoll(await PP.ask('/api/snakes', { ...ask, expected: true, distribution: true }, { explain }));
    // A board too large for the chances in time or memory (400 or 504): its fewest rolls, which take no time, and a
    // word on what is left out.
    const refused = PP.refused;
    if (!answer && mine === solves && refused && (refused.status === 400 || refused.status === 504)) {
      answer = await PP.ask('/api/snakes', ask, { explain });
      if (answer) PP.showError(`This board's fewest rolls only; no expected rolls or chances: ${refused.message}`);
    }
    if (mine !== solves) return false;
    s.solving = false;
    // A board the API refused (a typo in its text, a number out of range) leaves the game on the board before it in
    // place, as the other games do, with the message saying what to mend. Cancelled, or with no board before, the
    // page offers to ask again.
    if (!answer && s.solved && PP.refused?.status === 400) {
      draw();
      return true;
    }
    s.solved = answer;
    s.board = answer ? board : null;
    s.square = board.start;
    s.rolls = [];
    s.here = answer ? answer.distribution : null;
    if (!answer && !PP.job) s.failed = 'board';
    save();
    draw();
    return true;
  };

  /** The distribution from the token's square, for the chance to finish within t rolls from where it stands. */
  const askOdds = async () => {
    s.here = null;
    if (s.failed === 'odds') s.failed = null;
    // No chances from the token when the board's own were refused: they would be too.
    if (s.square === options().size || !s.solved?.distribution) return draw();
    draw();
    const square = s.square, played = s.rolls.length;
    // Only the distribution is read: none of the shortest game from here is listed.
    const odds = byRoll(await PP.ask('/api/snakes', { ...options(), start: square, distribution: true, max_listed_rolls: 0 }));
    if (square !== s.square || played !== s.rolls.length) return;
    s.here = odds ? odds.distribution : null;
    if (!odds && !PP.job) s.failed = 'odds';
    draw();
  };

  /** Rolls the die (here) and asks the API where it takes the token, then the odds from there. */
  let rolling = false;
  const roll = async (die = PP.die(options().faces)) => {
    if (!s.solved || s.solving || s.square === options().size || rolling) return;
    rolling = true;
    try {
      const answer = await PP.ask('/api/snakes/roll', { ...options(), square: s.square, die });
      if (!answer) return;
      s.rolls.push({ die, from: s.square, roll: answer.roll });
      if (answer.roll) s.square = answer.roll.square;
      save();
      await askOdds();
    } finally {
      rolling = false;
    }
  };

  const newGame = () => {
    s.square = (s.board || typed()).start;
    s.rolls = [];
    s.here = s.solved ? s.solved.distribution : null;
    if (s.failed === 'odds') s.failed = null;
    save();
    draw();
  };

  const key = (name) => {
    if (name === ' ' || name === 'Enter') return roll(), true;
    return false;
  };

  /** The "finish within" box changed: a whole number from 1 is taken; anything else is refused by name, as the
   * board's boxes are, and the box goes back to the rolls it had. */
  const withinTyped = (text) => {
    const rolls = PP.whole(text, 1);
    if (rolls === null) {
      PP.showError(`finish within: ${PP.notWhole(text, 1)}; it stays ${countRolls(s.within)}.`);
    } else {
      s.within = rolls;
      save();
    }
    draw();
  };

  /** Where square `n` is drawn: rows of ten from the bottom, every other row right to left. */
  const place = (n, cols, rows) => {
    const i = n - 1, row = Math.floor(i / cols), col = row % 2 ? cols - 1 - (i % cols) : i % cols;
    return [col * 40 + 20, (rows - 1 - row) * 40 + 20];
  };

  const boardView = () => {
    if (!s.solved) return null;
    const { size } = options();
    if (size > DRAWN) return PP.el('p', { text: `The board has ${size.toLocaleString('en')} squares; boards up to ${DRAWN} are drawn.` });
    const cols = 10, rows = Math.ceil(size / cols);
    const svg = PP.el('svg', { viewBox: `0 0 ${cols * 40} ${rows * 40}`, class: 'chart', id: 'sn-board', role: 'img',
      'aria-label': `board of ${size} squares`, style: 'max-width: 28rem' }, arrows());
    const shortest = new Set(s.solved.shortest_game.map((r) => r.square));
    for (let n = 1; n <= size; n++) {
      const [x, y] = place(n, cols, rows);
      svg.append(PP.el('rect', { x: x - 20, y: y - 20, width: 40, height: 40, fill: shortest.has(n) ? '#dceefa' : (n % 2 ? '#fff' : '#f1f1f1'), stroke: '#ccc' }));
      svg.append(PP.el('text', { x: x - 17, y: y - 9, 'font-size': 9, fill: '#666', text: n }));
    }
    const jump = ([from, to], kind) => {
      const [x1, y1] = place(from, cols, rows), [x2, y2] = place(to, cols, rows);
      const bend = kind === 'ladder' ? '' : ` Q ${(x1 + x2) / 2 + 30} ${(y1 + y2) / 2 - 10} `;
      svg.append(PP.el('path', { d: `M ${x1} ${y1}${bend || ' L '}${x2} ${y2}`, ...JUMPS[kind], class: `jump ${kind}`,
        'data-from': from, 'data-to': to },
      PP.el('title', { text: `${kind} ${from} → ${to}` })));
    };
    s.solved.ladders.forEach((l) => jump(l, 'ladder'));
    s.solved.snakes.forEach((l) => jump(l, 'snake'));
    if (s.square >= 1) {
      const [x, y] = place(s.square, cols, rows);
      svg.append(PP.el('circle', { cx: x, cy: y + 4, r: 10, fill: '#000', id: 'sn-token' }, PP.el('title', { text: `token on ${s.square}` })));
    }
    return [svg, legend()];
  };

  /**
   * How ladders and snakes are drawn: a ladder a solid blue line, a snake a dashed orange-red curve, each from a
   * dot where the token lands to an arrowhead where it is taken.
   */
  const JUMPS = {
    ladder: { stroke: PP.colors.win, 'stroke-width': 5, fill: 'none', opacity: 0.8,
      'marker-start': 'url(#sn-from-ladder)', 'marker-end': 'url(#sn-to-ladder)' },
    snake: { stroke: PP.colors.verm, 'stroke-width': 3, fill: 'none', opacity: 0.8, 'stroke-dasharray': '6 3',
      'marker-start': 'url(#sn-from-snake)', 'marker-end': 'url(#sn-to-snake)' },
  };

  /** The dots and arrowheads of the jumps, in their colours (sized in the line's width). */
  const arrows = () => PP.el('defs', {}, ['ladder', 'snake'].flatMap((kind) => {
    const color = JUMPS[kind].stroke;
    const size = kind === 'ladder' ? 3 : 4;
    return [
      PP.el('marker', { id: `sn-to-${kind}`, viewBox: '0 0 10 10', refX: 6, refY: 5, markerWidth: size, markerHeight: size,
        orient: 'auto-start-reverse', markerUnits: 'strokeWidth' }, PP.el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: color })),
      PP.el('marker', { id: `sn-from-${kind}`, viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: size * 0.8,
        markerHeight: size * 0.8, markerUnits: 'strokeWidth' }, PP.el('circle', { cx: 5, cy: 5, r: 4, fill: color })),
    ];
  }));

  const legend = () => {
    const sample = (kind) => PP.el('svg', { viewBox: '0 0 56 16', width: 56, height: 16, class: 'legend-line', 'aria-hidden': 'true' },
      PP.el('path', { d: kind === 'ladder' ? 'M 6 8 L 46 8' : 'M 6 8 Q 26 0 46 8', ...JUMPS[kind] }));
    return PP.el('p', { class: 'legend', id: 'sn-legend' },
      PP.el('span', {}, sample('ladder'), ' ladder: up, from the dot to the arrow'),
      PP.el('span', {}, sample('snake'), ' snake: down, from the dot to the arrow'),
      PP.el('span', {}, PP.el('span', { class: 'swatch shortest' }), ' one shortest game'),
      PP.el('span', {}, PP.el('span', { class: 'swatch piece' }), ' the token'));
  };

  /** "1 roll", "57 rolls". */
  const countRolls = (n) => `${n} roll${n === 1 ? '' : 's'}`;

  // The expectation as the server proved it: its proven digits, else about the value, else (no bound at all: a
  // game too long for floating point to bound) not proven.
  const expectedText = (e) => e.decimal ?? (e.value != null ? `about ${e.value.toPrecision(6)}`
    : 'not proven (the game lasts too long for floating point to bound its error)');

  /**
   * The median as the command line says it: "57 rolls"; "1 or 2 rolls" (or "1 to 3 rolls") when the chance of
   * having ended is within its error bound of one half between them (`median_between`); "at least 40 rolls" when
   * the rolls computed do not settle it. `null` without a distribution, or when it never reaches one half.
   */
  const medianText = (d) => {
    if (d?.median !== null && d?.median !== undefined) return countRolls(d.median);
    const [low, high] = d?.median_between ?? [];
    if (low === undefined) return null;
    if (high === null) return `at least ${countRolls(low)}`;
    return `${low} ${high === low + 1 ? 'or' : 'to'} ${countRolls(high)}`;
  };

  /** The most rolls of the shortest game listed: a board of millions of squares has hundreds of thousands. */
  const LISTED = 1000;

  /** The most bars a distribution chart draws (its plot is about 580 units wide). */
  const MAX_BARS = 580;

  /** Where the charts' axis of rolls ends: the chance left past it is too small to see. */
  const SHOWN = 0.99;

  /**
   * P(ends on roll t) (bars) and P(ended by roll t) (line), `offset` rolls already played; the axis ends at the
   * first roll by which the game has ended with chance 99 % (the long thin tail would squeeze the rest into the
   * left edge), and the chart says so.
   */
  const distributionChart = (d, title, offset) => {
    if (!d || d.ends_on_roll.length < 2) return null;
    const cumulative = d.ended_by_roll;
    let last = cumulative.findIndex((c) => c >= SHOWN);
    if (last < 0) last = cumulative.length - 1;
    const cut = last < cumulative.length - 1 && cumulative[last] < 1;
    // Past MAX_BARS rolls (a bar a pixel wide or less) a bar stands for `group` rolls in a row, the chance the game
    // ends within them: tens of thousands of bars would take seconds to draw at every roll, and could not be seen.
    const group = Math.ceil(last / MAX_BARS);
    const bars = [];
    for (let first = 1; first <= last; first += group) {
      const end = Math.min(last, first + group - 1);
      const p = d.ends_on_roll.slice(first, end + 1).reduce((sum, q) => sum + q, 0);
      const rolls = end > first ? `rolls ${first + offset}–${end + offset}` : `roll ${first + offset}`;
      bars.push([(first + end) / 2 + offset, p, PP.colors.sky, `${rolls}: ${(100 * p).toFixed(2)}%`]);
    }
    const line = [];
    for (let i = 0; i < last; i += group) line.push([i + offset, cumulative[i]]);
    line.push([last + offset, cumulative[last]]);
    const left = 100 * (1 - cumulative[last]);
    const note = [cut ? `axis cut at roll ${last + offset}: ${left < 0.01 ? '< 0.01' : left.toFixed(2)}% of games last longer` : null,
      group > 1 ? `a bar: ${group} rolls` : null].filter(Boolean).join('; ') || null;
    return PP.chart({ title, xLabel: 'rolls', yMin: 0, yMax: 1, bars, note,
      series: [{ points: line, color: PP.colors.win }] });
  };

  /** While a board is being solved, the previous board's answer greyed out, and out of reach of clicks and keys. */
  const stale = (nodes) => (s.solving && nodes ? PP.el('div', { class: 'stale', inert: true }, nodes) : nodes);

  const solving = () => PP.el('p', { class: 'verdict', id: 'sn-solving',
    text: s.solved ? 'Solving the board… (greyed out: the previous board\'s answer)' : 'Solving the board…' });

  const draw = () => {
    if (!root) return;
    // A box left empty (or holding what is not a number, which a number box reads as empty) is `null`, for Solve to
    // refuse: as a number it would be 0, and a start of 0 is a board of its own. A number that is not whole is kept
    // as typed, for Solve to refuse by name.
    const field = (label, name, attrs = {}) => PP.el('label', {}, label, PP.el('input', { type: 'number', value: s[name], ...attrs,
      onchange: (e) => { const v = e.target.value.trim(); s[name] = v === '' ? null : /^\d+$/.test(v) ? +v : v; } }));
    const text = PP.el('textarea', { id: 'sn-input', rows: 6, 'aria-label': 'BOJ 16928 input' });
    text.value = s.input;
    text.addEventListener('change', () => { s.input = text.value; });
    const a = s.solved;
    const summary = a ? [
      PP.el('p', { class: 'verdict', id: 'sn-fewest', 'data-rolls': a.fewest_rolls, text: `Fewest rolls, choosing each roll's number: ${a.fewest_rolls.toLocaleString('en')}` }),
      PP.el('ol', { class: 'line', id: 'sn-shortest' }, a.shortest_game.map((r) => PP.el('li', {
        text: `roll ${r.die} to ${r.landed}${r.jump ? `, ${r.jump} to ${r.square}` : ''}` }))),
      a.fewest_rolls > a.shortest_game.length ? PP.el('p', { id: 'sn-more', text: `(the first ${a.shortest_game.length.toLocaleString('en')} rolls of ${a.fewest_rolls.toLocaleString('en')})` }) : null,
      a.expected_rolls ? PP.el('p', { id: 'sn-expected', text: `Expected rolls with a fair die: ${expectedText(a.expected_rolls)}`
        + (medianText(a.distribution) ? `; median: ${medianText(a.distribution)}` : '') }) : null,
      distributionChart(a.distribution, 'P(the game ends on roll t) (bars) and P(ended by roll t) (line), from the start', 0),
    ] : [];
    const played = s.rolls.length;
    const done = s.square === options().size;
    const here = s.here;
    const within = Math.max(0, s.within - played);
    // A finished game finished within the rolls asked, or past them: its chance is certain either way.
    const chance = done ? (played <= s.within ? 1 : 0)
      : here ? (here.ended_by_roll[Math.min(within, here.ended_by_roll.length - 1)] ?? 0) : null;
    // Rolling stands above the board, so that the token is seen moving (on a phone too); the odds from the token
    // stand with the board's own, and the board's text below them.
    const game = a ? PP.el('section', {},
      PP.el('h2', { text: 'Roll the die' }),
      PP.el('div', { class: 'controls' },
        PP.el('button', { type: 'button', id: 'sn-roll', onclick: () => roll(), disabled: done, text: 'Roll (space)' }),
        PP.el('button', { type: 'button', id: 'sn-new', onclick: newGame, text: 'New game' }),
        PP.el('label', {}, 'finish within ', PP.el('input', { type: 'number', min: 1, value: s.within, id: 'sn-within',
          onchange: (e) => withinTyped(e.target.value) }), s.within === 1 ? ' roll' : ' rolls')),
      PP.el('p', { id: 'sn-status', 'data-square': s.square, 'data-rolls': played, 'data-done': done,
        text: `${countRolls(played)}: ${s.rolls.map((r) => r.roll ? `${r.die}→${r.roll.square}${r.roll.jump ? ` (${r.roll.jump})` : ''}` : `${r.die} (stays)`).join(', ') || 'none yet'}. `
          + (done ? `Finished in ${countRolls(played)}.` : `Token on ${s.square || 'the start, off the board'}.`) }),
      chance === null ? null : PP.el('p', { id: 'sn-chance', 'data-chance': chance,
        text: `P(finish within ${countRolls(s.within)} in all) = ${(100 * chance).toFixed(2)}%` }),
      s.failed === 'odds' ? PP.el('p', { id: 'sn-failed', 'data-failed': 'odds' }, 'No odds from the token now (cancelled, or see the message above). ',
        PP.el('button', { type: 'button', id: 'sn-again', onclick: askOdds, text: 'Ask again' })) : null) : null;
    const odds = a && !done && s.failed !== 'odds'
      ? distributionChart(here, 'From the token now: P(ends on roll t) and P(ended by roll t), counting the rolls so far', played) : null;
    const failed = s.failed === 'board' ? PP.el('p', { class: 'verdict', id: 'sn-failed', 'data-failed': 'board' },
      'No answer for the board (cancelled, or see the message above). ',
      PP.el('button', { type: 'button', id: 'sn-again', onclick: () => solve(), text: 'Solve again' })) : null;
    PP.render(root, PP.el('div', { class: 'row' },
      PP.el('div', { class: 'panel' }, s.solving ? solving() : failed, stale(game), stale(boardView())),
      PP.el('div', { class: 'panel' }, stale(summary), stale(odds),
        PP.el('h2', { text: 'Board (BOJ 16928: N M, ladders x y, snakes u v)' }), text,
        PP.el('div', { class: 'controls' },
          BOXES.map(([name, label]) => field(`${label} `, name, { min: name === 'start' ? 0 : 1, id: `sn-${name}` })),
          PP.el('label', {}, 'overshoot ', PP.el('select', { id: 'sn-overshoot', onchange: (e) => { s.overshoot = e.target.value; } },
            OVERSHOOTS.map((v) => PP.el('option', { value: v, selected: s.overshoot === v, text: v })))),
          PP.el('button', { type: 'button', id: 'sn-solve', onclick: () => { s.input = text.value; solve(); }, text: 'Solve' })))));
  };

  const mount = (main, params) => {
    root = PP.el('div', { id: 'snakes' });
    main.append(root);
    // A link means the same whatever was shown before: the fields it leaves out take their defaults.
    restart();
    // A link's numbers are whole numbers; another field keeps its default, with a message.
    const bad = [];
    for (const name of ['size', 'faces', 'start', 'within']) {
      if (!params.has(name)) continue;
      // A chance within 0 rolls is no question (the box takes 1 at least); the board's numbers the API checks.
      const least = name === 'within' ? 1 : 0;
      if (/^\d{1,9}$/.test(params.get(name)) && +params.get(name) >= least) s[name] = +params.get(name);
      else bad.push(`The link's ${name} ${PP.quote(params.get(name))} is not a whole number${least ? ` from ${least}` : ''}; ${name} ${s[name]} is used.`);
    }
    if (params.has('input')) s.input = params.get('input');
    if (params.has('overshoot')) {
      const overshoot = params.get('overshoot');
      if (OVERSHOOTS.includes(overshoot)) s.overshoot = overshoot;
      else bad.push(`The link's overshoot ${PP.quote(overshoot)} is not one of ${OVERSHOOTS.join(', ')}; overshoot ${s.overshoot} is used.`);
    }
    const dice = (params.get('rolls') || '').split('.').filter(Boolean);
    solve().then(async (taken) => {
      if (!taken) return;
      PP.addError(...bad);
      // A link's rolls are replayed on the board solved, each only when it is a face of the die and the game goes on.
      for (const [i, die] of dice.entries()) {
        if (!s.solved) return;
        if (!/^\d{1,9}$/.test(die) || +die < 1 || +die > s.board.faces) {
          return PP.addError(`The link's roll ${i + 1}, ${PP.quote(die)}, is not a face of the die (1 to ${s.board.faces}); the game stops before it.`);
        }
        if (s.square === options().size) {
          return PP.addError(`The link's roll ${i + 1}, ${PP.quote(die)}, comes after the game has ended; it and those after it are left off.`);
        }
        const made = s.rolls.length;
        await roll(+die);
        if (s.rolls.length === made) return; // not answered (cancelled, or refused: the bar says so)
      }
    });
  };

  /** The rules, the two questions the page answers, how to play, and the board's text. */
  const help = () => [
    PP.helpPart('Rules', 'The token starts on the start square (1 in the judge\'s game; 0 is off the board, before '
      + 'square 1) and must reach the last square. A roll of the die moves it forward that many squares; a roll that '
      + 'would pass the last square is not played (overshoot "stay"), or bounces back from it ("bounce"), or finishes '
      + '("win"). Landing on the foot of a ladder takes the token up to its top; landing on the head of a snake takes it '
      + 'down to its tail.'),
    PP.helpPart('What is shown', 'Fewest rolls: the answer when you choose the number of every roll (the BOJ 16928 '
      + 'question), with one shortest game shaded on the board. Expected rolls, the median and the charts: with a fair '
      + 'die, where nobody chooses.'),
    PP.helpPart('Play', 'Roll (or press space): the token moves, and the chance to finish within the rolls you set is '
      + 'worked out again from where it stands. New game starts again.'),
    PP.helpPart('The board\'s text', 'The first line gives the number of ladders and the number of snakes; then a line '
      + '"from to" for each ladder, then one for each snake (from its head down to its tail). Change it, or the '
      + 'squares, faces, start and overshoot, then Solve.'),
  ];

  PP.games.snakes = { mount, key, help, state: () => ({ ...s }) };
})();
