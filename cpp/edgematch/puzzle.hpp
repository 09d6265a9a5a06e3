// Edge-matching puzzle core data: pieces as 4 internal colour ids (N, E, S, W), the complement
// table that says which colour a neighbour must show, and the scoring of a full board.
//
// Colours are compact ids 0..C-1 chosen by the Python model; id 0 is always the frame (grey /
// flat border). `compl[c]` is the colour that must face colour c across a join: the identity
// for "equal" matching (Eternity II, Tetravex), the id of -label for "opposite" matching
// (monochrome jigsaw). Rotation r turns a piece r quarter turns clockwise:
// rotated[side] = listed[(side - r) mod 4].
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace cassetete::edgematch {

enum Side : int { N = 0, E = 1, S = 2, W = 3 };

struct Puzzle {
    int rows = 0;
    int cols = 0;
    int colors = 1;                          // C: ids 0..C-1
    std::vector<std::array<int, 4>> pieces;  // listed edges, N E S W
    std::vector<int> compl_;                 // size C, an involution with compl_[0] == 0

    int cells() const { return rows * cols; }
    int size() const { return static_cast<int>(pieces.size()); }

    int edge(int piece, int rot, int side) const { return pieces[piece][(side - rot + 4) & 3]; }

    // Throws std::invalid_argument naming the first problem found.
    void validate() const {
        if (rows <= 0 || cols <= 0) throw std::invalid_argument("board size must be positive");
        if (size() != cells())
            throw std::invalid_argument("the puzzle has " + std::to_string(size()) + " pieces for " +
                                        std::to_string(cells()) + " cells");
        if (colors > 65535) throw std::invalid_argument("more than 65535 colours");
        if (colors < 1 || static_cast<int>(compl_.size()) != colors)
            throw std::invalid_argument("complement table size differs from the colour count");
        for (int c = 0; c < colors; ++c) {
            int d = compl_[c];
            if (d < 0 || d >= colors || compl_[d] != c)
                throw std::invalid_argument("complement table is not an involution at colour " +
                                            std::to_string(c));
        }
        if (compl_[0] != 0) throw std::invalid_argument("the frame colour must face itself");
        for (int p = 0; p < size(); ++p)
            for (int s = 0; s < 4; ++s)
                if (pieces[p][s] < 0 || pieces[p][s] >= colors)
                    throw std::invalid_argument("piece " + std::to_string(p) + " has colour id " +
                                                std::to_string(pieces[p][s]) + " out of range");
    }
};

// Calls visit(piece, rot) for every distinct placement, in piece then turn order: a turn of a
// symmetric piece that shows the same edges as an earlier turn is skipped.
template <class Visit>
void for_each_distinct_placement(const Puzzle& pz, Visit&& visit) {
    for (int p = 0; p < pz.size(); ++p)
        for (int r = 0; r < 4; ++r) {
            bool repeat = false;
            for (int q = 0; q < r && !repeat; ++q) {
                bool same = true;
                for (int s = 0; s < 4; ++s) same = same && pz.edge(p, r, s) == pz.edge(p, q, s);
                repeat = same;
            }
            if (!repeat) visit(p, r);
        }
}

// Matched inner joins of a full board (piece[cell], rot[cell]); total = 2rc - r - c.
// Frame edges are not counted. Entries with piece < 0 (empty cells) match nothing.
inline int score(const Puzzle& pz, const int* piece, const int* rot) {
    int matched = 0;
    for (int r = 0; r < pz.rows; ++r) {
        for (int c = 0; c < pz.cols; ++c) {
            int cell = r * pz.cols + c;
            if (piece[cell] < 0) continue;
            if (c + 1 < pz.cols && piece[cell + 1] >= 0) {
                int a = pz.edge(piece[cell], rot[cell], E);
                int b = pz.edge(piece[cell + 1], rot[cell + 1], W);
                matched += (a != 0 && pz.compl_[a] == b);
            }
            if (r + 1 < pz.rows && piece[cell + pz.cols] >= 0) {
                int a = pz.edge(piece[cell], rot[cell], S);
                int b = pz.edge(piece[cell + pz.cols], rot[cell + pz.cols], N);
                matched += (a != 0 && pz.compl_[a] == b);
            }
        }
    }
    return matched;
}

}  // namespace cassetete::edgematch
