// The checkerboard brute force of Schaus and Deville, "Hybridation de la programmation par
// contraintes et d'un voisinage à très grande taille pour Eternity II", section 5: colour the
// board like a chessboard; the cells of one colour ("black") are pairwise non-adjacent, and so
// are the "white" ones. Once every black cell holds a piece, every white cell has all its
// neighbours known and the white cells are filled by a bipartite matching of the remaining
// pieces to them (a piece fits a cell when one of its turns shows exactly the colours the
// neighbours and the rim ask for). So only the black placements are enumerated:
// (n^2)! / (n^2/2)! * 4^(n^2/2) boards instead of (n^2)! * 4^(n^2).
//
// Exact version: a partial black assignment is cut as soon as the white cells cannot all be
// matched to distinct unused pieces, each compatible with the neighbours placed so far (the
// matching's bound: the best completion of that node cannot reach the full score). The
// matching is kept from node to node (a placement only removes edges, an undo only adds them)
// and repaired by augmenting paths. At a leaf every perfect matching of the white cells is a
// solution; counting enumerates them.
#pragma once
#include <cstdint>
#include <vector>

#include "common/limits.hpp"
#include "common/stats.hpp"
#include "edgematch/backtrack.hpp"
#include "edgematch/puzzle.hpp"

namespace cassetete::edgematch {

struct CheckerboardOptions {
    std::vector<Placement> fixed;  // clue placements
    bool count = false;            // count every solution (else stop at the first)
    uint64_t limit = 0;            // with count: stop after this many (0 = no limit)
    int parity = 0;                // the searched ("black") cells are those with (row + col) % 2 == parity
    std::vector<int> order;        // the order of the searched cells (a permutation of all cells; empty = row order)
};

// The common result; stats: nodes = black placements; counters leaves, matching_cuts, ...
using CheckerboardResult = ExactResult;

CheckerboardResult checkerboard_search(const Puzzle& pz, const CheckerboardOptions& opt, SearchControl& control);

}  // namespace cassetete::edgematch
