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
#include "common/exact_frame.hpp"
#include "shikaku/candidates.hpp"

namespace cassetete {
namespace shikaku {

// The entry points are the frame's (cpp/common/exact_frame.hpp): Exact::solve, solve_below and
// split. A solution is one rect per clue, in clue order; a prefix lists the candidates chosen, in
// order, by the branching of the search (index in `cand.rects`).
using Exact = ExactSearch<Candidates, std::vector<Rect>>;
using ExactResult = Exact::Result;
using SolutionCallback = Exact::Callback;

}  // namespace shikaku

extern template struct ExactSearch<shikaku::Candidates, std::vector<shikaku::Rect>>;  // in exact.cpp

}  // namespace cassetete
