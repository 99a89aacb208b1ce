// Triple Town (NOI 2012) as the contest's program: a PLAYER. It reads the
// statement's input (the map, the stars p, the bombs q, the build sequence)
// and prints its commands, PUT/STAR/BOMBER x y and END. The accepted
// submission of a Triple Town package:
//
//   g++ -O2 -o triple_player examples/against/triple_player.cpp
//   m3diff fuzz --game triple --against ./triple_player --player --time 1m
//
// The whole sequence is known at the start, so the player plays the game
// through several times in its head and prints the best play. Each is
// greedy: a tile goes where it scores the most at once, merges and their
// chains counted; with no merge, beside a lone tile of its level, a pair
// the next one merges, and else where it blocks no merge. A bomb makes
// room on a full map where the tile then merges, else on the highest tile,
// when the tiles soon to come pay for it. The plays differ in when stars
// are used (kept for the end, or on a good merge, or on any) and in how
// often a choice is left to chance, drawn from a fixed seed.
//
// Rule IDs (TT1 ... TT7) are those of docs/RULES.md. Fast at the format's
// extremes (100x100 maps, 100,000 tiles, 300,000 commands): whether a level
// merges at an empty cell is known from the counts of its neighbours'
// levels, kept as cells change, so a tile weighs only cells where it
// merges, and few of them; the plays share a budget of work.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace {

const int EMPTY = 0, TOP = 9;
const long long VALUE[TOP + 1] = {0, 4, 20, 100, 500, 1500, 5000, 20000, 100000, 500000};
// The most commands the format reads before END.
const long long MOST_COMMANDS = 300000;
// The most cells weighed for one command: a starting map may hold a region
// of thousands, every empty cell beside it a merge.
const size_t MOST_WEIGHED = 24;
// The most tiles of a level whose neighbours are looked at for a bomb
// that lets a tile merge.
const size_t MOST_SCANNED = 1024;
// How far ahead a bomb that loses looks for the tiles that pay for it.
const size_t HORIZON = 64;
// The work all plays share, in steps (`effort`): about half a second's
// worth, a play or two at the format's extremes and many of a small game.
const long long WORK = 40000000;
const int MOST_PLAYS = 1000;

// A set of cells with a place for each, so that a cell comes and goes at once.
struct Cells {
    std::vector<int> items, place;
    void reset(int cells) { items.clear(), place.assign(cells, -1); }
    bool has(int cell) const { return place[cell] >= 0; }
    void add(int cell) {
        if (has(cell)) return;
        place[cell] = static_cast<int>(items.size());
        items.push_back(cell);
    }
    void remove(int cell) {
        if (!has(cell)) return;
        int last = items.back();
        items[place[cell]] = last;
        place[last] = place[cell];
        items.pop_back();
        place[cell] = -1;
    }
    void keep(int cell, bool wanted) { wanted ? add(cell) : remove(cell); }
};

int n, m;
std::vector<int> sequence;
// The work done, in the steps most of it is: cells looked at again, cells
// of a region searched, and tiles looked beside for a bomb.
long long effort = 0;

// A game under way.
struct Town {
    std::vector<int> level;
    // How many of a cell's neighbours hold each level.
    std::vector<int> beside[TOP + 1];
    // The empty cells where a tile of a level (1..8) merges (TT2), those
    // beside a tile of a level, all empty cells, and the tiles of each level.
    Cells merging[TOP + 1], near[TOP + 1], empty, tiles[TOP + 1];
    long long stars = 0, bombs = 0, commands = 0, score = 0;
    std::string out;
};

Town town;

// How one play chooses.
struct Policy {
    // 0: stars kept for the end; 1: on a merge of L3 or more; 2: on any
    // merge; 3: on a merge, one time in ten. But for 0, a merge takes a
    // star whenever there are more stars than tiles left.
    int stars;
    // Where a bomb that makes no merge goes: 0 the better of the lowest and
    // the highest tile; 1 the highest, which keeps the low ones that merge
    // sooner; 2 the lowest, the cheapest; 3 a tile drawn; 4 a tile that
    // makes a pair, else a dead tile, else the highest
    // (`bomb_dead_or_pairing`).
    int bomb;
    // Whether a full map takes a bomb whenever one is left, rather than
    // when the tiles soon to come pay for it.
    bool eager;
    // How often, in percent, a choice is drawn among the candidates.
    int chance;
    uint64_t seed;
    // Whether a tile that merges nowhere, and whose level no tile soon to
    // come has, is packed in where there is least room, as an L9 is: a
    // small map keeps its open cells for the tiles that merge. 2: every
    // such tile.
    int pack;
};

Policy policy;

uint64_t draw() {
    policy.seed ^= policy.seed << 13, policy.seed ^= policy.seed >> 7, policy.seed ^= policy.seed << 17;
    return policy.seed;
}

bool by_chance(int percent) { return percent > 0 && static_cast<int>(draw() % 100) < percent; }

int neighbours(int cell, int* out) {
    int r = cell / m, c = cell % m, count = 0;
    if (r > 0) out[count++] = cell - m;
    if (r + 1 < n) out[count++] = cell + m;
    if (c > 0) out[count++] = cell - 1;
    if (c + 1 < m) out[count++] = cell + 1;
    return count;
}

// TT2: a tile of `tile` built at the empty `cell` merges when its region
// would hold 3: two neighbours of its level, or one that has another.
bool merges_at(int cell, int tile) {
    if (tile >= TOP || town.beside[tile][cell] == 0) return false;
    if (town.beside[tile][cell] >= 2) return true;
    int around[4], count = neighbours(cell, around);
    for (int i = 0; i < count; i++)
        if (town.level[around[i]] == tile) return town.beside[tile][around[i]] >= 1;
    return false;
}

// What is known of `cell` for a tile of `tile`, looked at again.
void look_again(int cell, int tile) {
    if (tile == EMPTY) return;
    effort++;
    bool open = town.level[cell] == EMPTY;
    town.merging[tile].keep(cell, open && merges_at(cell, tile));
    town.near[tile].keep(cell, open && town.beside[tile][cell] > 0);
}

// Sets `cell` to `tile`, and what is known of the cells within two steps.
void set_cell(int cell, int tile) {
    int old = town.level[cell];
    if (old == tile) return;
    (old == EMPTY ? town.empty : town.tiles[old]).remove(cell);
    (tile == EMPTY ? town.empty : town.tiles[tile]).add(cell);
    town.level[cell] = tile;
    int around[4], count = neighbours(cell, around);
    for (int i = 0; i < count; i++) {
        if (old != EMPTY) town.beside[old][around[i]]--;
        if (tile != EMPTY) town.beside[tile][around[i]]++;
    }
    for (int level = 1; level <= TOP; level++) look_again(cell, level);
    // Around it, only what is known of the two levels whose counts
    // changed: a merge two steps away counts its neighbour's neighbours.
    for (int i = 0; i < count; i++) {
        look_again(around[i], old), look_again(around[i], tile);
        int further[4], more = neighbours(around[i], further);
        for (int j = 0; j < more; j++) look_again(further[j], old), look_again(further[j], tile);
    }
}

// Changes a weighing makes, to be undone, and a region's search.
std::vector<std::pair<int, int>> undo;
std::vector<int> seen, found;
int visit = 0;

// TT2: the region of `cell`'s level that holds it, into `found`.
void region(int cell) {
    int want = town.level[cell];
    visit++;
    seen[cell] = visit;
    found.assign(1, cell);
    for (size_t i = 0; i < found.size(); i++) {
        int around[4], count = neighbours(found[i], around);
        for (int j = 0; j < count; j++)
            if (seen[around[j]] != visit && town.level[around[j]] == want) {
                effort++;
                seen[around[j]] = visit;
                found.push_back(around[j]);
            }
    }
}

// TT1, TT2, TT3: a tile of `tile` appears at the empty `cell`, merges and
// chains; its points. Played (`real`), or weighed on the map alone and
// undone by `undo_all`.
long long build(int cell, int tile, bool real) {
    auto put = [&](int at, int to) {
        if (real) set_cell(at, to);
        else undo.push_back({at, town.level[at]}), town.level[at] = to;
    };
    put(cell, tile);
    long long points = VALUE[tile];
    while (town.level[cell] < TOP) {
        region(cell);
        if (found.size() < 3) break;
        std::vector<int> cells = found;
        for (size_t i = 1; i < cells.size(); i++) put(cells[i], EMPTY);
        put(cell, town.level[cell] + 1);
        points += VALUE[town.level[cell]];
    }
    return points;
}

void undo_all() {
    for (size_t i = undo.size(); i-- > 0;) town.level[undo[i].first] = undo[i].second;
    undo.clear();
}

long long weigh(int cell, int tile) {
    long long points = build(cell, tile, false);
    undo_all();
    return points;
}

// TT3: the highest level in 1..8 whose building at `cell` would merge.
int star_level(int cell) {
    for (int tile = TOP - 1; tile >= 1; tile--)
        if (town.merging[tile].has(cell)) return tile;
    return 1;
}

struct Choice {
    int cell = -1;
    long long points = 0;
};

// The best merge of a tile of `tile` (0: a star) on the map as it is, or
// now and then one drawn among them.
Choice best_merge(int tile) {
    Choice best;
    size_t weighed = 0;
    bool drawn = by_chance(policy.chance);
    for (int as = TOP - 1; as >= 1 && weighed < MOST_WEIGHED; as--) {
        if (tile != 0 && as != tile) continue;
        const std::vector<int>& cells = town.merging[as].items;
        size_t start = drawn && !cells.empty() ? draw() % cells.size() : 0;
        for (size_t i = 0; i < cells.size() && weighed < MOST_WEIGHED; i++) {
            int cell = cells[(start + i) % cells.size()];
            // A star becomes the highest level that merges there.
            if (tile == 0 && star_level(cell) != as) continue;
            weighed++;
            long long points = weigh(cell, as);
            if (drawn) return {cell, points};
            if (points > best.points) best = {cell, points};
        }
    }
    return best;
}

int empty_beside(int cell) {
    int around[4], count = neighbours(cell, around), open = 0;
    for (int i = 0; i < count; i++) open += town.level[around[i]] == EMPTY;
    return open;
}

// Where a tile of `tile` that merges nowhere goes: beside a lone tile of
// its level, a pair with room around it for the tile that merges it; else
// where it has room to become one (an L9 where it takes the least room),
// and takes no other level's merge.
int resting_place(int tile, size_t next) {
    int best = -1, room = 0;
    bool packed = tile == TOP;
    if (policy.pack > 0) {
        packed = true;
        // Pack 1: only when no tile of its level comes soon.
        for (size_t i = next + 1; policy.pack == 1 && i < sequence.size() && i <= next + HORIZON; i++)
            packed &= sequence[i] != tile;
    }
    size_t weighed = 0;
    bool drawn = by_chance(policy.chance);
    if (tile < TOP) {
        const std::vector<int>& cells = town.near[tile].items;
        size_t start = drawn && !cells.empty() ? draw() % cells.size() : 0;
        for (size_t i = 0; i < cells.size() && weighed++ < MOST_WEIGHED; i++) {
            int cell = cells[(start + i) % cells.size()];
            int around[4], count = neighbours(cell, around), open = empty_beside(cell);
            for (int j = 0; j < count; j++)
                if (town.level[around[j]] == tile) open += empty_beside(around[j]);
            if (open > room) best = cell, room = open;
        }
    }
    if (best >= 0) return best;
    const std::vector<int>& cells = town.empty.items;
    size_t start = drawn ? draw() % cells.size() : 0;
    weighed = 0;
    for (size_t i = 0; i < cells.size() && weighed++ < MOST_WEIGHED; i++) {
        int cell = cells[(start + i) % cells.size()];
        // An L9 never merges: packed in where there is least room, it
        // leaves the open cells to the tiles that do.
        int open = packed ? 4 - empty_beside(cell) : empty_beside(cell);
        for (int other = 1; other < TOP; other++) open -= 8 * town.merging[other].has(cell);
        if (best < 0 || open > room) best = cell, room = open;
    }
    return best;
}

void say(const char* what, int cell) {
    town.out += what;
    town.out += ' ' + std::to_string(cell / m + 1) + ' ' + std::to_string(cell % m + 1) + '\n';
    town.commands++;
}

// Where a tile of `tile` (0: a star) goes.
int placing(int tile, size_t next) {
    Choice merge = best_merge(tile);
    if (merge.cell >= 0) return merge.cell;
    return resting_place(tile == 0 ? 1 : tile, next);
}

// What a tile of `tile` (0: a star) built at the tile `cell`, bombed first,
// scores, the bomb's cost off.
long long weigh_bombed(int cell, int tile) {
    int bombed = town.level[cell];
    undo.push_back({cell, bombed});
    town.level[cell] = EMPTY;
    // The neighbour counts still see the bombed tile: a star's level is
    // weighed by the regions themselves.
    int as = tile;
    if (tile == 0) {
        as = 1;
        for (int star = TOP - 1; star >= 1 && as == 1; star--) {
            town.level[cell] = star;
            region(cell);
            town.level[cell] = EMPTY;
            if (found.size() >= 3) as = star;
        }
    }
    long long points = build(cell, as, false) - VALUE[bombed] / 2;
    undo_all();
    return points;
}

// Policy 4, for a tile of `tile` that is the `next`th of the sequence: the
// cheapest tile beside a lone tile of its level, which then makes a pair
// that the next such tile merges, when it costs no more than the other
// bomb; that other is a dead tile, one below every level soon to come, the
// lowest of them, as nothing merges with it; else the highest, which keeps
// the tiles that merge (on a map of L8s and L9s, bombing the lowest, an L8,
// throws away the merges that score most).
Choice bomb_dead_or_pairing(int tile, size_t next, int lowest, int highest) {
    int soonest = TOP;
    for (size_t i = next; i < sequence.size() && i <= next + HORIZON; i++) effort++, soonest = std::min(soonest, sequence[i]);
    if (tile == 0) soonest = 1;
    int other = lowest < soonest ? town.tiles[lowest].items.back() : town.tiles[highest].items.back();
    int pair = -1;
    if (tile >= 1 && tile < TOP) {
        size_t scanned = 0;
        for (int from : town.tiles[tile].items) {
            if (scanned++ >= MOST_SCANNED) break;
            effort++;
            if (town.beside[tile][from] > 0) continue;
            int around[4], count = neighbours(from, around);
            for (int i = 0; i < count; i++) {
                int cell = around[i], bombed = town.level[cell];
                // Beside one tile of the level only, so that it makes a pair.
                if (bombed == EMPTY || bombed == tile || town.beside[tile][cell] != 1) continue;
                if (pair < 0 || bombed < town.level[pair]) pair = cell;
            }
        }
    }
    int cell = pair >= 0 && town.level[pair] <= town.level[other] ? pair : other;
    return {cell, weigh_bombed(cell, tile)};
}

// A tile to bomb, as the policy says, when none makes a merge.
Choice bomb_without_merge(int tile, size_t next) {
    int lowest = 1, highest = TOP;
    while (lowest < TOP && town.tiles[lowest].items.empty()) lowest++;
    while (highest > 1 && town.tiles[highest].items.empty()) highest--;
    if (town.tiles[highest].items.empty()) return Choice();
    int high = town.tiles[highest].items.back(), low = town.tiles[lowest].items.back();
    switch (policy.bomb) {
        case 4: return bomb_dead_or_pairing(tile, next, lowest, highest);
        case 1: return {high, weigh_bombed(high, tile)};
        case 2: return {low, weigh_bombed(low, tile)};
        case 3: {
            int level = lowest + static_cast<int>(draw() % (highest - lowest + 1));
            while (town.tiles[level].items.empty()) level--;
            const std::vector<int>& cells = town.tiles[level].items;
            int cell = cells[draw() % cells.size()];
            return {cell, weigh_bombed(cell, tile)};
        }
        default: {
            Choice by_high = {high, weigh_bombed(high, tile)}, by_low = {low, weigh_bombed(low, tile)};
            return by_high.points > by_low.points ? by_high : by_low;
        }
    }
}

// TT4: on a full map, the bomb whose cell then takes a tile of `tile` (0:
// a star) where it merges, for the most points; else as the policy says.
Choice best_bomb(int tile, size_t next) {
    Choice best;
    size_t weighed = 0, scanned = 0;
    bool drawn = by_chance(policy.chance);
    for (int with = TOP - 1; with >= 1 && weighed < MOST_WEIGHED; with--) {
        if (tile != 0 && with != tile) continue;
        for (int from : town.tiles[with].items) {
            if (weighed >= MOST_WEIGHED || scanned++ >= MOST_SCANNED) break;
            effort++;
            int around[4], count = neighbours(from, around);
            for (int i = 0; i < count; i++) {
                int cell = around[i], bombed = town.level[cell];
                // TT2 by the counts, as for an empty cell: the bombed tile
                // is not of the level, so no count holds it.
                if (bombed == with || bombed == EMPTY || !merges_at(cell, with)) continue;
                weighed++;
                long long points = weigh_bombed(cell, tile);
                bool merged = points + VALUE[bombed] / 2 > VALUE[tile == 0 ? 1 : tile];
                // Drawn: each that merges may replace the one kept.
                bool better = drawn ? draw() % 2 == 0 : points > best.points;
                if (merged && (best.cell < 0 || better)) best = {cell, points};
            }
        }
    }
    // A merge that costs a high tile may score less than a cheap bomb
    // without one (an L1 merged by bombing an L3 loses 26, built on a
    // bombed L1 gains 2): the better of the two. Not for a star, whose
    // merges on a small map of stars alone pay later what they cost now.
    if (best.cell >= 0 && tile == 0) return best;
    Choice without = bomb_without_merge(tile, next);
    return best.cell >= 0 && (without.cell < 0 || best.points >= without.points) ? best : without;
}

// Makes room on a full map for a tile of `tile` (0: a star) that is the
// `next`th of the sequence: a bomb that gains, or that loses less than the
// tiles soon to come gain, each built where a bomb of the lowest tile made
// room. Whether there is room.
bool room(int tile, size_t next) {
    if (!town.empty.items.empty()) return true;
    if (town.bombs == 0 || town.commands + 2 > MOST_COMMANDS) return false;
    Choice bomb = best_bomb(tile, next);
    if (bomb.cell < 0) return false;
    long long ahead = bomb.points;
    int lowest = 1;
    while (lowest < TOP && town.tiles[lowest].items.empty()) lowest++;
    for (size_t i = next + 1; i < sequence.size() && i <= next + HORIZON; i++)
        ahead += std::max(0LL, VALUE[sequence[i]] - VALUE[std::min(lowest, sequence[i])] / 2);
    if (!policy.eager && (tile == 0 ? bomb.points <= 0 : ahead <= 0)) return false;
    say("BOMBER", bomb.cell);
    town.bombs--;
    town.score -= VALUE[town.level[bomb.cell]] / 2;
    set_cell(bomb.cell, EMPTY);
    return true;
}

void star(size_t next) {
    int cell = placing(0, next);
    say("STAR", cell);
    town.stars--;
    town.score += build(cell, star_level(cell), true);
}

// Whether a star goes before the `left` tiles still to build.
bool star_now(int tile, long long left) {
    if (town.stars == 0 || town.empty.items.empty()) return false;
    // Room for this tile and the rest, a bomb before each, and END.
    if (town.commands + 1 + 2 * left > MOST_COMMANDS) return false;
    // A nearly full map that this tile cannot merge on takes a star that
    // makes room now. Stars for every tile left need not wait, but in the
    // play that keeps them all for the end. Weighed only when wanted: the
    // weighing is most of a play's work.
    bool full = town.empty.items.size() <= 2, plenty = town.stars > left;
    bool drawn = policy.stars == 3 && by_chance(10);
    if (!full && (policy.stars == 0 || (policy.stars == 3 && !plenty && !drawn))) return false;
    Choice merge = best_merge(0);
    if (merge.cell < 0) return false;
    if (full && best_merge(tile).cell < 0) return true;
    switch (policy.stars) {
        case 1: return plenty || merge.points >= VALUE[3];
        case 2: return true;
        case 3: return plenty || drawn;
        default: return false;
    }
}

// One play through, from the starting `town`: its score.
long long play() {
    long long k = static_cast<long long>(sequence.size());
    for (long long built = 0; built < k; built++) {
        int tile = sequence[built];
        if (star_now(tile, k - built)) star(built);
        if (!room(tile, built) || town.commands + 1 > MOST_COMMANDS) break;
        int cell = placing(tile, built);
        say("PUT", cell);
        town.score += build(cell, tile, true);
    }
    // TT5: stars may be used once the sequence is, each at least an L1.
    while (town.stars > 0 && town.commands + 1 <= MOST_COMMANDS && room(0, sequence.size())) star(sequence.size());
    town.out += "END\n";
    return town.score;
}

// Reads the next integer of standard input, however the lines run.
bool read_integer(long long& value) {
    int ch = getchar();
    while (ch != EOF && ch != '-' && (ch < '0' || ch > '9')) ch = getchar();
    if (ch == EOF) return false;
    bool negative = ch == '-';
    if (negative) ch = getchar();
    value = 0;
    for (; ch >= '0' && ch <= '9'; ch = getchar()) value = value * 10 + (ch - '0');
    if (negative) value = -value;
    return true;
}

}  // namespace

int main() {
    long long test, rows, cols, stars, bombs, k;
    if (!read_integer(test) || !read_integer(rows) || !read_integer(cols)) return 1;
    if (!read_integer(stars) || !read_integer(bombs)) return 1;
    n = static_cast<int>(rows), m = static_cast<int>(cols);
    int cells = n * m;
    town.level.assign(cells, EMPTY);
    seen.assign(cells, 0);
    for (int tile = 0; tile <= TOP; tile++) {
        town.beside[tile].assign(cells, 0);
        town.merging[tile].reset(cells), town.near[tile].reset(cells), town.tiles[tile].reset(cells);
    }
    town.empty.reset(cells);
    for (int cell = 0; cell < cells; cell++) town.empty.add(cell);
    // TT6: the map is taken as it is, regions of 3 or more included.
    for (int cell = 0; cell < cells;) {
        int ch = getchar();
        if (ch == EOF) return 1;
        if (ch == '.') cell++;
        else if (ch >= '1' && ch <= '9') set_cell(cell++, ch - '0');
    }
    if (!read_integer(k)) return 1;
    sequence.resize(k);
    for (long long i = 0; i < k; i++) {
        long long tile;
        if (!read_integer(tile)) return 1;
        sequence[i] = static_cast<int>(tile);
    }
    town.stars = stars, town.bombs = bombs;

    const Town start = town;
    std::string best;
    long long best_score = 0, last = 0;
    // Another play while the work done and that of one more like the last,
    // its steps and the map copied to start it, stay within the budget.
    for (int play_number = 0; play_number < MOST_PLAYS && effort + last <= WORK; play_number++) {
        // The first 32 plays are each way of using stars and bombs, and
        // leave nothing to chance; those after them draw. A long game has
        // room for a few plays: first those that did best on long games
        // (a star on a merge now and then, a bomb whenever the map is full).
        const int ORDER[32] = {1,  7,  5,  0,  2,  3,  4,  6,  8,  9,  10, 11, 12, 13, 14, 15,
                               16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
        // Play 0 is the first of them with bombs as policy 4 says, dead
        // tiles first, the best on long games of high tiles; then the 32.
        // Play 33 is the first again with tiles that no tile to come merges
        // packed in (`pack`); then those that draw.
        // Play 34 packs in every tile that merges nowhere.
        int q = play_number <= 32 ? std::max(0, play_number - 1) : play_number <= 34 ? 0 : play_number - 3;
        int p = q < 32 ? ORDER[q] : q;
        int chance = p < 32 ? 0 : (p % 3 == 0 ? 10 : p % 3 == 1 ? 25 : 50);
        policy = {p % 4, (p / 4 + p) % 4, (p / 16 + p) % 2 == 1, chance, 0x9E3779B97F4A7C15ULL * (p + 1), 0};
        if (play_number == 0) policy.bomb = 4;
        policy.pack = play_number == 33 ? 1 : play_number == 34 ? 2 : 0;
        if (play_number > 0) town = start;
        long long before = effort;
        long long score = play();
        last = effort - before + cells;
        if (best.empty() || score > best_score) best.swap(town.out), best_score = score;
    }
    fwrite(best.data(), 1, best.size(), stdout);
    return 0;
}
