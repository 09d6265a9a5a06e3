#include "edgematch/local_board.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace cassetete::edgematch {

namespace {
constexpr int kDr[4] = {-1, 0, 1, 0};
constexpr int kDc[4] = {0, 1, 0, -1};
}  // namespace

LocalPuzzle::LocalPuzzle(const Puzzle& puzzle, const std::vector<std::array<int, 3>>& fixed)
    : pz(puzzle), rows(puzzle.rows), cols(puzzle.cols), n(puzzle.cells()) {
    pz.validate();
    nb.resize(n);
    rim.assign(n, 0);
    cls.assign(n, 0);
    deg.assign(n, 0);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            int cell = r * cols + c;
            for (int s = 0; s < 4; ++s) {
                int rr = r + kDr[s], cc = c + kDc[s];
                bool out = rr < 0 || rr >= rows || cc < 0 || cc >= cols;
                nb[cell][s] = out ? -1 : rr * cols + cc;
                if (out) rim[cell] |= 1 << s;
                else ++deg[cell];
            }
            cls[cell] = __builtin_popcount(static_cast<unsigned>(rim[cell]));
        }
    edge.resize(n);
    pcls.assign(n, 0);
    rots.assign(static_cast<size_t>(n) * 16, 0);
    packed.assign(static_cast<size_t>(n) * 4, 0);
    for (int p = 0; p < n; ++p) {
        for (int r = 0; r < 4; ++r)
            for (int s = 0; s < 4; ++s) {
                edge[p][r * 4 + s] = pz.edge(p, r, s);
                packed[p * 4 + r] |= static_cast<uint64_t>(edge[p][r * 4 + s]) << (16 * s);
            }
        for (int s = 0; s < 4; ++s) pcls[p] += pz.pieces[p][s] == 0;
        for (int m = 0; m < 16; ++m)
            for (int r = 0; r < 4; ++r) {
                bool ok = true;
                for (int s = 0; s < 4; ++s) ok = ok && ((edge[p][r * 4 + s] == 0) == ((m >> s) & 1));
                if (ok) rots[p * 16 + m] |= static_cast<uint8_t>(1 << r);
            }
    }
    fixed_piece.assign(n, -1);
    fixed_rot.assign(n, 0);
    std::vector<int> fixed_cell_of(n, -1);
    for (const auto& f : fixed) {
        int cell = f[0], p = f[1], r = f[2];
        if (cell < 0 || cell >= n || p < 0 || p >= n || r < 0 || r > 3)
            throw std::invalid_argument("clue (cell " + std::to_string(cell) + ", piece " + std::to_string(p) +
                                        ", rotation " + std::to_string(r) + ") is out of range");
        if (fixed_piece[cell] >= 0 || fixed_cell_of[p] >= 0)
            throw std::invalid_argument("cell or piece fixed twice (cell " + std::to_string(cell) + ")");
        fixed_piece[cell] = p;
        fixed_rot[cell] = r;
        fixed_cell_of[p] = cell;
    }
    movable.assign(5, {});
    std::vector<int> free_pieces(5, 0), masks_of_class(5, 0);
    for (int cell = 0; cell < n; ++cell)
        if (fixed_piece[cell] < 0) {
            movable[cls[cell]].push_back(cell);
            masks_of_class[cls[cell]] |= 1 << rim[cell];
        }
    for (int p = 0; p < n; ++p) {
        if (fixed_cell_of[p] >= 0) continue;
        if (pcls[p] > 4) continue;
        ++free_pieces[pcls[p]];
        for (int m = 0; m < 16; ++m)
            if ((masks_of_class[pcls[p]] >> m & 1) && !rots[p * 16 + m])
                throw std::invalid_argument("piece " + std::to_string(p) +
                                            " cannot sit on every frame cell of its class (its frame edges "
                                            "do not fit the rim)");
    }
    for (int k = 0; k < 5; ++k)
        if (free_pieces[k] != static_cast<int>(movable[k].size()))
            throw std::invalid_argument(std::to_string(free_pieces[k]) + " free pieces have " + std::to_string(k) +
                                        " frame edges for " + std::to_string(movable[k].size()) +
                                        " free cells with " + std::to_string(k) + " rim sides");
}

LocalBoard::LocalBoard(const LocalPuzzle& puzzle)
    : lp(puzzle), piece(puzzle.n, -1), rot(puzzle.n, 0), good(puzzle.n, 0) {}

void LocalBoard::lift(int cell) {
    const int p = piece[cell];
    if (p < 0) return;
    for (int s = 0; s < 4; ++s) {
        int y = lp.nb[cell][s];
        if (y < 0 || piece[y] < 0) continue;
        if (lp.match(lp.edge[p][rot[cell] * 4 + s], lp.edge[piece[y]][rot[y] * 4 + ((s + 2) & 3)])) {
            --good[y];
            --score;
        }
    }
    good[cell] = 0;
    piece[cell] = -1;
}

void LocalBoard::drop(int cell, int p, int r) {
    piece[cell] = p;
    rot[cell] = r;
    int g = 0;
    for (int s = 0; s < 4; ++s) {
        int y = lp.nb[cell][s];
        if (y < 0 || piece[y] < 0) continue;
        if (lp.match(lp.edge[p][r * 4 + s], lp.edge[piece[y]][rot[y] * 4 + ((s + 2) & 3)])) {
            ++good[y];
            ++g;
        }
    }
    good[cell] = g;
    score += g;
}

int LocalBoard::matches_at(int cell, int p, int r) const {
    int g = 0;
    for (int s = 0; s < 4; ++s) {
        int y = lp.nb[cell][s];
        if (y < 0 || piece[y] < 0) continue;
        g += lp.match(lp.edge[p][r * 4 + s], lp.edge[piece[y]][rot[y] * 4 + ((s + 2) & 3)]);
    }
    return g;
}

int LocalBoard::recount() const { return edgematch::score(lp.pz, piece.data(), rot.data()); }

void LocalBoard::assign(const std::vector<int>& pieces, const std::vector<int>& rots) {
    std::fill(piece.begin(), piece.end(), -1);
    std::fill(good.begin(), good.end(), 0);
    score = 0;
    for (int cell = 0; cell < lp.n; ++cell) drop(cell, pieces[cell], rots[cell]);
}

}  // namespace cassetete::edgematch
