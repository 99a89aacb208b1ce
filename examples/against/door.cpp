// Magic Door (ICPC 2025 Seoul Regional) as a multi-test contest solution, in
// the batch form m3diff's `--batch N` feeds a program:
//
//   input:  a line with T, then T instances one after another, each in the
//           statement's format (`m n`, m rows of n numbers, `r1 c1 r2 c2`);
//   output: for each instance, on a line of its own, the number of gems that
//           vanish (MD7). With the argument --per-operation, each answer is
//           preceded by one line per operation: here the one swap's total.
//
//   g++ -O2 -o door examples/against/door.cpp
//   ./door [--per-operation] < batch.in
//
// Rule IDs (MD1 ... MD7) are those of docs/RULES.md.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace {

const int VIBRANIUM = -1, BOMB = 0, EMPTY = -2;

// Fast input: all of standard input at once, read as integers.
std::vector<char> input;
size_t pos = 0;

void read_all_input() {
    char chunk[1 << 16];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, stdin)) > 0) input.insert(input.end(), chunk, chunk + got);
    input.push_back('\0');
}

bool read_int(int& value) {
    while (input[pos] != '\0' && input[pos] != '-' && (input[pos] < '0' || input[pos] > '9')) pos++;
    if (input[pos] == '\0') return false;
    bool negative = input[pos] == '-';
    if (negative) pos++;
    long long v = 0;
    while (input[pos] >= '0' && input[pos] <= '9') v = v * 10 + (input[pos++] - '0');
    value = static_cast<int>(negative ? -v : v);
    return true;
}

// One case's grid, row by row: cell (r, c) is grid[r * cols + c], 0-based.
int rows, cols;
std::vector<int> grid;
std::vector<char> armed, marked;

bool regular(int gem) { return gem >= 1; }

// MD5: everything, vibranium included, falls to the bottom of its column in
// order; a bomb that falls at least one cell is armed and stays armed.
void fall() {
    for (int c = 0; c < cols; c++) {
        int bottom = rows - 1;
        for (int r = rows - 1; r >= 0; r--) {
            int from = r * cols + c;
            if (grid[from] == EMPTY) continue;
            int to = bottom * cols + c;
            int gem = grid[from];
            bool was_armed = armed[from];
            grid[from] = EMPTY;
            armed[from] = 0;
            grid[to] = gem;
            armed[to] = was_armed || (gem == BOMB && bottom > r);
            bottom--;
        }
    }
}

// MD2, MD3: every regular gem in a line of 3 or more of one kind, across or
// down, vanishes at once; a gem in two groups is counted once.
int clear_groups() {
    std::fill(marked.begin(), marked.end(), 0);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int at = r * cols + c, gem = grid[at];
            if (!regular(gem)) continue;
            if (c + 2 < cols && grid[at + 1] == gem && grid[at + 2] == gem)
                marked[at] = marked[at + 1] = marked[at + 2] = 1;
            if (r + 2 < rows && grid[at + cols] == gem && grid[at + 2 * cols] == gem)
                marked[at] = marked[at + cols] = marked[at + 2 * cols] = 1;
        }
    int vanished = 0;
    for (int at = 0; at < rows * cols; at++)
        if (marked[at]) {
            grid[at] = EMPTY;
            vanished++;
        }
    return vanished;
}

// MD4: every armed bomb explodes at once. Its four beams, traced on the grid
// as it stands before the explosion, run to the edge or stop before the
// first vibranium; they take every regular gem and bomb they cross (an
// unarmed bomb just vanishes). Returns -1 when no bomb is armed.
int explode() {
    std::fill(marked.begin(), marked.end(), 0);
    const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    bool any = false;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            if (grid[r * cols + c] != BOMB || !armed[r * cols + c]) continue;
            any = true;
            marked[r * cols + c] = 1;
            for (int d = 0; d < 4; d++)
                for (int y = r + dr[d], x = c + dc[d];
                     y >= 0 && y < rows && x >= 0 && x < cols && grid[y * cols + x] != VIBRANIUM;
                     y += dr[d], x += dc[d])
                    marked[y * cols + x] = 1;
        }
    if (!any) return -1;
    int vanished = 0;
    for (int at = 0; at < rows * cols; at++)
        if (marked[at] && (regular(grid[at]) || grid[at] == BOMB)) {
            grid[at] = EMPTY;
            armed[at] = 0;
            vanished++;
        }
    return vanished;
}

// One case: the swap (MD1) and what follows it; the gems vanished (MD7).
long long solve_case() {
    if (!read_int(rows) || !read_int(cols)) exit(1);
    grid.assign(rows * cols, EMPTY);
    armed.assign(rows * cols, 0);
    marked.assign(rows * cols, 0);
    for (int& gem : grid)
        if (!read_int(gem)) exit(1);
    int r1, c1, r2, c2;
    if (!read_int(r1) || !read_int(c1) || !read_int(r2) || !read_int(c2)) exit(1);
    // MD1: two distinct regular gems, 1-based, not necessarily neighbours.
    std::swap(grid[(r1 - 1) * cols + (c1 - 1)], grid[(r2 - 1) * cols + (c2 - 1)]);
    long long vanished = 0;
    for (;;) {
        // MD3: Stage 1 while a group is left.
        for (int cleared; (cleared = clear_groups()) > 0;) {
            vanished += cleared;
            fall();
        }
        // MD4: Stage 2; MD6: done when no bomb is armed either.
        int exploded = explode();
        if (exploded < 0) break;
        vanished += exploded;
        fall();
    }
    return vanished;
}

}  // namespace

int main(int argc, char** argv) {
    bool per_operation = false;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--per-operation") == 0) per_operation = true;
    read_all_input();
    int cases;
    if (!read_int(cases)) return 1;
    std::string out;
    for (int t = 0; t < cases; t++) {
        std::string answer = std::to_string(solve_case()) + "\n";
        if (per_operation) out += answer;  // the swap, the one operation
        out += answer;
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
