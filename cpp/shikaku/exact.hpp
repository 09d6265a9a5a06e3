// Exact Shikaku solver: constraint propagation over candidate rectangles, then an exact-cover
// search that branches on the clue with the fewest remaining candidates (MRV).
//
// Propagation rules (each counted in the statistics):
//   forced_clue     a clue with one candidate left takes it;
//   forced_cell     an uncovered cell covered by one candidate left takes it;
//   cell_one_clue   if every candidate left on a cell belongs to clue k, the candidates of k
//                   that miss the cell are removed;
//   intersection    (dominance) the cells common to all candidates left of clue k belong to k,
//                   so the candidates of other clues covering them are removed.
// A cell with no candidate left, or an unfinished clue with none, is a contradiction.
// Cells keep counters only (number of live candidates, sum and sum of squares of their clue
// numbers); candidates overlapping a rectangle are found geometrically through the bounding box
// of each clue's candidates, so no per-cell candidate lists are built.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "common/limits.hpp"
#include "common/stats.hpp"
#include "common/result.hpp"
#include "shikaku/candidates.hpp"

namespace cassetete::shikaku {

// The common result (cpp/common/result.hpp); a solution is one rect per clue, `keep` of them.
using ExactResult = SearchResult<std::vector<Rect>>;

// Called with each solution found (one rect per clue); returning false stops the search
// (a consumer that wants no more), which then counts as incomplete.
using SolutionCallback = std::function<bool(const std::vector<Rect>&)>;

// Finds up to `limit` solutions (limit >= 1) and keeps the first `keep` of them; `on_solution`,
// when given, sees every solution as it is found (streaming).
// status: solved if at least one was found; unsatisfiable if the search space was exhausted
// without one; limit/interrupted otherwise. `complete` is false when a limit cut the search.
ExactResult solve_exact(const Candidates& cand, SearchControl& control, uint64_t limit, uint64_t keep,
                        const SolutionCallback* on_solution = nullptr);

}  // namespace cassetete::shikaku
