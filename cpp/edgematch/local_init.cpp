#include "edgematch/local_init.hpp"

#include <cstdint>
#include <string>

#include "edgematch/candidates.hpp"
#include "edgematch/vlns.hpp"

namespace cassetete::edgematch {

namespace {

int random_rot(const LocalPuzzle& lp, int p, int cell, Rng& rng) {
    const uint8_t allowed = lp.allowed(p, cell);
    int choice = 0, seen = 0;
    for (int r = 0; r < 4; ++r)
        if ((allowed >> r & 1) && rng.below(static_cast<uint64_t>(++seen)) == 0) choice = r;
    return choice;
}

// Puts the clues, then every piece not on the board on a random empty cell of its class.
void complete_at_random(const LocalPuzzle& lp, std::vector<int>& piece, std::vector<int>& rot, Rng& rng) {
    std::vector<char> used(lp.n, 0);
    for (int cell = 0; cell < lp.n; ++cell) {
        if (lp.fixed_piece[cell] >= 0) {
            piece[cell] = lp.fixed_piece[cell];
            rot[cell] = lp.fixed_rot[cell];
        }
        if (piece[cell] >= 0) used[piece[cell]] = 1;
    }
    for (int k = 0; k < 5; ++k) {
        std::vector<int> spare;
        for (int p = 0; p < lp.n; ++p)
            if (!used[p] && lp.pcls[p] == k) spare.push_back(p);
        rng.shuffle(spare.begin(), spare.end());
        size_t next = 0;
        for (int cell : lp.movable[k])
            if (piece[cell] < 0) {
                int p = spare[next++];
                piece[cell] = p;
                rot[cell] = random_rot(lp, p, cell, rng);
            }
    }
}

// Refills each class's part of `cells` (pairwise non-adjacent) optimally.
int refill(const LocalPuzzle& lp, LocalBoard& b, const std::vector<int>& cells, Rng& rng) {
    Neighbourhood hood(lp);
    std::vector<std::pair<int, int>> moved;
    for (int k = 0; k < 5; ++k) {
        std::vector<int> S;
        for (int cell : cells)
            if (lp.cls[cell] == k && lp.fixed_piece[cell] < 0) S.push_back(cell);
        if (!S.empty()) hood.apply(b, S, rng, nullptr, 0, moved);
    }
    return b.score;
}

}  // namespace

InitResult random_init(const LocalPuzzle& lp, Rng& rng) {
    InitResult out;
    out.piece.assign(lp.n, -1);
    out.rot.assign(lp.n, 0);
    complete_at_random(lp, out.piece, out.rot, rng);
    return out;
}

InitResult checkerboard_init(const LocalPuzzle& lp, Rng& rng) {
    InitResult out = random_init(lp, rng);
    LocalBoard b(lp);
    b.assign(out.piece, out.rot);
    std::vector<int> colour[2];
    for (int cell = 0; cell < lp.n; ++cell) colour[(cell / lp.cols + cell % lp.cols) & 1].push_back(cell);
    // Section 5: with one colour of the checkerboard in place, the other colour is filled
    // optimally by one assignment; alternate while it helps.
    int last = -1;
    for (int round = 0; round < 50 && b.score > last; ++round) {
        last = b.score;
        refill(lp, b, colour[round & 1], rng);
        refill(lp, b, colour[(round + 1) & 1], rng);
    }
    out.piece = b.piece;
    out.rot = b.rot;
    return out;
}

InitResult cp_init(const LocalPuzzle& lp, int relax, Rng& rng, SearchControl& control, bool first_fail) {
    InitResult out;
    const int n = lp.n;
    // Relaxed positions: random, pairwise non-adjacent, free.
    std::vector<int> pool;
    for (int cell = 0; cell < n; ++cell)
        if (lp.fixed_piece[cell] < 0) pool.push_back(cell);
    rng.shuffle(pool.begin(), pool.end());
    std::vector<char> relaxed(n, 0);
    std::vector<int> relaxed_cells;
    for (int cell : pool) {
        if (static_cast<int>(relaxed_cells.size()) >= relax) break;
        bool ok = true;
        for (int s = 0; s < 4; ++s) ok = ok && (lp.nb[cell][s] < 0 || !relaxed[lp.nb[cell][s]]);
        if (!ok) continue;
        relaxed[cell] = 1;
        relaxed_cells.push_back(cell);
    }
    std::vector<int> order;
    for (int cell = 0; cell < n; ++cell)
        if (lp.fixed_piece[cell] < 0 && !relaxed[cell]) order.push_back(cell);
    out.cells = static_cast<int>(order.size());

    CandidateIndex idx(lp.pz, true, rng.next());
    std::vector<int> piece(n, -1), rot(n, 0);
    std::vector<char> used(n, 0);
    for (int cell = 0; cell < n; ++cell)
        if (lp.fixed_piece[cell] >= 0) {
            piece[cell] = lp.fixed_piece[cell];
            rot[cell] = lp.fixed_rot[cell];
            used[piece[cell]] = 1;
        }
    std::vector<int> deep_piece = piece, deep_rot = rot;
    int deepest = 0;
    const uint64_t nodes0 = control.nodes();
    bool stop = false;

    // The placements that fit a cell's rim sides and placed neighbours; `known` = it has any.
    auto candidates_at = [&](int cell, bool* known) {
        unsigned mask = 0;
        int need[4] = {0, 0, 0, 0};
        for (int s = 0; s < 4; ++s) {
            const int y = lp.nb[cell][s];
            if (y < 0) {
                mask |= 1u << s;
            } else if (piece[y] >= 0) {
                mask |= 1u << s;
                need[s] = lp.pz.compl_[lp.edge[piece[y]][rot[y] * 4 + ((s + 2) & 3)]];
            }
        }
        if (known) *known = mask != 0;
        return idx.lookup(mask, idx.key_of(mask, need));
    };

    // One placement (entry = piece << 2 | rot) as the d-th of the search, remembering the
    // deepest board; and its undoing. Shared by both searches below.
    auto place = [&](int cell, uint32_t entry, int d) {
        const int p = static_cast<int>(entry >> 2);
        piece[cell] = p;
        rot[cell] = static_cast<int>(entry & 3);
        used[p] = 1;
        if (d + 1 > deepest) {
            deepest = d + 1;
            deep_piece = piece;
            deep_rot = rot;
        }
    };
    auto lift = [&](int cell) {
        used[piece[cell]] = 0;
        piece[cell] = -1;
    };

    // Plain recursion: depth <= cells, one candidate lookup per node.
    auto row_order = [&](auto&& self, int d) -> bool {
        if (d == static_cast<int>(order.size())) return true;
        const int cell = order[d];
        const auto range = candidates_at(cell, nullptr);
        for (const uint32_t* it = range.begin; it != range.end; ++it) {
            if (used[*it >> 2]) continue;
            if (control.tick()) {
                stop = true;
                return false;
            }
            place(cell, *it, d);
            if (self(self, d + 1)) return true;
            lift(cell);
            if (stop) return false;
        }
        return false;
    };

    // First fail with forward checking (the CP model of Schaus and Deville, section 5, searched with
    // Gecode): the open cell with the fewest unused placements goes next, and a node fails as
    // soon as an open cell has none. Cells with no known side (no placed neighbour, not on the
    // rim) are not counted. range_of[cell] caches the cell's candidate list; it changes only
    // when a neighbour is placed or lifted.
    std::vector<CandidateIndex::Range> range_of(n, CandidateIndex::Range{nullptr, nullptr});
    std::vector<char> known(n, 0), open(n, 0);
    for (int cell : order) open[cell] = 1;
    auto refresh = [&](int cell) {
        bool k = false;
        range_of[cell] = candidates_at(cell, &k);
        known[cell] = k;
    };
    auto refresh_around = [&](int cell) {
        for (int s = 0; s < 4; ++s) {
            const int y = lp.nb[cell][s];
            if (y >= 0 && open[y]) refresh(y);
        }
    };
    if (first_fail)
        for (int cell : order) refresh(cell);
    auto fewest_first = [&](auto&& self, int d) -> bool {
        if (d == static_cast<int>(order.size())) return true;
        int cell = -1;
        size_t best = SIZE_MAX;
        for (int c : order) {
            if (!open[c] || !known[c]) continue;
            size_t count = 0;
            for (const uint32_t* it = range_of[c].begin; it != range_of[c].end && count < best; ++it)
                count += !used[*it >> 2];
            if (count < best) {
                if (count == 0) return false;
                best = count;
                cell = c;
            }
        }
        if (cell < 0)
            for (int c : order)
                if (open[c]) {
                    cell = c;
                    break;
                }
        const CandidateIndex::Range range = range_of[cell];
        open[cell] = 0;
        bool found = false;
        for (const uint32_t* it = range.begin; it != range.end; ++it) {
            if (used[*it >> 2]) continue;
            if (control.tick()) {
                stop = true;
                break;
            }
            place(cell, *it, d);
            refresh_around(cell);
            if (self(self, d + 1)) {
                found = true;
                break;
            }
            lift(cell);
            refresh_around(cell);
            if (stop) break;
        }
        if (!found) open[cell] = 1;
        return found;
    };
    out.solved = first_fail ? fewest_first(fewest_first, 0) : row_order(row_order, 0);
    out.depth = deepest;
    out.nodes = control.nodes() - nodes0;
    if (out.solved) {
        deep_piece = piece;
        deep_rot = rot;
    }
    complete_at_random(lp, deep_piece, deep_rot, rng);
    LocalBoard b(lp);
    b.assign(deep_piece, deep_rot);
    refill(lp, b, relaxed_cells, rng);  // section 5: relaxed positions filled optimally
    out.piece = b.piece;
    out.rot = b.rot;
    return out;
}

std::string check_board(const LocalPuzzle& lp, const std::vector<int>& piece, const std::vector<int>& rot) {
    if (static_cast<int>(piece.size()) != lp.n || static_cast<int>(rot.size()) != lp.n)
        return "the board has the wrong size";
    std::vector<char> seen(lp.n, 0);
    for (int cell = 0; cell < lp.n; ++cell) {
        const int p = piece[cell], r = rot[cell];
        const std::string where = "cell (" + std::to_string(cell / lp.cols) + ", " + std::to_string(cell % lp.cols) + ")";
        if (p < 0 || p >= lp.n) return where + " holds no valid piece";
        if (seen[p]) return "piece " + std::to_string(p) + " is placed twice";
        seen[p] = 1;
        if (r < 0 || r > 3) return where + " has rotation " + std::to_string(r);
        if (lp.fixed_piece[cell] >= 0) {
            const int fp = lp.fixed_piece[cell], fr = lp.fixed_rot[cell];
            bool same = p == fp;
            for (int s = 0; s < 4 && same; ++s) same = lp.edge[p][r * 4 + s] == lp.edge[fp][fr * 4 + s];
            if (!same) return where + " does not hold its clue";
            continue;
        }
        if (lp.pcls[p] != lp.cls[cell]) return where + ": piece " + std::to_string(p) + " is of another class";
        if (!(lp.allowed(p, cell) >> r & 1))
            return where + ": piece " + std::to_string(p) + " is turned so that its frame edges miss the rim";
    }
    return {};
}

}  // namespace cassetete::edgematch
