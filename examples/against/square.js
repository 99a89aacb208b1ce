// SquareRemover (TopCoder TCO'14 Marathon Round 1) as a multi-test contest
// solution, in the batch form m3diff's `--batch N` feeds a program:
//
//   input:  a line with T, then T instances one after another, each in
//           m3diff's format (`colors N startSeed`, N rows of N digits, M, and
//           M moves `row col dir`, 0-based);
//   output: for each instance, on a line of its own, the final score, or -1
//           when a move is invalid (SR4). With the argument --per-operation,
//           each answer is preceded by one line per move: the squares removed
//           so far (the opening adjust's included), or -1 from the first
//           invalid move on.
//
//   node examples/against/square.js [--per-operation] < batch.in
//
// Rule IDs (SR1 ... SR4) are those of docs/RULES.md.
'use strict';

// Fast input: all of standard input at once.
const data = require('fs').readFileSync(0);
let pos = 0;
function skipSpace() {
    while (pos < data.length && (data[pos] === 32 || data[pos] === 10 || data[pos] === 13 || data[pos] === 9)) pos++;
}
function readInt() {
    skipSpace();
    let negative = false;
    if (data[pos] === 45) { negative = true; pos++; }
    if (!(data[pos] >= 48 && data[pos] <= 57)) throw new Error(`a number expected at byte ${pos}`);
    let value = 0;
    while (pos < data.length && data[pos] >= 48 && data[pos] <= 57) value = value * 10 + (data[pos++] - 48);
    return negative ? -value : value;
}

// SR1: tile i has colour A[i] mod colors, with A[0] = startSeed and
// A[i] = A[i-1] * 48271 mod 2147483647. The product needs up to 47 bits,
// exact in a double. The colours are worked out lazily, a chunk at a time,
// into a flat array.
class Buffer {
    constructor(colors, seed) {
        this.colors = colors;
        this.a = seed;  // A[i] of the next tile to work out
        this.tiles = [];
        this.taken = 0;
    }

    take() {
        if (this.taken === this.tiles.length) {
            for (let k = 0; k < 1024; k++) {
                this.tiles.push(this.a % this.colors);
                this.a = (this.a * 48271) % 2147483647;
            }
        }
        return this.tiles[this.taken++];
    }
}

// A min-heap of integers.
class MinHeap {
    constructor() { this.items = []; }

    get size() { return this.items.length; }

    push(value) {
        const items = this.items;
        let i = items.length;
        items.push(value);
        while (i > 0) {
            const parent = (i - 1) >> 1;
            if (items[parent] <= value) break;
            items[i] = items[parent];
            i = parent;
        }
        items[i] = value;
    }

    pop() {
        const items = this.items;
        const top = items[0], last = items.pop();
        if (items.length > 0) {
            let i = 0;
            for (;;) {
                let child = 2 * i + 1;
                if (child >= items.length) break;
                if (child + 1 < items.length && items[child + 1] < items[child]) child++;
                if (items[child] >= last) break;
                items[i] = items[child];
                i = child;
            }
            items[i] = last;
        }
        return top;
    }
}

// SR4: directions 0 up, 1 right, 2 down, 3 left, as (row, column) steps.
const DR = [-1, 0, 1, 0], DC = [0, 1, 0, -1];

// One case's board, row by row: tile (r, c) is board[r * n + c]. Every
// one-colour 2x2 square on the board, named by its top-left tile's index, is
// in the min-heap `candidates`, which may also hold squares since broken; the
// least index is the smallest top row, then the smallest left column.
class Game {
    constructor(colors, n, seed, board) {
        this.n = n;
        this.board = board;
        this.buffer = new Buffer(colors, seed);
        this.candidates = new MinHeap();
        this.score = 0;
    }

    isSquare(r, c) {
        const n = this.n, board = this.board;
        if (r < 0 || c < 0 || r >= n - 1 || c >= n - 1) return false;
        const at = r * n + c, colour = board[at];
        return board[at + 1] === colour && board[at + n] === colour && board[at + n + 1] === colour;
    }

    // Puts every square whose top-left tile is in rows r0..r1, columns
    // c0..c1 among the candidates.
    addSquares(r0, r1, c0, c1) {
        for (let r = r0; r <= r1; r++)
            for (let c = c0; c <= c1; c++)
                if (this.isSquare(r, c)) this.candidates.push(r * this.n + c);
    }

    // SR2: while a square is left, remove the least one, score it and refill
    // its tiles from the buffer (top-left, top-right, bottom-left,
    // bottom-right); a new square holds a refilled tile, so only the 3x3
    // top-left corners around it need a look.
    adjust() {
        const n = this.n, board = this.board, buffer = this.buffer;
        while (this.candidates.size > 0) {
            const at = this.candidates.pop();
            const r = Math.floor(at / n), c = at % n;
            if (!this.isSquare(r, c)) continue;  // broken by an earlier refill
            this.score++;
            board[at] = buffer.take();
            board[at + 1] = buffer.take();
            board[at + n] = buffer.take();
            board[at + n + 1] = buffer.take();
            this.addSquares(r - 1, r + 1, c - 1, c + 1);
        }
    }

    // SR4: swaps a tile with its neighbour; false when the move is invalid.
    // A new square holds one of the two tiles.
    move(row, col, dir) {
        const n = this.n, board = this.board;
        if (row < 0 || row >= n || col < 0 || col >= n || dir < 0 || dir > 3) return false;
        const row2 = row + DR[dir], col2 = col + DC[dir];
        if (row2 < 0 || row2 >= n || col2 < 0 || col2 >= n) return false;
        const a = row * n + col, b = row2 * n + col2;
        if (board[a] !== board[b]) {  // an equal swap is a move that changes nothing
            [board[a], board[b]] = [board[b], board[a]];
            this.addSquares(Math.min(row, row2) - 1, Math.max(row, row2),
                Math.min(col, col2) - 1, Math.max(col, col2));
        }
        return true;
    }
}

// Plays one case and appends its lines to out as one string.
function solveCase(out, perOperation) {
    const colors = readInt(), n = readInt(), seed = readInt();
    const board = new Int8Array(n * n);
    for (let r = 0; r < n; r++) {
        skipSpace();  // a row is one word of n digits
        for (let c = 0; c < n; c++) board[r * n + c] = data[pos++] - 48;
    }
    const moves = readInt();
    const game = new Game(colors, n, seed, board);
    // SR3: the board is adjusted once before the first move; its squares count.
    game.addSquares(0, n - 2, 0, n - 2);
    game.adjust();
    let result = game.score;
    const lines = [];
    for (let m = 0; m < moves; m++) {
        const row = readInt(), col = readInt(), dir = readInt();
        if (result >= 0) {
            if (game.move(row, col, dir)) {
                game.adjust();  // SR3: and once after every move
                result = game.score;
            } else {
                result = -1;  // SR4: the first invalid move ends the game
            }
        }
        if (perOperation) lines.push(result);
    }
    lines.push(result);
    out.push(lines.join('\n') + '\n');
}

const perOperation = process.argv.slice(2).includes('--per-operation');
const cases = readInt();
const out = [];
for (let t = 0; t < cases; t++) solveCase(out, perOperation);
process.stdout.write(out.join(''));
