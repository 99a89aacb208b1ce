// SquareRemover (TopCoder TCO'14 Marathon Round 1) as a contest solution of
// the statement's one instance, in m3diff's format (`colors N startSeed`, N
// rows of N digits, M, and M moves `row col dir`, 0-based) on standard
// input, and the final score, or -1 for an invalid move, on standard
// output. It searches the whole board for each square, as the rule reads;
// examples/against/square.cpp reads a batch and looks only near each change.
//
//   g++ -O2 -o square_remover examples/against/square_remover.cpp
//   m3diff fuzz --game square --against ./square_remover --time 1m
//
// Rule IDs (SR1 ... SR4) are those of docs/RULES.md.
#include <cstdio>
#include <utility>
#include <vector>

namespace {

int n;
long long colors, seed;
std::vector<std::vector<int>> board;

// SR1: the next tile of the buffer, A[i] mod colors, in 64-bit arithmetic.
int next_tile() {
    int colour = static_cast<int>(seed % colors);
    seed = seed * 48271 % 2147483647;
    return colour;
}

bool one_colour(int r, int c) {
    int colour = board[r][c];
    return board[r][c + 1] == colour && board[r + 1][c] == colour && board[r + 1][c + 1] == colour;
}

// SR2: the square with the smallest top row, then left column, while there
// is one; each scores 1 and takes four buffer tiles, top-left, top-right,
// bottom-left, bottom-right.
long long adjust() {
    long long removed = 0;
    for (bool found = true; found;) {
        found = false;
        for (int r = 0; r + 1 < n && !found; r++)
            for (int c = 0; c + 1 < n && !found; c++)
                if (one_colour(r, c)) {
                    found = true;
                    removed++;
                    board[r][c] = next_tile();
                    board[r][c + 1] = next_tile();
                    board[r + 1][c] = next_tile();
                    board[r + 1][c + 1] = next_tile();
                }
    }
    return removed;
}

}  // namespace

int main() {
    if (scanf("%lld %d %lld", &colors, &n, &seed) != 3) return 1;
    board.assign(n, std::vector<int>(n));
    for (int r = 0; r < n; r++) {
        static char row[128];
        if (scanf("%127s", row) != 1) return 1;
        for (int c = 0; c < n; c++) board[r][c] = row[c] - '0';
    }
    long long moves;
    if (scanf("%lld", &moves) != 1) return 1;
    // SR3: adjusted once before the first move, and once after every move.
    long long score = adjust();
    const long long dr[] = {-1, 0, 1, 0}, dc[] = {0, 1, 0, -1};
    for (long long i = 0; i < moves; i++) {
        long long row, col, dir;
        if (scanf("%lld %lld %lld", &row, &col, &dir) != 3) return 1;
        // SR4: both tiles on the board and a direction 0..3, else the game
        // is over at -1.
        bool valid = dir >= 0 && dir <= 3 && row >= 0 && row < n && col >= 0 && col < n;
        long long row2 = valid ? row + dr[dir] : -1, col2 = valid ? col + dc[dir] : -1;
        if (!valid || row2 < 0 || row2 >= n || col2 < 0 || col2 >= n) {
            printf("-1\n");
            return 0;
        }
        std::swap(board[row][col], board[row2][col2]);
        score += adjust();
    }
    printf("%lld\n", score);
    return 0;
}
