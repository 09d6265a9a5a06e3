// Generalised arc consistency for one Sudoku unit (an all-different constraint over N cells
// and N values, so every value is used exactly once: a perfect matching of cells to values).
//
// A value v stays possible in cell x iff the edge (x, v) belongs to some perfect matching of
// the cell/value bipartite graph. With a perfect matching M at hand this holds iff (x, v) is in
// M or x and the cell matched to v lie in the same strongly connected component of the graph
// "x -> y when the value matched to y is a candidate of x" (J.-C. Régin, "A filtering
// algorithm for constraints of difference in CSPs", AAAI 1994; the permutation case, where
// no value is left free). On Sudoku this is every naked and hidden subset (Hall set) of the
// unit at once. Everything is done on 64-bit masks, so N <= 64.
#pragma once
#include <cstdint>

namespace cassetete::sudoku {

// dom[k] is the candidate mask of the unit's k-th open cell (bit v = value v+1), n cells, and
// `values` the values still to place (n of them). Writes into keep[k] the candidates that
// belong to some perfect matching; returns false when there is none (the unit cannot be
// completed). Cells already holding one value are left out by the caller.
bool alldiff_filter(const uint64_t* dom, int n, uint64_t values, uint64_t* keep);

}  // namespace cassetete::sudoku
