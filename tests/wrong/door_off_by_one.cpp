// A wrong Magic Door solution, kept for tests/package.rs to see judged
// wrong: examples/against/magic_door.cpp with an off-by-one planted in
// MD2's row runs (`c + 2 < cols - 1`), so a run that ends in the last
// column never vanishes.
#include <cstdio>
#include <vector>

namespace {

const int VIBRANIUM = -1, BOMB = 0, EMPTY = -2;

int rows, cols;
std::vector<std::vector<int>> grid;
std::vector<std::vector<bool>> armed;

bool regular(int gem) { return gem >= 1; }

// MD5: everything falls to the bottom of its column in order; a bomb that
// moves down is armed.
void fall() {
    for (int c = 0; c < cols; c++) {
        int bottom = rows - 1;
        for (int r = rows - 1; r >= 0; r--) {
            if (grid[r][c] == EMPTY) continue;
            bool was_armed = armed[r][c];
            int gem = grid[r][c];
            grid[r][c] = EMPTY;
            armed[r][c] = false;
            grid[bottom][c] = gem;
            armed[bottom][c] = was_armed || (gem == BOMB && bottom > r);
            bottom--;
        }
    }
}

// MD2, MD3: every gem of every run of 3 or more vanishes at once.
int clear_groups() {
    std::vector<std::vector<bool>> in_group(rows, std::vector<bool>(cols, false));
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int gem = grid[r][c];
            if (!regular(gem)) continue;
            // The planted bug: `c + 2 < cols` is right.
            if (c + 2 < cols - 1 && grid[r][c + 1] == gem && grid[r][c + 2] == gem)
                in_group[r][c] = in_group[r][c + 1] = in_group[r][c + 2] = true;
            if (r + 2 < rows && grid[r + 1][c] == gem && grid[r + 2][c] == gem)
                in_group[r][c] = in_group[r + 1][c] = in_group[r + 2][c] = true;
        }
    int vanished = 0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if (in_group[r][c]) {
                grid[r][c] = EMPTY;
                vanished++;
            }
    return vanished;
}

// MD4: armed bombs explode at once; beams, traced on the grid before the
// explosion, run to the edge or to vibranium.
int explode() {
    std::vector<std::vector<bool>> hit(rows, std::vector<bool>(cols, false));
    const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    bool any = false;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            if (grid[r][c] != BOMB || !armed[r][c]) continue;
            any = true;
            hit[r][c] = true;
            for (int d = 0; d < 4; d++)
                for (int y = r + dr[d], x = c + dc[d];
                     y >= 0 && y < rows && x >= 0 && x < cols && grid[y][x] != VIBRANIUM;
                     y += dr[d], x += dc[d])
                    hit[y][x] = true;
        }
    if (!any) return -1;
    int vanished = 0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if (hit[r][c] && (regular(grid[r][c]) || grid[r][c] == BOMB)) {
                grid[r][c] = EMPTY;
                armed[r][c] = false;
                vanished++;
            }
    return vanished;
}

}  // namespace

int main() {
    if (scanf("%d %d", &rows, &cols) != 2) return 1;
    grid.assign(rows, std::vector<int>(cols));
    armed.assign(rows, std::vector<bool>(cols, false));
    for (auto& row : grid)
        for (int& gem : row)
            if (scanf("%d", &gem) != 1) return 1;
    int r1, c1, r2, c2;
    if (scanf("%d %d %d %d", &r1, &c1, &r2, &c2) != 4) return 1;
    std::swap(grid[r1 - 1][c1 - 1], grid[r2 - 1][c2 - 1]);
    long long vanished = 0;
    for (;;) {
        // Stage 1, then Stage 2; MD6: done when neither has anything to do.
        for (int cleared; (cleared = clear_groups()) > 0;) {
            vanished += cleared;
            fall();
        }
        int exploded = explode();
        if (exploded < 0) break;
        vanished += exploded;
        fall();
    }
    printf("%lld\n", vanished);
    return 0;
}
