// Texas Match-3 (THUPC 2022 final, Luogu P8422) as a contest solution: one
// instance on standard input in the statement's format, the total score on
// standard output. The accepted solution whose one-line mutants are the
// wrong solutions of tests/wrong/texas.mutants:
//
//   g++ -O2 -o texas examples/against/texas.cpp
//   m3diff fuzz --game texas --against ./texas --time 1m
//
// Rule IDs (TX1 ... TX12) are those of docs/RULES.md.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

namespace {

// Colours are 1..k, so 0 is free to mean an empty cell.
const int EMPTY = 0;

typedef std::vector<std::vector<bool>> Marks;

int n, m;
std::vector<std::vector<int>> colour, special;

bool on_board(long long r, long long c) { return r >= 0 && r < n && c >= 0 && c < m; }

Marks no_marks() { return Marks(n, std::vector<bool>(m, false)); }

// TX4: every piece of a maximal line of 3 or more of one colour, along rows
// and along columns; an empty cell ends a line.
Marks find_runs() {
    Marks marked = no_marks();
    for (int r = 0; r < n; r++)
        for (int c = 0, end; c < m; c = end + 1) {
            end = c;
            while (end + 1 < m && colour[r][end + 1] == colour[r][c]) end++;
            if (colour[r][c] != EMPTY && end - c + 1 >= 3)
                for (int x = c; x <= end; x++) marked[r][x] = true;
        }
    for (int c = 0; c < m; c++)
        for (int r = 0, end; r < n; r = end + 1) {
            end = r;
            while (end + 1 < n && colour[end + 1][c] == colour[r][c]) end++;
            if (colour[r][c] != EMPTY && end - r + 1 >= 3)
                for (int y = r; y <= end; y++) marked[y][c] = true;
        }
    return marked;
}

bool any(const Marks& marks) {
    for (const auto& row : marks)
        for (bool mark : row)
            if (mark) return true;
    return false;
}

// TX5: the marked pieces and everything their specials reach, chained
// within the round: each removed piece sets its special off once, on the
// board as the round found it.
Marks with_specials(const Marks& marked) {
    Marks removed = marked;
    std::vector<std::pair<int, int>> pending;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < m; c++)
            if (marked[r][c]) pending.push_back({r, c});
    auto reach = [&](int y, int x) {
        if (!on_board(y, x) || colour[y][x] == EMPTY || removed[y][x]) return;
        removed[y][x] = true;
        pending.push_back({y, x});
    };
    while (!pending.empty()) {
        auto [r, c] = pending.back();
        pending.pop_back();
        int kind = special[r][c];
        if (kind == 1 || kind == 3)
            for (int x = 0; x < m; x++) reach(r, x);
        if (kind == 2 || kind == 3)
            for (int y = 0; y < n; y++) reach(y, c);
        if (kind == 4 || kind == 5) {
            int half = kind == 4 ? 1 : 2;
            for (int y = std::max(0, r - half); y <= std::min(n - 1, r + half); y++)
                for (int x = std::max(0, c - half); x <= std::min(m - 1, c + half); x++) reach(y, x);
        }
        if (kind == 6)
            for (int y = 0; y < n; y++)
                for (int x = 0; x < m; x++)
                    if (colour[y][x] == colour[r][c]) reach(y, x);
    }
    return removed;
}

// Whether (r, c) belongs to the component being grown: a marked piece of
// `want` not yet counted.
bool joins(int r, int c, int want, const Marks& marked, const Marks& seen) {
    return on_board(r, c) && marked[r][c] && !seen[r][c] && colour[r][c] == want;
}

// The size of the 4-connected one-colour component of marked pieces that
// holds (r, c): it grows up, down, left and right.
int component(int r, int c, const Marks& marked, Marks& seen) {
    seen[r][c] = true;
    int size = 1, want = colour[r][c];
    if (joins(r - 1, c, want, marked, seen)) size += component(r - 1, c, marked, seen);
    if (joins(r + 1, c, want, marked, seen)) size += component(r + 1, c, marked, seen);
    if (joins(r, c - 1, want, marked, seen)) size += component(r, c - 1, marked, seen);
    if (joins(r, c + 1, want, marked, seen)) size += component(r, c + 1, marked, seen);
    return size;
}

// TX9: 50 (s - 3)^2 for each component of s run-marked pieces; what only
// a special removed is left out.
long long combo_points(const Marks& marked) {
    Marks seen = no_marks();
    long long points = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < m; c++)
            if (marked[r][c] && !seen[r][c]) {
                long long s = component(r, c, marked, seen);
                points += 50 * (s - 3) * (s - 3);
            }
    return points;
}

// TX6: each column's pieces fall to its bottom in order, specials with them.
void fall() {
    for (int c = 0; c < m; c++) {
        int bottom = n - 1;
        for (int r = n - 1; r >= 0; r--) {
            if (colour[r][c] == EMPTY) continue;
            colour[bottom][c] = colour[r][c];
            special[bottom][c] = special[r][c];
            bottom--;
        }
        for (int r = bottom; r >= 0; r--) {
            colour[r][c] = EMPTY;
            special[r][c] = 0;
        }
    }
}

struct Settled {
    long long points;
    std::vector<int> main_colours;
};

// TX3: rounds until the board has no run; TX7 round i scores i times the
// colours it removes, TX8 80 (x - 1)^2 for x rounds, TX10 main colours are
// those the first round's runs mark.
Settled settle() {
    Settled settled{0, {}};
    int rounds = 0;
    for (;;) {
        Marks marked = find_runs();
        if (!any(marked)) break;
        rounds++;
        if (rounds == 1)
            for (int r = 0; r < n; r++)
                for (int c = 0; c < m; c++)
                    if (marked[r][c]) settled.main_colours.push_back(colour[r][c]);
        settled.points += combo_points(marked);
        Marks removed = with_specials(marked);
        long long colours = 0;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < m; c++)
                if (removed[r][c]) {
                    colours += colour[r][c];
                    colour[r][c] = EMPTY;
                    special[r][c] = 0;
                }
        settled.points += rounds * colours;
        fall();
    }
    settled.points += 80LL * (rounds - 1) * (rounds - 1);
    std::sort(settled.main_colours.begin(), settled.main_colours.end());
    settled.main_colours.erase(std::unique(settled.main_colours.begin(), settled.main_colours.end()),
                               settled.main_colours.end());
    return settled;
}

// TX6: a piece carries its colour and its special wherever it moves.
void exchange(int r1, int c1, int r2, int c2) {
    std::swap(colour[r1][c1], colour[r2][c2]);
    std::swap(special[r1][c1], special[r2][c2]);
}

// TX2: both cells on the board, sharing a side, both holding a piece, and a
// run somewhere once exchanged; otherwise the exchange is undone.
bool swap_if_valid(long long r1, long long c1, long long r2, long long c2) {
    if (!on_board(r1, c1) || !on_board(r2, c2)) return false;
    if (std::llabs(r1 - r2) + std::llabs(c1 - c2) != 1) return false;
    if (colour[r1][c1] == EMPTY || colour[r2][c2] == EMPTY) return false;
    exchange(r1, c1, r2, c2);
    if (any(find_runs())) return true;
    exchange(r1, c1, r2, c2);  // back as it was
    return false;
}

// TX10: the poker hand of five colours.
long long hand(std::vector<int> picked) {
    std::map<int, int> count;
    for (int c : picked) count[c]++;
    // (how many alike, colour), the largest group first, then the higher colour.
    std::vector<std::pair<int, int>> groups;
    for (auto [c, k] : count) groups.push_back({k, c});
    std::sort(groups.rbegin(), groups.rend());
    int first = groups[0].first, second = groups.size() > 1 ? groups[1].first : 0;
    if (first == 5) return 1000 + 10LL * groups[0].second;
    if (first == 4) return 750 + 5LL * groups[0].second;
    if (first == 3 && second == 2) return 500 + 3LL * groups[0].second + groups[1].second;
    if (first == 3) return 300 + 3LL * groups[0].second;
    if (first == 2 && second == 2) return 200 + 2LL * groups[0].second + groups[1].second;
    if (first == 2) return 100 + 2LL * groups[0].second;
    return 50 + groups[0].second;
}

// TX10: one main colour picked for each operation of the five, jointly,
// for the best hand.
long long best_hand(const std::vector<std::vector<int>>& mains, std::vector<int>& picked) {
    if (picked.size() == mains.size()) return hand(picked);
    long long best = 0;
    for (int c : mains[picked.size()]) {
        picked.push_back(c);
        best = std::max(best, best_hand(mains, picked));
        picked.pop_back();
    }
    return best;
}

}  // namespace

int main() {
    int k, q;
    if (scanf("%d %d %d %d", &n, &m, &k, &q) != 4) return 1;
    colour.assign(n, std::vector<int>(m));
    special.assign(n, std::vector<int>(m));
    for (auto& row : colour)
        for (int& a : row)
            if (scanf("%d", &a) != 1) return 1;
    for (auto& row : special)
        for (int& b : row)
            if (scanf("%d", &b) != 1) return 1;
    long long total = 0;
    bool every_valid = true;
    std::vector<std::vector<int>> mains;
    for (int i = 0; i < q; i++) {
        long long x1, y1, x2, y2;
        if (scanf("%lld %lld %lld %lld", &x1, &y1, &x2, &y2) != 4) return 1;
        if (!swap_if_valid(x1 - 1, y1 - 1, x2 - 1, y2 - 1)) {
            every_valid = false;
            continue;
        }
        Settled settled = settle();
        total += settled.points;
        mains.push_back(settled.main_colours);
        // TX10: the fifth of a group has settled.
        if (mains.size() == 5) {
            std::vector<int> picked;
            total += best_hand(mains, picked);
            mains.clear();
        }
    }
    // TX11: the endgame bonuses, each on its own.
    if (every_valid) total += 1000;
    bool cleared = true;
    for (const auto& row : colour)
        for (int a : row)
            if (a != EMPTY) cleared = false;
    if (cleared) total += 10000;
    // TX12: the sum of every kind of points.
    printf("%lld\n", total);
    return 0;
}
