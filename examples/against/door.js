// Magic Door (ICPC 2025 Seoul Regional) as a multi-test contest solution, in
// the batch form m3diff's `--batch N` feeds a program:
//
//   input:  a line with T, then T instances one after another, each in the
//           statement's format (`m n`, m rows of n numbers, `r1 c1 r2 c2`);
//   output: for each instance, on a line of its own, the number of gems that
//           vanish (MD7). With the argument --per-operation, each answer is
//           preceded by one line per operation: here the one swap's total.
//
//   node examples/against/door.js [--per-operation] < batch.in
//
// Rule IDs (MD1 ... MD7) are those of docs/RULES.md.
'use strict';

const VIBRANIUM = -1, BOMB = 0, EMPTY = -2;

// Fast input: all of standard input at once, read as integers.
const data = require('fs').readFileSync(0);
let pos = 0;
function readInt() {
    while (pos < data.length && data[pos] !== 45 && (data[pos] < 48 || data[pos] > 57)) pos++;
    if (pos >= data.length) throw new Error('unexpected end of input');
    let negative = false;
    if (data[pos] === 45) { negative = true; pos++; }
    let value = 0;
    while (pos < data.length && data[pos] >= 48 && data[pos] <= 57) value = value * 10 + (data[pos++] - 48);
    return negative ? -value : value;
}

// One case's grid, row by row: cell (r, c) is grid[r * cols + c], 0-based.
let rows = 0, cols = 0;
let grid = new Int8Array(0), armed = new Uint8Array(0), marked = new Uint8Array(0);

// MD5: everything, vibranium included, falls to the bottom of its column in
// order; a bomb that falls at least one cell is armed and stays armed.
function fall() {
    for (let c = 0; c < cols; c++) {
        let bottom = rows - 1;
        for (let r = rows - 1; r >= 0; r--) {
            const from = r * cols + c;
            const gem = grid[from];
            if (gem === EMPTY) continue;
            if (bottom !== r) {
                const to = bottom * cols + c;
                grid[to] = gem;
                armed[to] = armed[from] || gem === BOMB ? 1 : 0;
                grid[from] = EMPTY;
                armed[from] = 0;
            }
            bottom--;
        }
    }
}

// MD2, MD3: every regular gem in a line of 3 or more of one kind, across or
// down, vanishes at once; a gem in two groups is counted once.
function clearGroups() {
    marked.fill(0);
    for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
            const at = r * cols + c, gem = grid[at];
            if (gem < 1) continue;  // only regular gems (1..9) form groups
            if (c + 2 < cols && grid[at + 1] === gem && grid[at + 2] === gem)
                marked[at] = marked[at + 1] = marked[at + 2] = 1;
            if (r + 2 < rows && grid[at + cols] === gem && grid[at + 2 * cols] === gem)
                marked[at] = marked[at + cols] = marked[at + 2 * cols] = 1;
        }
    }
    let vanished = 0;
    for (let at = 0; at < rows * cols; at++) {
        if (marked[at]) {
            grid[at] = EMPTY;
            vanished++;
        }
    }
    return vanished;
}

// MD4: every armed bomb explodes at once. Its four beams, traced on the grid
// as it stands before the explosion, run to the edge or stop before the
// first vibranium; they take every regular gem and bomb they cross (an
// unarmed bomb just vanishes). Returns -1 when no bomb is armed.
function explode() {
    marked.fill(0);
    const dr = [-1, 1, 0, 0], dc = [0, 0, -1, 1];
    let any = false;
    for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
            if (grid[r * cols + c] !== BOMB || !armed[r * cols + c]) continue;
            any = true;
            marked[r * cols + c] = 1;
            for (let d = 0; d < 4; d++) {
                for (let y = r + dr[d], x = c + dc[d];
                    y >= 0 && y < rows && x >= 0 && x < cols && grid[y * cols + x] !== VIBRANIUM;
                    y += dr[d], x += dc[d]) {
                    marked[y * cols + x] = 1;
                }
            }
        }
    }
    if (!any) return -1;
    let vanished = 0;
    for (let at = 0; at < rows * cols; at++) {
        if (marked[at] && grid[at] >= BOMB) {  // a regular gem or a bomb
            grid[at] = EMPTY;
            armed[at] = 0;
            vanished++;
        }
    }
    return vanished;
}

// One case: the swap (MD1) and what follows it; the gems vanished (MD7).
function solveCase() {
    rows = readInt();
    cols = readInt();
    grid = new Int8Array(rows * cols);
    armed = new Uint8Array(rows * cols);
    marked = new Uint8Array(rows * cols);
    for (let at = 0; at < rows * cols; at++) grid[at] = readInt();
    const r1 = readInt(), c1 = readInt(), r2 = readInt(), c2 = readInt();
    // MD1: two distinct regular gems, 1-based, not necessarily neighbours.
    const a = (r1 - 1) * cols + (c1 - 1), b = (r2 - 1) * cols + (c2 - 1);
    [grid[a], grid[b]] = [grid[b], grid[a]];
    let vanished = 0;
    for (;;) {
        // MD3: Stage 1 while a group is left.
        for (let cleared; (cleared = clearGroups()) > 0;) {
            vanished += cleared;
            fall();
        }
        // MD4: Stage 2; MD6: done when no bomb is armed either.
        const exploded = explode();
        if (exploded < 0) break;
        vanished += exploded;
        fall();
    }
    return vanished;
}

const perOperation = process.argv.slice(2).includes('--per-operation');
const cases = readInt();
const out = [];
for (let t = 0; t < cases; t++) {
    const vanished = solveCase();
    if (perOperation) out.push(vanished);  // the swap, the one operation
    out.push(vanished);
}
process.stdout.write(out.length ? out.join('\n') + '\n' : '');
