// Triple Town (NOI 2012) as the contest's checker: the instance on standard
// input, the player's commands after it, and the score, or the first
// refused command as `invalid: line N: reason`, on standard output. N is
// the command's line in the whole input, instance included, as m3diff
// names it in a case that holds both. The accepted solution whose one-line
// mutants are the wrong solutions of tests/wrong/triple.mutants:
//
//   g++ -O2 -o triple examples/against/triple.cpp
//   m3diff fuzz --game triple --against ./triple --time 1m
//
// Rule IDs (TT1 ... TT7) are those of docs/RULES.md.
#include <cctype>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

const int EMPTY = 0, TOP = 9;
const long long VALUE[TOP + 1] = {0, 4, 20, 100, 500, 1500, 5000, 20000, 100000, 500000};

typedef std::pair<int, int> Cell;

int n, m;
std::vector<std::vector<int>> level;
// A region's cells are those marked with the current visit, so that no
// search clears the whole map.
std::vector<std::vector<int>> seen;
int visit = 0;

bool on_map(long long r, long long c) { return r >= 0 && r < n && c >= 0 && c < m; }

// TT2: the 4-connected cells of the level of (r, c) that hold (r, c).
std::vector<Cell> region(int r, int c) {
    const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    int want = level[r][c];
    visit++;
    seen[r][c] = visit;
    std::vector<Cell> cells{{r, c}};
    for (size_t i = 0; i < cells.size(); i++)
        for (int d = 0; d < 4; d++) {
            int y = cells[i].first + dr[d], x = cells[i].second + dc[d];
            if (!on_map(y, x) || seen[y][x] == visit || level[y][x] != want) continue;
            seen[y][x] = visit;
            cells.push_back({y, x});
        }
    return cells;
}

// TT2: a tile below level 9 in a region of 3 or more merges.
bool merges_at(int r, int c) { return level[r][c] < TOP && region(r, c).size() >= 3; }

// TT2: the tile that appeared at (r, c) takes its region's place one level
// up, and again while the new level's region merges.
long long settle(int r, int c) {
    long long points = 0;
    while (merges_at(r, c)) {
        std::vector<Cell> cells = region(r, c);
        for (size_t i = 1; i < cells.size(); i++) level[cells[i].first][cells[i].second] = EMPTY;
        level[r][c]++;
        points += VALUE[level[r][c]];
    }
    return points;
}

// TT1, TT3: a tile of `tile` appears at the empty (r, c) and scores.
long long build(int r, int c, int tile) {
    level[r][c] = tile;
    return VALUE[tile] + settle(r, c);
}

// TT3: the highest level in 1..8 whose building at (r, c) would merge;
// level 9 never merges, so it is never the star's.
int star_level(int r, int c) {
    for (int tile = TOP - 1; tile >= 1; tile--) {
        level[r][c] = tile;
        bool merges = merges_at(r, c);
        level[r][c] = EMPTY;
        if (merges) return tile;
    }
    return 1;
}

// A coordinate as a checker reads a word: a sign or none, then digits, of
// any length; past 10^15 every value is as far outside the map.
bool read_coordinate(const std::string& word, long long& value) {
    const long long FAR = 1000000000000000LL;
    size_t digits = word[0] == '+' || word[0] == '-' ? 1 : 0;
    if (digits == word.size()) return false;
    value = 0;
    for (size_t i = digits; i < word.size(); i++) {
        if (!isdigit(static_cast<unsigned char>(word[i]))) return false;
        if (value < FAR) value = value * 10 + (word[i] - '0');
    }
    if (word[0] == '-') value = -value;
    return true;
}

}  // namespace

int main() {
    std::string text;
    int line = 0;
    auto next_line = [&]() {
        line++;
        return static_cast<bool>(std::getline(std::cin, text));
    };
    // The test number's line is read and has no effect on play.
    long long p, q;
    if (!next_line() || !next_line() || sscanf(text.c_str(), "%d %d", &n, &m) != 2) return 1;
    if (!next_line() || sscanf(text.c_str(), "%lld %lld", &p, &q) != 2) return 1;
    level.assign(n, std::vector<int>(m, EMPTY));
    seen.assign(n, std::vector<int>(m, 0));
    // TT6: the map is taken as it is, regions of 3 or more included.
    for (int r = 0; r < n; r++) {
        if (!next_line()) return 1;
        for (int c = 0; c < m && c < static_cast<int>(text.size()); c++)
            if (text[c] >= '1' && text[c] <= '9') level[r][c] = text[c] - '0';
    }
    size_t k;
    if (!next_line() || sscanf(text.c_str(), "%zu", &k) != 1) return 1;
    // The sequence's levels may run over lines; with none, its empty line
    // is a blank line among the commands, which nothing refuses.
    std::vector<int> sequence;
    while (sequence.size() < k) {
        if (!next_line()) return 1;
        std::istringstream levels(text);
        for (int tile; sequence.size() < k && levels >> tile;) sequence.push_back(tile);
    }

    long long score = 0;
    size_t built = 0;
    const char* refused = nullptr;
    // TT5: the game ends at END or with the input; later lines are not read.
    while (next_line()) {
        std::istringstream read(text);
        std::vector<std::string> words;
        for (std::string word; read >> word;) words.push_back(word);
        if (words.empty()) continue;
        if (words.size() == 1 && words[0] == "END") break;
        // TT7: no command at all, a cell outside the map, the supply the
        // command needs, the cell's content: the first of these is named.
        long long x, y;
        bool command = words.size() == 3 && (words[0] == "PUT" || words[0] == "STAR" || words[0] == "BOMBER");
        if (!command || !read_coordinate(words[1], x) || !read_coordinate(words[2], y)) {
            refused = "unknown command";
            break;
        }
        if (x < 1 || x > n || y < 1 || y > m) {
            refused = "cell outside the map";
            break;
        }
        int r = static_cast<int>(x - 1), c = static_cast<int>(y - 1);
        const std::string& what = words[0];
        if (what == "PUT" && built == sequence.size()) refused = "sequence used up";
        else if (what == "STAR" && p == 0) refused = "no star left";
        else if (what == "BOMBER" && q == 0) refused = "no bomb left";
        else if (what != "BOMBER" && level[r][c] != EMPTY) refused = "occupied cell";
        else if (what == "BOMBER" && level[r][c] == EMPTY) refused = "empty cell";
        // TT1: the next level of the sequence.
        else if (what == "PUT") score += build(r, c, sequence[built++]);
        // TT3: no level of the sequence.
        else if (what == "STAR") p--, score += build(r, c, star_level(r, c));
        // TT4: half of every value is exact, and nothing merges.
        else q--, score -= VALUE[level[r][c]] / 2, level[r][c] = EMPTY;
        if (refused) break;
    }
    if (refused) printf("invalid: line %d: %s\n", line, refused);
    else printf("%lld\n", score);
    return 0;
}
