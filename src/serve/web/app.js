// perfectplay's page: what every game shares. The API answers every question about a game (values, remoteness,
// legal moves, where a roll goes); the page only draws the answers and keeps the position in the URL.
'use strict';

const PP = {
  colors: { win: '#0072B2', lose: '#E69F00', wall: '#3A3A3A', sky: '#56B4E9', verm: '#D55E00', green: '#009E73' },
  games: {},
  current: null,
  job: null,
};

/** An element with attributes (`on…` become listeners) and children. */
PP.el = (tag, attrs = {}, ...children) => {
  const svg = ['svg', 'rect', 'line', 'path', 'circle', 'text', 'g', 'polyline', 'title', 'defs', 'marker']
    .includes(tag);
  const node = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
};

/** An API error: the HTTP status, the server's message and its whole body (a 504 may say what was known). */
class ApiError extends Error {
  constructor(status, message, data = {}) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

/**
 * What the page says when the server cannot be reached or the connection breaks before the answer (the browser
 * says only "Failed to fetch" or "network error").
 */
const NO_SERVER = 'No answer from the server (the connection failed, or closed before the answer came): is '
  + 'perfectplay serve still running? Once it is, ask again or reload the page.';

/** Awaits `promise`, a step of talking to the server; a network failure becomes an [`ApiError`] saying so. */
const reach = (promise) => promise.catch((error) => {
  throw error.name === 'AbortError' ? error : new ApiError(0, NO_SERVER);
});

/**
 * POSTs `body` as JSON to an API endpoint and returns its JSON answer. The request asks for server-sent events, so
 * a long solve shows its progress (`onProgress`) and can be cancelled (`signal`).
 */
PP.api = async (path, body, { signal, onProgress } = {}) => {
  const response = await reach(fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  }));
  const type = response.headers.get('content-type') || '';
  if (!type.startsWith('text/event-stream')) {
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) throw new ApiError(response.status, data.error, data);
    return data;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reach(reader.read());
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const chunk = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data = [];
      for (const line of chunk.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (!data.length) continue;
      const payload = JSON.parse(data.join('\n'));
      if (event === 'progress') onProgress?.(payload);
      else if (event === 'result') return payload;
      else if (event === 'error') throw new ApiError(payload.status, payload.error, payload);
    }
  }
  throw new ApiError(0, NO_SERVER);
};

/**
 * The last question the server refused: `{status, message, data}` (the message as shown, without the status; `data`
 * the error's whole body).
 */
PP.refused = null;

/**
 * Runs one request with the busy bar: progress after a moment, a Cancel button that aborts it (the server then
 * stops the solve). A newer request cancels an older one. Errors are shown (`explain` may reword the server's
 * message, to point at what the user typed); returns `null` when it failed, was cancelled or was replaced.
 */
PP.ask = async (path, body, { explain = (message) => message } = {}) => {
  PP.job?.abort();
  const controller = new AbortController();
  PP.job = controller;
  const busy = document.getElementById('busy');
  const text = document.getElementById('busy-text');
  const shown = setTimeout(() => { busy.hidden = false; }, 300);
  text.textContent = 'solving…';
  PP.showError(null);
  PP.refused = null;
  try {
    return await PP.api(path, body, {
      signal: controller.signal,
      onProgress: (p) => {
        const nodes = p.nodes ? `, ${p.nodes.toLocaleString('en')} positions` : '';
        // A solve that reports no stage of its own is said to be "solving", as the line already says.
        const stage = p.stage && p.stage !== 'solving' ? `, ${p.stage}` : '';
        text.textContent = `solving: ${p.elapsed.toFixed(1)} s${nodes}${stage}`;
      },
    });
  } catch (error) {
    if (error.name === 'AbortError') {
      if (PP.job === controller) PP.showError('cancelled');
    } else {
      const message = error.status ? explain(error.message) : error.message;
      PP.refused = { status: error.status, message, data: error.data ?? {} };
      PP.showError(error.status ? `${message} (HTTP ${error.status})` : message);
    }
    return null;
  } finally {
    clearTimeout(shown);
    if (PP.job === controller) {
      PP.job = null;
      busy.hidden = true;
    }
  }
};

/** The message of the page's last question or check, shown in the bar (`null`: none). */
let lastMessage = null;
/**
 * What is wrong with the link shown: said after the last message, and kept until the user dismisses the bar or
 * another link is shown (the solver's next move, a new question, does not wipe it).
 */
let linkMessages = [];

const drawMessages = () => {
  const text = [lastMessage, ...linkMessages].filter(Boolean).join(' ');
  const box = document.getElementById('error');
  box.hidden = !text;
  document.getElementById('error-bar').hidden = !text;
  box.textContent = text;
};

/** Shows `message` in the bar at the top of the window, after the link's messages if any (`null`: none). */
PP.showError = (message) => {
  lastMessage = message || null;
  drawMessages();
};

/** Adds `messages` about the link shown (a field that is wrong, and what is used instead): they stay until dismissed. */
PP.addError = (...messages) => {
  linkMessages.push(...messages);
  drawMessages();
};

/** Hides the bar and forgets its messages, the link's too (the × button, Escape, another link shown). */
PP.dismissMessages = () => {
  linkMessages = [];
  PP.showError(null);
};

/**
 * Text from outside (a link's field) as a message shows it, as the server's messages do: in single quotes, cut
 * after 32 characters, with control and bidirectional characters escaped.
 */
PP.quote = (text) => {
  const chars = [...String(text)];
  const shown = chars.slice(0, 32).map((c) => {
    const code = c.codePointAt(0);
    const hidden = code < 0x20 || (code >= 0x7f && code < 0xa0) || /[\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/.test(c);
    return hidden ? `\\u{${code.toString(16)}}` : c;
  }).join('');
  return `'${shown}${chars.length > 32 ? '...' : ''}'`;
};

/**
 * A game's state and the way to start it afresh: a link means the same whatever the tab showed before, so a game
 * starts from `fresh()` (the state of a link that gives no field) before it reads a link, and the fields the link
 * leaves out keep their defaults. Returns `[state, restart]`: `restart()` resets the state in place.
 */
PP.linkState = (fresh) => {
  const state = fresh();
  return [state, () => Object.assign(state, fresh())];
};

/** The position in the URL: read and written as `#game=…&key=value…` (replacing, so Back leaves the page). */
PP.readHash = () => new URLSearchParams(location.hash.slice(1));
PP.writeHash = (params) => {
  const all = new URLSearchParams({ game: PP.current });
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') all.set(k, v);
  history.replaceState(null, '', '#' + all.toString());
};

/**
 * The style of a board `cols` cells wide: the cells shrink (down to 1rem) so that the board fits its panel (about
 * 34rem, gaps included) or the screen; a board wider still scrolls inside its box.
 */
PP.boardStyle = (cols) =>
  `grid-template-columns: repeat(${cols}, var(--cell)); --cell: max(1rem, min(2.6rem, 10vw, `
  + `calc((33rem - ${2 * cols}px) / ${cols}), calc((100vw - 2.5rem - ${2 * cols}px) / ${cols})))`;

/** A random die face 1..faces. */
PP.die = (faces) => {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return 1 + (word[0] % faces);
};

/**
 * A line chart as SVG: `series` = [{points: [[x, y]…], color, label, dots}], axes from the data. `bars` ([x, y,
 * color, label]) are drawn on their own scale, the tallest reaching the top, with that height marked on the right:
 * small chances would otherwise be invisible on a 0–1 axis. With a `title`, a figure: the title as its caption, then
 * the chart. The notes (the tallest bar's height, and `note`'s parts, split at '; ') stand above the plot, a line
 * each, in room kept for them: nothing of the data is ever under them, wherever the bars peak.
 */
PP.chart = ({ series, xLabel, yLabel, yMin, yMax, bars, title, note }) => {
  // As wide as its panel, up to 640 units: in a narrow window the chart is narrower rather than its text smaller. The
  // panels of a game share a row equally, or each has the window's width; before the first is drawn, the window's.
  const room = document.querySelector('#main .panel')?.clientWidth ?? document.documentElement.clientWidth - 24;
  const notes = [
    ...(bars?.length ? [[`bars: tallest ${+(100 * Math.max(...bars.map((b) => b[1]))).toFixed(2)}%`, 'bars-note']] : []),
    ...(note ? note.split('; ').map((part) => [part, 'note']) : []),
  ];
  // The plot is 200 units high, below a line of notes each (one fits in the margin a chart has anyway).
  const LINE = 14, T = Math.max(24, 10 + LINE * notes.length), H = T + 236;
  const W = Math.round(Math.max(280, Math.min(640, room))), L = 48, R = 12, B = 36;
  const xs = series.flatMap((s) => s.points.map((p) => p[0])).concat(bars ? bars.map((b) => b[0]) : []);
  const ys = series.flatMap((s) => s.points.map((p) => p[1]));
  const x0 = Math.min(0, ...xs), x1 = Math.max(1, ...xs);
  const y0 = yMin ?? Math.min(0, ...ys), y1 = yMax ?? Math.max(1, ...ys);
  const X = (x) => L + ((x - x0) / (x1 - x0 || 1)) * (W - L - R);
  const Y = (y) => H - B - ((y - y0) / (y1 - y0 || 1)) * (H - T - B);
  const svg = PP.el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': title || yLabel });
  svg.append(PP.el('line', { x1: L, y1: Y(0), x2: W - R, y2: Y(0), stroke: '#999' }));
  svg.append(PP.el('line', { x1: L, y1: T, x2: L, y2: H - B, stroke: '#999' }));
  // The axis's ends and 0, leaving out a label that would overlap one already drawn.
  const labelled = [];
  for (const v of [0, y0, y1]) {
    if (v < y0 || v > y1 || labelled.some((u) => Math.abs(Y(u) - Y(v)) < 12)) continue;
    labelled.push(v);
    svg.append(PP.el('text', { x: L - 4, y: Y(v) + 4, 'text-anchor': 'end', 'font-size': 11, text: +v.toFixed(3), class: 'y-label' }));
  }
  svg.append(PP.el('text', { x: X(x0), y: H - B + 14, 'font-size': 11, text: x0, class: 'x-label' }));
  svg.append(PP.el('text', { x: X(x1), y: H - B + 14, 'font-size': 11, 'text-anchor': 'end', text: x1, class: 'x-label' }));
  // Round numbers between the ends (1, 2 or 5 times a power of ten apart, about six of them), clear of the ends.
  const span = x1 - x0;
  const unit = 10 ** Math.floor(Math.log10(span / 6 || 1));
  const step = [1, 2, 5, 10].map((m) => m * unit).find((d) => span / d <= 7) || 10 * unit;
  // A label's width from its digits (11-unit digits are under 7 units wide): a tick's label, centred, keeps clear
  // of the ends' labels (the first starts at its x, the last ends at its x) by 4 units, however many digits each has.
  const wide = (v) => 7 * String(v).length;
  for (let v = Math.ceil(x0 / step) * step; v < x1; v += step) {
    if (step < 1 || X(v) - X(x0) < wide(x0) + wide(v) / 2 + 4 || X(x1) - X(v) < wide(x1) + wide(v) / 2 + 4) continue;
    svg.append(PP.el('line', { x1: X(v), y1: H - B, x2: X(v), y2: H - B + 3, stroke: '#999' }));
    svg.append(PP.el('text', { x: X(v), y: H - B + 14, 'font-size': 11, 'text-anchor': 'middle', text: v, class: 'x-label' }));
  }
  svg.append(PP.el('text', { x: (L + W) / 2, y: H - 6, 'font-size': 12, 'text-anchor': 'middle', text: xLabel }));
  if (bars?.length) {
    const width = Math.max(2, (W - L - R) / (x1 - x0 + 1) - 1);
    const top = Math.max(...bars.map((b) => b[1])) || 1;
    const barY = (y) => H - B - (y / top) * (H - T - B);
    for (const [x, y, color, label] of bars) {
      const height = y > 0 ? Math.max(1, H - B - barY(y)) : 0;
      svg.append(PP.el('rect', { x: X(x) - width / 2, y: H - B - height, width, height, fill: color, class: 'bar' },
        PP.el('title', { text: label })));
    }
  }
  // The notes, right-aligned above the plot (its top at T), clear of the bars and the curves.
  svg.append(...notes.map(([text, kind], i) => PP.el('text', { x: W - R - 4, y: T - 10 - LINE * (notes.length - 1 - i),
    'text-anchor': 'end', 'font-size': 11, fill: '#555', class: kind, text })));
  for (const s of series) {
    if (s.points.length > 1) {
      svg.append(PP.el('polyline', {
        points: s.points.map(([x, y]) => `${X(x)},${Y(y)}`).join(' '), fill: 'none', stroke: s.color, 'stroke-width': 2,
      }));
    }
    for (const [x, y, color, label, ring] of s.dots || []) {
      svg.append(PP.el('circle', { cx: X(x), cy: Y(y), r: ring ? 7 : 5, fill: color, stroke: ring ? PP.colors.verm : '#fff',
        'stroke-width': ring ? 3 : 1 }, PP.el('title', { text: label })));
    }
  }
  // The title above the chart, in the page's text: it wraps on a narrow screen.
  if (!title) return svg;
  return PP.el('figure', { class: 'chart-figure' }, PP.el('figcaption', { text: title }), svg);
};

/**
 * Where the keyboard focus is inside `root`: the id of the control, or the `data-cell` of the board cell, that has
 * it (`null` when the focus is elsewhere).
 */
const focusIn = (root) => {
  const active = document.activeElement;
  if (!active || active === document.body || !root.contains(active)) return null;
  return { id: active.id || null, cell: active.dataset?.cell ?? null };
};

const focusCell = (root, cell, options) => {
  const target = cell && root.querySelector(`[data-cell="${cell}"]`);
  if (!target) return false;
  // A large board draws a row (`.board-row`) once it is `shown`: a cell not drawn cannot have the focus.
  target.closest('.board-row')?.classList.add('shown');
  target.focus(options);
  return true;
};

/**
 * After a token moved to the cell `moved` (a `data-cell`): the focus follows it there when it was on a board cell
 * of `root`, or nowhere in particular, so the keyboard goes on from the token's new cell.
 */
PP.follow = (root, moved) => {
  const active = document.activeElement;
  const loose = !active || active === document.body;
  if (moved && (loose || (root.contains(active) && active.dataset?.cell !== undefined))) focusCell(root, moved);
};

/** The redraws that wait for a pointer to be released: root → its new children. */
const waiting = new Map();
let pressed = false;

/**
 * Replaces the children of `root` (a game's view, or a part of it) by `nodes`, keeping the keyboard focus where it
 * was: on the control of the same id, or the board cell of the same `data-cell`; with `moved` (the cell a token of
 * the user's just moved to), see [`PP.follow`].
 *
 * While a mouse button or a finger is down the redraw waits until it is released: a press on a button that makes
 * a number box give up the focus fires its `change` (which redraws), and a button replaced under the pointer
 * between the press and the release would never get the click.
 */
PP.render = (root, nodes, moved) => {
  if (pressed) {
    waiting.set(root, [nodes, moved]);
    return;
  }
  waiting.delete(root);
  const before = focusIn(root);
  root.replaceChildren(...[nodes].flat().filter((n) => n !== null && n !== undefined && n !== ''));
  if (before) {
    const same = before.id ? document.getElementById(before.id) : null;
    if (same && root.contains(same)) same.focus({ preventScroll: true });
    else if (!(moved && before.cell !== null && focusCell(root, moved))) focusCell(root, before.cell, { preventScroll: true });
  } else {
    PP.follow(root, moved);
  }
};

const release = () => {
  if (!pressed) return;
  pressed = false;
  // After the click that the release makes, which comes in the same task.
  setTimeout(() => {
    for (const [root, [nodes, moved]] of [...waiting]) if (root.isConnected) PP.render(root, nodes, moved);
    waiting.clear();
  }, 0);
};
window.addEventListener('pointerdown', () => { pressed = true; }, true);
for (const type of ['pointerup', 'pointercancel', 'dragstart']) window.addEventListener(type, release, true);
// A release that happened where the page did not see it: the window lost the focus, or the pointer moves unpressed.
window.addEventListener('blur', (event) => { if (event.target === window) release(); });
window.addEventListener('pointermove', (event) => { if (event.buttons === 0) release(); }, true);

/**
 * Shows a game: marks its tab, builds its view from the URL. A link without a game shows footholds; a link to a
 * game the page does not have too, with a message (footholds says it with its own about the link).
 */
PP.show = (name) => {
  const notes = name !== null && !PP.games[name]
    ? [`The link's game ${PP.quote(name)} is not one of ${Object.keys(PP.games).join(', ')}; footholds is shown.`] : [];
  if (!PP.games[name]) name = 'footholds';
  PP.job?.abort();
  // The game left behind makes no more moves of its own (its solver's pending move).
  PP.games[PP.current]?.stop?.();
  PP.current = name;
  for (const a of document.querySelectorAll('nav a')) {
    a.classList.toggle('current', a.dataset.game === name);
    if (a.dataset.game === name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  document.getElementById('help-title').textContent = `How to play ${name}: the rules, the colours, the keys`;
  document.getElementById('help-text').replaceChildren(...PP.games[name].help());
  const main = document.getElementById('main');
  main.replaceChildren();
  PP.dismissMessages();
  PP.games[name].mount(main, PP.readHash(), notes);
};

/**
 * A paragraph of a game's help: `lead` in bold, then `parts` (text, or a swatch made by [`PP.swatch`]).
 */
PP.helpPart = (lead, ...parts) => PP.el('p', {}, PP.el('strong', { text: `${lead}. ` }), ...parts);

/**
 * A box's number when it is a whole number from `least` of at most nine digits (as a link holds one), else null;
 * `PP.notWhole` says why not, for the box's message: "'2.5' is not a whole number from 1", or, for an empty box,
 * "give a whole number from 1".
 */
PP.whole = (text, least) => (/^\s*\d{1,9}\s*$/.test(text) && +text >= least ? +text : null);
PP.notWhole = (text, least) => (text.trim() ? `${PP.quote(text)} is not a whole number from ${least}` : `give a whole number from ${least}`);

/** A colour swatch for a legend (`kind`: its classes, as `win` or `move-lose`). */
PP.swatch = (kind) => PP.el('span', { class: `swatch ${kind}`, 'aria-hidden': 'true' });

/**
 * The help starts open on a screen wide enough for it beside the game's start (on a phone the board comes first),
 * then stays as the user leaves it, for every game and the next visits.
 */
const HELP_STATE = 'perfectplay.help';
const remembered = (value) => {
  try {
    if (value !== undefined) localStorage.setItem(HELP_STATE, value);
    return localStorage.getItem(HELP_STATE);
  } catch (_) {
    return null; // No storage (a private window, say): the help starts as the screen's width has it.
  }
};

document.getElementById('busy-cancel').addEventListener('click', () => PP.job?.abort());
document.getElementById('error-close').addEventListener('click', PP.dismissMessages);
// The tab of the game shown is no link to follow: its position (in the URL) stays as it is.
for (const a of document.querySelectorAll('nav a')) {
  a.addEventListener('click', (event) => { if (a.dataset.game === PP.current) event.preventDefault(); });
}
// The page writes its own hash with `replaceState`, which fires no `hashchange`: this is a link pasted or followed.
// A link to another game, or to a position, shows it; the bare tab of the game shown keeps its position.
window.addEventListener('hashchange', () => {
  const params = PP.readHash();
  const name = params.get('game');
  if (name !== PP.current || [...params.keys()].some((key) => key !== 'game')) PP.show(name);
});
// The game's keys, except where the key already means something: typing in a box, and Enter or Space on a button,
// a link or any other control (they press it).
document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  // Escape, anywhere: cancels the question under way, else dismisses the messages.
  if (event.key === 'Escape') {
    if (PP.job) PP.job.abort();
    else if (!document.getElementById('error-bar').hidden) PP.dismissMessages();
    else return;
    event.preventDefault();
    return;
  }
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('input, textarea, select, [contenteditable]')) return;
  const pressing = event.key === 'Enter' || event.key === ' ';
  if (pressing && target?.closest('a[href], button, summary, [role=button], [role=link], [tabindex]')) return;
  if (PP.games[PP.current]?.key?.(event.key)) event.preventDefault();
});
window.addEventListener('DOMContentLoaded', () => {
  const help = document.getElementById('help');
  const state = remembered();
  help.open = state ? state === 'open' : matchMedia('(min-width: 40rem)').matches;
  // Only the user's opening or closing is remembered (a click on the title, or Enter or Space on it), after it took
  // effect; not the page's own opening above.
  document.getElementById('help-title').addEventListener('click', () => {
    setTimeout(() => remembered(help.open ? 'open' : 'closed'), 0);
  });
  PP.show(PP.readHash().get('game'));
});
