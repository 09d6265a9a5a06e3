// The constraint model of Schaus and Deville, "Hybridation de la programmation par contraintes
// et d'un voisinage à très grande taille pour Eternity II", section 2, as a propagating search.
//
// Variables: for every cell an IO variable, the set of (piece, turn) placements it may still
// take (a bitset over the distinct placements), and four colour variables U, R, D, L (bitsets
// over colour ids, at most 64). Constraints:
//   - element: colour variable s of a cell = the side-s colour of its IO value, both ways
//     (colours nobody in the IO domain shows are removed; IO values whose side shows a removed
//     colour are removed);
//   - colour equality on every inner join (D[i][j] faces U[i+1][j], R[i][j] faces L[i][j+1],
//     through the complement table for "opposite" matching);
//   - the frame colour exactly on the rim (in the initial domains);
//   - AllDifferent on the pieces, at a chosen strength: "forward" (a cell whose domain holds one
//     piece removes that piece elsewhere), "hall" (also fails as soon as the cells cannot take
//     distinct pieces: a maximum bipartite matching, kept from node to node), "gac" (also
//     removes every (cell, piece) pair that lies in no perfect matching: Régin's filtering with
//     the strongly connected components of the residual graph; this subsumes Hall-interval
//     reasoning on the piece sets).
// Search: binary branching IO = v / IO != v on the IO variable with the smallest domain (first
// fail), ties broken at random, v drawn at random from the domain (seeded), depth first with
// state copying, optional restarts after a Luby sequence of failures.
//
// Relaxed cells (section 5) are not variables: the joins around them are dropped and they stay
// empty; the pieces left over go there afterwards (see relaxed_loop.hpp).
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "common/limits.hpp"
#include "common/stats.hpp"
#include "edgematch/backtrack.hpp"
#include "edgematch/puzzle.hpp"

namespace cassetete::edgematch {

enum class AllDifferent : int { forward = 0, hall = 1, gac = 2 };

struct CpOptions {
    std::vector<Placement> fixed;  // clue placements
    std::vector<int> relaxed;      // relaxed cells: pairwise non-adjacent, not clues
    bool count = false;            // every solution (else stop at the first)
    uint64_t limit = 0;            // with count: stop after this many (0 = no limit)
    bool randomize = true;         // random ties and values (else: first cell, first value)
    uint64_t seed = 0;
    AllDifferent alldifferent = AllDifferent::gac;
    uint64_t restart_base = 0;     // > 0: restart after base * luby(i) failures (not when counting)
};

// The common result (first solution with relaxed cells -1) and the deepest node reached.
struct CpResult : ExactResult {
    std::vector<int> deep_piece, deep_rot;  // the deepest partial assignment seen (-1 = open)
    int depth = 0;                          // cells assigned in the deepest node (clues excluded)
    int cells = 0;                          // cells the search had to assign
};

// Called on every solution (relaxed cells -1); return true to stop the search.
using CpSolutionHook = std::function<bool(const std::vector<int>& piece, const std::vector<int>& rot)>;

CpResult cp_search(const Puzzle& pz, const CpOptions& opt, SearchControl& control,
                   const CpSolutionHook& on_solution = nullptr);

}  // namespace cassetete::edgematch
