// Exact backtracking for edge-matching puzzles.
//
// Cells are filled in a given order (row by row, border first, spiral, corner filling: the
// Python side builds the order) or, with first_fail, always at the empty cell with the fewest
// usable placements. At each cell one CandidateIndex lookup, keyed by the colours its placed
// neighbours and the rim require, yields the placements; a used-piece flag array skips pieces
// already on the board. Fixed cells (clues) are placed before the search starts.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "common/limits.hpp"
#include "common/result.hpp"
#include "common/stats.hpp"
#include "edgematch/candidates.hpp"
#include "edgematch/puzzle.hpp"

namespace cassetete::edgematch {

struct Placement {
    int cell, piece, rot;
};

// Called with each solution found (piece and rotation per cell, row-major); return false to
// stop the search there (the result is then not complete).
using SolutionCallback = std::function<bool(const std::vector<int>& piece, const std::vector<int>& rot)>;

struct SearchOptions {
    std::vector<int> order;          // a permutation of all cells; fixed cells are skipped
    std::vector<Placement> fixed;    // clue placements
    bool first_fail = false;
    bool count = false;              // count all solutions (else stop at the first)
    uint64_t limit = 0;              // with count: stop after this many (0 = no limit)
    bool shuffle = false;            // seeded random order inside candidate lists
    // Pair counts (Béhague, "Résolution de puzzles dépourvus d'indice graphique" (2024),
    // section 6.2): keep, for every pair of known faces, how many unused pieces show it, and
    // cut a placement that leaves an empty neighbour with no unused piece for its known faces.
    // Static orders, dense candidate tables.
    bool pair_pruning = false;
    uint64_t seed = 0;
    const SolutionCallback* on_solution = nullptr;  // with count: sees every solution (not owned)
};

// A board: piece and rotation per cell (piece -1 on a cell left empty).
struct Board {
    std::vector<int> piece, rot;
};

// The common result (cpp/common/result.hpp): `solutions` holds the first solution found, if any.
using ExactResult = SearchResult<Board>;

// Checks options against the puzzle (throws std::invalid_argument naming the problem).
void validate_options(const Puzzle& pz, const SearchOptions& opt);

ExactResult backtrack(const Puzzle& pz, const SearchOptions& opt, SearchControl& control);

// All consistent partial boards after placing the first `depth` free cells of the order:
// each is the list of its placements (fixed ones included). Counting every subproblem and
// adding up gives the puzzle's count.
std::vector<std::vector<Placement>> split(const Puzzle& pz, const SearchOptions& opt, int depth);

}  // namespace cassetete::edgematch
