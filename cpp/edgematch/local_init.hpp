// Starting boards for the local search (Schaus and Deville, section 5).
//
// random:       each class's free pieces shuffled over its free cells, inner pieces turned at
//               random, frame pieces turned to fit the rim.
// checkerboard: the brute force of section 5 cut down to one sample: pieces placed at random,
//               then each colour of the checkerboard (pairwise non-adjacent cells) refilled
//               optimally by the assignment, alternating while the score grows.
// cp:           depth-first search on the relaxed problem: the joins around `relax` random
//               pairwise non-adjacent cells are dropped (those cells stay empty during the
//               search), the other cells are filled in row order from the candidate tables.
//               When it succeeds the relaxed cells are filled optimally by the assignment;
//               when a limit stops it, the deepest partial board is completed at random.
// cp_first_fail: the same relaxed problem searched with first fail and forward checking (the
//               open cell with the fewest unused placements next), closer to the paper's
//               Gecode model: fewer nodes per solved problem, more work per node.
#pragma once
#include <cstdint>
#include <vector>

#include "common/limits.hpp"
#include "common/rng.hpp"
#include "edgematch/local_board.hpp"

namespace cassetete::edgematch {

struct InitResult {
    std::vector<int> piece, rot;
    bool solved = false;  // cp: the relaxed problem was solved
    int depth = 0;        // cp: cells placed by the search in the deepest node (clues excluded)
    int cells = 0;        // cp: cells the search had to place
    uint64_t nodes = 0;
};

InitResult random_init(const LocalPuzzle& lp, Rng& rng);
InitResult checkerboard_init(const LocalPuzzle& lp, Rng& rng);
InitResult cp_init(const LocalPuzzle& lp, int relax, Rng& rng, SearchControl& control, bool first_fail = false);

// Checks that (piece, rot) is a board the local search accepts: a permutation, clues in place,
// pieces in their class with an allowed rotation. Empty string when fine, else the problem.
std::string check_board(const LocalPuzzle& lp, const std::vector<int>& piece, const std::vector<int>& rot);

}  // namespace cassetete::edgematch
