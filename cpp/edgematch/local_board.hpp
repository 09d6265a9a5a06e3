// Board for the local search of Schaus and Deville (sections 3-5): a full placement of
// the pieces with the score (matched inner joins) kept up to date move by move.
//
// Classes: a cell's class is its number of rim sides (corner 2, frame edge 1, inner 0 on a
// board at least 2 x 2), a piece's class its number of frame (colour 0) edges. Pieces only
// move inside their class and a piece on the frame takes the rotation that puts its frame
// edges on the rim (forced); clue cells never move. So the frame is always right and only
// inner joins can be wrong.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "edgematch/puzzle.hpp"

namespace cassetete::edgematch {

// Read-only facts about the puzzle for the local search (built once, shared by threads).
struct LocalPuzzle {
    // Throws std::invalid_argument when the pieces cannot fill the frame classes or a clue is bad.
    LocalPuzzle(const Puzzle& pz, const std::vector<std::array<int, 3>>& fixed);

    const Puzzle& pz;
    int rows, cols, n;
    std::vector<std::array<int, 4>> nb;  // neighbour cell per side, -1 on the rim
    std::vector<int> rim;                // rim mask per cell (bit s = side s on the rim)
    std::vector<int> cls;                // class of a cell (number of rim sides)
    std::vector<int> pcls;               // class of a piece (number of colour-0 edges)
    std::vector<int> fixed_piece;        // per cell: clue piece or -1
    std::vector<int> fixed_rot;
    std::vector<uint8_t> rots;           // per (piece * 16 + rim mask): allowed rotations (bits)
    std::vector<std::array<int, 16>> edge;  // edge[piece][rot * 4 + side]
    // packed[piece * 4 + rot]: the same four colours, 16 bits a side (side s in bits 16s..16s+15),
    // so a piece is compared with the four colours a hole needs in a few word operations.
    // Colour ids stay below 0xFFFF (Puzzle::validate), which is left free to mean "no match".
    std::vector<uint64_t> packed;
    std::vector<std::vector<int>> movable;  // per class 0..4: free cells
    std::vector<int> deg;                // inner joins around a cell

    bool match(int a, int b) const { return a != 0 && pz.compl_[a] == b; }
    uint8_t allowed(int piece, int cell) const { return rots[piece * 16 + rim[cell]]; }
};

class LocalBoard {
public:
    explicit LocalBoard(const LocalPuzzle& lp);

    const LocalPuzzle& lp;
    std::vector<int> piece, rot;  // piece -1 = empty cell (only inside a move)
    std::vector<int> good;        // matched joins around each cell
    int score = 0;

    // Removes a cell's piece (its joins stop counting).
    void lift(int cell);
    // Puts a piece on an empty cell.
    void drop(int cell, int p, int r);
    // Matches piece p turned r would make at `cell` with the pieces now around it.
    int matches_at(int cell, int p, int r) const;
    int violations(int cell) const { return lp.deg[cell] - good[cell]; }
    // Independent full recount (for checks).
    int recount() const;
    // Sets a whole board (piece, rot per cell) and recomputes everything.
    void assign(const std::vector<int>& pieces, const std::vector<int>& rots);
};

}  // namespace cassetete::edgematch
