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
//   g++ -O2 -o square examples/against/square.cpp
//   ./square [--per-operation] < batch.in
//
// Rule IDs (SR1 ... SR4) are those of docs/RULES.md.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <queue>
#include <string>
#include <vector>

namespace {

// Fast input: all of standard input at once.
std::vector<char> input;
size_t pos = 0;

void read_all_input() {
    char chunk[1 << 16];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, stdin)) > 0) input.insert(input.end(), chunk, chunk + got);
    input.push_back('\0');
}

void skip_space() {
    while (input[pos] == ' ' || input[pos] == '\n' || input[pos] == '\r' || input[pos] == '\t') pos++;
}

long long read_int() {
    skip_space();
    bool negative = input[pos] == '-';
    if (negative) pos++;
    if (input[pos] < '0' || input[pos] > '9') exit(1);
    long long v = 0;
    while (input[pos] >= '0' && input[pos] <= '9') v = v * 10 + (input[pos++] - '0');
    return negative ? -v : v;
}

// SR1: tile i has colour A[i] mod colors, with A[0] = startSeed and
// A[i] = A[i-1] * 48271 mod 2147483647 in 64-bit arithmetic. The colours are
// worked out lazily, a chunk at a time, into a flat array.
struct Buffer {
    long long colors = 1, a = 0;  // a: A[i] of the next tile to work out
    std::vector<int> tiles;
    size_t taken = 0;

    void reset(long long colours, long long seed) {
        colors = colours;
        a = seed;
        tiles.clear();
        taken = 0;
    }

    int take() {
        if (taken == tiles.size())
            for (int k = 0; k < 1024; k++) {
                tiles.push_back(static_cast<int>(a % colors));
                a = a * 48271 % 2147483647;
            }
        return tiles[taken++];
    }
};

// One case's board, row by row: tile (r, c) is board[r * n + c]. Every
// one-colour 2x2 square on the board, named by its top-left tile's index, is
// in the min-heap `candidates`, which may also hold squares since broken; the
// least index is the smallest top row, then the smallest left column.
int n;
std::vector<int> board;
Buffer buffer;
std::priority_queue<int, std::vector<int>, std::greater<int>> candidates;
long long score;

bool is_square(int r, int c) {
    if (r < 0 || c < 0 || r >= n - 1 || c >= n - 1) return false;
    int at = r * n + c, colour = board[at];
    return board[at + 1] == colour && board[at + n] == colour && board[at + n + 1] == colour;
}

// Puts every square whose top-left tile is in rows r0..r1, columns c0..c1
// among the candidates.
void add_squares(int r0, int r1, int c0, int c1) {
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++)
            if (is_square(r, c)) candidates.push(r * n + c);
}

// SR2: while a square is left, remove the least one, score it and refill its
// tiles from the buffer (top-left, top-right, bottom-left, bottom-right); a
// new square holds a refilled tile, so only the 3x3 top-left corners around
// it need a look.
void adjust() {
    while (!candidates.empty()) {
        int at = candidates.top();
        candidates.pop();
        int r = at / n, c = at % n;
        if (!is_square(r, c)) continue;  // broken by an earlier refill
        score++;
        board[at] = buffer.take();
        board[at + 1] = buffer.take();
        board[at + n] = buffer.take();
        board[at + n + 1] = buffer.take();
        add_squares(r - 1, r + 1, c - 1, c + 1);
    }
}

// SR4: swaps a tile with its neighbour in direction 0 up, 1 right, 2 down,
// 3 left; false when the move is invalid. A new square holds one of the two
// tiles.
bool make_move(long long row, long long col, long long dir) {
    static const int dr[] = {-1, 0, 1, 0}, dc[] = {0, 1, 0, -1};
    if (row < 0 || row >= n || col < 0 || col >= n || dir < 0 || dir > 3) return false;
    long long row2 = row + dr[dir], col2 = col + dc[dir];
    if (row2 < 0 || row2 >= n || col2 < 0 || col2 >= n) return false;
    int r1 = static_cast<int>(row), c1 = static_cast<int>(col);
    int r2 = static_cast<int>(row2), c2 = static_cast<int>(col2);
    int a = r1 * n + c1, b = r2 * n + c2;
    if (board[a] != board[b]) {  // an equal swap is a move that changes nothing
        std::swap(board[a], board[b]);
        add_squares(std::min(r1, r2) - 1, std::max(r1, r2), std::min(c1, c2) - 1, std::max(c1, c2));
    }
    return true;
}

// Plays one case and appends its lines to out.
void solve_case(std::string& out, bool per_operation) {
    long long colors = read_int();
    n = static_cast<int>(read_int());
    long long seed = read_int();
    board.assign(n * n, 0);
    for (int r = 0; r < n; r++) {
        skip_space();  // a row is one word of n digits
        for (int c = 0; c < n; c++) board[r * n + c] = input[pos++] - '0';
    }
    long long moves = read_int();
    buffer.reset(colors, seed);
    candidates = {};
    score = 0;
    // SR3: the board is adjusted once before the first move; its squares count.
    add_squares(0, n - 2, 0, n - 2);
    adjust();
    long long result = score;
    for (long long m = 0; m < moves; m++) {
        long long row = read_int(), col = read_int(), dir = read_int();
        if (result >= 0) {
            if (make_move(row, col, dir)) {
                adjust();  // SR3: and once after every move
                result = score;
            } else {
                result = -1;  // SR4: the first invalid move ends the game
            }
        }
        if (per_operation) out += std::to_string(result) + '\n';
    }
    out += std::to_string(result) + '\n';
}

}  // namespace

int main(int argc, char** argv) {
    bool per_operation = false;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--per-operation") == 0) per_operation = true;
    read_all_input();
    long long cases = read_int();
    std::string out;
    for (long long t = 0; t < cases; t++) solve_case(out, per_operation);
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
