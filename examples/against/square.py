# SquareRemover (TopCoder TCO'14 Marathon Round 1) as a multi-test contest
# solution, in the batch form m3diff's `--batch N` feeds a program:
#
#   input:  a line with T, then T instances one after another, each in
#           m3diff's format (`colors N startSeed`, N rows of N digits, M, and
#           M moves `row col dir`, 0-based);
#   output: for each instance, on a line of its own, the final score, or -1
#           when a move is invalid (SR4). With the argument --per-operation,
#           each answer is preceded by one line per move: the squares removed
#           so far (the opening adjust's included), or -1 from the first
#           invalid move on.
#
#   python3 examples/against/square.py [--per-operation] < batch.in
#
# Rule IDs (SR1 ... SR4) are those of docs/RULES.md.
import sys
from heapq import heappop, heappush

MULTIPLIER, MODULUS = 48271, 2147483647
# SR4: directions 0 up, 1 right, 2 down, 3 left, as (row, column) steps.
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


class Buffer:
    """SR1: tile i has colour A[i] mod colors, with A[0] = startSeed and
    A[i] = A[i-1] * 48271 mod 2147483647. The colours are worked out lazily,
    a chunk at a time, into a flat list."""

    def __init__(self, colors, seed):
        self.colors = colors
        self.a = seed  # A[i] of the next tile to work out
        self.tiles = []
        self.taken = 0

    def take(self):
        if self.taken == len(self.tiles):
            a, colors, tiles = self.a, self.colors, self.tiles
            for _ in range(1024):
                tiles.append(a % colors)
                a = a * MULTIPLIER % MODULUS
            self.a = a
        self.taken += 1
        return self.tiles[self.taken - 1]


class Game:
    """One case's board, row by row: tile (r, c) is board[r * n + c]. Every
    one-colour 2x2 square on the board, named by its top-left tile's index,
    is in the heap `candidates`, which may also hold squares since broken;
    the least index is the smallest top row, then the smallest left column."""

    def __init__(self, colors, n, seed, board):
        self.n = n
        self.board = board
        self.buffer = Buffer(colors, seed)
        self.candidates = []
        self.score = 0

    def is_square(self, r, c):
        n, b = self.n, self.board
        if not (0 <= r < n - 1 and 0 <= c < n - 1):
            return False
        at = r * n + c
        colour = b[at]
        return b[at + 1] == colour and b[at + n] == colour and b[at + n + 1] == colour

    def add_squares(self, rows, cols):
        """Puts every square whose top-left tile is in rows x cols among the
        candidates."""
        for r in rows:
            for c in cols:
                if self.is_square(r, c):
                    heappush(self.candidates, r * self.n + c)

    def add_all_squares(self):
        self.add_squares(range(self.n - 1), range(self.n - 1))

    def adjust(self):
        """SR2: while a square is left, remove the least one, score it and
        refill its tiles from the buffer (top-left, top-right, bottom-left,
        bottom-right); a new square holds a refilled tile, so only the 3x3
        top-left corners around it need a look."""
        n, board, buffer, candidates = self.n, self.board, self.buffer, self.candidates
        while candidates:
            at = heappop(candidates)
            r, c = divmod(at, n)
            if not self.is_square(r, c):
                continue  # broken by an earlier refill
            self.score += 1
            board[at] = buffer.take()
            board[at + 1] = buffer.take()
            board[at + n] = buffer.take()
            board[at + n + 1] = buffer.take()
            self.add_squares(range(r - 1, r + 2), range(c - 1, c + 2))

    def move(self, row, col, direction):
        """SR4: swaps a tile with its neighbour; False when the move is
        invalid. A new square holds one of the two tiles."""
        n = self.n
        if not (0 <= row < n and 0 <= col < n and 0 <= direction <= 3):
            return False
        dr, dc = STEPS[direction]
        row2, col2 = row + dr, col + dc
        if not (0 <= row2 < n and 0 <= col2 < n):
            return False
        a, b = row * n + col, row2 * n + col2
        board = self.board
        if board[a] != board[b]:  # an equal swap is a move that changes nothing
            board[a], board[b] = board[b], board[a]
            self.add_squares(range(min(row, row2) - 1, max(row, row2) + 1),
                             range(min(col, col2) - 1, max(col, col2) + 1))
        return True


def solve_case(tokens, i, out, per_operation):
    """Plays one case read from tokens[i:], appends its lines to out as one
    string and returns where the next case starts."""
    colors, n, seed = int(tokens[i]), int(tokens[i + 1]), int(tokens[i + 2])
    i += 3
    board = []
    for row in tokens[i:i + n]:
        board.extend(ch - 48 for ch in row)  # a row is one token of n digits
    i += n
    moves = int(tokens[i])
    i += 1
    game = Game(colors, n, seed, board)
    # SR3: the board is adjusted once before the first move; its squares count.
    game.add_all_squares()
    game.adjust()
    result = game.score
    lines = []
    for _ in range(moves):
        if result >= 0:
            if game.move(int(tokens[i]), int(tokens[i + 1]), int(tokens[i + 2])):
                game.adjust()  # SR3: and once after every move
                result = game.score
            else:
                result = -1  # SR4: the first invalid move ends the game
        i += 3
        if per_operation:
            lines.append(result)
    lines.append(result)
    out.append("".join(f"{v}\n" for v in lines))
    return i


def main():
    per_operation = "--per-operation" in sys.argv[1:]
    tokens = sys.stdin.buffer.read().split()
    cases = int(tokens[0])
    i = 1
    out = []
    for _ in range(cases):
        i = solve_case(tokens, i, out, per_operation)
    sys.stdout.write("".join(out))


main()
