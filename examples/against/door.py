# Magic Door (ICPC 2025 Seoul Regional) as a multi-test contest solution, in
# the batch form m3diff's `--batch N` feeds a program:
#
#   input:  a line with T, then T instances one after another, each in the
#           statement's format (`m n`, m rows of n numbers, `r1 c1 r2 c2`);
#   output: for each instance, on a line of its own, the number of gems that
#           vanish (MD7). With the argument --per-operation, each answer is
#           preceded by one line per operation: here the one swap's total.
#
#   python3 examples/against/door.py [--per-operation] < batch.in
#
# Rule IDs (MD1 ... MD7) are those of docs/RULES.md.
import sys

VIBRANIUM, BOMB, EMPTY = -1, 0, -2


def fall(grid, armed, rows, cols):
    """MD5: everything, vibranium included, falls to the bottom of its column
    in order; a bomb that falls at least one cell is armed and stays armed."""
    for c in range(cols):
        bottom = rows - 1
        for r in range(rows - 1, -1, -1):
            src = r * cols + c
            gem = grid[src]
            if gem == EMPTY:
                continue
            if bottom != r:
                dst = bottom * cols + c
                grid[dst] = gem
                armed[dst] = armed[src] or gem == BOMB
                grid[src] = EMPTY
                armed[src] = False
            bottom -= 1


def clear_groups(grid, rows, cols):
    """MD2, MD3: every regular gem in a line of 3 or more of one kind, across
    or down, vanishes at once; a gem in two groups is counted once."""
    marked = set()
    for r in range(rows):
        base = r * cols
        for c in range(cols):
            at = base + c
            gem = grid[at]
            if gem < 1:  # only regular gems (1..9) form groups
                continue
            if c + 2 < cols and grid[at + 1] == gem and grid[at + 2] == gem:
                marked.update((at, at + 1, at + 2))
            if r + 2 < rows and grid[at + cols] == gem and grid[at + 2 * cols] == gem:
                marked.update((at, at + cols, at + 2 * cols))
    for at in marked:
        grid[at] = EMPTY
    return len(marked)


def explode(grid, armed, rows, cols):
    """MD4: every armed bomb explodes at once. Its four beams, traced on the
    grid as it stands before the explosion, run to the edge or stop before
    the first vibranium; they take every regular gem and bomb they cross (an
    unarmed bomb just vanishes). Returns -1 when no bomb is armed."""
    bombs = [at for at in range(rows * cols) if armed[at] and grid[at] == BOMB]
    if not bombs:
        return -1
    hit = set(bombs)
    for at in bombs:
        r, c = divmod(at, cols)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            y, x = r + dr, c + dc
            while 0 <= y < rows and 0 <= x < cols and grid[y * cols + x] != VIBRANIUM:
                hit.add(y * cols + x)
                y += dr
                x += dc
    vanished = 0
    for at in hit:
        if grid[at] >= BOMB:  # a regular gem or a bomb, not an empty cell
            grid[at] = EMPTY
            armed[at] = False
            vanished += 1
    return vanished


def solve_case(tokens, i):
    """One case read from tokens[i:]: the gems vanished (MD7) and where the
    next case starts."""
    rows, cols = int(tokens[i]), int(tokens[i + 1])
    i += 2
    grid = list(map(int, tokens[i:i + rows * cols]))
    i += rows * cols
    armed = [False] * (rows * cols)
    r1, c1, r2, c2 = map(int, tokens[i:i + 4])
    i += 4
    # MD1: two distinct regular gems, 1-based, not necessarily neighbours.
    a, b = (r1 - 1) * cols + (c1 - 1), (r2 - 1) * cols + (c2 - 1)
    grid[a], grid[b] = grid[b], grid[a]
    vanished = 0
    while True:
        # MD3: Stage 1 while a group is left.
        while True:
            cleared = clear_groups(grid, rows, cols)
            if cleared == 0:
                break
            vanished += cleared
            fall(grid, armed, rows, cols)
        # MD4: Stage 2; MD6: done when no bomb is armed either.
        exploded = explode(grid, armed, rows, cols)
        if exploded < 0:
            break
        vanished += exploded
        fall(grid, armed, rows, cols)
    return vanished, i


def main():
    per_operation = "--per-operation" in sys.argv[1:]
    tokens = sys.stdin.buffer.read().split()
    cases = int(tokens[0])
    i = 1
    out = []
    for _ in range(cases):
        vanished, i = solve_case(tokens, i)
        if per_operation:
            out.append(vanished)  # the swap, the one operation
        out.append(vanished)
    sys.stdout.write("".join(f"{v}\n" for v in out))


main()
