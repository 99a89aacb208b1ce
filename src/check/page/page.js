'use strict';
/* The failure page's script: reads the inline data, rebuilds each side's
   boards from the cells each changes, draws them on canvases and steps
   through them. What it shows goes into the attributes of <main>, which
   the browser tests read. */
(function () {
  const started = performance.now();
  const data = JSON.parse(document.getElementById('data').textContent);
  const main = document.getElementById('page');
  const cellCount = data.rows * data.cols;

  /* Each side's boards in one line: board 0 is the start, then every board
     every operation leaves. `opStart[k]` is the index of operation k's
     first board (k from 1). */
  function lineOf(side) {
    const opStart = [0, 1];
    for (const op of side.changes) { opStart.push(opStart[opStart.length - 1] + op.length); }
    const flat = [];
    for (const op of side.changes) { for (const board of op) { flat.push(board); } }
    const total = flat.length + 1;
    const every = Math.max(1, Math.ceil(total / 200));
    const keyframes = [];
    const board = Int32Array.from(data.start);
    keyframes.push(board.slice());
    for (let t = 1; t < total; t++) {
      apply(board, flat[t - 1]);
      if (t % every === 0) { keyframes.push(board.slice()); }
    }
    return { side, opStart, flat, every, keyframes };
  }

  function apply(board, changes) {
    for (let i = 0; i < changes.length; i += 2) { board[changes[i]] = changes[i + 1]; }
  }

  /* The board at index t of a side's line. */
  function boardAt(line, t) {
    const k = Math.floor(t / line.every);
    const board = line.keyframes[k].slice();
    for (let u = k * line.every + 1; u <= t; u++) { apply(board, line.flat[u - 1]); }
    return board;
  }

  const lines = data.sides.map(lineOf);
  const held = data.held;

  /* How many boards operation `op` leaves on a side; 1 for the start. */
  function boardsOf(line, op) {
    return op === 0 ? 1 : line.opStart[op + 1] - line.opStart[op];
  }
  function roundsOf(op) {
    return Math.max(...lines.map((line) => boardsOf(line, op)));
  }
  function indexOf(line, op, round) {
    if (op === 0) { return 0; }
    return line.opStart[op] + Math.min(round, boardsOf(line, op)) - 1;
  }

  /* The palette: colour i of n spread round the hue circle by the golden
     angle, in three lightnesses, so that neighbours in number differ. */
  const palette = new Uint32Array(Math.max(1, data.colours) + 1);
  const light = new Uint8Array(palette.length);
  function hsl(h, s, l) {
    const a = s * Math.min(l, 1 - l);
    const f = (n) => {
      const k = (n + h / 30) % 12;
      return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
    };
    return [f(0), f(8), f(4)];
  }
  function rgba(rgb) { return (255 << 24 | rgb[2] << 16 | rgb[1] << 8 | rgb[0]) >>> 0; }
  palette[0] = rgba([12, 13, 16]);
  for (let i = 1; i < palette.length; i++) {
    const l = [0.55, 0.38, 0.72][(i - 1) % 3];
    palette[i] = rgba(hsl(((i - 1) * 137.508) % 360, 0.75, l));
    light[i] = l > 0.5 ? 1 : 0;
  }
  const NO_COLOUR = rgba([110, 110, 118]);

  /* The page's parts. */
  function element(tag, attributes, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attributes || {})) { e.setAttribute(k, v); }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  main.appendChild(element('h1', {}, data.title + ': ' + data.size));
  if (data.first) {
    const f = data.first;
    const where = f.operation ? data.operation + ' ' + f.operation : 'the outcome';
    const step = f.step ? ', ' + data.step + ' ' + f.step : '';
    const rules = f.rules.length ? '; rules ' + f.rules.join(', ') : '';
    const box = element('div', { class: 'first', id: 'first' });
    box.appendChild(element('b', {}, 'First difference: ' + where + step + ', ' + (f.field ? 'field ' + f.field : f.kind) + rules));
    box.appendChild(document.createTextNode('\n' + f.summary));
    main.appendChild(box);
  }
  if (data.note) { main.appendChild(element('div', { class: 'note' }, data.note)); }
  if (held < data.operations) {
    main.appendChild(element('div', { class: 'note' }, 'The page holds the first ' + held + ' of ' + data.operations + ' ' + data.operation + 's.'));
  }
  const controls = element('div', { class: 'controls' });
  const buttons = [
    ['\u00ab ' + data.operation, 'ArrowLeft'], ['\u2039 ' + data.step, 'ArrowUp'],
    [data.step + ' \u203a', 'ArrowDown'], [data.operation + ' \u00bb', 'ArrowRight'],
  ];
  for (const [label, key] of buttons) {
    const b = element('button', { type: 'button', 'data-key': key }, label);
    b.addEventListener('click', () => press(key));
    controls.appendChild(b);
  }
  if (data.first && data.first.operation) {
    const b = element('button', { type: 'button' }, 'first difference');
    b.addEventListener('click', () => go(data.first.operation, firstRound()));
    controls.appendChild(b);
  }
  const position = element('span', { class: 'position' });
  controls.appendChild(position);
  main.appendChild(controls);
  main.appendChild(element('div', { class: 'legend' },
    'keys: \u2190 \u2192 ' + data.operation + 's, \u2191 \u2193 or [ ] ' + data.step +
    's within one; outlined cells differ between the sides; #op=K&round=R opens there'));
  const boards = element('div', { class: 'boards' });
  const canvases = lines.map((line) => {
    const box = element('div', { class: 'side' });
    box.appendChild(element('h2', {}, line.side.name));
    const canvas = element('canvas', { 'data-side': line.side.name });
    box.appendChild(canvas);
    const end = line.side.stopped ? 'stopped: ' + line.side.stopped : line.side.answer !== null ? 'answer: ' + line.side.answer : '';
    box.appendChild(element('div', { class: 'answer' }, end));
    boards.appendChild(box);
    return canvas;
  });
  main.appendChild(boards);
  main.appendChild(element('div', { class: 'legend' }, 'replay:'));
  main.appendChild(element('pre', { class: 'replay' }, data.replay));

  /* The cell size that fits both boards in the window. */
  function cellSize() {
    const width = (Math.max(window.innerWidth, 400) - 40 - 16 * (lines.length - 1)) / lines.length;
    const height = Math.max(window.innerHeight - 220, 200);
    return Math.max(1, Math.min(40, Math.floor(Math.min(width / data.cols, height / data.rows))));
  }

  function draw(canvas, board, differing, size) {
    const w = data.cols * size, h = data.rows * size;
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    const context = canvas.getContext('2d');
    const image = context.createImageData(w, h);
    const pixels = new Uint32Array(image.data.buffer);
    const gap = size >= 6 ? 1 : 0;
    for (let r = 0; r < data.rows; r++) {
      for (let c = 0; c < data.cols; c++) {
        const code = board[r * data.cols + c];
        const colour = code >> 8;
        const fill = colour === 0 ? ((code & 255) ? NO_COLOUR : palette[0]) : palette[Math.min(colour, palette.length - 1)];
        for (let y = r * size; y < (r + 1) * size - gap; y++) {
          pixels.fill(fill, y * w + c * size, y * w + (c + 1) * size - gap);
        }
      }
    }
    context.putImageData(image, 0, 0);
    if (size >= 9) {
      context.font = 'bold ' + Math.floor(size * 0.7) + 'px monospace';
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      for (let i = 0; i < cellCount; i++) {
        const sign = board[i] & 255;
        if (!sign) { continue; }
        const colour = board[i] >> 8;
        context.fillStyle = colour && light[Math.min(colour, light.length - 1)] ? '#000' : '#fff';
        context.fillText(String.fromCharCode(sign), (i % data.cols + 0.5) * size, (Math.floor(i / data.cols) + 0.5) * size);
      }
    }
    if (size >= 24) {
      /* The colour's number in the corner, as the text report writes it,
         unless the sign says it already (a level). */
      context.font = Math.floor(size * 0.28) + 'px monospace';
      context.textAlign = 'left';
      context.textBaseline = 'top';
      for (let i = 0; i < cellCount; i++) {
        const colour = board[i] >> 8;
        if (!colour || String(colour) === String.fromCharCode(board[i] & 255)) { continue; }
        context.fillStyle = light[Math.min(colour, light.length - 1)] ? '#000' : '#fff';
        context.fillText(String(colour), (i % data.cols) * size + 4, Math.floor(i / data.cols) * size + 4);
      }
    }
    if (differing.length) {
      /* Dark under light, so that the outline shows on every colour. */
      const width = Math.max(1, Math.min(3, Math.floor(size / 12)));
      context.beginPath();
      for (const i of differing) {
        context.rect((i % data.cols) * size + width / 2, Math.floor(i / data.cols) * size + width / 2, size - width, size - width);
      }
      context.lineWidth = width + 2;
      context.strokeStyle = '#000';
      context.stroke();
      context.lineWidth = width;
      context.strokeStyle = '#fff';
      context.stroke();
    }
  }

  /* A hash of what is drawn, for the tests: FNV-1a over every cell. */
  function hash(boardsDrawn) {
    let h = 2166136261;
    for (const board of boardsDrawn) {
      for (let i = 0; i < board.length; i++) { h = Math.imul(h ^ board[i], 16777619) >>> 0; }
    }
    return h.toString(16);
  }

  let op = 0, round = 1;
  function show() {
    const begun = performance.now();
    const shown = lines.map((line) => boardAt(line, indexOf(line, op, round)));
    const differing = [];
    if (shown.length === 2) {
      for (let i = 0; i < cellCount; i++) { if (shown[0][i] !== shown[1][i]) { differing.push(i); } }
    }
    const size = cellSize();
    canvases.forEach((canvas, s) => draw(canvas, shown[s], differing, size));
    const rounds = roundsOf(op);
    const where = op === 0 ? 'start' : data.operation + ' ' + op + ' of ' + held +
      (round < rounds ? ', after ' + data.step + ' ' + round + ' of ' + (rounds - 1) : ', after the ' + data.operation);
    position.textContent = where + (differing.length ? ' \u2014 ' + differing.length + (differing.length === 1 ? ' cell differs' : ' cells differ') : '');
    const drawn = performance.now() - begun;
    main.setAttribute('data-op', op);
    main.setAttribute('data-round', round);
    main.setAttribute('data-rounds', rounds);
    main.setAttribute('data-differing', differing.map((i) => Math.floor(i / data.cols) + ',' + i % data.cols).join(';'));
    main.setAttribute('data-hash', hash(shown));
    main.setAttribute('data-drawn-ms', drawn.toFixed(2));
  }

  function go(toOp, toRound) {
    op = Math.max(0, Math.min(held, toOp));
    round = Math.max(1, Math.min(roundsOf(op), toRound));
    show();
  }
  function firstRound() {
    const f = data.first;
    return f && f.step ? f.step : roundsOf(f.operation);
  }

  function press(key) {
    const begun = performance.now();
    if (key === 'ArrowRight') { go(op + 1, roundsOf(Math.min(held, op + 1))); }
    else if (key === 'ArrowLeft') { go(op - 1, roundsOf(Math.max(0, op - 1))); }
    else if (key === 'ArrowDown' || key === ']') { go(op, round + 1); }
    else if (key === 'ArrowUp' || key === '[') { go(op, round - 1); }
    else { return false; }
    main.setAttribute('data-step-ms', (performance.now() - begun).toFixed(2));
    return true;
  }
  document.addEventListener('keydown', (event) => {
    if (press(event.key)) { event.preventDefault(); }
  });

  /* #op=K&round=R opens at a step; #keys=A,B presses keys as a person
     would, through the same handler, once the page is drawn. */
  function fragment() {
    const found = {};
    for (const part of location.hash.replace(/^#/, '').split('&')) {
      const [k, v] = part.split('=');
      if (k) { found[k] = decodeURIComponent(v || ''); }
    }
    return found;
  }
  function open() {
    const f = fragment();
    if (f.op !== undefined) {
      const toOp = parseInt(f.op, 10) || 0;
      go(toOp, f.round !== undefined ? parseInt(f.round, 10) || 1 : roundsOf(Math.max(0, Math.min(held, toOp))));
    } else if (data.first && data.first.operation && data.first.operation <= held) {
      go(data.first.operation, firstRound());
    } else {
      go(0, 1);
    }
    return f;
  }
  const keys = open().keys;
  main.setAttribute('data-open-ms', (performance.now() - started).toFixed(2));
  if (keys) {
    for (const key of keys.split(',')) {
      document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    }
  }
  window.addEventListener('hashchange', open);
  window.addEventListener('resize', show);
}());
